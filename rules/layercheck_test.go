package rules

import (
	"slices"
	"strings"
	"testing"

	"rulebench/model"
)

// TestLayerImportRefusals covers every cross-check row of
// engine-behaviour.md §3 (and §11.8) with the exact path the Engine reports.
func TestLayerImportRefusals(t *testing.T) {
	tests := []struct {
		name   string
		base   string
		layers string
		paths  []string // the error paths, in order
		want   string   // a word the first message must contain
	}{
		// §3.2 ids and conflicts
		{"duplicate id, second layer", sumBase, `[{"id":"hard_winter","label":"A"},{"id":"hard_winter","label":"B"}]`, []string{"layers.1.id"}, "already"},
		{"duplicate id, each repeat", sumBase, `[{"id":"a","label":"A"},{"id":"a","label":"B"},{"id":"a","label":"C"}]`, []string{"layers.1.id", "layers.2.id"}, "already"},
		{"conflicts with itself", sumBase, `[{"id":"hard_winter","label":"A","conflicts":["hard_winter"]}]`, []string{"layers.0.conflicts.0"}, "itself"},
		{"conflicts with undeclared", sumBase, `[{"id":"hard_winter","label":"A","conflicts":["mud_season"]}]`, []string{"layers.0.conflicts.0"}, "mud_season"},
		{"conflicts second entry", sumBase, `[{"id":"a","label":"A","conflicts":["b","zzz"]},{"id":"b","label":"B"}]`, []string{"layers.0.conflicts.1"}, "zzz"},
		// §3.3 fields, in check order
		{"1 same field twice", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"]},{"id":"road","removeValues":["glass"]}]}]`, []string{"layers.0.fields.1.id"}, "already"},
		{"2 unknown field", sumBase, `[{"id":"a","label":"A","fields":[{"id":"vocation","removeValues":["x"]}]}]`, []string{"layers.0.fields.0.id"}, "vocation"},
		{"3 number field", sumBase, `[{"id":"a","label":"A","fields":[{"id":"level","removeValues":["1"]}]}]`, []string{"layers.0.fields.0.id"}, "enum"},
		{"3 text field", sumBase, `[{"id":"a","label":"A","fields":[{"id":"calling","removeValues":["Sailor"]}]}]`, []string{"layers.0.fields.0.id"}, "enum"},
		{"4 unknown value, third", sumBase, `[{"id":"a","label":"A","fields":[{"id":"spellcasting_ability","removeValues":["int","cha","psi"]}]}]`, []string{"layers.0.fields.0.removeValues.2"}, "psi"},
		{"4 one issue per value", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["x","rust","y"]}]}]`, []string{"layers.0.fields.0.removeValues.0", "layers.0.fields.0.removeValues.2"}, "x"},
		{"5 hideWhen equals, even with a default", sumBase, `[{"id":"a","label":"A","fields":[{"id":"spellcasting_ability","removeValues":["none"],"default":"wis"}]}]`, []string{"layers.0.fields.0.removeValues.0"}, "never be hidden"},
		{"6 nothing left", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash","rust","glass"],"default":"ash"}]}]`, []string{"layers.0.fields.0.removeValues"}, "no value"},
		{"7 default removed by the same layer", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"],"default":"ash"}]}]`, []string{"layers.0.fields.0.default"}, "ash"},
		{"7 default not a value", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"],"default":"mud"}]}]`, []string{"layers.0.fields.0.default"}, "mud"},
		{"8 default removed, no replacement", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"]}]}]`, []string{"layers.0.fields.0.removeValues"}, "replacement"},
		{"8 default never a value, no replacement", strings.Replace(sumBase, `"glass"], "default": "ash"`, `"glass"], "default": "mud"`, 1), `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"]}]}]`, []string{"layers.0.fields.0.removeValues"}, "mud"},
		{"second layer's index", sumBase, `[{"id":"a","label":"A"},{"id":"b","label":"B","fields":[{"id":"road","removeValues":["ash"]}]}]`, []string{"layers.1.fields.0.removeValues"}, "replacement"},
		// §3.4 ladder
		{"pool ladder on a sum ruleset", sumBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Plain","successes":1}]}]`, []string{"layers.0.difficultyLadder.0"}, "dc"},
		{"second step without dc", sumBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Easy","dc":7},{"label":"Odd","successes":2}]}]`, []string{"layers.0.difficultyLadder.1"}, "dc"},
		{"dc ladder on a pool ruleset", poolBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Easy","dc":7}]}]`, []string{"layers.0.difficultyLadder.0"}, "successes"},
		{"successes above the pool", poolBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Hopeless","successes":99}]}]`, []string{"layers.0.difficultyLadder.0.successes"}, "30"},
		{"successes just above the pool", poolBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Hopeless","successes":31}]}]`, []string{"layers.0.difficultyLadder.0.successes"}, "30"},
		{"target outside the range", poolBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Odd","successes":1,"target":3}]}]`, []string{"layers.0.difficultyLadder.0.target"}, "5..9"},
		// §3.5 currencies
		{"unknown unit", sumBase, `[{"id":"a","label":"A","currencies":{"removeUnits":["florin"]}}]`, []string{"layers.0.currencies.removeUnits.0"}, "florin"},
		{"unknown family", sumBase, `[{"id":"a","label":"A","currencies":{"removeFamilies":["salt"]}}]`, []string{"layers.0.currencies.removeFamilies.0"}, "salt"},
		{"smallest coin alone", sumBase, `[{"id":"a","label":"A","currencies":{"removeUnits":["penny"]}}]`, []string{"layers.0.currencies.removeUnits.0"}, "smallest"},
		{"unknown unit second", sumBase, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown","ducat"]}}]`, []string{"layers.0.currencies.removeUnits.1"}, "ducat"},
		// §3.6 catalogs
		{"unknown catalog", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"spells","hide":{"filter":"grit","above":0}}]}]`, []string{"layers.0.catalogs.0.id"}, "spells"},
		{"undeclared filter", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"cost","above":0}}]}]`, []string{"layers.0.catalogs.0.hide.filter"}, "cost"},
		{"equals on a number filter", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit","equals":"1"}}]}]`, []string{"layers.0.catalogs.0.hide"}, "number"},
		{"notIn on a number filter", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit","notIn":["1"]}}]}]`, []string{"layers.0.catalogs.0.hide"}, "number"},
		{"above on a text filter", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"road","above":1}}]}]`, []string{"layers.0.catalogs.0.hide"}, "text"},
		{"below on a tags filter", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"callings","below":1}}]}]`, []string{"layers.0.catalogs.0.hide"}, "tags"},
		{"second rule", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0}},{"id":"kit","hide":{"filter":"weight","equals":"x"}}]}]`, []string{"layers.0.catalogs.1.hide"}, "number"},
		// decisions.md §2 items
		{"unknown seller", sumBase, `[{"id":"a","label":"A","items":{"market":{"removeSellers":["witch"]}}}]`, []string{"layers.0.items.market.removeSellers.0"}, "witch"},
		{"every seller", sumBase, `[{"id":"a","label":"A","items":{"market":{"removeSellers":["smith","chandler"]}}}]`, []string{"layers.0.items.market.removeSellers"}, "every seller"},
		{"bad unsold word", sumBase, `[{"id":"a","label":"A","items":{"market":{"unsold":[{"category":"arm"},{"category":"spell"}]}}}]`, []string{"layers.0.items.market.unsold.1.category"}, "spell"},
		{"unknown table", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"hoard","label":"Hoard","entries":[{"coins":"penny"}]}]}}]`, []string{"layers.0.items.lootTables.0.id"}, "hoard"},
		{"same table twice", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"coins":"penny"}]},{"id":"purse","label":"Q","entries":[{"coins":"shilling"}]}]}}]`, []string{"layers.0.items.lootTables.1.id"}, "already"},
		{"table line with unknown coin", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"coins":"ducat"}]}]}}]`, []string{"layers.0.items.lootTables.0.entries.0.coins"}, "ducat"},
		{"table line with unknown item", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"item":"kit/ghost"}]}]}}]`, []string{"layers.0.items.lootTables.0.entries.0.item"}, "ghost"},
		{"table line naming a rows catalog", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"item":"knacks/a"}]}]}}]`, []string{"layers.0.items.lootTables.0.entries.0.item"}, "items"},
		{"table line with a bad filter word", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"filter":{"tag":"gold"}}]}]}}]`, []string{"layers.0.items.lootTables.0.entries.0.filter.tag"}, "gold"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := parseDoc(t, tc.base).layers(t, tc.layers).ruleset(t)
			ds := CheckLayers(rs)
			got := errorPaths(ds)
			if !slices.Equal(got, tc.paths) {
				t.Fatalf("paths %q, want %q\n%v", got, tc.paths, ds)
			}
			if !strings.Contains(ds[0].Message, tc.want) {
				t.Errorf("message %q does not mention %q", ds[0].Message, tc.want)
			}
			if ds[0].Line == 0 {
				t.Errorf("no position: %+v", ds[0])
			}
		})
	}
}

// TestLayerChecksAccept: what the Engine accepts gives no finding.
func TestLayerChecksAccept(t *testing.T) {
	twelve := ""
	for i := range 12 {
		twelve += `,{"id":"l` + itoa(i) + `","label":"L"}`
	}
	tests := []struct{ name, base, layers string }{
		{"conflict written on one side", sumBase, `[{"id":"a","label":"A","conflicts":["b"]},{"id":"b","label":"B"}]`},
		{"narrowing with a replacement default", sumBase, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash","rust"],"default":"glass"}]}]`},
		{"two layers that together remove everything", sumBase, `[{"id":"no_lowlands","label":"A","fields":[{"id":"road","removeValues":["ash","rust"],"default":"glass"}]},{"id":"no_glass","label":"B","fields":[{"id":"road","removeValues":["glass"],"default":"ash"}]}]`},
		{"removing values no hideWhen compares", sumBase, `[{"id":"a","label":"A","fields":[{"id":"spellcasting_ability","removeValues":["int","cha"]}]}]`},
		{"sum ladder", sumBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Easy","dc":7},{"label":"Risky","dc":9}]}]`},
		{"pool ladder with targets", poolBase, `[{"id":"long_night","label":"A","difficultyLadder":[{"label":"Plain work","successes":1,"target":7},{"label":"Awkward","successes":2,"target":8},{"label":"Grim","successes":4,"target":9},{"label":"Hopeless","successes":6,"target":9}]}]`},
		{"successes at the reachable maximum", poolBase, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Top","successes":30}]}]`},
		{"smallest coin with its family", sumBase, `[{"id":"a","label":"A","currencies":{"removeUnits":["penny"],"removeFamilies":["coin"]}}]`},
		{"a larger coin alone", sumBase, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown"]}}]`},
		{"hide rules of each kind", sumBase, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0}},{"id":"knacks","hide":{"filter":"road","equals":"Rustways"}},{"id":"knacks","hide":{"filter":"callings","notIn":["Scout"]}},{"id":"kit","hide":{"filter":"weight","below":2}}]}]`},
		{"items", sumBase, `[{"id":"a","label":"A","items":{"market":{"removeSellers":["smith"],"unsold":[{"category":"tonic"}]},"lootTables":[{"id":"purse","label":"Thin purse","entries":[{"coins":"shilling"},{"item":"kit/bell"},{"filter":{"category":"arm"}}]}]}}]`},
		{"guidance of 4000", sumBase, `[{"id":"a","label":"A","gm":{"guidance":"` + strings.Repeat("g", 4000) + `"}}]`},
		{"2000 + 2000 together", sumBase, `[{"id":"a","label":"A","gm":{"guidance":"` + strings.Repeat("g", 2000) + `","worldGuidance":"` + strings.Repeat("w", 2000) + `"}}]`},
		{"a single brace in guidance", sumBase, `[{"id":"a","label":"A","gm":{"guidance":"a { b } c"}}]`},
		{"12 layers", sumBase, "[" + twelve[1:] + "]"},
		{"the same table in two layers", sumBase, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"purse","label":"P","entries":[{"coins":"penny"}]}]}},{"id":"b","label":"B","items":{"lootTables":[{"id":"purse","label":"Q","entries":[{"coins":"shilling"}]}]}}]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := parseDoc(t, tc.base).layers(t, tc.layers).ruleset(t)
			if ds := CheckLayers(rs); len(ds) > 0 {
				t.Fatalf("unexpected findings: %v", ds)
			}
		})
	}
}

// TestLayerHideWhenCheck covers check 5 on every kind of sheet item: the
// first comparing item is named, and notEquals reads "could never be shown".
func TestLayerHideWhenCheck(t *testing.T) {
	layer := `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"]}]}]`
	hide := func(op string) map[string]any {
		if op == "in" {
			return map[string]any{"field": "road", "in": []any{"glass", "rust"}}
		}
		return map[string]any{"field": "road", op: "rust"}
	}
	tests := []struct {
		name, path, op, who, effect string
	}{
		{"field equals", "sheet.fields.3.hideWhen", "equals", `field "calling"`, "would never be hidden"},
		{"field notEquals", "sheet.fields.3.hideWhen", "notEquals", `field "calling"`, "could never be shown"},
		{"list in", "sheet.lists.0.hideWhen", "in", `list "knacks"`, "would never be hidden"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, sumBase).layers(t, layer)
			d.set(t, tc.path, hide(tc.op))
			rs := d.ruleset(t)
			ds := CheckLayers(rs)
			if got := errorPaths(ds); !slices.Equal(got, []string{"layers.0.fields.0.removeValues.0"}) {
				t.Fatalf("paths %q\n%v", got, ds)
			}
			if !strings.Contains(ds[0].Message, tc.who) || !strings.Contains(ds[0].Message, tc.effect) {
				t.Errorf("message %q: want %s and %q", ds[0].Message, tc.who, tc.effect)
			}
		})
	}
	// live pools, tracks and states and derived values are looked at too
	live := []struct{ path, value, who string }{
		{"sheet.derived", `[{"id":"glow","label":"Glow","op":"sum","of":[{"const":1}],"hideWhen":{"field":"road","equals":"rust"}}]`, `derived value "glow"`},
		{"sheet.live", `{"pools":[{"id":"breath","label":"Breath","max":{"const":3},"hideWhen":{"field":"road","equals":"rust"}}]}`, `pool "breath"`},
		{"sheet.live", `{"tracks":[{"id":"heat","label":"Heat","min":0,"max":3,"hideWhen":{"field":"road","equals":"rust"}}]}`, `track "heat"`},
		{"sheet.live", `{"states":[{"id":"mood","label":"Mood","values":["calm","wild"],"hideWhen":{"field":"road","notEquals":"rust"}}]}`, `state "mood"`},
	}
	for _, tc := range live {
		d := parseDoc(t, sumBase).layers(t, layer)
		d.set(t, tc.path, raw(t, tc.value))
		ds := CheckLayers(d.ruleset(t))
		if len(ds) != 1 || !strings.Contains(ds[0].Message, tc.who) {
			t.Errorf("%s: %v", tc.who, ds)
		}
	}
	// the first comparing item is named: fields come before lists
	d := parseDoc(t, sumBase).layers(t, layer)
	d.set(t, "sheet.lists.0.hideWhen", hide("equals"))
	d.set(t, "sheet.fields.3.hideWhen", hide("notEquals"))
	ds := CheckLayers(d.ruleset(t))
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `field "calling"`) {
		t.Errorf("first item: %v", ds)
	}
}

