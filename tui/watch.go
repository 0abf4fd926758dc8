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
// replacing the file. When the ruleset's folder itself goes, the watch
// follows it coming back (rootWatch).
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
	f.root = newRootWatch(dirs, osWatchFS{fw})
	go w.loop(ch, f)
	return w, nil
}

// watchFS is what following the ruleset's folder needs: to watch a folder,
// to stop watching it, and to tell whether a folder is there. Tests give a
// fake one.
type watchFS interface {
	Add(dir string) error
	Remove(dir string) error
	IsDir(dir string) bool
}

// osWatchFS is the real one: fsnotify and the file system.
type osWatchFS struct{ fw *fsnotify.Watcher }

func (o osWatchFS) Add(dir string) error    { return o.fw.Add(dir) }
func (o osWatchFS) Remove(dir string) error { return o.fw.Remove(dir) }
func (o osWatchFS) IsDir(dir string) bool {
	info, err := os.Stat(dir)
	return err == nil && info.IsDir()
}

// rootWatch follows the folder holding the ruleset itself. When that
// folder goes (deleted, or moved away), nothing inside it can be watched,
// so the folder nearest above it that is still there is watched instead;
// when the folder is back, it and the folders beside the ruleset are
// watched again, and that is a change to report. Watching stops at the
// folder, never its contents' names, so a folder made again under another
// name is not followed.
type rootWatch struct {
	root   string   // the ruleset's folder, as WatchPaths gives it (OS form)
	beside []string // the folders beside the ruleset (OS form)
	// chain is root as an absolute path, then each folder above it up to
	// the top of the file system.
	chain []string
	// above is the folder of chain watched while root is gone; "" while
	// root is watched.
	above string
	fs    watchFS
}

func newRootWatch(dirs []string, fsys watchFS) *rootWatch {
	r := &rootWatch{root: filepath.FromSlash(dirs[0]), fs: fsys}
	for _, d := range dirs[1:] {
		r.beside = append(r.beside, filepath.FromSlash(d))
	}
	abs, err := filepath.Abs(r.root)
	if err != nil {
		abs = filepath.Clean(r.root)
	}
	for {
		r.chain = append(r.chain, abs)
		up := filepath.Dir(abs)
		if up == abs {
			break
		}
		abs = up
	}
	return r
}

// handle takes one event. It tells whether the event was the root
// watch's own (the loop is then done with it), and whether the workspace
// changed by it: the ruleset's folder went, or came back and is watched
// again.
func (r *rootWatch) handle(ev fsnotify.Event) (handled, changed bool) {
	name := filepath.Clean(ev.Name)
	if r.above == "" {
		if name != filepath.Clean(r.root) || !ev.Has(fsnotify.Remove) && !ev.Has(fsnotify.Rename) {
			return false, false
		}
		// The folder went: fsnotify has dropped its watch; the folders
		// beside the ruleset went with it, or moved with it.
		for _, d := range r.beside {
			_ = r.fs.Remove(d)
		}
		_ = r.fs.Remove(r.root)
		r.settle()
		return true, true
	}
	// While root is gone every event comes from the folder above: only
	// one of the folders on the way to root appearing or going matters.
	if !slices.Contains(r.chain, name) || ev.Op == fsnotify.Chmod {
		return true, false
	}
	return true, r.settle()
}

// settle watches root when it is there (with the folders beside the
// ruleset that are), and otherwise the nearest folder above it that is.
// It tells whether root is watched. A folder made before its parent's
// watch began sends no event, so after each watch is moved it looks
// again.
func (r *rootWatch) settle() bool {
	for range len(r.chain) + 1 {
		if r.fs.IsDir(r.root) && r.fs.Add(r.root) == nil {
			if r.above != "" {
				_ = r.fs.Remove(r.above)
				r.above = ""
			}
			for _, d := range r.beside {
				if r.fs.IsDir(d) {
					_ = r.fs.Add(d) // a folder that cannot be watched is only not followed
				}
			}
			return true
		}
		var near string
		for _, d := range r.chain[1:] {
			if r.fs.IsDir(d) {
				near = d
				break
			}
		}
		if near == "" || near == r.above || r.fs.Add(near) != nil {
			return false
		}
		if r.above != "" {
			_ = r.fs.Remove(r.above)
		}
		r.above = near
	}
	return false
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
			if f.root != nil {
				if handled, changed := f.root.handle(ev); handled {
					if changed {
						c.Reset()
					}
					continue
				}
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
	// root follows the ruleset's folder going and coming back; nil in
	// tests of the rest.
	root *rootWatch
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
