package tui

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// fuzzRuleset is a small package ruleset for FuzzView: a harbour with a
// lighthouse. @A@ and @B@ stand for the two fuzzed texts, written into JSON
// strings (see modeltest.RawJSONText): the name, labels, a layer's summary and guidance,
// a catalog entry and an unknown key that the checks quote.
const fuzzRuleset = `{"schemaVersion":1,"id":"beacon","version":2,"name":"Beacon @A@","@B@":1,
"coverage":{"checks":true,"summary":"Harbour nights."},
"resolution":{"kind":"dice-sum","dice":{"count":2,"sides":6},"abilityModifier":{"op":"identity"},
 "proficiencyTiers":[{"id":"new","label":"New"}],
 "difficultyLadder":[{"label":"Fair","dc":6},{"label":"Gale @B@","dc":10}]},
"sheet":{"version":3,
 "abilities":[{"id":"grit","label":"Grit @A@","min":0,"max":4,"default":1}],
 "skills":[{"id":"signal","label":"Signal","ability":"grit"}],
 "fields":[{"id":"post","label":"Post","type":"enum","values":["tower","quay","@B@"],"default":"tower","valueLabels":{"tower":"Tower @A@"}}],
 "migrations":[{"from":1,"steps":[{"rename":"field","from":"station","to":"post"}]},{"from":2,"steps":[{"rename":"skill","from":"flash","to":"signal"}]}]},
"gm":{"checkGuidance":"Roll when the sea decides. @A@"},
"items":{"categories":[{"id":"kit","label":"Kit @B@"}],
 "currencies":[{"id":"coin","label":"Coin","units":[{"id":"bit","label":"bits","value":1},{"id":"crown","label":"crowns @A@","value":12}]}]},
"catalogs":[{"id":"stores","label":"Stores","holds":"items","entries":[
 {"id":"lamp","label":"Lamp @A@","item":{"category":"kit","cost":{"amount":3,"unit":"crown"}}},
 {"id":"oil","label":"Oil","item":{"category":"kit","cost":{"amount":2,"unit":"bit"}}}]}],
"layers":[
 {"id":"fog","label":"Fog @A@","summary":"Thick @B@","conflicts":["clear"],"gm":{"guidance":"See nothing. @B@"},
  "difficultyLadder":[{"label":"Fair","dc":8},{"label":"Gale","dc":12}]},
 {"id":"clear","label":"Clear","fields":[{"id":"post","removeValues":["quay"]}]},
 {"id":"poor","label":"Poor @B@","currencies":{"removeUnits":["crown"]}}]}`

const fuzzManifest = `{"schemaVersion":2,"id":"beacon","name":"Beacon","version":"1.0.0","capabilityApi":{"major":1,"minor":813}}`

// fuzzLocale translates the name and the grit label and holds a stale key.
const fuzzLocale = `{"_meta":{"locale":"fr","direction":"ltr"},"ruleset":{"Beacon @A@":"Phare @B@","Grit @A@":"Cran","@B@ gone":"x"}}`

// fuzzSaveText is a version 1 save the migrations carry forward.
const fuzzSaveText = `{"v":1,"build":{"fields":{"station":"@A@"},"skills":{"flash":"@B@"}}}`

// fuzzKeys are the keys a byte of FuzzView's key input can press.
var fuzzKeys = []string{"1", "2", "3", "4", "5", "6", "tab", "shift+tab", "left", "right", "up", "down",
	"pgdown", "end", "g", "G", "space", "x", "enter", "esc", "?", "r", "j", "k", "h", "l",
	"u", "b", "s", "a", "/", "backspace", "n", "p", "c", "o", "v", "[", "]", "<", ">", "e", "q", "z"}

// FuzzView draws the workbench over a small package whose texts are
// fuzzed (two texts of up to 48 bytes, the first repeated up to 64 times:
// the name, labels, guidance, a layer's summary, a translation, a save's
// values and file name, an unknown key), at a fuzzed window size, after up
// to 16 fuzzed keys, clicks, wheel turns, pastes and resizes. After every
// input the frame must fill the window: as many lines as it is high, none
// wider than it (ansi.StringWidth, the width the workbench lays out with),
// and once the styling is stripped no raw control character may remain, in
// the frame or the window title.
func FuzzView(f *testing.F) {
	f.Add("Light", "Dark", uint8(0), uint8(80), uint8(24), []byte{0, 1, 2, 3, 4, 5})
	f.Add("\x1b[2J\x1b]0;t\a", "\u202e\r\u009b", uint8(1), uint8(60), uint8(16), []byte{1, 16, 18, 4, 18, 5, 23, 0xd0})
	f.Add("界界", "e\u0301\u200d👩‍👩‍👧", uint8(12), uint8(59), uint8(15), []byte{2, 30, 0xd0, 18, 3, 18, 19})
	f.Add("long ", "\t\xff\xfe", uint8(40), uint8(121), uint8(20), []byte{5, 18, 34, 34, 36, 4, 28, 27})
	f.Add("", "x", uint8(0), uint8(1), uint8(1), []byte{0xf8, 100, 30, 1, 0xe0, 5, 1, 0xf0, 10, 10, 4})
	f.Fuzz(func(t *testing.T, a, b string, rep, w, h uint8, input []byte) {
		viewExec(t, a, b, rep, w, h, input)
	})
}

