package tui

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

func TestTabs(t *testing.T) {
	tests := []struct {
		keys []string
		want paneID
	}{
		{nil, paneOverview},
		{[]string{"tab"}, paneLayers},
		{[]string{"right", "right"}, paneEffective},
		{[]string{"shift+tab"}, paneProblems},
		{[]string{"left", "left"}, paneMigrations},
		{[]string{"4"}, paneTranslations},
		{[]string{"6", "tab"}, paneOverview},
		{[]string{"l", "h"}, paneOverview},
		{[]string{"9"}, paneOverview},
	}
	for _, tt := range tests {
		a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), tt.keys...)
		if a.focus != tt.want {
			t.Errorf("after %v the tab is %v, want %v", tt.keys, a.focus, tt.want)
		}
		if !strings.Contains(screen(a), tt.want.String()) {
			t.Errorf("after %v the screen does not show %v", tt.keys, tt.want)
		}
	}
}

func TestQuit(t *testing.T) {
	tests := []struct {
		keys []string
		want tea.Msg
	}{
		{[]string{"q"}, tea.QuitMsg{}},
		{[]string{"ctrl+c"}, tea.InterruptMsg{}},
		// While a search is typed, q is text but ctrl+c still interrupts.
		{[]string{"4", "enter", "/", "ctrl+c"}, tea.InterruptMsg{}},
	}
	for _, tt := range tests {
		a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), tt.keys[:len(tt.keys)-1]...)
		_, cmd := a.Update(keyPress(tt.keys[len(tt.keys)-1]))
		if cmd == nil {
			t.Fatalf("%v: no command", tt.keys)
		}
		if got := cmd(); got != tt.want {
			t.Errorf("%v gives %T, want %T", tt.keys, got, tt.want)
		}
	}
	a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "4", "enter", "/")
	_, cmd := a.Update(keyPress("q")) // its command is the search, run in the background
	for _, m := range runCmd(cmd) {
		if _, quit := m.(tea.QuitMsg); quit {
			t.Error("q quits while a search is typed")
		}
	}
}

// shortHelp is the help as drawn, its lines joined.
func shortHelp(a *App) string {
	lines := strings.Split(screen(a), "\n")
	return strings.Join(lines[len(lines)-max(a.r.Help.H, 1):], "\n")
}

func TestLayerToggles(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 80, 24), "2")
	if !strings.Contains(shortHelp(a), "space switch on") {
		t.Errorf("the help does not offer to switch the layer on: %q", shortHelp(a))
	}
	a = keysTo(t, a, "space")
	tg := a.snap.toggles
	if !tg[0].on || tg[1].on || !tg[1].blocked() || tg[1].blockedBy[0] != "Spring flood" {
		t.Fatalf("after switching Spring flood on: %+v", tg)
	}
	if a.status.text != "Spring flood is on" {
		t.Errorf("status %q", a.status.text)
	}
	if got := describeLadder(a.snap.eff.Ladder); got != "Calm 8, Flood 12" {
		t.Errorf("effective ladder %q, want the layer's", got)
	}
	// The conflicting layer's switch is disabled and says why.
	a = keysTo(t, a, "down")
	if a.keys.Toggle.Enabled() {
		t.Error("space is offered on a blocked layer")
	}
	if strings.Contains(shortHelp(a), "space") {
		t.Errorf("the help offers space on a blocked layer: %q", shortHelp(a))
	}
	if !strings.Contains(screen(a), "blocked by Spring flood") {
		t.Error("the screen does not say what blocks Low water")
	}
	a = keysTo(t, a, "space")
	if a.snap.chosen["low_water"] {
		t.Error("space switched a blocked layer on")
	}
	// Switching the blocker off frees it.
	a = keysTo(t, a, "up", "space", "down", "space")
	if !a.snap.toggles[1].on || a.snap.toggles[0].on || !a.snap.toggles[0].blocked() {
		t.Errorf("after swapping the layers: %+v", a.snap.toggles)
	}
	if e := a.snap.eff.Enum("bank"); e == nil || strings.Join(e.Values, ",") != "north,south" {
		t.Errorf("Low water should leave bank north,south: %+v", e)
	}
	// The overview follows the choice.
	a = keysTo(t, a, "1")
	if !strings.Contains(screen(a), "3 layers, 1 on") {
		t.Error("the overview does not count the layer switched on")
	}
}

