//go:build linux

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace moves tmp to target in one step that fails when target
// exists (renameat2 with RENAME_NOREPLACE). errNoReplaceUnsupported says
// the file system cannot.
func renameNoReplace(tmp, target string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, target, unix.RENAME_NOREPLACE)
	switch err {
	case nil:
		return nil
	case unix.EINVAL, unix.ENOSYS, unix.ENOTSUP:
		return errNoReplaceUnsupported
	}
	return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
}
