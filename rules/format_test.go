package rules

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// loadBase reads testdata/format-base.json into plain values to edit.
func loadBase(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile("testdata/format-base.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// setPath sets (or with value == nil, deletes) the value at a dot path.
func setPath(t *testing.T, root any, path string, value any) {
	t.Helper()
	segs := strings.Split(path, ".")
	cur := root
	for i, seg := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if value == nil {
					delete(c, seg)
				} else {
					c[seg] = value
				}
				return
			}
			cur = c[seg]
		case []any:
			k, err := strconv.Atoi(seg)
			if err != nil || k >= len(c) {
				t.Fatalf("bad path %s at %s", path, seg)
			}
			if last {
				c[k] = value
				return
			}
			cur = c[k]
		default:
			t.Fatalf("bad path %s at %s", path, seg)
		}
	}
}

// formatFindings decodes a ruleset built from m and runs the format checks.
func formatFindings(t *testing.T, m map[string]any) (shape, cross []model.Diagnostic) {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	root, diags := model.Parse("base.json", data)
	if root == nil {
		t.Fatalf("not JSON: %v", diags)
	}
	rs, shape := model.DecodeRuleset("base.json", root)
	return append(diags, shape...), CheckFormat(rs)
}

func TestFormatBaseIsClean(t *testing.T) {
	shape, cross := formatFindings(t, loadBase(t))
	for _, d := range append(shape, cross...) {
		t.Errorf("unexpected finding: %s", d)
	}
}

