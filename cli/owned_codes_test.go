package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/model/modeltest"
)

// ownedEdit replaces the one occurrence of old in a ruleset's text with new.
type ownedEdit struct{ old, new string }

// ownedDoc is the part of check --json's document these tests read.
type ownedDoc struct {
	OK          bool `json:"ok"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Path     string `json:"path"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Message  string `json:"message"`
	} `json:"diagnostics"`
}

// Each finding code below is reported by a ruleset this test writes itself,
// with no need of the shared data: a case starts from modeltest.Base, makes
// the valid changes in setup that the broken rule builds on, and then one
// edit that breaks the rule. The ruleset with setup alone must not report
// the code, and the edit must add that code and no other (but for also,
// which the same edit cannot help reporting), as an error whose line and
// column are those of the text at in the edit's new text.
func TestOwnedRulesetsReportEachCode(t *testing.T) {
	base := string(modeltest.Base())
	// The whole combat block, and the one creature of the beasts catalog
	// with the line break before it.
	combat := ownedBetween(t, base, "  \"combat\": {", "  \"catalogs\": [")
	dog := ownedBetween(t, base, "\n      { \"id\": \"road-dog\"", "\n    ] }\n  ],\n  \"layers\"")
	beasts := `{ "id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [`
	tracks := `"tracks": [ { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 4, "default": 0 } ],`
	// hurt is a wound track with two levels and two kinds of harm.
	hurt := `"tracks": [ { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 4, "default": 0 },
        { "id": "hurt", "label": "Hurt", "min": 0, "max": 2, "levels": [ { "label": "Bruised", "penalty": -1 }, { "label": "Broken", "penalty": -3 } ], "kinds": [ { "id": "bump", "label": "Bump", "severity": 2 }, { "id": "gash", "label": "Gash", "severity": 5 } ] } ],`
	damageTypes := `"damageTypes": ["piercing"],`
	gm := `"gm": { "checkGuidance"`
	nap := `"rests": [ { "id": "nap", "label": "Nap", "restore": [ { "pool": "stamina", "to": "max" } ] } ],
  "gm": { "checkGuidance"`
	muleRows := `[ { "name": "Saddle" }, { "name": "Sack" } ]`
	mule := `
      ,{ "id": "pack-mule", "label": "Pack mule", "creature": { "tier": "minor", "sheet": { "lists": { "gear": ` + muleRows + ` } } } }`
	weight := `{ "id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 50 }`

	cases := []struct {
		code  string
		setup []ownedEdit
		edit  ownedEdit
		at    string   // where in edit.new the finding points
		path  string   // the finding's path
		msg   string   // part of its message, naming what is wrong
		also  []string // other codes the same edit reports
	}{
		{
			code: "amount-empty",
			edit: ownedEdit{`"damage": { "dice": "1d4", "type": "piercing" }`, `"damage": { "type": "piercing" }`},
			at:   `{ "type"`,
			path: "catalogs.1.entries.0.creature.actions.0.damage",
			msg:  "damage names dice, a flat number, or both",
		},
		{
			code:  "creatures-need-combat",
			setup: []ownedEdit{{combat, ""}, {dog, ""}, {beasts, strings.Replace(beasts, `"creatures"`, `"items"`, 1)}},
			edit:  ownedEdit{`"label": "Beasts", "holds": "items"`, `"label": "Beasts", "holds": "creatures"`},
			at:    `"creatures"`,
			path:  "catalogs.1.holds",
			msg:   "a creatures catalog needs a combat block with threat tiers",
		},
		{
			code: "distance-source",
			setup: []ownedEdit{
				{weight, weight + `,
        { "id": "hit", "label": "Hit", "type": "dice" }`},
				{damageTypes, `"distance": { "label": "ft", "perCell": 5 },
    "attacks": [ { "list": "gear", "budget": "act", "name": "name", "reach": { "const": 1 }, "damage": { "dice": { "column": "hit" } } } ],
    ` + damageTypes},
			},
			edit: ownedEdit{`"reach": { "const": 1 }`, `"reach": { "const": 1, "column": "weight" }`},
			at:   `{ "const"`,
			path: "combat.attacks.0.reach",
			msg:  `a distance is { "column": id } or { "const": number }`,
		},
		{
			code: "duplicate-tag",
			edit: ownedEdit{`"tags": ["sturdy"]`, `"tags": ["sturdy", "sturdy"]`},
			at:   `"sturdy"]`,
			path: "catalogs.0.entries.0.item.tags.1",
			msg:  `the tag "sturdy" is given twice`,
		},
		{
			code: "health-shape",
			edit: ownedEdit{`"health": { "pool": "stamina" },`, `"health": { "pool": "stamina", "max": 6 },`},
			at:   `{ "pool"`,
			path: "combat.health",
			msg:  `health is either { "pool": id } or { "track": id }`,
		},
		{
			code:  "hide-range",
			setup: []ownedEdit{{`"maxLength": 60 }`, `"maxLength": 60, "hideWhen": { "field": "lamp", "notEquals": 3 } }`}},
			edit:  ownedEdit{`"notEquals": 3`, `"notEquals": 9`},
			at:    "9",
			path:  "sheet.fields.2.hideWhen.notEquals",
			msg:   "9 is outside the field's range 0..6",
		},
		{
			code:  "kind-severity",
			setup: []ownedEdit{{tracks, hurt}},
			edit:  ownedEdit{`"label": "Gash", "severity": 5`, `"label": "Gash", "severity": 2`},
			at:    "2",
			path:  "sheet.live.tracks.1.kinds.1.severity",
			msg:   "2 is used twice",
		},
		{
			code:  "level-order",
			setup: []ownedEdit{{tracks, hurt}},
			edit:  ownedEdit{`"label": "Broken", "penalty": -3`, `"label": "Broken", "penalty": 0`},
			at:    "0",
			path:  "sheet.live.tracks.1.levels.1.penalty",
			msg:   "each level's penalty must be at most the one above it",
		},
		{
			code:  "list-rows",
			setup: []ownedEdit{{`"maxItems": 20,`, `"maxItems": 2,`}, {dog, dog + mule}},
			edit:  ownedEdit{muleRows, `[ { "name": "Saddle" }, { "name": "Sack" }, { "name": "Bell" } ]`},
			at:    "[",
			path:  "catalogs.1.entries.1.creature.sheet.lists.gear",
			msg:   `the list "gear" holds at most 2 rows; the creature gives 3`,
		},
		{
			code: "modifier-empty",
			setup: []ownedEdit{{damageTypes, damageTypes + `
    "conditions": [ { "condition": "winded", "modifiers": [ { "to": "defense", "flat": -1 } ] } ],`}},
			edit: ownedEdit{`{ "to": "defense", "flat": -1 }`, `{ "to": "defense" }`},
			at:   `"defense"`,
			path: "combat.conditions.0.modifiers.0.to",
			msg:  "a modifier changes its number by flat, dice, times (speed) or mode",
		},
		{
			code:  "needs-combat",
			setup: []ownedEdit{{combat, ""}, {dog, ""}},
			edit:  ownedEdit{beasts, beasts + dog},
			at:    `{ "tier"`,
			path:  "catalogs.1.entries.0.creature",
			msg:   "this ruleset has no combat block, so there is nothing for a creature to be written in",
		},
		{
			code:  "pool-column",
			setup: []ownedEdit{{`"maxItems": 20,`, `"maxItems": 20, "pools": { "nameColumn": "name", "maxColumn": "weight" },`}},
			edit:  ownedEdit{`"maxColumn": "weight"`, `"maxColumn": "name"`},
			at:    `"name"`,
			path:  "sheet.lists.0.pools.maxColumn",
			msg:   "maxColumn must name a number column of this list",
		},
		{
			code:  "rest-target",
			setup: []ownedEdit{{gm, nap}},
			edit:  ownedEdit{`{ "pool": "stamina", "to": "max" }`, `{ "pool": "stamina", "track": "fatigue", "to": "max" }`},
			at:    `{ "pool"`,
			path:  "rests.0.restore.0",
			msg:   "names exactly one of pool, poolGroup, listPools, track and state; this one names 2",
		},
		{
			code:  "rest-to",
			setup: []ownedEdit{{gm, nap}},
			edit:  ownedEdit{`"to": "max"`, `"to": "full"`},
			at:    `"full"`,
			path:  "rests.0.restore.0.to",
			msg:   `to is "max", "min" or a whole number, not "full"`,
		},
		{
			code: "spend-kind",
			edit: ownedEdit{`"kind": "dice-sum",`, `"kind": "dice-sum",
    "spend": [ { "pool": "stamina", "amount": 1, "successes": 1, "perCheck": 1 } ],`},
			at:   `{ "pool"`,
			path: "resolution.spend.0",
			msg:  "a dice-sum ruleset has no successes or pool dice for a spend to buy",
			// A spend belongs to dice-pool rulesets, which kind-key says of
			// the key itself.
			also: []string{"kind-key"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.code, func(t *testing.T) {
			text := base
			for _, e := range tc.setup {
				text = ownedReplace(t, text, e)
			}
			before := ownedCheck(t, "setup.json", text)
			if slices.Contains(ownedCodes(before), tc.code) {
				t.Fatalf("the ruleset before the edit already reports %s: %+v", tc.code, before.Diagnostics)
			}

			// The finding's place: the text at, inside the edit's new text.
			start := strings.Index(text, tc.edit.old)
			in := strings.Index(tc.edit.new, tc.at)
			if in < 0 {
				t.Fatalf("the edit's new text %q lacks %q", tc.edit.new, tc.at)
			}
			broken := ownedReplace(t, text, tc.edit)
			wantLine, wantColumn := ownedPos(broken, start+in)

			path := filepath.Join(t.TempDir(), "broken.json")
			if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI("check", "--json", path)
			if code != exitFindings {
				t.Errorf("exit %d, want %d (an error)\n%s%s", code, exitFindings, out, errOut)
			}
			var doc ownedDoc
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("not JSON: %v\n%s%s", err, out, errOut)
			}
			if doc.OK {
				t.Errorf("the document says ok, want not ok")
			}

			found := false
			for _, d := range doc.Diagnostics {
				if d.Code != tc.code {
					continue
				}
				found = true
				if d.Severity != "error" || d.File != path || d.Path != tc.path ||
					d.Line <= 0 || d.Column <= 0 || d.Line != wantLine || d.Column != wantColumn ||
					!strings.Contains(d.Message, tc.msg) {
					t.Errorf("finding %+v\nwant an error in %s at %s, %d:%d, saying %q", d, path, tc.path, wantLine, wantColumn, tc.msg)
				}
			}
			if !found {
				t.Fatalf("no %s finding: %+v", tc.code, doc.Diagnostics)
			}

			// The edit breaks one rule: the codes it adds are the case's
			// and those it names in also.
			var added []string
			for _, c := range ownedCodes(doc) {
				if c != tc.code && !slices.Contains(tc.also, c) && !slices.Contains(ownedCodes(before), c) {
					added = append(added, c)
				}
			}
			if len(added) > 0 {
				t.Errorf("the edit also reports %v: %+v", added, doc.Diagnostics)
			}
		})
	}
}

