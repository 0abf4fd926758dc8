package report

import (
	"fmt"

	"rulebench/analysis"
	"rulebench/model"
)

// Check is the JSON document of `rulebench check --json`.
type Check struct {
	SchemaVersion int                `json:"schemaVersion"`
	OK            bool               `json:"ok"`
	CapabilityAPI string             `json:"capabilityApi"`
	Diagnostics   []model.Diagnostic `json:"diagnostics"`
	// Suppressed are the findings a directive or the configuration kept
	// out of diagnostics, each written as a diagnostic with a
	// "suppression": {kind, reason, by}; always present, empty for none.
	Suppressed []analysis.Suppressed `json:"suppressed"`
}

// NewCheck builds the check document from the findings and the Capability
// API minor version the files need.
func NewCheck(capability int, ds []model.Diagnostic) *Check {
	return &Check{SchemaVersion: 1, OK: !model.HasErrors(ds), CapabilityAPI: fmt.Sprintf("1.%d", capability), Diagnostics: diagnostics(ds), Suppressed: []analysis.Suppressed{}}
}

// diagnostics is a list of findings, empty rather than nil.
func diagnostics(ds []model.Diagnostic) []model.Diagnostic {
	if ds == nil {
		return []model.Diagnostic{}
	}
	return ds
}

// Checks is the JSON document of `rulebench check --json` on several paths
// (or a walked folder): one single-path document a path.
type Checks struct {
	SchemaVersion int         `json:"schemaVersion"`
	OK            bool        `json:"ok"`
	Results       []PathCheck `json:"results"`
}

// PathCheck is the single-path document of one path, with the path.
type PathCheck struct {
	Path string `json:"path"`
	*Check
}
