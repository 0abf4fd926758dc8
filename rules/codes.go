package rules

import "rulebench/model"

// Finding codes of the Capability API check.
//
//rulebench:category capability
const (
	// CodeCapabilityTooLow: the manifest declares a Capability API minor below what the package uses.
	CodeCapabilityTooLow model.Code = "capability-too-low"
)

// Finding codes of a layer selection, as the Engine's new-game check sees it.
//
//rulebench:category layers
const (
	// CodeLayerUnknown: a layer selection names an id that no layer of the ruleset has.
	CodeLayerUnknown model.Code = "ruleset_layer_unknown"
	// CodeLayerConflict: a layer selection holds two layers that conflict with each other.
	CodeLayerConflict model.Code = "ruleset_layer_conflict"
)
