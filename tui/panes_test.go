package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rulebench/i18n"
)

// tableTexts lists the English text of every row of the strings table.
func tableTexts(a *App) []string {
	var out []string
	for _, r := range a.trans().rows {
		english, _ := a.trans().rowText(r)
		out = append(out, english)
	}
	return out
}

func TestTranslationFilters(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "4", "enter")
	if a.trans().mode != browseStrings || a.trans().lang == nil || a.trans().lang.Lang != "fr" {
		t.Fatalf("enter on fr does not open its strings: mode %v", a.trans().mode)
	}
	all := len(a.trans().rows)
	if all != len(a.snap.report().Strings()) {
		t.Fatalf("all strings: %d rows, want %d", all, len(a.snap.report().Strings()))
	}
	// fr translates "Ferry Crossing" and "Oar"; the rest is missing.
	a = keysTo(t, a, "u")
	got := tableTexts(a)
	if len(got) != all-2 {
		t.Errorf("untranslated: %d rows, want %d", len(got), all-2)
	}
	for i, r := range a.trans().rows {
		if s := a.trans().lang.States[r]; s != i18n.Missing && s != i18n.Empty {
			t.Errorf("untranslated row %q is %v", got[i], s)
		}
	}
	if s := screen(a); !strings.Contains(s, "showing untranslated") || strings.Contains(s, "Le Bac") {
		t.Errorf("the untranslated table shows a translation or does not say it is filtered:\n%s", s)
	}
	// u again shows every string; a does too.
	if a = keysTo(t, a, "u"); len(a.trans().rows) != all {
		t.Errorf("u twice: %d rows, want all %d", len(a.trans().rows), all)
	}
	if a = keysTo(t, a, "u", "a"); len(a.trans().rows) != all || a.trans().filter != filterAll {
		t.Errorf("a: %d rows, filter %v", len(a.trans().rows), a.trans().filter)
	}
	// fr has no base language: nothing is shown via base.
	if a = keysTo(t, a, "b"); len(a.trans().rows) != 0 || !strings.Contains(screen(a), "No string is shown through the base language") {
		t.Errorf("via base: %d rows\n%s", len(a.trans().rows), screen(a))
	}
	// esc goes back to the languages, on fr.
	a = keysTo(t, a, "esc")
	if l, _ := a.trans().selectedLang(); a.trans().mode != pickLanguage || l.Lang != "fr" {
		t.Errorf("esc: mode %v on %s", a.trans().mode, l.Lang)
	}
}

func TestTranslationStaleKeys(t *testing.T) {
	fsys := ferryFS()
	fsys["ferry/locales/fr.json"].Data = []byte(`{ "_meta": { "locale": "fr" }, "ruleset": { "Ferry Crossing": "Le Bac", "Oars": "Rames" } }`)
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "4", "enter", "s")
	if got := tableTexts(a); len(got) != 1 || got[0] != "Oars" {
		t.Fatalf("stale keys %v, want [Oars]", got)
	}
	s := screen(a)
	for _, want := range []string{"showing stale keys (1)", "Stale key", "Rames", "Nearest", "“Oar”", "locales/fr.json:1:"} {
		if !strings.Contains(s, want) {
			t.Errorf("the stale key's view lacks %q:\n%s", want, s)
		}
	}
}

func TestTranslationSearch(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "4", "enter", "/", "r", "a", "m")
	if !a.trans().typing() || a.trans().query != "ram" {
		t.Fatalf("typing a search: searching %v, query %q", a.trans().typing(), a.trans().query)
	}
	// "ram" finds the string shown as "Rame" (English "Oar") first.
	if got := tableTexts(a); len(got) == 0 || got[0] != "Oar" {
		t.Errorf("search ram: rows %v, want Oar first", got)
	}
	// Letters that are keys elsewhere are text while searching.
	a = keysTo(t, a, "backspace", "backspace", "backspace", "q", "u")
	if a.trans().query != "qu" || a.trans().filter != filterAll {
		t.Errorf("q and u while searching: query %q, filter %v", a.trans().query, a.trans().filter)
	}
	a = keysTo(t, a, "backspace", "backspace", "o", "enter")
	if a.trans().typing() || a.trans().query != "o" {
		t.Errorf("enter keeps the search: searching %v, query %q", a.trans().typing(), a.trans().query)
	}
	if s := screen(a); !strings.Contains(s, "search o") {
		t.Errorf("the kept search is not shown:\n%s", s)
	}
	// The filter and the search combine; esc clears the search first.
	a = keysTo(t, a, "u")
	if got := tableTexts(a); len(got) == 0 || got[0] == "Oar" {
		t.Errorf("untranslated rows matching o: %v", got)
	}
	a = keysTo(t, a, "esc")
	if a.trans().query != "" || a.trans().mode != browseStrings {
		t.Errorf("esc: query %q, mode %v", a.trans().query, a.trans().mode)
	}
	// A search matching nothing says so.
	a = keysTo(t, a, "a", "/", "z", "z", "z")
	if len(a.trans().rows) != 0 || !strings.Contains(screen(a), `Nothing matches "zzz"`) {
		t.Errorf("zzz: %d rows\n%s", len(a.trans().rows), screen(a))
	}
	// esc while typing drops the search.
	if a = keysTo(t, a, "esc"); a.trans().typing() || a.trans().query != "" || len(a.trans().rows) != len(a.snap.report().Strings()) {
		t.Errorf("esc while typing: searching %v, query %q", a.trans().typing(), a.trans().query)
	}
}

