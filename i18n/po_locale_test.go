package i18n

import (
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// A fuzzy entry writes nothing, whatever its msgstr: not a translation,
// and not an empty one that would empty the value (or remove the package's
// name); each is a po-fuzzy warning. The one entry that is not fuzzy is
// written.
func TestMergePOFuzzyWritesNothing(t *testing.T) {
	locale := localeJSON("fr", `"Hard": "Difficile", "Goblin": "Gobelin", "Stab": "Estoc"`)
	fsys := fstest.MapFS{
		"pkg/manifest.json":   {Data: []byte(`{"schemaVersion": 2, "name": "Demo"}`)},
		"pkg/ruleset.json":    {Data: []byte(tinyRuleset)},
		"pkg/locales/fr.json": {Data: []byte(locale)},
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	r := Analyze(ws)
	po, ds := ReadPO("fr.po", []byte(`msgid ""
msgstr "Language: fr\n"

#, fuzzy
msgid "Hard"
msgstr ""

#, fuzzy
msgid "Goblin"
msgstr "Lutin"

#, fuzzy
msgctxt "package.name"
msgid "Demo"
msgstr ""

#, fuzzy
msgid "Prone"
msgstr ""

msgid "Stab"
msgstr ""
`))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	m, err := MergePO(ws, r, po, "fr.po")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(locale, `"Stab": "Estoc"`, `"Stab": ""`, 1)
	if string(m.Data) != want || m.Written != 1 {
		t.Errorf("%d values written:\n%s\nwant one:\n%s", m.Written, m.Data, want)
	}
	var lines []int
	for _, d := range m.Findings {
		if d.Code != CodePOFuzzy || d.Severity != model.Warning {
			t.Errorf("finding %v", d)
		}
		lines = append(lines, d.Line)
	}
	if len(lines) != 4 || lines[0] != 5 || lines[1] != 9 || lines[2] != 14 || lines[3] != 18 {
		t.Errorf("po-fuzzy on lines %v, want 5, 9, 14 and 18", lines)
	}
}
