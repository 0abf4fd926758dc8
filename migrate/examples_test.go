package migrate

import (
	"path"
	"reflect"
	"slices"
	"testing"

	"rulebench/model"
)

const lanternRoad = "../examples/lantern-road"

// loadExample loads an example package, skipping when it is not there.
func loadExample(t testing.TB, dir string) *model.Workspace {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, dir)
	if err != nil {
		t.Skipf("example not readable: %v", err)
	}
	if ws.Ruleset == nil {
		t.Fatalf("%s has no ruleset", dir)
	}
	return ws
}

func exampleSave(t testing.TB, ws *model.Workspace, name string) *model.Save {
	t.Helper()
	for _, s := range ws.Saves {
		if path.Base(s.File) == name {
			return s
		}
	}
	t.Fatalf("no save %s in %s", name, ws.Path)
	return nil
}

// The migrations of lantern-road pass every import check.
func TestLanternRoadCheck(t *testing.T) {
	ws := loadExample(t, lanternRoad)
	if ds := Check(ws.Ruleset); len(ds) != 0 {
		t.Errorf("findings:\n%s", messages(ds))
	}
}

// The designed outcomes of examples/README.md §1.7.
func TestLanternRoadSaves(t *testing.T) {
	ws := loadExample(t, lanternRoad)
	type step struct {
		op      string
		outcome Outcome
		value   any
		count   int
	}
	pool := func(v float64) any { return map[string]any{"value": v} }
	tests := []struct {
		file  string
		from  int
		trace []step
		want  map[string]any // values in the migrated save; nil: absent
	}{
		{
			file: "fighter3.json", from: 1,
			trace: []step{
				{"rename", Moved, 7.0, 0}, {"rename", Moved, "practiced", 0}, {"rename", Moved, 1450.0, 0},
				{"setColumn", Set, "deft", 2},
				{"rename", Moved, 1450.0, 0}, {"rename", Moved, "practiced", 0}, {"routeLive", Moved, 3.0, 0},
				{"route", Moved, 3.0, 0}, {"routeLive", Moved, pool(2), 0},
			},
			want: map[string]any{
				"build.abilities.deft": 7.0, "build.abilities.quick": 7.0,
				"build.skills.pathfinding": "practiced", "build.bonuses.pathfinding": 1.0, "build.skills.scouting": "practiced",
				"build.saves.endure": "practiced", "build.bonuses.endure": 2.0,
				"build.fields.road_xp": 1450.0, "build.fields.experience": 1450.0, "build.fields.xp": 1450.0,
				"build.fields.level_fighter": 3.0, "build.fields.level": 3.0,
				"build.lists.attacks.0.ability": "deft", "build.lists.attacks.1.ability": "deft", "build.lists.attacks.2.ability": "vigor",
				"live.tracks": map[string]any{"weariness": 1.0, "shadow_lit": 3.0},
				"live.pools":  map[string]any{"stamina": pool(14), "hit_dice_d10": pool(2)},
			},
		},
		{
			file: "multiclass.json", from: 2,
			trace: []step{
				{"rename", Moved, 3200.0, 0}, {"rename", Moved, "green", 0}, {"routeLive", Moved, 2.0, 0},
				{"route", Else, 5.0, 0}, {"routeLive", Moved, pool(4), 0},
			},
			want: map[string]any{
				"build.lists.attacks.0.ability": "vigor", "build.fields.experience": 3200.0, "build.saves.endure": "green",
				"build.fields.level_other": 5.0, "build.fields.level_fighter": nil, "build.fields.level_wizard": nil,
				"live.tracks": map[string]any{"shadow_dark": 2.0},
				"live.pools":  map[string]any{"luck": pool(1), "hit_dice_d8": pool(4)},
			},
		},
		{
			file: "no-class.json", from: 1,
			trace: []step{
				{"rename", Moved, 9.0, 0}, {"rename", NoValue, nil, 0}, {"rename", Moved, 300.0, 0},
				{"setColumn", Set, "deft", 1},
				{"rename", Moved, 300.0, 0}, {"rename", NoValue, nil, 0}, {"routeLive", NoValue, nil, 0},
				{"route", Else, 2.0, 0}, {"routeLive", Moved, pool(1), 0},
			},
			want: map[string]any{
				"build.lists.attacks.0.ability": "deft", "build.lists.attacks.1.ability": "quick",
				"build.fields.level_other": 2.0, "build.fields.experience": 300.0,
				"live.pools": map[string]any{"hit_dice_d8": pool(1)},
			},
		},
		{
			file: "no-level.json", from: 3,
			trace: []step{{"routeLive", Moved, 1.0, 0}, {"route", Default, 1.0, 0}, {"routeLive", Moved, pool(1), 0}},
			want: map[string]any{
				"build.fields.level_wizard": 1.0, "build.fields.level": nil,
				"live.tracks.shadow_lit": 1.0, "live.tracks.shadow": nil,
				"live.pools": map[string]any{"hit_dice_d6": pool(1), "lamp_charges": pool(1)},
			},
		},
		{
			file: "dest-set.json", from: 3,
			trace: []step{{"routeLive", NoValue, nil, 0}, {"route", KeptExisting, 4.0, 0}, {"routeLive", DroppedOldKey, pool(3), 0}},
			want: map[string]any{
				"build.fields.level_fighter": 2.0, "build.fields.level": 4.0,
				"live.pools": map[string]any{"hit_dice_d10": pool(1)},
			},
		},
		{
			file: "current.json", from: 4,
			trace: []step{{"routeLive", NoValue, nil, 0}, {"routeLive", NoValue, nil, 0}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s := exampleSave(t, ws, tt.file)
			r := Apply(ws.Ruleset, s)
			if !r.OK || len(r.Diagnostics) != 0 {
				t.Fatalf("findings: %s", messages(r.Diagnostics))
			}
			if r.From != tt.from || r.To != 4 || r.Sheet.V != 4 {
				t.Errorf("from %d to %d, want %d to 4", r.From, r.To, tt.from)
			}
			var got []step
			for _, st := range r.Trace {
				got = append(got, step{st.Op, st.Outcome, st.Value, st.Count})
			}
			if !reflect.DeepEqual(got, tt.trace) {
				t.Errorf("trace\n%v\nwant\n%v", got, tt.trace)
			}
			expect(t, r.Sheet, tt.want)
			if tt.file == "current.json" && !reflect.DeepEqual(r.Sheet, r.Original) {
				t.Errorf("a current save changed")
			}
		})
	}
	t.Run("future.json", func(t *testing.T) {
		r := Apply(ws.Ruleset, exampleSave(t, ws, "future.json"))
		codes := codesAt(r.Diagnostics)
		if r.OK || !slices.Equal(codes, []string{"error v save-newer"}) || len(r.Trace) != 0 || r.To != 9 {
			t.Errorf("future save: ok %v, %v, %d steps, to %d", r.OK, codes, len(r.Trace), r.To)
		}
	})
}
