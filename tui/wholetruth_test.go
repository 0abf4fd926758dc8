package tui

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"

	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// The screens of issue 26 ("every screen and every line tells the
// truth"), pinned by goldens at 80x24 and 120x40.

// oneLine is the screen with its runs of spaces (and line breaks) made
// one space, to find wrapped text.
func oneLine(a *App) string { return strings.Join(strings.Fields(screen(a)), " ") }

// D1: a long path keeps its own folder's name in the header; the program's
// name gives way first.
func TestScreenHeaderLongPath(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.Workspace.Path = "/home/an-author/rulesets/river-country/crossings/ferry-crossing-revised"
	for _, size := range screenSizes {
		a := newTestApp(t, cfg, size.w, size.h)
		header := strings.SplitN(screen(a), "\n", 2)[0]
		if !strings.Contains(header, "ferry-crossing-revised") || !strings.Contains(header, "Ferry Crossing v2") || !strings.Contains(header, "1 error, 2 warnings") {
			t.Errorf("at %s the header cuts the path's end, the name or the count: %q", size.name, header)
		}
	}
	goldenScreens(t, cfg, keysThen(""))
}

// D1: the line saying what * means is never cut, however long the names
// of the layers applied.
func TestScreenAppliedLineWhole(t *testing.T) {
	cfg := ferryEdited(t, `"label": "Spring flood"`, `"label": "Spring flood of the year the levee broke"`)
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "2", "space", "3")
		if !strings.Contains(screen(a), "changes against the base ruleset are marked *") {
			t.Errorf("at %s the line explaining * is cut:\n%s", size.name, screen(a))
		}
	}
	goldenScreens(t, cfg, keysThen("", "2", "space", "3"))

	// Names too long for one line wrap, and the line explaining * follows.
	cfg = ferryEdited(t, `"label": "Spring flood"`, `"label": "Spring flood of the year the levee broke"`,
		`"label": "Hard coin"`, `"label": "Hard coin of the realm, minted in the old way"`)
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "2", "space", "end", "space", "3")
		if !strings.Contains(oneLine(a), "Applied: Spring flood of the year the levee broke, Hard coin of the realm, minted in the old way") ||
			!strings.Contains(screen(a), "changes against the base ruleset are marked *") {
			t.Errorf("at %s the layers applied or the line explaining * are cut:\n%s", size.name, screen(a))
		}
	}
}

// C5: at 80 columns the selected finding's message is shown whole,
// wrapped, under the list; the status line keeps its code.
func TestScreenProblemsWholeMessage(t *testing.T) {
	long := "a made-up error about the isle that runs on and on, naming the layer, the field and the value, and what to do about each of them"
	cfg := ferryConfig(t)
	check := cfg.Check
	cfg.Check = ferryFindingsWith(check, long)
	for _, size := range screenSizes {
		a := newTestApp(t, cfg, size.w, size.h)
		a, _ = selectCode(t, a, "layer-remove-hidewhen")
		if !strings.Contains(oneLine(a), long) {
			t.Errorf("at %s the message is not whole:\n%s", size.name, screen(a))
		}
	}
	goldenScreens(t, cfg, func(t *testing.T, a *App) *App {
		a, _ = selectCode(t, a, "layer-remove-hidewhen")
		return a
	})
}

