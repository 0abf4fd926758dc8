package tui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"rulebench/model"
)

func TestEventFilter(t *testing.T) {
	pkg := eventFilter{root: "pkg", ruleset: "pkg/ruleset.json", kind: model.Package}
	single := eventFilter{root: "dir", ruleset: "dir/a.json", kind: model.SingleFile}
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

func TestWatcherReportsEdits(t *testing.T) {
	dir := writeFerry(t)
	ws, err := model.Load(model.OSFS{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := watchWorkspace(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	// An edit to the ruleset, then to a locale file, each reported once.
	for _, name := range []string{"ruleset.json", "locales/fr.json"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		data, _ := os.ReadFile(p)
		if err := os.WriteFile(p, append(data, ' '), 0o644); err != nil {
			t.Fatal(err)
		}
		waitChange(t, w, 5*time.Second)
	}
	// A burst of writes is one report.
	p := filepath.Join(dir, "ruleset.json")
	for i := 0; i < 5; i++ {
		if err := os.WriteFile(p, []byte(ferryRuleset), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	waitChange(t, w, 5*time.Second)
	select {
	case <-w.Changes:
		t.Error("a burst of writes gave more than one report")
	case <-time.After(4 * debounce):
	}
	// An editor saving by rename is seen too.
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
