package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
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

// goldenScreens draws the screen that to leads to at each size, checks the
// frame and compares it with testdata/<test>/<size>.golden.
func goldenScreens(t *testing.T, cfg Config, to func(t *testing.T, a *App) *App) {
	t.Helper()
	for _, size := range screenSizes {
		t.Run(size.name, func(t *testing.T) {
			a := to(t, newTestApp(t, cfg, size.w, size.h))
			checkFrame(t, a.View().Content, size.w, size.h)
			golden(t, screen(a))
		})
	}
}

// keysThen is a way to a screen: keys, then ] until a section heading is
// at the top ("" for none).
func keysThen(heading string, keys ...string) func(t *testing.T, a *App) *App {
	return func(t *testing.T, a *App) *App {
		a = keysTo(t, a, keys...)
		if heading != "" {
			a = jumpTo(t, a, heading)
		}
		return a
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
	goldenScreens(t, cfg, keysThen("Difficulty ladder", "2", "space", "3"))
}

// allLayers switches on every layer that can be, from the Layers tab.
func allLayers(t *testing.T, a *App) *App {
	t.Helper()
	a = keysTo(t, a, "2")
	for range a.snap.toggles {
		a = keysTo(t, a, "space", "down")
	}
	return a
}

// TestScreenPricesAt80 holds the prices table readable at 80 columns: no
// amount or unit cut, the unit's label in the written column as in the
// shown one, one market price level at a time (> and < change it) when
// they do not all fit, all of them when they do (issue 13, item 2).
func TestScreenPricesAt80(t *testing.T) {
	cfg := exampleConfig(t, "mirefall")
	priceLines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "   pack/") || strings.HasPrefix(l, "▸  pack/") {
				out = append(out, l)
			}
		}
		return out
	}
	a := jumpTo(t, keysTo(t, allLayers(t, newTestApp(t, cfg, 80, 24)), "3"), "Prices")
	s := screen(a)
	lines := priceLines(s)
	if len(lines) != 6 {
		t.Fatalf("%d price lines at 80 columns:\n%s", len(lines), s)
	}
	for _, l := range lines {
		if strings.Contains(l, "…") {
			t.Errorf("a price is cut: %q", l)
		}
	}
	for _, want := range []string{"2 sheaves  10 bundles*", "market price level 1 of 3", "low water"} {
		if !strings.Contains(s, want) {
			t.Errorf("the prices at 80 columns lack %q:\n%s", want, s)
		}
	}
	if !a.keys.NextLevel.Enabled() || !strings.Contains(shortHelp(a), "> next price level") {
		t.Errorf("> is not offered: %q", shortHelp(a))
	}
	a = keysTo(t, a, ">")
	if s := screen(a); !strings.Contains(s, "market price level 2 of 3") || strings.Contains(s, "low water") {
		t.Errorf("> does not show the next level:\n%s", s)
	}
	if a = keysTo(t, a, "<", "<"); !strings.Contains(screen(a), "market price level 3 of 3") {
		t.Errorf("< from the first level does not go round to the last:\n%s", screen(a))
	}
	// At 120 columns every level fits, and > is not offered.
	wide := jumpTo(t, keysTo(t, allLayers(t, newTestApp(t, cfg, 120, 40)), "3"), "Prices")
	if s := screen(wide); !strings.Contains(s, "low water") || !strings.Contains(s, "steep") || wide.keys.NextLevel.Enabled() {
		t.Errorf("at 120 columns the levels are not all shown:\n%s", s)
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
		return jumpTo(t, keysTo(t, allLayers(t, a), "3"), "Prices")
	})
}

// TestScreenKeyHintsAt80 holds the key hints to the keys of the screen at
// 80 columns: every key the screen offers in the short help shows, and
// help and quit always do; two lines are taken only when one is not
// enough (issue 13, item 15).
func TestScreenKeyHintsAt80(t *testing.T) {
	states := [][]string{{"1"}, {"2"}, {"3"}, {"4"}, {"4", "enter"}, {"4", "enter", "/"}, {"5", "end"},
		{"5", "end", "enter"}, {"5", "end", "enter", "n"}, {"5", "end", "enter", "c"}, {"6", "enter"}}
	for _, keys := range states {
		a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), keys...)
		h := shortHelp(a)
		k := a.keys
		for _, b := range (helpView{k}).ShortHelp() {
			global := sameBinding(b, k.NextTab) || sameBinding(b, k.Reload) || sameBinding(b, k.Copy)
			if b.Enabled() && !global && !strings.Contains(h, b.Help().Key+" "+b.Help().Desc) {
				t.Errorf("after %v the help %q hides %q", keys, h, b.Help().Key+" "+b.Help().Desc)
			}
		}
		if !a.typing() && (!strings.Contains(h, "? all keys") || !strings.Contains(h, "q quit")) {
			t.Errorf("after %v the help %q hides help or quit", keys, h)
		}
		if strings.Contains(h, "…") {
			t.Errorf("after %v the help is cut: %q", keys, h)
		}
		if rows := strings.Count(h, "\n") + 1; rows > 1 && len(flowHelp(&a.help, enabledShortHelp(k), 79)) < 2 {
			t.Errorf("after %v the help takes %d lines for keys that fit on one", keys, rows)
		}
		checkFrame(t, a.View().Content, 80, 24)
	}
	goldenScreens(t, ferryConfig(t), keysThen("", "5", "end", "enter"))
}

