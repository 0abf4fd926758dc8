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
	// Why: the Engine refuses a `hideWhen` whose compared value is not of the field's type (a
	// number for a number field, `true` or `false` for a boolean field, text for a text field),
	// since the field could never hold it.
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
	//
	// Why: `severity` orders a wound track's kinds of harm (a sequential track keeps its marks sorted
	// by it, and a full track upgrades its lightest mark), so the Engine refuses two kinds of one track
	// with the same severity, which could not be ordered.
	//
	// Fix: give each kind its own severity: `"kinds": [{ "id": "bruise", "label": "Bruise",
	// "severity": 1 }, { "id": "gash", "label": "Gash", "severity": 2 }]`.
	CodeKindSeverity model.Code = "kind-severity"
	// CodeFillIndexed: a track fills "indexed" without onFull "refuse".
	//
	// Why: an `indexed` track puts a mark on the box a command names (or the next free one above
	// it) and leaves the other marks where they are, and a full indexed track always refuses a new
	// mark; the Engine refuses `"fill": "indexed"` without `"onFull": "refuse"`.
	//
	// Fix: add `"onFull": "refuse"` beside `"fill": "indexed"`, or fill the track `"sequential"`.
	CodeFillIndexed model.Code = "fill-indexed"
	// CodeCapMod: a cap reads a skill or save modifier, directly or through a derived value.
	//
	// Why: a `cap` is the most a skill's or save's check can come to, and a modifier is what a cap
	// limits, so the Engine refuses a cap that is a `skillMod` or `saveMod`, and a cap on a derived
	// value when that value or any derived value declared above it reads one (ruleset-format.md
	// §3.1).
	//
	// Fix: cap with a value that reads no modifier, such as `"cap": { "abilityScore": "might" }`, or a
	// derived value made only of abilities, fields and live values.
	CodeCapMod model.Code = "cap-mod"
	// CodeUntrainedHarder: untrained "harder" is used where the target cannot be adjusted.
	//
	// Why: `"harder"` rolls an untrained check one step harder by raising the per-die target by one,
	// which only a `dice-pool` ruleset whose target can move (`target.min` below `target.max`) can do;
	// the Engine refuses it anywhere else, on skills, saves and sections alike.
	//
	// Fix: choose another rule, such as `"untrained": { "by": -1 }` or `"refuse"`, or make the target
	// adjustable: `"target": { "default": 6, "min": 5, "max": 8 }`.
	CodeUntrainedHarder model.Code = "untrained-harder"
	// CodeMultiplierWithoutProficiency: a proficiency tier has a multiplier, but the resolution has no proficiency bonus.
	//
	// Why: a tier's `multiplier` multiplies the bonus `resolution.proficiency.bonus` names; with no
	// `proficiency` there is nothing to multiply, and the Engine refuses any tier whose `multiplier` is
	// not 0 (ruleset-format.md §2.1).
	//
	// Fix: declare the bonus, `"proficiency": { "bonus": { "derived": "training_bonus" } }`, or give
	// the tier a `flat` bonus instead: `{ "id": "skilled", "label": "Skilled", "flat": 2 }`.
	CodeMultiplierWithoutProficiency model.Code = "multiplier-without-proficiency"
	// CodeCreaturesNeedCombat: a creatures catalog is declared in a ruleset without a combat block of threat tiers.
	//
	// Why: every creature is filed under a tier of `combat.threat`, the scale a Game Master picks
	// opponents from, so the Engine refuses a `"holds": "creatures"` catalog in a ruleset without a
	// `combat` block that declares threat tiers.
	//
	// Fix: add a `combat` block with `"threat": { "tiers": [{ "id": "minion", "label": "Minion", ...
	// }] }` and give each creature a `"tier"`, or remove the catalog.
	CodeCreaturesNeedCombat model.Code = "creatures-need-combat"
	// CodeItemsNeedItems: an items catalog is declared in a ruleset without an items block.
	//
	// Why: items are written in the words an `items` block declares (each needs a declared
	// `category`), so the Engine refuses a `"holds": "items"` catalog in a ruleset without an `items`
	// block.
	//
	// Fix: add an `items` block with at least one category, `"items": { "categories": [{ "id":
	// "tool", "label": "Tools" }] }`, or remove the catalog.
	CodeItemsNeedItems model.Code = "items-need-items"
	// CodeRowList: a catalog row writes to a list that its catalog does not feed.
	//
	// Why: a rows catalog writes only into the sheet lists its `feeds` names, which is where its
	// picker is offered; the Engine refuses a row whose `list` is not one of them or is no sheet list.
	//
	// Fix: add the list to the catalog's `"feeds": ["talents"]`, or write the row to a list the
	// catalog feeds: `{ "list": "talents", "values": { "title": "Keen eye" } }`.
	CodeRowList model.Code = "row-list"
	// CodeFilterType: a catalog entry's filter value does not fit the filter's type.
	//
	// Why: a `number` filter takes a number, a `text` filter one string and a `tags` filter a list of
	// strings; the Engine refuses an entry value of another type, which the picker could not compare.
	//
	// Fix: give the value the filter's type: `"filters": { "circle": 2 }` for a number filter,
	// `{ "paths": ["storm"] }` for a tags filter.
	CodeFilterType model.Code = "filter-type"
	// CodeDuplicateTag: an item gives one tag twice.
	//
	// Why: an item's `tags` name declared tags with no repeats (ruleset-format.md §5.8), and the
	// Engine refuses a tag listed twice.
	//
	// Fix: list each tag once: `"tags": ["sturdy", "scarce"]`, not `["sturdy", "sturdy"]`.
	CodeDuplicateTag model.Code = "duplicate-tag"
	// CodeDuplicateCap: a rarity has two caps.
	//
	// Why: a rarity cap is the most an item the Game Master invents may give at that rarity, and the
	// Engine allows one cap per rarity, refusing a second one that would give two limits.
	//
	// Fix: merge the two caps into one: `{ "rarity": "scarce", "stats": { "heft": 5 }, "bonus": 2
	// }`.
	CodeDuplicateCap model.Code = "duplicate-cap"
	// CodeDuplicateUnit: two coins share an id (coin ids are unique across all families).
	//
	// Why: a price names its coin by the coin's id alone, so coin ids are unique across all families;
	// the Engine refuses an id used twice, in one family or in two.
	//
	// Fix: give each coin its own id, such as `elf_silver` and `dwarf_silver` for the silver coins of
	// two families.
	CodeDuplicateUnit model.Code = "duplicate-unit"
	// CodeNoSmallestCoin: a currency family has no coin of value 1.
	//
	// Why: a family's coin values are counted in its smallest coin, which is worth 1: change is given
	// down to it, and a price re-expressed under a layer can always fall back to it; the Engine
	// refuses a family with no coin of `"value": 1`.
	//
	// Fix: add the smallest coin, `{ "id": "copper", "label": "copper pieces", "value": 1 }`, and
	// count the other coins' values in it.
	CodeNoSmallestCoin model.Code = "no-smallest-coin"
	// CodeNoCurrencies: an item has a cost, but items declares no currencies.
	//
	// Why: a `cost` is paid in a declared coin, and the Engine gives a file with item costs but no
	// `items.currencies` at all a refusal of its own.
	//
	// Fix: declare a family, `"currencies": [{ "id": "money", "label": "Money", "units": [{ "id":
	// "copper", "label": "copper pieces", "value": 1 }] }]`, or remove the items' `cost`.
	CodeNoCurrencies model.Code = "no-currencies"
	// CodePerWeight: a currency family gives perWeight without items.carry.
	//
	// Why: `perWeight` is how many coins weigh one unit of the `items.carry` stat; without
	// `items.carry` weight means nothing, and the Engine refuses `perWeight`.
	//
	// Fix: declare `"carry": { "stat": "heft", "encumberedAbove": { "const": 10 } }` in `items`, or
	// remove `perWeight` from the family.
	CodePerWeight model.Code = "per-weight"
	// CodeSlotCount: an item takes more slots of a kind than a character has.
	//
	// Why: an item's `slots` are counted against the slots a character has of each kind
	// (`items.slots[].count`), and the Engine refuses an item that takes more, which could never be
	// worn.
	//
	// Fix: take at most the slot's `count`: with `{ "id": "ring", "label": "Ring", "count": 2 }`,
	// the item has `"slots": { "ring": 2 }` or less.
	CodeSlotCount model.Code = "slot-count"
	// CodeServiceCost: a service has no cost.
	//
	// Why: a service (lodging, passage, a blessing) is bought like an item but never carried, so
	// buying it only pays; the Engine refuses `"service": true` without a `cost`.
	//
	// Fix: give the service a price: `"service": true, "cost": { "amount": 5, "unit": "copper" }`.
	CodeServiceCost model.Code = "service-cost"
	// CodeServiceKey: a service has a key only a thing to hold can have.
	//
	// Why: a service is never carried, so the Engine refuses one with `slots`, `stack`, `binds`,
	// `worn`, `carried`, `requires`, `attack`, `use` or `charges`, which only a thing to hold has.
	//
	// Fix: remove those keys from the service, or remove `"service": true` to make it an ordinary
	// item.
	CodeServiceKey model.Code = "service-key"
	// CodeSoldNeedsMarket: an item says where it is sold, but items has no market.
	//
	// Why: an item's `sold` names the smallest market place that sells it, and the Engine refuses it in
	// a ruleset whose `items` has no `market`, where there are no places.
	//
	// Fix: add `items.market` with its `prices` and `places` (`"sold": { "place": "harbour" }` then
	// names one of them), or remove the item's `sold`.
	CodeSoldNeedsMarket model.Code = "sold-needs-market"
	// CodeBindsNeedBinding: an item binds, but items has no binding block.
	//
	// Why: an item that `binds` does nothing while worn until it is bound, and `items.binding` says how
	// many items a character may have bound at once; the Engine refuses `binds` without
	// `items.binding`.
	//
	// Fix: declare the binding, `"binding": { "label": "Attunement", "max": { "const": 3 } }`, or
	// remove the item's `binds`.
	CodeBindsNeedBinding model.Code = "binds-need-binding"
)

