package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

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
// watches the files when cfg.Watch is set, and those of cfg.Since.
func Run(cfg Config) error {
	if themes.NoColor(os.LookupEnv) {
		cfg.NoColor = true
	}
	app, err := New(cfg)
	if err != nil {
		return err
	}
	// The files are watched from when they are read: at once when given,
	// else once read in the background (App.watchLoaded).
	app.watching = true
	if cfg.Workspace != nil {
		app.unwatch = app.watch()
	}
	defer func() {
		if app.unwatch != nil {
			app.unwatch()
		}
	}()
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

// watch starts following edits to the files, as the configuration asks:
// the workspace's when Watch is set, and the --since version's whenever it
// is given; their reports come on a.changes. A watcher that cannot start
// says so on the status line. It returns the function that stops them.
func (a *App) watch() (stop func()) {
	cfg := a.cfg
	var watched []<-chan error
	var closers []*watcher
	start := func(ws *model.Workspace, what string) {
		w, err := watchWorkspace(ws)
		if err != nil {
			a.status = statusLine{text: "Not watching " + what + ": " + vis(err.Error()), isErr: true}
			return
		}
		closers = append(closers, w)
		watched = append(watched, w.Changes)
	}
	if cfg.Watch && cfg.Workspace != nil && cfg.Reload != nil {
		start(cfg.Workspace, "the files")
	}
	if cfg.Since != nil && cfg.ReloadSince != nil && cfg.Reload != nil {
		start(cfg.Since, "the --since files")
	}
	a.changes = mergeChanges(watched...)
	return func() {
		for _, w := range closers {
			w.Close()
		}
	}
}

// mergeChanges joins the watchers' reports into one channel, closed when
// every one of them is; nil for none, the one itself for one.
func mergeChanges(chs ...<-chan error) <-chan error {
	switch len(chs) {
	case 0:
		return nil
	case 1:
		return chs[0]
	}
	out := make(chan error, 1)
	var wg sync.WaitGroup
	for _, ch := range chs {
		wg.Go(func() {
			for err := range ch {
				select {
				case out <- err:
				default: // a report is already waiting; it covers this one
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
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
