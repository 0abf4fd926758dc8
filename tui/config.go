package tui

import (
	"io"
	"io/fs"

	core "rulebench/analysis"
	"rulebench/model"
)

// Config is what the workbench needs from main: the workspace as first
// read, how to read it again and check it, and the user's choices.
type Config struct {
	// Workspace is the ruleset as first loaded; nil (with Reload set) has
	// the workbench read it with Reload in the background, its first
	// frame saying so.
	Workspace *model.Workspace
	// Reload reads the ruleset again (after an edit), or the first time.
	Reload func() (*model.Workspace, error)
	// Since is the previous published version of the ruleset (--since OLD),
	// as first read, and ReloadSince reads it again; nil without --since.
	// The Migrations tab then shows what the workspace loses of the values
	// saved under it, the draft entry that keeps them and the draft
	// rehearsed on the sample saves. Run watches its files too.
	Since       *model.Workspace
	ReloadSince func() (*model.Workspace, error)
	// Check, when set, replaces the findings of the analysis (which are
	// those of `rulebench check`); tests give made-up findings with it.
	Check func(*model.Workspace) []model.Diagnostic
	// Policy is the project's choice of findings (its rulebench.json), as
	// check applies it; nil keeps every finding but those the files'
	// own directives suppress.
	Policy *core.Policy
	// FS is the file system the workspace was read from; the source preview
	// of a finding reads its file from it. Nil shows no source.
	FS fs.FS
	// WriteFile writes data in place of the file name (a finding's fix, the
	// f key), atomically, and only while the file still holds old (the
	// bytes the fix was worked out on). Nil: the workbench writes nothing,
	// and f says so. The command line fills it with the writer
	// `rulebench fix -w` uses, so that the tui needs no writer of its own.
	WriteFile func(name string, data, old []byte) error
	// Theme names the colour theme; Lang the translation language to show.
	Theme, Lang string
	// ASCII draws without box-drawing characters; NoMouse leaves the mouse
	// alone; Watch follows edits to the files. NoColor draws without colour
	// (Run also sets it when the NO_COLOR environment variable is set).
	ASCII, NoMouse, Watch, NoColor bool
	// Getenv reads the environment: $VISUAL and $EDITOR, for the e key.
	// Nil means os.Getenv.
	Getenv func(string) string
	// Input and Output are the terminal; nil means standard input and
	// output.
	Input  io.Reader
	Output io.Writer
}
