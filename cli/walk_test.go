package cli

import (
	"os"
	"path/filepath"
	"rulebench/model/modeltest"
	"slices"
	"strings"
	"testing"
)

func TestCheckTargetsWalksAFolder(t *testing.T) {
	root := t.TempDir()
	const ruleset = `{"resolution": {}, "sheet": {}}`
	modeltest.WriteTree(t, root, map[string]string{
		"pkg/manifest.json":        `{}`,
		"pkg/ruleset.json":         ruleset,
		"pkg/locales/de.json":      `{}`,
		"pkg/nested/other.json":    ruleset, // inside a package: the package's business
		"cat/x-1.0.0.ruleset.json": ruleset,
		"cat/x-1.0.0.de.json":      ruleset, // a pack of x: belongs to it
		"cat/x-1.0.0.entry.json":   `{}`,
		"cat/y-2.0.0.ruleset.json": ruleset,
		"loose.json":               `{"sheet": {"abilities": []}, "id": "z", "resolution": {"dice": {}}}`,
		"notes.json":               `{"resolution": {}}`,
		"list.json":                `[{"resolution": {}, "sheet": {}}]`,
		"late-break.json":          `{"resolution": {}, "sheet": {}, oops`,
		"early-break.json":         `{"resolution": oops, "sheet": {}}`,
		"readme.txt":               ruleset,
		".git/objects/r.json":      ruleset,
		".hidden/r.json":           ruleset,
		"node_modules/dep/r.json":  ruleset,
		"deep/a/b/c.json":          ruleset,
		"deep/a/saves/s.json":      `{"v": 1, "build": {}, "live": {}}`,
		"one/z-1.0.0.ruleset.json": ruleset,
		"one/z-1.0.0.pt-BR.json":   `{}`,
		"index/catalog.json":       `{"packages": [{"manifest": {}, "artifact": {"url": "q.zip"}}]}`,
		"index/entry.json":         `{"manifest": {}, "artifact": {"url": "q.zip"}}`,
		"index/empty.json":         `{"packages": []}`,
	})
	if err := os.Symlink(filepath.Join(root, "pkg"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	walk := checkTargets([]string{root})
	got := walk.targets
	want := []string{
		filepath.Join(root, "early-break.json"),
		filepath.Join(root, "late-break.json"),
		filepath.Join(root, "loose.json"),
		filepath.Join(root, "cat", "x-1.0.0.ruleset.json"),
		filepath.Join(root, "cat", "y-2.0.0.ruleset.json"),
		filepath.Join(root, "deep", "a", "b", "c.json"),
		filepath.Join(root, "index", "catalog.json"),
		filepath.Join(root, "index", "entry.json"),
		filepath.Join(root, "one", "z-1.0.0.ruleset.json"),
		filepath.Join(root, "pkg"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("targets:\n%q\nwant:\n%q", got, want)
	}
	skipped := []string{filepath.Join(root, "list.json"), filepath.Join(root, "notes.json"), filepath.Join(root, "deep", "a", "saves", "s.json"), filepath.Join(root, "index", "empty.json")}
	if !slices.Equal(walk.skipped, skipped) {
		t.Errorf("skipped:\n%q\nwant:\n%q", walk.skipped, skipped)
	}
}

// A PATH that is a file, a package or an artifact folder is checked as
// given; so is a folder with nothing to check, and a path that does not
// exist (reading it reports why).
func TestCheckTargetsKeepsUnits(t *testing.T) {
	root := t.TempDir()
	modeltest.WriteTree(t, root, map[string]string{
		"pkg/manifest.json":        `{}`,
		"art/a-1.0.0.ruleset.json": `{}`,
		"empty/readme.txt":         "",
		"file.json":                `{}`,
	})
	in := []string{filepath.Join(root, "pkg"), filepath.Join(root, "art"), filepath.Join(root, "empty"),
		filepath.Join(root, "file.json"), filepath.Join(root, "missing")}
	if got := checkTargets(in).targets; !slices.Equal(got, in) {
		t.Errorf("targets %q, want %q", got, in)
	}
}

// Broken rulesets in a walked folder are checked, and fail, never skipped:
// a BOM, a doubled comma, a leading comment, single quotes. The files left
// out are counted, and a folder too deep to walk is named with exit 2.
func TestCheckWalkReportsBrokenRulesets(t *testing.T) {
	root := t.TempDir()
	good, err := os.ReadFile(examplesDir + "/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	modeltest.WriteTree(t, root, map[string]string{
		"good.json":          text,
		"bom.json":           "\ufeff" + text,
		"commas.json":        strings.Replace(text, ",", ",,", 1),
		"comment.json":       "// a ruleset\n" + text,
		"quotes.json":        `{'resolution': {'kind': 'dice-sum'}, 'sheet': {}}`,
		"notes.json":         `{"title": "not a ruleset"}`,
		"other/answers.json": `[1, 2, 3]`,
	})
	code, out, errOut := runCLI("check", root)
	if code != exitFindings {
		t.Errorf("exit %d, want 1\n%s\n%s", code, out, errOut)
	}
	_, out, _ = runCLI("check", "--verbose", root) // a line for every path checked, clean ones too
	for _, name := range []string{"bom.json", "commas.json", "comment.json", "quotes.json"} {
		if !strings.Contains(out, filepath.Join(root, name)+":") {
			t.Errorf("%s is not reported:\n%s", name, out)
		}
	}
	if !strings.Contains(errOut, "skipped 2 *.json files that are not a ruleset") || strings.Contains(errOut, "notes.json") {
		t.Errorf("the skipped files are not counted: %q", errOut)
	}
	_, _, errOut = runCLI("check", "--verbose", root)
	if !strings.Contains(errOut, filepath.Join(root, "notes.json")) {
		t.Errorf("--verbose does not name the skipped files: %q", errOut)
	}

	tall := t.TempDir()
	deep := tall
	for i := 0; i <= maxWalkDepth+1; i++ {
		deep = filepath.Join(deep, "d")
	}
	modeltest.WriteTree(t, tall, map[string]string{"good.json": text})
	modeltest.WriteTree(t, deep, map[string]string{"r.json": text})
	code, _, errOut = runCLI("check", tall)
	if code != exitUsage || !strings.Contains(errOut, "folders deep and was not checked") {
		t.Errorf("a folder too deep: exit %d, %q", code, errOut)
	}
}
