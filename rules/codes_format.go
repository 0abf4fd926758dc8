package rules

import "rulebench/model"

// Finding codes of the format checks: a ruleset's cross-references (a name
// that must be declared elsewhere) and the rules that tie its parts together.
//
//rulebench:category format
const (
	// CodeUnknownSection: an ability, skill, save, field, derived value or list names a section that sheet.sections does not declare.
	//
	// Why: the sheet is laid out in the sections `sheet.sections` declares, and the Engine refuses a
	// file in which any `section` names an id that list does not have (ruleset-format.md §3.1).
	//
	// Fix: declare the section, `"sections": [{ "id": "talents", "label": "Talents" }]`, or correct
	// the `section` to an id that is declared.
	CodeUnknownSection model.Code = "unknown-section"
	// CodeUnknownSlot: an item takes a slot that items.slots does not declare.
	//
	// Why: an item's `slots` say how many of each slot it takes while worn or held, counted against the
	// slots a character has; the Engine refuses a slot id that `items.slots` does not declare.
	//
	// Fix: declare the slot, `"slots": [{ "id": "neck", "label": "Neck", "count": 1 }]`, or name a
	// declared one in the item: `"slots": { "neck": 1 }`.
	CodeUnknownSlot model.Code = "unknown-slot"
	// CodeUnknownCoin: a cost or loot line names a coin that no currency family declares.
	//
	// Why: a price and a loot line's `coins` name a coin by its id alone, and the Engine refuses an id
	// that no family in `items.currencies` declares: nothing could pay that price or drop those coins.
	//
	// Fix: name a declared coin, or add it to a family: `{ "id": "gold", "label": "gold pieces",
	// "value": 100 }` lets an item cost `{ "amount": 3, "unit": "gold" }`.
	CodeUnknownCoin model.Code = "unknown-coin"
	// CodeUnknownPlace: a market place is named that items.market.places does not declare.
	//
	// Why: places are ranked by their order in `items.market.places`, and the `place` of a sold
	// rule, a seller or an item's `sold` is the smallest place where it is found; the Engine refuses
	// a place id that list does not declare, since it has no rank.
	//
	// Fix: add the place to `items.market.places` in its order, smallest first (`{ "id": "harbour",
	// "label": "harbour" }`), or name a declared place.
	CodeUnknownPlace model.Code = "unknown-place"
	// CodeUnknownLootTable: a loot table is named that items.lootTables does not declare.
	//
	// Why: a creature's `loot` is the table a won fight rolls for it, and the Engine refuses one that
	// names no table in `items.lootTables`; a threat tier's `loot` and a seller's `stock`, which the
	// behaviour spec adds (decisions.md §2), name tables the same way.
	//
	// Fix: name a declared table, or declare it: `"lootTables": [{ "id": "bandit_purse", "label":
	// "Purse", "entries": [{ "coins": "copper", "count": "2d6" }] }]` with `"loot": "bandit_purse"`.
	CodeUnknownLootTable model.Code = "unknown-loot-table"
	// CodeUndeclaredFilter: a catalog entry gives a filter value for a filter its catalog does not declare.
	//
	// Why: an entry's `filters` give values for the filters its catalog declares, which are all the
	// picker filters on; the Engine refuses a value for a filter id the catalog does not declare.
	//
	// Fix: declare the filter on the catalog, `"filters": [{ "id": "circle", "label": "Circle",
	// "type": "number" }]`, or correct or remove the entry's value.
	CodeUndeclaredFilter model.Code = "undeclared-filter"
	// CodeNotItems: an item reference points at a catalog or entry that does not hold items.
	//
	// Why: a loot line's `item` drops that item, so the Engine refuses one whose catalog does not hold
	// items, and, for an inline catalog, one whose entry is not an item (rows or a creature).
	//
	// Fix: point the line at an item of a `"holds": "items"` catalog, `{ "item": "wares/rope" }`, or
	// drop any matching item with a filter line, `{ "filter": { "category": "tool" } }`.
	CodeNotItems model.Code = "not-items"
	// CodeLiveRead: a value worked out without live state reads live state.
	//
	// Why: a pool's `max`, a track's ref `max`, the proficiency bonus, scaled columns,
	// `mechanics.scales`, `items.binding.max` and the carry limits are worked out from the build alone,
	// so the Engine refuses them when they read `liveTrack`, `livePool` or `itemStat`, or a derived
	// value, skill or save that reads live state (ruleset-format.md §3.5).
	//
	// Fix: read only what is fixed when the character is made, for example `"max": { "abilityScore":
	// "might" }` in place of a `livePool`, or a derived value that sums abilities and fields.
	CodeLiveRead model.Code = "live-read"
	// CodeDerivedOrder: a derived value reads one declared at or below it.
	//
	// Why: a derived value may read only derived values declared above it in `sheet.derived`, which is
	// what keeps cycles out of the sheet; the Engine refuses one that reads itself or one declared
	// below it.
	//
	// Fix: move the value it reads above it: with `{ "id": "guard_total", "op": "sum", "of": [{
	// "derived": "armour_bonus" }] }`, declare `armour_bonus` first.
	CodeDerivedOrder model.Code = "derived-order"
	// CodeDerivedIsField: a derived value has the id of a field.
	//
	// Why: the Engine refuses a derived value whose id is also a field's id (ruleset-format.md §3.3),
	// so that each id on the sheet names one value.
	//
	// Fix: give one of the two another id, such as the field `might_base` and the derived value
	// `might`, and update the refs that name it.
	CodeDerivedIsField model.Code = "derived-is-field"
	// CodePoolIsTrack: a live pool has the id of a track.
	//
	// Why: the Engine refuses a live pool whose id is also a track's id (ruleset-format.md §3.5), so
	// that each live value has an id of its own.
	//
	// Fix: rename one of them, such as the pool `vigor` and the track `fatigue`, and update what names
	// it (`livePool`, `liveTrack`, rest steps, costs).
	CodePoolIsTrack model.Code = "pool-is-track"
	// CodeSaveIsSkill: a save has the id of a skill.
	//
	// Why: the Engine refuses a save whose id is also a skill's id (ruleset-format.md §3.1): a stored
	// sheet keeps its `bonuses` by skill or save id in one record, so the two would share a bonus.
	//
	// Fix: give the save its own id, such as `endurance_save` beside the skill `endurance`.
	CodeSaveIsSkill model.Code = "save-is-skill"
	// CodePoolColumn: a list's pool names no column of the right type in that list.
	//
	// Why: with `pools`, every row of the list is a live pool named by `nameColumn` (a text column),
	// whose maximum is `maxColumn` (a number column) and whose recharge is `rechargeColumn` (an enum
	// column); the Engine refuses one that names a missing column or one of another type.
	//
	// Fix: name columns of this list of the right types: `"pools": { "nameColumn": "title",
	// "maxColumn": "charges_max" }` with `title` a text column and `charges_max` a number column.
	CodePoolColumn model.Code = "pool-column"
	// CodeEnumDefault: an enum field's, list column's or item stat's default is not one of its values.
	//
	// Why: a new sheet, row or item starts at the default, and the Engine refuses an enum default that
	// is not among its `values`, since it would start with a value it cannot hold.
	//
	// Fix: make the default one of the values, `"values": ["north", "south"], "default": "north"`,
	// or add it to `values`.
	CodeEnumDefault model.Code = "enum-default"
	// CodeValueLabel: valueLabels labels a value that the field or live state does not have.
	//
	// Why: `valueLabels` gives the display text of values the field or live state has, and the Engine
	// refuses a key that is not one of its `values`, most often a misspelt or removed value.
	//
	// Fix: key the label by an existing value, `"values": ["calm", "angry"], "valueLabels": {
	// "angry": "Angry" }`, or add the value to `values`.
	CodeValueLabel model.Code = "value-label"
	// CodeTableKey: an enum table has a key that is not one of the values it reads.
	//
	// Why: an `enumTable` gives a number for each value of the enum field or live state its `from`
	// reads, and the Engine refuses a key that is not one of those values, since it is never read
	// (only a ruleset with layers applied skips this check).
	//
	// Fix: key the table by the values `from` reads: for a field of values `["calm", "angry"]`,
	// `"table": { "calm": 0, "angry": 2 }`.
	CodeTableKey model.Code = "table-key"
	// CodeStateDefault: a live state's default is not one of its values.
	//
	// Why: a live state always holds one of its values, starts at its `default` (the first value when
	// there is none) and goes back to it on a rest step `"to": "default"`; the Engine refuses a default
	// that is not one of `values`.
	//
	// Fix: use one of the values, `"values": ["low", "high"], "default": "low"`, or leave `default`
	// out to start at the first value.
	CodeStateDefault model.Code = "state-default"
	// CodeHideType: a hideWhen compares a field with a value of another type.
	//
	// Why: the Engine refuses a `hideWhen` whose compared value is not of the field's type (a number
	// for a number field, `true` or `false` for a boolean field, text for a text field), since the field
	// could never hold it.
	//
	// Fix: compare with a value of the field's type: `"hideWhen": { "field": "rank", "equals": 0 }`
	// for a number field `rank`, not `"0"`.
	CodeHideType model.Code = "hide-type"
	// CodeHideRange: a hideWhen's notEquals or in compares a field with a value outside the field's range or maxLength.
	//
	// Why: for `notEquals` and `in`, the Engine refuses a number outside the field's `min`..`max` and
	// a text longer than its `maxLength`, which the field can never hold (`equals` keeps an older check
	// of the type only, ruleset-format.md §3.6).
	//
	// Fix: compare with values the field can hold: for a number field `rank` of 0..5, `"hideWhen": {
	// "field": "rank", "in": [0, 1] }`, not `[0, 9]`.
	CodeHideRange model.Code = "hide-range"
	// CodeHideValue: a hideWhen compares an enum field with a value it can never hold.
	//
	// Why: an enum field only ever holds one of its `values`, so the Engine refuses a `hideWhen` that
	// compares it with anything else: such an `equals` or `in` could never hide the item, and a
	// `notEquals` could never show it.
	//
	// Fix: compare with one of the field's values, spelt and cased as in `values`: for `["day",
	// "night"]`, `"hideWhen": { "field": "shift", "equals": "night" }`.
	CodeHideValue model.Code = "hide-value"
	// CodeTrackMax: a track's max does not fit its boxes or levels.
	//
	// Why: a wound track's length is its `levels`, or for `boxes` its `max`; the Engine refuses a
	// levels track whose `max` is not its number of levels, so the file never gives two lengths, and a
	// box track whose `max` is outside 0..64.
	//
	// Fix: set `max` to the number of levels (`"max": 3` for three levels), or to at most 64 on a
	// box track.
	CodeTrackMax model.Code = "track-max"
	// CodeWoundMin: a wound track's min is not 0.
	//
	// Why: a wound track counts marks up from none, its length set by its levels or boxes, so the
	// Engine refuses a wound track whose `min` is not 0.
	//
	// Fix: set `"min": 0` on the track.
	CodeWoundMin model.Code = "wound-min"
	// CodeWoundDefault: a wound track's default is absent or 0.
	//
	// Why: a wound track starts with no marks, so the Engine refuses a wound track whose `default` is
	// given and is not 0.
	//
	// Fix: leave `default` out of the track, or set `"default": 0`.
	CodeWoundDefault model.Code = "wound-default"
	// CodeLevelOrder: a wound track's level has a higher penalty than the level above it.
	//
	// Why: a wound track's levels are listed best first, and a level further down never costs less
	// than the one above it; the Engine refuses a level whose `penalty` is higher (better) than the
	// previous level's.
	//
	// Fix: order the levels so the penalties never rise: `[{ "label": "Scratched", "penalty": 0 }, {
	// "label": "Maimed", "penalty": -2 }]`.
	CodeLevelOrder model.Code = "level-order"
	// CodeKindSeverity: two wound kinds of a track share a severity.
	CodeKindSeverity model.Code = "kind-severity"
	// CodeFillIndexed: a track fills "indexed" without onFull "refuse".
	CodeFillIndexed model.Code = "fill-indexed"
	// CodeCapMod: a cap reads a skill or save modifier.
	CodeCapMod model.Code = "cap-mod"
	// CodeUntrainedHarder: untrained "harder" is used where the target cannot be adjusted.
	CodeUntrainedHarder model.Code = "untrained-harder"
	// CodeMultiplierWithoutProficiency: a proficiency tier has a multiplier, but the resolution has no proficiency bonus.
	CodeMultiplierWithoutProficiency model.Code = "multiplier-without-proficiency"
	// CodeCreaturesNeedCombat: a creatures catalog is declared in a ruleset without a combat block of threat tiers.
	CodeCreaturesNeedCombat model.Code = "creatures-need-combat"
	// CodeItemsNeedItems: an items catalog is declared in a ruleset without an items block.
	CodeItemsNeedItems model.Code = "items-need-items"
	// CodeRowList: a catalog row writes to a list that its catalog does not feed.
	CodeRowList model.Code = "row-list"
	// CodeFilterType: a catalog entry's filter value does not fit the filter's type.
	CodeFilterType model.Code = "filter-type"
	// CodeDuplicateTag: an entry or item gives one tag twice.
	CodeDuplicateTag model.Code = "duplicate-tag"
	// CodeDuplicateCap: a rarity has two caps.
	CodeDuplicateCap model.Code = "duplicate-cap"
	// CodeDuplicateUnit: two coins share an id (coin ids are unique across all families).
	CodeDuplicateUnit model.Code = "duplicate-unit"
	// CodeNoSmallestCoin: a currency family has no coin of value 1.
	CodeNoSmallestCoin model.Code = "no-smallest-coin"
	// CodeNoCurrencies: an item has a cost, but items declares no currencies.
	CodeNoCurrencies model.Code = "no-currencies"
	// CodePerWeight: a currency family gives perWeight without items.carry.
	CodePerWeight model.Code = "per-weight"
	// CodeSlotCount: an item takes more slots of a kind than a character has.
	CodeSlotCount model.Code = "slot-count"
	// CodeServiceCost: a service has no cost.
	CodeServiceCost model.Code = "service-cost"
	// CodeServiceKey: a service has a key only a thing to hold can have.
	CodeServiceKey model.Code = "service-key"
	// CodeSoldNeedsMarket: an item says where it is sold, but items has no market.
	CodeSoldNeedsMarket model.Code = "sold-needs-market"
	// CodeBindsNeedBinding: an item binds, but items has no binding block.
	CodeBindsNeedBinding model.Code = "binds-need-binding"
)

// Finding codes of a difficulty ladder under the resolution: the base
// ladder's and a layer's.
const (
	// CodeLadderKind: a ladder step is of the other resolution's kind (successes in a dice-sum ruleset, dc in a dice-pool one).
	CodeLadderKind model.Code = "ladder-kind"
	// CodeLadderSuccesses: a ladder step asks for more successes than the pool can count.
	CodeLadderSuccesses model.Code = "ladder-successes"
	// CodeLadderTarget: a ladder step sets a target that cannot be adjusted or lies outside the target range.
	CodeLadderTarget model.Code = "ladder-target"
)
