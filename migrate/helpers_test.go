package migrate

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rulebench/model"
)

// baseSheet is a small sheet that the tests' migrations point into. %d is
// sheet.version, %s the migrations array.
const baseSheet = `{
  "version": %d,
  "abilities": [
    { "id": "str", "label": "Strength", "min": 1, "max": 20, "default": 10 },
    { "id": "dex", "label": "Dexterity", "min": 1, "max": 20, "default": 10 }
  ],
  "skills": [
    { "id": "athletics", "label": "Athletics", "ability": "str" },
    { "id": "stealth", "label": "Stealth", "ability": "dex" }
  ],
  "saves": [ { "id": "fort", "label": "Fortitude", "ability": "str" } ],
  "fields": [
    { "id": "class", "label": "Class", "type": "text", "maxLength": 60 },
    { "id": "level_fighter", "label": "Fighter levels", "type": "number", "min": 0, "max": 20 },
    { "id": "level_wizard", "label": "Wizard levels", "type": "number", "min": 0, "max": 20 },
    { "id": "level_other", "label": "Other levels", "type": "number", "min": 0, "max": 20, "default": 0 },
    { "id": "title", "label": "Title", "type": "text", "maxLength": 40, "default": "" },
    { "id": "experience", "label": "Experience", "type": "number", "min": 0, "max": 99999, "default": 0 },
    { "id": "rank", "label": "Rank", "type": "number", "min": 0, "max": 9, "default": 1 },
    { "id": "motto", "label": "Motto", "type": "text", "maxLength": 40, "default": "Onward" },
    { "id": "story", "label": "Story", "type": "longtext", "maxLength": 4000 },
    { "id": "sworn", "label": "Sworn", "type": "boolean" },
    { "id": "lamp", "label": "Lamp", "type": "enum", "values": ["none", "tin", "brass"], "default": "tin" },
    { "id": "notes", "label": "Notes", "type": "text", "maxLength": 500 }
  ],
  "lists": [
    { "id": "attacks", "label": "Attacks", "maxItems": 20, "columns": [
      { "id": "name", "label": "Name", "type": "text", "maxLength": 40 },
      { "id": "ability", "label": "Ability", "type": "enum", "values": ["str", "dex", "finesse"] },
      { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5 },
      { "id": "trained", "label": "Trained", "type": "boolean" }
    ] }
  ],
  "live": {
    "pools": [
      { "id": "hd_d6", "label": "d6 hit dice", "max": { "field": "level_wizard" } },
      { "id": "hd_d8", "label": "d8 hit dice", "max": { "field": "level_other" } },
      { "id": "hd_d10", "label": "d10 hit dice", "max": { "field": "level_fighter" } },
      { "id": "oil", "label": "Oil", "max": { "const": 3 }, "hideWhen": { "field": "lamp", "equals": "none" } },
      { "id": "spare", "label": "Spare", "max": { "const": 2 } }
    ],
    "tracks": [
      { "id": "shadow_lit", "label": "Shadow, lit", "min": 0, "max": 6, "hideWhen": { "field": "lamp", "equals": "none" } },
      { "id": "shadow_dark", "label": "Shadow, dark", "min": 0, "max": 6, "hideWhen": { "field": "lamp", "notEquals": "none" } },
      { "id": "wounds", "label": "Wounds", "min": 0, "max": 2,
        "levels": [ { "label": "Hurt", "penalty": 0 }, { "label": "Down", "penalty": -2 } ],
        "kinds": [ { "id": "cut", "label": "Cut", "severity": 0 } ] },
      { "id": "scars", "label": "Scars", "min": 0, "max": 2,
        "levels": [ { "label": "Marked", "penalty": 0 }, { "label": "Ruined", "penalty": -1 } ],
        "kinds": [ { "id": "cut", "label": "Cut", "severity": 0 } ] }
    ]
  },
  "migrations": %s
}`

// rulesetJSON wraps a sheet in a small valid ruleset.
func rulesetJSON(sheet string) string {
	return `{
  "schemaVersion": 1, "id": "test-rules", "version": 1, "name": "Test rules",
  "coverage": { "checks": true, "sheet": true, "summary": "Rules for tests." },
  "resolution": {
    "kind": "dice-sum",
    "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiency": { "bonus": { "const": 2 } },
    "proficiencyTiers": [
      { "id": "untrained", "label": "Untrained" },
      { "id": "trained", "label": "Trained", "multiplier": 1 },
      { "id": "expert", "label": "Expert", "multiplier": 1.5, "round": "up", "flat": 1 }
    ],
    "difficultyLadder": [ { "label": "Easy", "dc": 10 } ]
  },
  "gm": { "checkGuidance": "Roll when it matters." },
  "sheet": ` + sheet + `
}`
}

// parseRuleset decodes a ruleset and fails the test on any error finding.
func parseRuleset(t testing.TB, text string) *model.Ruleset {
	t.Helper()
	root, diags := model.Parse("rules.json", []byte(text))
	if root == nil {
		t.Fatalf("ruleset is not JSON: %v", diags)
	}
	rs, more := model.DecodeRuleset("rules.json", root)
	for _, d := range append(diags, more...) {
		if d.Severity == model.Error {
			t.Fatalf("test ruleset has a shape error: %s", d)
		}
	}
	return rs
}

// withMigrations makes the base ruleset at a sheet version with the given
// migrations array.
func withMigrations(t testing.TB, version int, migrations string) *model.Ruleset {
	t.Helper()
	return parseRuleset(t, rulesetJSON(fmt.Sprintf(baseSheet, version, migrations)))
}

// save decodes a save and fails the test on any error finding.
func save(t testing.TB, text string) *model.Save {
	t.Helper()
	s, diags := model.DecodeSave("save.json", []byte(text))
	if model.HasErrors(diags) {
		t.Fatalf("test save has errors: %v", diags)
	}
	return s
}

// codesAt lists the findings as "severity path code" lines, sorted as found.
func codesAt(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s %s %s", d.Severity, d.Path, d.Code))
	}
	return out
}

func joinLines(s []string) string { return strings.Join(s, "\n") }

// saveOf is a save holding a state, as a file of it reads.
func saveOf(file string, st State) *model.Save {
	data, err := json.Marshal(map[string]any{"v": st.V, "build": st.Build, "live": st.Live})
	if err != nil {
		panic(err)
	}
	s, _ := model.DecodeSave(file, data)
	return s
}
