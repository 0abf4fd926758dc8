package model

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"net/url"
	"path"
	"strings"
)

// Archive is a package archive (<id>-<version>.zip) that a catalog entry
// lists as its artifact, found beside the entry.
type Archive struct {
	// File is the archive as read: its name, bytes, size and checksum
	// (Root is nil: it is not JSON).
	File *File
	// Package is the package inside, read as a package folder is; nil when
	// the archive is not a zip holding a manifest.json at its top or in
	// its one top folder, and Problem then says why.
	Package *Workspace
	Problem string
}

// EntryNodes returns the catalog entries a document holds: the document
// itself when it is a catalog entry (an object with an artifact and no
// resolution or sheet, so never a ruleset), or the entries of a catalog
// index ({packages: [entries]}); none for any other document.
func EntryNodes(root *Node) []*Node {
	if root == nil || root.Kind != Object || root.Get("resolution") != nil || root.Get("sheet") != nil {
		return nil
	}
	if root.Get("artifact") != nil {
		return []*Node{root}
	}
	var out []*Node
	if pk := root.Get("packages"); pk != nil && pk.Kind == Array {
		for _, e := range pk.Children() {
			if e.Kind == Object && e.Get("artifact") != nil {
				out = append(out, e)
			}
		}
	}
	return out
}

// ArchiveName is the file name of an entry's artifact when it is a package
// archive (its URL's last segment ends in .zip), else "".
func ArchiveName(entry *Node) string {
	a := entry.Get("artifact")
	if a != nil && a.Kind == Object {
		a = a.Get("url")
	}
	if a == nil || a.Kind != String {
		return ""
	}
	u, err := url.Parse(a.Str())
	if err != nil {
		return ""
	}
	base := path.Base(u.Path)
	if !strings.HasSuffix(base, ".zip") || base == ".zip" || strings.ContainsAny(base, `/\`) {
		return ""
	}
	return base
}

// loadArchives reads the package archives the entry file's entries list
// that lie in dir beside it; an archive that is not there is not looked
// for elsewhere, and its absence is no finding (decisions §1).
func (ws *Workspace) loadArchives(fsys fs.FS, dir string) {
	for _, e := range EntryNodes(ws.Entry.Root) {
		name := ArchiveName(e)
		if name == "" || ws.Archives[name] != nil {
			continue
		}
		full := path.Join(dir, name)
		if _, err := ws.confined.stat(fsys, full); err != nil {
			continue
		}
		data, ok := ws.readFile(fsys, full, Packaging)
		if !ok {
			continue
		}
		if ws.Archives == nil {
			ws.Archives = map[string]*Archive{}
		}
		a := &Archive{File: &File{Name: full, Data: data, Bytes: int64(len(data))}}
		a.Package, a.Problem = loadZipPackage(data)
		ws.Archives[name] = a
	}
}

// loadZipPackage reads the package inside a zip archive: the folder holding
// manifest.json, at the archive's top or in its one top folder.
func loadZipPackage(data []byte) (*Workspace, string) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, "it is not a zip archive (" + err.Error() + ")"
	}
	root := "."
	if _, err := fs.Stat(zr, "manifest.json"); err != nil {
		found, _ := fs.Glob(zr, "*/manifest.json")
		if len(found) != 1 {
			return nil, "it holds no manifest.json at its top or in one top folder"
		}
		root = path.Dir(found[0])
	}
	pkg, err := Load(zr, root)
	if err != nil {
		return nil, "its package cannot be read (" + err.Error() + ")"
	}
	return pkg, ""
}
