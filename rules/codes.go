package rules

import "rulebench/model"

// Finding codes of the Capability API check.
const (
	// CodeCapabilityTooLow: the manifest declares a Capability API minor below what the package uses.
	CodeCapabilityTooLow model.Code = "capability-too-low"
)
