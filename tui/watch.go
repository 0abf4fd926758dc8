package tui

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"rulebench/model"
)

// debounce is how long the watcher waits for a burst of events (an editor
// saving writes, renames and creates) to end before reporting one change.
const debounce = 40 * time.Millisecond

// watchedDirs are the folders beside the ruleset whose JSON files belong to
// the workspace.
var watchedDirs = []string{"catalogs", "locales", "saves"}

// watcher follows edits to a workspace's files on disk. Changes receives
// nil once for each burst of edits, or the watcher's error; it is closed by
// Close.
type watcher struct {
	Changes <-chan error
	fw      *fsnotify.Watcher
	done    chan struct{}
	stopped chan struct{}
	once    sync.Once
	err     error
}

// watchWorkspace starts watching the folder of a workspace's ruleset and
// its catalogs, locales and saves folders. Folders are watched rather than
// files, because editors save by replacing the file.
func watchWorkspace(ws *model.Workspace) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	root := filepath.Clean(filepath.Dir(filepath.FromSlash(ws.RulesetFile)))
	if err := fw.Add(root); err != nil {
		fw.Close()
		return nil, err
	}
	for _, d := range watchedDirs {
		if info, err := os.Stat(filepath.Join(root, d)); err == nil && info.IsDir() {
			_ = fw.Add(filepath.Join(root, d)) // a folder that cannot be watched is only not followed
		}
	}
	ch := make(chan error, 1)
	w := &watcher{Changes: ch, fw: fw, done: make(chan struct{}), stopped: make(chan struct{})}
	f := eventFilter{root: root, kind: ws.Kind, ruleset: filepath.Clean(filepath.FromSlash(ws.RulesetFile)), add: fw.Add}
	go w.loop(ch, f)
	return w, nil
}

// Close stops the watcher; closing it again does nothing.
func (w *watcher) Close() error {
	w.once.Do(func() {
		close(w.done)
		w.err = w.fw.Close()
		<-w.stopped
	})
	return w.err
}

func (w *watcher) loop(ch chan<- error, f eventFilter) {
	defer close(w.stopped)
	defer close(ch)
	coalesce(w.done, w.fw.Events, w.fw.Errors, ch, f, newClock())
}

// clock is the debounce timer of the watcher's loop: Reset starts it again
// for the debounce delay, C fires when the delay has passed. Tests give a
// clock they fire by hand, so that a burst never depends on how fast the
// writes land.
type clock interface {
	Reset()
	Stop()
	C() <-chan time.Time
}

// timerClock is the real clock, a time.Timer waiting debounce.
type timerClock struct{ t *time.Timer }

func newClock() clock {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return timerClock{t}
}

func (c timerClock) Reset()              { c.t.Reset(debounce) }
func (c timerClock) Stop()               { c.t.Stop() }
func (c timerClock) C() <-chan time.Time { return c.t.C }

// coalesce turns file events into reports on ch until done is closed or
// the event channels close: each relevant event restarts the clock, and
// when the clock fires one nil is sent; an error is sent as it comes. A
// report already waiting on ch covers any later one.
func coalesce(done <-chan struct{}, events <-chan fsnotify.Event, errs <-chan error, ch chan<- error, f eventFilter, c clock) {
	send := func(err error) {
		select {
		case ch <- err:
		default: // a report is already waiting; it covers this one
		}
	}
	for {
		select {
		case <-done:
			c.Stop()
			return
		case ev, ok := <-events:
			if !ok {
				return
			}
			if f.newFolder(ev) && f.add != nil {
				_ = f.add(ev.Name)
			}
			if f.relevant(ev) {
				c.Reset()
			}
		case err, ok := <-errs:
			if !ok {
				return
			}
			send(err)
		case <-c.C():
			send(nil)
		}
	}
}

// eventFilter tells which file events concern the workspace.
type eventFilter struct {
	root, ruleset string
	kind          model.InputKind
	add           func(dir string) error // watches a folder that appeared; nil in tests
}

// relevant tells whether an event touches one of the workspace's files: a
// JSON file in the ruleset's folder (only the ruleset itself for a single
// file, whose folder may hold others) or in its catalogs, locales or saves
// folder; or one of those folders appearing or going.
func (f eventFilter) relevant(ev fsnotify.Event) bool {
	if ev.Op == fsnotify.Chmod {
		return false
	}
	name := filepath.Clean(ev.Name)
	dir := filepath.Dir(name)
	if dir == f.root && isWatchedDir(filepath.Base(name)) {
		return true
	}
	if !strings.HasSuffix(name, ".json") {
		return false
	}
	if dir == f.root {
		return f.kind != model.SingleFile || name == f.ruleset
	}
	return filepath.Dir(dir) == f.root && isWatchedDir(filepath.Base(dir))
}

// newFolder tells whether the event creates one of the watched folders,
// which must then be watched too.
func (f eventFilter) newFolder(ev fsnotify.Event) bool {
	if !ev.Has(fsnotify.Create) || filepath.Dir(filepath.Clean(ev.Name)) != f.root || !isWatchedDir(filepath.Base(ev.Name)) {
		return false
	}
	info, err := os.Stat(ev.Name)
	return err == nil && info.IsDir()
}

func isWatchedDir(name string) bool {
	for _, d := range watchedDirs {
		if name == d {
			return true
		}
	}
	return false
}
