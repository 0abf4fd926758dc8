package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/model"
)

// exampleConfig opens one of the project's examples from disk with the
// same checks as rulebench check.
func exampleConfig(t *testing.T, rel string) Config {
	t.Helper()
	p := filepath.Join("..", "examples", rel)
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Skipf("example %s not readable: %v", rel, err)
	}
	return Config{Workspace: ws, FS: model.OSFS{}, Theme: "dark",
		Reload: func() (*model.Workspace, error) { return model.Load(model.OSFS{}, p) }}
}

// selectLayer puts the Layers cursor on a layer by id.
func selectLayer(t *testing.T, a *App, id string) *App {
	t.Helper()
	a = keysTo(t, a, "2")
	a.layers().selectByID(id)
	if tg, ok := a.layers().selected(); !ok || tg.layer.ID != id {
		t.Fatalf("no layer %s", id)
	}
	return a
}

func TestLanternRoad(t *testing.T) {
	a := newTestApp(t, exampleConfig(t, "lantern-road"), 100, 30)
	if e, w := model.Count(a.snap.diags, model.Error), model.Count(a.snap.diags, model.Warning); e != 0 || w != 2 {
		t.Errorf("the example has %d errors and %d warnings, its README says 0 and 2", e, w)
	}
	if !strings.Contains(screen(a), "2 warnings") {
		t.Error("the header does not show the two warnings")
	}

	// long_dark on: midsummer's switch is disabled by it.
	a = keysTo(t, selectLayer(t, a, "long_dark"), "space")
	a.layers().selectByID("midsummer")
	if tg, _ := a.layers().selected(); !tg.blocked() || tg.blockedBy[0] != "The long dark" {
		t.Errorf("midsummer with long_dark on: %+v", tg)
	}
	if got := describeLadder(a.snap.eff.Ladder); !strings.HasPrefix(got, "Steady going 10, Uneven ground 13") {
		t.Errorf("the long dark's ladder: %s", got)
	}
	a = keysTo(t, selectLayer(t, a, "long_dark"), "space")

	// drowned_fens and hill_fever together: the fallback drops hill_fever.
	a = keysTo(t, selectLayer(t, a, "drowned_fens"), "space")
	a = keysTo(t, selectLayer(t, a, "hill_fever"), "space")
	tg, _ := a.layers().selected()
	if tg.on || !tg.chosen || tg.dropped == "" {
		t.Errorf("hill_fever beside drowned_fens should be chosen but dropped: %+v", tg)
	}
	if !strings.Contains(screen(a), "chosen, but not applied") {
		t.Errorf("the Layers tab does not say hill_fever is not applied:\n%s", screen(a))
	}
	if e := a.snap.eff.Enum("home_reach"); e == nil || strings.Join(e.Values, ",") != "stonegate" {
		t.Errorf("home_reach under the fallback: %+v", e)
	}
	// A save holding a removed value keeps it, and the Effective tab says so.
	a = keysTo(t, a, "3")
	a.effect().scroll.bottom()
	if s := screen(a); !strings.Contains(s, "saves/no-level.json build.fields.home_reach: fenward, removed by Drowned fens") {
		t.Errorf("the Effective tab does not list the value a save keeps:\n%s", s)
	}

	// Translations: fr, pt-BR and pt; the English introduction is not one.
	a = keysTo(t, a, "4")
	var langs, engine []string
	for _, l := range a.trans().langs {
		if l.engineOnly {
			engine = append(engine, l.Lang)
		} else {
			langs = append(langs, l.Lang)
		}
	}
	if got := strings.Join(langs, ","); got != "fr,pt-BR,pt" {
		t.Errorf("languages %s, want fr,pt-BR,pt", got)
	}
	// The Engine's own languages without a file follow; English is the
	// ruleset itself and pt-BR has a file.
	if got := strings.Join(engine, ","); got != "ar,de,es,hi,ja,ko,pl,ru,zh-Hans" {
		t.Errorf("Engine languages without a file %s", got)
	}

	// Migrations: three entries and the sample saves; the save from the
	// future cannot be migrated.
	a = keysTo(t, a, "5")
	if len(a.migr().entries) != 3 || a.migr().len() != 3+len(a.snap.ws.Saves) {
		t.Errorf("%d entries, %d rows", len(a.migr().entries), a.migr().len())
	}
	for i := range a.migr().len() {
		if sv, r, ok := a.migr().save(i); ok && strings.HasSuffix(sv.File, "future.json") {
			if r == nil || r.OK {
				t.Error("saves/future.json migrates, but it is newer than the sheet")
			}
		}
	}
	for p := paneOverview; p < paneCount; p++ {
		a = keysTo(t, a, itoa(int(p)+1), "end", "enter", "end")
		checkFrame(t, a.View().Content, 100, 30)
	}
}

