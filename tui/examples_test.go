package tui

import (
	"path/filepath"
	"strings"
	"testing"

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
	return Config{Workspace: ws, Check: checkLikeMain, FS: model.OSFS{}, Theme: "dark",
		Reload: func() (*model.Workspace, error) { return model.Load(model.OSFS{}, p) }}
}

// selectLayer puts the Layers cursor on a layer by id.
func selectLayer(t *testing.T, a App, id string) App {
	t.Helper()
	a = keysTo(t, a, "2")
	a.layers.selectByID(id)
	if tg, ok := a.layers.selected(); !ok || tg.layer.ID != id {
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
	a.layers.selectByID("midsummer")
	if tg, _ := a.layers.selected(); !tg.blocked() || tg.blockedBy[0] != "The long dark" {
		t.Errorf("midsummer with long_dark on: %+v", tg)
	}
	if got := describeLadder(a.snap.eff.Ladder); !strings.HasPrefix(got, "Steady going 10, Uneven ground 13") {
		t.Errorf("the long dark's ladder: %s", got)
	}
	a = keysTo(t, selectLayer(t, a, "long_dark"), "space")

	// drowned_fens and hill_fever together: the fallback drops hill_fever.
	a = keysTo(t, selectLayer(t, a, "drowned_fens"), "space")
	a = keysTo(t, selectLayer(t, a, "hill_fever"), "space")
	tg, _ := a.layers.selected()
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
	a.effect.scroll.bottom()
	if s := screen(a); !strings.Contains(s, "saves/no-level.json build.fields.home_reach: fenward, removed by Drowned fens") {
		t.Errorf("the Effective tab does not list the value a save keeps:\n%s", s)
	}

	// Translations: fr, pt-BR and pt; the English introduction is not one.
	a = keysTo(t, a, "4")
	var langs, engine []string
	for _, l := range a.trans.langs {
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
	if len(a.migr.entries) != 3 || a.migr.len() != 3+len(a.snap.ws.Saves) {
		t.Errorf("%d entries, %d rows", len(a.migr.entries), a.migr.len())
	}
	for i := range a.migr.len() {
		if sv, r, ok := a.migr.save(i); ok && strings.HasSuffix(sv.File, "future.json") {
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
	for _, l := range a.trans.langs {
		if l.Lang == "entry" {
			t.Error("the catalog entry is listed as a language")
		}
	}
	for p := paneOverview; p < paneCount; p++ {
		a = keysTo(t, a, itoa(int(p)+1), "end", "enter")
		checkFrame(t, a.View().Content, 80, 24)
	}
}
