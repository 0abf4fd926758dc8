package rules

import "rulebench/model"

// CheckLayers runs the layer import checks. (Stub until the layers work lands.)
func CheckLayers(rs *model.Ruleset) []model.Diagnostic { return nil }

// CheckCapability compares the Capability API the file needs with a
// package manifest. (Stub until the layers work lands.)
func CheckCapability(ws *model.Workspace) []model.Diagnostic { return nil }

// NeededCapability is the Capability API minor version the workspace needs.
// (Stub until the layers work lands.)
func NeededCapability(ws *model.Workspace) int { return 20 }

// checkLadder checks a difficulty ladder against the ruleset's kind; path is
// the ladder's path. (Stub until the layers work lands.)
func checkLadder(rs *model.Ruleset, steps []model.LadderStep, file, path string) []model.Diagnostic {
	return nil
}