// viewExec is one exec of FuzzView.
func viewExec(t testing.TB, a, b string, rep, w, h uint8, input []byte) {
	// long texts come from repeating a short one, so that the fuzzer's
	// inputs (and the work of its minimizer, quadratic in their length)
	// stay small
	a, b = a[:min(len(a), 48)], b[:min(len(b), 48)]
	a = strings.Repeat(a, 1+int(rep)%64)
	if len(input) > 16 {
		input = input[:16]
	}
	fill := strings.NewReplacer("@A@", modeltest.RawJSONText(a), "@B@", modeltest.RawJSONText(b))
	saveName := "saves/" + strings.ReplaceAll(strings.ToValidUTF8(b, "?"), "/", "_") + ".json"
	if !fs.ValidPath(saveName) {
		saveName = "saves/old.json"
	}
	fsys := fstest.MapFS{
		"pkg/manifest.json":   {Data: []byte(fuzzManifest)},
		"pkg/ruleset.json":    {Data: []byte(fill.Replace(fuzzRuleset))},
		"pkg/locales/fr.json": {Data: []byte(fill.Replace(fuzzLocale))},
		"pkg/" + saveName:     {Data: []byte(fill.Replace(fuzzSaveText))},
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Workspace: ws, FS: fsys, Theme: "dark", Lang: "fr",
		Reload: func() (*model.Workspace, error) { return model.Load(fsys, "pkg") },
		Getenv: func(string) string { return "" }}
	width, height := int(w)%200+1, int(h)%70+1
	app := newTestApp(t, cfg, width, height)
	check := func(after string) {
		v := app.View()
		lines := strings.Split(ansi.Strip(v.Content), "\n")
		if len(lines) != height {
			t.Fatalf("after %s at %dx%d the view has %d lines", after, width, height, len(lines))
		}
		for i, l := range strings.Split(v.Content, "\n") {
			if n := ansi.StringWidth(l); n > width {
				t.Fatalf("after %s at %dx%d line %d is %d wide: %q", after, width, height, i+1, n, lines[i])
			}
			if r, _, bad := modeltest.RawControl(lines[i], ""); bad {
				t.Fatalf("after %s at %dx%d line %d holds the raw %U: %q", after, width, height, i+1, r, lines[i])
			}
		}
		if r, _, bad := modeltest.RawControl(v.WindowTitle, ""); bad {
			t.Fatalf("after %s the window title holds the raw %U: %q", after, r, v.WindowTitle)
		}
	}
	check("the first frame")
	for i := 0; i < len(input); i++ {
		var msg tea.Msg
		next := func() int {
			if i+1 < len(input) {
				i++
				return int(input[i])
			}
			return 0
		}
		switch c := input[i]; {
		case c < 0xd0:
			msg = keyPress(fuzzKeys[int(c)%len(fuzzKeys)])
		case c < 0xe0:
			msg = tea.PasteMsg{Content: a}
		case c < 0xf0:
			msg = tea.MouseClickMsg{X: next() % (width + 1), Y: next() % (height + 1), Button: tea.MouseLeft}
		case c < 0xf8:
			button := tea.MouseWheelDown
			if c&1 == 1 {
				button = tea.MouseWheelUp
			}
			msg = tea.MouseWheelMsg{X: next() % (width + 1), Y: next() % (height + 1), Button: button}
		default:
			width, height = next()%200+1, next()%70+1
			msg = tea.WindowSizeMsg{Width: width, Height: height}
		}
		app = sendRun(t, app, msg)
		check(strconv.Itoa(i+1) + " inputs")
	}
}

// BenchmarkFuzzViewExec is the cost of one FuzzView exec: loading and
// analysing the package, then six keys at 80x24.
func BenchmarkFuzzViewExec(b *testing.B) {
	for b.Loop() {
		viewExec(b, "Light", "Dark", 0, 80, 24, []byte{0, 1, 2, 3, 4, 5})
	}
}