func TestMirefall(t *testing.T) {
	a := newTestApp(t, exampleConfig(t, "mirefall/mirefall-1.0.0.ruleset.json"), 80, 24)
	if a.snap.ruleset() == nil || a.snap.ruleset().Resolution.Kind != model.DicePool {
		t.Fatal("Mirefall is a dice-pool ruleset")
	}
	if !strings.Contains(screen(a), "dice-pool") {
		t.Error("the overview does not name the resolution kind")
	}
	// The catalog entry beside the artifact is not a language.
	a = keysTo(t, a, "4")
	for _, l := range a.trans().langs {
		if l.Lang == "entry" {
			t.Error("the catalog entry is listed as a language")
		}
	}
	for p := paneOverview; p < paneCount; p++ {
		a = keysTo(t, a, itoa(int(p)+1), "end", "enter")
		checkFrame(t, a.View().Content, 80, 24)
	}
}

// effectiveText is the whole Effective document without colours.
func effectiveText(a *App) string {
	return ansi.Strip(strings.Join(a.effect().lines, "\n"))
}

// withLayers switches layers on by id, in the order given.
func withLayers(t *testing.T, a *App, ids ...string) *App {
	t.Helper()
	for _, id := range ids {
		a = keysTo(t, selectLayer(t, a, id), "space")
	}
	return keysTo(t, a, "3")
}

func TestLanternRoadEffective(t *testing.T) {
	tests := []struct {
		layers []string
		want   []string
	}{
		{nil, []string{"No layer applied", "Steady going          DC 8            DC 8\n",
			"wares/lamp-oil         3 groats    3 groats    23 mites      3 groats      45 mites",
			"knacks: 15 entries, none hidden"}},
		{[]string{"long_dark"}, []string{
			// the appended guidance, marked with its layer
			"+ appended by The long dark:", "The long dark is on. Use the harsher ladder",
			// the base ladder beside the effective one
			"Steady going          DC 8            DC 10*",
			// hidden entries with the rule hiding each
			"knacks: 15 entries, 3 hidden", "borrowed-flame Borrowed Flame  ·  hidden by The long dark: its oil is above 1",
			// the written price beside the shown one, at each level
			"wares/lamp-oil         3 groats    30 mites*   23 mites      30 mites*     45 mites",
			"wares/warding-bell     20 groats   2 nobles*   150 mites*",
			"coin: mite, noble left; removed groat",
			"line 4 drops nothing: its coin is removed (The long dark)"}},
		{[]string{"unlit_wicks"}, []string{"lantern_kind: none, tin, brass, ghostglass (removed)", "default tin; narrowed by Unlit wicks"}},
		{[]string{"drowned_fens"}, []string{"home_reach: fenward (removed), stonegate, saltmarch (removed)", "default stonegate, was fenward*"}},
		{[]string{"toll_war", "lean_years"}, []string{
			"Sellers     Guild lamp-house", "chandler removed by Toll war", "road smith removed by Toll war",
			"lean_years: its seller removal (lamp_house) is not made",
			"not sold: category provisions (Lean years); takes off sale wares/hardtack, wares/smoked-eel",
			"“Road spoils”: replaced by Lean years with “Picked-over spoils” (3 lines; was 5 lines); rolled by the",
			"the seller “peddler”"}},
		{[]string{"guild_ruin"}, []string{"scrip: the whole family is removed (chit, warrant)", "wares/ghostglass-lens  2 warrants  no price*"}},
	}
	for _, tt := range tests {
		a := withLayers(t, newTestApp(t, exampleConfig(t, "lantern-road"), 120, 36), tt.layers...)
		doc := effectiveText(a)
		for _, w := range tt.want {
			if !strings.Contains(doc, w) {
				t.Errorf("with %v the Effective tab lacks %q:\n%s", tt.layers, w, doc)
			}
		}
	}
}

// openLanguage opens a language's strings from the Translations picker.
func openLanguage(t *testing.T, a *App, lang string) *App {
	t.Helper()
	a = keysTo(t, a, "4")
	if a.trans().mode == browseStrings {
		a = keysTo(t, a, "esc")
	}
	a.trans().selectLang(lang)
	a = keysTo(t, a, "enter")
	if a.trans().lang == nil || a.trans().lang.Lang != lang {
		t.Fatalf("could not open %s", lang)
	}
	return a
}