// TestLayerStructuralLimits: the structural limits are reported when the
// file is read (model.DecodeRuleset), and CheckLayers does not repeat them.
func TestLayerStructuralLimits(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	many := `[`
	for i := range 13 {
		if i > 0 {
			many += ","
		}
		many += `{"id":"l` + string(rune('a'+i)) + `","label":"L"}`
	}
	many += `]`
	tests := []struct {
		name, layers, path string
	}{
		{"13 layers", many, "layers"},
		{"guidance of 4001", `[{"id":"a","label":"A","gm":{"guidance":"` + long(4001) + `"}}]`, "layers.0.gm.guidance"},
		{"world guidance of 4001", `[{"id":"a","label":"A","gm":{"worldGuidance":"` + long(4001) + `"}}]`, "layers.0.gm.worldGuidance"},
		{"3990 + 20 together", `[{"id":"a","label":"A","gm":{"guidance":"` + long(3990) + `","worldGuidance":"` + long(20) + `"}}]`, "layers.0.gm"},
		{"line break in guidance", `[{"id":"a","label":"A","gm":{"guidance":"one\ntwo"}}]`, "layers.0.gm.guidance"},
		{"brackets in world guidance", `[{"id":"a","label":"A","gm":{"worldGuidance":"see [this]"}}]`, "layers.0.gm.worldGuidance"},
		{"empty guidance", `[{"id":"a","label":"A","gm":{"guidance":""}}]`, "layers.0.gm.guidance"},
		{"unknown key", `[{"id":"a","label":"A","mood":"grim"}]`, "layers.0"}, // engine-behaviour §3.1 and §11.8: at the layer,
		{"bad id", `[{"id":"Hard-Winter","label":"A"}]`, "layers.0.id"},
		{"label over 80", `[{"id":"a","label":"` + long(81) + `"}]`, "layers.0.label"},
		{"summary over 300", `[{"id":"a","label":"A","summary":"` + long(301) + `"}]`, "layers.0.summary"},
		{"13 conflicts", `[{"id":"a","label":"A","conflicts":["b","b","b","b","b","b","b","b","b","b","b","b","b"]},{"id":"b","label":"B"}]`, "layers.0.conflicts"},
		{"hide with both above and below", `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0,"below":3}}]}]`, "layers.0.catalogs.0.hide"},
		{"hide with no comparison", `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"grit"}}]}]`, "layers.0.catalogs.0.hide"},
		{"empty currencies", `[{"id":"a","label":"A","currencies":{}}]`, "layers.0.currencies"},
		{"empty removeUnits", `[{"id":"a","label":"A","currencies":{"removeUnits":[]}}]`, "layers.0.currencies.removeUnits"},
		{"13 ladder steps", `[{"id":"a","label":"A","difficultyLadder":[` + strings.Repeat(`{"label":"S","dc":5},`, 12) + `{"label":"S","dc":5}]}]`, "layers.0.difficultyLadder"},
		{"empty ladder", `[{"id":"a","label":"A","difficultyLadder":[]}]`, "layers.0.difficultyLadder"},
		{"dc out of range", `[{"id":"a","label":"A","difficultyLadder":[{"label":"S","dc":1001}]}]`, "layers.0.difficultyLadder.0.dc"},
		{"removeValues empty", `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":[]}]}]`, "layers.0.fields.0.removeValues"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs, ds := parseDoc(t, sumBase).layers(t, tc.layers).decode(t)
			if !slices.Contains(errorPaths(ds), tc.path) {
				t.Fatalf("reading did not report %s: %v", tc.path, ds)
			}
			for _, d := range CheckLayers(rs) {
				if d.Path == tc.path {
					t.Errorf("CheckLayers repeats %s: %v", tc.path, d)
				}
			}
		})
	}
}