// D4: a list narrowed by text alone says how many it shows, not "all
// findings"; esc puts the cursor back on the row it was on, in Problems,
// Layers, Migrations and Effective.
func TestFilterWordsAndEscKeepsRow(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "6", "/", "m", "a", "d", "e")
	if s := screen(a); !strings.Contains(s, "showing 2 of 3 findings") || strings.Contains(s, "all findings") {
		t.Errorf("a filter by text:\n%s", s)
	}
	a = keysTo(t, a, "enter", "down")
	want, _ := a.problems().selected()
	a = keysTo(t, a, "esc")
	if got, _ := a.problems().selected(); got.Message != want.Message || len(a.problems().diags) != 3 {
		t.Errorf("Problems: esc moved the cursor from %q to %q", want.Message, got.Message)
	}
	// esc while the filter is typed keeps the row under the cursor too.
	a = keysTo(t, a, "/", "i", "s", "l", "e")
	want, _ = a.problems().selected()
	if a = keysTo(t, a, "esc"); a.typing() {
		t.Fatal("esc left the filter typed")
	}
	if got, _ := a.problems().selected(); got.Message != want.Message {
		t.Errorf("Problems: esc while typing moved the cursor from %q to %q", want.Message, got.Message)
	}

	a = keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "2", "/", "c", "o", "i", "n", "enter")
	before, _ := a.layers().selected()
	a = keysTo(t, a, "esc")
	if after, _ := a.layers().selected(); before.layer == nil || after.layer == nil || after.layer.ID != before.layer.ID || after.layer.ID != "hard_coin" {
		t.Errorf("Layers: esc moved the cursor off hard_coin:\n%s", screen(a))
	}
	a = keysTo(t, a, "/", "w", "a", "t", "esc")
	if after, _ := a.layers().selected(); after.layer == nil || after.layer.ID != "low_water" {
		t.Errorf("Layers: esc while typing moved the cursor off low_water:\n%s", screen(a))
	}

	a = keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "5", "/", "o", "l", "d", "enter")
	row := a.migr().sel()
	a = keysTo(t, a, "esc")
	if a.migr().sel() != row || row < len(a.migr().entries) {
		t.Errorf("Migrations: esc moved the cursor from row %d to %d", row, a.migr().sel())
	}

	a = keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "3", "/", "p", "o", "l", "e")
	sel := a.effPane().sel
	a = keysTo(t, a, "esc")
	if a.effPane().sel != sel || !strings.Contains(sel, "pole") {
		t.Errorf("Effective: esc while typing moved the cursor from %q to %q", sel, a.effPane().sel)
	}
}

// ferryFindingsWith is a check that reports what check does, the error's
// message replaced by msg.
func ferryFindingsWith(check func(*model.Workspace) []model.Diagnostic, msg string) func(*model.Workspace) []model.Diagnostic {
	return func(ws *model.Workspace) []model.Diagnostic {
		ds := check(ws)
		for i := range ds {
			if ds[i].Severity == model.Error {
				ds[i].Message = msg
			}
		}
		return ds
	}
}

// A5: a layer that removes an enum field's default and names none leaves
// the field with no default, as rulebench layers says; not "default , was
// north".
func TestScreenDefaultRemoved(t *testing.T) {
	cfg := ferryEdited(t, `"removeValues": ["isle"]`, `"removeValues": ["north"]`)
	for _, size := range screenSizes {
		a := jumpTo(t, keysTo(t, newTestApp(t, cfg, size.w, size.h), "2", "down", "space", "3"), "Enum fields")
		s := screen(a)
		if !strings.Contains(s, "no default, was north*") || strings.Contains(s, "default ,") {
			t.Errorf("at %s:\n%s", size.name, s)
		}
	}
	goldenScreens(t, cfg, keysThen("Enum fields", "2", "down", "space", "3"))
}

