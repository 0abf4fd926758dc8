//go:build !linux

package atomicfile

import "os"

// renameNoReplace has no one-step form here.
func renameNoReplace(*os.Root, string, string, string) error { return errNoReplaceUnsupported }
