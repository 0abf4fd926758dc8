package model_test

import (
	"os"
	"path/filepath"
	"testing"

	"rulebench/model"
)

// fixturesDir holds the Marinara Engine's published rulesets beside the
// repository; the tests that need them skip when it is absent.
const fixturesDir = "../../shared/fixtures/marinara"

func fixtureFiles(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(fixturesDir, "*.json"))
	variants, _ := filepath.Glob(filepath.Join(fixturesDir, "variants", "*.json"))
	files = append(files, variants...)
	if len(files) == 0 {
		t.Skip("no fixtures at " + fixturesDir)
	}
	return files
}

// TestFixturesLoadClean loads the three published rulesets and the 300
// machine-made variants: the Engine accepts them all, so the model must
// find nothing to report.
func TestFixturesLoadClean(t *testing.T) {
	files := fixtureFiles(t)
	for _, name := range files {
		ws, err := model.Load(model.OSFS{}, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if ws.Ruleset == nil {
			t.Errorf("%s: no ruleset", name)
		}
		for _, d := range ws.Diagnostics {
			t.Errorf("%s", d)
		}
	}
	if len(files) < 303 {
		t.Logf("only %d fixture files", len(files))
	}
}

// TestFixturesRoundTrip checks the parser against encoding/json on real
// files: the same tree. The variants differ little, so every tenth will do.
func TestFixturesRoundTrip(t *testing.T) {
	for i, name := range fixtureFiles(t) {
		if i >= 3 && i%10 != 0 {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		assertSameAsEncodingJSON(t, name, data)
	}
}
