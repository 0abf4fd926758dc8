package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis/report"
	"rulebench/model/modeltest"
)

// checkJSON runs check --json on args and decodes a single-path document.
func checkJSON(t *testing.T, args ...string) (int, report.Check) {
	t.Helper()
	code, out, errOut := runCLI(append([]string{"check", "--json"}, args...)...)
	var doc report.Check
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check --json %v: not a document: %v\n%s%s", args, err, out, errOut)
	}
	return code, doc
}

// A folder with packages, artifacts and ruleset files below it, and a
// broken ruleset among them.
func lintTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range []string{"lantern-road", "mirefall"} {
		if err := os.CopyFS(filepath.Join(root, "rulesets", name), os.DirFS(filepath.Join("../examples", name))); err != nil {
			t.Fatal(err)
		}
	}
	modeltest.WriteTree(t, root, map[string]string{
		"rulesets/broken/wild.json": `{"schemaVersion": 1, "id": "wild", "resolution": {"dice": {}}, "sheet": {"colour": 1}}`,
		"rulesets/notes.json":       `{"todo": ["translate"]}`,
	})
	return root
}

// Checking many paths in one call gives each the findings it has alone,
// and the worst exit code of all.
func TestCheckManyPathsMatchesEachAlone(t *testing.T) {
	root := lintTree(t)
	paths := []string{filepath.Join(root, "rulesets")}
	if dir := modeltest.SharedDir(); dir != "" {
		for _, f := range []string{"5e-2014.json", "ember-roads.json", "gravewatch.json"} {
			paths = append(paths, filepath.Join(fixtures(t), f))
		}
	}
	code, out, errOut := runCLI(append([]string{"check", "--json"}, paths...)...)
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (the broken file and mirefall's checksum)\n%s", code, errOut)
	}
	var doc report.Checks
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not a document: %v\n%s", err, out)
	}
	var got []string
	for _, r := range doc.Results {
		got = append(got, strings.TrimPrefix(r.Path, root+string(filepath.Separator)))
	}
	want := []string{"rulesets/broken/wild.json", "rulesets/lantern-road", "rulesets/mirefall/mirefall-1.0.0.ruleset.json"}
	if len(paths) > 1 {
		want = append(want, paths[1:]...)
	}
	if doc.SchemaVersion != 1 || doc.OK || !slices.Equal(got, want) {
		t.Fatalf("schemaVersion %d, ok %v, paths %q; want %q", doc.SchemaVersion, doc.OK, got, want)
	}
	for _, r := range doc.Results {
		_, alone := checkJSON(t, r.Path)
		a, _ := json.Marshal(alone)
		m, _ := json.Marshal(r.Check)
		if string(a) != string(m) {
			t.Errorf("%s: in one call\n%s\nalone\n%s", r.Path, m, a)
		}
	}
	if doc.Results[1].OK != true || doc.Results[0].OK || len(doc.Results[0].Diagnostics) == 0 {
		t.Errorf("lantern-road ok %v; wild.json ok %v with %d findings", doc.Results[1].OK, doc.Results[0].OK, len(doc.Results[0].Diagnostics))
	}
	// with --verbose the text output reports each path with its summary line
	_, text, _ := runCLI(append([]string{"check", "--verbose"}, paths...)...)
	for _, p := range want {
		if !strings.Contains(text, p+": ") {
			t.Errorf("text output has no summary for %s", p)
		}
	}
}

