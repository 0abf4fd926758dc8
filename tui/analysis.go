package tui

import (
	core "rulebench/analysis"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// analysis is what the panes read of a workspace's analysis: the analysis
// package's result (worked out once per load, the same as the commands'),
// read through, with what the workbench keeps beside it. A reload makes a
// new one off the UI goroutine; the App never changes one.
type analysis struct {
	// res is the result; nil without a workspace and until the first
	// analysis arrives, when every part reads as not worked out.
	res *core.Result
	// ws is the workspace: res's, or before res arrives the one read at
	// start.
	ws *model.Workspace
	// diags are the findings shown: res's, or the made-up ones of
	// Config.Check (tests); a snapshot showing a broken reload holds the
	// broken files' with the last good res.
	diags []model.Diagnostic
	// sinceWS is the previous version given with --since, as read (nil
	// without one); res compares the workspace with it (since).
	sinceWS *model.Workspace
	// checkFailed says what went wrong if Config.Check panicked.
	checkFailed string
	// views are the Engine's languages that have no file, as the
	// translation report shows them (the Translations tab's picker lists
	// them), worked out with the rest off the UI goroutine; the tab must
	// not change the map.
	views map[string]*i18n.Language
}

// analyse works out the analysis of a workspace, every part of it, behind
// the analysis package's panic fence. check, when not nil, replaces the
// findings (tests give made-up ones).
func analyse(ws *model.Workspace, check func(*model.Workspace) []model.Diagnostic) analysis {
	return analyseSince(ws, nil, check, nil)
}

// analyseSince is analyse with the comparison with old, the previous
// version given with --since (none when old is nil), under the project's
// policy (none when nil).
func analyseSince(ws, old *model.Workspace, check func(*model.Workspace) []model.Diagnostic, policy *core.Policy) (a analysis) {
	a.ws, a.sinceWS = ws, old
	if ws == nil {
		return a
	}
	a.res = core.Run(ws, core.Options{Complete: true, Since: old, Policy: policy})
	a.diags = a.res.Findings
	if check != nil {
		guard(&a.checkFailed, "checking", func() { a.diags = check(ws) })
	}
	guard(&a.checkFailed, "translations", func() { a.views = languageViews(a.res.Translations) })
	return a
}

// languageViews works out the Engine's languages that have no file in a
// translation report, and the lookups of every file's keys, so that the
// Translations tab finds them made when it takes the analysis in.
func languageViews(rep *i18n.Report) map[string]*i18n.Language {
	if rep == nil {
		return nil
	}
	views := map[string]*i18n.Language{}
	files := map[string]bool{}
	for _, l := range rep.Languages {
		files[l.Lang] = true
		l.Own.Lookup("")
		l.BaseLocale.Lookup("")
	}
	for _, code := range i18n.EngineLanguages {
		if !files[code] {
			views[code], _ = rep.Language(code)
		}
	}
	return views
}

// hasRuleset tells whether there is a result for a ruleset: the layer and
// migration parts are worked out only for one.
func (a analysis) hasRuleset() bool {
	return a.res != nil && a.ws != nil && a.ws.Ruleset != nil
}

// resolver works out the effective ruleset for a layer choice; nil
// without a ruleset.
func (a analysis) resolver() *rules.Resolver {
	if !a.hasRuleset() {
		return nil
	}
	return a.res.Resolver()
}

// base is the ruleset with no layer, to compare the effective one with;
// nil without a ruleset.
func (a analysis) base() *rules.Effective {
	if !a.hasRuleset() {
		return nil
	}
	return a.res.Base()
}

// report is the translation report; nil until worked out.
func (a analysis) report() *i18n.Report {
	if a.res == nil {
		return nil
	}
	return a.res.Translations
}

// entry is the catalog entry found beside a catalog artifact, nil when
// there is none; the import choice follows its listing.
func (a analysis) entry() *i18n.CatalogEntry {
	if a.res == nil {
		return nil
	}
	return a.res.Entry
}

// saves holds the migration of each of ws.Saves, in the same order; nil
// without a ruleset.
func (a analysis) saves() []*migrate.Result {
	if !a.hasRuleset() {
		return nil
	}
	return a.res.Saves()
}

// refusals are the import refusals of sheet.migrations (migrate.Check),
// located.
func (a analysis) refusals() []model.Diagnostic {
	if a.res == nil {
		return nil
	}
	return a.res.Refusals
}

// since compares the workspace with sinceWS; nil when there is none, the
// two cannot be compared (sinceErr says why) or the comparison failed.
func (a analysis) since() *migrate.SinceReport {
	if a.res == nil {
		return nil
	}
	rep, _ := a.res.Since()
	return rep
}

// sinceErr says why the workspace cannot be compared with sinceWS.
func (a analysis) sinceErr() error {
	if a.res == nil {
		return nil
	}
	_, err := a.res.Since()
	return err
}

// sinceSaves are the sample saves the comparison rehearsed, in the order
// of since().Saves: sinceWS's own, or ws's when it has none.
func (a analysis) sinceSaves() []*model.Save {
	if a.res == nil {
		return nil
	}
	return a.res.SinceSaves()
}

// failed says what went wrong if a domain package (or Config.Check)
// panicked; the rest of the analysis is then partial.
func (a analysis) failed() string {
	f := a.checkFailed
	if a.res != nil {
		if rf := a.res.Failed(); rf != "" {
			if f != "" {
				f += "; "
			}
			f += rf
		}
	}
	return f
}

// guard runs f, turning a panic into a note in failed.
func guard(failed *string, what string, f func()) { core.Guard(failed, what, f) }
