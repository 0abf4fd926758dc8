package rules

import "rulebench/model"

// Finding codes of the layer import checks (engine-behaviour.md §11).
//
//rulebench:category layers
const (
	// CodeLayerDuplicateID: two layers share an id.
	CodeLayerDuplicateID model.Code = "layer-duplicate-id"
	// CodeLayerConflictsSelf: a layer lists itself in conflicts.
	CodeLayerConflictsSelf model.Code = "layer-conflicts-self"
	// CodeLayerConflictsUnknown: a layer's conflicts names an id that no layer has.
	CodeLayerConflictsUnknown model.Code = "layer-conflicts-unknown"
	// CodeLayerFieldUnknown: a layer narrows a field that the sheet does not have.
	CodeLayerFieldUnknown model.Code = "layer-field-unknown"
	// CodeLayerFieldNotEnum: a layer narrows a field that is not an enum field.
	CodeLayerFieldNotEnum model.Code = "layer-field-not-enum"
	// CodeLayerFieldTwice: a layer narrows one field twice.
	CodeLayerFieldTwice model.Code = "layer-field-twice"
	// CodeLayerValueUnknown: a layer removes a value that the field does not have.
	CodeLayerValueUnknown model.Code = "layer-value-unknown"
	// CodeLayerValueHideWhen: a layer removes a value that a hideWhen compares against.
	CodeLayerValueHideWhen model.Code = "layer-value-hidewhen"
	// CodeLayerNoValueLeft: a layer removes every value of a field.
	CodeLayerNoValueLeft model.Code = "layer-no-value-left"
	// CodeLayerDefaultInvalid: a layer's new default is not among the values it leaves.
	CodeLayerDefaultInvalid model.Code = "layer-default-invalid"
	// CodeLayerDefaultRemoved: a layer removes a field's default without naming a new one.
	CodeLayerDefaultRemoved model.Code = "layer-default-removed"
	// CodeLayerFamilyUnknown: a layer removes a currency family that does not exist.
	CodeLayerFamilyUnknown model.Code = "layer-family-unknown"
	// CodeLayerUnitUnknown: a layer removes a coin that no currency family declares.
	CodeLayerUnitUnknown model.Code = "layer-unit-unknown"
	// CodeLayerSmallestCoin: a layer removes a family's smallest coin without the whole family.
	CodeLayerSmallestCoin model.Code = "layer-smallest-coin"
	// CodeLayerCatalogUnknown: a layer's hide rule names a catalog that does not exist.
	CodeLayerCatalogUnknown model.Code = "layer-catalog-unknown"
	// CodeLayerFilterUnknown: a layer's hide rule names a filter its catalog does not declare.
	CodeLayerFilterUnknown model.Code = "layer-filter-unknown"
	// CodeLayerHideType: a layer's hide rule compares a filter in a way its type does not allow.
	CodeLayerHideType model.Code = "layer-hide-type"
	// CodeLayerSellerUnknown: a layer removes a market seller that does not exist.
	CodeLayerSellerUnknown model.Code = "layer-seller-unknown"
	// CodeLayerNoSellerLeft: a layer removes every market seller.
	CodeLayerNoSellerLeft model.Code = "layer-no-seller-left"
	// CodeLayerTableUnknown: a layer replaces a loot table that items.lootTables does not declare.
	CodeLayerTableUnknown model.Code = "layer-table-unknown"
	// CodeLayerTableTwice: a layer replaces one loot table twice.
	CodeLayerTableTwice model.Code = "layer-table-twice"
	// CodeHideUnsettled: a layer hides with notIn on an entry whose list is empty, which the Engine has not settled (a warning).
	CodeHideUnsettled model.Code = "hide-unsettled"
)