// enabledShortHelp are the short help's bindings that are enabled.
func enabledShortHelp(k keyMap) []key.Binding {
	var out []key.Binding
	for _, b := range (helpView{k}).ShortHelp() {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}

// TestScreenMigrationsList holds each save's status whole in the list at
// 80 and 120 columns, without a repeated "save" word, and keeps enter off
// a save that cannot be migrated (issue 13, item 11).
func TestScreenMigrationsList(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "5")
		s := screen(a)
		for _, want := range []string{"saves/future.json      v9, newer than the sheet (version 4)", "saves/fighter3.json    v1 → 4, 9 steps", "saves/current.json     v4, current; 2 steps run"} {
			if !strings.Contains(s, want) && size.h >= 40 {
				t.Errorf("at %s the list lacks %q:\n%s", size.name, want, s)
			}
		}
		if strings.Contains(s, "save saves/") || strings.Contains(s, "e…") {
			t.Errorf("at %s the list repeats save or cuts a status:\n%s", size.name, s)
		}
	}
	goldenScreens(t, cfg, keysThen("", "5", "end", "up", "up", "up"))
}

// TestScreenReasonsWhole holds a layer chosen but not applied on lantern-road
// (hill_fever beside drowned_fens): its own mark in the list, its state's
// reason wrapped whole in the detail and on the status line, and the
// layer's effects before its guidance prose (issue 13, item 4).
func TestScreenReasonsWhole(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	to := func(t *testing.T, a *App) *App {
		a = keysTo(t, selectLayer(t, a, "drowned_fens"), "space")
		return keysTo(t, selectLayer(t, a, "hill_fever"), "space")
	}
	a := to(t, newTestApp(t, cfg, 80, 24))
	tg, _ := a.layers().selected()
	if tg.on || !tg.chosen || tg.dropped == "" {
		t.Fatalf("hill_fever is not chosen but dropped: %+v", tg)
	}
	s := screen(a)
	if !strings.Contains(s, "[!] Hill fever") {
		t.Errorf("the dropped layer has no mark of its own:\n%s", s)
	}
	// Every word of the reason shows, in the detail and on the status line.
	flat := strings.Join(strings.Fields(s), " ")
	for _, w := range strings.Fields(vis(tg.dropped)) {
		if !strings.Contains(flat, w) {
			t.Errorf("the reason's %q is cut:\n%s", w, s)
		}
	}
	if a.r.Status.H < 2 || !strings.Contains(strings.Join(strings.Fields(strings.Join(strings.Split(s, "\n")[a.r.Status.Y:a.r.Status.Y+a.r.Status.H], " ")), " "), vis(tg.dropped)) {
		t.Errorf("the status line does not give the whole reason (%d lines):\n%s", a.r.Status.H, s)
	}
	if strings.Contains(s, "…") {
		t.Errorf("something is cut:\n%s", s)
	}
	goldenScreens(t, cfg, to)
}

// TestScreenTranslationUses holds the strings table: at 80x24 where the
// selected string is used shows without scrolling; at 120 the table's
// columns take the width, each as wide as its text where it can be
// (issue 13, item 6).
func TestScreenTranslationUses(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "4", "enter", "down", "down")
	if s := screen(a); !strings.Contains(s, "Used at (1)") || !strings.Contains(s, "coverage.summary  ruleset.json:16:16") {
		t.Errorf("at 80x24 the uses do not show:\n%s", s)
	}
	wide := keysTo(t, newTestApp(t, cfg, 120, 40), "4", "enter", "down")
	if s := screen(wide); !strings.Contains(s, "The Wick Guild printing, fourth sheet layout  ") {
		t.Errorf("at 120 columns the English column is cut:\n%s", s)
	}
	goldenScreens(t, cfg, keysThen("", "4", "enter", "down", "down"))
}

