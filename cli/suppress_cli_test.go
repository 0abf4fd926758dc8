package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/analysis/report"
	"rulebench/model/modeltest"
)

// SARIF keeps the suppressed findings, marked with their kind and reason.
func TestCheckSARIFMarksSuppressed(t *testing.T) {
	code, out, errOut := runCLI("check", "--format", "sarif", "testdata/walk/suppressed")
	if code != exitFindings {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	plain := 0
	for _, r := range log.Runs[0].Results {
		if len(r.Suppressions) == 0 {
			plain++
			continue
		}
		kinds[r.Suppressions[0].Kind] = r.Suppressions[0].Justification
		if r.RuleID != "unknown-key" {
			t.Errorf("suppressed %s", r.RuleID)
		}
	}
	if plain != 4 || kinds["inSource"] != "the old sheet reader still writes it" || kinds["external"] != `ignored by rulebench.json for "legacy/"` {
		t.Errorf("%d unsuppressed, suppressions %v", plain, kinds)
	}
}

// check --json lists the suppressed findings apart, each with its reason;
// the contract's keys stay as they were.
func TestCheckJSONSuppressed(t *testing.T) {
	code, out, _ := runCLI("check", "--json", "testdata/walk/suppressed")
	var doc report.Checks
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings || len(doc.Results) != 2 {
		t.Fatalf("exit %d %v\n%s", code, err, out)
	}
	for _, r := range doc.Results {
		if len(r.Suppressed) != 1 || r.Suppressed[0].Code != "unknown-key" || r.Suppressed[0].Reason == "" {
			t.Errorf("%s: suppressed %+v", r.Path, r.Suppressed)
		}
		for _, d := range r.Diagnostics {
			if d.Code == "unknown-key" {
				t.Errorf("%s: a suppressed finding among the diagnostics: %v", r.Path, d)
			}
		}
	}
}

// A configuration file that cannot be used stops the run with exit 2,
// saying where it is wrong; --select and --ignore take known names only.
func TestCheckBadConfiguration(t *testing.T) {
	root := t.TempDir()
	modeltest.WriteTree(t, root, map[string]string{
		"r.json":         string(modeltest.Base()),
		"rulebench.json": `{"ignore": ["locale-stale", "no-such-code"]}`,
	})
	code, out, errOut := runCLI("check", filepath.Join(root, "r.json"))
	if code != exitUsage || out != "" || !strings.Contains(errOut, `rulebench.json:1:29: error: ignore.1: "no-such-code" is no finding code or category`) || !strings.Contains(errOut, "[config-invalid]") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := runCLI("check", "--ignore", "locale-stal", "../examples/lantern-road"); code != exitUsage || !strings.Contains(errOut, `"locale-stal" is no finding code`) {
		t.Errorf("--ignore: exit %d %s", code, errOut)
	}
	// The Engine's underscore codes are taken with hyphens too.
	if code, _, errOut := runCLI("check", "--ignore", "ruleset-layer-conflict", "../examples/lantern-road"); code != exitOK {
		t.Errorf("an alias: exit %d %s", code, errOut)
	}
}

// fix walks a folder and takes several PATHs, writes with -w into each,
// and makes no fix of a finding --ignore suppresses.
func TestFixWalksAndTakesSeveralPaths(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"lantern-road", "mirefall"} {
		if err := os.CopyFS(filepath.Join(root, "all", name), os.DirFS(filepath.Join("../examples", name))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(filepath.Join(root, "broken"), os.DirFS("testdata/cli/broken-road")); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join(root, "all", "mirefall", "mirefall-1.0.0.entry.json")
	manifest := filepath.Join(root, "broken", "manifest.json")
	before := readText(t, manifest)
	code, out, errOut := runCLI("fix", "-w", "--ignore", "manifest-sha256", filepath.Join(root, "all"), filepath.Join(root, "broken"))
	if code != exitOK || !strings.Contains(out, entry) || !strings.Contains(out, manifest) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	after := readText(t, manifest)
	if after == before || !strings.Contains(after, `"bytes": 72013`) || !strings.Contains(after, `"sha256": "c53ddfd16a618682c14b7433b54d2733cbaaf0b3f6e6824888c4938bf42cc254"`) {
		t.Errorf("the sizes are fixed and the ignored checksums are not:\n%s", after)
	}
	if _, out, _ := runCLI("check", "-q", filepath.Join(root, "all")); out != "" && strings.Contains(out, "entry-sha256") {
		t.Errorf("the entry is not fixed:\n%s", out)
	}
	// One unreadable PATH: nothing is written.
	if err := os.WriteFile(filepath.Join(root, "broken", "manifest.json"), []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI("fix", "-w", filepath.Join(root, "broken"), filepath.Join(root, "missing.json"))
	if code != exitUsage || !strings.Contains(errOut, "nothing was written") || readText(t, manifest) != before {
		t.Errorf("exit %d %s", code, errOut)
	}
}
