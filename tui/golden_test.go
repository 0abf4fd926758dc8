package tui

import (
	"fmt"
	"testing"
)

// TestGoldenPanes compares every tab, ANSI-stripped, at 80x24 and 160x48
// with testdata/TestGoldenPanes/*.golden. Run go test ./tui/ -update to rewrite them after
// checking a change by eye.
func TestGoldenPanes(t *testing.T) {
	// Each state is a tab brought somewhere interesting by keys; the tabs
	// with more than one view have a state for each.
	states := []struct {
		name string
		pane paneID
		keys []string
	}{
		{"Overview", paneOverview, []string{"1"}},
		{"Layers", paneLayers, []string{"2", "space", "down"}},
		{"Effective", paneEffective, []string{"2", "space", "down", "down", "space", "3"}},
		{"Translations", paneTranslations, []string{"4"}},
		{"TranslationsStrings", paneTranslations, []string{"4", "enter", "down"}},
		{"TranslationsUntranslated", paneTranslations, []string{"4", "enter", "u"}},
		{"TranslationsChecks", paneTranslations, []string{"4", "enter", "w"}},
		{"Migrations", paneMigrations, []string{"5", "end"}},
		{"MigrationsStep", paneMigrations, []string{"5", "end", "enter"}},
		{"MigrationsWholeChain", paneMigrations, []string{"5", "end", "enter", "c"}},
		{"Problems", paneProblems, []string{"6", "end", "enter"}},
	}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		for _, state := range states {
			name := fmt.Sprintf("%s_%dx%d", state.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				a := keysTo(t, newTestApp(t, ferryConfig(t), size[0], size[1]), state.keys...)
				if a.focus != state.pane {
					t.Fatalf("the keys led to %v", a.focus)
				}
				checkFrame(t, a.View().Content, size[0], size[1])
				golden(t, screen(a))
			})
		}
	}
}

// TestGoldenFullHelp pins the full help at the smallest size.
func TestGoldenFullHelp(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), minWidth, minHeight), "2", "?")
	checkFrame(t, a.View().Content, minWidth, minHeight)
	golden(t, screen(a))
}

// TestFramesFitEverySize draws every tab in every state at sizes from the
// minimum up, and checks each frame fills the terminal exactly.
func TestFramesFitEverySize(t *testing.T) {
	sizes := [][2]int{{60, 16}, {61, 17}, {80, 24}, {99, 30}, {119, 40}, {120, 40}, {160, 48}, {200, 60}}
	for _, size := range sizes {
		a := newTestApp(t, ferryConfig(t), size[0], size[1])
		for _, step := range [][]string{
			{"1", "end"}, {"2", "space", "down"}, {"2", "enter"}, {"3"}, {"4", "enter", "end"},
			{"5", "end", "enter", "end"}, {"6", "enter", "down"}, {"?"}, {"1"}, {"6"}, {"?"},
		} {
			a = keysTo(t, a, step...)
			checkFrame(t, a.View().Content, size[0], size[1])
		}
	}
}
