package tui

import (
	"fmt"

	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// analysis is everything worked out from a workspace once per load: the
// findings, the layer resolver, the translation report and the rehearsal
// of every sample save's migration. A reload makes a new one off the UI
// goroutine; the App never changes one.
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
	// failed says what went wrong if a domain package panicked; the rest of
	// the analysis is then partial.
	failed string
}

// analyse works out the analysis of a workspace with the given check
// (nil takes what reading found). A panic in a domain package is caught
// and reported, so that the workbench never dies of bad input.
func analyse(ws *model.Workspace, check func(*model.Workspace) []model.Diagnostic) (a analysis) {
	a.ws = ws
	if ws == nil {
		return a
	}
	a.diags = ws.Diagnostics
	guard(&a.failed, "checking", func() {
		if check != nil {
			a.diags = check(ws)
		}
	})
	guard(&a.failed, "translations", func() {
		a.report = i18n.Analyze(ws)
		a.entry, _ = i18n.BesideEntry(ws)
	})
	if ws.Ruleset == nil {
		return a
	}
	guard(&a.failed, "layers", func() {
		a.resolver = rules.NewResolver(ws.Ruleset)
		a.base = a.resolver.Resolve(nil)
	})
	guard(&a.failed, "migrations", func() {
		a.refusals = migrate.Check(ws.Ruleset)
		ws.Locate(a.refusals)
		m := migrate.New(ws.Ruleset)
		for _, s := range ws.Saves {
			a.saves = append(a.saves, m.Apply(s))
		}
	})
	return a
}

// guard runs f, turning a panic into a note in failed.
func guard(failed *string, what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			if *failed != "" {
				*failed += "; "
			}
			*failed += fmt.Sprintf("working out the %s failed: %v", what, r)
		}
	}()
	f()
}