func TestToggleKeyOnlyInLayers(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 80, 24)
	for _, k := range []string{"1", "3", "4", "5", "6"} {
		a = keysTo(t, a, k, "space")
		if len(a.snap.chosen) != 0 {
			t.Errorf("space in tab %s switched a layer", k)
		}
		if a.keys.Toggle.Enabled() {
			t.Errorf("space is enabled in tab %s", k)
		}
	}
}

func TestHelpTellsTheTruth(t *testing.T) {
	tests := []struct {
		keys          []string
		want, notWant []string
	}{
		{[]string{"1"}, []string{"? all keys", "q quit"}, []string{"space", "enter", "esc"}},
		{[]string{"2"}, []string{"space switch on"}, []string{"enter source"}},
		{[]string{"6"}, []string{"enter source"}, []string{"space", "esc"}},
		{[]string{"6", "enter"}, []string{"esc close source"}, []string{"enter"}},
		{[]string{"4"}, []string{"enter show strings"}, []string{"space", "esc", "u untranslated", "/ search"}},
		{[]string{"4", "enter"}, []string{"esc languages", "u untranslated", "/ search", "? all keys", "q quit"}, []string{"enter", "space", "n next"}},
		{[]string{"4", "enter", "/"}, []string{"enter keep search", "esc clear search"}, []string{"q quit", "u untranslated", "tab"}},
		{[]string{"4", "enter", "/", "o", "enter"}, []string{"esc clear search", "u untranslated"}, nil},
		{[]string{"5"}, nil, []string{"n next step", "space", "enter step through"}},
		{[]string{"5", "end"}, []string{"enter step through"}, []string{"n next step"}},
		{[]string{"5", "end", "enter"}, []string{"esc back to list", "n next step", "c whole chain", "? all keys", "q quit"}, []string{"p step back", "enter"}},
		{[]string{"5", "end", "enter", "c"}, []string{"p step back"}, []string{"n next step", "c whole chain"}},
	}
	for _, tt := range tests {
		a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), tt.keys...)
		h := shortHelp(a)
		for _, w := range tt.want {
			if !strings.Contains(h, w) {
				t.Errorf("after %v the help %q lacks %q", tt.keys, h, w)
			}
		}
		for _, w := range tt.notWant {
			if strings.Contains(h, w) {
				t.Errorf("after %v the help %q offers %q", tt.keys, h, w)
			}
		}
	}
}

func TestFullHelp(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 80, 24)
	body := a.r.Body.H
	a = keysTo(t, a, "?")
	if !a.help.ShowAll || a.r.Body.H != body-(a.helpHeight(80)-1) || a.r.Body.H >= body {
		t.Fatalf("full help: ShowAll %v, body %d (was %d)", a.help.ShowAll, a.r.Body.H, body)
	}
	s := screen(a)
	for _, w := range []string{"go to tab", "close help", "previous tab", "reload"} {
		if !strings.Contains(s, w) {
			t.Errorf("the full help lacks %q", w)
		}
	}
	// Movement keys are listed only where something can move.
	if !strings.Contains(s, "page down") {
		t.Error("the overview scrolls, but the help does not list page down")
	}
	checkFrame(t, a.View().Content, 80, 24)
	a = keysTo(t, a, "?")
	if a.help.ShowAll || a.r.Body.H != body {
		t.Errorf("? again: ShowAll %v, body %d", a.help.ShowAll, a.r.Body.H)
	}
}

func TestProblemsSource(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 100, 30), "6")
	if a.problems().open {
		t.Fatal("the source is open before enter")
	}
	a = keysTo(t, a, "enter")
	s := screen(a)
	// The first finding is in locales/fr.json, line 1, column 100.
	if !strings.Contains(s, `1 │ `) || !strings.Contains(s, `"Oar": "Rame"`) || !strings.Contains(s, "^") {
		t.Fatalf("the source preview is missing:\n%s", s)
	}
	// Moving the cursor moves the preview: ruleset.json line 21.
	a = keysTo(t, a, "down")
	s = screen(a)
	if !strings.Contains(s, "21 │") || !strings.Contains(s, `"id": "fare"`) {
		t.Errorf("the preview does not follow the cursor:\n%s", s)
	}
	// The caret sits under the finding's column.
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "21 │") && i+1 < len(lines) {
			caret := strings.Index(lines[i+1], "^")
			value := strings.Index(l, `{ "id": "fare"`)
			if caret != value {
				t.Errorf("the caret is at %d, the value at %d:\n%s\n%s", caret, value, l, lines[i+1])
			}
		}
	}
	a = keysTo(t, a, "esc")
	if a.problems().open || strings.Contains(screen(a), "21 │") {
		t.Error("esc does not close the source")
	}
}