// TestScreenLanguagePicker holds the picker's language names whole at 120
// columns (issue 13, item 6).
func TestScreenLanguagePicker(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "4")
	s := screen(a)
	for _, want := range []string{"Brazilian Portuguese — português (Brasil)", "Simplified Chinese (Engine language, no file)"} {
		if !strings.Contains(s, want) {
			t.Errorf("at 120 columns the picker cuts %q:\n%s", want, s)
		}
	}
	goldenScreens(t, cfg, keysThen("", "4"))
}

// TestScreenNumberedOnlyForCreatures holds the "Numbered" preview to the
// names the Engine numbers in battle, the creatures' (issue 13, item 9).
func TestScreenNumberedOnlyForCreatures(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "4", "enter")
	if s := screen(a); strings.Contains(s, "Numbered") {
		t.Errorf("the ruleset's name has a numbered form:\n%s", s)
	}
	var creature int = -1
	for i, r := range a.trans().rows {
		if english, _ := a.trans().rowText(r); english == "Mire hound" {
			creature = i
		}
	}
	if creature < 0 {
		t.Fatal("lantern-road has no Mire hound string")
	}
	a.trans().table.list.cursor = creature
	a = send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40})
	if s := screen(a); !strings.Contains(s, "Numbered  Mire hound 2 → Chien de fange 2") {
		t.Errorf("a creature's name has no numbered form:\n%s", s)
	}
	goldenScreens(t, cfg, keysThen("", "4", "enter"))
}

// TestScreenOverviewOwnTranslations holds the Overview's languages to a
// file's own translations, apart from those it shows through its base
// language's file (issue 13, item 7).
func TestScreenOverviewOwnTranslations(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := jumpTo(t, newTestApp(t, cfg, 120, 40), "Languages")
	var ptBR *i18n.Language
	for _, l := range a.snap.report().Languages {
		if l.Lang == "pt-BR" {
			ptBR = l
		}
	}
	if ptBR == nil || ptBR.Coverage.ViaBase == 0 {
		t.Fatal("lantern-road's pt-BR shows nothing through pt")
	}
	c := ptBR.Coverage
	want := fmt.Sprintf("locales/pt-BR.json, %d of %d strings its own, %d more through pt", c.Translated, c.Strings, c.ViaBase)
	if s := screen(a); !strings.Contains(s, want) {
		t.Errorf("the Overview lacks %q:\n%s", want, s)
	}
	goldenScreens(t, cfg, keysThen("Languages", "1"))
}

// TestScreenLanguageByTag: a language with no file is chosen in the picker
// by typing its tag, as --lang allows; a tag that is none says why (issue
// 13, item 8).
func TestScreenLanguageByTag(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "4")
	if !strings.Contains(shortHelp(a), "/ type a tag") {
		t.Errorf("the picker does not offer to type a tag: %q", shortHelp(a))
	}
	a = keysTo(t, a, "/", "p", "t", "_", "P", "T", "enter")
	if s := screen(a); !a.typing() || !strings.Contains(s, "underscore") {
		t.Errorf("pt_PT is taken as a tag:\n%s", s)
	}
	a = keysTo(t, a, "backspace", "backspace", "backspace", "-", "p", "t", "enter")
	if a.typing() || a.trans().mode != browseStrings || a.trans().lang == nil || a.trans().lang.Lang != "pt-PT" {
		t.Fatalf("pt-pt does not open pt-PT's strings: typing %v, mode %v", a.typing(), a.trans().mode)
	}
	if s := screen(a); !strings.Contains(s, "pt-PT") || a.snap.preview == nil || a.snap.preview.Lang != "pt-PT" {
		t.Errorf("pt-PT is not previewed:\n%s", s)
	}
	// Back in the picker, the language typed is listed, through pt's file.
	a = keysTo(t, a, "esc")
	if l, ok := a.trans().selectedLang(); !ok || l.Lang != "pt-PT" || l.BaseLocale == nil {
		t.Errorf("the picker is not on pt-PT through pt: %+v", l)
	}
	goldenScreens(t, cfg, keysThen("", "4", "/", "p", "t", "-", "P"))
}

