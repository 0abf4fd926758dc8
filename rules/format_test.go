package rules

import (
	"encoding/json"
	"os"
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
	type edit struct {
		path  string
		value any // nil deletes
	}
	cases := []struct {
		name  string
		path  string
		value any
		code  model.Code
		at    string // the path of the finding
		also  []edit // made before path is set
	}{
		{"enum default not among values", "sheet.fields.0.default", "sailor", "enum-default", "sheet.fields.0.default", nil},
		{"valueLabels key not a value", "sheet.fields.0.valueLabels", map[string]any{"smith": "Smith"}, "value-label", "sheet.fields.0.valueLabels.smith", nil},
		{"hideWhen on an unknown field", "sheet.fields.1.hideWhen.field", "mood", "unknown-field", "sheet.fields.1.hideWhen.field", nil},
		{"hideWhen comparing a value the enum lacks", "sheet.fields.1.hideWhen.equals", "sailor", "hide-value", "sheet.fields.1.hideWhen.equals", nil},
		{"derived reading an unknown field", "sheet.derived.0.of.0.field", "lamp", "unknown-ref", "sheet.derived.0.of.0.field", nil},
		{"field ref to a text field", "sheet.derived.0.of.0.field", "motto", "ref-type", "sheet.derived.0.of.0.field", nil},
		{"unknown section", "sheet.abilities.0.section", "back", "unknown-section", "sheet.abilities.0.section", nil},
		{"skill on an unknown ability", "sheet.skills.0.ability", "grit", "unknown-ability", "sheet.skills.0.ability", nil},
		{"save id equal to a skill id", "sheet.saves.0.id", "mend", "save-is-skill", "sheet.saves.0.id", nil},
		{"penaltyFrom unknown", "resolution.penaltyFrom", "scars", "unknown-track", "resolution.penaltyFrom", nil},
		{"pool max reading live state", "sheet.live.pools.0.max", map[string]any{"livePool": "breath"}, "live-read", "sheet.live.pools.0.max", nil},
		{"catalog entry setting an undeclared filter", "catalogs.0.entries.0.filters.depth", 2.0, "undeclared-filter", "catalogs.0.entries.0.filters.depth", nil},
		{"filter value of the wrong type", "catalogs.0.entries.0.filters.cost", "one", "filter-type", "catalogs.0.entries.0.filters.cost", nil},
		{"row into a list the catalog does not feed", "catalogs.0.entries.0.rows.0.list", "bags", "row-list", "catalogs.0.entries.0.rows.0.list", nil},
		{"row column value out of range", "catalogs.0.entries.0.rows.0.values.weight", 12.0, "column-value", "catalogs.0.entries.0.rows.0.values.weight", nil},
		{"row enum value unknown", "catalogs.0.entries.0.rows.0.values.grip", "firm", "column-value", "catalogs.0.entries.0.rows.0.values.grip", nil},
		{"row missing a required column", "catalogs.0.entries.0.rows.0.values.name", nil, "required-column", "catalogs.0.entries.0.rows.0.values", nil},
		{"row unknown column", "catalogs.0.entries.0.rows.0.values.colour", "red", "unknown-column", "catalogs.0.entries.0.rows.0.values.colour", nil},
		{"cost in an unknown coin", "catalogs.1.entries.0.item.cost.unit", "crown", "unknown-coin", "catalogs.1.entries.0.item.cost.unit", nil},
		{"item in an unknown category", "catalogs.1.entries.0.item.category", "tool", "unknown-word", "catalogs.1.entries.0.item.category", nil},
		{"item with an unknown tag", "catalogs.1.entries.0.item.tags", []any{"brass"}, "unknown-word", "catalogs.1.entries.0.item.tags.0", nil},
		{"creature naming an unknown loot table", "catalogs.2.entries.0.creature.loot", "hoard", "unknown-loot-table", "catalogs.2.entries.0.creature.loot", nil},
		{"creature on an unknown tier", "catalogs.2.entries.0.creature.tier", "boss", "unknown-tier", "catalogs.2.entries.0.creature.tier", nil},
		{"threat tier naming an unknown loot table", "combat.threat.tiers.0.loot", "hoard", "unknown-loot-table", "combat.threat.tiers.0.loot", nil},
		{"seller stock naming an unknown loot table", "items.market.sellers.0.stock", "hoard", "unknown-loot-table", "items.market.sellers.0.stock", nil},
		{"seller filter with an unknown word", "items.market.sellers.0.sells.0.category", "oil", "unknown-word", "items.market.sellers.0.sells.0.category", nil},
		{"sold rule at an unknown place", "items.market.sold.0.place", "city", "unknown-place", "items.market.sold.0.place", nil},
		{"unsold filter with an unknown word", "items.market.unsold", []any{map[string]any{"tag": "brass"}}, "unknown-word", "items.market.unsold.0.tag", nil},
		{"loot line in an unknown coin", "items.lootTables.0.entries.2.coins", "crown", "unknown-coin", "items.lootTables.0.entries.2.coins", nil},
		{"loot line naming a missing entry", "items.lootTables.0.entries.0.item", "stores/wax", "unknown-entry", "items.lootTables.0.entries.0.item", nil},
		{"loot line naming a rows catalog", "items.lootTables.0.entries.0.item", "tricks/shade-step", "not-items", "items.lootTables.0.entries.0.item", nil},
		{"a family without a value-1 coin", "items.currencies.0.units.0.value", 2.0, "no-smallest-coin", "items.currencies.0.units", nil},
		{"a coin id used twice", "items.currencies.0.units", []any{
			map[string]any{"id": "farthing", "label": "farthings", "value": 1.0},
			map[string]any{"id": "groat", "label": "groats", "value": 8.0},
			map[string]any{"id": "farthing", "label": "old farthings", "value": 64.0}}, "duplicate-unit", "items.currencies.0.units.2.id", nil},
		{"feeds naming no list", "catalogs.0.feeds", []any{"tools", "bags"}, "unknown-list", "catalogs.0.feeds.1", nil},
		{"a field id used twice", "sheet.fields.2.id", "oil", "duplicate-id", "sheet.fields.2.id", nil},
		{"a catalog id used twice", "catalogs.2.id", "stores", "duplicate-id", "catalogs.2.id", nil},
		{"state default not a value", "sheet.live.states.0.default", "dim", "state-default", "sheet.live.states.0.default", nil},
		{"wound track max not its levels", "sheet.live.tracks.0.max", 3.0, "track-max", "sheet.live.tracks.0.max", nil},
		{"tier multiplier without proficiency", "resolution.proficiencyTiers.1.multiplier", 1.0, "multiplier-without-proficiency", "resolution.proficiencyTiers.1.multiplier", nil},
		{"untrained harder in a dice-sum ruleset", "sheet.skills.0.untrained", "harder", "untrained-harder", "sheet.skills.0.untrained", nil},
		{"saveTiers naming an unknown tier", "sheet.saveTiers", []any{"untrained", "master"}, "unknown-tier", "sheet.saveTiers.1", nil},
		{"wound track extra from an unknown list", "sheet.live.tracks.0.extra", map[string]any{"list": "scars", "countColumn": "weight", "penaltyColumn": "weight"}, "unknown-list", "sheet.live.tracks.0.extra.list", nil},
		{"wound track extra count from an unknown column", "sheet.live.tracks.0.extra", map[string]any{"list": "tools", "countColumn": "marks", "penaltyColumn": "weight"}, "unknown-column", "sheet.live.tracks.0.extra.countColumn", nil},
		{"wound track extra penalty from an enum column", "sheet.live.tracks.0.extra", map[string]any{"list": "tools", "countColumn": "weight", "penaltyColumn": "grip"}, "column-type", "sheet.live.tracks.0.extra.penaltyColumn", nil},
		{"plain track min above max", "sheet.live.tracks.0.min", 1.0, "range", "sheet.live.tracks.0.min", []edit{
			{"sheet.live.tracks.0", map[string]any{"id": "bruises", "label": "Bruises", "min": 0.0, "max": 0.0}}, {"resolution.penaltyFrom", nil}}},
		{"sheetSummary naming rows by a number column", "gm.sheetSummary", map[string]any{"lists": []any{map[string]any{"list": "tools", "nameColumn": "weight"}}}, "column-type", "gm.sheetSummary.lists.0.nameColumn", nil},
		{"sheetSummary showing rows only when a text column", "gm.sheetSummary", map[string]any{"lists": []any{map[string]any{"list": "tools", "nameColumn": "grip", "onlyWhen": "name"}}}, "column-type", "gm.sheetSummary.lists.0.onlyWhen", nil},
		{"sheetSummary naming an unknown field", "gm.sheetSummary", map[string]any{"fields": []any{"lamp"}}, "unknown-field", "gm.sheetSummary.fields.0", nil},
		{"enumTable key not a value", "sheet.derived.1", map[string]any{"id": "fare", "label": "Fare", "op": "enumTable", "from": map[string]any{"field": "trade"},
			"table": map[string]any{"tinker": 1.0, "sailor": 2.0}}, "table-key", "sheet.derived.1.table.sailor", []edit{{"sheet.derived", []any{map[string]any{"id": "glow", "label": "Glow", "op": "sum", "of": []any{map[string]any{"const": 1.0}}}, nil}}}},
		// ruleset-format §3.5: a non-live ref reads no live state, not even through what it reads
		{"pool max through a derived value reading a pool", "sheet.derived.0.of.1", map[string]any{"livePool": "breath"}, "live-read", "sheet.live.pools.0.max", nil},
		{"pool max through a derived value following a live state", "sheet.derived.0", map[string]any{"id": "glow", "label": "Glow", "op": "enumTable",
			"from": map[string]any{"liveState": "flame"}, "table": map[string]any{"low": 1.0, "high": 2.0}}, "live-read", "sheet.live.pools.0.max", nil},
		{"pool max through a skill whose cap reads a track", "sheet.live.pools.0.max", map[string]any{"skillMod": "mend"}, "live-read", "sheet.live.pools.0.max",
			[]edit{{"sheet.skills.0.cap", map[string]any{"liveTrack": "bruises"}}}},
		{"carry limit through a derived value reading an item stat", "sheet.derived.0.of.1", map[string]any{"itemStat": map[string]any{"stat": "heft", "from": "worn", "pick": "sum"}},
			"live-read", "items.carry.limit", []edit{{"sheet.live.pools.0.max", map[string]any{"const": 3.0}}, {"items.carry.limit", map[string]any{"derived": "glow"}}}},
		// ruleset-format §5
		{"a family id used twice", "items.currencies", []any{
			map[string]any{"id": "coin", "label": "Coin", "units": []any{map[string]any{"id": "farthing", "label": "farthings", "value": 1.0}, map[string]any{"id": "groat", "label": "groats", "value": 8.0}}},
			map[string]any{"id": "coin", "label": "Scrip", "units": []any{map[string]any{"id": "chit", "label": "chits", "value": 1.0}}}},
			"duplicate-id", "items.currencies.1.id", nil},
		{"two coins of one value", "items.currencies.0.units.1.value", 1.0, "duplicate-value", "items.currencies.0.units.1.value", nil},
		{"perWeight without carry", "items.currencies.0.perWeight", 100.0, "per-weight", "items.currencies.0.perWeight", []edit{{"items.carry", nil}}},
		{"a cost with no currencies at all", "items.currencies", []any{}, "no-currencies", "catalogs.1.entries.0.item.cost.unit",
			[]edit{{"items.lootTables.0.entries.2", map[string]any{"item": "stores/lamp-oil"}}, {"catalogs.1.entries.1.item.cost", nil}, {"catalogs.1.entries.1.item.service", nil}}},
		{"an item sold at an unknown place", "catalogs.1.entries.0.item.sold", map[string]any{"place": "city"}, "unknown-place", "catalogs.1.entries.0.item.sold.place", nil},
		{"an item sold without a market", "catalogs.1.entries.0.item.sold", map[string]any{"place": "hamlet"}, "sold-needs-market", "catalogs.1.entries.0.item.sold",
			[]edit{{"items.market", nil}, {"catalogs.1.entries.1.item.service", nil}}},
		{"a service without a cost", "catalogs.1.entries.1.item.cost", nil, "service-cost", "catalogs.1.entries.1.item.service", nil},
		{"a service with slots", "catalogs.1.entries.1.item.slots", map[string]any{"hand": 1.0}, "service-key", "catalogs.1.entries.1.item.slots", nil},
		{"a service with a stack", "catalogs.1.entries.1.item.stack", 5.0, "service-key", "catalogs.1.entries.1.item.stack", nil},
		{"a service that binds", "catalogs.1.entries.1.item.binds", map[string]any{"cursed": true}, "service-key", "catalogs.1.entries.1.item.binds", nil},
		{"an item stat not declared", "catalogs.1.entries.0.item.stats.bulk", 1.0, "unknown-stat", "catalogs.1.entries.0.item.stats.bulk", nil},
		{"an item stat out of range", "catalogs.1.entries.0.item.stats.heft", 30.0, "column-value", "catalogs.1.entries.0.item.stats.heft", nil},
		{"an item stat not whole", "catalogs.1.entries.0.item.stats.heft", 1.5, "column-value", "catalogs.1.entries.0.item.stats.heft", nil},
		{"an item stat not one of the values", "catalogs.1.entries.0.item.stats.make", "gold", "column-value", "catalogs.1.entries.0.item.stats.make", nil},
		{"an item stat text too long", "catalogs.1.entries.0.item.stats.mark", "thirteen char", "column-value", "catalogs.1.entries.0.item.stats.mark", nil},
		{"an item stat of the wrong type", "catalogs.1.entries.0.item.stats.heft", "heavy", "column-value", "catalogs.1.entries.0.item.stats.heft", nil},
		{"an item in an undeclared slot", "catalogs.1.entries.0.item.slots.foot", 1.0, "unknown-slot", "catalogs.1.entries.0.item.slots.foot", nil},
		{"an item taking more slots than there are", "catalogs.1.entries.0.item.slots.hand", 3.0, "slot-count", "catalogs.1.entries.0.item.slots.hand", nil},
		{"binds without items.binding", "items.binding", nil, "binds-need-binding", "catalogs.1.entries.0.item.binds", nil},
		{"a rarity cap on an undeclared rarity", "items.rarityCaps.0.rarity", "rare", "unknown-word", "items.rarityCaps.0.rarity", nil},
		{"two caps on one rarity", "items.rarityCaps", []any{map[string]any{"rarity": "plain"}, map[string]any{"rarity": "plain", "bonus": 2.0}}, "duplicate-cap", "items.rarityCaps.1.rarity", nil},
		{"a rarity cap on an undeclared stat", "items.rarityCaps.0.stats", map[string]any{"bulk": 1.0}, "unknown-stat", "items.rarityCaps.0.stats.bulk", nil},
		{"a rarity cap on an enum stat", "items.rarityCaps.0.stats", map[string]any{"make": 1.0}, "stat-type", "items.rarityCaps.0.stats.make", nil},
		{"a rarity cap out of the stat's range", "items.rarityCaps.0.stats.heft", 21.0, "column-value", "items.rarityCaps.0.stats.heft", nil},
		{"a rarity cap not whole", "items.rarityCaps.0.stats.heft", 2.5, "column-value", "items.rarityCaps.0.stats.heft", nil},
		{"carry on an undeclared stat", "items.carry.stat", "bulk", "unknown-stat", "items.carry.stat", nil},
		{"carry on an enum stat", "items.carry.stat", "make", "stat-type", "items.carry.stat", nil},
		{"carry on a stat that goes below 0", "items.stats.0.min", -5.0, "stat-type", "items.carry.stat", nil},
		{"carry limit reading live state", "items.carry.encumberedAbove", map[string]any{"livePool": "breath"}, "live-read", "items.carry.encumberedAbove", nil},
		{"carry limit naming an unknown field", "items.carry.limit", map[string]any{"field": "lamp"}, "unknown-ref", "items.carry.limit.field", nil},
		{"binding max reading an item stat", "items.binding.max", map[string]any{"itemStat": map[string]any{"stat": "heft", "from": "worn", "pick": "sum"}}, "live-read", "items.binding.max", nil},
		{"binding max naming an unknown ability", "items.binding.max", map[string]any{"abilityScore": "grit"}, "unknown-ref", "items.binding.max.abilityScore", nil},
		{"a seller's only naming an unknown skill", "items.market.sellers.0.only.value", map[string]any{"skillMod": "haggle"}, "unknown-ref", "items.market.sellers.0.only.value.skillMod", nil},
		{"a loot line naming an unknown catalog", "items.lootTables.0.entries.0.item", "bags/wax", "unknown-catalog", "items.lootTables.0.entries.0.item", nil},
		{"a loot line's filter with an unknown word", "items.lootTables.0.entries.1.filter", map[string]any{"rarity": "rare"}, "unknown-word", "items.lootTables.0.entries.1.filter.rarity", nil},
		{"a sold rule's filter with an unknown word", "items.market.sold.0.filter", map[string]any{"tag": "brass"}, "unknown-word", "items.market.sold.0.filter.tag", nil},
		{"a seller at an unknown place", "items.market.sellers.0.place", "city", "unknown-place", "items.market.sellers.0.place", nil},
		{"an item catalog without items", "items", nil, "items-need-items", "catalogs.1.holds",
			[]edit{{"catalogs.2.entries.0.creature.loot", nil}, {"combat.threat.tiers.0.loot", nil}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := doc(loadBase(t))
			for _, e := range tc.also {
				m.set(t, e.path, e.value)
			}
			m.set(t, tc.path, tc.value)
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

// TestFormatReportsOnce: a value of the wrong shape is reported when the
// file is read, and the cross-reference checks do not report it again.
func TestFormatReportsOnce(t *testing.T) {
	for _, tc := range []struct {
		path  string
		value any
	}{
		{"items.rarityCaps.0.stats.heft", "five"},
		{"catalogs.1.entries.0.item.stats.heft", []any{1.0}},
		{"catalogs.1.entries.0.item.stats.make", map[string]any{"tin": true}},
		{"catalogs.1.entries.0.item.slots.hand", "one"},
		{"items.carry.stat", 3.0},
	} {
		m := doc(loadBase(t)).set(t, tc.path, tc.value)
		shape, cross := formatFindings(t, m)
		n := 0
		for _, d := range append(shape, cross...) {
			if d.Path == tc.path {
				n++
			}
		}
		if n != 1 || len(cross) != 0 {
			t.Errorf("%s = %v: %d findings there; cross-references %v", tc.path, tc.value, n, cross)
		}
	}
}