func TestSourceWithoutFiles(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.FS = nil
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "6", "enter")
	if !strings.Contains(screen(a), "The source cannot be shown") {
		t.Errorf("no note that the source is unavailable:\n%s", screen(a))
	}
}

// reloadingConfig returns a configuration whose Reload reads files the test
// can change.
func reloadingConfig(t *testing.T) (Config, fsysEditor) {
	fsys := ferryFS()
	cfg := ferryConfig(t)
	cfg.Reload = func() (*model.Workspace, error) { return model.Load(fsys, "ferry") }
	cfg.FS = fsys
	return cfg, func(name, text string) { fsys[name].Data = []byte(text) }
}

type fsysEditor func(name, text string)

func TestReloadKeepsChoiceAndSelection(t *testing.T) {
	cfg, edit := reloadingConfig(t)
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "2", "down", "down", "space")
	if !a.snap.chosen["hard_coin"] {
		t.Fatal("hard_coin is not on")
	}
	edit("ferry/ruleset.json", strings.Replace(ferryRuleset, `"name": "Ferry Crossing"`, `"name": "Ferry Crossing Revised"`, 1))
	a = keysTo(t, a, "r")
	if got := a.snap.ruleset().Name; got != "Ferry Crossing Revised" {
		t.Fatalf("after reload the name is %q", got)
	}
	if !a.snap.chosen["hard_coin"] || !a.snap.toggles[2].on {
		t.Error("the reload lost the layer choice")
	}
	if tg, _ := a.layers().selected(); tg.layer.ID != "hard_coin" || a.focus != paneLayers {
		t.Errorf("the reload moved the selection to %s in %v", tg.layer.ID, a.focus)
	}
	if !strings.HasPrefix(a.status.text, "Reloaded at") {
		t.Errorf("status %q", a.status.text)
	}
}

func TestReloadBrokenKeepsLastGood(t *testing.T) {
	cfg, edit := reloadingConfig(t)
	cfg.Check = nil // the findings are the analysis's
	a := newTestApp(t, cfg, 80, 24)
	edit("ferry/ruleset.json", ferryRuleset[:200])
	a = keysTo(t, a, "r")
	if !a.snap.broken {
		t.Fatal("a ruleset cut in half is not reported broken")
	}
	if a.snap.ruleset() == nil || a.snap.ruleset().Name != "Ferry Crossing" {
		t.Error("the last good ruleset is not kept")
	}
	if !slices.ContainsFunc(a.snap.diags, func(d model.Diagnostic) bool { return d.Severity == model.Error && d.Code == "json-syntax" }) {
		t.Errorf("the findings are not the broken file's: %v", a.snap.diags)
	}
	s := screen(a)
	if !strings.Contains(s, "broken on disk") || !strings.Contains(s, "showing the last good version") {
		t.Errorf("the screen does not say the file is broken:\n%s", s)
	}
	edit("ferry/ruleset.json", ferryRuleset)
	a = keysTo(t, a, "r")
	if a.snap.broken || model.HasErrors(a.snap.diags) {
		t.Errorf("the repaired file still reads broken: %v", a.snap.diags)
	}
}

func TestStaleReloadDropped(t *testing.T) {
	cfg, edit := reloadingConfig(t)
	a := newTestApp(t, cfg, 80, 24)
	next, first := a.Update(keyPress("r"))
	a = next.(*App)
	old := first() // the workspace as it was
	edit("ferry/ruleset.json", strings.Replace(ferryRuleset, `"version": 2,`, `"version": 7,`, 1))
	next, second := a.Update(keyPress("r"))
	a = next.(*App)
	a = send(t, a, second(), old)
	if v := a.snap.ruleset().Version; v != 7 {
		t.Errorf("the older reload result replaced the newer: version %d", v)
	}
}

