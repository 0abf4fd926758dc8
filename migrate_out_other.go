//go:build !linux

package main

// renameNoReplace has no one-step form here.
func renameNoReplace(string, string) error { return errNoReplaceUnsupported }