func TestTranslationSearchPaste(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "4", "enter", "/")
	// A paste arrives whole, after what is typed, and finds the string
	// shown as "Rame" (English "Oar").
	a = keysTo(t, a, "r")
	a = sendRun(t, a, tea.PasteMsg{Content: "am"})
	if !a.trans().typing() || a.trans().query != "ram" {
		t.Fatalf("after pasting: typing %v, query %q", a.trans().typing(), a.trans().query)
	}
	if got := tableTexts(a); len(got) == 0 || got[0] != "Oar" {
		t.Errorf("search %q: rows %v, want Oar first", a.trans().query, got)
	}
	if s := screen(a); !strings.Contains(s, "/ram") {
		t.Errorf("the pasted search is not shown:\n%s", s)
	}
	// A line break in a paste is a space (the search is one line).
	a = keysTo(t, a, "esc", "/")
	if a = sendRun(t, a, tea.PasteMsg{Content: "Ra\nme"}); a.trans().query != "Ra me" {
		t.Errorf("a paste with a line break: query %q", a.trans().query)
	}
	// Control characters in a paste never reach the screen; the rest of
	// the paste is kept as text.
	a = keysTo(t, a, "esc", "/")
	a = sendRun(t, a, tea.PasteMsg{Content: "o\x1b[2Ja\u202e"})
	if q := a.trans().query; strings.ContainsAny(q, "\x1b\u202e") || !strings.HasPrefix(q, "o[2Ja") {
		t.Errorf("the pasted controls: query %q", q)
	}
	for _, seq := range rawSequences {
		if strings.Contains(a.View().Content, seq) {
			t.Errorf("the pasted %q reaches the screen", seq)
		}
	}
	// A paste outside the search types nothing anywhere.
	a = keysTo(t, a, "esc", "esc")
	a = sendRun(t, a, tea.PasteMsg{Content: "u"})
	if a.trans().typing() || a.trans().query != "" || a.trans().filter != filterAll {
		t.Errorf("a paste outside the search: typing %v, query %q, filter %v", a.trans().typing(), a.trans().query, a.trans().filter)
	}
}

func TestTranslationStringDetail(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.Lang = "fr-CA"
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "4")
	// The first string is the ruleset's name, shown via the base language.
	s := screen(a)
	for _, want := range []string{"“Ferry Crossing”", "“Le Bac”", "the base language fr, locales/fr.json:1:", "Used at (1)", "name  ruleset.json:5:"} {
		if !strings.Contains(s, want) {
			t.Errorf("the string's detail lacks %q:\n%s", want, s)
		}
	}
	// The ruleset's name is no creature's: the Engine never numbers it.
	if strings.Contains(s, "Numbered") {
		t.Errorf("the ruleset's name has a numbered form:\n%s", s)
	}
}

func TestLanguageNames(t *testing.T) {
	st := newStyles(mustTheme(t, "dark"), true, false)
	ascii := newStyles(mustTheme(t, "dark"), true, true)
	tests := []struct{ code, want, ascii string }{
		{"pt-BR", "Brazilian Portuguese — português (Brasil)", "Brazilian Portuguese"},
		{"fr", "French — français", "French"},
		{"de", "German — Deutsch", "German"},
		{"en", "English", "English"},
	}
	for _, tt := range tests {
		if got := languageName(tt.code, st); got != tt.want {
			t.Errorf("languageName(%s) = %q, want %q", tt.code, got, tt.want)
		}
		if got := languageName(tt.code, ascii); got != tt.ascii {
			t.Errorf("ASCII languageName(%s) = %q, want %q", tt.code, got, tt.ascii)
		}
	}
}

