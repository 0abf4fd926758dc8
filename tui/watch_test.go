package tui

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"rulebench/model"
)

func TestEventFilter(t *testing.T) {
	pkg := newEventFilter(&model.Workspace{Kind: model.Package, RulesetFile: "pkg/ruleset.json"})
	single := newEventFilter(&model.Workspace{Kind: model.SingleFile, RulesetFile: "dir/a.json"})
	art := newEventFilter(&model.Workspace{Kind: model.Artifact, RulesetFile: "art/road-1.0.0.ruleset.json"})
	tests := []struct {
		f    eventFilter
		name string
		op   fsnotify.Op
		want bool
	}{
		{pkg, "pkg/ruleset.json", fsnotify.Write, true},
		{pkg, "pkg/manifest.json", fsnotify.Write, true},
		{pkg, "pkg/locales/fr.json", fsnotify.Create, true},
		{pkg, "pkg/catalogs/kit.json", fsnotify.Remove, true},
		{pkg, "pkg/saves/old.json", fsnotify.Rename, true},
		{pkg, "pkg/locales", fsnotify.Create, true},
		{pkg, "pkg/ruleset.json", fsnotify.Chmod, false},
		{pkg, "pkg/README.md", fsnotify.Write, false},
		{pkg, "pkg/.ruleset.json.swp", fsnotify.Write, false},
		{pkg, "pkg/other/x.json", fsnotify.Write, false},
		{single, "dir/a.json", fsnotify.Write, true},
		{single, "dir/b.json", fsnotify.Write, false},
		{single, "dir/saves/s.json", fsnotify.Write, true},
		{single, "dir/locales/fr.json", fsnotify.Write, false},
		{pkg, "pkg/backup.json", fsnotify.Write, false},
		{art, "art/road-1.0.0.fr.json", fsnotify.Create, true},
		{art, "art/road-1.0.0.entry.json", fsnotify.Write, true},
		{art, "art/other-2.0.0.fr.json", fsnotify.Write, false},
		{art, "art/locales", fsnotify.Create, true},
		{art, "art/catalogs/x.json", fsnotify.Write, false},
	}
	for _, tt := range tests {
		if got := tt.f.relevant(fsnotify.Event{Name: tt.name, Op: tt.op}); got != tt.want {
			t.Errorf("%s %v: relevant = %v, want %v", tt.name, tt.op, got, tt.want)
		}
	}
}

// writeFerry writes the Ferry Crossing package to a temporary folder.
func writeFerry(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ferry")
	for name, f := range ferryFS() {
		p := filepath.Join(filepath.Dir(dir), filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// waitChange waits for the watcher's next report, or fails after d.
func waitChange(t testing.TB, w *watcher, d time.Duration) {
	t.Helper()
	select {
	case err := <-w.Changes:
		if err != nil {
			t.Fatalf("the watcher reports %v", err)
		}
	case <-time.After(d):
		t.Fatalf("no change reported within %v", d)
	}
}

// watchOnDisk loads the package at dir from the real file system and
// watches it until the test ends.
func watchOnDisk(t *testing.T, dir string) *watcher {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := watchWorkspace(ws)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func TestWatcherReportsEdits(t *testing.T) {
	dir := writeFerry(t)
	w := watchOnDisk(t, dir)
	// An edit to the ruleset, then to a locale file, each reported once.
	for _, name := range []string{"ruleset.json", "locales/fr.json"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		data, _ := os.ReadFile(p)
		if err := os.WriteFile(p, append(data, ' '), 0o644); err != nil {
			t.Fatal(err)
		}
		waitChange(t, w, 5*time.Second)
	}
	// An editor saving by rename is seen too.
	p := filepath.Join(dir, "ruleset.json")
	tmp := filepath.Join(dir, "ruleset.json.tmp")
	if err := os.WriteFile(tmp, []byte(ferryRuleset), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	waitChange(t, w, 5*time.Second)
	// Close ends the reports.
	if err := w.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, open := <-w.Changes; open {
		t.Error("the changes channel is still open after Close")
	}
}

func TestWatcherSingleFileIgnoresNeighbours(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ferry.json")
	if err := os.WriteFile(p, []byte(ferryRuleset), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := watchWorkspace(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.WriteFile(filepath.Join(dir, "other.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.Changes:
		t.Error("a neighbouring file was reported")
	case <-time.After(5 * debounce):
	}
	if err := os.WriteFile(p, []byte(ferryRuleset+" "), 0o644); err != nil {
		t.Fatal(err)
	}
	waitChange(t, w, 5*time.Second)
}

// handClock is a debounce clock the test fires by hand.
type handClock struct {
	c      chan time.Time
	resets int
}

func (h *handClock) Reset()              { h.resets++ }
func (h *handClock) Stop()               {}
func (h *handClock) C() <-chan time.Time { return h.c }

// TestCoalesceBurst feeds the watcher's loop a burst of events through
// unbuffered channels and fires the clock by hand: a burst is one report,
// sent only when the clock fires; an event outside the workspace restarts
// nothing; an error is passed on. The report channel is roomy here, so
// any extra report would stay in it to be counted. A send on an unbuffered
// channel returns only once the loop has taken it, so after the next send
// the loop has finished with the one before: nothing here depends on how
// fast writes land.
func TestCoalesceBurst(t *testing.T) {
	events := make(chan fsnotify.Event)
	errs := make(chan error)
	done := make(chan struct{})
	ch := make(chan error, 10)
	clk := &handClock{c: make(chan time.Time)}
	f := newEventFilter(&model.Workspace{Kind: model.Package, RulesetFile: "pkg/ruleset.json"})
	finished := make(chan struct{})
	go func() {
		coalesce(done, events, errs, ch, f, clk)
		close(finished)
	}()
	outside := fsnotify.Event{Name: "pkg/README.md", Op: fsnotify.Write}
	for range 5 {
		events <- fsnotify.Event{Name: "pkg/ruleset.json", Op: fsnotify.Write}
	}
	events <- outside
	events <- outside // the loop is done with the burst
	if len(ch) != 0 {
		t.Fatalf("%d reports before the clock fired, want none", len(ch))
	}
	if clk.resets != 5 {
		t.Errorf("the clock was restarted %d times, want 5 (the README edit is not the workspace's)", clk.resets)
	}
	clk.c <- time.Time{}
	events <- outside // the loop is done with the firing
	if len(ch) != 1 {
		t.Fatalf("%d reports after a burst, want 1", len(ch))
	}
	if got := <-ch; got != nil {
		t.Fatalf("report = %v, want nil", got)
	}
	fail := errors.New("queue overflow")
	errs <- fail
	events <- outside
	if len(ch) != 1 {
		t.Fatalf("%d reports after an error, want 1", len(ch))
	}
	if got := <-ch; got != fail {
		t.Fatalf("report = %v, want %v", got, fail)
	}
	close(done)
	<-finished
}