// TestBaseLadder: checkLadder on the base ladder, as format.go calls it.
func TestBaseLadder(t *testing.T) {
	d := parseDoc(t, poolBase)
	d.set(t, "resolution.difficultyLadder", raw(t, `[{"label":"Plain","successes":1},{"label":"Odd","dc":7},{"label":"Far","successes":40},{"label":"Low","successes":1,"target":4}]`))
	rs, _ := d.decode(t)
	ds := checkLadder(rs, rs.Resolution.Ladder, rs.File, "resolution.difficultyLadder")
	want := []string{"resolution.difficultyLadder.1", "resolution.difficultyLadder.2.successes", "resolution.difficultyLadder.3.target"}
	if got := errorPaths(ds); !slices.Equal(got, want) {
		t.Fatalf("paths %q, want %q", got, want)
	}
	// a target on a ruleset whose target cannot move
	d = parseDoc(t, poolBase)
	d.set(t, "resolution.target", raw(t, `{"default":7,"min":7,"max":7}`))
	rs, _ = d.decode(t)
	ds = checkLadder(rs, rs.Resolution.Ladder, rs.File, "resolution.difficultyLadder")
	if got := errorPaths(ds); !slices.Equal(got, []string{"resolution.difficultyLadder.1.target"}) || !strings.Contains(ds[0].Message, "adjustable") {
		t.Fatalf("fixed target: %v", ds)
	}
	// the sum base is fine
	if ds := checkLadder(parseDoc(t, sumBase).ruleset(t), nil, "x", "y"); ds != nil {
		t.Fatalf("empty ladder: %v", ds)
	}
}