// ownedCheck writes text to a file named name in a new folder, runs check --json
// on it and returns the document.
func ownedCheck(t *testing.T, name, text string) ownedDoc {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, errOut := runCLI("check", "--json", path)
	var doc ownedDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s%s", name, err, out, errOut)
	}
	return doc
}

// ownedCodes lists the codes of a document's findings.
func ownedCodes(doc ownedDoc) []string {
	var codes []string
	for _, d := range doc.Diagnostics {
		codes = append(codes, d.Code)
	}
	return codes
}

// ownedReplace makes an edit whose old text occurs exactly once.
func ownedReplace(t *testing.T, text string, e ownedEdit) string {
	t.Helper()
	if n := strings.Count(text, e.old); n != 1 {
		t.Fatalf("%q occurs %d times, want once", e.old, n)
	}
	return strings.Replace(text, e.old, e.new, 1)
}

// ownedBetween returns the text from the one occurrence of from up to (not
// including) the next occurrence of to.
func ownedBetween(t *testing.T, text, from, to string) string {
	t.Helper()
	i := strings.Index(text, from)
	if i < 0 || strings.Count(text, from) != 1 {
		t.Fatalf("%q does not occur once", from)
	}
	j := strings.Index(text[i:], to)
	if j < 0 {
		t.Fatalf("no %q after %q", to, from)
	}
	return text[i : i+j]
}

// ownedPos is the 1-based line and column of a byte offset in text.
func ownedPos(text string, offset int) (int, int) {
	line := 1 + strings.Count(text[:offset], "\n")
	return line, offset - strings.LastIndexByte(text[:offset], '\n')
}
