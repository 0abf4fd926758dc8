package migrate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// leaves lists every scalar in a value with its dot path.
func leaves(prefix string, v any, out map[string]any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			leaves(prefix+"."+k, e, out)
		}
	case []any:
		for i, e := range x {
			leaves(prefix+"."+strconv.Itoa(i), e, out)
		}
	default:
		out[prefix] = v
	}
}

// checkProperties asserts the two properties of a migration on one save:
// migrating the result again changes nothing, and every value the save held
// is still where it was, except cells setColumn overwrote and live keys a
// routeLive dropped.
func checkProperties(t *testing.T, m *Migrator, s *model.Save) {
	t.Helper()
	r := m.Apply(s)
	if !r.OK {
		if s.V > m.version {
			return
		}
		t.Fatalf("%s: %s", s.File, messages(r.Diagnostics))
	}
	again := m.Apply(saveOf(s.File, r.Sheet))
	for _, st := range again.Trace {
		if len(st.Changes) > 0 {
			t.Errorf("%s: migrating again changed %+v at %s (%s)", s.File, st.Changes, st.Path, st.Outcome)
		}
	}
	if !reflect.DeepEqual(again.Sheet, r.Sheet) {
		t.Errorf("%s: migrating again gave another sheet", s.File)
	}
	overwritten := map[string]bool{}
	dropped := map[string]bool{}
	for _, st := range r.Trace {
		for _, c := range st.Changes {
			switch {
			case st.Op == model.StepSetColumn:
				overwritten[c.Path] = true
			case st.Op == model.StepRouteLive && c.Op == ChangeRemove:
				dropped[c.Path] = true
			case c.Op != ChangeAdd:
				t.Errorf("%s: %s %s %s: only setColumn overwrites and only routeLive removes", s.File, st.Path, c.Op, c.Path)
			}
		}
	}
	before, after := map[string]any{}, map[string]any{}
	leaves("build", s.Build(), before)
	leaves("live", s.Live(), before)
	leaves("build", r.Sheet.Build, after)
	leaves("live", r.Sheet.Live, after)
	for p, v := range before {
		if overwritten[p] || droppedUnder(dropped, p) {
			continue
		}
		if w, ok := after[p]; !ok || !reflect.DeepEqual(v, w) {
			t.Errorf("%s: %s was %#v, is %#v", s.File, p, v, w)
		}
	}
}

func droppedUnder(dropped map[string]bool, p string) bool {
	for d := range dropped {
		if p == d || strings.HasPrefix(p, d+".") {
			return true
		}
	}
	return false
}

func TestPropertiesOnExampleSaves(t *testing.T) {
	ws := loadExample(t, lanternRoad)
	m := New(ws.Ruleset)
	for _, s := range ws.Saves {
		t.Run(s.File, func(t *testing.T) { checkProperties(t, m, s) })
	}
}

// ids the generator draws from: those the migrations read and write, and a
// few others.
var genIDs = map[string][]string{
	"abilities": {"quick", "deft", "vigor", "might", "str", "dex"},
	"skills":    {"scouting", "pathfinding", "climb", "athletics", "haul"},
	"saves":     {"toughness", "endure", "fort"},
	"fields":    {"xp", "road_xp", "experience", "level", "class", "calling", "level_fighter", "level_wizard", "level_other", "lantern_kind", "lamp", "old_notes"},
	"pools":     {"hit_dice", "hit_dice_d6", "hit_dice_d8", "hit_dice_d10", "hd_d6", "hd_d8", "hd_d10", "spare", "stamina"},
	"tracks":    {"shadow", "shadow_lit", "shadow_dark", "hurt"},
	"wounds":    {"hurt", "wounds", "scars"},
}

var genTexts = []string{"Fighter3", "Fighter 3 / Wizard 2", "wizard", "Hedge WITCH", "", "none", "tin", "brass", "Straße", " dagger ", "Rapier", "sell-sword"}

func genScalar(rng *rand.Rand) any {
	switch rng.IntN(4) {
	case 0:
		return float64(rng.IntN(7))
	case 1:
		return genTexts[rng.IntN(len(genTexts))]
	case 2:
		return rng.IntN(2) == 0
	}
	return float64(rng.IntN(3)) + 0.5
}

func genRecord(rng *rand.Rand, ids []string, value func() any) map[string]any {
	m := map[string]any{}
	for _, id := range ids {
		if rng.IntN(2) == 0 {
			m[id] = value()
		}
	}
	return m
}

