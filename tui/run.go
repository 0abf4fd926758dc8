package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	tea "charm.land/bubbletea/v2"

	"rulebench/model"
	"rulebench/themes"
)

// errNoSource is shown when the workbench was given no file system to read
// sources from.
var errNoSource = errors.New("the files are not available")

// ErrInterrupted is returned by Run when the user pressed ctrl+c (or the
// program got an interrupt signal); main exits with status 130 for it.
// Quitting with q returns nil.
var ErrInterrupted = errors.New("interrupted")

// Run opens the workbench and returns when the user quits: nil for q,
// ErrInterrupted for ctrl+c. It returns an error for an unknown theme
// before drawing anything, and any error of the terminal program. It
// watches the files when cfg.Watch is set.
func Run(cfg Config) error {
	if themes.NoColor(os.LookupEnv) {
		cfg.NoColor = true
	}
	app, err := New(cfg)
	if err != nil {
		return err
	}
	if cfg.Watch && cfg.Workspace != nil && cfg.Reload != nil {
		w, err := watchWorkspace(cfg.Workspace)
		if err != nil {
			app.status = statusLine{text: "Not watching the files: " + vis(err.Error()), isErr: true}
		} else {
			defer w.Close()
			app.changes = w.Changes
		}
	}
	var opts []tea.ProgramOption
	if cfg.Input != nil {
		opts = append(opts, tea.WithInput(cfg.Input))
	}
	if cfg.Output != nil {
		opts = append(opts, tea.WithOutput(cfg.Output))
	}
	_, err = tea.NewProgram(app, opts...).Run()
	switch {
	case errors.Is(err, tea.ErrInterrupted):
		return ErrInterrupted
	case err != nil:
		return fmt.Errorf("the workbench stopped: %w", err)
	}
	return nil
}

// waitForChange waits for the watcher's next report.
func waitForChange(ch <-chan error) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		err, ok := <-ch
		switch {
		case !ok:
			return nil
		case err != nil:
			return watchErrMsg{err: err}
		}
		return filesChangedMsg{}
	}
}

// readSourceCmd reads a file of the workspace for the source preview under
// the rules the workspace was read by: a regular file only, of at most the
// size rulebench reads at all, never through a link leading outside the
// package folder.
func readSourceCmd(ws *model.Workspace, fsys fs.FS, gen int, file string) tea.Cmd {
	return func() tea.Msg {
		if ws == nil {
			return sourceMsg{gen: gen, file: file, err: errNoSource}
		}
		data, err := ws.ReadSource(fsys, file)
		if err != nil {
			return sourceMsg{gen: gen, file: file, err: err}
		}
		return sourceMsg{gen: gen, file: file, lines: splitSource(data)}
	}
}
