package tui

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"rulebench/model"
)

// debounce is how long the watcher waits for a burst of events (an editor
// saving writes, renames and creates) to end before reporting one change.
const debounce = 40 * time.Millisecond

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

// watchWorkspace starts watching the folders the workspace says its files
// are in (model.Workspace.WatchPaths): the ruleset's folder, and those of
// the folders beside it that exist (one that appears later is watched
// then). Folders are watched rather than files, because editors save by
// replacing the file.
func watchWorkspace(ws *model.Workspace) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	dirs := ws.WatchPaths()
	if err := fw.Add(filepath.FromSlash(dirs[0])); err != nil {
		fw.Close()
		return nil, err
	}
	for _, d := range dirs[1:] {
		if info, err := os.Stat(filepath.FromSlash(d)); err == nil && info.IsDir() {
			_ = fw.Add(filepath.FromSlash(d)) // a folder that cannot be watched is only not followed
		}
	}
	ch := make(chan error, 1)
	w := &watcher{Changes: ch, fw: fw, done: make(chan struct{}), stopped: make(chan struct{})}
	f := newEventFilter(ws)
	f.add = fw.Add
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

// eventFilter tells which file events concern the workspace, as the
// workspace says (model.Workspace.Reads).
type eventFilter struct {
	// reads tells whether a change to a file or folder (slash-separated)
	// is a change to the workspace; beside are the folders beside the
	// ruleset that the workspace reads.
	reads  func(name string) bool
	beside []string
	add    func(dir string) error // watches a folder that appeared; nil in tests
}

func newEventFilter(ws *model.Workspace) eventFilter {
	return eventFilter{reads: ws.Reads, beside: ws.WatchPaths()[1:]}
}

// relevant tells whether an event touches one of the workspace's files, or
// one of the folders it reads appearing or going.
func (f eventFilter) relevant(ev fsnotify.Event) bool {
	return ev.Op != fsnotify.Chmod && f.reads(filepath.ToSlash(filepath.Clean(ev.Name)))
}

// newFolder tells whether the event creates one of the folders the
// workspace reads, which must then be watched too.
func (f eventFilter) newFolder(ev fsnotify.Event) bool {
	if !ev.Has(fsnotify.Create) || !slices.Contains(f.beside, filepath.ToSlash(filepath.Clean(ev.Name))) {
		return false
	}
	info, err := os.Stat(ev.Name)
	return err == nil && info.IsDir()
}
