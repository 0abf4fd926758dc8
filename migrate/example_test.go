package migrate_test

import (
	"fmt"

	"rulebench/migrate"
	"rulebench/model"
)

// A ruleset whose layout 2 split one level into a level per class.
const exampleRuleset = `{
  "schemaVersion": 1, "id": "example", "version": 1, "name": "Example",
  "coverage": { "summary": "An example." },
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "none", "label": "None" } ], "difficultyLadder": [ { "label": "Easy", "dc": 10 } ] },
  "gm": { "checkGuidance": "Roll." },
  "sheet": {
    "version": 2,
    "fields": [
      { "id": "class", "label": "Class", "type": "text", "maxLength": 40 },
      { "id": "level_fighter", "label": "Fighter levels", "type": "number", "min": 0, "max": 20 },
      { "id": "level_wizard", "label": "Wizard levels", "type": "number", "min": 0, "max": 20 },
      { "id": "level_other", "label": "Other levels", "type": "number", "min": 0, "max": 20 }
    ],
    "live": { "pools": [
      { "id": "hd_d6", "label": "d6 hit dice", "max": { "field": "level_wizard" } },
      { "id": "hd_d10", "label": "d10 hit dice", "max": { "field": "level_fighter" } },
      { "id": "hd_d8", "label": "d8 hit dice", "max": { "field": "level_other" } } ] },
    "migrations": [ { "from": 1, "steps": [
      { "route": "level", "by": "class", "cases": [
          { "words": ["fighter"], "to": "level_fighter" }, { "words": ["wizard"], "to": "level_wizard" } ],
        "else": "level_other", "default": 1 },
      { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d10"], "else": "hd_d8" } ] } ]
  }
}`

func ExampleApply() {
	root, _ := model.Parse("example.json", []byte(exampleRuleset))
	rs, _ := model.DecodeRuleset("example.json", root)
	fmt.Println("refusals:", len(migrate.Check(rs)))

	save, _ := model.DecodeSave("save.json", []byte(`{"v": 1,
	  "build": {"fields": {"class": "Fighter3", "level": 3}},
	  "live": {"pools": {"hit_dice": {"value": 2}}}}`))
	r := migrate.Apply(rs, save)
	fmt.Printf("v%d → v%d ok=%v\n", r.From, r.To, r.OK)
	for _, st := range r.Trace {
		fmt.Printf("%s %s: %s → %s %s %v\n", st.Path, st.Op, st.Source, st.Destination, st.Outcome, st.Value)
		for _, c := range st.Changes {
			fmt.Printf("  %s %s %v\n", c.Op, c.Path, c.New)
		}
	}
	// Output:
	// refusals: 0
	// v1 → v2 ok=true
	// sheet.migrations.0.steps.0 route: build.fields.level → build.fields.level_fighter moved 3
	//   add build.fields.level_fighter 3
	// sheet.migrations.0.steps.1 routeLive: live.pools.hit_dice → live.pools.hd_d10 moved map[value:2]
	//   remove live.pools.hit_dice <nil>
	//   add live.pools.hd_d10 map[value:2]
}

func ExampleResult_StateAt() {
	root, _ := model.Parse("example.json", []byte(exampleRuleset))
	rs, _ := model.DecodeRuleset("example.json", root)
	save, _ := model.DecodeSave("save.json", []byte(`{"v": 1, "build": {"fields": {"class": "Wizard", "level": 2}}, "live": {"pools": {"hit_dice": {"value": 1}}}}`))
	r := migrate.New(rs).Apply(save)
	for i := 0; i <= len(r.Trace); i++ {
		s := r.StateAt(i)
		fmt.Println(i, s.Build["fields"], s.Live["pools"])
	}
	// Output:
	// 0 map[class:Wizard level:2] map[hit_dice:map[value:1]]
	// 1 map[class:Wizard level:2 level_wizard:2] map[hit_dice:map[value:1]]
	// 2 map[class:Wizard level:2 level_wizard:2] map[hd_d6:map[value:1]]
}

func ExampleRenames() {
	rs := &model.Ruleset{Sheet: model.Sheet{
		Fields: []*model.Field{{ID: "experience", Label: "Experience"}},
		Migrations: []*model.Migration{
			{From: 2, Steps: []*model.Step{{Op: model.StepRename, What: "field", From: "road_xp", To: "experience"}}},
			{From: 1, Steps: []*model.Step{{Op: model.StepRename, What: "field", From: "xp", To: "road_xp"}}},
		},
	}}
	renames := migrate.Renames(rs)
	for _, r := range renames {
		fmt.Printf("%s %s → %s (%q)\n", r.What, r.From, r.To, r.Label)
	}
	// A stale locale key "Road XP" translated what is now Experience.
	if r, ok := migrate.RenameOfKey(renames, "Road XP"); ok {
		fmt.Println("Road XP is now", r.Label)
	}
	// Output:
	// field xp → experience ("Experience")
	// field road_xp → experience ("Experience")
	// Road XP is now Experience
}
