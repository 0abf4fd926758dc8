package model

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// Finding codes of files that are refused before they are read.
const (
	// CodeNotRegular: a name leads to a named pipe, socket, device or folder where a file is wanted; it is never opened.
	//
	// Why: rulebench reads only regular files: it refuses a named pipe, socket, device or folder
	// before opening it, so that a pipe cannot hang the check and a device is never touched;
	// nothing in such a name is checked.
	//
	// Fix: put a plain file at that name, for example replace a folder named
	// `catalogs/herbs.json` with the catalog file itself.
	CodeNotRegular Code = "not-regular-file"
	// CodeLinkOutside: a symbolic link in the package leads outside the package folder; it is not followed.
	//
	// Why: rulebench reads a package only inside its own folder; a symbolic link that leads out of
	// it names a file that is not part of the package, and following it could read any file on
	// the machine, so the link is refused and what it names is not checked.
	//
	// Fix: copy the file into the package in place of the link, for example
	// `cp ../shared/herbs.json catalogs/herbs.json`.
	CodeLinkOutside Code = "link-outside-package"
)

// ErrNotRegular is the error of a name that leads to something other than a
// regular file: a named pipe, socket, device or folder. Such a name is
// refused before it is opened, so that a named pipe cannot hang rulebench
// and a device is never touched.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is the error of a name that leads, through a symbolic link,
// outside the package folder. The link is not followed.
var ErrOutside = errors.New("a link to a place outside the package folder")

// notRegularError says what a name leads to instead of a regular file.
type notRegularError struct{ kind string }

func (e notRegularError) Error() string { return "not a regular file (" + e.kind + ")" }
func (e notRegularError) Unwrap() error { return ErrNotRegular }

// kindOf names a file mode that is not a regular file's.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a plain file"
}

// checkRegular returns nil for a regular file's mode and a notRegularError
// for any other.
func checkRegular(m fs.FileMode) error {
	if m.IsRegular() {
		return nil
	}
	return notRegularError{kind: kindOf(m)}
}

// OpenRegular opens a file by its operating-system path for reading, only
// when it is a regular file (after following links). It looks before it
// opens, so that a device or named pipe is never opened, and then opens
// without blocking and looks again at what it opened, so that a file swapped
// for a pipe in between is refused too. The error wraps ErrNotRegular for
// anything but a regular file.
func OpenRegular(name string) (*os.File, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	return openStated(name, info)
}

// openStated opens a file whose info was just looked at, only when that
// says it is a regular file (see OpenRegular).
func openStated(name string, info fs.FileInfo) (*os.File, error) {
	if err := checkRegular(info.Mode()); err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return openNonblock(name, func(flag int) (*os.File, error) { return os.OpenFile(name, flag, 0) })
}

// openNonblock opens with open (given the flags), not blocking on a named
// pipe, and refuses what is not a regular file once open.
func openNonblock(name string, open func(flag int) (*os.File, error)) (*os.File, error) {
	f, err := open(os.O_RDONLY | syscall.O_NONBLOCK)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := checkRegular(info.Mode()); err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return f, nil
}

// OSFS reads files by their operating-system path, as given. It opens
// folders and regular files only: anything else (a named pipe, socket or
// device) is refused with ErrNotRegular without being opened.
type OSFS struct{}

// Open implements fs.FS without the fs.ValidPath restriction, so that
// relative and absolute paths work as typed.
func (OSFS) Open(name string) (fs.File, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return os.Open(name)
	}
	return openStated(name, info)
}

// Stat implements fs.StatFS, following links.
func (OSFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(name) }

// ReadDir implements fs.ReadDirFS.
func (OSFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }

// confinement keeps the reads of one workspace inside the folder it was
// given: every name is resolved through its links and must stay in the
// folder, and is then opened through an os.Root of that folder by the path
// it resolved to, so that a link swapped in after the check cannot lead
// out either. An Overlay over OSFS is confined the same way, its own files
// looked up on disk and read from memory. The zero confinement (a file
// system other than OSFS, such as the bundled examples) confines nothing.
type confinement struct {
	// folder gives the folder, absolute and with its links resolved ("" for
	// none), worked out the first time a name is confined: a single file
	// with no saves beside it never needs it. nil confines nothing.
	folder func() string
	// exempt is the PATH the user named, which is read wherever it leads.
	exempt string
}

