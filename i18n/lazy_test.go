package i18n

import (
	"reflect"
	"sync"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// listed tells whether a report has listed its display strings: collect
// always gives an index, so a nil one means the walk has not run.
func listed(r *Report) bool { return r.index != nil }

// TestAnalyzeWithoutLocalesListsNoStrings guards the cost of a plain
// `rulebench check`: with no locale file and no catalog entry nothing needs
// the display strings, so Analyze and Findings must not walk the ruleset
// for them. Asked for, they are what Strings gives.
func TestAnalyzeWithoutLocalesListsNoStrings(t *testing.T) {
	lone, err := model.Load(fstest.MapFS{"demo.json": {Data: []byte(tinyRuleset)}}, "demo.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, ws := range map[string]*model.Workspace{
		"a ruleset file":           lone,
		"a package with no locale": packageWS(t, tinyRuleset, nil),
		"an artifact alone":        artifactWS(t, tinyRuleset, nil),
	} {
		t.Run(name, func(t *testing.T) {
			if ws.Ruleset == nil || len(ws.Locales) != 0 {
				t.Fatalf("the workspace has ruleset %v and %d locale files; the test needs a ruleset and none", ws.Ruleset != nil, len(ws.Locales))
			}
			r := Analyze(ws)
			if ds := r.Findings(ws, nil, ws.RulesetSource); len(ds) != 0 {
				t.Errorf("findings: %v", ds)
			}
			if listed(r) {
				t.Fatal("Analyze and Findings listed the display strings of a workspace without locale files")
			}
			want := Strings(ws.Ruleset)
			if got := r.Strings(); !reflect.DeepEqual(got, want) {
				t.Errorf("Strings() = %v, want %v", got, want)
			}
			words := 0
			for _, s := range want {
				words += s.Words
			}
			if r.Words() != words || words != 7 {
				t.Errorf("Words() = %d, want %d (and 7)", r.Words(), words)
			}
			for wi, w := range want {
				if i, ok := r.Index(w.Text); !ok || i != wi {
					t.Errorf("Index(%q) = %d, %v; want %d, true", w.Text, i, ok, wi)
				}
			}
		})
	}
}

// TestAnalyzeWithLocalesMapsKeys: with a locale file the strings are
// listed at once (its keys are mapped onto them), and the states agree.
func TestAnalyzeWithLocalesMapsKeys(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{"fr.json": localeJSON("fr", `"Demo": "Démo", "Old": "Vieux"`)})
	r := Analyze(ws)
	if !listed(r) {
		t.Fatal("a locale file was read but the display strings were not listed")
	}
	if len(r.Languages) != 1 || r.Languages[0].Coverage.Translated != 1 || len(r.Languages[0].Stale) != 1 {
		t.Fatalf("languages %+v", r.Languages)
	}
}

// TestReportLazyConcurrent: the first use may come from several goroutines
// at once (run with -race).
func TestReportLazyConcurrent(t *testing.T) {
	ws := packageWS(t, tinyRuleset, nil)
	r := Analyze(ws)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			switch i % 4 {
			case 0:
				if len(r.Strings()) != len(tinyStrings) {
					t.Errorf("%d strings", len(r.Strings()))
				}
			case 1:
				if r.Words() != 7 {
					t.Errorf("%d words", r.Words())
				}
			case 2:
				if _, ok := r.Index("Prone"); !ok {
					t.Error("Prone not indexed")
				}
			default:
				if l, err := r.Language("de"); err != nil || len(l.States) != len(tinyStrings) {
					t.Errorf("de: %v, %v", l, err)
				}
			}
		})
	}
	wg.Wait()
}