// Finding codes of a difficulty ladder under the resolution: the base
// ladder's and a layer's.
const (
	// CodeLadderKind: a ladder step is of the other resolution's kind (successes in a dice-sum ruleset, dc in a dice-pool one).
	//
	// Why: ladder steps have the base resolution kind's shape, `{ label, dc }` for `dice-sum` and
	// `{ label, successes, target? }` for `dice-pool`; the Engine refuses a step without `dc` in a sum
	// ruleset, or without `successes` in a pool ruleset, in the base ladder and a layer's alike.
	//
	// Fix: write the steps in the ruleset's kind: `{ "label": "Tricky", "dc": 12 }` for dice-sum,
	// `{ "label": "Tricky", "successes": 2 }` for dice-pool.
	CodeLadderKind model.Code = "ladder-kind"
	// CodeLadderSuccesses: a ladder step asks for more successes than the pool can count.
	//
	// Why: a pool counts at most `(pool.max + (explode ? pool.max : 0)) × (double ? 2 : 1)` successes,
	// and the Engine refuses a step that asks for more, which no roll could reach.
	//
	// Fix: lower the step's `successes` to that count, or raise `pool.max`: with `pool.max` 6 and no
	// `explode` or `double`, `"successes": 6` at most.
	CodeLadderSuccesses model.Code = "ladder-successes"
	// CodeLadderTarget: a ladder step sets a target that cannot be adjusted or lies outside the target range.
	//
	// Why: a step may set the per-die target only when the ruleset's target is adjustable
	// (`target.min` below `target.max`), and then only within that range; the Engine refuses any other
	// step `target`.
	//
	// Fix: remove the step's `target`, or keep it within the range: with `"target": { "default": 6,
	// "min": 5, "max": 8 }`, `{ "label": "Bleak", "successes": 2, "target": 8 }`.
	CodeLadderTarget model.Code = "ladder-target"
)
