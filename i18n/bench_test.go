package i18n

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// bigWorkspace builds a package whose ruleset has n display strings (five
// catalogs of entries with a label and a summary each, plus the few the
// ruleset needs) and a locale file for each of langs: about two thirds
// translated, some empty, the rest missing, and ten stale keys each.
func bigWorkspace(tb testing.TB, n int, langs []string) *model.Workspace {
	tb.Helper()
	// Name, summary, one ladder step and five catalog labels, then ten
	// strings per entry across the five catalogs; extra ladder steps make
	// up the rest.
	perCatalog := (n - 8) / 10
	var english []string
	ladder := []string{`{"label": "Hard", "dc": 15}`}
	for i := 0; i < (n-8)%10; i++ {
		step := fmt.Sprintf("Step %d", i)
		english = append(english, step)
		ladder = append(ladder, fmt.Sprintf(`{"label": %q, "dc": %d}`, step, i))
	}
	var b strings.Builder
	b.WriteString(`{"schemaVersion": 1, "id": "big", "version": 1, "name": "Big",
	  "coverage": {"summary": "A big ruleset."},
	  "resolution": {"kind": "dice-sum", "difficultyLadder": [` + strings.Join(ladder, ",") + `]},
	  "sheet": {"version": 1}, "gm": {"checkGuidance": "g"}, "catalogs": [`)
	for c := 0; c < 5; c++ {
		if c > 0 {
			b.WriteString(",")
		}
		label := fmt.Sprintf("Catalog %d", c)
		english = append(english, label)
		fmt.Fprintf(&b, `{"id": "c%d", "label": %q, "holds": "items", "entries": [`, c, label)
		for e := 0; e < perCatalog; e++ {
			if e > 0 {
				b.WriteString(",")
			}
			l := fmt.Sprintf("Item %d of catalog %d", e, c)
			s := fmt.Sprintf("A fine thing, number %d in the %d list, worth a look.", e, c)
			english = append(english, l, s)
			fmt.Fprintf(&b, `{"id": "e%d", "label": %q, "summary": %q, "item": {"category": "x"}}`, e, l, s)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}")
	fsys := fstest.MapFS{
		"big/manifest.json": {Data: []byte(`{}`)},
		"big/ruleset.json":  {Data: []byte(b.String())},
	}
	for li, lang := range langs {
		var members []string
		for i, s := range english {
			switch (i + li) % 9 {
			case 0, 1, 2, 3, 4, 5:
				members = append(members, fmt.Sprintf("%q: %q", s, "«"+s+"»"))
			case 6:
				members = append(members, fmt.Sprintf("%q: %q", s, ""))
			}
		}
		for i := 0; i < 10; i++ {
			members = append(members, fmt.Sprintf("%q: %q", fmt.Sprintf("Item %d of catalogue %d", i*7, li), "x"))
		}
		fsys["big/locales/"+lang+".json"] = &fstest.MapFile{Data: []byte(localeJSON(lang, strings.Join(members, ",\n")))}
	}
	ws, err := model.Load(fsys, "big")
	if err != nil {
		tb.Fatal(err)
	}
	return ws
}

var benchLangs = []string{"de", "fr", "ja", "pt", "pt-BR"}

func TestBigWorkspace(t *testing.T) {
	ws := bigWorkspace(t, 5000, benchLangs)
	r := Analyze(ws)
	if len(r.Strings()) != 5000 {
		t.Fatalf("%d display strings, want 5000", len(r.Strings()))
	}
	if len(r.Languages) != 5 {
		t.Fatalf("%d languages", len(r.Languages))
	}
	for _, l := range r.Languages {
		c := l.Coverage
		if c.Translated == 0 || c.Empty+c.ViaBase == 0 || c.Missing == 0 || len(l.Stale) != 10 {
			t.Errorf("%s: %+v, %d stale", l.Lang, c, len(l.Stale))
		}
		for _, s := range l.Stale {
			if near := r.Nearest(s.English); !strings.HasPrefix(near, "Item ") {
				t.Errorf("%s: stale %q nearest %q", l.Lang, s.English, near)
			}
		}
	}
	if pt, _ := r.Language("pt-BR"); pt.Coverage.ViaBase == 0 {
		t.Error("pt-BR should read some strings via pt")
	}
}

// BenchmarkAnalyze measures the whole translation picture for five
// languages on a ruleset with 5,000 display strings: listing the strings,
// reading the five parsed locale files, each string's state per language,
// coverage, and 50 stale keys with their nearest strings. Parsing the JSON
// is model.Load's work and not measured. Target: at most 5 ms/op.
func BenchmarkAnalyze(b *testing.B) {
	ws := bigWorkspace(b, 5000, benchLangs)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if r := Analyze(ws); len(r.Languages) != 5 {
			b.Fatal("languages")
		}
	}
}

// BenchmarkLanguage measures one language's states and coverage over
// 5,000 strings, what the workbench redoes when the language changes.
func BenchmarkLanguage(b *testing.B) {
	r := Analyze(bigWorkspace(b, 5000, benchLangs))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := r.Language("pt-BR"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNearest measures finding the nearest of 5,000 strings for one
// stale key.
func BenchmarkNearest(b *testing.B) {
	r := Analyze(bigWorkspace(b, 5000, nil))
	n := newNearest(r.Strings())
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		clear(n.memo)
		n.left = maxNearCells
		if near, _ := n.find("Item 700 of catalogue 3"); near == "" {
			b.Fatal("no nearest")
		}
	}
}

// BenchmarkCheck measures Check on the same workspace: Analyze plus the
// 50 stale-key warnings with their nearest-string hints, in a ruleset
// whose 5,000 strings are nearly alike (the hints' worst case).
func BenchmarkCheck(b *testing.B) {
	ws := bigWorkspace(b, 5000, benchLangs)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if ds := Check(ws); len(ds) != 50 {
			b.Fatal(len(ds))
		}
	}
}
