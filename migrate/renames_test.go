package migrate

import (
	"reflect"
	"testing"

	"rulebench/model"
)

func TestRenames(t *testing.T) {
	cases := []struct {
		name, migrations string
		want             []Rename
	}{
		{"none", `[]`, nil},
		{"one of each kind", `[ { "from": 1, "steps": [
			{ "rename": "ability", "from": "strength", "to": "str" },
			{ "rename": "skill", "from": "sneak", "to": "stealth" },
			{ "rename": "save", "from": "fortitude", "to": "fort" },
			{ "rename": "field", "from": "xp", "to": "experience" } ] } ]`,
			[]Rename{{"ability", "strength", "str", "Strength"}, {"skill", "sneak", "stealth", "Stealth"},
				{"save", "fortitude", "fort", "Fortitude"}, {"field", "xp", "experience", "Experience"}}},
		// Entries run by ascending from whatever their order in the file:
		// toll became fare in entry 1, fare became rank in entry 2.
		{"a chain across entries", `[
			{ "from": 2, "steps": [ { "rename": "field", "from": "fare", "to": "rank" } ] },
			{ "from": 1, "steps": [ { "rename": "field", "from": "toll", "to": "fare" } ] } ]`,
			[]Rename{{"field", "toll", "rank", "Rank"}, {"field", "fare", "rank", "Rank"}}},
		// Renamed away and back: sneak ends as stealth again, and stealth,
		// renamed to hide and back, as itself.
		{"a loop", `[ { "from": 1, "steps": [
			{ "rename": "skill", "from": "sneak", "to": "stealth" },
			{ "rename": "skill", "from": "stealth", "to": "hide" },
			{ "rename": "skill", "from": "hide", "to": "stealth" } ] } ]`,
			[]Rename{{"skill", "sneak", "stealth", "Stealth"}, {"skill", "stealth", "stealth", "Stealth"}, {"skill", "hide", "stealth", "Stealth"}}},
		// A chain follows renames of its own kind only; an id the sheet does
		// not have has no label; a second rename of an id already renamed
		// follows where it is now, not the old id.
		{"kinds, unknown ids, renamed twice", `[ { "from": 1, "steps": [
			{ "rename": "field", "from": "motto_old", "to": "motto" },
			{ "rename": "skill", "from": "motto", "to": "gone" },
			{ "rename": "field", "from": "motto_old", "to": "title" } ] } ]`,
			[]Rename{{"field", "motto_old", "motto", "Motto"}, {"skill", "motto", "gone", ""}}},
		{"other steps", `[ { "from": 1, "steps": [
			{ "route": "level", "by": "class", "cases": [ { "words": ["fighter"], "to": "level_fighter" } ], "else": "level_other" } ] } ]`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rs := withMigrations(t, 3, c.migrations)
			if got := Renames(rs); !reflect.DeepEqual(got, c.want) {
				t.Errorf("Renames:\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
	if got := Renames(nil); got != nil {
		t.Errorf("Renames(nil) = %+v", got)
	}
}

// TestRenamesSkipsHalves: a ruleset built by hand with a nil entry or
// step, or a rename missing its from or its to, replays the rest.
func TestRenamesSkipsHalves(t *testing.T) {
	rs := withMigrations(t, 3, `[]`)
	rs.Sheet.Migrations = []*model.Migration{nil, {From: 1, Steps: []*model.Step{nil,
		{Op: model.StepRename, What: "field", From: "", To: "title"},
		{Op: model.StepRename, What: "field", From: "xp", To: ""},
		{Op: model.StepRename, What: "field", From: "xp", To: "experience"}}}}
	if got := Renames(rs); len(got) != 1 || got[0].To != "experience" {
		t.Errorf("Renames = %+v", got)
	}
}

func TestRenameOfKey(t *testing.T) {
	renames := []Rename{
		{"field", "road_xp", "experience", "Experience"},
		{"skill", "old-trade", "trade", ""},
		{"ability", "quick", "deft", "Deftness"},
		{"skill", "quick", "pathfinding", "Pathfinding"},
	}
	cases := []struct {
		key, want string // want is the final id, "" for no match
	}{
		{"Road XP", "experience"},
		{"  road-xp ", "experience"},
		{"road xp!", ""},
		{"Old trade", ""}, // its final id has no label
		{"Quick", "pathfinding"},
		{"", ""},
	}
	for _, c := range cases {
		r, ok := RenameOfKey(renames, c.key)
		if ok != (c.want != "") || r.To != c.want {
			t.Errorf("RenameOfKey(%q) = %+v, %v; want %q", c.key, r, ok, c.want)
		}
	}
}