// TestScreenStaleKeyRenamed: a stale key spelt like an id a migration
// renamed is linked to the label of the id it became, through a chain of
// renames (issue 13, item 10).
func TestScreenStaleKeyRenamed(t *testing.T) {
	fsys := ferryFS()
	fsys["ferry/locales/fr.json"].Data = []byte(`{ "_meta": { "locale": "fr" }, "ruleset": { "Ferry Crossing": "Le Bac", "Oar": "Rame", "Row": "Ramer", "Wake": "Sillage" } }`)
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "4", "enter", "s")
	if got := tableTexts(a); strings.Join(got, ",") != "Row,Wake" {
		t.Fatalf("stale keys %v, want Row and Wake", got)
	}
	if s := screen(a); !strings.Contains(s, "Renamed   the migrations rename the skill row to steer, shown as “Steer”") {
		t.Errorf("Row is not linked to Steer:\n%s", s)
	}
	if s := screen(keysTo(t, a, "down")); strings.Contains(s, "Renamed") {
		t.Errorf("Wake, which no migration renamed, is linked:\n%s", s)
	}
	// A chain of renames, in the order they run, leads to the last id:
	// toll became fare (entry 1), then fare became bank (entry 2); row,
	// renamed to pole and back, is steer again.
	p := a.trans()
	p.renamed, p.renamesFor = nil, nil
	rs := a.snap.ruleset()
	steps := rs.Sheet.Migrations[1].Steps
	rs.Sheet.Migrations[1].Steps = append(slices.Clone(steps), &model.Step{Op: model.StepRename, What: "field", From: "fare", To: "bank"},
		&model.Step{Op: model.StepRename, What: "skill", From: "steer", To: "pole"},
		&model.Step{Op: model.StepRename, What: "skill", From: "pole", To: "steer"})
	defer func() { rs.Sheet.Migrations[1].Steps = steps }()
	if r, _ := migrate.RenameOfKey(p.renames(), "toll"); r.To != "bank" || r.Label != "Home bank" {
		t.Errorf("toll through fare: %+v", r)
	}
	if r, _ := migrate.RenameOfKey(p.renames(), "Row"); r.To != "steer" || r.Label != "Steer" {
		t.Errorf("row through a loop of renames: %+v", r)
	}
	rs.Sheet.Migrations[1].Steps = steps
	p.renamed, p.renamesFor = nil, nil
	goldenScreens(t, cfg, keysThen("", "4", "enter", "s"))
}

// onSave puts the Migrations list's cursor on a sample save of the
// example, by its file's name.
func onSave(t *testing.T, a *App, name string) *App {
	t.Helper()
	a = keysTo(t, a, "5")
	for i := range a.migr().len() {
		if sv, _, ok := a.migr().save(i); ok && strings.HasSuffix(sv.File, "/"+name) {
			a.migr().list.cursor = i
			return send(t, a, tea.WindowSizeMsg{Width: a.r.Width, Height: a.r.Height})
		}
	}
	t.Fatalf("no save %s", name)
	return a
}

// TestScreenStepperChanges: o shows only the changed lines of the before
// and after view (one line around each, the runs left out counted), and
// the whole chain says where each old value ended (issue 13, item 13).
func TestScreenStepperChanges(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, onSave(t, newTestApp(t, cfg, 120, 40), "fighter3.json"), "enter")
	all := a.migr().step.scroll.n
	if !strings.Contains(shortHelp(a), "o changes only") {
		t.Errorf("o is not offered: %q", shortHelp(a))
	}
	a = keysTo(t, a, "o")
	s := &a.migr().step
	if s.scroll.n >= all || !strings.Contains(screen(a), "lines unchanged") || !strings.Contains(shortHelp(a), "o every line") {
		t.Errorf("changes only: %d rows of %d\n%s", s.scroll.n, all, screen(a))
	}
	for i := range max(len(s.before), len(s.after)) {
		if s.changed(i) && !slices.Contains(s.rows, i) {
			t.Errorf("changes only leaves out changed line %d", i)
		}
	}
	// The choice stays from step to step; o again shows every line.
	if a = keysTo(t, a, "n"); a.migr().step.rows == nil {
		t.Error("the next step shows every line again")
	}
	if a = keysTo(t, a, "o"); a.migr().step.scroll.n <= len(a.migr().step.rows) {
		t.Error("o again does not show every line")
	}
	// The whole chain: each old value and where it ended.
	a = keysTo(t, a, "c")
	flat := strings.Join(strings.Fields(screen(a)), " ")
	for _, want := range []string{"Where each old value ended (8)", "build.fields.xp 1450 → build.fields.road_xp, build.fields.experience (copied: the old key stays)",
		"live.tracks.shadow 3 → live.tracks.shadow_lit"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the whole chain lacks %q:\n%s", want, screen(a))
		}
	}
	d := keysTo(t, onSave(t, newTestApp(t, cfg, 120, 40), "dest-set.json"), "enter", "c")
	flat = strings.Join(strings.Fields(screen(d)), " ")
	for _, want := range []string{"build.fields.level 4 → not moved: build.fields.level_fighter kept its own value",
		`live.pools.hit_dice {"value":3} → dropped: live.pools.hit_dice_d10 was there already`} {
		if !strings.Contains(flat, want) {
			t.Errorf("dest-set's chain lacks %q:\n%s", want, screen(d))
		}
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
		return keysTo(t, onSave(t, a, "fighter3.json"), "enter", "c", "o")
	})
}

