package i18n

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// tinyRuleset has six display strings: Demo, A demo., Hard, Goblin, Stab
// and Prone. Its shape is not what these tests are about.
const tinyRuleset = `{
  "schemaVersion": 1, "id": "demo", "version": 1, "name": "Demo",
  "coverage": {"summary": "A demo."},
  "resolution": {"kind": "dice-sum", "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {"version": 1, "live": {"conditions": [{"id": "prone", "label": "Prone"}]}},
  "gm": {"checkGuidance": "Ask for checks."},
  "catalogs": [{"id": "foes", "label": "Goblin", "holds": "creatures",
    "entries": [{"id": "goblin", "label": "Goblin", "creature": {"tier": "t", "actions": [{"id": "stab", "name": "Stab"}]}}]}]
}`

// tinyStrings are tinyRuleset's display strings in order.
var tinyStrings = []string{"Demo", "A demo.", "Hard", "Goblin", "Stab", "Prone"}

// localeJSON builds a locale file for lang with the given ruleset section
// (raw JSON members, or "" for no ruleset section).
func localeJSON(lang, ruleset string) string {
	s := `{"$schema": "https://example.com/s.json", "_meta": {"locale": "` + lang + `", "direction": "ltr"}, "package": {"name": "Demo"}`
	if ruleset != "" {
		s += `, "ruleset": {` + ruleset + `}`
	}
	return s + "}"
}

// packageWS loads a package folder holding ruleset and the given locale
// files (file name → content).
func packageWS(t *testing.T, ruleset string, locales map[string]string) *model.Workspace {
	t.Helper()
	// The manifest lists every locale file: an unlisted one is not part of
	// the package.
	fsys := fstest.MapFS{"pkg/ruleset.json": {Data: []byte(ruleset)}}
	files := []string{fmt.Sprintf(`{"path": "ruleset.json", "bytes": %d}`, len(ruleset))}
	for name, content := range locales {
		fsys["pkg/locales/"+name] = &fstest.MapFile{Data: []byte(content)}
		files = append(files, fmt.Sprintf(`{"path": "locales/%s", "bytes": %d}`, name, len(content)))
	}
	fsys["pkg/manifest.json"] = &fstest.MapFile{Data: []byte(`{"schemaVersion": 2, "files": [` + strings.Join(files, ", ") + `]}`)}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// artifactWS loads a catalog artifact demo-1.0.0.ruleset.json with the
// given files beside it (file name → content).
func artifactWS(t *testing.T, ruleset string, files map[string]string) *model.Workspace {
	t.Helper()
	fsys := fstest.MapFS{"art/demo-1.0.0.ruleset.json": {Data: []byte(ruleset)}}
	for name, content := range files {
		fsys["art/"+name] = &fstest.MapFile{Data: []byte(content)}
	}
	ws, err := model.Load(fsys, "art/demo-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// codes lists the codes of the findings, with their severities, as
// "error locale-meta".
func codes(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Severity.String()+" "+string(d.Code))
	}
	return out
}

// findOne returns the only finding with the code, failing otherwise.
func findOne(t *testing.T, ds []model.Diagnostic, code model.Code) model.Diagnostic {
	t.Helper()
	var found []model.Diagnostic
	for _, d := range ds {
		if d.Code == code {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want exactly one %s finding, got %d in %s", code, len(found), strings.Join(codes(ds), ", "))
	}
	return found[0]
}

// onlyCodes fails unless the findings' codes are exactly want, in order.
func onlyCodes(t *testing.T, ds []model.Diagnostic, want ...string) {
	t.Helper()
	got := codes(ds)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		var lines []string
		for _, d := range ds {
			lines = append(lines, d.String())
		}
		t.Fatalf("findings:\n  got  %q\n  want %q\n%s", got, want, strings.Join(lines, "\n"))
	}
}

// readFileForTest reads a file as the CLI does, with its size and checksum.
func readFileForTest(t *testing.T, name string) *model.File {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return &model.File{Name: name, Data: data, Bytes: int64(len(data))}
}
