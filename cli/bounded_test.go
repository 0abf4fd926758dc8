package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// manyConflicts is the base ruleset with one layer that names n unknown
// layers in its conflicts.
func manyConflicts(t testing.TB, n int) string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("%q", fmt.Sprintf("gone_%d", i))
	}
	text := strings.Replace(string(modeltest.Base()), `"conflicts": ["lean_times"]`, `"conflicts": [`+strings.Join(ids, ", ")+`]`, 1)
	if text == string(modeltest.Base()) {
		t.Fatal("the base ruleset's conflicts are not where the test expects")
	}
	p := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The layer and migration passes cap their findings on one file like the
// reading and format passes: the first MaxFileFindings, then one that
// counts the rest; SARIF stays within code scanning's 25,000 results.
func TestEveryPassCapsItsFindings(t *testing.T) {
	const n = 3 * model.MaxFileFindings
	p := manyConflicts(t, n)
	code, out, _ := runCLI("check", "--json", p)
	var doc struct {
		Diagnostics []model.Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings {
		t.Fatalf("exit %d, %v", code, err)
	}
	var layers, counted int
	for _, d := range doc.Diagnostics {
		if d.Category == model.Layers {
			layers++
		}
		if d.Code == model.CodeTooManyFindings && d.Category == model.Layers {
			counted++
			if !strings.Contains(d.Message, fmt.Sprint(n-model.MaxFileFindings)) {
				t.Errorf("the count says %q", d.Message)
			}
		}
	}
	if layers != model.MaxFileFindings+1 || counted != 1 {
		t.Errorf("%d layer findings (%d counting the rest), want %d and 1", layers, counted, model.MaxFileFindings+1)
	}
}

// SARIF keeps the most severe findings up to its cap, with a note saying
// how many are left out.
func TestSARIFCapsResults(t *testing.T) {
	var ds []model.Diagnostic
	for i := range sarifMaxResults + 10 {
		sev := model.Warning
		if i%2 == 0 {
			sev = model.Error
		}
		ds = append(ds, model.Diagnostic{Severity: sev, Code: "x", File: "r.json", Line: i + 1, Column: 1, Message: "m"})
	}
	log := buildSARIF(ds, nil, "")
	run := log.Runs[0]
	if len(run.Results) != sarifMaxResults || len(run.Invocations) != 1 ||
		!strings.Contains(run.Invocations[0].Notifications[0].Message.Text, "10 more findings") {
		t.Fatalf("%d results, invocations %+v", len(run.Results), run.Invocations)
	}
	errors := 0
	for _, r := range run.Results {
		if r.Level == "error" {
			errors++
		}
	}
	if errors != (sarifMaxResults+10+1)/2 {
		t.Errorf("%d errors kept; every error should be", errors)
	}
}
