package tui

import "errors"

// Run opens the workbench. (Stub until the TUI lands.)
func Run(cfg Config) error { return errors.New("the workbench is not built yet") }