// TestScreenProblemsFilter: / filters the findings by text and v by
// severity, esc shows them all again; with a source open each finding's
// file:line:col stays whole (issue 13, item 14).
func TestScreenProblemsFilter(t *testing.T) {
	cfg := ferryConfig(t)
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "6")
	if len(a.problems().diags) != 3 {
		t.Fatalf("%d findings, want 3", len(a.problems().diags))
	}
	a = keysTo(t, a, "v")
	if d := a.problems().diags; len(d) != 1 || d[0].Severity != model.Error || !strings.Contains(screen(a), "showing 1 of 3 findings, errors only") {
		t.Errorf("v: %v\n%s", d, screen(a))
	}
	if a = keysTo(t, a, "v"); len(a.problems().diags) != 2 || !strings.Contains(shortHelp(a), "v info only") {
		t.Errorf("v v: %d findings, help %q", len(a.problems().diags), shortHelp(a))
	}
	a = keysTo(t, a, "esc", "/", "o", "a", "r")
	if d := a.problems().diags; !a.typing() || len(d) != 1 || d[0].Path != "ruleset.Oar" {
		t.Errorf("/oar: typing %v, %v", a.typing(), d)
	}
	a = keysTo(t, a, "enter", "v")
	if s := screen(a); len(a.problems().diags) != 0 || !strings.Contains(s, `No error holding "oar"; esc shows all.`) {
		t.Errorf("oar among errors:\n%s", s)
	}
	if a = keysTo(t, a, "esc"); len(a.problems().diags) != 3 || strings.Contains(screen(a), "showing") {
		t.Errorf("esc does not show all:\n%s", screen(a))
	}
	// Beside an open source, every location is whole.
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "6", "enter")
		for _, d := range a.problems().all {
			if l := location(d, a.snap.ws); !strings.Contains(screen(a), l) {
				t.Errorf("at %s the source hides %s:\n%s", size.name, l, screen(a))
			}
		}
	}
	goldenScreens(t, cfg, keysThen("", "6", "/", "r", "u", "l", "e", "enter", "v", "v", "enter"))
}

// TestScreenBrokenOverview: the Overview of a ruleset that cannot be read
// lists its first errors (issue 13, item 14).
func TestScreenBrokenOverview(t *testing.T) {
	fsys := ferryFS()
	fsys["ferry/ruleset.json"].Data = []byte(ferryRuleset[:300])
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	cfg.Check = nil
	a := newTestApp(t, cfg, 80, 24)
	if len(a.snap.diags) == 0 {
		t.Fatal("a ruleset cut short has no findings")
	}
	var d model.Diagnostic
	for _, f := range a.snap.diags {
		if f.Severity == model.Error {
			d = f
			break
		}
	}
	if s := screen(a); !strings.Contains(s, location(d, a.snap.ws)) || !strings.Contains(s, "The ruleset could not be read") {
		t.Errorf("the Overview does not show the first error %s:\n%s", location(d, a.snap.ws), s)
	}
	goldenScreens(t, cfg, keysThen("", "1"))
}

// TestScreenEditKeyHint: the short help offers e where the selection has
// a place in a file to open, and not where it has none (issue 11's
// leftover of issue 13).
func TestScreenEditKeyHint(t *testing.T) {
	for _, c := range []struct {
		keys []string
		edit bool
	}{
		{[]string{"1"}, false}, {[]string{"2"}, true}, {[]string{"3"}, false}, {[]string{"4"}, true},
		{[]string{"4", "enter"}, true}, {[]string{"4", "enter", "/"}, false}, {[]string{"5", "end"}, true},
		{[]string{"5", "end", "enter"}, true}, {[]string{"6"}, true}, {[]string{"6", "enter"}, true},
	} {
		for _, size := range screenSizes {
			a := keysTo(t, newTestApp(t, ferryConfig(t), size.w, size.h), c.keys...)
			if got := strings.Contains(shortHelp(a), "e edit"); got != c.edit || a.keys.Edit.Enabled() != c.edit {
				t.Errorf("at %s after %v the short help %q offers e: %v, want %v", size.name, c.keys, shortHelp(a), got, c.edit)
			}
		}
	}
	goldenScreens(t, ferryConfig(t), keysThen("", "6"))
}

