package tui

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/fsnotify/fsnotify"

	"rulebench/model"
)

// fakeWatchFS is a file system of folders and the watches on them.
type fakeWatchFS struct {
	dirs    map[string]bool
	watched map[string]bool
}

func newFakeWatchFS(dirs ...string) *fakeWatchFS {
	f := &fakeWatchFS{dirs: map[string]bool{}, watched: map[string]bool{}}
	for _, d := range dirs {
		f.dirs[d] = true
	}
	return f
}

func (f *fakeWatchFS) Add(dir string) error {
	if !f.dirs[dir] {
		return os.ErrNotExist
	}
	f.watched[dir] = true
	return nil
}

func (f *fakeWatchFS) Remove(dir string) error {
	if !f.watched[dir] {
		return fsnotify.ErrNonExistentWatch
	}
	delete(f.watched, dir)
	return nil
}

func (f *fakeWatchFS) IsDir(dir string) bool { return f.dirs[dir] }

// remove takes a folder and what is inside it away, as the kernel drops
// the watches of deleted folders.
func (f *fakeWatchFS) remove(dir string) {
	for d := range f.dirs {
		if d == dir || strings.HasPrefix(d, dir+string(filepath.Separator)) {
			delete(f.dirs, d)
			delete(f.watched, d)
		}
	}
}

