package analysis

import (
	"rulebench/model"
	"rulebench/rules"
)

// Selection works out the effective ruleset for the layers turned on by
// id (rulebench layers --on) and the findings about that choice, as the
// Engine's new-game check sees it: an id no layer has is an error, two
// conflicting layers a warning (a pinned game with both still resolves),
// and each layer the fallback drops as invalid a warning. The findings are
// located, of category Layers. It returns a nil ruleset when the resolver
// could not be worked out.
func (r *Result) Selection(on []string) (*rules.Effective, []model.Diagnostic) {
	res := r.Resolver()
	if res == nil {
		return nil, nil
	}
	var eff *rules.Effective
	var ds []model.Diagnostic
	r.guard("layer choice", func() {
		eff = res.Resolve(on)
		ws := r.Workspace
		if ws == nil || ws.Ruleset == nil {
			return
		}
		rs := ws.Ruleset
		rep := model.NewReporter(rs.File, ws.Sources[rs.File], model.Layers)
		where := model.RootPath
		if rs.Root != nil && rs.Root.Get("layers") != nil {
			where = "layers"
		}
		for _, is := range rules.NewGameIssues(rs, rules.LayerOptions(on)) {
			switch is.Code {
			case rules.IssueLayerUnknown:
				rep.AtPath(model.Error, where, rules.CodeLayerUnknown,
					"--on names %q, but the ruleset declares no layer with that id; the Engine refuses a new game with it", is.Layers[0])
			case rules.IssueLayerConflict:
				rep.AtPath(model.Warning, where, rules.CodeLayerConflict,
					"%q and %q conflict: the Engine refuses a new game with both; a pinned game with both keeps %q and drops %q",
					is.Labels[0], is.Labels[1], is.Labels[0], is.Labels[1])
			}
		}
		for _, d := range eff.Dropped {
			if d.Cause == rules.DropInvalid {
				path := where
				if l := rs.Layer(d.ID); l != nil && l.Node != nil {
					path = l.Node.Path()
				}
				rep.AtPath(model.Warning, path, CodeLayerDropped, "the layer %q is not applied: %s", d.ID, d.Reason())
			}
		}
		ds = rep.Diagnostics()
	})
	return eff, ds
}