// TestScreenListFilters: / filters the Layers and Migrations lists by
// text as in Problems: enter keeps the filter, the line above the list
// says how many rows it keeps, the keys act on the rows kept, and esc
// shows every row again (issue 13, item 14).
func TestScreenListFilters(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "2")
	all := len(a.snap.toggles)
	if !strings.Contains(shortHelp(a), "/ filter") {
		t.Errorf("Layers does not offer /: %q", shortHelp(a))
	}
	a = keysTo(t, a, "/", "f", "e", "v", "e", "r")
	if !a.typing() || a.layers().list.n != 1 || !strings.Contains(screen(a), fmt.Sprintf("showing 1 of %d layers", all)) {
		t.Errorf("/fever keeps %d layers:\n%s", a.layers().list.n, screen(a))
	}
	a = keysTo(t, a, "enter", "space")
	if tg, ok := a.layers().selected(); a.typing() || !ok || tg.layer.ID != "hill_fever" || !tg.chosen {
		t.Errorf("space after /fever does not switch Hill fever: %+v", tg)
	}
	if a = keysTo(t, a, "/", "x", "y", "z", "enter"); a.layers().list.n != 0 || !strings.Contains(screen(a), `No layer holds "feverxyz"; esc shows all.`) {
		t.Errorf("a filter that keeps nothing:\n%s", screen(a))
	}
	if a = keysTo(t, a, "esc"); a.layers().list.n != all || strings.Contains(screen(a), "showing") {
		t.Errorf("esc does not show every layer:\n%s", screen(a))
	}
	// Migrations: the entries' steps are searched too, and enter steps
	// through the save kept.
	m := keysTo(t, newTestApp(t, cfg, 80, 24), "5", "/", "f", "i", "g", "h", "t", "e", "r", "3", "enter")
	if m.migr().list.n != 1 {
		t.Fatalf("/fighter3 keeps %d rows:\n%s", m.migr().list.n, screen(m))
	}
	if m = keysTo(t, m, "enter"); !m.migr().stepping || !strings.Contains(screen(m), "saves/fighter3.json") {
		t.Errorf("enter does not step through fighter3:\n%s", screen(m))
	}
	m = keysTo(t, m, "esc", "esc", "/", "r", "e", "n", "a", "m", "e")
	for pos := range m.migr().list.n {
		if i := m.migr().rowAt(pos); i >= len(m.migr().entries) {
			t.Errorf("/rename keeps the save in row %d", i)
		}
	}
	if m.migr().list.n == 0 {
		t.Errorf("/rename keeps no entry:\n%s", screen(m))
	}
	t.Run("Layers", func(t *testing.T) {
		goldenScreens(t, cfg, keysThen("", "2", "/", "f", "e", "n", "s", "enter"))
	})
	t.Run("Migrations", func(t *testing.T) {
		goldenScreens(t, cfg, keysThen("", "5", "/", "s", "a", "v", "e", "s", "/", "n", "o", "enter"))
	})
}

// toRow presses down in the Effective tab until the cursor is on the row
// of the id (a section's heading, then the row's key).
func toRow(t *testing.T, a *App, id string) *App {
	t.Helper()
	for range 200 {
		if p := a.effPane(); len(p.rows) > 0 && p.sel == id {
			return a
		}
		a = keysTo(t, a, "down")
	}
	t.Fatalf("the cursor never reaches %s:\n%s", id, screen(a))
	return a
}

// TestScreenPriceWhy: enter on a changed price in Effective says why: the
// coin removed, the worth in the smallest coin, and the largest remaining
// coin that pays it exactly, or that no coin of its family remains; each
// market price level is worked out beside the base's (issue 13, item 3).
func TestScreenPriceWhy(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := toRow(t, withLayers(t, newTestApp(t, cfg, 120, 40), "long_dark"), "Prices/wares/warding-bell")
	if !strings.Contains(shortHelp(a), "enter why this price") {
		t.Errorf("enter is not offered on a price: %q", shortHelp(a))
	}
	// e opens the editor at the priced entry.
	if sp, ok := a.effPane().spotAt(&a.snap); !ok || !a.keys.Edit.Enabled() || !strings.HasSuffix(sp.file, "ruleset.json") ||
		sp.line != a.snap.eff.Prices[a.effPane().tags[a.effPane().rows[a.effPane().cursor]].price].Entry.Node.Pos().Line {
		t.Errorf("e on the price opens %v (%v), enabled %v", sp, ok, a.keys.Edit.Enabled())
	}
	a = keysTo(t, a, "enter")
	flat := strings.Join(strings.Fields(screen(a)), " ")
	for _, want := range []string{"The long dark removes groats: 20 groats = 200 mites → 2 nobles", "(base 15 groats)"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the workings lack %q:\n%s", want, screen(a))
		}
	}
	if a = keysTo(t, a, "esc"); strings.Contains(screen(a), "removes groats") {
		t.Errorf("esc leaves the workings open:\n%s", screen(a))
	}
	g := toRow(t, withLayers(t, newTestApp(t, cfg, 120, 40), "guild_ruin"), "Prices/wares/ghostglass-lens")
	if s := strings.Join(strings.Fields(screen(keysTo(t, g, "enter"))), " "); !strings.Contains(s, "no coin of its family remains") {
		t.Errorf("a price whose family is gone does not say so:\n%s", s)
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
		return keysTo(t, toRow(t, withLayers(t, a, "long_dark"), "Prices/wares/lamp-oil"), "enter")
	})
}