// genSave makes a save with random values at the ids the migrations use.
func genSave(rng *rand.Rand, i, maxV int) *model.Save {
	tier := func() any { return []string{"green", "practiced", "trained", "expert"}[rng.IntN(4)] }
	build := map[string]any{
		"abilities": genRecord(rng, genIDs["abilities"], func() any { return float64(1 + rng.IntN(12)) }),
		"skills":    genRecord(rng, genIDs["skills"], tier),
		"saves":     genRecord(rng, genIDs["saves"], tier),
		"bonuses":   genRecord(rng, append(genIDs["skills"], genIDs["saves"]...), func() any { return float64(rng.IntN(5) - 2) }),
		"fields":    genRecord(rng, genIDs["fields"], func() any { return genScalar(rng) }),
	}
	var rows []any
	for range rng.IntN(4) {
		rows = append(rows, genRecord(rng, []string{"name", "ability", "bonus", "trained"}, func() any { return genScalar(rng) }))
	}
	build["lists"] = map[string]any{"attacks": rows}
	live := map[string]any{
		"pools":  genRecord(rng, genIDs["pools"], func() any { return map[string]any{"value": float64(rng.IntN(5))} }),
		"tracks": genRecord(rng, genIDs["tracks"], func() any { return float64(rng.IntN(6)) }),
		"wounds": genRecord(rng, genIDs["wounds"], func() any { return map[string]any{"marks": []any{"cut"}} }),
	}
	if rng.IntN(5) == 0 {
		live = nil
	}
	return saveOf(fmt.Sprintf("gen-%d.json", i), State{V: 1 + rng.IntN(maxV+1), Build: build, Live: live})
}

// A chain of every kind of step on the tests' base sheet.
const everyStep = `[
  { "from": 1, "steps": [
    { "rename": "ability", "from": "might", "to": "str" },
    { "rename": "skill", "from": "climb", "to": "athletics" },
    { "rename": "save", "from": "toughness", "to": "fort" },
    { "rename": "field", "from": "xp", "to": "road_xp" },
    { "setColumn": { "list": "attacks", "where": { "name": ["Dagger", "Rapier"] }, "column": "ability", "to": "finesse" } },
    { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d8", "hd_d10"], "else": "spare" } ] },
  { "from": 2, "steps": [
    { "rename": "field", "from": "road_xp", "to": "experience" },
    { "rename": "field", "from": "calling", "to": "class" },
    { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "shadow_dark"], "else": "shadow_dark" },
    { "routeLive": "track", "from": "hurt", "cases": ["wounds"], "else": "scars" } ] },
  { "from": 3, "steps": [
    { "route": "level", "by": "calling", "cases": [ { "words": ["fighter"], "to": "level_fighter" }, { "words": ["wizard", "witch"], "to": "level_wizard" } ],
      "else": "level_other", "default": 1 },
    { "setColumn": { "list": "attacks", "where": { "trained": [true], "bonus": [0.5, 1.5] }, "column": "bonus", "to": 2 } } ] }
]`

func TestPropertiesOnGeneratedSaves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lantern := loadExample(t, lanternRoad)
	base := withMigrations(t, 4, everyStep)
	if ds := Check(base); model.HasErrors(ds) {
		t.Fatalf("the chain is refused: %s", messages(ds))
	}
	for _, rs := range []*model.Ruleset{lantern.Ruleset, base} {
		m := New(rs)
		for i := range 500 {
			s := genSave(rng, i, rs.Sheet.Version)
			checkProperties(t, m, s)
			if t.Failed() {
				t.Fatalf("save %d: %#v", i, s)
			}
		}
	}
}

// One Migrator serves several goroutines at once (run with -race).
func TestApplyConcurrently(t *testing.T) {
	rs := withMigrations(t, 4, everyStep)
	m := New(rs)
	rng := rand.New(rand.NewPCG(5, 6))
	saves := make([]*model.Save, 200)
	for i := range saves {
		saves[i] = genSave(rng, i, 3)
	}
	want := make([]string, len(saves))
	for i, s := range saves {
		want[i] = normal(m.Apply(s).Sheet)
	}
	done := make(chan error, 4)
	for range 4 {
		go func() {
			for i, s := range saves {
				if got := normal(m.Apply(s).Sheet); got != want[i] {
					done <- fmt.Errorf("save %d differs when migrated concurrently", i)
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