// searchFor types a search and keeps it.
func searchFor(t *testing.T, a *App, text string) *App {
	t.Helper()
	a = keysTo(t, a, "/")
	for _, r := range text {
		a = keysTo(t, a, string(r))
	}
	return keysTo(t, a, "enter")
}

func TestLanternRoadTranslations(t *testing.T) {
	a := newTestApp(t, exampleConfig(t, "lantern-road"), 120, 36)
	// The picker's detail: the import choice and the base language.
	a = keysTo(t, a, "4")
	a.trans().selectLang("pt-BR")
	a = keysTo(t, a, "down", "up")
	s := strings.Join(strings.Fields(ansi.Strip(strings.Join(detailLines(&a.trans().picker), " "))), " ")
	for _, want := range []string{"pt-BR Brazilian Portuguese — português (Brasil)", "Base pt, file locales/pt.json",
		"127 translated, 95 via base, 2 empty, 101 missing; 2", "an Engine set to pt-BR keeps pt-BR, pt; discards fr"} {
		// (the detail may wrap a tag at its hyphen: "pt-" then "BR")
		if !strings.Contains(strings.ReplaceAll(s, "pt- BR", "pt-BR"), want) {
			t.Errorf("the pt-BR picker lacks %q:\n%s", want, s)
		}
	}
	// The README's counts, through the filters.
	counts := []struct {
		lang                      string
		untranslated, viaBase, st int
	}{
		{"pt-BR", 103, 95, 2},
		{"pt", 228, 0, 0},
		{"fr", 131, 0, 0},
	}
	for _, c := range counts {
		a = openLanguage(t, a, c.lang)
		if a = keysTo(t, a, "u"); len(a.trans().rows) != c.untranslated {
			t.Errorf("%s untranslated: %d, want %d", c.lang, len(a.trans().rows), c.untranslated)
		}
		if a = keysTo(t, a, "b"); len(a.trans().rows) != c.viaBase {
			t.Errorf("%s via base: %d, want %d", c.lang, len(a.trans().rows), c.viaBase)
		}
		if a = keysTo(t, a, "s"); len(a.trans().rows) != c.st {
			t.Errorf("%s stale: %d, want %d", c.lang, len(a.trans().rows), c.st)
		}
		a = keysTo(t, a, "a")
	}
	// pt-BR's stale keys, each with the current string nearest to it.
	a = keysTo(t, openLanguage(t, a, "pt-BR"), "s")
	if got := tableTexts(a); strings.Join(got, "|") != "Road luck die|Guild favour" {
		t.Errorf("pt-BR stale keys %v", got)
	}
	if s := screen(a); !strings.Contains(s, "Nearest   “Road-luck die”") {
		t.Errorf("the stale key's hint is missing:\n%s", s)
	}
	// "Ghoul 2" on the battle screen, and where each shown text comes from.
	tests := []struct{ lang, want, from string }{
		{"fr", "Ghoul 2 → Goule 2", "its own file, locales/fr.json:"},
		{"pt-BR", "Ghoul 2 → Carniçal 2", "its own file, locales/pt-BR.json:"},
		{"pt", "Ghoul 2 → Necrófago 2", "its own file, locales/pt.json:"},
	}
	for _, tt := range tests {
		a = searchFor(t, keysTo(t, openLanguage(t, a, tt.lang), "a"), "Ghoul")
		if got := tableTexts(a); len(got) == 0 || got[0] != "Ghoul" {
			t.Fatalf("%s: the search for Ghoul gives %v", tt.lang, got)
		}
		s := screen(a)
		for _, w := range []string{tt.want, tt.from, "Used at ("} {
			if !strings.Contains(s, w) {
				t.Errorf("%s: Ghoul's detail lacks %q:\n%s", tt.lang, w, s)
			}
		}
		a = keysTo(t, a, "esc")
	}
	// pt-BR's own value wins over pt's, which the detail mentions.
	a = searchFor(t, keysTo(t, openLanguage(t, a, "pt-BR"), "a"), "Ghoul")
	if s := screen(a); !strings.Contains(s, "“Necrófago” (pt; the own file wins)") {
		t.Errorf("the base's value for Ghoul is not mentioned:\n%s", s)
	}
	// An empty pt-BR value that pt fills is shown via base.
	a = searchFor(t, keysTo(t, a, "esc"), "Will-o'-wick")
	if s := screen(a); !strings.Contains(s, "the base language pt,") || !strings.Contains(s, "locales/pt.json:102:21; its own file has") || !strings.Contains(s, "it empty at locales/pt-BR.json:") {
		t.Errorf("Will-o'-wick's source:\n%s", s)
	}
}