// TestScreenEffectiveFilter: / filters the Effective tab by item, entry
// or section: the rows that hold the text with the heads of their
// sections, an entry with its catalog, a section whose heading holds it
// whole; esc shows everything again (issue 13, item 14).
func TestScreenEffectiveFilter(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := withLayers(t, newTestApp(t, cfg, 120, 40), "long_dark")
	all := len(a.effect().lines)
	if !strings.Contains(shortHelp(a), "/ filter") {
		t.Errorf("Effective does not offer /: %q", shortHelp(a))
	}
	a = keysTo(t, a, "/", "o", "i", "l", "enter")
	doc := effectiveText(a)
	for _, want := range []string{"wares/lamp-oil      3 groats", "• knacks: 15 entries, 3 hidden", "borrowed-flame Borrowed Flame  ·  hidden by The long dark: its oil is above 1", "Item                Written"} {
		if !strings.Contains(doc, want) {
			t.Errorf("/oil lacks %q:\n%s", want, doc)
		}
	}
	for _, gone := range []string{"wares/tin-lantern", "Difficulty ladder", "haunts: 7 entries", "long-stride Long Stride"} {
		if strings.Contains(doc, gone) {
			t.Errorf("/oil keeps %q:\n%s", gone, doc)
		}
	}
	if s := screen(a); !strings.Contains(s, "showing ") || !strings.Contains(s, "filter oil") {
		t.Errorf("the filter's line is missing:\n%s", s)
	}
	// A section by its heading: every line of it.
	a = keysTo(t, a, "esc", "/", "l", "a", "d", "d", "e", "r", "enter")
	if doc := effectiveText(a); !strings.Contains(doc, "Only in songs         DC 20") || strings.Contains(doc, "wares/") {
		t.Errorf("/ladder does not keep the ladder alone:\n%s", doc)
	}
	if a = keysTo(t, a, "/", "x", "y", "z", "enter"); !strings.Contains(screen(a), `No item, entry or section holds "ladderxyz"; esc shows all.`) {
		t.Errorf("a filter keeping nothing:\n%s", screen(a))
	}
	if a = keysTo(t, a, "esc"); len(a.effect().lines) != all || strings.Contains(screen(a), "showing") {
		t.Errorf("esc does not show everything: %d lines of %d", len(a.effect().lines), all)
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
		return keysTo(t, withLayers(t, a, "long_dark"), "/", "l", "a", "n", "t", "e", "r", "n", "enter")
	})
}

// TestScreenEnglishEffects: a layer's effects read as English in the
// Layers detail, as the layers command prints them (one sentence maker,
// analysis/say): the catalog hidden by its id with a count of its
// entries, a coin in the singular, the layers of a reason all by their
// labels (issue 13, item 5).
func TestScreenEnglishEffects(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	a := selectLayer(t, newTestApp(t, cfg, 120, 40), "long_dark")
	flat := strings.Join(strings.Fields(ansi.Strip(strings.Join(detailLines(&a.layers().listPane), " "))), " ")
	for _, want := range []string{"hides the knacks whose oil is above 1 (3 entries)", "removes the coin groat", "conflicts with the layer midsummer"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the long dark's effects lack %q:\n%s", want, screen(a))
		}
	}
	a = keysTo(t, selectLayer(t, a, "drowned_fens"), "space")
	a = keysTo(t, selectLayer(t, a, "hill_fever"), "space")
	if s := strings.Join(strings.Fields(screen(a)), " "); !strings.Contains(s, "together with Drowned fens,") || strings.Contains(s, "drowned_fens,") {
		t.Errorf("the reason names a layer by its id beside one by its label:\n%s", screen(a))
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App { return selectLayer(t, a, "long_dark") })
}

