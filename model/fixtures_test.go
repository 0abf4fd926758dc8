package model_test

import (
	"os"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestFixturesLoadClean loads the three published rulesets and the 300
// machine-made variants: the Engine accepts them all, so the model must
// find nothing to report.
func TestFixturesLoadClean(t *testing.T) {
	files := modeltest.FixtureFiles(t, true)
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
	for i, name := range modeltest.FixtureFiles(t, true) {
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