func TestFileWatcherMessagesReload(t *testing.T) {
	cfg, edit := reloadingConfig(t)
	ch := make(chan error, 1)
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.changes = ch
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	edit("ferry/ruleset.json", strings.Replace(ferryRuleset, `"version": 2,`, `"version": 5,`, 1))
	next, cmd := a.Update(filesChangedMsg{})
	a = next.(*App)
	ch <- nil // the next change, so the renewed wait returns at once
	var reloaded bool
	for _, m := range runCmd(cmd) {
		switch m.(type) {
		case reloadedMsg:
			reloaded = true
			a = send(t, a, m)
		case filesChangedMsg:
		default:
			t.Errorf("unexpected message %T", m)
		}
	}
	if !reloaded || a.snap.ruleset().Version != 5 {
		t.Error("a file change did not reload the ruleset")
	}
	if !strings.Contains(screen(a), "watching") {
		t.Error("the status line does not say the files are watched")
	}
}

func TestMouse(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 100, 30)
	// Click the Layers tab.
	s := a.spans[paneLayers]
	a = send(t, a, tea.MouseClickMsg{X: (s.start + s.end) / 2, Y: a.r.Tabs.Y, Button: tea.MouseLeft})
	if a.focus != paneLayers {
		t.Fatalf("clicking the Layers tab opened %v", a.focus)
	}
	// Click the third layer: it is selected and switched on.
	a = send(t, a, tea.MouseClickMsg{X: 5, Y: a.r.Body.Y + 2, Button: tea.MouseLeft})
	if tg, _ := a.layers().selected(); tg.layer.ID != "hard_coin" || !tg.on {
		t.Errorf("clicking a layer: selected %s, on %v", tg.layer.ID, tg.on)
	}
	// A right click does nothing.
	a = send(t, a, tea.MouseClickMsg{X: 5, Y: a.r.Body.Y, Button: tea.MouseRight})
	if tg, _ := a.layers().selected(); tg.layer.ID != "hard_coin" {
		t.Error("a right click moved the selection")
	}
	// The wheel scrolls the overview.
	a = keysTo(t, a, "1")
	a = send(t, a, tea.MouseWheelMsg{X: 10, Y: a.r.Body.Y + 3, Button: tea.MouseWheelDown})
	if a.overview().scroll.offset != wheelStep {
		t.Errorf("the wheel scrolled the overview to %d, want %d", a.overview().scroll.offset, wheelStep)
	}
}

func TestMouseModes(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 80, 24)
	if v := a.View(); v.MouseMode != tea.MouseModeCellMotion || !v.AltScreen || v.WindowTitle != "rulebench: Ferry Crossing" {
		t.Errorf("view: mouse %v alt %v title %q", v.MouseMode, v.AltScreen, v.WindowTitle)
	}
	cfg := ferryConfig(t)
	cfg.NoMouse = true
	if v := newTestApp(t, cfg, 80, 24).View(); v.MouseMode != tea.MouseModeNone {
		t.Error("--no-mouse still captures the mouse")
	}
}

func TestTooSmall(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 50, 12)
	s := screen(a)
	if !strings.Contains(s, "The terminal is 50×12") || !strings.Contains(s, "60×16") || !strings.Contains(s, "press q to quit") {
		t.Fatalf("no size message:\n%s", s)
	}
	checkFrame(t, a.View().Content, 50, 12)
	a = keysTo(t, a, "2", "space")
	if a.focus != paneOverview || len(a.snap.chosen) != 0 {
		t.Error("keys act while the terminal is too small")
	}
	if _, cmd := a.Update(keyPress("q")); cmd == nil || cmd() != tea.Quit() {
		t.Error("q does not quit while the terminal is too small")
	}
	// Growing the terminal brings the workbench back.
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(screen(a), "Ferry Crossing") {
		t.Error("the workbench does not come back after a resize")
	}
}

func TestNothingBeforeTheSize(t *testing.T) {
	a, err := New(ferryConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	if a.View().Content != "" {
		t.Error("the view draws before knowing the terminal size")
	}
	a = keysTo(t, a, "2", "space")
	if len(a.snap.chosen) != 0 {
		t.Error("keys act before the terminal size is known")
	}
}

func TestBackgroundColour(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.Theme = "auto"
	a := newTestApp(t, cfg, 80, 24)
	if a.Init() == nil {
		t.Error("the auto theme does not ask for the background colour")
	}
	dark := a.View().Content
	a = send(t, a, tea.BackgroundColorMsg{Color: color.White})
	if a.dark {
		t.Error("a white background is taken for dark")
	}
	if a.View().Content == dark {
		t.Error("the colours did not change for a light background")
	}
	// A forced theme ignores the terminal.
	cfg.Theme = "dark"
	b := newTestApp(t, cfg, 80, 24)
	before := b.View().Content
	b = send(t, b, tea.BackgroundColorMsg{Color: color.White})
	if b.View().Content != before {
		t.Error("the dark theme changed for a light background")
	}
}

func TestNoColor(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.NoColor = true
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "2")
	v := a.View().Content
	for _, seq := range []string{"38;2;", "48;2;", "38;5;", "48;5;"} {
		if strings.Contains(v, seq) {
			t.Errorf("NO_COLOR view holds the colour sequence %q", seq)
		}
	}
	if !strings.Contains(v, "\x1b[1;7m") && !strings.Contains(v, "\x1b[7;1m") && !strings.Contains(v, ";7m") {
		t.Error("without colour the selected row is not in reverse video")
	}
}

