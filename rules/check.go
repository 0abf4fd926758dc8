package rules

import "rulebench/model"

// Check runs every ruleset check on a workspace: the format's
// cross-references, the layer import checks and the capability check. The
// findings carry paths; the caller locates them.
func Check(ws *model.Workspace) []model.Diagnostic {
	if ws == nil || ws.Ruleset == nil {
		return nil
	}
	ds := CheckFormat(ws.Ruleset)
	ds = append(ds, CheckLayers(ws.Ruleset)...)
	ds = append(ds, CheckCapability(ws)...)
	return ds
}
