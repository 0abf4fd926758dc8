package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"rulebench/internal/atomicfile"
	"rulebench/model/modeltest"
)

// manySaves copies the Lantern Road package to a temporary folder with n
// copies of its fighter save in saves/, and returns the package folder.
func manySaves(tb testing.TB, n int) string {
	tb.Helper()
	pkg := filepath.Join(tb.TempDir(), "lantern-road")
	if err := os.CopyFS(pkg, os.DirFS(lanternRoadDir)); err != nil {
		tb.Fatal(err)
	}
	save, err := os.ReadFile(filepath.Join(lanternRoadDir, "saves", "fighter3.json"))
	if err != nil {
		tb.Fatal(err)
	}
	saves := filepath.Join(pkg, "saves")
	entries, _ := os.ReadDir(saves)
	for _, e := range entries {
		os.Remove(filepath.Join(saves, e.Name()))
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(saves, fmt.Sprintf("s%05d.json", i)), save, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return pkg
}

// BenchmarkMigrateOut3000 migrates 3,000 saves (the package's saves/)
// into a new --out folder each time: reading, rehearsing and writing.
func BenchmarkMigrateOut3000(b *testing.B) {
	pkg := manySaves(b, 3000)
	out := b.TempDir()
	i := 0
	for b.Loop() {
		i++
		if code := run([]string{"migrate", "--json", "--out", filepath.Join(out, fmt.Sprint(i)), pkg}, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// TestMigrateOutRefusesALinkAndThePackage refuses an --out DIR that is a
// symbolic link (even to an empty folder elsewhere), and one inside the
// package read, named directly or through a link: nothing is written, no
// folder is made.
func TestMigrateOutRefusesALinkAndThePackage(t *testing.T) {
	pkg := manySaves(t, 2)
	elsewhere := t.TempDir()
	link := filepath.Join(t.TempDir(), "out")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	toPkg := filepath.Join(t.TempDir(), "pkg")
	if err := os.Symlink(pkg, toPkg); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dir, want string
		mustNotExist    string
	}{
		{"DIR a link", link, "is a symbolic link", ""},
		{"DIR the package", pkg, "is inside", ""},
		{"DIR a new folder in the package", filepath.Join(pkg, "migrated"), "is inside", filepath.Join(pkg, "migrated")},
		{"DIR in the package through a link above it", filepath.Join(toPkg, "locales", "new"), "is inside", filepath.Join(pkg, "locales", "new")},
		{"DIR the saves folder", filepath.Join(pkg, "saves"), "is inside", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runMigrateCLI("--out", tt.dir, pkg)
			if code != exitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, tt.want)
			}
			if out != "" {
				t.Errorf("stdout of a refused run: %q", out)
			}
			if tt.mustNotExist != "" {
				if _, err := os.Lstat(tt.mustNotExist); err == nil {
					t.Errorf("a refused run made %s", tt.mustNotExist)
				}
			}
		})
	}
	if got := listDir(elsewhere); len(got) != 0 {
		t.Errorf("written through the link: %v", got)
	}
	if got := listDir(filepath.Join(pkg, "saves")); !slices.Equal(got, []string{"s00000.json", "s00001.json"}) {
		t.Errorf("the saves folder holds %v", got)
	}
}

// TestMigrateOutAllOrNothing makes the third file fail to be given its
// name, and the fifth fail to be staged: each time the run removes what it
// had written (files, temporary files, the folder it made), says so, and
// prints no report; a run that succeeds lists every file written.
func TestMigrateOutAllOrNothing(t *testing.T) {
	pkg := manySaves(t, 6)
	defer func() { writeFault = nil }()
	failAt := func(step string, n int) func(string, string) error {
		calls := 0
		var mu sync.Mutex
		return func(s, name string) error {
			if s != step {
				return nil
			}
			mu.Lock()
			defer mu.Unlock()
			calls++
			if calls == n {
				if step == atomicfile.StepStage {
					return &os.PathError{Op: "open", Path: name, Err: errors.New("quota exceeded")}
				}
				return errors.New("no space left on device")
			}
			return nil
		}
	}

	writeFault = failAt(atomicfile.StepPlace, 3)
	parent := t.TempDir()
	out := filepath.Join(parent, "new", "out")
	code, stdout, errOut := runMigrateCLI("--out", out, pkg)
	if code != exitUsage || !strings.Contains(errOut, "no space left on device") || !strings.Contains(errOut, "removed the 2 files this run had written, so nothing was written") {
		t.Errorf("a failed placing: exit %d, stderr %q", code, errOut)
	}
	if stdout != "" {
		t.Errorf("a failed run printed a report: %q", stdout)
	}
	if got := listDir(parent); len(got) != 0 {
		t.Errorf("a failed run left %v (want the folders it made gone too)", got)
	}

	writeFault = failAt(atomicfile.StepStage, 5)
	out = t.TempDir()
	code, stdout, errOut = runMigrateCLI("--out", out, pkg)
	if code != exitUsage || !strings.Contains(errOut, "quota exceeded") || !strings.Contains(errOut, "so nothing was written") || stdout != "" {
		t.Errorf("a failed staging: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	if got := listDir(out); len(got) != 0 {
		t.Errorf("a failed staging left %v", got)
	}

	writeFault = nil
	code, stdout, errOut = runMigrateCLI("--out", out, pkg)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	written := listDir(out)
	if len(written) != 6 {
		t.Errorf("written %v, want the 6 saves and nothing else", written)
	}
	for _, name := range written {
		if !strings.Contains(stdout, "written to "+filepath.Join(out, name)+"\n") {
			t.Errorf("stdout does not list %s:\n%s", name, stdout)
		}
	}
}

// TestMigrateOutRemovesLeftovers puts temporary files of a killed run in
// DIR (one a link, which is removed, not followed), and one of a run still
// going: the next run into DIR removes the killed run's and says so; the
// live run's and other files stay. (Before, every file of the pattern was
// removed, a live run's staged saves too.)
func TestMigrateOutRemovesLeftovers(t *testing.T) {
	pkg := manySaves(t, 2)
	out := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.json")
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	live := exec.Command("sleep", "60")
	if err := live.Start(); err != nil {
		t.Skip("no sleep to stand for a live run:", err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	killed := fmt.Sprintf(".rulebench-%d-0123456789abcdef.tmp", dead.Process.Pid)
	killedLink := fmt.Sprintf(".rulebench-%d-fedcba9876543210.tmp", dead.Process.Pid)
	going := fmt.Sprintf(".rulebench-%d-0123456789abcdef.tmp", live.Process.Pid)
	modeltest.WriteTree(t, out, map[string]string{
		killed:                 `{"v": 1`,
		going:                  `{"v": 1`,
		"notes.tmp":            "mine",
		".rulebench-other.tmp": "mine",
	})
	modeltest.WriteTree(t, filepath.Dir(victim), map[string]string{"victim.json": "kept"})
	if err := os.Symlink(victim, filepath.Join(out, killedLink)); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, errOut := runMigrateCLI("--out", out, pkg)
	if code != exitOK || !strings.Contains(errOut, "removed 2 temporary files left in "+out+" by an earlier run") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	want := []string{".rulebench-other.tmp", going, "notes.tmp", "s00000.json", "s00001.json"}
	slices.Sort(want)
	if got := listDir(out); !slices.Equal(got, want) {
		t.Errorf("DIR holds %v, want %v", got, want)
	}
	if data, _ := os.ReadFile(victim); string(data) != "kept" {
		t.Errorf("the link's target became %q", data)
	}
}