func (f *fakeWatchFS) watchList() []string {
	var out []string
	for d := range f.watched {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// TestRootWatchFollowsTheFolderBack deletes the watched package folder and
// the folder above it, then makes them again: while the folder is gone the
// nearest folder above it that is there is watched, each step down is
// followed, and the package folder coming back is a change, with it and
// its saves watched again.
func TestRootWatchFollowsTheFolderBack(t *testing.T) {
	top := t.TempDir() // absolute, so the chain of folders is known
	a := filepath.Join(top, "a")
	pkg := filepath.Join(a, "pkg")
	saves := filepath.Join(pkg, "saves")
	ws := &model.Workspace{Kind: model.Package, RulesetFile: filepath.ToSlash(filepath.Join(pkg, "ruleset.json"))}
	fsys := newFakeWatchFS(top, a, pkg, saves)
	fsys.watched[pkg], fsys.watched[saves] = true, true
	r := newRootWatch(ws.WatchPaths(), fsys)
	want := func(step string, gotHandled, gotChanged, handled, changed bool, watched ...string) {
		t.Helper()
		if gotHandled != handled || gotChanged != changed {
			t.Errorf("%s: handled %v changed %v, want %v %v", step, gotHandled, gotChanged, handled, changed)
		}
		if got := fsys.watchList(); !slices.Equal(got, watched) {
			t.Errorf("%s: watching %q, want %q", step, got, watched)
		}
	}
	h, c := r.handle(fsnotify.Event{Name: filepath.Join(pkg, "ruleset.json"), Op: fsnotify.Write})
	want("an edit", h, c, false, false, pkg, saves)

	fsys.remove(a)
	h, c = r.handle(fsnotify.Event{Name: pkg, Op: fsnotify.Remove})
	want("the folder deleted", h, c, true, true, top)

	h, c = r.handle(fsnotify.Event{Name: filepath.Join(top, "other"), Op: fsnotify.Create})
	want("a neighbour made", h, c, true, false, top)

	fsys.dirs[a] = true
	h, c = r.handle(fsnotify.Event{Name: a, Op: fsnotify.Create})
	want("the folder above made", h, c, true, false, a)

	fsys.dirs[pkg] = true
	h, c = r.handle(fsnotify.Event{Name: pkg, Op: fsnotify.Create})
	want("the folder made again", h, c, true, true, pkg)

	// Moved away, then moved back with its saves.
	fsys.remove(pkg)
	h, c = r.handle(fsnotify.Event{Name: pkg, Op: fsnotify.Rename})
	want("the folder moved away", h, c, true, true, a)
	fsys.dirs[pkg], fsys.dirs[saves] = true, true
	h, c = r.handle(fsnotify.Event{Name: pkg, Op: fsnotify.Create})
	want("the folder moved back", h, c, true, true, pkg, saves)

	// A folder made before the watch above it began sends nothing: it is
	// found by looking.
	fsys.remove(a)
	fsys.dirs[a] = true
	fsys.dirs[pkg] = true
	h, c = r.handle(fsnotify.Event{Name: pkg, Op: fsnotify.Remove})
	want("deleted and made again at once", h, c, true, true, pkg)
}

// TestCoalesceReportsTheFolderGoingAndComing feeds the watcher's loop the
// events of the package folder going and coming back: each is one report
// once the clock fires.
func TestCoalesceReportsTheFolderGoingAndComing(t *testing.T) {
	top := t.TempDir()
	pkg := filepath.Join(top, "pkg")
	ws := &model.Workspace{Kind: model.Package, RulesetFile: filepath.ToSlash(filepath.Join(pkg, "ruleset.json"))}
	fsys := newFakeWatchFS(top, pkg)
	fsys.watched[pkg] = true
	events := make(chan fsnotify.Event)
	done := make(chan struct{})
	ch := make(chan error, 10)
	clk := &handClock{c: make(chan time.Time)}
	f := newEventFilter(ws)
	f.root = newRootWatch(ws.WatchPaths(), fsys)
	finished := make(chan struct{})
	go func() {
		coalesce(done, events, make(chan error), ch, f, clk)
		close(finished)
	}()
	outside := fsnotify.Event{Name: filepath.Join(top, "README.md"), Op: fsnotify.Write}
	fsys.remove(pkg)
	events <- fsnotify.Event{Name: pkg, Op: fsnotify.Remove}
	events <- outside // the loop is done with the removal
	if clk.resets != 1 {
		t.Fatalf("the folder going restarted the clock %d times, want 1", clk.resets)
	}
	clk.c <- time.Time{}
	events <- outside
	if len(ch) != 1 || <-ch != nil {
		t.Fatal("the folder going was not reported")
	}
	fsys.dirs[pkg] = true
	events <- fsnotify.Event{Name: pkg, Op: fsnotify.Create}
	events <- outside
	clk.c <- time.Time{}
	events <- outside
	if len(ch) != 1 || <-ch != nil || clk.resets != 2 {
		t.Fatalf("the folder coming back was not reported (%d restarts)", clk.resets)
	}
	if !fsys.watched[pkg] {
		t.Error("the folder is not watched again")
	}
	close(done)
	<-finished
}

// TestReloadOfAFolderGone reloads, on the watcher's word, a workspace
// whose folder is gone: the header says so and the last good ruleset
// stays on screen; when the folder is back, with an edit, the next report
// shows it, no key pressed.
func TestReloadOfAFolderGone(t *testing.T) {
	fsys := ferryFS()
	cfg := ferryConfig(t)
	cfg.Reload = func() (*model.Workspace, error) { return model.Load(fsys, "ferry") }
	cfg.FS = fsys
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan error, 1)
	a.changes = ch
	a = send(t, a, tea.WindowSizeMsg{Width: 100, Height: 30})
	a = send(t, a, a.analyseCmd()())
	files := fstest.MapFS{}
	maps.Copy(files, fsys)
	for name := range fsys {
		delete(fsys, name)
	}
	a = report(t, a, ch)
	header := strings.SplitN(screen(a), "\n", 2)[0]
	if !strings.Contains(header, "gone from disk") || !strings.Contains(header, "Ferry Crossing") {
		t.Errorf("the header does not say the folder is gone, beside the last good ruleset: %q", header)
	}
	if s := screen(a); !strings.Contains(s, "showing the last good version") || !strings.Contains(s, "cannot be read now (gone from disk)") {
		t.Errorf("the status does not say what is shown:\n%s", s)
	}
	if a.snap.ruleset() == nil || a.snap.ruleset().Name != "Ferry Crossing" || len(a.snap.toggles) != 3 {
		t.Error("the last good state is not kept")
	}
	maps.Copy(fsys, files)
	fsys["ferry/ruleset.json"] = &fstest.MapFile{Data: []byte(strings.Replace(ferryRuleset, `"name": "Ferry Crossing"`, `"name": "Ferry Crossing Again"`, 1))}
	a = report(t, a, ch)
	header = strings.SplitN(screen(a), "\n", 2)[0]
	if strings.Contains(header, "gone") || !strings.Contains(header, "Ferry Crossing Again") {
		t.Errorf("the folder back with an edit does not show: %q", header)
	}
}

// report runs one watcher report through the App: the change, then the
// reload it starts. The channel is given the next report first, so that
// the renewed wait returns at once (and takes it).
func report(t *testing.T, a *App, ch chan error) *App {
	t.Helper()
	next, cmd := a.Update(filesChangedMsg{})
	a = next.(*App)
	ch <- nil
	for _, m := range runCmd(cmd) {
		if _, ok := m.(reloadedMsg); ok {
			a = send(t, a, m)
		}
	}
	return a
}

// writeFerryAt writes the Ferry Crossing package into dir.
func writeFerryAt(t *testing.T, dir string) {
	t.Helper()
	for name, f := range ferryFS() {
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, "ferry/")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// waitFor polls cond until it holds, failing the test after a deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestWatcherFollowsTheFolderOnDisk deletes a watched package folder and
// makes it again, then moves it away and back, on the real file system:
// each going and coming is reported, and an edit after the folder is back
// is reported too. Reports are waited for with a deadline.
func TestWatcherFollowsTheFolderOnDisk(t *testing.T) {
	dir := writeFerry(t)
	w := watchOnDisk(t, dir)
	watching := func() bool { return slices.Contains(w.fw.WatchList(), dir) }
	// nameOnDisk waits for reports until the package reads with that
	// name, or is gone ("").
	nameOnDisk := func(step, want string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; {
			select {
			case err := <-w.Changes:
				if err != nil {
					t.Fatalf("%s: the watcher reports %v", step, err)
				}
			case <-time.After(time.Until(deadline)):
				t.Fatalf("%s: no report of it within 10s", step)
			}
			got := ""
			if ws, err := model.Load(model.OSFS{}, dir); err == nil && ws.Ruleset != nil {
				got = ws.Ruleset.Name
			}
			if got == want {
				return
			}
		}
	}
	rename := func(name string) {
		t.Helper()
		p := filepath.Join(dir, "ruleset.json")
		data := strings.Replace(ferryRuleset, `"name": "Ferry Crossing"`, `"name": "`+name+`"`, 1)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	nameOnDisk("the folder deleted", "")
	writeFerryAt(t, dir)
	nameOnDisk("the folder made again", "Ferry Crossing")
	waitFor(t, "the folder watched again", watching)
	rename("Ferry Crossing Edited")
	nameOnDisk("an edit after the folder is back", "Ferry Crossing Edited")

	away := dir + ".away"
	if err := os.Rename(dir, away); err != nil {
		t.Fatal(err)
	}
	nameOnDisk("the folder moved away", "")
	if err := os.Rename(away, dir); err != nil {
		t.Fatal(err)
	}
	nameOnDisk("the folder moved back", "Ferry Crossing Edited")
	waitFor(t, "the folder watched again", watching)
	rename("Ferry Crossing Edited Twice")
	nameOnDisk("an edit after the folder is moved back", "Ferry Crossing Edited Twice")
	waitFor(t, "the folders beside the ruleset watched again", func() bool {
		list := w.fw.WatchList()
		return slices.Contains(list, filepath.Join(dir, "locales")) && slices.Contains(list, filepath.Join(dir, "saves"))
	})
}