// confine makes the confinement of a workspace read from fsys in dir.
func confine(fsys fs.FS, dir, exempt string) confinement {
	if o, ok := fsys.(Overlay); ok {
		fsys = o.Base
	}
	if _, ok := fsys.(OSFS); !ok {
		return confinement{}
	}
	folder := sync.OnceValue(func() string {
		abs, err := filepath.Abs(filepath.FromSlash(dir))
		if err != nil {
			return ""
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return ""
		}
		return real
	})
	return confinement{folder: folder, exempt: filepath.Clean(filepath.FromSlash(exempt))}
}

// dir is the folder, absolute and with its links resolved, or "" when
// nothing is confined.
func (c confinement) dir() string {
	if c.folder == nil {
		return ""
	}
	return c.folder()
}

// exempts tells whether name is the PATH the user named.
func (c confinement) exempts(name string) bool {
	return filepath.Clean(filepath.FromSlash(name)) == c.exempt
}

// resolve gives the path of name inside the folder after its links
// (relative to the folder), or ErrOutside when it leads out of it.
func (c confinement) resolve(name string) (string, error) {
	p := filepath.FromSlash(name)
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(c.dir(), real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", &fs.PathError{Op: "open", Path: name, Err: ErrOutside}
	}
	return rel, nil
}

// checkDir tells whether a folder of the workspace may be listed: nil when
// it is inside the folder (or absent, or nothing is confined).
func (c confinement) checkDir(name string) error {
	if c.dir() == "" {
		return nil
	}
	if _, err := c.resolve(name); errors.Is(err, ErrOutside) {
		return err
	}
	return nil
}

// stat looks at what name leads to without opening it, refusing a link
// that leads out of the folder.
func (c confinement) stat(fsys fs.FS, name string) (fs.FileInfo, error) {
	if !c.exempts(name) && c.dir() != "" {
		if _, err := c.resolve(name); err != nil {
			return nil, err
		}
	}
	return fs.Stat(fsys, name)
}

// open opens a regular file of the workspace for reading.
func (c confinement) open(fsys fs.FS, name string) (fs.File, error) {
	info, err := c.stat(fsys, name)
	if err != nil {
		return nil, err
	}
	return c.openStated(fsys, name, info)
}

// openStated is open of a name that stat has just looked at (info).
func (c confinement) openStated(fsys fs.FS, name string, info fs.FileInfo) (fs.File, error) {
	if err := checkRegular(info.Mode()); err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if o, ok := fsys.(Overlay); ok {
		if _, in := o.Files[name]; in {
			return o.Open(name) // looked up on disk by stat, read from memory
		}
	}
	if c.exempts(name) || c.dir() == "" {
		if _, ok := fsys.(OSFS); ok {
			return openStated(name, info) // as OSFS opens it, without looking again
		}
		return fsys.Open(name)
	}
	rel, err := c.resolve(name)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(c.dir())
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := openNonblock(name, func(flag int) (*os.File, error) { return root.OpenFile(rel, flag, 0) })
	if err != nil && !errors.Is(err, ErrNotRegular) {
		// os.Root refuses a path that escapes it (a link swapped in since
		// the name was resolved), with an error of its own.
		if _, again := c.resolve(name); errors.Is(again, ErrOutside) {
			return nil, again
		}
	}
	return f, err
}

// limitReader reads at most one byte more than MaxReadBytes, enough to
// tell that a file is too large.
func limitReader(r io.Reader) io.Reader { return io.LimitReader(r, MaxReadBytes+1) }

// refusal is the finding for a file refused before reading, or false when
// err is not such a refusal.
func refusal(name string, err error) (Diagnostic, bool) {
	switch {
	case errors.Is(err, ErrOutside):
		return Errorf(name, RootPath, CodeLinkOutside,
			"a symbolic link that leads outside the package folder; it is not followed"), true
	case errors.Is(err, ErrNotRegular):
		var nr notRegularError
		kind := ""
		if errors.As(err, &nr) {
			kind = " (" + nr.kind + ")"
		}
		return Errorf(name, RootPath, CodeNotRegular, "not a regular file%s; it is not opened", kind), true
	}
	return Diagnostic{}, false
}

// ReadSource reads one of the workspace's files again (for a source
// preview) from fsys, under the rules the workspace was read by: only a
// regular file, of at most MaxReadBytes, and never through a link that
// leads outside the package folder.
func (ws *Workspace) ReadSource(fsys fs.FS, name string) ([]byte, error) {
	f, err := ws.confined.open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readAll(limitReader(f), 512)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxReadBytes {
		return nil, fmt.Errorf("the file is over %d bytes (16 MiB)", MaxReadBytes)
	}
	return data, nil
}
