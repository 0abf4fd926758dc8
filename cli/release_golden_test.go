package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// releaseGoldenCases are the runs of new and pack whose whole output is
// held in testdata/golden-release, in order (a case may read what an
// earlier one wrote). $TMP in an argument is a temporary folder shared by
// the cases, and is written $TMP in the output too.
var releaseGoldenCases = []struct {
	name string
	args []string
}{
	{"help-new", []string{"help", "new"}},
	{"help-pack", []string{"help", "pack"}},
	{"new-dice-pool", []string{"new", "--kind", "dice-pool", "$TMP/bog-runners"}},
	{"new-not-empty", []string{"new", "$TMP/bog-runners"}},
	{"new-from-mirefall", []string{"new", "--from", "../examples/mirefall/mirefall-1.0.0.ruleset.json", "$TMP/mirefall"}},
	{"pack-lantern-road", []string{"pack", "--out", "$TMP/road", "../examples/lantern-road"}},
	{"pack-lantern-road-again", []string{"pack", "--out", "$TMP/road", "../examples/lantern-road"}},
	{"pack-lantern-road-check", []string{"pack", "--check", "--out", "$TMP/road", "../examples/lantern-road"}},
	{"pack-lantern-road-check-other-base", []string{"pack", "--check", "--url-base", "https://example.org/road", "--out", "$TMP/road", "../examples/lantern-road"}},
	{"pack-mirefall-package", []string{"pack", "--url-base", "https://example.org/mire/", "$TMP/mirefall"}},
	{"pack-broken-road", []string{"pack", "--out", "$TMP/broken", "testdata/cli/broken-road"}},
	{"pack-artifact", []string{"pack", "../examples/mirefall"}},
}

// TestReleaseGolden holds the exit code, stdout and stderr of each case
// to its file; go test -run TestReleaseGolden -update rewrites them.
func TestReleaseGolden(t *testing.T) {
	tmp := t.TempDir()
	for _, tc := range releaseGoldenCases {
		args := make([]string, len(tc.args))
		for i, a := range tc.args {
			args[i] = strings.ReplaceAll(a, "$TMP", tmp)
		}
		code, out, errOut := runCLI(args...)
		got := fmt.Sprintf("$ rulebench %s\nexit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(tc.args, " "), code, out, errOut)
		got = strings.ReplaceAll(got, tmp, "$TMP")
		file := filepath.Join("testdata", "golden-release", tc.name+".golden")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test -run TestReleaseGolden -update to write it)", err)
		}
		if got != string(want) {
			t.Errorf("%s: the output differs from %s (go test -run TestReleaseGolden -update rewrites it):\n%s", tc.name, file, firstDifference(string(want), got))
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden-release", "*.golden"))
	if len(files) != len(releaseGoldenCases) {
		t.Errorf("%d files in testdata/golden-release for %d cases: remove the stale ones", len(files), len(releaseGoldenCases))
	}
}
