// Package analysis works out, once, everything rulebench knows about a
// workspace, for both of its front ends: the commands (check, layers, i18n,
// migrate) and the workbench.
//
// Run calls each domain check once and assembles the findings from those
// parts, located and sorted; the layer resolver, the translation report,
// the catalog entry, the import refusals and the rehearsal of every sample
// save are kept beside them, so that no front end calls a check a second
// time. Last, each finding that has a mechanical fix is given it
// (Diagnostic.Fix): the commands and the workbench make exactly those
// fixes. A panic in a domain package is caught here and becomes a note on
// the result (Failed), so that bad input never takes a front end down.
//
// The package imports the domain packages (model, rules, i18n, migrate)
// and never UI code.
package analysis

import (
	"errors"
	"path"
	"slices"
	"sync"

	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// Options change what Run works out.
type Options struct {
	// EntryGiven says that Entry is the catalog entry to check the artifact
	// against instead of the one found beside it (rulebench i18n --entry),
	// and EntryFindings what reading it found; Entry is nil when it could
	// not be read as an entry.
	EntryGiven    bool
	Entry         *i18n.CatalogEntry
	EntryFindings []model.Diagnostic
	// Complete works out every part before Run returns (the layer resolver
	// and the base, every save's rehearsal); without it those parts are
	// worked out when first asked for. The workbench sets it, to do the
	// work off its UI goroutine.
	Complete bool
	// Since is the previous published version of the workspace's ruleset
	// (--since OLD, read like PATH): Result.Since compares the two. The
	// saves it counts and rehearses are SinceFiles, as read, when not nil
	// (rulebench migrate's SAVE arguments, or OLD's saves/); when nil,
	// Since's own sample saves, or the workspace's when Since has none (the
	// workbench, which has no SAVE arguments).
	Since      *model.Workspace
	SinceFiles []migrate.SaveFile
	// Policy is the project's choice of findings (the configuration file
	// and --select, --ignore); nil keeps them all. The directives in the
	// files (`"$comment": "rulebench:ignore CODE reason"`) apply whatever
	// the policy.
	Policy *Policy
}

// Result is the analysis of one workspace. Its parts are read-only: share
// them, never change them.
type Result struct {
	// Workspace is the workspace analysed.
	Workspace *model.Workspace
	// Findings are every finding of `rulebench check`, located and sorted:
	// what loading found, the format's cross-references, the layer import
	// checks, the capability check, the translation checks and the
	// migration import refusals. Each carries its category, and the fix
	// that mends it when it has a mechanical one (see Diagnostic.Fix).
	Findings []model.Diagnostic
	// Translations is the translation report (nil when it failed).
	Translations *i18n.Report
	// Entry is the catalog entry the artifact is checked against: the one
	// given in Options or the one found beside the artifact; nil for none.
	// For a catalog entry file it is the file's first entry, and Entries
	// are all of them (a catalog index holds several).
	Entry   *i18n.CatalogEntry
	Entries []*i18n.CatalogEntry
	// Suppressed are the findings a directive in the files or the Policy
	// kept out of Findings, each with why, in the order of Findings. A
	// suppressed finding carries its fix too, but `rulebench fix` makes
	// only the fixes of Findings.
	Suppressed []Suppressed
	// Refusals are the migration import refusals (migrate.Check), located;
	// they are among Findings too (unless suppressed).
	Refusals []model.Diagnostic
	// Capability is the Capability API minor version (major 1) the files
	// need.
	Capability int

	policy     *Policy
	sinceOld   *model.Workspace
	sinceFiles []migrate.SaveFile
	since      once[sinceParts]

	layers once[layerParts]
	saves  once[[]*migrate.Result]
	mig    once[*migrate.Migrator]

	mu     sync.Mutex
	failed string
}

// layerParts are the layer resolver and the base effective ruleset.
type layerParts struct {
	resolver *rules.Resolver
	base     *rules.Effective
}

// sinceParts are the comparison with the previous version.
type sinceParts struct {
	rep   *migrate.SinceReport
	err   error
	saves []*model.Save
}

// once is a part worked out on first use, behind the panic fence.
type once[T any] struct {
	do  sync.Once
	val T
}

// Run works out the analysis of a workspace. A nil workspace gives an
// empty result.
func Run(ws *model.Workspace, opts Options) *Result {
	r := &Result{Workspace: ws, sinceOld: opts.Since, sinceFiles: opts.SinceFiles, policy: opts.Policy}
	if ws == nil {
		return r
	}
	r.findings(opts)
	if opts.Complete {
		r.Resolver()
		r.Saves()
		r.Since()
	}
	r.attachFixes()
	r.guard("suppressions", func() { r.suppress(opts.Policy) })
	return r
}

// findings assembles the findings from each check, run once: loading,
// format, layers, capability, translations and migrations.
func (r *Result) findings(opts Options) {
	ws := r.Workspace
	ds := append([]model.Diagnostic(nil), ws.Diagnostics...)
	r.guard("format checks", func() {
		if ws.Ruleset != nil {
			ds = append(ds, rules.CheckFormat(ws.Ruleset)...)
		}
	})
	r.guard("layer checks", func() {
		if ws.Ruleset != nil {
			ds = append(ds, rules.CheckLayers(ws.Ruleset)...)
		}
	})
	r.guard("capability", func() {
		capability, found := rules.Capability(ws)
		r.Capability = capability
		ds = append(ds, found...)
	})
	r.guard("translations", func() {
		entry, entryDiags := opts.Entry, opts.EntryFindings
		if !opts.EntryGiven {
			entry, entryDiags = i18n.BesideEntry(ws)
		}
		r.Entry = entry
		ds = append(ds, entryDiags...)
		r.Translations = i18n.Analyze(ws)
		ds = append(ds, r.Translations.Findings(ws, entry, ws.RulesetSource)...)
		ds = append(ds, r.entryChecks(ws, entry)...)
	})
	r.guard("migration checks", func() {
		if ws.Ruleset != nil {
			r.Refusals = migrate.Check(ws.Ruleset)
			ws.Locate(r.Refusals)
			ds = append(ds, r.Refusals...)
		}
	})
	ws.Locate(ds)
	model.SortDiagnostics(ds)
	r.Findings = ds
}

// Policy is the policy the findings were suppressed with (Options.Policy),
// for a front end that analyses the workspace again (rulebench fix).
func (r *Result) Policy() *Policy { return r.policy }

// Select returns the findings of the given categories, in the order of
// Findings.
func (r *Result) Select(cats ...model.Category) []model.Diagnostic {
	var out []model.Diagnostic
	for _, d := range r.Findings {
		if slices.Contains(cats, d.Category) {
			out = append(out, d)
		}
	}
	return out
}

// Resolver returns the layer resolver of the ruleset (of an empty one when
// the ruleset could not be read); nil when working it out failed.
func (r *Result) Resolver() *rules.Resolver {
	return r.layerParts().resolver
}

// Base returns the effective ruleset with no layer on, to compare others
// with; nil when working it out failed.
func (r *Result) Base() *rules.Effective {
	return r.layerParts().base
}

func (r *Result) layerParts() layerParts {
	r.layers.do.Do(func() {
		r.guard("layers", func() {
			var rs *model.Ruleset
			if r.Workspace != nil {
				rs = r.Workspace.Ruleset
			}
			res := rules.NewResolver(rs)
			r.layers.val = layerParts{resolver: res, base: res.Resolve(nil)}
		})
	})
	return r.layers.val
}

// Migrator returns the ruleset's migrations prepared for rehearsing saves.
func (r *Result) Migrator() *migrate.Migrator {
	r.mig.do.Do(func() {
		r.guard("migration plan", func() {
			var rs *model.Ruleset
			if r.Workspace != nil {
				rs = r.Workspace.Ruleset
			}
			r.mig.val = migrate.New(rs)
		})
	})
	return r.mig.val
}

// Saves returns the rehearsal of each of the workspace's sample saves, in
// the same order, each with what reading the save found first. It is
// empty when the rehearsals failed.
func (r *Result) Saves() []*migrate.Result {
	r.saves.do.Do(func() {
		m := r.Migrator()
		if m == nil || r.Workspace == nil {
			return
		}
		r.guard("rehearsals", func() {
			out := make([]*migrate.Result, 0, len(r.Workspace.Saves))
			for _, s := range r.Workspace.Saves {
				out = append(out, m.RehearseSave(s, s.Findings))
			}
			r.saves.val = out
		})
	})
	return r.saves.val
}

// Rehearse rehearses the migrations on a save file that is not among the
// workspace's (rulebench migrate PATH SAVE...), from its bytes.
func (r *Result) Rehearse(file string, data []byte) *migrate.Result {
	m := r.Migrator()
	if m == nil {
		m = migrate.New(nil)
	}
	var res *migrate.Result
	r.guard("rehearsal", func() { res = m.Rehearse(file, data) })
	if res == nil {
		res = m.Rehearse(file, nil)
	}
	return res
}

// RehearseSave rehearses the migrations on one of the workspace's saves,
// as Saves does for each, without keeping the result: a command that
// writes the rehearsals one at a time makes each when it writes it, so
// that tens of thousands of saves never have their traces and sheets in
// memory at once.
func (r *Result) RehearseSave(s *model.Save) *migrate.Result {
	m := r.Migrator()
	if m == nil {
		m = migrate.New(nil)
	}
	var res *migrate.Result
	r.guard("rehearsal", func() { res = m.RehearseSave(s, s.Findings) })
	if res == nil {
		res = m.Rehearse(s.File, nil)
	}
	return res
}

// ErrSinceNoRuleset is Since's error when either version has no ruleset
// that could be read.
var ErrSinceNoRuleset = errors.New("there is no ruleset to compare")

// Since compares the workspace's ruleset with the previous version given
// in Options.Since: what it loses of the saved values, the draft entry
// that keeps them and the draft rehearsed on the sample saves. It returns
// nil and nil without Options.Since; a *migrate.SinceError when the two
// cannot be compared (another ruleset id, a newer version), or
// ErrSinceNoRuleset when either has no ruleset; nil and nil too when the
// comparison failed (Failed says why).
func (r *Result) Since() (*migrate.SinceReport, error) {
	p := r.sinceParts()
	return p.rep, p.err
}

// SinceSaves are the sample saves Since rehearsed, in the order of its
// report's Saves, when they are a workspace's (Options.SinceFiles nil):
// Options.Since's own, or the workspace's when it has none. Nil otherwise.
func (r *Result) SinceSaves() []*model.Save { return r.sinceParts().saves }

func (r *Result) sinceParts() sinceParts {
	r.since.do.Do(func() {
		old, ws := r.sinceOld, r.Workspace
		if old == nil || ws == nil {
			return
		}
		if old.Ruleset == nil || ws.Ruleset == nil {
			r.since.val.err = ErrSinceNoRuleset
			return
		}
		r.guard("comparison with the previous version", func() {
			var p sinceParts
			if r.sinceFiles != nil {
				p.rep, p.err = migrate.Since(old.Ruleset, ws.Ruleset, r.sinceFiles)
			} else {
				p.saves = old.Saves
				if len(p.saves) == 0 {
					p.saves = ws.Saves
				}
				p.rep, p.err = migrate.SinceSaves(old.Ruleset, ws.Ruleset, p.saves)
			}
			if p.err != nil {
				p.rep, p.saves = nil, nil
			}
			r.since.val = p
		})
	})
	return r.since.val
}

// Failed says what went wrong when a domain package panicked ("working out
// the layers failed: ..."), or "" when nothing did; the parts it names are
// then missing or partial.
func (r *Result) Failed() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// OK tells whether no finding is an error.
func (r *Result) OK() bool { return !model.HasErrors(r.Findings) }

// entryChecks holds catalog entries to what they publish (decisions §1):
// each entry of a catalog entry file to the package archive beside it (its
// size and checksum, its manifest.json, the Capability API its files
// need), and the entry of an artifact or a package (given with --entry) to
// the Capability API that workspace needs and, for a package, to its
// manifest.json.
func (r *Result) entryChecks(ws *model.Workspace, entry *i18n.CatalogEntry) []model.Diagnostic {
	var ds []model.Diagnostic
	switch {
	case ws.Kind == model.EntryFile && ws.Entry != nil:
		entries, found := i18n.ReadEntries(ws.Entry.Name, ws.Entry.Root)
		ds = append(ds, found...)
		r.Entries = entries
		if len(entries) > 0 {
			r.Entry = entries[0]
		}
		for i, e := range entries {
			a := ws.Archives[e.ArchiveName()]
			ds = append(ds, e.CheckArchive(a)...)
			if a == nil || a.Package == nil {
				ds = append(ds, e.CheckManifest(nil, "")...)
				ds = append(ds, e.CheckCapability(rules.BaseCapability, "the base format")...)
				continue
			}
			need, feature := topNeed(a.Package)
			if i == 0 {
				r.Capability = need
			}
			ds = append(ds, e.CheckManifest(a.Package.Manifest, path.Join(a.Package.Path, "manifest.json")+" in "+a.File.Name)...)
			ds = append(ds, e.CheckCapability(need, feature)...)
		}
	case entry != nil && (ws.Kind == model.Artifact || ws.Kind == model.Package):
		need, feature := topNeed(ws)
		ds = append(ds, entry.CheckCapability(need, feature)...)
		var m *model.Manifest
		if ws.Kind == model.Package {
			m = ws.Manifest
		}
		ds = append(ds, entry.CheckManifest(m, path.Join(ws.Path, "manifest.json"))...)
	}
	return ds
}

// topNeed is the highest Capability API minor a workspace needs and the
// feature that needs it.
func topNeed(ws *model.Workspace) (int, string) {
	if needs := rules.CapabilityNeeds(ws); len(needs) > 0 {
		return needs[0].Minor, needs[0].Feature
	}
	return rules.BaseCapability, "the base format"
}