func TestASCII(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.ASCII = true
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		a := newTestApp(t, cfg, size[0], size[1])
		a = keysTo(t, a, "2", "space")
		for p := paneOverview; p < paneCount; p++ {
			a = keysTo(t, a, itoa(int(p)+1))
			if p == paneProblems {
				a = keysTo(t, a, "enter")
			}
			for _, r := range screen(a) {
				if r > 127 {
					t.Errorf("%v at %dx%d draws %q with --ascii", p, size[0], size[1], r)
					break
				}
			}
		}
	}
}

func TestConfigErrors(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.Theme = "neon"
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "neon") {
		t.Errorf("unknown theme: %v", err)
	}
	cfg = ferryConfig(t)
	cfg.Lang = "pt_BR"
	if _, err := New(cfg); err == nil {
		t.Error("--lang pt_BR is accepted")
	}
}

func TestLanguagePreview(t *testing.T) {
	cfg := ferryConfig(t)
	cfg.Lang = "fr-CA"
	a := keysTo(t, newTestApp(t, cfg, 100, 30), "4")
	l := a.trans().lang
	if a.trans().mode != browseStrings || l == nil || l.Lang != "fr-CA" || l.Base != "fr" {
		t.Fatalf("the previewed language's strings are not shown: %+v", l)
	}
	if s := screen(a); !strings.Contains(s, "fr-CA Canadian French — français (Canada)") || !strings.Contains(s, "Le Bac") {
		t.Errorf("the strings do not show fr-CA via fr:\n%s", s)
	}
	a = keysTo(t, a, "esc")
	if l, ok := a.trans().selectedLang(); !ok || l.Lang != "fr-CA" || a.trans().mode != pickLanguage {
		t.Fatalf("esc does not go back to the picker on fr-CA: %+v", l)
	}
	s := screen(a)
	if !strings.Contains(s, "fr-CA") || !strings.Contains(s, "no file of its own") || !strings.Contains(s, "0 translated, 2 via base") {
		t.Errorf("the picker does not show fr-CA via fr:\n%s", s)
	}
	if s := screen(keysTo(t, a, "1")); !strings.Contains(s, "fr-CA: Le Bac") {
		t.Errorf("the overview does not give the name in the previewed language:\n%s", s)
	}
}

func TestSectionJumps(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), minWidth, minHeight), "2", "space", "3")
	if !strings.Contains(shortHelp(a), "] next section") || strings.Contains(shortHelp(a), "[ previous") {
		t.Errorf("at the top of the Effective tab the help is %q", shortHelp(a))
	}
	a = keysTo(t, a, "]")
	if got := a.effect().scroll.offset; got != a.effect().starts[0] || got == 0 {
		t.Fatalf("] scrolled to line %d, want the first section at %d", got, a.effect().starts[0])
	}
	if !strings.Contains(screen(a), "Game Master") {
		t.Errorf("] does not show the Game Master section:\n%s", screen(a))
	}
	a = keysTo(t, a, "]", "[")
	if got := a.effect().scroll.offset; got != a.effect().starts[0] {
		t.Errorf("] then [ is at line %d, want %d", got, a.effect().starts[0])
	}
	if !strings.Contains(shortHelp(a), "[ previous section") {
		t.Errorf("below the top the help %q does not offer [", shortHelp(a))
	}
}

func TestDetailScrolls(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), minWidth, minHeight), "4", "enter")
	tb := &a.trans().table
	if !tb.detail.scrollable() {
		t.Fatal("the detail of a string should not fit at the smallest size")
	}
	a = keysTo(t, a, "enter", "pgdown")
	tb = &a.trans().table
	if !tb.inDetail || tb.detail.offset == 0 {
		t.Errorf("enter then page down: in detail %v, offset %d", tb.inDetail, tb.detail.offset)
	}
	a = keysTo(t, a, "esc", "down")
	if a.trans().table.inDetail || a.trans().mode != browseStrings {
		t.Error("esc does not go back to the list")
	}
}

