package analysis

import "rulebench/model"

// Finding codes the analysis reports itself.
const (
	// CodeLayerDropped: a layer turned on is not applied, because it would break the ruleset (the Engine's fallback drops it).
	CodeLayerDropped model.Code = "layer-dropped"
)