// One PATH that is a file, package or artifact keeps its single-path
// document; an unreadable one still yields a document, with exit 2.
func TestCheckUnreadablePathYieldsADocument(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	code, doc := checkJSON(t, missing)
	if code != exitUsage || doc.OK || len(doc.Diagnostics) != 1 {
		t.Fatalf("exit %d, %+v", code, doc)
	}
	d := doc.Diagnostics[0]
	if d.Code != "unreadable" || d.Category.String() != "reading" || d.File != missing || !strings.Contains(d.Message, "no such file") {
		t.Errorf("finding %+v", d)
	}
	// beside a readable path: the document of both, exit 2
	code, out, _ := runCLI("check", "--json", missing, "../examples/lantern-road")
	var multi report.Checks
	if err := json.Unmarshal([]byte(out), &multi); err != nil || code != exitUsage || multi.OK || len(multi.Results) != 2 || !multi.Results[1].OK {
		t.Errorf("exit %d, %v, %s", code, err, out)
	}
	// text: the read error on stderr, the other path checked
	code, out, errOut := runCLI("check", "--verbose", missing, "../examples/lantern-road")
	if code != exitUsage || !strings.Contains(errOut, "cannot read "+missing) || !strings.Contains(out, "../examples/lantern-road: 0 errors") {
		t.Errorf("text: exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestCheckFailOnWarning(t *testing.T) {
	dir := t.TempDir()
	clean, path := filepath.Join(dir, "clean.json"), filepath.Join(dir, "warned.json")
	warned := strings.Replace(string(modeltest.Base()), `"schemaVersion": 1,`, `"schemaVersion": 1, "$schema": 5,`, 1)
	if err := os.WriteFile(path, []byte(warned), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(clean, modeltest.Base(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("check", path)
	if code != exitOK || !strings.Contains(out, "0 errors, 1 warning") {
		t.Fatalf("without --fail-on: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI("check", "--fail-on", "warning", path); code != exitFindings {
		t.Errorf("--fail-on warning: exit %d, want 1", code)
	}
	if code, _, _ := runCLI("check", "--fail-on", "warning", clean); code != exitOK {
		t.Errorf("--fail-on warning on a clean file: exit %d", code)
	}
}

// The text output ends each finding with its code.
func TestCheckTextShowsTheCode(t *testing.T) {
	_, out, _ := runCLI("check", "../examples/mirefall")
	if !strings.Contains(out, "error: locales.de.sha256: ") || !strings.Contains(out, "[entry-sha256]\n") {
		t.Errorf("no code in\n%s", out)
	}
}

// Every result of --format sarif names a rule of the log's rule list, and
// --format github writes one workflow command a finding.
func TestCheckSARIFAndGitHubFormats(t *testing.T) {
	root := lintTree(t)
	code, out, _ := runCLI("check", "--format", "sarif", filepath.Join(root, "rulesets"))
	if code != exitFindings {
		t.Errorf("sarif: exit %d", code)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("sarif: %v\n%s", err, out)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	if len(log.Runs[0].Results) == 0 {
		t.Fatal("sarif: no results")
	}
	for _, r := range log.Runs[0].Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s at rule index %d", r.RuleID, r.RuleIndex)
		}
	}
	_, jsonOut, _ := runCLI("check", "--json", filepath.Join(root, "rulesets"))
	var doc report.Checks
	json.Unmarshal([]byte(jsonOut), &doc)
	n := 0
	for _, r := range doc.Results {
		n += len(r.Diagnostics)
	}
	if len(log.Runs[0].Results) != n {
		t.Errorf("sarif has %d results, json %d findings", len(log.Runs[0].Results), n)
	}
	code, out, _ = runCLI("check", "--format", "github", filepath.Join(root, "rulesets"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitFindings || len(lines) != n {
		t.Errorf("github: exit %d, %d lines for %d findings", code, len(lines), n)
	}
	for _, l := range lines {
		if !workflowCommand.MatchString(l) {
			t.Errorf("github: not a workflow command: %q", l)
		}
	}
}

// BenchmarkCheckVariants checks the 300 machine-made variants of the shared
// fixtures in one call, as a CI job would (target: under 1 s a call).
func BenchmarkCheckVariants(b *testing.B) {
	dir := filepath.Join(fixtures(b), "variants")
	for b.Loop() {
		if code, _, errOut := runCLI("check", "--format", "json", dir); code == exitUsage {
			b.Fatal(errOut)
		}
	}
}