func TestWorkspaceWithoutRuleset(t *testing.T) {
	fsys := ferryFS()
	fsys["ferry/ruleset.json"].Data = []byte("not json")
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.Check = nil
	a := newTestApp(t, cfg, 80, 24)
	for p := paneOverview; p < paneCount; p++ {
		a = keysTo(t, a, itoa(int(p)+1), "space", "enter", "down")
		checkFrame(t, a.View().Content, 80, 24)
	}
	if !strings.Contains(screen(keysTo(t, a, "1")), "The ruleset could not be read") {
		t.Error("the overview does not say the ruleset could not be read")
	}
}

func TestFirstFrameBeforeTheChecks(t *testing.T) {
	a, err := New(ferryConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	s := screen(a)
	if !strings.Contains(s, "Ferry Crossing") || !strings.Contains(s, "checking…") {
		t.Fatalf("the first frame does not show the ruleset while checking:\n%s", s)
	}
	if !strings.Contains(screen(keysTo(t, a, "2")), "Working out the layers") {
		t.Error("the Layers tab does not say the layers are being worked out")
	}
	var analysed bool
	for _, m := range runCmd(a.Init()) {
		if r, ok := m.(reloadedMsg); ok && r.first {
			analysed = true
			a = send(t, a, m)
		}
	}
	if !analysed {
		t.Fatal("Init does not start the checks")
	}
	if a.snap.pending || len(a.snap.diags) != 3 || a.status.text != "" {
		t.Errorf("after the checks: pending %v, %d findings, status %q", a.snap.pending, len(a.snap.diags), a.status.text)
	}
	if s := screen(a); strings.Contains(s, "checking") || !strings.Contains(s, "1 error, 2 warnings") {
		t.Errorf("the header does not show the findings:\n%s", s)
	}
}

// recordingTab is a tab that keeps what the App forwards to it, and offers
// space as its one key of its own.
type recordingTab struct {
	*docPane
	got []tea.Msg
}

func (r *recordingTab) update(_ host, msg tea.Msg) tea.Cmd {
	r.got = append(r.got, msg)
	return nil
}

func (r *recordingTab) syncKeys() {
	r.keys.Toggle.SetEnabled(true)
	r.keys.Toggle.SetHelp("space", "poke")
}

func TestAppForwardsToTheFocusedTab(t *testing.T) {
	a := newTestApp(t, ferryConfig(t), 80, 24)
	rec := &recordingTab{docPane: newDocPane(&a.keys, overviewLines)}
	a.tabs[paneOverview] = rec
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	if h := shortHelp(a); !strings.Contains(h, "space poke") {
		t.Errorf("the help does not show the tab's own key: %q", h)
	}
	// The tab's keys, clicks and pastes reach it; the global keys do not.
	y := a.r.Body.Y + 2
	a = send(t, a, keyPress("space"), keyPress("x"), tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft},
		tea.PasteMsg{Content: "p"}, keyPress("?"), keyPress("?"), keyPress("2"), keyPress("1"))
	want := []tea.Msg{keyPress("space"), keyPress("x"), clickMsg{x: 5, y: 2}, tea.PasteMsg{Content: "p"}}
	if len(rec.got) != len(want) {
		t.Fatalf("the tab got %v, want %v", rec.got, want)
	}
	for i := range want {
		if rec.got[i] != want[i] {
			t.Errorf("message %d: the tab got %#v, want %#v", i, rec.got[i], want[i])
		}
	}
	if _, cmd := a.Update(keyPress("q")); cmd == nil || cmd() != tea.Quit() || len(rec.got) != len(want) {
		t.Error("q is not the App's to quit with")
	}
	// A result the App does not know goes to every tab, focused or not.
	// (Opening the Effective tab sends it its document, drawn in the
	// background, as such a result.)
	a = keysTo(t, a, "3")
	before := len(rec.got)
	a = send(t, a, sourceMsg{file: "x"})
	if last, ok := rec.got[len(rec.got)-1].(sourceMsg); len(rec.got) != before+1 || !ok || last.file != "x" {
		t.Errorf("the result did not reach the tab: %v", rec.got)
	}
	// Another tab's keys are not on offer while it is not focused.
	if a.keys.Toggle.Enabled() {
		t.Error("space stays enabled after leaving the tab that offered it")
	}
}
