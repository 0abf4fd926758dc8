package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis"
	"rulebench/internal/gitrev/gitrevtest"
	"rulebench/migrate"
	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// baseCheckCodes runs check --json with args and returns its exit code and the
// codes of its findings, in order.
func baseCheckCodes(t *testing.T, args ...string) (int, []model.Code, []model.Diagnostic) {
	t.Helper()
	code, out, errOut := runCLI(append([]string{"check", "--json"}, args...)...)
	var doc struct {
		Diagnostics []model.Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check %v: exit %d, %v; stderr %q", args, code, err, errOut)
	}
	var codes []model.Code
	for _, d := range doc.Diagnostics {
		codes = append(codes, d.Code)
	}
	return code, codes, doc.Diagnostics
}

// check --base HEAD~1, in a repository whose last commit changed a
// ruleset, adds the release rules to what check finds: each case's edit
// adds exactly its codes, as errors, and the exit status 1; a proper
// release (version raised, sheet unchanged) adds nothing.
func TestCheckBaseReleaseRules(t *testing.T) {
	needLanternRoad(t)
	c, err := migratetest.LanternCase(lanternRoadDir, migratetest.Rename)
	if err != nil {
		t.Fatal(err)
	}
	published := c.Old // the example as one file, catalogs inline
	cases := []struct {
		name string
		edit func(doc map[string]any)
		want []model.Code
	}{
		{"bytes changed, version stayed", func(doc map[string]any) {
			doc["name"] = "Lantern Road, revised"
		}, []model.Code{analysis.CodeReleaseVersionUnchanged}},
		{"a stored id gone, sheet.version stayed", func(doc map[string]any) {
			doc["version"] = doc["version"].(float64) + 1
			sheet := doc["sheet"].(map[string]any)
			fields := sheet["fields"].([]any)
			sheet["fields"] = slices.DeleteFunc(fields, func(f any) bool { return f.(map[string]any)["id"] == "road_story" })
		}, []model.Code{migrate.CodeSinceLost, migrate.CodeSinceVersionUnchanged}},
		{"a published entry deleted", func(doc map[string]any) {
			doc["version"] = doc["version"].(float64) + 1
			sheet := doc["sheet"].(map[string]any)
			sheet["migrations"] = sheet["migrations"].([]any)[1:]
		}, []model.Code{migrate.CodeSinceEntryDeleted}},
		{"a published entry changed", func(doc map[string]any) {
			doc["version"] = doc["version"].(float64) + 1
			sheet := doc["sheet"].(map[string]any)
			step := sheet["migrations"].([]any)[1].(map[string]any)["steps"].([]any)[0].(map[string]any)
			step["$comment"] = "a comment is not a change"
			step["to"] = "level_other"
		}, []model.Code{migrate.CodeSinceEntryChanged}},
		{"a proper release", func(doc map[string]any) {
			doc["version"] = doc["version"].(float64) + 1
			doc["name"] = "Lantern Road, revised"
		}, nil},
	}
	// Each case runs with the published version on disk as the base (no
	// git needed), then at HEAD~1 of a repository: the same codes.
	for _, tc := range cases {
		t.Run(tc.name+"/on disk", func(t *testing.T) {
			dir := t.TempDir()
			old, cur := filepath.Join(dir, "old.json"), filepath.Join(dir, "r.json")
			for _, p := range []string{old, cur} {
				if err := os.WriteFile(p, published, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			editRuleset(t, cur, tc.edit)
			checkBaseAdds(t, old, cur, tc.want, tc.name)
		})
		t.Run(tc.name+"/at HEAD~1", func(t *testing.T) {
			r := gitrevtest.New(t)
			r.Write("r.json", published)
			r.Commit("published")
			editRuleset(t, r.Path("r.json"), tc.edit)
			r.Commit("next")
			checkBaseAdds(t, "HEAD~1", r.Path("r.json"), tc.want, tc.name)
		})
	}
}

// checkBaseAdds holds check --base base PATH to add exactly the codes want
// to what check PATH finds, as errors, and to exit 1 when it adds any.
func checkBaseAdds(t *testing.T, base, path string, want []model.Code, name string) {
	t.Helper()
	plainCode, plain, _ := baseCheckCodes(t, path)
	code, got, ds := baseCheckCodes(t, "--base", base, path)
	if !slices.Equal(got[:min(len(plain), len(got))], plain) {
		t.Fatalf("the findings without --base %v are not first among those with it %v", plain, got)
	}
	added := got[len(plain):]
	if !slices.Equal(added, want) {
		t.Errorf("--base added %v, want %v", added, want)
	}
	for _, d := range ds[len(plain):] {
		if d.Severity != model.Error || d.Line < 1 || d.Message == "" {
			t.Errorf("finding %+v", d)
		}
		if _, ok := analysis.LookupCode(d.Code); !ok {
			t.Errorf("%s is not a registered code", d.Code)
		}
	}
	wantCode := plainCode
	if len(want) > 0 {
		wantCode = exitFindings
	}
	if code != wantCode {
		t.Errorf("exit %d, want %d (without --base %d)", code, wantCode, plainCode)
	}
	if len(want) > 0 && plainCode != exitOK && name != "a published entry deleted" && name != "a published entry changed" {
		t.Errorf("check without --base exits %d: the case does not show that --base makes the exit 1", plainCode)
	}
}

// The text output names each release finding with its code, and a
// ruleset the base revision does not have (a new one) has nothing to
// compare; a folder is walked and each ruleset compared with its own path.
func TestCheckBaseTextAndWalk(t *testing.T) {
	needLanternRoad(t)
	c, err := migratetest.LanternCase(lanternRoadDir, migratetest.Rename)
	if err != nil {
		t.Fatal(err)
	}
	r := gitrevtest.New(t)
	r.Write("a/r.json", c.Old)
	r.Commit("published")
	r.Write("b/new.json", c.Old)
	editRuleset(t, r.Path("a/r.json"), func(doc map[string]any) { doc["name"] = "Changed" })
	r.Commit("next")
	code, out, errOut := runCLI("check", "--base", "HEAD~1", r.Dir)
	if code != exitFindings || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if n := strings.Count(out, "[release-version-unchanged]"); n != 1 || !strings.Contains(out, "r.json changed since HEAD~1:a/r.json, but version is still 6") {
		t.Errorf("%d release findings in:\n%s", n, out)
	}
	// A file on disk as the base compares one PATH only.
	code, _, errOut = runCLI("check", "--base", r.Path("a/r.json"), r.Path("a/r.json"), r.Path("b/new.json"))
	if code != exitUsage || !strings.Contains(errOut, "a file or folder as the base compares a single PATH") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// ... and with one PATH it is compared as a revision would be.
	old := t.TempDir() + "/old.json"
	if err := os.WriteFile(old, c.Old, 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, _ := baseCheckCodes(t, "--base", old, r.Path("a/r.json"))
	if code != exitFindings || !slices.Contains(got, analysis.CodeReleaseVersionUnchanged) {
		t.Errorf("exit %d, %v", code, got)
	}
}