// TestScreenRouteWords: a route's outcome says why in words, whole at 80
// columns, as the migrate command prints it: two cases matched, so it goes
// to else; the sheet has no class; copied where the old key stays, moved
// where it goes (issue 13, item 12).
func TestScreenRouteWords(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	to := func(save string, step int) func(t *testing.T, a *App) *App {
		return func(t *testing.T, a *App) *App {
			a = keysTo(t, onSave(t, a, save), "enter")
			for range step - 1 {
				a = keysTo(t, a, "n")
			}
			return a
		}
	}
	for _, c := range []struct {
		save string
		step int
		want string
	}{
		{"multiclass.json", 4, "two cases matched (level_fighter, level_wizard), so it goes to else; copied 5 (the old key stays)"},
		{"no-class.json", 8, "the sheet has no class, so it goes to else; copied 2 (the old key stays)"},
		{"fighter3.json", 1, "copied 7 (the old key stays)"},
		{"fighter3.json", 7, "moved 3; the sheet shows shadow_lit"},
	} {
		for _, size := range screenSizes {
			a := to(c.save, c.step)(t, newTestApp(t, cfg, size.w, size.h))
			if s := strings.Join(strings.Fields(screen(a)), " "); !strings.Contains(s, c.want) {
				t.Errorf("at %s %s step %d lacks %q:\n%s", size.name, c.save, c.step, c.want, screen(a))
			}
		}
	}
	goldenScreens(t, cfg, to("multiclass.json", 4))
}

// TestScreenOneBased: numbers of steps, cases, rules and lines are counted
// from 1 in the workbench, as in the commands: a layer's ladder step out
// of range names its step 2 of 2, a word in two route cases names case 1
// and case 2 (issue 13, item 16).
func TestScreenOneBased(t *testing.T) {
	cfg := ferryEdited(t,
		`"difficultyLadder": [ { "label": "Calm", "dc": 8 }, { "label": "Flood", "dc": 12 } ]`,
		`"difficultyLadder": [ { "label": "Calm", "dc": 8 }, { "label": "Flood", "dc": 5000 } ]`,
		`{ "rename": "skill", "from": "row", "to": "steer" }`,
		`{ "rename": "skill", "from": "row", "to": "steer" }, { "route": "fare", "by": "bank", "cases": [ { "words": ["north"], "to": "fare" }, { "words": ["north", "south"], "to": "fare" } ], "else": "fare" }`)
	a := keysTo(t, selectLayer(t, newTestApp(t, cfg, 120, 40), "spring_flood"), "space")
	if s := strings.Join(strings.Fields(screen(a)), " "); !strings.Contains(s, "step 2 of spring_flood's ladder") {
		t.Errorf("the ladder's step is not counted from 1:\n%s", screen(a))
	}
	p := keysTo(t, newTestApp(t, cfg, 80, 40), "5", "home", "down")
	s := strings.Join(strings.Fields(screen(p)), " ")
	if !strings.Contains(s, `the word "north" is in case 1 and case 2`) || !strings.Contains(s, `cases 1 and 2 both send to "fare"`) {
		t.Errorf("the route's cases are not counted from 1:\n%s", screen(p))
	}
	t.Run("Layers", func(t *testing.T) {
		goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
			return keysTo(t, selectLayer(t, a, "spring_flood"), "space")
		})
	})
	t.Run("Migrations", func(t *testing.T) { goldenScreens(t, cfg, keysThen("", "5", "home", "down")) })
}

// TestEffectiveCursorMouse: a click selects the Effective row under it,
// and after the wheel the cursor stays on a row on the screen.
func TestEffectiveCursorMouse(t *testing.T) {
	a := withLayers(t, newTestApp(t, exampleConfig(t, "lantern-road"), 80, 24), "long_dark")
	p := a.effPane()
	for range 30 {
		a = send(t, a, tea.MouseWheelMsg{X: 10, Y: 10, Button: tea.MouseWheelDown})
	}
	if l := p.rows[p.cursor]; !p.visible(l) {
		t.Fatalf("after the wheel the cursor's row %d is off the screen (offset %d)", l, p.scroll.offset)
	}
	// A click on another row selects it.
	for i, r := range p.rows {
		if i != p.cursor && p.visible(r) {
			send(t, a, tea.MouseClickMsg{X: 10, Y: a.r.Body.Y + r - p.scroll.offset, Button: tea.MouseLeft})
			if p.cursor != i {
				t.Errorf("a click on row %d (%s) selects %d", i, p.tags[r].id, p.cursor)
			}
			return
		}
	}
	t.Fatal("no other row on the screen to click")
}