func TestLanternRoadStepping(t *testing.T) {
	tests := []struct {
		save     string
		outcomes []string
	}{
		{"fighter3.json", []string{"copied", "copied", "copied", "set 2 rows", "copied", "copied", "moved", "copied", "moved"}},
		{"multiclass.json", []string{"copied", "copied", "moved", "else", "moved"}},
		{"dest-set.json", []string{"no-value", "kept-existing", "dropped-old-key"}},
		{"no-level.json", []string{"moved", "default", "moved"}},
		{"current.json", []string{"no-value", "no-value"}},
	}
	base := func() *App { return keysTo(t, newTestApp(t, exampleConfig(t, "lantern-road"), 120, 36), "5") }
	for _, tt := range tests {
		a := base()
		for i := range a.migr().len() {
			if sv, _, ok := a.migr().save(i); ok && strings.HasSuffix(sv.File, "/"+tt.save) {
				a.migr().list.cursor = i
			}
		}
		a = send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36}) // the keys follow the cursor set by hand
		a = keysTo(t, a, "enter")
		if !a.migr().stepping {
			t.Fatalf("%s: enter does not step through it", tt.save)
		}
		var got []string
		for i := range tt.outcomes {
			s := screen(a)
			if want := fmt.Sprintf("step %d of %d", i+1, len(tt.outcomes)); !strings.Contains(s, want) {
				t.Errorf("%s: the screen does not say %q:\n%s", tt.save, want, s)
			}
			cur := a.migr().step.current()
			got = append(got, say.OutcomeBrief(*cur))
			if !strings.Contains(strings.Join(strings.Fields(s), " "), say.Outcome(*cur)) {
				t.Errorf("%s step %d: the outcome %q is not shown whole:\n%s", tt.save, i+1, say.Outcome(*cur), s)
			}
			a = keysTo(t, a, "n")
		}
		if strings.Join(got, ",") != strings.Join(tt.outcomes, ",") {
			t.Errorf("%s: outcomes %v, want %v", tt.save, got, tt.outcomes)
		}
		if s := screen(a); !strings.Contains(s, "the whole chain") || !strings.Contains(s, "Migrated to version 4") {
			t.Errorf("%s: after the last step:\n%s", tt.save, s)
		}
	}
	// The save from the future is not migrated, and says why in the list
	// and its detail; enter does not step into a save with no step.
	a := base()
	for i := range a.migr().len() {
		if sv, _, ok := a.migr().save(i); ok && strings.HasSuffix(sv.File, "/future.json") {
			a.migr().list.cursor = i
		}
	}
	a = send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36})
	if a.keys.Open.Enabled() {
		t.Error("enter is offered on a save that cannot be migrated")
	}
	a = keysTo(t, a, "enter")
	if s := screen(a); a.migr().stepping || !strings.Contains(s, "future.json      v9, newer than the sheet (version 4)") || !strings.Contains(s, "newer than this ruleset") {
		t.Errorf("future.json:\n%s", s)
	}
}

func TestMirefallImportChoice(t *testing.T) {
	a := keysTo(t, newTestApp(t, exampleConfig(t, "mirefall/mirefall-1.0.0.ruleset.json"), 120, 36), "4")
	tests := []struct{ lang, want string }{
		{"pt-BR", "an Engine set to pt-BR fetches the pt-BR pack"},
		{"de", "an Engine set to de fetches the de pack and refuses it"},
		{"fr", "an Engine set to fr fetches no pack: the ruleset stays in English"},
	}
	for _, tt := range tests {
		a.trans().selectLang(tt.lang)
		a = send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36})
		if s := ansi.Strip(strings.Join(detailLines(&a.trans().picker), " ")); !strings.Contains(strings.Join(strings.Fields(s), " "), tt.want) {
			t.Errorf("%s: the picker's detail lacks %q:\n%s", tt.lang, tt.want, s)
		}
	}
}

// detailLines draws every line of a list's detail.
func detailLines(p *listPane) []string {
	out := make([]string, p.detail.n)
	for i := range out {
		out[i] = p.detailLine(i)
	}
	return out
}