// B2: once the drafted entry is written into the new version, nothing is
// lost and there is no draft; the Migrations tab still lists the previous
// version's saves, rehearsed with this version's migrations, and enter
// steps through each.
func TestScreenSinceDraftPasted(t *testing.T) {
	cfg := sinceConfig(t, migratetest.RenameWritten, true)
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "5")
	p := a.migr()
	rep := a.snap.since()
	if rep == nil || rep.Draft != nil || len(rep.Lost) != 0 || len(rep.Saves) == 0 {
		t.Fatalf("the case is not a pasted draft with saves: %+v", rep)
	}
	var rows []int
	for pos := range p.list.n {
		if kind, _, ok := p.sinceAt(p.rowAt(pos)); ok && kind == sinceSave {
			rows = append(rows, pos)
		}
	}
	if len(rows) != len(rep.Saves) {
		t.Fatalf("%d of the previous version's %d saves are listed:\n%s", len(rows), len(rep.Saves), screen(a))
	}
	stepped := 0
	for _, pos := range rows {
		p.list.cursor = pos
		a.syncKeys()
		if _, r, _ := p.save(p.sel()); !steppable(r) {
			continue
		}
		a = keysTo(t, a, "enter")
		if !a.migr().stepping || !strings.Contains(screen(a), "step 1 of") {
			t.Errorf("enter does not step through row %d:\n%s", pos, screen(a))
		}
		a = keysTo(t, a, "esc")
		stepped++
	}
	if stepped == 0 {
		t.Error("no save of the previous version can be stepped through")
	}
	goldenScreens(t, cfg, keysThen("", "5", "down"))
}

// D4: the Migrations tab of a ruleset without entries or saves fills the
// body and no more at every size, so that the status and key lines stay
// on screen, and says what brings rows.
func TestScreenMigrationsEmpty(t *testing.T) {
	fsys := ferryFS()
	delete(fsys, "ferry/saves/old.json")
	text := ferryRuleset
	i := strings.Index(text, `"migrations": [`)
	j := strings.Index(text[i:], "]\n  },") + i
	fsys["ferry/ruleset.json"] = &fstest.MapFile{Data: []byte(text[:i] + `"migrations": []` + text[j+1:])}
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "5")
		s := screen(a)
		if a.migr().len() != 0 || !strings.Contains(s, "q quit") || !strings.Contains(s, "r reads the files again") {
			t.Errorf("at %s the key line or the hint is missing:\n%s", size.name, s)
		}
	}
	goldenScreens(t, cfg, keysThen("", "5"))
}

// D2: beside the detail at 120 columns, the list of layers cuts no more
// than the list above the detail at 80: each row that is whole at 80 is
// whole at 120.
func TestScreenLayersListWideNotCut(t *testing.T) {
	cfg := exampleConfig(t, "lantern-road")
	narrow := keysTo(t, newTestApp(t, cfg, 80, 24), "2")
	wide := keysTo(t, newTestApp(t, cfg, 120, 40), "2")
	checked := 0
	for _, tg := range wide.layers().toggles {
		row := strings.Join(strings.Fields(toggleLine(tg, wide.styles, wide.layers().cols, true)), " ")
		if !strings.Contains(oneLine(narrow), row) {
			continue
		}
		checked++
		if !strings.Contains(oneLine(wide), row+" │") && !strings.Contains(oneLine(wide), row+"│") {
			t.Errorf("the row %q is whole at 80 but cut at 120:\n%s", row, screen(wide))
		}
	}
	if checked == 0 {
		t.Fatalf("no row is whole at 80:\n%s", screen(narrow))
	}
	goldenScreens(t, cfg, keysThen("", "2"))
}

// The Layers tab of a ruleset without layers fills the body and no more
// when wide too, so that the key line stays on screen.
func TestScreenNoLayersKeepsKeyLine(t *testing.T) {
	text := ferryRuleset
	i := strings.Index(text, `,
  "layers": [`)
	j := strings.LastIndex(text, "]")
	fsys := ferryFS()
	fsys["ferry/ruleset.json"] = &fstest.MapFile{Data: []byte(text[:i] + text[j+1:])}
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	for _, size := range screenSizes {
		a := keysTo(t, newTestApp(t, cfg, size.w, size.h), "2")
		checkFrame(t, a.View().Content, size.w, size.h)
		if s := screen(a); !strings.Contains(s, "This ruleset has no layers.") || !strings.Contains(s, "q quit") {
			t.Errorf("at %s:\n%s", size.name, s)
		}
	}
}

