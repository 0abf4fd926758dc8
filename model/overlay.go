package model

import (
	"bytes"
	"io/fs"
	"path"
	"time"
)

// Overlay is a file system that reads the files named in Files from those
// bytes and every other name from Base. `rulebench fix` reads a workspace
// again with its fixes made in memory this way, before it writes anything.
// Files replaces files that exist in Base: it adds no name to a folder.
//
// A workspace loaded from an Overlay over OSFS is read under the same
// rules as one loaded from OSFS (only regular files, never through a link
// that leads outside the package folder); the names in Files are looked up
// on disk for that, then read from Files.
type Overlay struct {
	Base  fs.FS
	Files map[string][]byte
}

// Open implements fs.FS.
func (o Overlay) Open(name string) (fs.File, error) {
	if data, ok := o.Files[name]; ok {
		return &memFile{Reader: bytes.NewReader(data), info: memInfo{name: path.Base(name), size: int64(len(data))}}, nil
	}
	return o.Base.Open(name)
}

// Stat implements fs.StatFS.
func (o Overlay) Stat(name string) (fs.FileInfo, error) {
	if data, ok := o.Files[name]; ok {
		return memInfo{name: path.Base(name), size: int64(len(data))}, nil
	}
	return fs.Stat(o.Base, name)
}

// ReadDir implements fs.ReadDirFS.
func (o Overlay) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(o.Base, name) }

// memFile is a file of an Overlay, read from memory.
type memFile struct {
	*bytes.Reader
	info memInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// memInfo describes a file of an Overlay: a regular file of its size.
type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