// TestEmptyTagsUnderNotIn: an entry whose tags list is empty stays shown
// under a notIn rule, as the Engine has decided (decisions §7), and nothing
// is said about it.
func TestEmptyTagsUnderNotIn(t *testing.T) {
	d := parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"callings","notIn":["Scout"]}}]}]`)
	d.set(t, "catalogs.0.entries.6.filters", raw(t, `{"callings":[]}`))
	if ds := CheckLayers(d.ruleset(t)); len(ds) != 0 {
		t.Fatalf("%v", ds)
	}
	if _, hidden := Resolve(d.ruleset(t), []string{"a"}).Hidden("knacks", "e"); hidden {
		t.Error("rulebench keeps an entry with an empty tags list")
	}
}

// TestCheckLayersNoRuleset tolerates nothing to check.
func TestCheckLayersNoRuleset(t *testing.T) {
	if CheckLayers(nil) != nil || CheckLayers(&model.Ruleset{}) != nil {
		t.Fatal("findings without layers")
	}
	// layers on a ruleset with no items at all: every coin and seller is unknown
	rs := parseDoc(t, poolBase).layers(t, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown"]},"items":{"market":{"removeSellers":["smith"]}}}]`).ruleset(t)
	want := []string{"layers.0.currencies.removeUnits.0", "layers.0.items.market.removeSellers.0"}
	if got := errorPaths(CheckLayers(rs)); !slices.Equal(got, want) {
		t.Fatalf("paths %q, want %q", got, want)
	}
}

