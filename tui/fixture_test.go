package tui

import (
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"rulebench/model"
	"rulebench/themes"
)

// ferryRuleset is a small package ruleset written for these tests: three
// layers (two conflicting), a coin family, a catalog, migrations from
// version 1 and 2, so that every pane has something to show.
const ferryRuleset = `{
  "schemaVersion": 1,
  "id": "ferry-crossing",
  "version": 2,
  "name": "Ferry Crossing",
  "edition": "Test printing",
  "coverage": { "checks": true, "sheet": true, "summary": "River crossings for tests." },
  "resolution": {
    "kind": "dice-sum",
    "dice": { "count": 2, "sides": 6 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "green", "label": "Green" } ],
    "difficultyLadder": [ { "label": "Calm", "dc": 6 }, { "label": "Flood", "dc": 10 } ]
  },
  "sheet": {
    "version": 3,
    "abilities": [ { "id": "oar", "label": "Oar", "min": 0, "max": 4, "default": 1 } ],
    "skills": [ { "id": "steer", "label": "Steer", "ability": "oar" } ],
    "fields": [
      { "id": "bank", "label": "Home bank", "type": "enum", "values": ["north", "south", "isle"], "default": "north" },
      { "id": "fare", "label": "Fare", "type": "number", "min": 0, "max": 9, "default": 0 }
    ],
    "migrations": [
      { "from": 1, "steps": [ { "rename": "field", "from": "toll", "to": "fare" } ] },
      { "from": 2, "steps": [ { "rename": "skill", "from": "row", "to": "steer" } ] }
    ]
  },
  "gm": { "checkGuidance": "Call for a check when the river could win." },
  "items": {
    "categories": [ { "id": "gear", "label": "Gear" } ],
    "currencies": [ { "id": "coin", "label": "Coin", "units": [
      { "id": "penny", "label": "pennies", "value": 1 },
      { "id": "crown", "label": "crowns", "value": 20 }
    ] } ]
  },
  "catalogs": [
    { "id": "kit", "label": "Kit", "holds": "items", "entries": [
      { "id": "pole", "label": "Pole", "item": { "category": "gear", "cost": { "amount": 2, "unit": "penny" } } }
    ] }
  ],
  "layers": [
    { "id": "spring_flood", "label": "Spring flood", "summary": "The river is high and fast.", "conflicts": ["low_water"],
      "gm": { "guidance": "The current pulls at every boat." },
      "difficultyLadder": [ { "label": "Calm", "dc": 8 }, { "label": "Flood", "dc": 12 } ] },
    { "id": "low_water", "label": "Low water", "fields": [ { "id": "bank", "removeValues": ["isle"] } ] },
    { "id": "hard_coin", "label": "Hard coin", "currencies": { "removeUnits": ["crown"] } }
  ]
}
`

const ferryManifest = `{ "schemaVersion": 2, "id": "ferry-crossing", "name": "Ferry Crossing", "version": "1.0.0",
  "capabilityApi": { "major": 1, "minor": 813 } }`

const ferryFrench = `{ "_meta": { "locale": "fr", "direction": "ltr" }, "ruleset": { "Ferry Crossing": "Le Bac", "Oar": "Rame" } }`

const ferrySave = `{ "v": 1, "build": { "fields": { "toll": 3 } } }`

// ferryFS holds the Ferry Crossing package under "ferry".
func ferryFS() fstest.MapFS {
	return fstest.MapFS{
		"ferry/manifest.json":   {Data: []byte(ferryManifest)},
		"ferry/ruleset.json":    {Data: []byte(ferryRuleset)},
		"ferry/locales/fr.json": {Data: []byte(ferryFrench)},
		"ferry/saves/old.json":  {Data: []byte(ferrySave)},
	}
}

// ferryFindings are the findings the fake check reports: one of each
// severity, at real places of the ruleset.
func ferryFindings(ws *model.Workspace) []model.Diagnostic {
	ds := []model.Diagnostic{
		model.Errorf("ferry/ruleset.json", "layers.1.fields.0.removeValues.0", "layer-remove-hidewhen", "a made-up error about %q for the tests", "isle"),
		model.Warnf("ferry/ruleset.json", "sheet.fields.1", "test-warning", "a made-up warning"),
		model.Warnf("ferry/locales/fr.json", "ruleset.Oar", "locale-stale", "\"Oar\" matches no display string"),
	}
	ws.Locate(ds)
	model.SortDiagnostics(ds)
	return ds
}