// Before the first analysis comes, every tab fills the body and no more,
// wide or not: the status and key lines stay on screen.
func TestFirstFrameEveryTabFits(t *testing.T) {
	for _, size := range screenSizes {
		a, err := New(ferryConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		a = send(t, a, tea.WindowSizeMsg{Width: size.w, Height: size.h})
		for tab := range paneCount {
			a = keysTo(t, a, itoa(int(tab)+1))
			checkFrame(t, a.View().Content, size.w, size.h)
		}
	}
}

// clipboardText is the text a command puts on the clipboard through the
// terminal (tea.SetClipboard), and whether it does.
func clipboardText(cmd tea.Cmd) (string, bool) {
	for _, m := range runCmd(cmd) {
		if v := reflect.ValueOf(m); v.Type().String() == "tea.setClipboardMsg" {
			return v.String(), true
		}
	}
	return "", false
}

// D4: y copies the selection, through the terminal's clipboard: the
// finding as rulebench check writes it, a layer's id, an Effective row, a
// language's tag, a migration entry's path, a save's file, the Overview's
// path; the status line says what; the full help lists y.
func TestCopyKey(t *testing.T) {
	cfg := ferryConfig(t)
	for _, c := range []struct {
		keys []string
		want string
	}{
		{[]string{"1"}, "ferry"},
		{[]string{"2", "down"}, "low_water"},
		{[]string{"3", "down"}, "World none in the base ruleset"},
		{[]string{"4"}, "fr"},
		{[]string{"4", "enter", "down"}, "Test printing"},
		{[]string{"5"}, "sheet.migrations.0"},
		{[]string{"5", "down", "down"}, "ferry/saves/old.json"},
		{[]string{"5", "down", "down", "enter"}, "sheet.migrations.0.steps.0"},
		{[]string{"6", "end"}, `ferry/ruleset.json:45:93: error: layers.1.fields.0.removeValues.0: a made-up error about "isle" for the tests (layer-remove-hidewhen)`},
	} {
		a := keysTo(t, newTestApp(t, cfg, 80, 24), c.keys...)
		if !a.keys.Copy.Enabled() {
			t.Errorf("after %v y is not offered", c.keys)
			continue
		}
		next, cmd := a.Update(keyPress("y"))
		a = next.(*App)
		got, ok := clipboardText(cmd)
		if !ok || got != c.want {
			t.Errorf("after %v y copies %q (%v), want %q", c.keys, got, ok, c.want)
		}
		if !strings.Contains(screen(a), "to the terminal's clipboard (OSC 52): ") {
			t.Errorf("after %v the status line does not say what was copied:\n%s", c.keys, screen(a))
		}
	}
	// Not while a filter is typed: y is then text.
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "6", "/")
	next, cmd := a.Update(keyPress("y"))
	if _, ok := clipboardText(cmd); ok || !strings.Contains(next.(*App).problems().filter.input.Value(), "y") {
		t.Error("y copied while a filter was typed")
	}
	a = keysTo(t, newTestApp(t, cfg, 80, 40), "6", "?")
	if !strings.Contains(screen(a), "y     copy") {
		t.Errorf("the full help does not list y:\n%s", screen(a))
	}
}

// An enum field's values wrap rather than being cut at 80 columns: the
// value a layer removes at the end of a long list is read too.
func TestScreenEnumValuesWrap(t *testing.T) {
	cfg := ferryEdited(t,
		`"values": ["north", "south", "isle"]`, `"values": ["north", "south", "the-long-eastern-shore", "the-marsh-landing", "the-old-mill-steps", "isle"]`)
	for _, size := range screenSizes {
		a := jumpTo(t, keysTo(t, newTestApp(t, cfg, size.w, size.h), "2", "down", "space", "3"), "Enum fields")
		if !strings.Contains(oneLine(a), "the-old-mill-steps, isle (removed)") {
			t.Errorf("at %s the removed value is cut:\n%s", size.name, screen(a))
		}
	}
}
