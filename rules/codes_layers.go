package rules

import "rulebench/model"

// Finding codes of the layer import checks (engine-behaviour.md §3, and
// decisions.md §2 for a layer's items).
//
//rulebench:category layers
const (
	// CodeLayerDuplicateID: two layers share an id.
	//
	// Why: a game turns a layer on by its id (`layer.<id>: true` in its options) and `conflicts` name
	// layers by id, so the Engine refuses a layer whose id an earlier layer already has (each repeat is
	// reported, the first use is fine).
	//
	// Fix: give each layer its own id, such as `"id": "long_winter"` and `"id": "early_thaw"`, and
	// update any `conflicts` that named the repeated one.
	CodeLayerDuplicateID model.Code = "layer-duplicate-id"
	// CodeLayerConflictsSelf: a layer lists itself in conflicts.
	//
	// Why: `conflicts` names the other layers that cannot be on at the same time as this one, and the
	// Engine refuses a layer that names itself there (engine-behaviour.md §3.2).
	//
	// Fix: remove the layer's own id from its `conflicts`: on `"id": "long_winter"`, `"conflicts":
	// ["early_thaw"]`.
	CodeLayerConflictsSelf model.Code = "layer-conflicts-self"
	// CodeLayerConflictsUnknown: a layer's conflicts names an id that no layer has.
	//
	// Why: the setup wizard disables a conflicting layer's toggle, and a pinned game with both drops
	// the one declared later, both by id; the Engine refuses a `conflicts` entry that names no declared
	// layer, most often a misspelt or removed one.
	//
	// Fix: name a declared layer, `"conflicts": ["early_thaw"]` where a layer has `"id":
	// "early_thaw"`, or remove the entry.
	CodeLayerConflictsUnknown model.Code = "layer-conflicts-unknown"
	// CodeLayerFieldUnknown: a layer narrows a field that the sheet does not have.
	//
	// Why: a layer's `fields` narrows fields the sheet already has (it can never add one), so the
	// Engine refuses an entry whose `id` no sheet field has.
	//
	// Fix: name an enum field of `sheet.fields`, spelt as there: `{ "id": "homeland",
	// "removeValues": ["isles"] }` where `homeland` is an enum field.
	CodeLayerFieldUnknown model.Code = "layer-field-unknown"
	// CodeLayerFieldNotEnum: a layer narrows a field that is not an enum field.
	//
	// Why: a layer can only remove values from an enum field, the one type with a closed list of
	// values, so the Engine refuses a `fields` entry naming a field of any other type.
	//
	// Fix: narrow an enum field instead, or make the field an enum in the sheet: `{ "id":
	// "homeland", "type": "enum", "values": ["uplands", "isles"], ... }`.
	CodeLayerFieldNotEnum model.Code = "layer-field-not-enum"
	// CodeLayerFieldTwice: a layer narrows one field twice.
	//
	// Why: the Engine refuses a layer that narrows one field in two `fields` entries; the second
	// entry is reported (engine-behaviour.md §3.3).
	//
	// Fix: merge the two entries into one: `{ "id": "homeland", "removeValues": ["isles", "marsh"]
	// }`.
	CodeLayerFieldTwice model.Code = "layer-field-twice"
	// CodeLayerValueUnknown: a layer removes a value that the field does not have.
	//
	// Why: a layer only takes away values a field has, so the Engine refuses each `removeValues`
	// entry that is not one of the field's `values`, compared exactly, case included.
	//
	// Fix: write the value exactly as the field's `values` do: for `["Uplands", "Isles"]`,
	// `"removeValues": ["Isles"]`.
	CodeLayerValueUnknown model.Code = "layer-value-unknown"
	// CodeLayerValueHideWhen: a layer removes a value that a hideWhen compares against.
	//
	// Why: while the layer is on, a `hideWhen` that compares the field with the removed value would
	// break (an `equals` or `in` on it would never hide its item, a `notEquals` never show it), so the
	// Engine refuses the removal, even when the layer names a valid new `default`.
	//
	// Fix: keep that value in the field, or compare the `hideWhen` with a value the layer leaves:
	// `"hideWhen": { "field": "homeland", "equals": "uplands" }`.
	CodeLayerValueHideWhen model.Code = "layer-value-hidewhen"
	// CodeLayerNoValueLeft: a layer removes every value of a field.
	//
	// Why: an enum field needs at least one value, so the Engine refuses a layer that removes them
	// all; two layers that only together remove every value both import, and the fallback drops the
	// later one when both are on (engine-behaviour.md §2.2).
	//
	// Fix: leave at least one value: for `["uplands", "isles", "marsh"]`, `"removeValues": ["isles",
	// "marsh"]`, with `"default": "uplands"` if the default goes.
	CodeLayerNoValueLeft model.Code = "layer-no-value-left"
	// CodeLayerDefaultInvalid: a layer's new default is not among the values it leaves.
	//
	// Why: while the layer is on, the field's default is the layer's `default`, so the Engine refuses
	// one that is not among the values this layer leaves: a value the field does not have, or one the
	// same layer removes.
	//
	// Fix: name a value the layer keeps: with `"removeValues": ["isles"]`, `"default": "uplands"`.
	CodeLayerDefaultInvalid model.Code = "layer-default-invalid"
	// CodeLayerDefaultRemoved: a layer removes a field's default without naming a new one.
	//
	// Why: a field whose default a layer removes would have no default while the layer is on, so the
	// Engine refuses a layer that removes the field's own `default` without naming a replacement.
	//
	// Fix: add a default from the values the layer leaves: `{ "id": "homeland", "removeValues":
	// ["isles"], "default": "uplands" }` where `isles` was the default.
	CodeLayerDefaultRemoved model.Code = "layer-default-removed"
	// CodeLayerFamilyUnknown: a layer removes a currency family that does not exist.
	//
	// Why: `currencies.removeFamilies` takes away families that `items.currencies` declares, and the
	// Engine refuses a family id it does not declare.
	//
	// Fix: name a declared family, spelt as there: `"currencies": { "removeFamilies": ["guild_scrip"]
	// }` where `items.currencies` has a family `guild_scrip`.
	CodeLayerFamilyUnknown model.Code = "layer-family-unknown"
	// CodeLayerUnitUnknown: a layer removes a coin that no currency family declares.
	//
	// Why: `currencies.removeUnits` names single coins, looked up in every family, and the Engine
	// refuses a coin id that no family declares.
	//
	// Fix: name a declared coin, spelt as there: `"currencies": { "removeUnits": ["gold"] }` where a
	// family has a coin `gold`.
	CodeLayerUnitUnknown model.Code = "layer-unit-unknown"
	// CodeLayerSmallestCoin: a layer removes a family's smallest coin without the whole family.
	//
	// Why: a family's value-1 coin is what its values, change and re-expressed prices are counted in,
	// so every family that remains must keep it; the Engine refuses a layer that removes that coin
	// unless the same layer also removes its whole family.
	//
	// Fix: keep the smallest coin, or remove the family in the same layer: `"currencies": {
	// "removeFamilies": ["money"] }` (with or without `"removeUnits": ["copper"]`).
	CodeLayerSmallestCoin model.Code = "layer-smallest-coin"
	// CodeLayerCatalogUnknown: a layer's hide rule names a catalog that does not exist.
	//
	// Why: a layer's `catalogs` rules hide entries of the ruleset's catalogs from the sheet editor's
	// pickers, and the Engine refuses a rule whose `id` no catalog has.
	//
	// Fix: name a declared catalog: `{ "id": "talents", "hide": { "filter": "circle", "above": 2 }
	// }` where `catalogs` has `talents`.
	CodeLayerCatalogUnknown model.Code = "layer-catalog-unknown"
	// CodeLayerFilterUnknown: a layer's hide rule names a filter its catalog does not declare.
	//
	// Why: a hide rule compares one of the filters its catalog declares (the entries' values for that
	// filter), and the Engine refuses a rule whose `hide.filter` the catalog does not declare.
	//
	// Fix: name a filter of that catalog, or declare it there: `"filters": [{ "id": "circle",
	// "label": "Circle", "type": "number" }]`.
	CodeLayerFilterUnknown model.Code = "layer-filter-unknown"
	// CodeLayerHideType: a layer's hide rule compares a filter in a way its type does not allow.
	//
	// Why: `above` and `below` compare numbers and are allowed only on a `number` filter; `equals` and
	// `notIn` compare words and are allowed only on a `text` or `tags` filter; the Engine refuses any
	// other pairing.
	//
	// Fix: use a comparison of the filter's type: `{ "filter": "circle", "above": 2 }` on a number
	// filter, `{ "filter": "paths", "notIn": ["storm"] }` on a text or tags filter.
	CodeLayerHideType model.Code = "layer-hide-type"
	// CodeLayerSellerUnknown: a layer removes a market seller that does not exist.
	//
	// Why: a layer's `items.market.removeSellers` takes away sellers the market declares (a layer
	// never adds one), and the import refuses a seller id that `items.market.sellers` does not have
	// (decisions.md §2).
	//
	// Fix: name a declared seller: `"items": { "market": { "removeSellers": ["trader"] } }` where the
	// market has a seller `trader`.
	CodeLayerSellerUnknown model.Code = "layer-seller-unknown"
	// CodeLayerNoSellerLeft: a layer removes every market seller.
	//
	// Why: a market with no sellers lets anyone sell everything, so at least one seller always
	// remains: the import refuses a layer that removes every seller, and when two layers would only
	// together, the later one's removal is skipped (decisions.md §2).
	//
	// Fix: leave at least one seller out of `removeSellers`: with sellers `trader` and `pedlar`,
	// `"removeSellers": ["trader"]`.
	CodeLayerNoSellerLeft model.Code = "layer-no-seller-left"
	// CodeLayerTableUnknown: a layer replaces a loot table that items.lootTables does not declare.
	//
	// Why: a layer replaces loot tables but never adds one, so each of its `items.lootTables` names a
	// table the base `items.lootTables` declares; the import refuses any other id (decisions.md §2).
	//
	// Fix: use the id of the table to replace: `"lootTables": [{ "id": "bandit_purse", "label":
	// "Thin purse", "entries": [...] }]` where the base declares `bandit_purse`.
	CodeLayerTableUnknown model.Code = "layer-table-unknown"
	// CodeLayerTableTwice: a layer replaces one loot table twice.
	//
	// Why: only one replacement of a table can stand while the layer is on, and the import refuses a
	// layer that replaces the same loot table twice (decisions.md §2).
	//
	// Fix: keep one replacement per table id in the layer, with all the lines it should roll in its
	// `entries`.
	CodeLayerTableTwice model.Code = "layer-table-twice"
)
