package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulebench/migrate/migratetest"
)

// TestWorkbenchExitCodes runs the workbench with keys on its input: q
// quits with 0, ctrl+c with 130 (as a shell reports SIGINT), and bad
// flags give 2 before anything is drawn.
func TestWorkbenchExitCodes(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		want  int
	}{
		{"q", []string{"--no-mouse", "../examples/lantern-road"}, "q", exitOK},
		{"ctrl+c", []string{"--no-mouse", "../examples/lantern-road"}, "\x03", exitInterrupted},
		{"keys then ctrl+c", []string{"--no-mouse", "--ascii", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}, "24/xy\x03", exitInterrupted},
		{"unknown theme", []string{"--theme", "neon", "../examples/lantern-road"}, "q", exitUsage},
		{"two paths", []string{"a", "b"}, "q", exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run(tt.args, strings.NewReader(tt.input), &out, &errs) }()
			select {
			case got := <-done:
				if got != tt.want {
					t.Errorf("exit %d, want %d; stderr %q", got, tt.want, errs.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the workbench did not stop")
			}
		})
	}
}

// TestWorkbenchThemeFlag checks that --help lists every theme and that the
// default follows the terminal.
func TestWorkbenchThemeFlag(t *testing.T) {
	var out, errs bytes.Buffer
	run([]string{"--help"}, strings.NewReader(""), &out, &errs)
	help := strings.Join(strings.Fields(out.String()+errs.String()), " ")
	for _, w := range []string{"auto, dark, light, high-contrast", `(default auto)`} {
		if !strings.Contains(help, w) {
			t.Errorf("the workbench's help lacks %q:\n%s", w, help)
		}
	}
}

// TestWorkbenchSinceRefused: --since with an OLD of another ruleset, newer
// than PATH, or with no ruleset keeps the workbench from starting with exit
// 2 and the sentence migrate --since gives, its control characters made
// visible; an OLD that can be compared opens it.
func TestWorkbenchSinceRefused(t *testing.T) {
	needLanternRoad(t)
	var newCase migratetest.Case
	for _, c := range lanternCases(t) {
		if c.Name == migratetest.Rename {
			newCase = c
		}
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oldPath, newPath := write("old.json", newCase.Old), write("new.json", newCase.New)
	other := write("other\x1b[31m.json", bytes.Replace(newCase.Old, []byte(`"id": "lantern-road"`), []byte(`"id": "lantern-lane"`), 1))
	broken := write("broken.json", []byte("{"))
	for _, tt := range []struct {
		name      string
		old, path string
		want      int
		stderr    string
	}{
		{"newer", newPath, oldPath, exitUsage, "rulebench: --since " + newPath + ": the previous version's sheet.version 5 is newer than this ruleset's 4: give the older version to --since\n"},
		{"other ruleset", other, newPath, exitUsage, "rulebench: --since " + filepath.Join(dir, `other\x1b[31m.json`) + `: the previous version is the ruleset "lantern-lane", not "lantern-road": --since compares two versions of the same ruleset` + "\n"},
		{"no ruleset", broken, newPath, exitUsage, "rulebench: --since " + broken + ": there is no ruleset to compare with (" + broken + " is not a readable ruleset)\n"},
		{"unreadable", filepath.Join(dir, "none.json"), newPath, exitUsage, "rulebench: cannot read " + filepath.Join(dir, "none.json")},
		{"comparable", oldPath, newPath, exitOK, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			got := run([]string{"--no-mouse", "--since", tt.old, tt.path}, strings.NewReader("q"), &out, &errs)
			if got != tt.want || !strings.HasPrefix(errs.String(), tt.stderr) {
				t.Errorf("exit %d, want %d; stderr %q, want %q", got, tt.want, errs.String(), tt.stderr)
			}
			if tt.want == exitUsage && out.Len() > 0 {
				t.Errorf("something was drawn: %q", out.String())
			}
		})
	}
	// The CLI refuses with the same sentence.
	var out, errs bytes.Buffer
	if code := run([]string{"migrate", "--since", newPath, oldPath}, strings.NewReader(""), &out, &errs); code != exitUsage ||
		!strings.Contains(errs.String(), "--since "+newPath+": the previous version's sheet.version 5 is newer") {
		t.Errorf("migrate --since: exit %d, stderr %q", code, errs.String())
	}
}
