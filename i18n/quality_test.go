package i18n

import (
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// Issue 27, must hold 5: each quality check finds what it is about, and
// nothing in translations that differ only as languages do.
func TestQuality(t *testing.T) {
	for _, tc := range []struct {
		english, translation string
		want                 []model.Code
	}{
		{"Ask the way", "Ask the way", []model.Code{CodeTranslationSame}},
		{"Totem", "Totem", nil}, // one word: often the same in the language
		{"HP 12", "HP 12", nil}, // no lower-case letter
		{"Gold: ", "Or :", []model.Code{CodeTranslationSpace}},
		{" left", "gauche", []model.Code{CodeTranslationSpace}},
		{"Choose a calling:", "Choisissez une vocation :", nil},
		{"Choose a calling:", "Choisissez une vocation", []model.Code{CodeTranslationPunctuation}},
		{"Ready?", "准备好了？", nil},
		{"It ends.", "終わりだ。", nil},
		{"Wait...", "Attendez…", nil},
		{"Say \"go.\"", "Dites « allez. »", nil},
		{"Heals 2 wounds", "Soigne 3 blessures", []model.Code{CodeTranslationNumbers}},
		{"Costs 1,000 crowns", "Coûte 1 000 couronnes", nil},
		{"DC 15", "CD ١٥", nil}, // Arabic-Indic digits
		{"Heals 2 wounds", "Soigne deux blessures", []model.Code{CodeTranslationNumbers}},
		{"Torch (lit)", "Fackel (brennend)", nil},
		{"Torch (lit)", "松明（点灯）", nil},
		{"Torch (lit)", "Fackel brennend", []model.Code{CodeTranslationBrackets}},
		{"Hello {name}", "Bonjour {nom}", []model.Code{CodeTranslationBrackets}},
		{"Deals %d damage", "Inflige %d dégâts", nil},
		{"Deals %d damage", "Inflige des dégâts", []model.Code{CodeTranslationBrackets}},
		{"HP", "Points de vie restants du personnage", []model.Code{CodeTranslationLength}},
		{"Pathfinding", "Encontrar caminhos", nil},
		{"Torch", "", nil}, // untranslated: nothing to check
	} {
		var got []model.Code
		for _, q := range Quality(tc.english, tc.translation) {
			got = append(got, q.Code)
			if q.Message == "" {
				t.Errorf("%q → %q: %s with no message", tc.english, tc.translation, q.Code)
			}
		}
		if strings.Join(codeStrings(got), " ") != strings.Join(codeStrings(tc.want), " ") {
			t.Errorf("%q → %q: %v, want %v", tc.english, tc.translation, got, tc.want)
		}
	}
}

func codeStrings(cs []model.Code) []string {
	var out []string
	for _, c := range cs {
		out = append(out, string(c))
	}
	return out
}

// The quality findings come with the translation findings of Check, at
// the translation's value, with their severities.
func TestQualityFindings(t *testing.T) {
	ruleset := `{
  "schemaVersion": 1, "id": "demo", "version": 1, "name": "Demo",
  "resolution": {"kind": "dice-sum", "difficultyLadder": [
    {"label": "Ask the way", "dc": 1}, {"label": "Gold: ", "dc": 2}, {"label": "Choose one:", "dc": 3},
    {"label": "Heals 2 wounds", "dc": 4}, {"label": "Torch (lit)", "dc": 5}, {"label": "HP", "dc": 6}]}
}`
	fr := localeJSON("fr", `"Ask the way": "Ask the way", "Gold: ": "Or :", "Choose one:": "Choisissez",
    "Heals 2 wounds": "Soigne 3 blessures", "Torch (lit)": "Torche allumée", "HP": "Points de vie restants du personnage"`)
	ws := packageWS(t, ruleset, map[string]string{"fr.json": fr})
	var ds []model.Diagnostic
	for _, d := range Check(ws) {
		if strings.HasPrefix(string(d.Code), "translation-") {
			ds = append(ds, d)
		}
	}
	onlyCodes(t, ds, "info translation-same", "warning translation-space", "info translation-punctuation",
		"warning translation-numbers", "warning translation-brackets", "info translation-length")
	if d := ds[3]; d.Path != "ruleset.Heals 2 wounds" || d.Line != 2 {
		t.Errorf("the numbers finding is at %s line %d", d.Path, d.Line)
	}
}

// Issue 27, must hold 5: no quality check but translation-same finds
// anything in the published rulesets' display strings compared with
// themselves, nor in the examples' translations.
func TestQualityNoFalsePositiveOnFixtures(t *testing.T) {
	for _, dir := range []string{"../examples/lantern-road", "../examples/mirefall"} {
		ws, err := model.Load(model.OSFS{}, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range Check(ws) {
			if strings.HasPrefix(string(d.Code), "translation-") {
				t.Errorf("%s: %s", dir, d)
			}
		}
	}
}

// Issue 27, must hold 5: on the published rulesets, each display string
// compared with itself gives no quality finding but translation-same.
func TestQualityFixturesAgainstThemselves(t *testing.T) {
	n := 0
	for _, p := range modeltest.FixtureFiles(t, false) {
		ws, err := model.Load(model.OSFS{}, p)
		if err != nil || ws.Ruleset == nil {
			continue
		}
		for _, s := range Analyze(ws).Strings() {
			n++
			for _, q := range Quality(s.Text, s.Text) {
				if q.Code != CodeTranslationSame {
					t.Errorf("%s: %q against itself: %s", p, s.Text, q.Message)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no display strings in the fixtures")
	}
}

// A long hostile translation (many unclosed braces, digits and
// separators) is checked in time proportional to its length.
func BenchmarkQualityHostile(b *testing.B) {
	english := strings.Repeat("{", 200_000)
	translation := strings.Repeat("{1,", 200_000)
	for b.Loop() {
		Quality(english, translation)
	}
}

// RenamedSince pairs a reworded string with the current one by the id of
// the item it is in, not its position: an item inserted before it changes
// nothing, and a string whose item is gone pairs with nothing.
func TestRenamedSinceByID(t *testing.T) {
	old := `{"schemaVersion": 1, "id": "demo", "version": 1, "name": "Demo",
  "resolution": {"kind": "dice-sum", "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {"version": 1, "live": {"conditions": [{"id": "prone", "label": "Prone"}, {"id": "dazed", "label": "Dazed"}]}}}`
	now := strings.Replace(strings.Replace(old, `{"id": "prone", "label": "Prone"}`, `{"id": "hidden", "label": "Hidden"}, {"id": "prone", "label": "Knocked down"}`, 1), `{"id": "dazed", "label": "Dazed"}`, "", 1)
	now = strings.Replace(now, `"Knocked down"}, ]`, `"Knocked down"}]`, 1)
	oldWS := packageWS(t, old, nil)
	ws := packageWS(t, now, nil)
	got := RenamedSince(oldWS, Analyze(oldWS), ws, Analyze(ws))
	if len(got) != 1 || got["Prone"] != "Knocked down" {
		t.Errorf("RenamedSince = %v, want Prone → Knocked down only", got)
	}
}
