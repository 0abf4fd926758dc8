package tui

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/i18n"
	"rulebench/model"
)

// ferryWithFrench is the Ferry Crossing package with another French file.
func ferryWithFrench(t *testing.T, fr string) Config {
	t.Helper()
	fsys := ferryFS()
	fsys["ferry/locales/fr.json"] = &fstest.MapFile{Data: []byte(fr)}
	return Config{
		Workspace: loadFerry(t, fsys),
		Reload:    func() (*model.Workspace, error) { return model.Load(fsys, "ferry") },
		Check:     ferryFindings,
		FS:        fsys,
		Theme:     "dark",
	}
}

// questionable is a French file with one translation for each of several
// quality checks, and a value that is not text.
const questionable = `{ "_meta": { "locale": "fr", "direction": "ltr" }, "ruleset": {
  "Ferry Crossing": "Ferry Crossing",
  "River crossings for tests.": "Traversées pour les tests",
  "Oar": "Rame (2)",
  "Green": 42
} }`

// Issue 27, must hold 5: w goes through the quality filters (any check,
// then each in turn, then every string), the header names the one shown,
// and a string's detail lists what the checks question.
func TestTranslationQualityFilters(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryWithFrench(t, questionable), 100, 30), "4", "enter")
	steps := []struct {
		header string
		rows   []string
	}{
		{"showing any check (3)", []string{"Ferry Crossing", "River crossings for tests.", "Oar"}},
		{"showing check: same as English (1)", []string{"Ferry Crossing"}},
		{"showing check: white space (0)", nil},
		{"showing check: end punctuation (1)", []string{"River crossings for tests."}},
		{"showing check: numbers (1)", []string{"Oar"}},
		{"showing check: brackets (1)", []string{"Oar"}},
		{"showing check: far longer (0)", nil},
		{"showing all strings", nil},
	}
	for i, step := range steps {
		a = keysTo(t, a, "w")
		s := screen(a)
		if !strings.Contains(s, step.header) {
			t.Errorf("w ×%d: the header does not say %q:\n%s", i+1, step.header, s)
		}
		if step.header == "showing all strings" {
			if len(a.trans().rows) != len(a.snap.report().Strings()) {
				t.Errorf("after the last check: %d rows", len(a.trans().rows))
			}
			continue
		}
		if got := tableTexts(a); !slices.Equal(got, step.rows) {
			t.Errorf("w ×%d: rows %q, want %q", i+1, got, step.rows)
		}
		if len(step.rows) == 0 && !strings.Contains(s, "No translation is questioned by the check") {
			t.Errorf("w ×%d: an empty filter does not say so:\n%s", i+1, s)
		}
	}
	// The numbers filter on Oar: its detail names the checks.
	a = keysTo(t, a, "w", "w", "w", "w", "w")
	s := screen(a)
	for _, want := range []string{"numbers: the English has no numbers, the translation 2", "[translation-numbers]", "brackets: "} {
		if !strings.Contains(s, want) {
			t.Errorf("the detail of Oar lacks %q:\n%s", want, s)
		}
	}
	// Another filter key leaves the quality filter.
	if a = keysTo(t, a, "u"); a.trans().filter != filterUntranslated || a.trans().check != 0 {
		t.Errorf("u after w: filter %v, check %d", a.trans().filter, a.trans().check)
	}
}

// Issue 26, A4: the search keeps only strings whose English or shown text
// contains the query; a match never runs across the two ("rr" is in no
// text of Oar, shown Rame, though a fuzzy match of "Oar  Rame" finds it).
func TestTranslationSearchContains(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 100, 30)
	for _, q := range []string{"rr", "ner", "o", "OA", "e c", "am"} {
		a = keysTo(t, a, "4", "enter")
		keys := append([]string{"/"}, strings.Split(q, "")...)
		for i, k := range keys {
			if k == " " {
				keys[i] = "space"
			}
		}
		a = keysTo(t, a, append(keys, "enter")...)
		for _, r := range a.trans().rows {
			english, shown := a.trans().rowText(r)
			if !strings.Contains(strings.ToLower(english), strings.ToLower(q)) && !strings.Contains(strings.ToLower(shown), strings.ToLower(q)) {
				t.Errorf("search %q keeps %q (shown %q)", q, english, shown)
			}
		}
		if q == "am" && (len(a.trans().rows) == 0 || !slices.Contains(tableTexts(a), "Oar")) {
			t.Errorf("search am: rows %q, want Oar (shown Rame)", tableTexts(a))
		}
		a = keysTo(t, a, "esc", "esc")
	}
}

// Issue 26, A9: a string whose key holds a value that is not text is not
// "in no file": the detail names the file and line that has it.
func TestTranslationDetailWrongType(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryWithFrench(t, questionable), 120, 36), "4", "enter", "/", "G", "r", "e", "e", "n", "enter")
	if got := tableTexts(a); len(got) == 0 || got[0] != "Green" {
		t.Fatalf("search Green: %q", got)
	}
	s := screen(a)
	if strings.Contains(s, "no file has it") || !strings.Contains(s, "locales/fr.json:5:") || !strings.Contains(s, "value that is not text") {
		t.Errorf("the detail of Green does not say fr.json has it with the wrong type:\n%s", s)
	}
}

// Issue 27, must hold 7: e on a missing string opens the language's file
// where its key belongs: after the member of the string before it (in
// the order of first use) that the file has, on the next line of a file
// written one member a line.
func TestBelongsSpot(t *testing.T) {
	ws, err := model.Load(model.OSFS{}, "../examples/lantern-road")
	if err != nil {
		t.Fatal(err)
	}
	r := i18n.Analyze(ws)
	pt := r.Locale("pt")
	strs := r.Strings()
	checked := 0
	for i, s := range strs {
		if _, ok := pt.Lookup(s.Text); ok {
			continue
		}
		at, ok := belongsSpot(r, pt, i)
		if !ok || at.file != pt.Name() {
			t.Fatalf("%q: %v %v", s.Text, at, ok)
		}
		// The string before it that the file has.
		prev := -1
		for j := i - 1; j >= 0; j-- {
			if _, ok := pt.Lookup(strs[j].Text); ok {
				prev = j
				break
			}
		}
		if prev < 0 {
			continue
		}
		k, _ := pt.Lookup(strs[prev].Text)
		if at.line != k.Node.KeyPos().Line+1 || at.col != k.Node.KeyPos().Column {
			t.Errorf("%q belongs at %d:%d, after %q at %d:%d", s.Text, at.line, at.col, strs[prev].Text, k.Node.KeyPos().Line, k.Node.KeyPos().Column)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no missing string of pt was checked")
	}
	// A file with no ruleset section: at its closing brace.
	en := r.Locale("en")
	if at, ok := belongsSpot(r, en, 0); !ok || at.line != strings.Count(strings.TrimRight(string(en.File.Data), "\n"), "\n")+1 {
		t.Errorf("en.json (no ruleset section): %v %v", at, ok)
	}
}
