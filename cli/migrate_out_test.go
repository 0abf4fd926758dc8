package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
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
	failAt := func(n int) func() bool {
		calls := 0
		var mu sync.Mutex
		return func() bool {
			mu.Lock()
			defer mu.Unlock()
			calls++
			return calls == n
		}
	}
	defer func(p func(string, string) (bool, error), c func(string, string) (*os.File, error)) {
		placeFile, createTemp = p, c
	}(placeFile, createTemp)

	third := failAt(3)
	var tmpNames []string
	placeFile = func(tmp, target string) (bool, error) {
		tmpNames = append(tmpNames, filepath.Base(tmp))
		if third() {
			return false, errors.New("no space left on device")
		}
		return placeNew(tmp, target)
	}
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
	for _, name := range tmpNames {
		if ok, _ := filepath.Match(stagePattern, name); !ok {
			t.Errorf("temporary file %q is not named %s", name, stagePattern)
		}
	}

	placeFile = placeNew
	fifth := failAt(5)
	createTemp = func(dir, pattern string) (*os.File, error) {
		if fifth() {
			return nil, &os.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: errors.New("quota exceeded")}
		}
		return os.CreateTemp(dir, pattern)
	}
	out = t.TempDir()
	code, stdout, errOut = runMigrateCLI("--out", out, pkg)
	if code != exitUsage || !strings.Contains(errOut, "quota exceeded") || !strings.Contains(errOut, "so nothing was written") || stdout != "" {
		t.Errorf("a failed staging: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	if got := listDir(out); len(got) != 0 {
		t.Errorf("a failed staging left %v", got)
	}

	createTemp = os.CreateTemp
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
// DIR (one a link, which is removed, not followed): the next run into DIR
// removes them and says so; other files stay.
func TestMigrateOutRemovesLeftovers(t *testing.T) {
	pkg := manySaves(t, 2)
	out := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.json")
	writeFiles(t, out, map[string]string{
		".rulebench-migrate-1234567.tmp": `{"v": 1`,
		"notes.tmp":                      "mine",
		".rulebench-other.tmp":           "mine",
	})
	writeFiles(t, filepath.Dir(victim), map[string]string{"victim.json": "kept"})
	if err := os.Symlink(victim, filepath.Join(out, ".rulebench-migrate-89.tmp")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	code, _, errOut := runMigrateCLI("--out", out, pkg)
	if code != exitOK || !strings.Contains(errOut, "removed 2 temporary files left in "+out+" by an earlier run") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	want := []string{".rulebench-other.tmp", "notes.tmp", "s00000.json", "s00001.json"}
	if got := listDir(out); !slices.Equal(got, want) {
		t.Errorf("DIR holds %v, want %v", got, want)
	}
	if data, _ := os.ReadFile(victim); string(data) != "kept" {
		t.Errorf("the link's target became %q", data)
	}
}
