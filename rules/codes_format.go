package rules

import "rulebench/model"

// Finding codes of the format checks: a ruleset's cross-references (a name
// that must be declared elsewhere) and the rules that tie its parts together.
//
//rulebench:category format
const (
	// CodeUnknownSection: a field or list names a section that sheet.sections does not declare.
	CodeUnknownSection model.Code = "unknown-section"
	// CodeUnknownSlot: an item takes a slot that items.slots does not declare.
	CodeUnknownSlot model.Code = "unknown-slot"
	// CodeUnknownCoin: a cost or loot line names a coin that no currency family declares.
	CodeUnknownCoin model.Code = "unknown-coin"
	// CodeUnknownPlace: a market place is named that items.market.places does not declare.
	CodeUnknownPlace model.Code = "unknown-place"
	// CodeUnknownLootTable: a loot table is named that items.lootTables does not declare.
	CodeUnknownLootTable model.Code = "unknown-loot-table"
	// CodeUndeclaredFilter: a catalog entry gives a filter value for a filter its catalog does not declare.
	CodeUndeclaredFilter model.Code = "undeclared-filter"
	// CodeNotItems: an item reference points at a catalog or entry that does not hold items.
	CodeNotItems model.Code = "not-items"
	// CodeLiveRead: a value worked out without live state reads live state.
	CodeLiveRead model.Code = "live-read"
	// CodeDerivedOrder: a derived value reads one declared at or below it.
	CodeDerivedOrder model.Code = "derived-order"
	// CodeDerivedIsField: a derived value has the id of a field.
	CodeDerivedIsField model.Code = "derived-is-field"
	// CodePoolIsTrack: a live pool has the id of a track.
	CodePoolIsTrack model.Code = "pool-is-track"
	// CodeSaveIsSkill: a save has the id of a skill.
	CodeSaveIsSkill model.Code = "save-is-skill"
	// CodePoolColumn: a list's pool names no column of the right type in that list.
	CodePoolColumn model.Code = "pool-column"
	// CodeEnumDefault: an enum field's default is not one of its values.
	CodeEnumDefault model.Code = "enum-default"
	// CodeValueLabel: valueLabels labels a value that the field does not have.
	CodeValueLabel model.Code = "value-label"
	// CodeTableKey: an enum table has a key that is not one of the values it reads.
	CodeTableKey model.Code = "table-key"
	// CodeStateDefault: a live state's default is not one of its values.
	CodeStateDefault model.Code = "state-default"
	// CodeHideType: a hideWhen compares a field with a value of another type.
	CodeHideType model.Code = "hide-type"
	// CodeHideRange: a hideWhen compares a field with a value outside the field's range or length.
	CodeHideRange model.Code = "hide-range"
	// CodeHideValue: a hideWhen compares an enum field with a value it can never hold.
	CodeHideValue model.Code = "hide-value"
	// CodeTrackMax: a track's max does not fit its boxes or levels.
	CodeTrackMax model.Code = "track-max"
	// CodeWoundMin: a wound track's min is not 0.
	CodeWoundMin model.Code = "wound-min"
	// CodeWoundDefault: a wound track's default is absent or 0.
	CodeWoundDefault model.Code = "wound-default"
	// CodeLevelOrder: a wound track's level penalties do not fall from one level to the next.
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
