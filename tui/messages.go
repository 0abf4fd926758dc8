package tui

import "rulebench/model"

// filesChangedMsg says the watched files changed on disk.
type filesChangedMsg struct{}

// reloadedMsg carries a workspace read again and analysed, or the error
// that kept it from being read. Gen is the load generation it was started
// for; an older one is dropped.
type reloadedMsg struct {
	gen int
	analysis
	err error
	// first marks the analysis of the workspace given at start.
	first bool
}

// loadedMsg carries the workspace read in the background when the
// workbench started without it, or the error that kept it from being
// read. Gen is the load generation it was started for; an older one is
// dropped.
type loadedMsg struct {
	gen int
	ws  *model.Workspace
	err error
}

// sourceMsg carries the lines of a file read for the source preview. Gen
// is the load generation it was read in.
type sourceMsg struct {
	gen   int
	file  string
	lines []string
	err   error
}

// watchErrMsg reports that the file watcher stopped working.
type watchErrMsg struct{ err error }
