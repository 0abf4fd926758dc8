package tui

import (
	core "rulebench/analysis"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// analysis is what the panes read of a workspace's analysis (package
// analysis, worked out once per load, the same as the commands'). A reload
// makes a new one off the UI goroutine; the App never changes one.
type analysis struct {
	ws    *model.Workspace
	diags []model.Diagnostic
	// resolver works out the effective ruleset for a layer choice; nil
	// without a ruleset.
	resolver *rules.Resolver
	// base is the ruleset with no layer, to compare the effective one with.
	base   *rules.Effective
	report *i18n.Report
	// entry is the catalog entry found beside a catalog artifact, nil when
	// there is none; the import choice follows its listing.
	entry *i18n.CatalogEntry
	// saves holds the migration of each of ws.Saves, in the same order.
	saves []*migrate.Result
	// refusals are the import refusals of sheet.migrations (migrate.Check),
	// located.
	refusals []model.Diagnostic
	// sinceWS is the previous version given with --since, as read (nil
	// without one); since compares the workspace with it, nil when the two
	// cannot be compared (sinceErr says why) or the comparison failed.
	// sinceSaves are the sample saves it rehearsed, in the order of
	// since.Saves: sinceWS's own, or ws's when it has none.
	sinceWS    *model.Workspace
	since      *migrate.SinceReport
	sinceErr   error
	sinceSaves []*model.Save
	// failed says what went wrong if a domain package panicked; the rest of
	// the analysis is then partial.
	failed string
}

// analyse works out the analysis of a workspace, every part of it, behind
// the analysis package's panic fence. check, when not nil, replaces the
// findings (tests give made-up ones).
func analyse(ws *model.Workspace, check func(*model.Workspace) []model.Diagnostic) analysis {
	return analyseSince(ws, nil, check)
}

// analyseSince is analyse with the comparison with old, the previous
// version given with --since (none when old is nil).
func analyseSince(ws, old *model.Workspace, check func(*model.Workspace) []model.Diagnostic) (a analysis) {
	a.ws, a.sinceWS = ws, old
	if ws == nil {
		return a
	}
	r := core.Run(ws, core.Options{Complete: true, Since: old})
	a.diags = r.Findings
	if check != nil {
		guard(&a.failed, "checking", func() { a.diags = check(ws) })
	}
	a.report, a.entry, a.refusals = r.Translations, r.Entry, r.Refusals
	if ws.Ruleset != nil {
		a.resolver, a.base = r.Resolver(), r.Base()
		a.saves = r.Saves()
	}
	a.since, a.sinceErr = r.Since()
	a.sinceSaves = r.SinceSaves()
	if f := r.Failed(); f != "" {
		if a.failed != "" {
			a.failed += "; "
		}
		a.failed += f
	}
	return a
}

// guard runs f, turning a panic into a note in failed.
func guard(failed *string, what string, f func()) { core.Guard(failed, what, f) }
