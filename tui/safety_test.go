package tui

import (
	"strings"
	"testing"

	"rulebench/model"
)

// hostile is text that would take over a terminal if printed raw: clear
// the screen, move the cursor home, set the window title, a C1 control
// introducer, a right-to-left override, a carriage return and a bell. In
// JSON it is written with \u escapes.
const hostile = `\u001b[2J\u001b[HEvil\u001b]0;pwned\u0007\u009b31m\u202eton\r`

// rawSequences are what must never reach the terminal from file text.
var rawSequences = []string{"\x1b[2J", "\x1b[H", "\x1b]0;", "\a", "\u009b", "\u202e", "\r"}

func TestFileTextCannotTakeOverTheTerminal(t *testing.T) {
	fsys := ferryFS()
	text := strings.NewReplacer(
		`"name": "Ferry Crossing"`, `"name": "Ferry `+hostile+`"`,
		`"label": "Spring flood"`, `"label": "Flood `+hostile+`"`,
		`"summary": "The river is high and fast."`, `"summary": "High `+hostile+`"`,
		`"guidance": "The current pulls at every boat."`, `"guidance": "Pull `+hostile+`"`,
		`{ "id": "gear", "label": "Gear" }`, `{ "id": "gear", "label": "Gear `+hostile+`" }`,
	).Replace(ferryRuleset)
	fsys["ferry/ruleset.json"].Data = []byte(text)
	fsys["ferry/locales/fr.json"].Data = []byte(`{ "_meta": { "locale": "fr" }, "ruleset": { "Oar": "Rame ` + hostile + `", "Stale ` + hostile + `": "x" } }`)
	fsys["ferry/saves/\x1b[31mred.json"] = fsys["ferry/saves/old.json"]
	ws := loadFerry(t, fsys)
	if !strings.Contains(ws.Ruleset.Name, "\x1b[2J") {
		t.Fatal("the test ruleset does not hold the raw escape sequence")
	}
	cfg := Config{Workspace: ws, FS: fsys, Theme: "dark", Check: func(ws *model.Workspace) []model.Diagnostic {
		ds := append([]model.Diagnostic(nil), ws.Diagnostics...)
		d := model.Errorf("ferry/ruleset.json", "layers.0.label", "test", "a finding quoting %s", "\x1b[2J\x1b]0;pwned\a")
		return append(ds, d)
	}}
	// Every tab, and the views inside them: a language's strings, its
	// stale keys (one is hostile), a search, and stepping through a save
	// (whose file name is hostile).
	states := [][]string{{"1"}, {"2"}, {"3"}, {"4"}, {"4", "enter"}, {"s"}, {"/", "\x1b", "e"}, {"esc", "esc"},
		{"5", "end"}, {"enter"}, {"c"}, {"esc", "up", "enter"}, {"esc"}, {"6", "end", "enter"}}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		a := newTestApp(t, cfg, size[0], size[1])
		a = keysTo(t, a, "2", "space")
		for _, keys := range states {
			a = keysTo(t, a, keys...)
			v := a.View()
			for _, seq := range rawSequences {
				if strings.Contains(v.Content, seq) || strings.Contains(v.WindowTitle, seq) {
					t.Errorf("after %v at %dx%d %q gets through", keys, size[0], size[1], seq)
				}
			}
			checkFrame(t, v.Content, size[0], size[1])
		}
		// The hostile text shows as visible escapes.
		s := screen(keysTo(t, a, "1"))
		if !strings.Contains(s, `Ferry \x1b[2J\x1b[HEvil\x1b]0;pwned\x07`) {
			t.Errorf("the name is not shown as visible escapes:\n%s", s)
		}
	}
}
