package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/analysis"
	"rulebench/model"
)

var update = flag.Bool("update", false, "rewrite the CLI golden files in testdata/golden")

// goldenCases are the commands whose whole output is held in
// testdata/golden: check, layers, i18n and migrate, as text and as JSON, on
// both examples and on two broken packages (testdata/cli) whose findings
// come from every part of the analysis.
var goldenCases = []struct {
	name string
	args []string
}{
	{"check-lantern-road", []string{"check", "../examples/lantern-road"}},
	{"check-lantern-road-json", []string{"check", "--json", "../examples/lantern-road"}},
	{"check-mirefall", []string{"check", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"check-mirefall-json", []string{"check", "--json", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"check-mirefall-folder", []string{"check", "../examples/mirefall"}},
	{"check-broken-road", []string{"check", "testdata/cli/broken-road"}},
	{"check-broken-road-json", []string{"check", "--json", "testdata/cli/broken-road"}},
	{"check-unreadable-json", []string{"check", "--json", "testdata/cli/unreadable"}},
	{"check-examples", []string{"check", "../examples"}},
	{"check-examples-quiet", []string{"check", "-q", "../examples"}},
	{"check-examples-verbose", []string{"check", "--verbose", "../examples"}},
	{"check-no-ruleset", []string{"check", "testdata/walk/no-ruleset"}},
	{"check-suppressed", []string{"check", "testdata/walk/suppressed"}},
	{"check-suppressed-json", []string{"check", "--json", "testdata/walk/suppressed/tollway.json"}},
	{"check-suppressed-ignore", []string{"check", "--ignore", "unused-ignore,schema-url", "testdata/walk/suppressed"}},
	{"check-suppressed-select", []string{"check", "--select", "schema-url", "testdata/walk/suppressed/legacy"}},
	{"fix-examples", []string{"fix", "../examples"}},
	{"fix-examples-ignore", []string{"fix", "--ignore", "entry-sha256", "../examples"}},
	{"fix-no-ruleset", []string{"fix", "testdata/walk/no-ruleset"}},
	{"help-nonesuch", []string{"help", "nonesuch"}},
	{"explain-suppression", []string{"explain", "suppression"}},
	{"explain-alias", []string{"explain", "ruleset-layer-unknown"}},

	{"layers-lantern-road", []string{"layers", "../examples/lantern-road"}},
	{"layers-lantern-road-json", []string{"layers", "--json", "../examples/lantern-road"}},
	{"layers-lantern-road-on", []string{"layers", "--on", "long_dark,midsummer,toll_war,lean_years,nope", "../examples/lantern-road"}},
	{"layers-lantern-road-on-json", []string{"layers", "--json", "--on", "long_dark,midsummer,toll_war,lean_years,nope", "../examples/lantern-road"}},
	{"layers-mirefall", []string{"layers", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"layers-mirefall-on", []string{"layers", "--on", "high_water,lean_trade,bog_law,fog_years", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"layers-mirefall-on-json", []string{"layers", "--json", "--on", "high_water,lean_trade,bog_law,fog_years", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"layers-broken-road", []string{"layers", "--on", "bad_layer", "testdata/cli/broken-road"}},
	{"layers-broken-road-json", []string{"layers", "--json", "testdata/cli/broken-road"}},
	{"layers-unreadable", []string{"layers", "testdata/cli/unreadable"}},

	{"i18n-lantern-road", []string{"i18n", "../examples/lantern-road"}},
	{"i18n-lantern-road-json", []string{"i18n", "--json", "../examples/lantern-road"}},
	{"i18n-lantern-road-lang", []string{"i18n", "--lang", "pt-BR", "--engine-lang", "pt-BR", "../examples/lantern-road"}},
	{"i18n-lantern-road-lang-json", []string{"i18n", "--json", "--lang", "pt-BR", "--engine-lang", "pt-BR", "../examples/lantern-road"}},
	{"i18n-mirefall", []string{"i18n", "--engine-lang", "de", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"i18n-mirefall-json", []string{"i18n", "--json", "--engine-lang", "de", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"i18n-mirefall-entry", []string{"i18n", "--lang", "de", "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"i18n-mirefall-entry-json", []string{"i18n", "--json", "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"i18n-broken-road", []string{"i18n", "testdata/cli/broken-road"}},
	{"i18n-broken-road-json", []string{"i18n", "--json", "testdata/cli/broken-road"}},
	{"i18n-unreadable", []string{"i18n", "testdata/cli/unreadable"}},

	{"migrate-lantern-road", []string{"migrate", "../examples/lantern-road"}},
	{"migrate-lantern-road-json", []string{"migrate", "--json", "../examples/lantern-road"}},
	{"migrate-mirefall", []string{"migrate", "../examples/mirefall/mirefall-1.0.0.ruleset.json", "../examples/lantern-road/saves/fighter3.json"}},
	{"migrate-mirefall-json", []string{"migrate", "--json", "../examples/mirefall/mirefall-1.0.0.ruleset.json", "../examples/lantern-road/saves/fighter3.json"}},
	{"migrate-mirefall-no-saves", []string{"migrate", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"migrate-broken-road", []string{"migrate", "testdata/cli/broken-road"}},
	{"migrate-broken-road-json", []string{"migrate", "--json", "testdata/cli/broken-road"}},
	{"migrate-unreadable-json", []string{"migrate", "--json", "testdata/cli/unreadable"}},

	{"diff-lantern-road", []string{"diff", "../examples/lantern-road", lanternNext}},
	{"diff-lantern-road-json", []string{"diff", "--json", "../examples/lantern-road", lanternNext}},
	{"diff-lantern-road-markdown", []string{"diff", "--format", "markdown", "../examples/lantern-road", lanternNext}},
	{"diff-newer-first", []string{"diff", lanternNext, "../examples/lantern-road"}},
	{"diff-same-exit-code", []string{"diff", "--exit-code", "../examples/lantern-road", "../examples/lantern-road"}},
	{"diff-other-ruleset", []string{"diff", "../examples/lantern-road", "../examples/mirefall/mirefall-1.0.0.ruleset.json"}},
	{"changelog-lantern-road", []string{"changelog", "--date", "2026-12-08", "../examples/lantern-road", lanternNext}},
}

// TestCLIGolden holds the exit code, stdout and stderr of each golden case
// to its file; go test -run TestCLIGolden -update rewrites the files.
func TestCLIGolden(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			if seen[tc.name] {
				t.Fatalf("two golden cases are named %s", tc.name)
			}
			seen[tc.name] = true
			code, out, errOut := runCLI(tc.args...)
			got := fmt.Sprintf("$ rulebench %s\nexit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(tc.args, " "), code, out, errOut)
			file := filepath.Join("testdata", "golden", tc.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -run TestCLIGolden -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("the output differs from %s (go test -run TestCLIGolden -update rewrites it):\n%s", file, firstDifference(string(want), got))
			}
		})
	}
}

// TestCLIGoldenFilesUsed fails on a golden file no case writes, so that a
// renamed case leaves no stale file behind.
func TestCLIGoldenFilesUsed(t *testing.T) {
	names := map[string]bool{}
	for _, tc := range goldenCases {
		names[tc.name+".golden"] = true
	}
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !names[filepath.Base(f)] {
			t.Errorf("%s belongs to no golden case", f)
		}
	}
}

// firstDifference shows the first line where want and got part, with the
// lines around it.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d\nwant: %q\n got: %q", i+1, wl, gl)
		}
	}
	return "(the same lines; the ends differ)"
}

// checkAll is what `rulebench check` reports on a workspace: every
// finding of its analysis.
func checkAll(ws *model.Workspace) []model.Diagnostic {
	return analysis.Run(ws, analysis.Options{}).Findings
}