// TestLayerCheckOrder: engine-behaviour §3 — layer by layer in file order,
// and within a layer ids, conflicts, fields, ladder, currencies, catalogs
// (then items); within a fields entry checks 4, 5 and 8 in that order.
func TestLayerCheckOrder(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"a","label":"A","conflicts":["ghost"]},
	  {"id":"a","label":"B","conflicts":["phantom"],
	   "fields":[{"id":"spellcasting_ability","removeValues":["psi","none"]}],
	   "difficultyLadder":[{"label":"Odd","successes":2}],
	   "currencies":{"removeUnits":["florin"]},
	   "catalogs":[{"id":"spells","hide":{"filter":"grit","above":0}}],
	   "items":{"market":{"removeSellers":["witch"]}}}]`).ruleset(t)
	want := []string{
		"layers.0.conflicts.0",
		"layers.1.id",
		"layers.1.conflicts.0",
		"layers.1.fields.0.removeValues.0",
		"layers.1.fields.0.removeValues.1",
		"layers.1.fields.0.removeValues",
		"layers.1.difficultyLadder.0",
		"layers.1.currencies.removeUnits.0",
		"layers.1.catalogs.0.id",
		"layers.1.items.market.removeSellers.0",
	}
	if got := errorPaths(CheckLayers(rs)); !slices.Equal(got, want) {
		t.Errorf("order\n%q\nwant\n%q", got, want)
	}
}

// TestLayerLadderBounds: engine-behaviour §3.4 at the edges — a target at
// either end of the range is fine, one past it is not; the largest
// reachable successes follow (pool.max + (explode ? pool.max : 0)) ×
// (double ? 2 : 1).
func TestLayerLadderBounds(t *testing.T) {
	step := func(successes, target int) string {
		s := `{"label":"S","successes":` + itoa(successes)
		if target > 0 {
			s += `,"target":` + itoa(target)
		}
		return `[{"id":"a","label":"A","difficultyLadder":[` + s + `}]}]`
	}
	tests := []struct {
		name            string
		explode, double bool
		layers          string
		paths           []string
	}{
		{"target at the lower end", true, false, step(1, 5), nil},
		{"target at the upper end", true, false, step(1, 9), nil},
		{"target below", true, false, step(1, 4), []string{"layers.0.difficultyLadder.0.target"}},
		{"target above", true, false, step(1, 10), []string{"layers.0.difficultyLadder.0.target"}},
		{"no explode, no double: 15", false, false, step(15, 0), nil},
		{"no explode, no double: 16", false, false, step(16, 0), []string{"layers.0.difficultyLadder.0.successes"}},
		{"double alone: 30", false, true, step(30, 0), nil},
		{"double alone: 31", false, true, step(31, 0), []string{"layers.0.difficultyLadder.0.successes"}},
		{"explode and double: 60", true, true, step(60, 0), nil},
		{"explode and double: 61", true, true, step(61, 0), []string{"layers.0.difficultyLadder.0.successes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, poolBase)
			d.set(t, "resolution.pool.max", 15.0)
			if !tc.explode {
				d.set(t, "resolution.explode", nil)
			}
			if tc.double {
				d.set(t, "resolution.double", raw(t, `{"from":10}`))
			}
			rs := d.layers(t, tc.layers).ruleset(t)
			if got := errorPaths(CheckLayers(rs)); !slices.Equal(got, tc.paths) {
				t.Errorf("paths %q, want %q", got, tc.paths)
			}
		})
	}
}

// TestLayerCoinsAllFamilies: engine-behaviour §3.5 — every family is
// searched for a unit, and a value-1 coin may go only with its own family.
func TestLayerCoinsAllFamilies(t *testing.T) {
	tests := []struct {
		name, currencies string
		paths            []string
	}{
		{"a coin of the second family", `{"removeUnits":["cake"]}`, nil},
		{"its smallest coin alone", `{"removeUnits":["grain"]}`, []string{"layers.0.currencies.removeUnits.0"}},
		{"its smallest coin with another family", `{"removeUnits":["grain"],"removeFamilies":["coin"]}`, []string{"layers.0.currencies.removeUnits.0"}},
		{"its smallest coin with its family", `{"removeUnits":["grain"],"removeFamilies":["salt"]}`, nil},
		{"both families", `{"removeFamilies":["coin","salt"]}`, nil},
		{"an unknown family and a known one", `{"removeFamilies":["salt","gold"]}`, []string{"layers.0.currencies.removeFamilies.1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, sumBase)
			fams := d["items"].(map[string]any)["currencies"].([]any)
			d.set(t, "items.currencies", append(fams, raw(t, `{"id":"salt","label":"Salt","units":[{"id":"grain","label":"grains","value":1},{"id":"cake","label":"cakes","value":10}]}`)))
			rs := d.layers(t, `[{"id":"a","label":"A","currencies":`+tc.currencies+`}]`).ruleset(t)
			ds := CheckLayers(rs)
			if got := errorPaths(ds); !slices.Equal(got, tc.paths) {
				t.Errorf("paths %q, want %q (%v)", got, tc.paths, ds)
			}
		})
	}
}

// TestLayerShapes: the shape rules of engine-behaviour §3.1, §3.3, §3.5 and
// §3.7 not covered by TestLayerStructuralLimits, at their paths.
func TestLayerShapes(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	values := func(n int) string {
		var vs []string
		for i := range n {
			vs = append(vs, `"v`+itoa(i)+`"`)
		}
		return "[" + strings.Join(vs, ",") + "]"
	}
	entries := func(n int) string {
		var es []string
		for range n {
			es = append(es, `{"id":"road","removeValues":["rust"]}`)
		}
		return "[" + strings.Join(es, ",") + "]"
	}
	units := func(n int) string {
		var us []string
		for range n {
			us = append(us, `"crown"`)
		}
		return "[" + strings.Join(us, ",") + "]"
	}
	tests := []struct {
		name, layers, path string
	}{
		{"label missing", `[{"id":"a"}]`, "layers.0.label"},
		{"label with a line break", `[{"id":"a","label":"A\nB"}]`, "layers.0.label"},
		{"label with brackets", `[{"id":"a","label":"[A]"}]`, "layers.0.label"},
		{"summary with double braces", `[{"id":"a","label":"A","summary":"{{x}}"}]`, "layers.0.summary"},
		{"id over 40", `[{"id":"` + long(41) + `","label":"A"}]`, "layers.0.id"},
		{"25 fields entries", `[{"id":"a","label":"A","fields":` + entries(25) + `}]`, "layers.0.fields"},
		{"41 removed values", `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":` + values(41) + `}]}]`, "layers.0.fields.0.removeValues"},
		{"an empty removed value", `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":[""]}]}]`, "layers.0.fields.0.removeValues.0"},
		{"a removed value over 80", `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["` + long(81) + `"]}]}]`, "layers.0.fields.0.removeValues.0"},
		{"a default over 80", `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"],"default":"` + long(81) + `"}]}]`, "layers.0.fields.0.default"},
		{"25 hide rules", `[{"id":"a","label":"A","catalogs":[` + strings.TrimSuffix(strings.Repeat(`{"id":"knacks","hide":{"filter":"grit","above":0}},`, 25), ",") + `]}]`, "layers.0.catalogs"},
		{"equals over 80", `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"road","equals":"` + long(81) + `"}}]}]`, "layers.0.catalogs.0.hide.equals"},
		{"empty notIn", `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"road","notIn":[]}}]}]`, "layers.0.catalogs.0.hide.notIn"},
		{"25 notIn words", `[{"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"road","notIn":` + values(25) + `}}]}]`, "layers.0.catalogs.0.hide.notIn"},
		{"empty removeFamilies", `[{"id":"a","label":"A","currencies":{"removeFamilies":[]}}]`, "layers.0.currencies.removeFamilies"},
		{"61 units", `[{"id":"a","label":"A","currencies":{"removeUnits":` + units(61) + `}}]`, "layers.0.currencies.removeUnits"},
		{"7 families", `[{"id":"a","label":"A","currencies":{"removeFamilies":["coin","coin","coin","coin","coin","coin","coin"]}}]`, "layers.0.currencies.removeFamilies"},
		{"a target below 2", `[{"id":"a","label":"A","difficultyLadder":[{"label":"S","successes":1,"target":1}]}]`, "layers.0.difficultyLadder.0.target"},
		{"successes 0", `[{"id":"a","label":"A","difficultyLadder":[{"label":"S","successes":0}]}]`, "layers.0.difficultyLadder.0.successes"},
		{"a step with dc and successes", `[{"id":"a","label":"A","difficultyLadder":[{"label":"S","dc":5,"successes":1}]}]`, "layers.0.difficultyLadder.0"},
		{"guidance with a control character", `[{"id":"a","label":"A","gm":{"guidance":"a\u0007b"}}]`, "layers.0.gm.guidance"},
		{"world guidance with double braces", `[{"id":"a","label":"A","gm":{"worldGuidance":"a }} b"}}]`, "layers.0.gm.worldGuidance"},
		{"25 replaced tables", `[{"id":"a","label":"A","items":{"lootTables":[` + strings.TrimSuffix(strings.Repeat(`{"id":"purse","label":"P","entries":[{"coins":"penny"}]},`, 25), ",") + `]}}]`, "layers.0.items.lootTables"},
		{"empty removeSellers", `[{"id":"a","label":"A","items":{"market":{"removeSellers":[]}}}]`, "layers.0.items.market.removeSellers"},
		{"an empty unsold filter", `[{"id":"a","label":"A","items":{"market":{"unsold":[{}]}}}]`, "layers.0.items.market.unsold.0"},
		{"an unknown key in items", `[{"id":"a","label":"A","items":{"sellers":[]}}]`, "layers.0.items"},
		{"empty items", `[{"id":"a","label":"A","items":{}}]`, "layers.0.items"},
		{"an empty market", `[{"id":"a","label":"A","items":{"market":{}}}]`, "layers.0.items.market"},
		{"empty unsold", `[{"id":"a","label":"A","items":{"market":{"unsold":[]}}}]`, "layers.0.items.market.unsold"},
		{"49 unsold filters", `[{"id":"a","label":"A","items":{"market":{"unsold":[` + strings.TrimSuffix(strings.Repeat(`{"tag":"silver"},`, 49), ",") + `]}}}]`, "layers.0.items.market.unsold"},
		{"25 sellers removed", `[{"id":"a","label":"A","items":{"market":{"removeSellers":` + units(25) + `}}}]`, "layers.0.items.market.removeSellers"},
		{"empty lootTables", `[{"id":"a","label":"A","items":{"lootTables":[]}}]`, "layers.0.items.lootTables"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ds := parseDoc(t, sumBase).layers(t, tc.layers).decode(t)
			if !slices.Contains(errorPaths(ds), tc.path) {
				t.Errorf("reading did not report %s: %v", tc.path, ds)
			}
		})
	}
}

// TestWorkedCoinRefusals: the import refusals of engine-behaviour §11.9
// that concern loot lines (the layer ones are in TestLayerImportRefusals):
// an unknown coin, and a line that is not exactly one of item, filter and
// coins.
func TestWorkedCoinRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, line, path string
	}{
		{"an unknown coin", `{"coins":"florin"}`, "items.lootTables.1.entries.0.coins"},
		{"coins and item", `{"coins":"penny","item":"kit/bell"}`, "items.lootTables.1.entries.0"},
		{"coins and filter", `{"coins":"penny","filter":{"tag":"silver"}}`, "items.lootTables.1.entries.0"},
		{"none of the three", `{"weight":2}`, "items.lootTables.1.entries.0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, sumBase).set(t, "items.lootTables.1.entries.0", raw(t, tc.line))
			rs, ds := d.decode(t)
			ds = append(ds, CheckFormat(rs)...)
			if got := errorPaths(ds); !slices.Equal(got, []string{tc.path}) {
				t.Errorf("paths %q, want %q (%v)", got, tc.path, ds)
			}
		})
	}
}