func TestFormatCrossReferences(t *testing.T) {
	cases := []struct {
		name  string
		path  string
		value any
		code  string
		at    string // the path of the finding
	}{
		{"enum default not among values", "sheet.fields.0.default", "sailor", "enum-default", "sheet.fields.0.default"},
		{"valueLabels key not a value", "sheet.fields.0.valueLabels", map[string]any{"smith": "Smith"}, "value-label", "sheet.fields.0.valueLabels.smith"},
		{"hideWhen on an unknown field", "sheet.fields.1.hideWhen.field", "mood", "unknown-field", "sheet.fields.1.hideWhen.field"},
		{"hideWhen comparing a value the enum lacks", "sheet.fields.1.hideWhen.equals", "sailor", "hide-value", "sheet.fields.1.hideWhen.equals"},
		{"derived reading an unknown field", "sheet.derived.0.of.0.field", "lamp", "unknown-ref", "sheet.derived.0.of.0.field"},
		{"field ref to a text field", "sheet.derived.0.of.0.field", "motto", "ref-type", "sheet.derived.0.of.0.field"},
		{"unknown section", "sheet.abilities.0.section", "back", "unknown-section", "sheet.abilities.0.section"},
		{"skill on an unknown ability", "sheet.skills.0.ability", "grit", "unknown-ability", "sheet.skills.0.ability"},
		{"save id equal to a skill id", "sheet.saves.0.id", "mend", "save-is-skill", "sheet.saves.0.id"},
		{"penaltyFrom unknown", "resolution.penaltyFrom", "scars", "unknown-track", "resolution.penaltyFrom"},
		{"pool max reading live state", "sheet.live.pools.0.max", map[string]any{"livePool": "breath"}, "live-read", "sheet.live.pools.0.max"},
		{"catalog entry setting an undeclared filter", "catalogs.0.entries.0.filters.depth", 2.0, "undeclared-filter", "catalogs.0.entries.0.filters.depth"},
		{"filter value of the wrong type", "catalogs.0.entries.0.filters.cost", "one", "filter-type", "catalogs.0.entries.0.filters.cost"},
		{"row into a list the catalog does not feed", "catalogs.0.entries.0.rows.0.list", "bags", "row-list", "catalogs.0.entries.0.rows.0.list"},
		{"row column value out of range", "catalogs.0.entries.0.rows.0.values.weight", 12.0, "column-value", "catalogs.0.entries.0.rows.0.values.weight"},
		{"row enum value unknown", "catalogs.0.entries.0.rows.0.values.grip", "firm", "column-value", "catalogs.0.entries.0.rows.0.values.grip"},
		{"row missing a required column", "catalogs.0.entries.0.rows.0.values.name", nil, "required-column", "catalogs.0.entries.0.rows.0.values"},
		{"row unknown column", "catalogs.0.entries.0.rows.0.values.colour", "red", "unknown-column", "catalogs.0.entries.0.rows.0.values.colour"},
		{"cost in an unknown coin", "catalogs.1.entries.0.item.cost.unit", "crown", "unknown-coin", "catalogs.1.entries.0.item.cost.unit"},
		{"item in an unknown category", "catalogs.1.entries.0.item.category", "tool", "unknown-word", "catalogs.1.entries.0.item.category"},
		{"item with an unknown tag", "catalogs.1.entries.0.item.tags", []any{"brass"}, "unknown-word", "catalogs.1.entries.0.item.tags.0"},
		{"creature naming an unknown loot table", "catalogs.2.entries.0.creature.loot", "hoard", "unknown-loot-table", "catalogs.2.entries.0.creature.loot"},
		{"creature on an unknown tier", "catalogs.2.entries.0.creature.tier", "boss", "unknown-tier", "catalogs.2.entries.0.creature.tier"},
		{"threat tier naming an unknown loot table", "combat.threat.tiers.0.loot", "hoard", "unknown-loot-table", "combat.threat.tiers.0.loot"},
		{"seller stock naming an unknown loot table", "items.market.sellers.0.stock", "hoard", "unknown-loot-table", "items.market.sellers.0.stock"},
		{"seller filter with an unknown word", "items.market.sellers.0.sells.0.category", "oil", "unknown-word", "items.market.sellers.0.sells.0.category"},
		{"sold rule at an unknown place", "items.market.sold.0.place", "city", "unknown-place", "items.market.sold.0.place"},
		{"unsold filter with an unknown word", "items.market.unsold", []any{map[string]any{"tag": "brass"}}, "unknown-word", "items.market.unsold.0.tag"},
		{"loot line in an unknown coin", "items.lootTables.0.entries.2.coins", "crown", "unknown-coin", "items.lootTables.0.entries.2.coins"},
		{"loot line naming a missing entry", "items.lootTables.0.entries.0.item", "stores/wax", "unknown-entry", "items.lootTables.0.entries.0.item"},
		{"loot line naming a rows catalog", "items.lootTables.0.entries.0.item", "tricks/shade-step", "not-items", "items.lootTables.0.entries.0.item"},
		{"a family without a value-1 coin", "items.currencies.0.units.0.value", 2.0, "no-smallest-coin", "items.currencies.0.units"},
		{"a coin id used twice", "items.currencies.0.units", []any{
			map[string]any{"id": "farthing", "label": "farthings", "value": 1.0},
			map[string]any{"id": "groat", "label": "groats", "value": 8.0},
			map[string]any{"id": "farthing", "label": "old farthings", "value": 64.0}}, "duplicate-unit", "items.currencies.0.units.2.id"},
		{"feeds naming no list", "catalogs.0.feeds", []any{"tools", "bags"}, "unknown-list", "catalogs.0.feeds.1"},
		{"a field id used twice", "sheet.fields.2.id", "oil", "duplicate-id", "sheet.fields.2.id"},
		{"a catalog id used twice", "catalogs.2.id", "stores", "duplicate-id", "catalogs.2.id"},
		{"state default not a value", "sheet.live.states.0.default", "dim", "state-default", "sheet.live.states.0.default"},
		{"wound track max not its levels", "sheet.live.tracks.0.max", 3.0, "track-max", "sheet.live.tracks.0.max"},
		{"tier multiplier without proficiency", "resolution.proficiencyTiers.1.multiplier", 1.0, "multiplier-without-proficiency", "resolution.proficiencyTiers.1.multiplier"},
		{"untrained harder in a dice-sum ruleset", "sheet.skills.0.untrained", "harder", "untrained-harder", "sheet.skills.0.untrained"},
		{"sheetSummary naming an unknown field", "gm.sheetSummary", map[string]any{"fields": []any{"lamp"}}, "unknown-field", "gm.sheetSummary.fields.0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := loadBase(t)
			setPath(t, m, tc.path, tc.value)
			shape, cross := formatFindings(t, m)
			for _, d := range shape {
				t.Errorf("the edit should be a cross-reference problem, but reading found: %s", d)
			}
			found := false
			for _, d := range cross {
				if d.Code == tc.code && d.Path == tc.at {
					found = true
				} else {
					t.Errorf("unexpected extra finding: %s (%s)", d, d.Code)
				}
			}
			if !found {
				t.Errorf("want %s at %s; got %v", tc.code, tc.at, cross)
			}
		})
	}
}
