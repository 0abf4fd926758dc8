package tui

import (
	"strings"
	"testing"
)

// The screens of issue 13 ("the workbench reads right at 80 columns, and
// no view misleads"), each pinned by a golden view at 80x24 and 120x40.

// screenSizes are the sizes every screen of issue 13 is pinned at.
var screenSizes = []struct {
	name string
	w, h int
}{{"80x24", 80, 24}, {"120x40", 120, 40}}

// ferryEdited is the Ferry Crossing configuration with its ruleset edited:
// each pair of edits replaces old text by new text.
func ferryEdited(t *testing.T, edits ...string) Config {
	t.Helper()
	text := ferryRuleset
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("the ruleset has no %q to edit", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	fsys := ferryFS()
	fsys["ferry/ruleset.json"].Data = []byte(text)
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	return cfg
}

// goldenScreens draws the screen the keys lead to at each size, checks the
// frame and compares it with testdata/<test>/<size>.golden. jump, when not
// empty, is a section heading the keys then bring to the top with ].
func goldenScreens(t *testing.T, cfg Config, jump string, keys ...string) {
	t.Helper()
	for _, size := range screenSizes {
		t.Run(size.name, func(t *testing.T) {
			a := keysTo(t, newTestApp(t, cfg, size.w, size.h), keys...)
			if jump != "" {
				a = jumpTo(t, a, jump)
			}
			checkFrame(t, a.View().Content, size.w, size.h)
			golden(t, screen(a))
		})
	}
}

// jumpTo presses ] until the body's first lines show the heading, or
// until ] has nowhere to go with the heading on screen.
func jumpTo(t *testing.T, a *App, heading string) *App {
	t.Helper()
	for range 40 {
		lines := strings.Split(screen(a), "\n")
		top := strings.Join(lines[a.r.Body.Y:min(a.r.Body.Y+2, len(lines))], "\n")
		if strings.Contains(top, heading) || (!a.keys.NextGroup.Enabled() && strings.Contains(screen(a), heading)) {
			return a
		}
		a = keysTo(t, a, "]")
	}
	t.Fatalf("no section %q:\n%s", heading, screen(a))
	return a
}

// TestScreenLadderByLabel: a layer that replaces Gentle 5 / Testing 7 /
// Bitter 9 / Cruel 11 with Testing 7 / Bitter 10 / Cruel 13 shows Gentle
// removed, Testing the same, Bitter and Cruel changed; and one that adds a
// step shows it added (issue 13, item 1).
func TestScreenLadderByLabel(t *testing.T) {
	cfg := ferryEdited(t,
		`"difficultyLadder": [ { "label": "Calm", "dc": 6 }, { "label": "Flood", "dc": 10 } ]`,
		`"difficultyLadder": [ { "label": "Gentle", "dc": 5 }, { "label": "Testing", "dc": 7 }, { "label": "Bitter", "dc": 9 }, { "label": "Cruel", "dc": 11 } ]`,
		`"difficultyLadder": [ { "label": "Calm", "dc": 8 }, { "label": "Flood", "dc": 12 } ]`,
		`"difficultyLadder": [ { "label": "Testing", "dc": 7 }, { "label": "Bitter", "dc": 10 }, { "label": "Cruel", "dc": 13 }, { "label": "Deadly", "dc": 16 } ]`)
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "2", "space", "3")
	s := screen(a)
	for _, want := range []string{"Gentle   DC 5            removed*", "Testing  DC 7            DC 7\n", "Bitter   DC 9            DC 10*", "Cruel    DC 11           DC 13*", "Deadly   -               DC 16 (added)*"} {
		if !strings.Contains(s, want) {
			t.Errorf("the ladder lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "Cruel ") != 1 {
		t.Errorf("Cruel shows more than once:\n%s", s)
	}
	goldenScreens(t, cfg, "Difficulty ladder", "2", "space", "3")
}
