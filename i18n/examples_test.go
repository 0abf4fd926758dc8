package i18n

import (
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// The expected numbers in this file come from examples/README.md (§1.6 and
// §2.1), where the examples' author designed and counted them, not from
// rulebench's output. Word counts follow CountWords; the README counts
// whitespace-separated words, which TestExampleWords checks separately.

func loadExample(t *testing.T, path string) *model.Workspace {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, filepath.Join("..", "examples", path))
	if err != nil {
		t.Fatalf("the example %s is missing: %v", path, err)
	}
	return ws
}

type wantCoverage struct {
	lang                                       string
	translated, viaBase, empty, missing, stale int
}

func checkCoverage(t *testing.T, r *Report, want []wantCoverage) {
	t.Helper()
	if len(r.Languages) != len(want) {
		t.Fatalf("%d languages, want %d", len(r.Languages), len(want))
	}
	for i, w := range want {
		l := r.Languages[i]
		c := l.Coverage
		got := wantCoverage{l.Lang, c.Translated, c.ViaBase, c.Empty, c.Missing, len(l.Stale)}
		if got != w {
			t.Errorf("coverage\n got %+v\nwant %+v", got, w)
		}
	}
}

func TestExampleLanternRoad(t *testing.T) {
	ws := loadExample(t, "lantern-road")
	r := Analyze(ws)
	if len(r.Strings()) != 325 {
		t.Errorf("%d display strings, want 325", len(r.Strings()))
	}
	// Files in name order: en (no ruleset section, not a language), fr,
	// pt-BR, pt.
	checkCoverage(t, r, []wantCoverage{
		{"fr", 194, 0, 1, 130, 0},
		{"pt-BR", 127, 95, 2, 101, 2},
		{"pt", 97, 0, 0, 228, 0},
	})
	ptBR, _ := r.Language("pt-BR")
	stale := map[string]string{}
	for _, s := range ptBR.Stale {
		stale[s.English] = r.Nearest(s.English)
	}
	if len(stale) != 2 || stale["Road luck die"] != "Road-luck die" || stale["Guild favour"] != "Guild favor" {
		t.Errorf("pt-BR stale keys %v", stale)
	}
	for english, want := range map[string]State{"Glasswork": Empty, "Ward-song": Empty, "Will-o'-wick": ViaBase, "Road-luck die": Missing, "Guild favor": Missing} {
		if got := ptBR.Show(english).State; got != want {
			t.Errorf("pt-BR %q: %s, want %s", english, got, want)
		}
	}
	if got := ptBR.Show("Will-o'-wick").Text; got != "Fogo-fátuo de pavio" {
		t.Errorf("pt-BR shows %q for Will-o'-wick", got)
	}
	for english, want := range map[string]string{"Ghoul": "Carniçal", "Tin lantern": "Lanterna de lata"} {
		if got := ptBR.Show(english); got.Text != want || got.State != Translated {
			t.Errorf("pt-BR %q shows %+v; its own value wins over pt", english, got)
		}
	}
	fr, _ := r.Language("fr")
	if got := fr.Show("Lamp-blind"); got.State != Empty || got.Text != "Lamp-blind" {
		t.Errorf("fr Lamp-blind: %+v", got)
	}
	pt, _ := r.Language("pt")
	for _, tt := range []struct {
		l    *Language
		want string
	}{{fr, "Goule 2"}, {ptBR, "Carniçal 2"}, {pt, "Necrófago 2"}} {
		if got := tt.l.ShowName("Ghoul 2").Text; got != tt.want {
			t.Errorf("%s shows Ghoul 2 as %q, want %q", tt.l.Lang, got, tt.want)
		}
	}
	for _, tt := range []struct{ engine, kept, discarded string }{
		{"pt-BR", "pt-BR pt", "fr"},
		{"fr", "fr", "pt pt-BR"},
		{"de", "", "fr pt pt-BR"},
	} {
		imp, err := r.ImportChoice(tt.engine, nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(imp.Kept, " ") != tt.kept || strings.Join(imp.Discarded, " ") != tt.discarded {
			t.Errorf("Engine %s keeps %v and discards %v; want [%s] and [%s]", tt.engine, imp.Kept, imp.Discarded, tt.kept, tt.discarded)
		}
	}
	// Two stale keys are the only translation findings.
	ds := Check(ws)
	onlyCodes(t, ds, "warning locale-stale", "warning locale-stale")
}

func TestExampleMirefall(t *testing.T) {
	ws := loadExample(t, "mirefall/mirefall-1.0.0.ruleset.json")
	r := Analyze(ws)
	if len(r.Strings()) != 129 {
		t.Errorf("%d display strings, want 129", len(r.Strings()))
	}
	checkCoverage(t, r, []wantCoverage{
		{"de", 66, 0, 0, 63, 0},
		{"pt-BR", 115, 0, 0, 14, 0},
	})
	// The entry beside the artifact is checked, not taken for a pack: its
	// de listing has the wrong checksum (as designed).
	onlyCodes(t, Check(ws), "error entry-sha256")

	entry, ds, err := LoadEntry(model.OSFS{}, filepath.Join("..", "examples", "mirefall", "mirefall-1.0.0.entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	onlyCodes(t, ds)
	artifact := readFileForTest(t, ws.RulesetFile)
	ds = r.Findings(ws, entry, artifact)
	d := findOne(t, ds, "entry-sha256")
	onlyCodes(t, ds, "error entry-sha256")
	if d.Path != "locales.de.sha256" || !strings.Contains(d.Message, "dc906b29") {
		t.Errorf("the de checksum finding: %s", d)
	}
	// Installing in de falls back to English; in pt-BR it fetches pt-BR.
	imp, _ := r.ImportChoice("de", entry)
	if len(imp.Kept) != 0 || strings.Join(imp.Refused, " ") != "de" {
		t.Errorf("Engine de: kept %v, refused %v", imp.Kept, imp.Refused)
	}
	imp, _ = r.ImportChoice("pt-BR", entry)
	if strings.Join(imp.Kept, " ") != "pt-BR" || imp.Fetched != "pt-BR" || strings.Join(imp.Discarded, " ") != "de" {
		t.Errorf("Engine pt-BR: %+v", imp)
	}
}

// TestExampleWords checks the display strings' text against the README's
// whitespace word counts, and records the CountWords totals (worked out by
// a separate regular-expression script over the same strings).
func TestExampleWords(t *testing.T) {
	for _, tt := range []struct {
		path                string
		whitespace, unicode int
	}{
		{"lantern-road", 1264, 1291},
		{"mirefall/mirefall-1.0.0.ruleset.json", 379, 390},
	} {
		r := Analyze(loadExample(t, tt.path))
		ws := 0
		for _, s := range r.Strings() {
			ws += len(strings.Fields(s.Text))
		}
		if ws != tt.whitespace {
			t.Errorf("%s: %d whitespace-separated words, want %d", tt.path, ws, tt.whitespace)
		}
		if r.Words() != tt.unicode {
			t.Errorf("%s: %d words, want %d", tt.path, r.Words(), tt.unicode)
		}
	}
}

// TestFixturesHaveNoTranslationErrors runs the checks on the three real
// rulesets (from the shared data): they carry no translations, so nothing
// is found.
func TestFixturesHaveNoTranslationErrors(t *testing.T) {
	for _, f := range modeltest.FixtureFiles(t, false) {
		ws, err := model.Load(model.OSFS{}, f)
		if err != nil {
			t.Fatal(err)
		}
		if ds := Check(ws); len(ds) != 0 {
			t.Errorf("%s: %v", f, ds)
		}
		r := Analyze(ws)
		if len(r.Strings()) == 0 {
			t.Errorf("%s: no display strings", f)
		}
		for _, s := range r.Strings() {
			if s.Text == "name" {
				t.Errorf("%s: the attack source's column id \"name\" is not a display string", f)
			}
		}
	}
}
