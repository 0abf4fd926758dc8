package model_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// poolResolution replaces the base ruleset's dice-sum resolution.
const poolResolution = `"resolution": {
    "kind": "dice-pool",
    "die": { "sides": 10 },
    "pool": { "min": 1, "max": 10 },
    "target": { "default": 7, "min": 5, "max": 9 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "untrained", "label": "Untrained" } ],
    "difficultyLadder": [ { "label": "Easy", "successes": 1 } ]
  },
  "sheet": {`

// poolBase is the base ruleset with a dice-pool resolution.
func poolBase(t *testing.T) string {
	t.Helper()
	base := edit(t, `"resolution": {`, `"resolutionOld": {`)
	i := strings.Index(base, `"resolutionOld": {`)
	j := strings.Index(base, `"sheet": {`)
	return base[:i] + poolResolution + base[j+len(`"sheet": {`):]
}

// shapeCase is one structural rule broken in the base ruleset.
type shapeCase struct {
	name     string
	pool     bool // start from the dice-pool variant
	old, new string
	code     model.Code
	path     string
	warning  bool
}

// layer0 is the start of the base ruleset's first layer.
const layer0 = `{ "id": "lean_times", "label": "Lean times",`

func TestStructuralRules(t *testing.T) {
	emoji40 := strings.Repeat("🐉", 40) // 80 UTF-16 units
	tests := []shapeCase{
		// top level
		{name: "schemaVersion 2", old: `"schemaVersion": 1`, new: `"schemaVersion": 2`, code: "range", path: "schemaVersion"},
		{name: "ruleset id with underscore", old: `"id": "tollway"`, new: `"id": "toll_way"`, code: "id-pattern", path: "id"},
		{name: "reserved ruleset id", old: `"id": "tollway"`, new: `"id": "traditional"`, code: "id-pattern", path: "id"},
		{name: "ruleset id double hyphen", old: `"id": "tollway"`, new: `"id": "toll--way"`, code: "id-pattern", path: "id"},
		{name: "version 0", old: `"version": 3`, new: `"version": 0`, code: "range", path: "version"},
		{name: "version not whole", old: `"version": 3`, new: `"version": 3.5`, code: "integer", path: "version"},
		{name: "version as text", old: `"version": 3`, new: `"version": "3"`, code: "type", path: "version"},
		{name: "empty name", old: `"name": "Tollway"`, new: `"name": ""`, code: "length", path: "name"},
		{name: "name of 41 emoji is 82 UTF-16 units", old: `"name": "Tollway"`, new: `"name": "` + emoji40 + `🐉"`, code: "length", path: "name"},
		{name: "edition over 160", old: `"edition": "Test edition"`, new: `"edition": "` + strings.Repeat("e", 161) + `"`, code: "length", path: "edition"},
		{name: "licence spdx over 64", old: `"spdx": "CC0-1.0"`, new: `"spdx": "` + strings.Repeat("x", 65) + `"`, code: "length", path: "license.spdx"},
		{name: "coverage summary missing", old: `, "summary": "Checks, a small sheet, coins and a few beasts."`, new: ``, code: "required", path: "coverage.summary"},
		{name: "coverage flag as text", old: `"checks": true`, new: `"checks": "yes"`, code: "type", path: "coverage.checks"},
		{name: "$schema below the root", old: `"license": { "spdx": "CC0-1.0" }`, new: `"license": { "$schema": "x", "spdx": "CC0-1.0" }`, code: "unknown-key", path: "license"},
		{name: "__proto__ is an ordinary unknown key", old: `"version": 3,`, new: `"version": 3, "__proto__": {},`, code: "unknown-key", path: "(root)"},
		{name: "$schema not text", old: `"schemaVersion": 1,`, new: `"$schema": 1, "schemaVersion": 1,`, code: "schema-url", path: "$schema", warning: true},
		{name: "rests over 12", old: `"gm": { "checkGuidance"`, new: `"rests": [` + strings.TrimSuffix(strings.Repeat("{},", 13), ",") + `], "gm": { "checkGuidance"`, code: "count", path: "rests"},

		// resolution
		{name: "unknown resolution kind", old: `"kind": "dice-sum"`, new: `"kind": "dice-mix"`, code: "enum", path: "resolution.kind"},
		{name: "a pool key on a sum", old: `"kind": "dice-sum",`, new: `"kind": "dice-sum", "die": { "sides": 6 },`, code: "kind-key", path: "resolution.die"},
		{name: "table beside identity", old: `{ "op": "identity" }`, new: `{ "op": "identity", "table": [[1, 0]] }`, code: "unknown-key", path: "resolution.abilityModifier"},
		{name: "stepTable without a table", old: `{ "op": "identity" }`, new: `{ "op": "stepTable" }`, code: "required", path: "resolution.abilityModifier.table"},
		{name: "step table not ascending", old: `{ "op": "identity" }`, new: `{ "op": "stepTable", "table": [[1, 0], [5, 1], [5, 2]] }`, code: "ascending", path: "resolution.abilityModifier.table.2.0"},
		{name: "naturals need one die", old: `"kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 },`, new: `"kind": "dice-sum", "dice": { "count": 2, "sides": 20 }, "naturals": { "check": "both" },`, code: "naturals-count", path: "resolution.naturals"},
		{name: "dice count 11", old: `"kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 }`, new: `"kind": "dice-sum", "dice": { "count": 11, "sides": 20 }`, code: "range", path: "resolution.dice.count"},
		{name: "no proficiency tiers", old: `"proficiencyTiers": [`, new: `"proficiencyTiers": [], "x": [`, code: "count", path: "resolution.proficiencyTiers"},
		{name: "tier multiplier 11", old: `{ "id": "trained", "label": "Trained", "flat": 2 }`, new: `{ "id": "trained", "label": "Trained", "multiplier": 11 }`, code: "range", path: "resolution.proficiencyTiers.1.multiplier"},
		{name: "tier flat not whole", old: `"flat": 2`, new: `"flat": 1.5`, code: "integer", path: "resolution.proficiencyTiers.1.flat"},
		{name: "ladder step of both shapes", old: `{ "label": "Easy", "dc": 8 }`, new: `{ "label": "Easy", "dc": 8, "successes": 1 }`, code: "ladder-shape", path: "resolution.difficultyLadder.0"},
		{name: "ladder dc 1001", old: `"dc": 14`, new: `"dc": 1001`, code: "range", path: "resolution.difficultyLadder.1.dc"},
		{name: "ladder label with brackets", old: `{ "label": "Easy", "dc": 8 }`, new: `{ "label": "[Easy]", "dc": 8 }`, code: "prompt-safe", path: "resolution.difficultyLadder.0.label"},
		{name: "ladder of 13 steps", old: `{ "label": "Hard", "dc": 14 }`, new: strings.Repeat(`{ "label": "Hard", "dc": 14 }, `, 12) + `{ "label": "Hard", "dc": 14 }`, code: "count", path: "resolution.difficultyLadder"},
		{name: "no ladder", old: `"difficultyLadder": [
`, new: `"ladder": [
`, code: "required", path: "resolution.difficultyLadder"},
		{name: "adjust without value", old: `"proficiencyTiers": [`, new: `"adjust": [ { "abilities": ["grip"] } ], "proficiencyTiers": [`, code: "required", path: "resolution.adjust.0.value"},
		{name: "adjust with no abilities", old: `"proficiencyTiers": [`, new: `"adjust": [ { "value": { "const": 1 }, "abilities": [] } ], "proficiencyTiers": [`, code: "count", path: "resolution.adjust.0.abilities"},
		{name: "spend on a sum", old: `"proficiencyTiers": [`, new: `"spend": [], "proficiencyTiers": [`, code: "kind-key", path: "resolution.spend"},

		// dice-pool resolution
		{name: "pool min above max", pool: true, old: `"pool": { "min": 1, "max": 10 }`, new: `"pool": { "min": 5, "max": 3 }`, code: "range", path: "resolution.pool.min"},
		{name: "target face above the die", pool: true, old: `"default": 7, "min": 5, "max": 9`, new: `"default": 7, "min": 5, "max": 11`, code: "range", path: "resolution.target.max"},
		{name: "target default outside min..max", pool: true, old: `"default": 7, "min": 5, "max": 9`, new: `"default": 4, "min": 5, "max": 9`, code: "range", path: "resolution.target.default"},
		{name: "target min above max", pool: true, old: `"default": 7, "min": 5, "max": 9`, new: `"default": 7, "min": 9, "max": 6`, code: "range", path: "resolution.target.min"},
		{name: "die without sides", pool: true, old: `"die": { "sides": 10 },`, new: `"die": {},`, code: "required", path: "resolution.die.sides"},
		{name: "target missing", pool: true, old: `"target": { "default": 7, "min": 5, "max": 9 },`, new: ``, code: "required", path: "resolution.target"},
		{name: "explode face above the die", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "explode": { "from": 11 },`, code: "range", path: "resolution.explode.from"},
		{name: "explode with neither key", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "explode": {},`, code: "one-of", path: "resolution.explode"},
		{name: "double from below min", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "double": { "from": 6, "min": 8 },`, code: "range", path: "resolution.double.from"},
		{name: "cancel has no rule", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "cancel": { "upTo": 1, "rule": "noSuccesses" },`, code: "unknown-key", path: "resolution.cancel"},
		{name: "botch upTo not below target.min", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "botch": { "upTo": 5 },`, code: "range", path: "resolution.botch.upTo"},
		{name: "botch rule unknown", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "botch": { "upTo": 1, "rule": "always" },`, code: "enum", path: "resolution.botch.rule"},
		{name: "exceptional beyond reach", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "exceptional": { "successes": 11 },`, code: "range", path: "resolution.exceptional.successes"},
		{name: "situational dice max 21", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "situationalDice": { "min": 0, "max": 21 },`, code: "range", path: "resolution.situationalDice.max"},
		{name: "reroll upTo the die's sides", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "reroll": [ { "id": "careful", "upTo": 10, "mode": "once" } ],`, code: "range", path: "resolution.reroll.0.upTo"},
		{name: "spend buying nothing", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [ { "pool": "stamina", "amount": 1, "perCheck": 2 } ],`, code: "spend-nothing", path: "resolution.spend.0"},
		{name: "spend perCheck word", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [ { "pool": "stamina", "amount": 1, "dice": 1, "perCheck": "all" } ],`, code: "enum", path: "resolution.spend.0.perCheck"},
		{name: "spend perCheck 11", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [ { "pool": "stamina", "amount": 1, "dice": 1, "perCheck": 11 } ],`, code: "range", path: "resolution.spend.0.perCheck"},
		{name: "spend reroll upTo the sides", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [ { "pool": "stamina", "amount": 1, "reroll": { "upTo": 10, "mode": "once" }, "perCheck": "pool" } ],`, code: "range", path: "resolution.spend.0.reroll.upTo"},
		{name: "spend without perCheck", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [ { "pool": "stamina", "amount": 1, "dice": 1 } ],`, code: "required", path: "resolution.spend.0.perCheck"},
		{name: "five spend entries", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "spend": [{}, {}, {}, {}, {}],`, code: "count", path: "resolution.spend"},
		{name: "a sum key on a pool", pool: true, old: `"die": { "sides": 10 },`, new: `"die": { "sides": 10 }, "advantage": true,`, code: "kind-key", path: "resolution.advantage"},

		// sheet
		{name: "sheet version missing", old: `"version": 2,`, new: ``, code: "required", path: "sheet.version"},
		{name: "ability default above max", old: `"min": 0, "max": 5, "default": 1`, new: `"min": 0, "max": 5, "default": 9`, code: "range", path: "sheet.abilities.0.default"},
		{name: "ability short over 8", old: `"short": "GRP"`, new: `"short": "GRIPGRIPG"`, code: "length", path: "sheet.abilities.0.short"},
		{name: "untrained by 30", old: `"ability": "grip" }`, new: `"ability": "grip", "untrained": { "by": 30 } }`, code: "range", path: "sheet.skills.0.untrained.by"},
		{name: "untrained word unknown", old: `"ability": "grip" }`, new: `"ability": "grip", "untrained": "never" }`, code: "enum", path: "sheet.skills.0.untrained"},
		{name: "bonusRange min below -100", old: `"version": 2,`, new: `"version": 2, "bonusRange": { "min": -101, "max": 3 },`, code: "range", path: "sheet.bonusRange.min"},
		{name: "ability min above max", old: `"min": 0, "max": 5, "default": 1`, new: `"min": 6, "max": 5, "default": 5`, code: "range", path: "sheet.abilities.0.min"},
		{name: "column min above max", old: `"min": 0, "max": 50 }`, new: `"min": 60, "max": 50 }`, code: "range", path: "sheet.lists.0.columns.1.min"},
		{name: "extra on a track with boxes", old: `"tracks": [ { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 4, "default": 0 } ]`,
			new:  `"tracks": [ { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 4, "boxes": { "penalty": { "by": "filled", "table": [[1, -1]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ], "extra": { "list": "gear", "countColumn": "weight", "penaltyColumn": "weight" } } ]`,
			code: "track-shape", path: "sheet.live.tracks.0.extra"},
		{name: "bonusRange min above max", old: `"version": 2,`, new: `"version": 2, "bonusRange": { "min": 4, "max": 3 },`, code: "range", path: "sheet.bonusRange.min"},
		{name: "field type unknown", old: `"type": "text", "maxLength": 60 }`, new: `"type": "colour", "maxLength": 60 }`, code: "enum", path: "sheet.fields.2.type"},
		{name: "text maxLength 501", old: `"type": "text", "maxLength": 60 }`, new: `"type": "text", "maxLength": 501 }`, code: "range", path: "sheet.fields.2.maxLength"},
		{name: "text without maxLength", old: `"type": "text", "maxLength": 60 }`, new: `"type": "text" }`, code: "required", path: "sheet.fields.2.maxLength"},
		{name: "text default over maxLength", old: `"type": "text", "maxLength": 60 }`, new: `"type": "text", "maxLength": 3, "default": "abcd" }`, code: "length", path: "sheet.fields.2.default"},
		{name: "longtext maxLength 4001", old: `"type": "text", "maxLength": 60 }`, new: `"type": "longtext", "maxLength": 4001 }`, code: "range", path: "sheet.fields.2.maxLength"},
		{name: "a number key on a text field", old: `"type": "text", "maxLength": 60 }`, new: `"type": "text", "maxLength": 60, "min": 0 }`, code: "unknown-key", path: "sheet.fields.2"},
		{name: "enum value twice", old: `["guard", "tinker", "drover"]`, new: `["guard", "tinker", "guard"]`, code: "duplicate-value", path: "sheet.fields.0.values.2"},
		{name: "enum value of 81", old: `["guard", "tinker", "drover"]`, new: `["guard", "tinker", "` + strings.Repeat("d", 81) + `"]`, code: "length", path: "sheet.fields.0.values.2"},
		{name: "enum with no values", old: `["guard", "tinker", "drover"]`, new: `[]`, code: "count", path: "sheet.fields.0.values"},
		{name: "value label not prompt-safe", old: `"guard": "Gate guard"`, new: `"guard": "Gate {{guard}}"`, code: "prompt-safe", path: "sheet.fields.0.valueLabels.guard"},
		{name: "number default outside", old: `"min": 0, "max": 6, "default": 2`, new: `"min": 0, "max": 6, "default": 7`, code: "range", path: "sheet.fields.1.default"},
		{name: "number min above max", old: `"min": 0, "max": 6, "default": 2`, new: `"min": 7, "max": 6`, code: "range", path: "sheet.fields.1.min"},
		{name: "hideWhen with two comparisons", old: `"field": "calling", "equals": "drover"`, new: `"field": "calling", "equals": "drover", "in": ["guard"]`, code: "one-of", path: "sheet.fields.1.hideWhen"},
		{name: "hideWhen in of 25", old: `"field": "calling", "equals": "drover"`, new: `"field": "calling", "in": [` + strings.TrimSuffix(strings.Repeat(`"drover",`, 25), ",") + `]`, code: "count", path: "sheet.fields.1.hideWhen.in"},
		{name: "hideWhen compares a list", old: `"field": "calling", "equals": "drover"`, new: `"field": "calling", "equals": ["drover"]`, code: "type", path: "sheet.fields.1.hideWhen.equals"},
		{name: "derived sum with a table", old: `"op": "sum", "of"`, new: `"op": "sum", "table": [[0, 1]], "of"`, code: "unknown-key", path: "sheet.derived.0"},
		{name: "derived min of one", old: `"op": "sum", "of": [ { "abilityScore": "grip" }, { "const": 1 } ]`, new: `"op": "min", "of": [ { "const": 1 } ]`, code: "count", path: "sheet.derived.0.of"},
		{name: "derived op unknown", old: `"op": "sum"`, new: `"op": "avg"`, code: "enum", path: "sheet.derived.0.op"},
		{name: "value ref of two kinds", old: `{ "const": 1 } ]`, new: `{ "const": 1, "field": "lamp" } ]`, code: "one-of", path: "sheet.derived.0.of.1"},
		{name: "value ref with no kind", old: `{ "const": 1 } ]`, new: `{} ]`, code: "one-of", path: "sheet.derived.0.of.1"},
		{name: "read alone", old: `{ "const": 1 } ]`, new: `{ "read": "value" } ]`, code: "ref-read", path: "sheet.derived.0.of.1.read"},
		{name: "read beside a field ref", old: `{ "const": 1 } ]`, new: `{ "field": "lamp", "read": "value" } ]`, code: "ref-read", path: "sheet.derived.0.of.1.read"},
		{name: "const not finite", old: `{ "const": 1 } ]`, new: `{ "const": 1e999 } ]`, code: "finite", path: "sheet.derived.0.of.1.const"},
		{name: "itemStat sum without stat", old: `{ "const": 1 } ]`, new: `{ "itemStat": { "from": "worn", "pick": "sum" } } ]`, code: "required", path: "sheet.derived.0.of.1.itemStat.stat"},
		{name: "list maxItems 0", old: `"maxItems": 20`, new: `"maxItems": 0`, code: "range", path: "sheet.lists.0.maxItems"},
		{name: "column id twice", old: `{ "id": "weight", "label": "Weight", "type": "number", "min": 0`, new: `{ "id": "name", "label": "Weight", "type": "number", "min": 0`, code: "duplicate-id", path: "sheet.lists.0.columns.1.id"},
		{name: "column with hideWhen", old: `"type": "number", "min": 0, "max": 50 }`, new: `"type": "number", "min": 0, "max": 50, "hideWhen": { "field": "calling", "equals": "guard" } }`, code: "unknown-key", path: "sheet.lists.0.columns.1"},
		{name: "pool max missing", old: `"label": "Stamina", "max": { "const": 6 }`, new: `"label": "Stamina"`, code: "required", path: "sheet.live.pools.0.max"},
		{name: "pool start unknown", old: `"label": "Stamina",`, new: `"label": "Stamina", "start": "half",`, code: "enum", path: "sheet.live.pools.0.start"},
		{name: "plain track with kinds", old: `"max": 4, "default": 0 }`, new: `"max": 4, "default": 0, "kinds": [] }`, code: "track-shape", path: "sheet.live.tracks.0.kinds"},
		{name: "wound track without kinds", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": -1 } ] }`, code: "required", path: "sheet.live.tracks.0.kinds"},
		{name: "wound track with hideWhen", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": -1 } ], "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ], "hideWhen": { "field": "calling", "equals": "guard" } }`, code: "track-shape", path: "sheet.live.tracks.0.hideWhen"},
		{name: "levels and boxes", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": -1 } ], "boxes": { "penalty": { "by": "filled", "table": [[0, 0]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "track-shape", path: "sheet.live.tracks.0"},
		{name: "level penalty above 0", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": 1 } ], "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "range", path: "sheet.live.tracks.0.levels.0.penalty"},
		{name: "boxes penalty by unknown", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 4, "boxes": { "penalty": { "by": "all", "table": [[0, 0]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "enum", path: "sheet.live.tracks.0.boxes.penalty.by"},
		{name: "boxes table not ascending", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 4, "boxes": { "penalty": { "by": "filled", "table": [[2, 0], [1, -1]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "ascending", path: "sheet.live.tracks.0.boxes.penalty.table.1.0"},
		{name: "boxes penalty above 0", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 4, "boxes": { "penalty": { "by": "filled", "table": [[0, 2]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "range", path: "sheet.live.tracks.0.boxes.penalty.table.0.1"},
		{name: "boxes key unknown", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 4, "boxes": { "count": 4, "penalty": { "by": "filled", "table": [[0, 0]] } }, "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ] }`, code: "unknown-key", path: "sheet.live.tracks.0.boxes"},
		{name: "kind label over 16", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": -1 } ], "kinds": [ { "id": "cut", "label": "` + strings.Repeat("c", 17) + `", "severity": 1 } ] }`, code: "length", path: "sheet.live.tracks.0.kinds.0.label"},
		{name: "extra without columns", old: `"min": 0, "max": 4, "default": 0 }`, new: `"min": 0, "max": 1, "levels": [ { "label": "Hurt", "penalty": -1 } ], "kinds": [ { "id": "cut", "label": "Cut", "severity": 1 } ], "extra": { "list": "gear" } }`, code: "required", path: "sheet.live.tracks.0.extra.countColumn"},
		{name: "state value with a double quote", old: `"conditions": [`, new: `"states": [ { "id": "mood", "label": "Mood", "values": ["calm", "say \"no\""] } ], "conditions": [`, code: "state-value", path: "sheet.live.states.0.values.1"},
		{name: "state of one value", old: `"conditions": [`, new: `"states": [ { "id": "mood", "label": "Mood", "values": ["calm"] } ], "conditions": [`, code: "count", path: "sheet.live.states.0.values"},
		{name: "state value not prompt-safe", old: `"conditions": [`, new: `"states": [ { "id": "mood", "label": "Mood", "values": ["calm", "a]b"] } ], "conditions": [`, code: "prompt-safe", path: "sheet.live.states.0.values.1"},
		{name: "live text maxLength 0", old: `"conditions": [`, new: `"text": [ { "id": "focus", "label": "Focus", "maxLength": 0 } ], "conditions": [`, code: "range", path: "sheet.live.text.0.maxLength"},
		{name: "condition id with capitals", old: `{ "id": "winded", "label": "Winded" }`, new: `{ "id": "Winded", "label": "Winded" }`, code: "id-pattern", path: "sheet.live.conditions.0.id"},
		{name: "a sheet key unknown", old: `"version": 2,`, new: `"version": 2, "notes": [],`, code: "unknown-key", path: "sheet"},

		// gm
		{name: "checkGuidance missing", old: `"gm": { "checkGuidance": "Ask for a check when failing would be interesting." }`, new: `"gm": {}`, code: "required", path: "gm.checkGuidance"},
		{name: "checkGuidance over 1500", old: `"checkGuidance": "Ask`, new: `"checkGuidance": "` + strings.Repeat("a", 1500) + `Ask`, code: "length", path: "gm.checkGuidance"},
		{name: "sheetGuidance with braces", old: `"gm": { "checkGuidance"`, new: `"gm": { "sheetGuidance": "Hello {{char}}", "checkGuidance"`, code: "prompt-safe", path: "gm.sheetGuidance"},
		{name: "sheetSummary columns of 4", old: `"gm": { "checkGuidance"`, new: `"gm": { "sheetSummary": { "lists": [ { "list": "gear", "nameColumn": "name", "columns": ["a", "b", "c", "d"] } ] }, "checkGuidance"`, code: "count", path: "gm.sheetSummary.lists.0.columns"},

		// items
		{name: "categories missing", old: `"categories": [ { "id": "tool", "label": "Tool" }, { "id": "food", "label": "Food" } ],`, new: ``, code: "required", path: "items.categories"},
		{name: "category id twice", old: `{ "id": "food", "label": "Food" }`, new: `{ "id": "tool", "label": "Food" }`, code: "duplicate-id", path: "items.categories.1.id"},
		{name: "coin label over 40", old: `"label": "coppers"`, new: `"label": "` + strings.Repeat("c", 41) + `"`, code: "length", path: "items.currencies.0.units.0.label"},
		{name: "coin value 0", old: `"label": "coppers", "value": 1`, new: `"label": "coppers", "value": 0`, code: "range", path: "items.currencies.0.units.0.value"},
		{name: "perWeight 0", old: `{ "id": "coin", "label": "Coin",`, new: `{ "id": "coin", "label": "Coin", "perWeight": 0,`, code: "range", path: "items.currencies.0.perWeight"},
		{name: "seven families", old: `"currencies": [`, new: `"currencies": [ {}, {}, {}, {}, {}, {},`, code: "count", path: "items.currencies"},
		{name: "loot line of two kinds", old: `{ "item": "wares/rope", "weight": 2 }`, new: `{ "item": "wares/rope", "coins": "copper" }`, code: "one-of", path: "items.lootTables.0.entries.0"},
		{name: "loot item ref malformed", old: `{ "item": "wares/rope", "weight": 2 }`, new: `{ "item": "Wares/rope" }`, code: "item-ref", path: "items.lootTables.0.entries.0.item"},
		{name: "loot count not dice", old: `"count": "2d6"`, new: `"count": "d6"`, code: "dice", path: "items.lootTables.0.entries.1.count"},
		{name: "loot count 1000", old: `"count": "2d6"`, new: `"count": 1000`, code: "range", path: "items.lootTables.0.entries.1.count"},
		{name: "loot rolls 21", old: `"rolls": 1`, new: `"rolls": 21`, code: "range", path: "items.lootTables.0.rolls"},
		{name: "loot weight 0", old: `"wares/rope", "weight": 2 }`, new: `"wares/rope", "weight": 0 }`, code: "range", path: "items.lootTables.0.entries.0.weight"},
		{name: "loot line filter empty", old: `{ "item": "wares/rope", "weight": 2 }`, new: `{ "filter": {} }`, code: "filter-empty", path: "items.lootTables.0.entries.0.filter"},
		{name: "two default prices", old: `"prices": [ { "id": "fair", "label": "fair", "times": 1, "default": true } ]`, new: `"prices": [ { "id": "fair", "label": "fair", "times": 1, "default": true }, { "id": "dear", "label": "dear", "times": 2, "default": true } ]`, code: "default-price", path: "items.market.prices"},
		{name: "price times 0", old: `"times": 1`, new: `"times": 0`, code: "range", path: "items.market.prices.0.times"},
		{name: "price default false", old: `"times": 1, "default": true }`, new: `"times": 1, "default": true }, { "id": "dear", "label": "dear", "times": 2, "default": false }`, code: "default-true", path: "items.market.prices.1.default"},
		{name: "seller sells nothing", old: `"sells": [ { "category": "tool" } ]`, new: `"sells": []`, code: "count", path: "items.market.sellers.0.sells"},
		{name: "seller filter with an unknown key", old: `"sells": [ { "category": "tool" } ]`, new: `"sells": [ { "kind": "tool" } ]`, code: "unknown-key", path: "items.market.sellers.0.sells.0"},
		{name: "market without places", old: `"places": [ { "id": "village", "label": "village" } ],`, new: ``, code: "required", path: "items.market.places"},
		{name: "rarity cap bonus 101", old: `"rarities": [`, new: `"rarityCaps": [ { "rarity": "common", "bonus": 101 } ], "rarities": [`, code: "range", path: "items.rarityCaps.0.bonus"},
		{name: "rarity cap stat as text", old: `"rarities": [`, new: `"rarityCaps": [ { "rarity": "common", "stats": { "weight": "heavy" } } ], "rarities": [`, code: "type", path: "items.rarityCaps.0.stats.weight"},
		{name: "freeform unknown", old: `"rarities": [`, new: `"freeform": "open", "rarities": [`, code: "enum", path: "items.freeform"},
		{name: "binding label over 40", old: `"rarities": [`, new: `"binding": { "label": "` + strings.Repeat("b", 41) + `", "max": { "const": 3 } }, "rarities": [`, code: "length", path: "items.binding.label"},
		{name: "stat of type longtext", old: `"rarities": [`, new: `"stats": [ { "id": "notes", "label": "Notes", "type": "longtext", "maxLength": 10 } ], "rarities": [`, code: "enum", path: "items.stats.0.type"},

		// combat
		{name: "threat health reversed", old: `"health": [1, 6]`, new: `"health": [6, 1]`, code: "range", path: "combat.threat.tiers.0.health.0"},
		{name: "threat health 0", old: `"health": [1, 6]`, new: `"health": [0, 6]`, code: "range", path: "combat.threat.tiers.0.health.0"},
		{name: "threat toHit 51", old: `"toHit": 1, "damagePerRound"`, new: `"toHit": 51, "damagePerRound"`, code: "range", path: "combat.threat.tiers.0.toHit"},
		{name: "threat saveDifficulty missing", old: `, "saveDifficulty": 0 }`, new: ` }`, code: "required", path: "combat.threat.tiers.0.saveDifficulty"},
		{name: "threat tier key unknown", old: `"saveDifficulty": 0 }`, new: `"saveDifficulty": 0, "xp": 10 }`, code: "unknown-key", path: "combat.threat.tiers.0"},

		// catalogs
		{name: "feeds on an items catalog", old: `"holds": "items",`, new: `"holds": "items", "feeds": ["gear"],`, code: "feeds", path: "catalogs.0.feeds"},
		{name: "rows catalog without feeds", old: `"holds": "items",`, new: `"holds": "rows",`, code: "required", path: "catalogs.0.feeds"},
		{name: "holds unknown", old: `"holds": "items",`, new: `"holds": "spells",`, code: "enum", path: "catalogs.0.holds"},
		{name: "entries and asset", old: `"holds": "creatures",`, new: `"holds": "creatures", "asset": "catalogs/beasts.json",`, code: "one-of", path: "catalogs.1"},
		{name: "asset of another catalog", old: `"holds": "creatures", "entries": [`, new: `"holds": "creatures", "asset": "catalogs/wares.json", "x": [`, code: "asset-path", path: "catalogs.1.asset"},
		{name: "filter type unknown", old: `"type": "number" } ]`, new: `"type": "range" } ]`, code: "enum", path: "catalogs.0.filters.0.type"},
		{name: "perCell 0", old: `"holds": "items",`, new: `"holds": "items", "units": { "distance": { "label": "paces", "perCell": 0 } },`, code: "range", path: "catalogs.0.units.distance.perCell"},
		{name: "entry id with capitals", old: `"id": "rope"`, new: `"id": "Rope"`, code: "id-pattern", path: "catalogs.0.entries.0.id"},
		{name: "entry id twice", old: `"id": "bread"`, new: `"id": "rope"`, code: "duplicate-id", path: "catalogs.0.entries.1.id"},
		{name: "entry label over 120", old: `"label": "Rope"`, new: `"label": "` + strings.Repeat("r", 121) + `"`, code: "length", path: "catalogs.0.entries.0.label"},
		{name: "summary with a line break", old: `"summary": "Thirty feet of hemp."`, new: `"summary": "Thirty feet\nof hemp."`, code: "catalog-text", path: "catalogs.0.entries.0.summary"},
		{name: "summary with a C1 control", old: `"summary": "Thirty feet of hemp."`, new: `"summary": "Thirty \u0090 feet"`, code: "catalog-text", path: "catalogs.0.entries.0.summary"},
		{name: "summary over 300", old: `"summary": "Thirty feet of hemp."`, new: `"summary": "` + strings.Repeat("s", 301) + `"`, code: "length", path: "catalogs.0.entries.0.summary"},
		{name: "filter value an object", old: `"filters": { "weight": 2 }`, new: `"filters": { "weight": {} }`, code: "type", path: "catalogs.0.entries.0.filters.weight"},
		{name: "tags filter of 25", old: `"filters": { "weight": 2 }`, new: `"filters": { "weight": [` + strings.TrimSuffix(strings.Repeat(`"a",`, 25), ",") + `] }`, code: "count", path: "catalogs.0.entries.0.filters.weight"},
		{name: "entry with item and rows", old: `"filters": { "weight": 1 },`, new: `"filters": { "weight": 1 }, "rows": [],`, code: "one-of", path: "catalogs.0.entries.1"},
		{name: "an items catalog's entry with no item", old: `"filters": { "weight": 1 }, "item": { "category": "food", "cost": { "amount": 1, "unit": "copper" } }`, new: `"filters": { "weight": 1 }`, code: "required", path: "catalogs.0.entries.1.item"},
		{name: "creature in an items catalog", old: `"filters": { "weight": 1 }, "item": { "category": "food", "cost": { "amount": 1, "unit": "copper" } }`, new: `"creature": { "tier": "minor" }`, code: "entry-kind", path: "catalogs.0.entries.1.creature"},
		{name: "mechanics beside an item", old: `"filters": { "weight": 1 },`, new: `"filters": { "weight": 1 }, "mechanics": {},`, code: "mechanics", path: "catalogs.0.entries.1.mechanics"},
		{name: "stack 0", old: `"category": "food",`, new: `"category": "food", "stack": 0,`, code: "range", path: "catalogs.0.entries.1.item.stack"},
		{name: "cost negative", old: `"amount": 1, "unit": "copper"`, new: `"amount": -1, "unit": "copper"`, code: "range", path: "catalogs.0.entries.1.item.cost.amount"},
		{name: "cost not whole", old: `"amount": 1, "unit": "copper"`, new: `"amount": 1.5, "unit": "copper"`, code: "integer", path: "catalogs.0.entries.1.item.cost.amount"},
		{name: "item stat a list", old: `"category": "food",`, new: `"category": "food", "stats": { "weight": [1] },`, code: "type", path: "catalogs.0.entries.1.item.stats.weight"},
		{name: "item stat text over 4000", old: `"category": "food",`, new: `"category": "food", "stats": { "note": "` + strings.Repeat("n", 4001) + `" },`, code: "length", path: "catalogs.0.entries.1.item.stats.note"},
		{name: "item slot count 21", old: `"category": "food",`, new: `"category": "food", "slots": { "hands": 21 },`, code: "range", path: "catalogs.0.entries.1.item.slots.hands"},
		{name: "item tags of 17", old: `"category": "food",`, new: `"category": "food", "tags": [` + strings.TrimSuffix(strings.Repeat(`"sturdy",`, 17), ",") + `],`, code: "count", path: "catalogs.0.entries.1.item.tags"},
		{name: "binds restriction with a line break", old: `"category": "food",`, new: `"category": "food", "binds": { "restriction": "a\nb" },`, code: "catalog-text", path: "catalogs.0.entries.1.item.binds.restriction"},
		{name: "creature without a tier", old: `"tier": "minor", "loot"`, new: `"loot"`, code: "required", path: "catalogs.1.entries.0.creature.tier"},
		{name: "creature loot not an id", old: `"loot": "pack_loot"`, new: `"loot": "Pack Loot"`, code: "id-pattern", path: "catalogs.1.entries.0.creature.loot"},
		{name: "thirteen catalogs", old: `"catalogs": [
`, new: `"catalogs": [ {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},`, code: "count", path: "catalogs"},

		// layers
		{name: "thirteen layers", old: `"layers": [`, new: `"layers": [ {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},`, code: "count", path: "layers"},
		{name: "layer id with a hyphen", old: layer0, new: `{ "id": "lean-times", "label": "Lean times",`, code: "id-pattern", path: "layers.0.id"},
		{name: "layer without a label", old: layer0, new: `{ "id": "lean_times",`, code: "required", path: "layers.0.label"},
		{name: "layer label over 80", old: layer0, new: `{ "id": "lean_times", "label": "` + strings.Repeat("l", 81) + `",`, code: "length", path: "layers.0.label"},
		{name: "layer summary over 300", old: `"summary": "Food is short and coin is tight."`, new: `"summary": "` + strings.Repeat("s", 301) + `"`, code: "length", path: "layers.0.summary"},
		{name: "thirteen conflicts", old: `"conflicts": ["lean_times"]`, new: `"conflicts": [` + strings.TrimSuffix(strings.Repeat(`"lean_times",`, 13), ",") + `]`, code: "count", path: "layers.1.conflicts"},
		{name: "guidance of 4001", old: `"guidance": "Hunger presses on every journey."`, new: `"guidance": "` + strings.Repeat("g", 4001) + `"`, code: "length", path: "layers.0.gm.guidance"},
		{name: "guidance 3990 and world guidance 20", old: `"guidance": "Hunger presses on every journey."`, new: `"guidance": "` + strings.Repeat("g", 3990) + `", "worldGuidance": "` + strings.Repeat("w", 20) + `"`, code: "guidance-total", path: "layers.0.gm"},
		{name: "guidance with a line break", old: `"guidance": "Hunger presses on every journey."`, new: `"guidance": "Hunger\npresses."`, code: "prompt-safe", path: "layers.0.gm.guidance"},
		{name: "world guidance with brackets", old: `"guidance": "Hunger presses on every journey."`, new: `"worldGuidance": "A [cold] world."`, code: "prompt-safe", path: "layers.0.gm.worldGuidance"},
		{name: "empty guidance", old: `"guidance": "Hunger presses on every journey."`, new: `"guidance": ""`, code: "length", path: "layers.0.gm.guidance"},
		{name: "removeValues empty", old: `"removeValues": ["tinker"]`, new: `"removeValues": []`, code: "count", path: "layers.0.fields.0.removeValues"},
		{name: "removeValues empty text", old: `"removeValues": ["tinker"]`, new: `"removeValues": [""]`, code: "length", path: "layers.0.fields.0.removeValues.0"},
		{name: "layer field default over 80", old: `"removeValues": ["tinker"]`, new: `"removeValues": ["tinker"], "default": "` + strings.Repeat("d", 81) + `"`, code: "length", path: "layers.0.fields.0.default"},
		{name: "layer ladder empty", old: `"difficultyLadder": [ { "label": "Easy", "dc": 9 }, { "label": "Hard", "dc": 15 } ]`, new: `"difficultyLadder": []`, code: "count", path: "layers.0.difficultyLadder"},
		{name: "layer ladder step target 1", old: `{ "label": "Easy", "dc": 9 }`, new: `{ "label": "Easy", "successes": 1, "target": 1 }`, code: "range", path: "layers.0.difficultyLadder.0.target"},
		{name: "hide with no comparison", old: `"hide": { "filter": "weight", "above": 1 }`, new: `"hide": { "filter": "weight" }`, code: "one-of", path: "layers.0.catalogs.0.hide"},
		{name: "hide with above and below", old: `"hide": { "filter": "weight", "above": 1 }`, new: `"hide": { "filter": "weight", "above": 1, "below": 0 }`, code: "one-of", path: "layers.0.catalogs.0.hide"},
		{name: "hide equals over 80", old: `"hide": { "filter": "weight", "above": 1 }`, new: `"hide": { "filter": "weight", "equals": "` + strings.Repeat("e", 81) + `" }`, code: "length", path: "layers.0.catalogs.0.hide.equals"},
		{name: "hide notIn empty", old: `"hide": { "filter": "weight", "above": 1 }`, new: `"hide": { "filter": "weight", "notIn": [] }`, code: "count", path: "layers.0.catalogs.0.hide.notIn"},
		{name: "hide above as text", old: `"hide": { "filter": "weight", "above": 1 }`, new: `"hide": { "filter": "weight", "above": "1" }`, code: "type", path: "layers.0.catalogs.0.hide.above"},
		{name: "currencies with neither list", old: `"currencies": { "removeUnits": ["silver"] }`, new: `"currencies": {}`, code: "currencies-empty", path: "layers.0.currencies"},
		{name: "removeUnits empty", old: `"currencies": { "removeUnits": ["silver"] }`, new: `"currencies": { "removeUnits": [] }`, code: "count", path: "layers.0.currencies.removeUnits"},
		{name: "removeFamilies of 7", old: `"currencies": { "removeUnits": ["silver"] }`, new: `"currencies": { "removeFamilies": ["a", "b", "c", "d", "e", "f", "g"] }`, code: "count", path: "layers.0.currencies.removeFamilies"},
		{name: "layer items empty", old: `"label": "High road",`, new: `"label": "High road", "items": {},`, code: "items-empty", path: "layers.1.items"},
		{name: "layer market empty", old: `"label": "High road",`, new: `"label": "High road", "items": { "market": {} },`, code: "market-empty", path: "layers.1.items.market"},
		{name: "layer removeSellers empty", old: `"label": "High road",`, new: `"label": "High road", "items": { "market": { "removeSellers": [] } },`, code: "count", path: "layers.1.items.market.removeSellers"},
		{name: "layer loot table without entries", old: `"label": "High road",`, new: `"label": "High road", "items": { "lootTables": [ { "id": "pack_loot", "label": "Less" } ] },`, code: "required", path: "layers.1.items.lootTables.0.entries"},

		// migrations
		{name: "migration from 0", old: `{ "from": 1, "steps"`, new: `{ "from": 0, "steps"`, code: "range", path: "sheet.migrations.0.from"},
		{name: "migration without steps", old: `"steps": [ { "rename": "field", "from": "oil", "to": "lamp" } ]`, new: `"steps": []`, code: "count", path: "sheet.migrations.0.steps"},
		{name: "step of two kinds", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "rename": "field", "route": "oil", "from": "oil", "to": "lamp" }`, code: "one-of", path: "sheet.migrations.0.steps.0"},
		{name: "rename of a pool", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "rename": "pool", "from": "oil", "to": "lamp" }`, code: "enum", path: "sheet.migrations.0.steps.0.rename"},
		{name: "rename with an extra key", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "rename": "field", "from": "oil", "to": "lamp", "else": "x" }`, code: "unknown-key", path: "sheet.migrations.0.steps.0"},
		{name: "route without else", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "route": "oil", "by": "calling", "cases": [ { "words": ["guard"], "to": "lamp" } ] }`, code: "required", path: "sheet.migrations.0.steps.0.else"},
		{name: "route case without words", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "route": "oil", "by": "calling", "cases": [ { "words": [], "to": "lamp" } ], "else": "lamp" }`, code: "count", path: "sheet.migrations.0.steps.0.cases.0.words"},
		{name: "routeLive of a list", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "routeLive": "list", "from": "oil", "cases": ["stamina"], "else": "stamina" }`, code: "enum", path: "sheet.migrations.0.steps.0.routeLive"},
		{name: "setColumn where empty", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "setColumn": { "list": "gear", "where": {}, "column": "name", "to": "x" } }`, code: "count", path: "sheet.migrations.0.steps.0.setColumn.where"},
		{name: "setColumn where column not an id", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "setColumn": { "list": "gear", "where": { "Name": ["x"] }, "column": "name", "to": "x" } }`, code: "id-pattern", path: "sheet.migrations.0.steps.0.setColumn.where.Name"},
		{name: "setColumn to a list", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "setColumn": { "list": "gear", "where": { "name": ["x"] }, "column": "name", "to": [] } }`, code: "type", path: "sheet.migrations.0.steps.0.setColumn.to"},
		{name: "setColumn beside another key", old: `{ "rename": "field", "from": "oil", "to": "lamp" }`, new: `{ "setColumn": { "list": "gear", "where": { "name": ["x"] }, "column": "name", "to": "y" }, "from": 1 }`, code: "unknown-key", path: "sheet.migrations.0.steps.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := ""
			if tt.pool {
				base := poolBase(t)
				if strings.Count(base, tt.old) != 1 {
					t.Fatalf("%q occurs %d times", tt.old, strings.Count(base, tt.old))
				}
				text = strings.Replace(base, tt.old, tt.new, 1)
			} else {
				text = edit(t, tt.old, tt.new)
			}
			ws := loadText(t, text)
			if ws.Ruleset == nil {
				t.Fatalf("not read: %s", diagList(ws.Diagnostics))
			}
			sev := model.Error
			if tt.warning {
				sev = model.Warning
			}
			var hit *model.Diagnostic
			for i, d := range ws.Diagnostics {
				if d.Code == tt.code && d.Path == tt.path && d.Severity == sev {
					hit = &ws.Diagnostics[i]
				}
			}
			if hit == nil {
				t.Fatalf("no %s %s at %s; findings:\n%s", sev, tt.code, tt.path, diagList(ws.Diagnostics))
			}
			assertPlaced(t, ws.Ruleset.Root, *hit)
		})
	}
}

// assertPlaced checks a finding's line and column against its path: a
// value's own start, or for a missing key the object that lacks it. An
// unknown key is reported at its object's path (as the Engine does) and
// placed at the key's own name, which the message quotes.
func assertPlaced(t *testing.T, root *model.Node, d model.Diagnostic) {
	t.Helper()
	n, found := root.Find(d.Path)
	want := n.Pos()
	if found && d.Code == "unknown-key" {
		for _, c := range n.Children() {
			if c.KeyPos().Line == d.Line && c.KeyPos().Column == d.Column && strings.Contains(d.Message, strconv.Quote(c.Key())) {
				return
			}
		}
		t.Errorf("%s: at %d:%d, which is not the unknown key the message names: %s", d.Path, d.Line, d.Column, d.Message)
		return
	}
	if d.Line != want.Line || d.Column != want.Column {
		t.Errorf("%s: at %d:%d, but its path starts at %d:%d", d.Path, d.Line, d.Column, want.Line, want.Column)
	}
}

// TestPoolBaseClean: the dice-pool variant used above is itself clean.
func TestPoolBaseClean(t *testing.T) {
	ws := loadText(t, poolBase(t))
	if len(ws.Diagnostics) != 0 || ws.Ruleset.Resolution.Kind != model.DicePool {
		t.Fatalf("findings: %s", diagList(ws.Diagnostics))
	}
	r := ws.Ruleset.Resolution
	if r.DieSides != 10 || r.PoolMax != 10 || !r.TargetAdjustable() || r.MaxSuccesses() != 10 {
		t.Errorf("resolution %+v", r)
	}
}

// TestValidVariantsStayClean: things that look odd but are allowed.
func TestValidVariantsStayClean(t *testing.T) {
	emoji40 := strings.Repeat("🐉", 40)
	tests := []struct{ name, old, new string }{
		{"name of 40 emoji is 80 UTF-16 units", `"name": "Tollway"`, `"name": "` + emoji40 + `"`},
		{"single braces", `"name": "Tollway"`, `"name": "Toll {way}"`},
		{"$comment anywhere", layer0, `{ "$comment": {"any": ["shape"]}, "id": "lean_times", "label": "Lean times",`},
		{"$schema at the root", `"schemaVersion": 1,`, `"$schema": "https://example.com/ruleset.schema.json", "schemaVersion": 1,`},
		{"summary with brackets and braces", `"summary": "Thirty feet of hemp."`, `"summary": "Thirty [feet] of {{hemp}}."`},
		{"guidance 2000 and world guidance 2000", `"guidance": "Hunger presses on every journey."`, `"guidance": "` + strings.Repeat("g", 2000) + `", "worldGuidance": "` + strings.Repeat("w", 2000) + `"`},
		{"version far above 1", `"version": 3`, `"version": 900000000000`},
		{"longtext without maxLength", `"type": "text", "maxLength": 60 }`, `"type": "longtext" }`},
		{"enum values not prompt-safe", `["guard", "tinker", "drover"]`, `["guard", "tinker", "drover", "a [b]"]`},
		{"number default whole as 2.0", `"min": 0, "max": 6, "default": 2`, `"min": 0, "max": 6, "default": 2.0`},
		{"loot rolls as dice", `"rolls": 1`, `"rolls": "1d2+1"`},
		{"loot rolls 0", `"rolls": 1`, `"rolls": 0`},
		{"cost amount 0", `"amount": 1, "unit": "copper"`, `"amount": 0, "unit": "copper"`},
		{"empty catalog", `{ "id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [`, `{ "id": "empty", "label": "Empty", "holds": "creatures", "entries": [] }, { "id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [`},
		{"a duplicate key is a warning only", `"version": 3,`, `"version": 2, "version": 3,`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := loadText(t, edit(t, tt.old, tt.new))
			if model.HasErrors(ws.Diagnostics) {
				t.Errorf("findings:\n%s", diagList(ws.Diagnostics))
			}
		})
	}
}

// TestOneProblemOneFinding: a wrong word is reported once, not again as
// the keys that go with other words.
func TestOneProblemOneFinding(t *testing.T) {
	tests := []struct {
		name, old, new string
		code           model.Code
		path           string
	}{
		{"an unknown field type", `"type": "text", "maxLength": 60 }`, `"type": "colour", "maxLength": 60 }`, "enum", "sheet.fields.2.type"},
		{"an unknown derived op", `"op": "sum"`, `"op": "avg"`, "enum", "sheet.derived.0.op"},
		{"an unknown resolution kind", `"kind": "dice-sum",`, `"kind": "dice-mix",`, "enum", "resolution.kind"},
		{"a value ref of two kinds", `{ "const": 1 } ]`, `{ "const": 1, "field": "lamp" } ]`, "one-of", "sheet.derived.0.of.1"},
		{"a wrong type", `"maxItems": 20`, `"maxItems": "20"`, "type", "sheet.lists.0.maxItems"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := loadText(t, edit(t, tt.old, tt.new))
			if len(ws.Diagnostics) != 1 || ws.Diagnostics[0].Code != tt.code || ws.Diagnostics[0].Path != tt.path {
				t.Errorf("want one %s at %s; findings:\n%s", tt.code, tt.path, diagList(ws.Diagnostics))
			}
		})
	}
}

func TestWrongTypeFlag(t *testing.T) {
	ws := loadText(t, edit(t, `"maxItems": 20`, `"maxItems": "20"`))
	if !ws.Ruleset.WrongType {
		t.Error("a wrong type is flagged")
	}
	ws = loadText(t, edit(t, `"maxItems": 20`, `"maxItems": 501`))
	if ws.Ruleset.WrongType || !model.HasErrors(ws.Diagnostics) {
		t.Error("a range error is not a wrong type")
	}
}

func ExampleDecodeRuleset() {
	root, _ := model.Parse("r.json", []byte(`{"schemaVersion": 1, "id": "Bad Id", "version": 1}`))
	_, diags := model.DecodeRuleset("r.json", root)
	for _, d := range diags[:2] {
		fmt.Println(d)
	}
	// Output:
	// r.json:1:28: error: id: "Bad Id" is not a valid ruleset id: lowercase letters and digits joined by single hyphens, at most 64 (engine-legacy and traditional are reserved)
	// r.json:1:1: error: name: "name" is required here
}

// A range finding on an ability names the ability.
func TestRangeFindingsName(t *testing.T) {
	ws := loadText(t, edit(t, `"min": 0, "max": 5, "default": 1`, `"min": 6, "max": 5, "default": 5`))
	var msgs []string
	for _, d := range ws.Diagnostics {
		if d.Code == model.CodeRange {
			msgs = append(msgs, d.Message)
		}
	}
	want := []string{`the ability "grip" needs min ≤ max; min 6 is above max 5`,
		`the ability "grip" needs min ≤ default ≤ max; the default 5 is outside 6..5`}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("range findings: %q", msgs)
	}
}
