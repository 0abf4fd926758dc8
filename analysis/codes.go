package analysis

import "rulebench/model"

// Finding codes the analysis reports itself.
const (
	// CodeLayerDropped: a layer turned on is not applied, because it would break the ruleset (the Engine's fallback drops it).
	//
	// Why: when the layered ruleset fails validation, the Engine keeps the layers turned on one by one
	// in declaration order while they still validate (engine-behaviour.md §2.2); this layer fails alone
	// or with those kept before it, so a game with it on runs without it. The usual cause is two layers
	// that together remove every value of an enum field.
	//
	// Fix: make the layers work together, for example by leaving each enum field a value no layer
	// removes, or declare that they cannot be on at once: `"conflicts": ["early_thaw"]`.
	CodeLayerDropped model.Code = "layer-dropped"
)
