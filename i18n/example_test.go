package i18n_test

import (
	"fmt"
	"strings"
	"testing/fstest"

	"rulebench/i18n"
	"rulebench/model"
)

// A package with a Brazilian Portuguese translation that leans on a
// European Portuguese base.
var demo = fstest.MapFS{
	"demo/ruleset.json": {Data: []byte(`{"schemaVersion": 1, "id": "demo", "version": 1, "name": "Goblin Hill",
	  "coverage": {"summary": "Goblins on a hill."},
	  "resolution": {"kind": "dice-sum", "difficultyLadder": [{"label": "Hard", "dc": 15}]},
	  "sheet": {"version": 1, "live": {"conditions": [{"id": "prone", "label": "Prone"}]}},
	  "gm": {"checkGuidance": "Ask for checks."},
	  "catalogs": [{"id": "foes", "label": "Foes", "holds": "creatures",
	    "entries": [{"id": "goblin", "label": "Goblin", "creature": {"tier": "minor"}}]}]}`)},
	"demo/locales/pt-BR.json": {Data: []byte(`{"_meta": {"locale": "pt-BR", "direction": "ltr"},
	  "ruleset": {"Goblin Hill": "Colina dos Goblins", "Goblin": "Goblim", "Hard": "", "Prone ": "Caído"}}`)},
	"demo/locales/pt.json": {Data: []byte(`{"_meta": {"locale": "pt", "direction": "ltr"},
	  "ruleset": {"Hard": "Difícil", "Foes": "Inimigos"}}`)},
}

// The manifest lists the ruleset and both locale files, with their sizes.
func init() {
	var files []string
	for _, name := range []string{"ruleset.json", "locales/pt-BR.json", "locales/pt.json"} {
		files = append(files, fmt.Sprintf(`{"path": %q, "bytes": %d}`, name, len(demo["demo/"+name].Data)))
	}
	demo["demo/manifest.json"] = &fstest.MapFile{Data: []byte(`{"schemaVersion": 2, "files": [` + strings.Join(files, ", ") + `]}`)}
}

func ExampleAnalyze() {
	ws, _ := model.Load(demo, "demo")
	r := i18n.Analyze(ws)
	fmt.Println(len(r.Strings()), "display strings,", r.Words(), "words")
	for _, l := range r.Languages {
		c := l.Coverage
		fmt.Printf("%s: %d translated, %d via base, %d empty, %d missing, %d stale: %.1f%%\n",
			l.Lang, c.Translated, c.ViaBase, c.Empty, c.Missing, len(l.Stale), c.Percent())
	}
	for _, d := range r.Findings(ws, nil, nil) {
		fmt.Println(d)
	}
	// Output:
	// 6 display strings, 10 words
	// pt-BR: 2 translated, 2 via base, 0 empty, 2 missing, 1 stale: 66.6%
	// pt: 2 translated, 0 via base, 0 empty, 4 missing, 0 stale: 33.3%
	// demo/locales/pt-BR.json:2:85: warning: ruleset.Prone : "Prone " matches no display string of the ruleset (a stale key); the nearest current string is "Prone"
}

func ExampleLanguage_ShowName() {
	ws, _ := model.Load(demo, "demo")
	ptBR, _ := i18n.Analyze(ws).Language("pt-BR")
	for _, name := range []string{"Goblin", "Goblin 2", "Hard", "Foes 3", "Prone"} {
		s := ptBR.ShowName(name)
		fmt.Printf("%s → %s (%s, from %s)\n", name, s.Text, s.State, s.Lang)
	}
	// Output:
	// Goblin → Goblim (translated, from pt-BR)
	// Goblin 2 → Goblim 2 (translated, from pt-BR)
	// Hard → Difícil (via base, from pt)
	// Foes 3 → Inimigos 3 (via base, from pt)
	// Prone → Prone (missing, from en)
}

func ExampleReport_ImportChoice() {
	ws, _ := model.Load(demo, "demo")
	r := i18n.Analyze(ws)
	for _, lang := range []string{"pt-BR", "de"} {
		imp, _ := r.ImportChoice(lang, nil)
		fmt.Printf("Engine in %s keeps %v, discards %v\n", imp.EngineLang, imp.Kept, imp.Discarded)
	}
	_, err := r.ImportChoice("pt", nil)
	fmt.Println(err)
	// Output:
	// Engine in pt-BR keeps [pt-BR pt], discards []
	// Engine in de keeps [], discards [pt pt-BR]
	// pt is not one of the Engine's languages
}

func ExampleNumbered() {
	ru := map[string]string{"Goblin": "Гоблин"}
	translate := func(s string) (string, bool) { t, ok := ru[s]; return t, ok }
	fmt.Println(i18n.Numbered("Goblin 2", translate))
	fmt.Println(i18n.Numbered("Orc 2", translate))
	// Output:
	// Гоблин 2
	// Orc 2
}

func ExampleParseTag() {
	for _, code := range []string{"pt-br", "zh-hans", "pt_BR"} {
		tag, err := i18n.ParseTag(code)
		fmt.Println(tag, err)
	}
	// Output:
	// pt-BR <nil>
	// zh-Hans <nil>
	// und the separator in a language code is a hyphen, not an underscore
}

func ExampleCountWords() {
	fmt.Println(i18n.CountWords("Will-o'-wick"), i18n.CountWords("Don't panic"), i18n.CountWords("火の玉"))
	// Output: 3 2 3
}
