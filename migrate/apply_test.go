package migrate

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rulebench/model"
)

// outcomes lists "path outcome" for every step of a trace.
func outcomes(r *Result) []string {
	var out []string
	for _, t := range r.Trace {
		o := fmt.Sprintf("%s %s", t.Path, t.Outcome)
		if t.Outcome == Set {
			o += fmt.Sprintf(" %d", t.Count)
		}
		out = append(out, o)
	}
	return out
}

// get follows a dot path through a state's build or live ("build.fields.x").
func get(s State, path string) (any, bool) {
	segs := strings.Split(path, ".")
	var cur any
	switch segs[0] {
	case "build":
		cur = s.Build
	case "live":
		cur = s.Live
	}
	for _, seg := range segs[1:] {
		switch node := cur.(type) {
		case map[string]any:
			v, ok := node[seg]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			var i int
			if _, err := fmt.Sscan(seg, &i); err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			cur = node[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// expect checks values in a state: a nil want means the path must be absent.
func expect(t *testing.T, s State, want map[string]any) {
	t.Helper()
	for path, w := range want {
		got, ok := get(s, path)
		switch {
		case w == nil && ok:
			t.Errorf("%s = %v, want it absent", path, got)
		case w != nil && !ok:
			t.Errorf("%s is absent, want %v", path, w)
		case w != nil && !reflect.DeepEqual(got, w):
			t.Errorf("%s = %#v, want %#v", path, got, w)
		}
	}
}

func TestApplyEntries(t *testing.T) {
	// Written out of order: from 2 renames what from 1 wrote.
	rs := withMigrations(t, 4, `[
	  { "from": 2, "steps": [ { "rename": "field", "from": "road_xp", "to": "experience" } ] },
	  { "from": 1, "steps": [ { "rename": "field", "from": "xp", "to": "road_xp" } ] },
	  { "from": 3, "steps": [ { "rename": "field", "from": "lvl", "to": "level_other" } ] } ]`)
	tests := []struct {
		name     string
		save     string
		from, to int
		trace    []string
		ran      []bool // by running order: from 1, 2, 3
		want     map[string]any
	}{
		{
			name: "v1 runs every entry in ascending from",
			save: `{"v": 1, "build": {"fields": {"xp": 10, "lvl": 2}}}`, from: 1, to: 4,
			trace: []string{"sheet.migrations.1.steps.0 moved", "sheet.migrations.0.steps.0 moved", "sheet.migrations.2.steps.0 moved"},
			ran:   []bool{true, true, true},
			want:  map[string]any{"build.fields.xp": 10.0, "build.fields.road_xp": 10.0, "build.fields.experience": 10.0, "build.fields.level_other": 2.0},
		},
		{
			name: "v2 skips the entry from 1",
			save: `{"v": 2, "build": {"fields": {"xp": 10, "road_xp": 7}}}`, from: 2, to: 4,
			trace: []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.2.steps.0 no-value"},
			ran:   []bool{false, true, true},
			want:  map[string]any{"build.fields.experience": 7.0, "build.fields.xp": 10.0},
		},
		{
			name: "v3 runs only the entry from 3",
			save: `{"v": 3, "build": {"fields": {"road_xp": 7}}}`, from: 3, to: 4,
			trace: []string{"sheet.migrations.2.steps.0 no-value"},
			ran:   []bool{false, false, true},
			want:  map[string]any{"build.fields.experience": nil},
		},
		{
			name: "a save at sheet.version runs no build step",
			save: `{"v": 4, "build": {"fields": {"xp": 1, "road_xp": 7, "lvl": 1}}}`, from: 4, to: 4,
			ran:  []bool{false, false, false},
			want: map[string]any{"build.fields.experience": nil, "build.fields.level_other": nil},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Apply(rs, save(t, tt.save))
			if !r.OK || len(r.Diagnostics) != 0 {
				t.Fatalf("not ok: %v", r.Diagnostics)
			}
			if r.From != tt.from || r.To != tt.to || r.Sheet.V != tt.to {
				t.Errorf("from %d to %d (sheet v %d), want %d to %d", r.From, r.To, r.Sheet.V, tt.from, tt.to)
			}
			if got := outcomes(r); !slices.Equal(got, tt.trace) {
				t.Errorf("trace %q, want %q", got, tt.trace)
			}
			var ran []bool
			for _, e := range r.Entries {
				ran = append(ran, e.Ran)
			}
			if !slices.Equal(ran, tt.ran) {
				t.Errorf("ran %v, want %v", ran, tt.ran)
			}
			expect(t, r.Sheet, tt.want)
		})
	}
}

func TestApplyNewerSave(t *testing.T) {
	rs := withMigrations(t, 3, `[ { "from": 1, "steps": [ { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d8"], "else": "hd_d8" } ] } ]`)
	s := save(t, `{"v": 4, "build": {"fields": {"level_other": 2}}, "live": {"pools": {"hit_dice": {"value": 1}}}}`)
	r := Apply(rs, s)
	if r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != "save-newer" || r.Diagnostics[0].Path != "v" || r.Diagnostics[0].Line != 1 {
		t.Fatalf("want one save-newer error at v, got %+v", r.Diagnostics)
	}
	if r.From != 4 || r.To != 4 || len(r.Trace) != 0 {
		t.Errorf("from %d to %d, %d steps; want 4 to 4, nothing run", r.From, r.To, len(r.Trace))
	}
	expect(t, r.Sheet, map[string]any{"live.pools.hit_dice": map[string]any{"value": 1.0}, "live.pools.hd_d8": nil})
}

func TestApplyRename(t *testing.T) {
	rs := withMigrations(t, 2, `[ { "from": 1, "steps": [
	  { "rename": "ability", "from": "might", "to": "str" },
	  { "rename": "skill", "from": "climb", "to": "athletics" },
	  { "rename": "save", "from": "toughness", "to": "fort" },
	  { "rename": "field", "from": "xp", "to": "experience" } ] } ]`)
	tests := []struct {
		name  string
		build string
		trace []string
		want  map[string]any
	}{
		{
			name:  "every kind copies, old values stay, skills and saves carry their bonus",
			build: `{"abilities": {"might": 14}, "skills": {"climb": "trained"}, "saves": {"toughness": "expert"}, "bonuses": {"climb": 2, "toughness": -1}, "fields": {"xp": 300}}`,
			trace: []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.0.steps.1 moved", "sheet.migrations.0.steps.2 moved", "sheet.migrations.0.steps.3 moved"},
			want: map[string]any{
				"build.abilities.str": 14.0, "build.abilities.might": 14.0,
				"build.skills.athletics": "trained", "build.skills.climb": "trained",
				"build.saves.fort": "expert", "build.saves.toughness": "expert",
				"build.bonuses.athletics": 2.0, "build.bonuses.climb": 2.0, "build.bonuses.fort": -1.0, "build.bonuses.toughness": -1.0,
				"build.fields.experience": 300.0, "build.fields.xp": 300.0,
			},
		},
		{
			name:  "never overwrites a value at the destination",
			build: `{"abilities": {"might": 14, "str": 9}, "skills": {"climb": "trained", "athletics": "expert"}, "bonuses": {"climb": 2, "athletics": 1}, "fields": {"xp": 300, "experience": 0}}`,
			trace: []string{"sheet.migrations.0.steps.0 kept-existing", "sheet.migrations.0.steps.1 kept-existing", "sheet.migrations.0.steps.2 no-value", "sheet.migrations.0.steps.3 kept-existing"},
			want:  map[string]any{"build.abilities.str": 9.0, "build.skills.athletics": "expert", "build.bonuses.athletics": 1.0, "build.fields.experience": 0.0},
		},
		{
			name:  "a bonus alone still moves, and a kept tier does not stop it",
			build: `{"skills": {"climb": "trained", "athletics": "expert"}, "bonuses": {"climb": 2}, "saves": {}, "fields": {}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 moved", "sheet.migrations.0.steps.2 no-value", "sheet.migrations.0.steps.3 no-value"},
			want:  map[string]any{"build.skills.athletics": "expert", "build.bonuses.athletics": 2.0},
		},
		{
			name:  "nothing saved: no value, nothing made",
			build: `{}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value", "sheet.migrations.0.steps.3 no-value"},
			want:  map[string]any{"build.abilities": nil, "build.fields": nil, "build.bonuses": nil},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Apply(rs, save(t, `{"v": 1, "build": `+tt.build+`}`))
			if got := outcomes(r); !slices.Equal(got, tt.trace) {
				t.Errorf("trace %q, want %q", got, tt.trace)
			}
			expect(t, r.Sheet, tt.want)
		})
	}
	// The trace names what moved and where.
	r := Apply(rs, save(t, `{"v": 1, "build": {"skills": {"climb": "trained"}, "bonuses": {"climb": 2}, "fields": {"xp": 300, "experience": 5}}}`))
	st := r.Trace[1]
	if st.Op != "rename" || st.Kind != "skill" || st.Source != "build.skills.climb" || st.Destination != "build.skills.athletics" || st.Value != "trained" {
		t.Errorf("skill step = %+v", st)
	}
	if len(st.Changes) != 2 || st.Changes[0].Path != "build.skills.athletics" || st.Changes[1].Path != "build.bonuses.athletics" || st.Changes[1].New != 2.0 || st.Changes[1].Op != ChangeAdd {
		t.Errorf("skill changes = %+v", st.Changes)
	}
	if ft := r.Trace[3]; ft.Outcome != KeptExisting || ft.Value != 300.0 || ft.Existing != 5.0 || len(ft.Changes) != 0 {
		t.Errorf("kept field step = %+v", ft)
	}
}

const routeMigrations = `[ { "from": 1, "steps": [ { "route": "level", "by": "class", "cases": [
  { "words": ["fighter", "sellsword"], "to": "level_fighter" },
  { "words": ["wizard", "Straße"], "to": "level_wizard" } ], "else": "level_other"%s } ] } ]`

func TestApplyRoute(t *testing.T) {
	withDefault := withMigrations(t, 2, fmt.Sprintf(routeMigrations, `, "default": 1`))
	noDefault := withMigrations(t, 2, fmt.Sprintf(routeMigrations, ""))
	tests := []struct {
		name    string
		rs      *model.Ruleset
		fields  string
		outcome Outcome
		dest    string // where the value went (or would go)
		value   any
		matched []string
	}{
		{"a word joined to a digit", withDefault, `{"class": "Fighter3", "level": 3}`, Moved, "level_fighter", 3.0, []string{"level_fighter"}},
		{"case-insensitive, whole words", withDefault, `{"class": "old SELLSWORD of the north", "level": 4}`, Moved, "level_fighter", 4.0, []string{"level_fighter"}},
		{"two cases match: else", withDefault, `{"class": "Fighter 3 / Wizard 2", "level": 5}`, Else, "level_other", 5.0, []string{"level_fighter", "level_wizard"}},
		{"no case matches: else", withDefault, `{"class": "Drover", "level": 2}`, Else, "level_other", 2.0, nil},
		{"a word inside a longer word does not match", withDefault, `{"class": "Fighterish", "level": 2}`, Else, "level_other", 2.0, nil},
		{"words are joined only by letters", withDefault, `{"class": "sell-sword", "level": 2}`, Else, "level_other", 2.0, nil},
		{"full case folding", withDefault, `{"class": "STRASSE-Magier", "level": 6}`, Moved, "level_wizard", 6.0, []string{"level_wizard"}},
		{"full case folding of a by word that is not ASCII", withDefault, `{"class": "Meister der Straße", "level": 6}`, Moved, "level_wizard", 6.0, []string{"level_wizard"}},
		{"a word between non-ASCII letters is not a word of its own", withDefault, `{"class": "éfighterè", "level": 6}`, Else, "level_other", 6.0, nil},
		{"no class saved: else", withDefault, `{"level": 2}`, Else, "level_other", 2.0, nil},
		{"no level saved: the default", withDefault, `{"class": "Wizard of the Wick"}`, Default, "level_wizard", 1.0, []string{"level_wizard"}},
		{"no level saved, no single case: the default goes to else", withDefault, `{"class": "Drover"}`, Default, "level_other", 1.0, nil},
		{"no level, no default: nothing moves", noDefault, `{"class": "Wizard"}`, NoValue, "level_wizard", nil, []string{"level_wizard"}},
		{"the destination already has a value", withDefault, `{"class": "Fighter", "level": 4, "level_fighter": 2}`, KeptExisting, "level_fighter", 4.0, []string{"level_fighter"}},
		{"a default is not written over a value either", withDefault, `{"class": "Fighter", "level_fighter": 2}`, KeptExisting, "level_fighter", 1.0, []string{"level_fighter"}},
		{"a text value moves as it is", withDefault, `{"class": "wizard", "level": "third"}`, Moved, "level_wizard", "third", []string{"level_wizard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := save(t, `{"v": 1, "build": {"fields": `+tt.fields+`}}`)
			r := Apply(tt.rs, s)
			if len(r.Trace) != 1 {
				t.Fatalf("trace %v", r.Trace)
			}
			st := r.Trace[0]
			if st.Outcome != tt.outcome || st.Destination != "build.fields."+tt.dest || !reflect.DeepEqual(st.Value, tt.value) || !slices.Equal(st.Matched, tt.matched) {
				t.Errorf("got %s to %s value %v matched %v; want %s to %s value %v matched %v",
					st.Outcome, st.Destination, st.Value, st.Matched, tt.outcome, tt.dest, tt.value, tt.matched)
			}
			before, _ := get(State{Build: s.Build()}, "build.fields."+tt.dest)
			after, _ := get(r.Sheet, "build.fields."+tt.dest)
			switch tt.outcome {
			case Moved, Else, Default:
				if !reflect.DeepEqual(after, tt.value) || len(st.Changes) != 1 {
					t.Errorf("destination holds %v (changes %v), want %v", after, st.Changes, tt.value)
				}
			default:
				if !reflect.DeepEqual(after, before) || len(st.Changes) != 0 {
					t.Errorf("destination changed from %v to %v", before, after)
				}
			}
			// The routed value stays where it was.
			if v, ok := s.Build()["fields"].(map[string]any)["level"]; ok {
				if got, _ := get(r.Sheet, "build.fields.level"); got != v {
					t.Errorf("the old value went: %v", got)
				}
			}
		})
	}
}

// by is read as saved: it may name a field an earlier entry renamed away,
// and it reads what earlier steps of the same run wrote.
func TestApplyRouteByRenamedAway(t *testing.T) {
	rs := withMigrations(t, 3, `[
	  { "from": 1, "steps": [ { "rename": "field", "from": "calling", "to": "class" } ] },
	  { "from": 2, "steps": [ { "route": "level", "by": "calling", "cases": [ { "words": ["witch"], "to": "level_wizard" } ], "else": "level_other" } ] } ]`)
	r := Apply(rs, save(t, `{"v": 1, "build": {"fields": {"calling": "Hedge witch", "level": 2}}}`))
	expect(t, r.Sheet, map[string]any{"build.fields.level_wizard": 2.0, "build.fields.class": "Hedge witch", "build.fields.calling": "Hedge witch"})
	if r.Trace[1].By != "Hedge witch" {
		t.Errorf("by read %v", r.Trace[1].By)
	}
}

// A by field the save does not hold reads as the sheet shows it: its
// default (engine-behaviour §9.1: missing keys take their defaults).
func TestApplyRouteByDefault(t *testing.T) {
	rs := withMigrations(t, 2, `[ { "from": 1, "steps": [ { "route": "level", "by": "motto", "cases": [
	  { "words": ["onward"], "to": "level_fighter" } ], "else": "level_other" } ] } ]`)
	tests := []struct{ fields, dest string }{
		{`{"level": 3}`, "build.fields.level_fighter"},                          // motto's default "Onward"
		{`{"level": 3, "motto": "Backward"}`, "build.fields.level_other"},       // as saved
		{`{"level": 3, "motto": "Ever onward!"}`, "build.fields.level_fighter"}, // as saved, a word of it
	}
	for _, tt := range tests {
		r := Apply(rs, save(t, `{"v": 1, "build": {"fields": `+tt.fields+`}}`))
		st := r.Trace[0]
		if st.Destination != tt.dest {
			t.Errorf("%s: sent to %s (by %v), want %s", tt.fields, st.Destination, st.By, tt.dest)
		}
		if got, _ := get(r.Sheet, tt.dest); got != 3.0 {
			t.Errorf("%s: %s holds %v", tt.fields, tt.dest, got)
		}
	}
}

// Keys rulebench does not model are kept as saved (engine-behaviour §9.1),
// whatever the steps do around them: build records and live parts it does
// not know, a row's _catalog mark, a pool's temp, and live text,
// conditions and states.
func TestApplyKeepsUnknownKeys(t *testing.T) {
	text := `{"v": 1, "build": {
	    "fields": {"class": "Fighter", "level": 2},
	    "lists": {"attacks": [{"name": "Dagger", "ability": "str", "_catalog": "arms/dagger"}]},
	    "portrait": {"url": "x.png"}, "notes": ["a", 1]},
	  "live": {"pools": {"hit_dice": {"value": 1, "temp": 2}}, "text": {"oath": "Keep the lamps"}, "conditions": ["prone"],
	    "states": {"stance": "calm"}}}`
	rules := withMigrations(t, 3, `[ { "from": 1, "steps": [
	  { "setColumn": { "list": "attacks", "where": { "name": ["dagger"] }, "column": "ability", "to": "finesse" } },
	  { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d10"], "else": "spare" } ] },
	  { "from": 2, "steps": [ { "route": "level", "by": "class", "cases": [ { "words": ["fighter"], "to": "level_fighter" } ], "else": "level_other" } ] } ]`)
	r := Apply(rules, save(t, text))
	if !r.OK {
		t.Fatal(messages(r.Diagnostics))
	}
	expect(t, r.Sheet, map[string]any{
		"build.portrait.url":             "x.png",
		"build.notes":                    []any{"a", 1.0},
		"build.lists.attacks.0._catalog": "arms/dagger",
		"build.lists.attacks.0.ability":  "finesse",
		"build.fields.level_fighter":     2.0,
		"live.pools.hd_d10":              map[string]any{"value": 1.0, "temp": 2.0},
		"live.pools.hit_dice":            nil,
		"live.text.oath":                 "Keep the lamps",
		"live.conditions":                []any{"prone"},
		"live.states.stance":             "calm",
	})
}

// A route destination renamed on by a later entry ends where the chain ends.
func TestApplyRouteThenRename(t *testing.T) {
	rs := withMigrations(t, 3, `[
	  { "from": 1, "steps": [ { "route": "level", "by": "class", "cases": [ { "words": ["fighter"], "to": "lvl_fighter" } ], "else": "lvl_other" } ] },
	  { "from": 2, "steps": [ { "rename": "field", "from": "lvl_fighter", "to": "level_fighter" }, { "rename": "field", "from": "lvl_other", "to": "level_other" } ] } ]`)
	r := Apply(rs, save(t, `{"v": 1, "build": {"fields": {"class": "Fighter", "level": 3}}}`))
	expect(t, r.Sheet, map[string]any{"build.fields.lvl_fighter": 3.0, "build.fields.level_fighter": 3.0, "build.fields.level_other": nil})
	if got := outcomes(r); !slices.Equal(got, []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.1.steps.0 moved", "sheet.migrations.1.steps.1 no-value"}) {
		t.Errorf("trace %q", got)
	}
}

const liveMigrations = `[
  { "from": 1, "steps": [
    { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d8", "hd_d10"], "else": "spare" },
    { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "shadow_dark"], "else": "shadow_dark" },
    { "routeLive": "track", "from": "hurt", "cases": ["wounds"], "else": "scars" } ] },
  { "from": 2, "steps": [
    { "route": "level", "by": "class", "cases": [ { "words": ["fighter"], "to": "level_fighter" }, { "words": ["wizard"], "to": "level_wizard" } ], "else": "level_other" } ] } ]`

func TestApplyRouteLive(t *testing.T) {
	rs := withMigrations(t, 3, liveMigrations)
	tests := []struct {
		name  string
		save  string
		trace []string
		want  map[string]any
		warn  string // a warning's path, if one is expected
	}{
		{
			name:  "the pool the migrated sheet shows: a later entry's route sets its maximum",
			save:  `{"v": 1, "build": {"fields": {"class": "Fighter", "level": 3}}, "live": {"pools": {"hit_dice": {"value": 2}}}}`,
			trace: []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value", "sheet.migrations.1.steps.0 moved"},
			want:  map[string]any{"live.pools.hd_d10": map[string]any{"value": 2.0}, "live.pools.hit_dice": nil, "build.fields.level_fighter": 3.0},
		},
		{
			name:  "a pool with a maximum of 0 is not shown; none shown: else",
			save:  `{"v": 3, "build": {"fields": {"level_other": 0}}, "live": {"pools": {"hit_dice": {"value": 2}}}}`,
			trace: []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.pools.spare": map[string]any{"value": 2.0}, "live.pools.hit_dice": nil},
		},
		{
			name:  "runs whatever the save's v; more than one shown: the first, with a warning",
			save:  `{"v": 3, "build": {"fields": {"level_wizard": 1, "level_fighter": 4}}, "live": {"pools": {"hit_dice": {"value": 1}}}}`,
			trace: []string{"sheet.migrations.0.steps.0 moved", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.pools.hd_d6": map[string]any{"value": 1.0}, "live.pools.hd_d10": nil},
			warn:  "live.pools.hit_dice",
		},
		{
			name:  "the new key exists: only the old key goes",
			save:  `{"v": 3, "build": {"fields": {"level_other": 2}}, "live": {"pools": {"hit_dice": {"value": 2}, "hd_d8": {"value": 0}}}}`,
			trace: []string{"sheet.migrations.0.steps.0 dropped-old-key", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.pools.hd_d8": map[string]any{"value": 0.0}, "live.pools.hit_dice": nil},
		},
		{
			name:  "plain tracks: hideWhen decides, from the build or the field's default",
			save:  `{"v": 3, "build": {"fields": {"lamp": "none"}}, "live": {"tracks": {"shadow": 4}}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 moved", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.tracks.shadow_dark": 4.0, "live.tracks.shadow_lit": nil, "live.tracks.shadow": nil},
		},
		{
			name:  "the lamp's default (tin) shows the lit track",
			save:  `{"v": 3, "build": {}, "live": {"tracks": {"shadow": 4}}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 moved", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.tracks.shadow_lit": 4.0, "live.tracks.shadow": nil},
		},
		{
			name:  "wound tracks carry marks under wounds",
			save:  `{"v": 3, "build": {}, "live": {"wounds": {"hurt": {"marks": ["cut"]}}, "tracks": {"hurt": 2}}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 moved"},
			want:  map[string]any{"live.wounds.wounds": map[string]any{"marks": []any{"cut"}}, "live.wounds.hurt": nil, "live.tracks.hurt": 2.0},
		},
		{
			name:  "a number where marks are wanted is not moved, and rulebench says so",
			save:  `{"v": 3, "build": {}, "live": {"tracks": {"hurt": 2}}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value"},
			want:  map[string]any{"live.tracks.hurt": 2.0, "live.wounds": nil},
			warn:  "live.tracks.hurt",
		},
		{
			name:  "no live state at all",
			save:  `{"v": 3, "build": {}}`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value", "sheet.migrations.0.steps.2 no-value"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Apply(rs, save(t, tt.save))
			if got := outcomes(r); !slices.Equal(got, tt.trace) {
				t.Errorf("trace %q, want %q", got, tt.trace)
			}
			expect(t, r.Sheet, tt.want)
			var warns []string
			for _, d := range r.Diagnostics {
				if d.Severity != model.Warning || d.Line == 0 {
					t.Errorf("unexpected finding %s", d)
				}
				warns = append(warns, d.Path)
			}
			if want := []string{tt.warn}; tt.warn == "" && len(warns) > 0 || tt.warn != "" && !slices.Equal(warns, want) {
				t.Errorf("warnings at %v, want %q", warns, tt.warn)
			}
			if !r.OK {
				t.Errorf("warnings only, but not ok")
			}
		})
	}
}

func TestApplyRouteLiveTrace(t *testing.T) {
	rs := withMigrations(t, 3, liveMigrations)
	r := Apply(rs, save(t, `{"v": 3, "build": {"fields": {"level_wizard": 1, "level_fighter": 4}}, "live": {"pools": {"hit_dice": {"value": 1}}}}`))
	st := r.Trace[0]
	if st.Source != "live.pools.hit_dice" || st.Destination != "live.pools.hd_d6" || !slices.Equal(st.Shown, []string{"hd_d6", "hd_d10"}) {
		t.Errorf("step = %+v", st)
	}
	if len(st.Changes) != 2 || st.Changes[0].Op != ChangeRemove || st.Changes[0].Path != "live.pools.hit_dice" || st.Changes[1].Op != ChangeAdd || st.Changes[1].Path != "live.pools.hd_d6" {
		t.Errorf("changes = %+v", st.Changes)
	}
}

func TestApplySetColumn(t *testing.T) {
	rs := withMigrations(t, 2, `[ { "from": 1, "steps": [
	  { "setColumn": { "list": "attacks", "where": { "name": ["Dagger", "Rapier"], "ability": ["str", "dex"] }, "column": "ability", "to": "finesse" } },
	  { "setColumn": { "list": "attacks", "where": { "bonus": [2] }, "column": "trained", "to": true } } ] } ]`)
	tests := []struct {
		name  string
		rows  string
		trace []string
		want  map[string]any
	}{
		{
			name:  "text ignoring case and surrounding spaces; every where column must match",
			rows:  `[{"name": " dagger ", "ability": "STR"}, {"name": "Rapier", "ability": "dex", "bonus": 2}, {"name": "Dagger", "ability": "wis"}, {"name": "Sling", "ability": "dex"}, {"ability": "dex"}]`,
			trace: []string{"sheet.migrations.0.steps.0 set 2", "sheet.migrations.0.steps.1 set 1"},
			want: map[string]any{
				"build.lists.attacks.0.ability": "finesse", "build.lists.attacks.1.ability": "finesse",
				"build.lists.attacks.2.ability": "wis", "build.lists.attacks.3.ability": "dex", "build.lists.attacks.4.ability": "dex",
				"build.lists.attacks.0.name": " dagger ", "build.lists.attacks.1.trained": true,
			},
		},
		{
			name:  "numbers exactly: 2 matches 2.0, not \"2\" or 2.5",
			rows:  `[{"name": "a", "bonus": 2.0}, {"name": "b", "bonus": "2"}, {"name": "c", "bonus": 2.5}]`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 set 1"},
			want:  map[string]any{"build.lists.attacks.0.trained": true, "build.lists.attacks.1.trained": nil, "build.lists.attacks.2.trained": nil},
		},
		{
			name:  "rows already holding the value match but are not counted",
			rows:  `[{"name": "Dagger", "ability": "str", "bonus": 2, "trained": true}, {"name": "Rapier", "ability": "dex", "bonus": 2, "trained": false}]`,
			trace: []string{"sheet.migrations.0.steps.0 set 2", "sheet.migrations.0.steps.1 set 1"},
			want:  map[string]any{"build.lists.attacks.0.trained": true, "build.lists.attacks.1.trained": true},
		},
		{
			name:  "matched, nothing to change: set 0",
			rows:  `[{"name": "x", "bonus": 2, "trained": true}]`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 set 0"},
		},
		{
			name:  "no rows",
			rows:  `[]`,
			trace: []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Apply(rs, save(t, `{"v": 1, "build": {"lists": {"attacks": `+tt.rows+`}}}`))
			if got := outcomes(r); !slices.Equal(got, tt.trace) {
				t.Errorf("trace %q, want %q", got, tt.trace)
			}
			expect(t, r.Sheet, tt.want)
			for _, st := range r.Trace {
				if len(st.Changes) != st.Count {
					t.Errorf("%d changes for a count of %d", len(st.Changes), st.Count)
				}
			}
		})
	}
	r := Apply(rs, save(t, `{"v": 1, "build": {}}`))
	if got := outcomes(r); !slices.Equal(got, []string{"sheet.migrations.0.steps.0 no-value", "sheet.migrations.0.steps.1 no-value"}) {
		t.Errorf("no list saved: %q", got)
	}
	r = Apply(rs, save(t, `{"v": 1, "build": {"lists": {"attacks": [{"name": "Dagger", "ability": "str"}]}}}`))
	st := r.Trace[0]
	if st.Destination != "build.lists.attacks.*.ability" || st.Value != "finesse" || len(st.Changes) != 1 ||
		st.Changes[0].Path != "build.lists.attacks.0.ability" || st.Changes[0].Old != "str" || st.Changes[0].Op != ChangeReplace {
		t.Errorf("step = %+v", st)
	}
}

// Apply never changes the save it is given, and StateAt replays the diffs.
func TestApplyLeavesInputAndReplays(t *testing.T) {
	rs := withMigrations(t, 3, liveMigrations)
	text := `{"v": 1, "build": {"fields": {"class": "Fighter", "level": 3}, "lists": {"attacks": [{"name": "Dagger"}]}},
	  "live": {"pools": {"hit_dice": {"value": 2}}, "tracks": {"shadow": 1}, "wounds": {"hurt": {"marks": []}}}}`
	s := save(t, text)
	pristine := save(t, text)
	r := Apply(rs, s)
	if !reflect.DeepEqual(s.Build(), pristine.Build()) || !reflect.DeepEqual(s.Live(), pristine.Live()) {
		t.Fatalf("Apply changed its input")
	}
	if got := r.StateAt(0); !reflect.DeepEqual(got, State{V: 1, Build: pristine.Build(), Live: pristine.Live()}) {
		t.Errorf("StateAt(0) = %+v", got)
	}
	if got := r.StateAt(len(r.Trace)); !reflect.DeepEqual(got, r.Sheet) {
		t.Errorf("StateAt(end) = %+v\nwant %+v", got, r.Sheet)
	}
	// After the first step only the hit dice have moved.
	mid := r.StateAt(1)
	expect(t, mid, map[string]any{"live.pools.hd_d10": map[string]any{"value": 2.0}, "live.tracks.shadow": 1.0, "build.fields.level_fighter": nil})
	// StateAt hands out copies.
	mid.Build["fields"].(map[string]any)["class"] = "changed"
	if r.StateAt(1).Build["fields"].(map[string]any)["class"] != "Fighter" || r.Sheet.Build["fields"].(map[string]any)["class"] != "Fighter" {
		t.Errorf("StateAt shares its maps")
	}
}

func TestApplySheetSize(t *testing.T) {
	rs := withMigrations(t, 2, `[ { "from": 1, "steps": [ { "rename": "field", "from": "old_notes", "to": "notes" } ] } ]`)
	big := strings.Repeat("ab\"é", 9000) // 45,000 bytes as JSON
	s := save(t, fmt.Sprintf(`{"v": 1, "build": {"fields": {"old_notes": %q}}}`, big))
	r := Apply(rs, s)
	if r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != "sheet-size" {
		t.Fatalf("want a sheet-size error, got %v", r.Diagnostics)
	}
	small := save(t, `{"v": 1, "build": {"fields": {"old_notes": "short"}}}`)
	if r := Apply(rs, small); !r.OK {
		t.Errorf("small sheet: %v", r.Diagnostics)
	}
}

// sheetSize counts what JSON.stringify writes.
func TestSheetSize(t *testing.T) {
	builds := []map[string]any{
		{},
		{"fields": map[string]any{"a": "x\"y\\z\n\u0001é€😀", "b": 1.5, "c": -3.0, "d": true, "e": false, "f": nil, "g": 1e21, "h": 1e-7, "i": 123456789.0}},
		{"lists": map[string]any{"l": []any{map[string]any{"n": "<&>"}, []any{}, 0.1}}},
	}
	js := map[string]string{ // what JSON.stringify writes for the numbers Go writes differently
		"1e-07": "1e-7", // 1e21 is "1e+21" in both
	}
	for _, b := range builds {
		var sb strings.Builder
		enc := json.NewEncoder(&sb)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]any{"v": 12, "build": b}); err != nil {
			t.Fatal(err)
		}
		text := strings.TrimSuffix(sb.String(), "\n")
		for g, j := range js {
			text = strings.ReplaceAll(text, g, j)
		}
		if got := sheetSize(12, b); got != len(text) {
			t.Errorf("sheetSize = %d, want %d for %s", got, len(text), text)
		}
	}
}

func TestApplyRobust(t *testing.T) {
	rs := withMigrations(t, 3, liveMigrations)
	// Shapes DecodeSave reports but keeps: Apply must carry on.
	for _, text := range []string{
		`{"v": 1, "build": {"fields": "oops", "lists": {"attacks": "no"}}, "live": {"pools": [], "tracks": {"shadow": "x"}}}`,
		`{"v": 1, "build": [], "live": 3}`,
		`{"v": 1}`,
		`{"build": {}}`,
		`[]`,
		``,
	} {
		s, _ := model.DecodeSave("bad.json", []byte(text))
		r := Apply(rs, s)
		if r == nil || r.Trace == nil || r.Diagnostics == nil {
			t.Errorf("%s: incomplete result %+v", text, r)
		}
	}
	if r := Apply(nil, nil); r.OK {
		t.Errorf("no ruleset: ok")
	}
}
