package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// samePath tells whether two paths name the same file.
func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == bb {
		return true
	}
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// errAppeared is the error of a new file whose name was taken while it was
// being written.
var errAppeared = errors.New("the file appeared while writing; it was left as it is")

// writeAtomic writes data to target through a temporary file in the same
// folder, synced, then moved into place, so that a reader sees the old file
// or the new one and never a part.
//
// With replace false, target must not exist: the temporary file is linked
// to the name, which fails if the name was taken meanwhile (where links are
// not supported, it is renamed after checking again that the name is free).
// With replace true, target must be an existing regular file — not a link,
// which is refused rather than followed — and is replaced by rename,
// keeping its permissions.
func writeAtomic(target string, data []byte, replace bool) error {
	mode := fs.FileMode(0o644)
	info, err := os.Lstat(target)
	switch {
	case err == nil && !replace:
		return errors.New("the file already exists; it was left as it is")
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		return errors.New("it is a link; refusing to write through it")
	case err == nil && !info.Mode().IsRegular():
		return errors.New("it is not a regular file")
	case err == nil:
		mode = info.Mode().Perm()
	case replace:
		return unwrapPath(err)
	case !errors.Is(err, fs.ErrNotExist):
		return unwrapPath(err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), ".rulebench-*.tmp")
	if err != nil {
		return unwrapPath(err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return unwrapPath(err)
	}
	if replace {
		return unwrapPath(os.Rename(tmp.Name(), target))
	}
	err = os.Link(tmp.Name(), target)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return errAppeared
	}
	if _, statErr := os.Lstat(target); statErr == nil {
		return errAppeared
	}
	return unwrapPath(os.Rename(tmp.Name(), target))
}

// refuseTarget says why a file named with --out may not be written: it is
// one of the inputs, a link, or it exists. nil when it is free.
func refuseTarget(target string, inputs []string) error {
	for _, in := range inputs {
		if samePath(target, in) {
			return fmt.Errorf("%s is an input; refusing to write over it", visible(target))
		}
	}
	if info, err := os.Lstat(target); err == nil {
		if info.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a link; refusing to write through it", visible(target))
		}
		return fmt.Errorf("%s already exists; refusing to overwrite it", visible(target))
	}
	return nil
}

// checkReplaceable says why an input may not be replaced in place: it is a
// link or not a regular file, or it no longer holds the bytes read.
func checkReplaceable(name string, read []byte) error {
	info, err := os.Lstat(name)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write %s: %v", visible(name), unwrapPath(err))
	case info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a link; refusing to write through it", visible(name))
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", visible(name))
	}
	now, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("cannot read %s again: %v", visible(name), unwrapPath(err))
	}
	if !bytes.Equal(now, read) {
		return fmt.Errorf("%s changed since it was read; run again", visible(name))
	}
	return nil
}
