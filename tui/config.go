package tui

import (
	"io"

	"rulebench/model"
)

// Config is what the workbench needs from main.
type Config struct {
	// Workspace is the ruleset as first loaded.
	Workspace *model.Workspace
	// Reload reads the ruleset again (after an edit).
	Reload func() (*model.Workspace, error)
	// Check runs every check, the same as `rulebench check`.
	Check func(*model.Workspace) []model.Diagnostic
	// Theme names the colour theme; Lang the translation language to show.
	Theme, Lang string
	// ASCII draws without box-drawing characters; NoMouse leaves the mouse
	// alone; Watch follows edits to the files.
	ASCII, NoMouse, Watch bool
	Input                 io.Reader
	Output                io.Writer
}
