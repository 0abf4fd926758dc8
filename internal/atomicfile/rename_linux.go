//go:build linux

package atomicfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace renames tmp to target, both in the folder dirRel of the
// root, in one step that fails when target exists (renameat2 with
// RENAME_NOREPLACE). errNoReplaceUnsupported says the file system cannot.
func renameNoReplace(root *os.Root, dirRel, tmp, target string) error {
	d, err := root.Open(dirRel)
	if err != nil {
		return err
	}
	defer d.Close()
	fd := int(d.Fd())
	err = unix.Renameat2(fd, tmp, fd, target, unix.RENAME_NOREPLACE)
	switch err {
	case nil:
		return nil
	case unix.EINVAL, unix.ENOSYS, unix.ENOTSUP:
		return errNoReplaceUnsupported
	}
	return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
}
