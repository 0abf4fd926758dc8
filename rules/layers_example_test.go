package rules_test

import (
	"fmt"

	"rulebench/model"
	"rulebench/rules"
)

const exampleRuleset = `{
  "schemaVersion": 1, "id": "watch", "version": 1, "name": "Watch",
  "coverage": { "summary": "An example." },
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "untrained", "label": "Untrained" } ],
    "difficultyLadder": [ { "label": "Easy", "dc": 6 }, { "label": "Hard", "dc": 10 } ] },
  "sheet": { "version": 1, "fields": [
    { "id": "magic", "label": "Magic", "type": "enum", "values": ["none", "int", "wis", "cha"], "default": "none" } ] },
  "gm": { "checkGuidance": "Ask for checks." },
  "items": { "categories": [ { "id": "arm", "label": "Arm" } ],
    "currencies": [ { "id": "coin", "label": "Coin", "units": [
      { "id": "penny", "label": "pennies", "value": 1 },
      { "id": "shilling", "label": "shillings", "value": 12 },
      { "id": "crown", "label": "crowns", "value": 60 } ] } ] },
  "catalogs": [ { "id": "kit", "label": "Kit", "holds": "items", "entries": [
    { "id": "pistol", "label": "Pistol", "item": { "category": "arm", "cost": { "amount": 3, "unit": "crown" } } } ] } ],
  "layers": [
    { "id": "low_magic", "label": "Low magic", "conflicts": ["high_magic"],
      "gm": { "guidance": "Magic is rare." },
      "fields": [ { "id": "magic", "removeValues": ["int", "cha"] } ],
      "currencies": { "removeUnits": ["crown"] } },
    { "id": "high_magic", "label": "High magic", "gm": { "guidance": "Magic is everywhere." } }
  ]
}`

func exampleLoad() *model.Ruleset {
	root, _ := model.Parse("watch.json", []byte(exampleRuleset))
	rs, _ := model.DecodeRuleset("watch.json", root)
	return rs
}

// Resolve a selection: conflicts drop the later layer; the rest is worked
// into guidance, enum fields and prices.
func ExampleResolver_Resolve() {
	r := rules.NewResolver(exampleLoad())
	e := r.Resolve([]string{"high_magic", "low_magic"})
	for _, l := range e.Applied {
		fmt.Println("applied:", l.ID)
	}
	for _, d := range e.Dropped {
		fmt.Println("dropped:", d.ID, "-", d.Reason())
	}
	fmt.Println(e.CheckGuidance)
	fmt.Println(e.Enum("magic").Values)
	fmt.Println(e.Prices[0].Key, e.Prices[0].Shown.Text())
	// Output:
	// applied: low_magic
	// dropped: high_magic - it conflicts with low_magic, which is declared earlier and is on
	// Ask for checks. Magic is rare.
	// [none wis]
	// kit/pistol 15 shillings
}

// The Engine's strict new-game check reports conflicts and unknown layers.
func ExampleNewGameIssues() {
	rs := exampleLoad()
	opts := []rules.Option{{Key: "layer.low_magic", Value: true}, {Key: "layer.high_magic", Value: true}, {Key: "layer.wild", Value: true}}
	for _, is := range rules.NewGameIssues(rs, opts) {
		fmt.Println(is.Code, is.Layers)
	}
	// Output:
	// ruleset_layer_unknown [wild]
	// ruleset_layer_conflict [low_magic high_magic]
}

// CheckLayers reports each refused layer at the Engine's path.
func ExampleCheckLayers() {
	rs := exampleLoad()
	rs.Layers[0].Conflicts = []string{"mud_season"}
	for _, d := range rules.CheckLayers(rs) {
		fmt.Println(d.Path, d.Code)
	}
	// Output:
	// layers.0.conflicts.0 layer-conflicts-unknown
}

// MarketOwed: worth × multiplier per item, rounded half up, at least 1.
func ExampleMarketOwed() {
	fmt.Println(rules.MarketOwed(180, 0.75, 1), rules.MarketOwed(5, 1.5, 1), rules.MarketOwed(1, 0.4, 1), rules.MarketOwed(4, 0.75, 4))
	// Output: 135 8 1 12
}