func TestMigrationStepper(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "5", "end", "enter")
	m := a.migr()
	if !m.stepping || m.step.pos != 1 || len(m.step.r.Trace) != 2 {
		t.Fatalf("enter on the save: stepping %v at %d", m.stepping, m.step.pos)
	}
	s := screen(a)
	for _, want := range []string{"step 1 of 2", "rename field toll to fare", "build.fields.toll → build.fields.fare  copied 3 (the old key stays)", "Before this step", "+       \"fare\": 3,"} {
		if !strings.Contains(s, want) {
			t.Errorf("step 1 lacks %q:\n%s", want, s)
		}
	}
	// Forward: the second step found nothing to move.
	a = keysTo(t, a, "n")
	if a.migr().step.pos != 2 || !strings.Contains(screen(a), "nothing to copy: the save has no") || !strings.Contains(screen(a), "The save is not changed by this step") {
		t.Errorf("n: at %d\n%s", a.migr().step.pos, screen(a))
	}
	// Forward again: the whole chain; no further.
	a = keysTo(t, a, "n", "n")
	if a.migr().step.pos != 3 || !strings.Contains(screen(a), "the whole chain") || !strings.Contains(screen(a), "Migrated to version 3") {
		t.Errorf("past the last step: at %d\n%s", a.migr().step.pos, screen(a))
	}
	// Back, and back to the start; p at the first step stays.
	a = keysTo(t, a, "p")
	if a.migr().step.pos != 2 {
		t.Errorf("p from the whole chain: at %d", a.migr().step.pos)
	}
	a = keysTo(t, a, "p", "p")
	if a.migr().step.pos != 1 {
		t.Errorf("p p: at %d", a.migr().step.pos)
	}
	// ] jumps to the next entry's first step, [ back; c runs the chain.
	if a = keysTo(t, a, "]"); a.migr().step.pos != 2 {
		t.Errorf("]: at %d, want the second entry's step 2", a.migr().step.pos)
	}
	if a = keysTo(t, a, "["); a.migr().step.pos != 1 {
		t.Errorf("[: at %d", a.migr().step.pos)
	}
	if a = keysTo(t, a, "c"); a.migr().step.pos != 3 {
		t.Errorf("c: at %d", a.migr().step.pos)
	}
	// esc leaves the stepper on the same save.
	a = keysTo(t, a, "esc")
	if a.migr().stepping || a.migr().list.cursor != a.migr().len()-1 {
		t.Errorf("esc: stepping %v, cursor %d", a.migr().stepping, a.migr().list.cursor)
	}
}

func TestMigrationStepperKeepsItsPlaceOnReload(t *testing.T) {
	cfg, edit := reloadingConfig(t)
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "5", "end", "enter", "n")
	edit("ferry/ruleset.json", strings.Replace(ferryRuleset, `"name": "Ferry Crossing"`, `"name": "Ferry Crossing Revised"`, 1))
	a = keysTo(t, a, "r")
	if !a.migr().stepping || a.migr().step.pos != 2 || a.migr().step.r != a.snap.saves()[0] {
		t.Errorf("after a reload: stepping %v at %d, on the new result %v", a.migr().stepping, a.migr().step.pos, a.migr().step.r == a.snap.saves()[0])
	}
}

func TestTranslationsMouse(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "4")
	// Clicking a language opens its strings.
	a = send(t, a, tea.MouseClickMsg{X: 5, Y: a.r.Body.Y, Button: tea.MouseLeft})
	if a.trans().mode != browseStrings || a.trans().lang.Lang != "fr" {
		t.Fatalf("clicking fr: mode %v", a.trans().mode)
	}
	// Clicking a row of the table selects it; the table starts two lines
	// below the body's top.
	a = send(t, a, tea.MouseClickMsg{X: 5, Y: a.r.Body.Y + tableTop + 2, Button: tea.MouseLeft})
	if got := a.trans().table.list.cursor; got != 2 {
		t.Errorf("clicking the third row selects row %d", got)
	}
	// The wheel scrolls the table.
	a = send(t, a, tea.MouseWheelMsg{X: 5, Y: a.r.Body.Y + tableTop + 1, Button: tea.MouseWheelDown})
	if a.trans().table.list.offset == 0 {
		t.Error("the wheel does not scroll the strings table")
	}
}

func TestMigrationRefusals(t *testing.T) {
	fsys := ferryFS()
	fsys["ferry/ruleset.json"].Data = []byte(strings.Replace(ferryRuleset,
		`{ "rename": "skill", "from": "row", "to": "steer" }`,
		`{ "rename": "skill", "from": "row", "to": "steer" }, { "rename": "field", "from": "wake", "to": "nowhere" }`, 1))
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "5")
	if len(a.snap.refusals()) == 0 {
		t.Fatal("a rename to a field the sheet does not have is not refused")
	}
	a = keysTo(t, a, "down")
	s := screen(a)
	for _, want := range []string{"entry 2 → 3     2 steps, 1 refusal", "Import refuses (1)", "sheet.migrations.1.steps.1"} {
		if !strings.Contains(s, want) {
			t.Errorf("the refused entry lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(strings.Split(s, "\n")[3], "refusal") {
		t.Errorf("the first entry is marked refused:\n%s", s)
	}
	a = keysTo(t, a, "end", "enter")
	if s := screen(a); !strings.Contains(s, "The Engine would refuse this chain on import: 1 problem") {
		t.Errorf("the stepper does not say the chain is refused:\n%s", s)
	}
}

func TestNoTranslations(t *testing.T) {
	fsys := ferryFS()
	delete(fsys, "ferry/locales/fr.json")
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "4")
	// The Engine's languages are still there to see the ruleset in English.
	if l, ok := a.trans().selectedLang(); !ok || l.Lang != "ar" || !a.trans().langs[0].engineOnly {
		t.Fatalf("without a locale the picker starts on %v", l)
	}
	if s := screen(a); !strings.Contains(s, "Arabic (Engine language, no file)") || !strings.Contains(s, "0 translated, 0 via base, 0 empty, 23 missing") {
		t.Errorf("the picker without a locale:\n%s", s)
	}
}
