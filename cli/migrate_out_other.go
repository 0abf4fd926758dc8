//go:build !linux

package cli

// renameNoReplace has no one-step form here.
func renameNoReplace(string, string) error { return errNoReplaceUnsupported }