// loadFerry reads the package from fsys.
func loadFerry(t testing.TB, fsys fstest.MapFS) *model.Workspace {
	t.Helper()
	ws, err := model.Load(fsys, "ferry")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// ferryConfig is a workbench configuration over the Ferry Crossing package.
func ferryConfig(t testing.TB) Config {
	fsys := ferryFS()
	return Config{
		Workspace: loadFerry(t, fsys),
		Reload:    func() (*model.Workspace, error) { return model.Load(fsys, "ferry") },
		Check:     ferryFindings,
		FS:        fsys,
		Theme:     "dark",
	}
}

// newTestApp makes an App of the given size, its first analysis done.
func newTestApp(t testing.TB, cfg Config, w, h int) *App {
	t.Helper()
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a = send(t, a, tea.WindowSizeMsg{Width: w, Height: h})
	if cmd := a.analyseCmd(); cmd != nil {
		a = send(t, a, cmd())
	}
	return a
}

// send passes messages to the App's Update.
func send(t testing.TB, a *App, msgs ...tea.Msg) *App {
	t.Helper()
	for _, m := range msgs {
		next, _ := a.Update(m)
		a = next.(*App)
	}
	return a
}

// sendRun passes a message and then the results of the commands it
// returns, as the program would, except quitting and terminal queries.
func sendRun(t testing.TB, a *App, msg tea.Msg) *App {
	t.Helper()
	next, cmd := a.Update(msg)
	a = next.(*App)
	for _, m := range runCmd(cmd) {
		a = sendRun(t, a, m)
	}
	return a
}

// runCmd runs a command and the batches it holds, returning their messages.
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, runCmd(c)...)
		}
		return out
	default:
		return []tea.Msg{m}
	}
}

func press(code rune, text string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: code, Text: text}
}

// keys turns a few key names into key presses.
func keyPress(name string) tea.KeyPressMsg {
	switch name {
	case "space":
		return press(tea.KeySpace, " ")
	case "enter":
		return press(tea.KeyEnter, "")
	case "esc":
		return press(tea.KeyEscape, "")
	case "tab":
		return press(tea.KeyTab, "")
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "down":
		return press(tea.KeyDown, "")
	case "up":
		return press(tea.KeyUp, "")
	case "left":
		return press(tea.KeyLeft, "")
	case "right":
		return press(tea.KeyRight, "")
	case "pgdown":
		return press(tea.KeyPgDown, "")
	case "end":
		return press(tea.KeyEnd, "")
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "backspace":
		return press(tea.KeyBackspace, "")
	}
	r := []rune(name)
	return press(r[0], name)
}

// keysTo sends key presses by name.
func keysTo(t testing.TB, a *App, names ...string) *App {
	t.Helper()
	for _, n := range names {
		a = sendRun(t, a, keyPress(n))
	}
	return a
}

// mustTheme returns a theme by name.
func mustTheme(t testing.TB, name string) themes.Theme {
	t.Helper()
	th, err := themes.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// screen is the App's view without colours.
func screen(a *App) string { return ansi.Strip(a.View().Content) }

// golden compares got with testdata/<test name>.golden; go test ./tui/
// -update rewrites the files.
func golden(t *testing.T, got string) {
	t.Helper()
	xgolden.RequireEqual(t, got)
}

// checkFrame asserts that a view fills the terminal exactly: height lines,
// none wider than width.
func checkFrame(t *testing.T, view string, width, height int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != height {
		t.Errorf("the view has %d lines, want %d", len(lines), height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("line %d is %d wide, more than %d: %q", i+1, w, width, ansi.Strip(l))
		}
	}
}

// The tabs, as their own types, for tests that look inside them.
func (a *App) overview() *docPane  { return a.tabs[paneOverview].(*docPane) }
func (a *App) layers() *layersPane { return a.tabs[paneLayers].(*layersPane) }
func (a *App) effect() *docPane    { return a.effPane().docPane }

// effPane is the Effective tab, drawn for what it was last set (as the
// program would, off the UI goroutine, had the tab been in view).
func (a *App) effPane() *effectivePane {
	p := a.tabs[paneEffective].(*effectivePane)
	if cmd := p.settle(); cmd != nil {
		p.update(a, cmd())
	}
	return p
}
func (a *App) trans() *translationsPane { return a.tabs[paneTranslations].(*translationsPane) }
func (a *App) migr() *migrationsPane    { return a.tabs[paneMigrations].(*migrationsPane) }
func (a *App) problems() *problemsPane  { return a.tabs[paneProblems].(*problemsPane) }
