package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	core "rulebench/analysis"
	"rulebench/migrate"
	"rulebench/model"
)

// The comparison with the previous version (--since OLD) in the
// Migrations tab: rows at the top of the list for the comparison (what is
// lost, the unchanged sheet.version, the enum values no longer offered,
// the ids needing a decision), the draft entry (each step with why) and
// each sample save rehearsed with the draft, which enter steps through as
// any save. Their indices come after the entries' and the saves' (so that
// those keep theirs); keepRows shows them first.

// The kinds of the comparison's rows.
const (
	sinceSummary = iota
	sinceDraft
	sinceSave
)

// sinceBase is the index of the comparison's first row.
func (p *migrationsPane) sinceBase() int {
	if p.s.ws == nil {
		return 0
	}
	return len(p.entries) + len(p.s.ws.Saves)
}

// sinceLen is the number of the comparison's rows: none without --since;
// the comparison; with a draft, the draft and the saves rehearsed with it;
// without one (nothing is lost, say once the draft is pasted in), the
// previous version's saves rehearsed with this version's migrations, so
// that they can still be stepped through.
func (p *migrationsPane) sinceLen() int {
	if p.s.sinceWS == nil || p.s.ws == nil {
		return 0
	}
	return 1 + p.sinceDraftRows() + p.sinceSaveRows()
}

// sinceDraftRows is 1 when the comparison has a draft row, else 0.
func (p *migrationsPane) sinceDraftRows() int {
	if rep := p.s.since(); rep != nil && rep.Draft != nil {
		return 1
	}
	return 0
}

// sinceSaveRows is how many saves the comparison lists: those rehearsed,
// with a draft; without one, the previous version's own (this version's
// are listed with the other saves already).
func (p *migrationsPane) sinceSaveRows() int {
	rep := p.s.since()
	switch {
	case rep == nil:
		return 0
	case rep.Draft != nil || p.sinceSavesOf() == p.s.sinceWS:
		return len(rep.Saves)
	}
	return 0
}

// sinceAt tells whether row i is one of the comparison's, which kind, and
// for a save its index in since.Saves.
func (p *migrationsPane) sinceAt(i int) (kind, j int, ok bool) {
	k := i - p.sinceBase()
	if k < 0 || k >= p.sinceLen() {
		return 0, 0, false
	}
	d := p.sinceDraftRows()
	switch {
	case k == 0:
		return sinceSummary, 0, true
	case d == 1 && k == 1:
		return sinceDraft, 0, true
	}
	return sinceSave, k - 1 - d, true
}

// keepRows keeps the rows the filter holds, the comparison's first, and
// returns how many.
func (p *migrationsPane) keepRows() int {
	n := p.keep(p.len(), p.rowTexts)
	base := p.sinceBase()
	slices.SortStableFunc(p.kept, func(a, b int) int {
		switch {
		case a >= base && b < base:
			return -1
		case a < base && b >= base:
			return 1
		}
		return 0
	})
	return n
}

// sinceSaveAt returns the sample save j of the comparison and its
// rehearsal with the draft.
func (p *migrationsPane) sinceSaveAt(j int) (*model.Save, *migrate.Result, bool) {
	rep := p.s.since()
	if rep == nil || j < 0 || j >= len(rep.Saves) {
		return nil, nil, false
	}
	r := rep.Saves[j]
	if saves := p.s.sinceSaves(); j < len(saves) && saves[j] != nil {
		return saves[j], r, true
	}
	return &model.Save{File: r.File, V: r.From}, r, true
}

// sinceSavesOf is the workspace the comparison's saves are of: the
// previous version's, or the workspace's when that has none.
func (p *migrationsPane) sinceSavesOf() *model.Workspace {
	if old := p.s.sinceWS; old != nil && len(old.Saves) > 0 {
		return old
	}
	return p.s.ws
}

// rulesAt is the ruleset row i's save was rehearsed with: for the
// comparison's saves, the ruleset with the draft pasted in.
func (p *migrationsPane) rulesAt(i int) *model.Ruleset {
	if k, _, ok := p.sinceAt(i); ok && k == sinceSave && p.s.since().Ruleset != nil {
		return p.s.since().Ruleset
	}
	return p.s.ruleset()
}

// filesOf is the workspace row i's save file is named in.
func (p *migrationsPane) filesOf(i int) *model.Workspace {
	if k, _, ok := p.sinceAt(i); ok && k == sinceSave {
		return p.sinceSavesOf()
	}
	return p.s.ws
}

// refusalsAt are the import refusals of the chain row i's save runs: for
// the comparison's saves, the written entries' and the draft's.
func (p *migrationsPane) refusalsAt(i int) []model.Diagnostic {
	if k, _, ok := p.sinceAt(i); ok && k == sinceSave {
		return append(slices.Clone(p.s.refusals()), p.s.since().DraftDiagnostics...)
	}
	return p.s.refusals()
}

// draftEntry is where the draft's steps are in the ruleset with the draft
// pasted in: the entry's index and the index of the first drafted step.
func draftEntry(rep *migrate.SinceReport, cur *model.Ruleset) (entry, offset int) {
	if rep.AddTo != nil {
		e := *rep.AddTo
		if e >= 0 && e < len(cur.Sheet.Migrations) && cur.Sheet.Migrations[e] != nil {
			return e, len(cur.Sheet.Migrations[e].Steps)
		}
	}
	return len(cur.Sheet.Migrations), 0
}

// draftStep is the drafted step a trace line of the comparison's saves
// ran, or nil for a step the ruleset has written.
func (p *migrationsPane) draftStep(i int, t *migrate.StepTrace) *migrate.DraftStep {
	if k := p.draftIndex(i, t); k >= 0 {
		return &p.s.since().Draft.Steps[k]
	}
	return nil
}

// draftIndex is the index among the draft's steps of the step a trace line
// of the comparison's saves ran, -1 for a step the ruleset has written.
func (p *migrationsPane) draftIndex(i int, t *migrate.StepTrace) int {
	k, _, ok := p.sinceAt(i)
	rep, cur := p.s.since(), p.s.ruleset()
	if !ok || k != sinceSave || rep == nil || rep.Draft == nil || cur == nil || t == nil {
		return -1
	}
	entry, offset := draftEntry(rep, cur)
	if t.Entry != entry || t.Step < offset || t.Step-offset >= len(rep.Draft.Steps) {
		return -1
	}
	return t.Step - offset
}

// draftSteps are the draft's steps as the model reads them, from the
// ruleset with the draft pasted in.
func draftSteps(rep *migrate.SinceReport, cur *model.Ruleset) []*model.Step {
	if rep.Draft == nil || rep.Ruleset == nil || cur == nil {
		return nil
	}
	entry, offset := draftEntry(rep, cur)
	ms := rep.Ruleset.Sheet.Migrations
	if entry >= len(ms) || ms[entry] == nil || offset > len(ms[entry].Steps) {
		return nil
	}
	return ms[entry].Steps[offset:]
}

// sinceName is the first column of one of the comparison's rows.
func (p *migrationsPane) sinceName(kind, j int) string {
	rep, arrow := p.s.since(), p.st.g.arrow
	switch {
	case rep == nil:
		return "since"
	case kind == sinceSummary:
		return fmt.Sprintf("since %d %s %d", rep.From, arrow, rep.To)
	case kind == sinceDraft:
		return fmt.Sprintf("draft %d %s %d", rep.Draft.From, arrow, rep.Draft.From+1)
	}
	sv, _, _ := p.sinceSaveAt(j)
	return "  " + vis(relFile(sv.File, p.sinceSavesOf()))
}

// sinceProblem says why there is no comparison ("" when there is one).
func (p *migrationsPane) sinceProblem() string {
	switch err := p.s.sinceErr(); {
	case p.s.since() != nil:
		return ""
	case errors.Is(err, core.ErrSinceNoRuleset):
		return "there is no ruleset to compare (one of the two versions cannot be read)"
	case err != nil:
		return err.Error()
	}
	return "the comparison could not be worked out"
}

// sinceNote is the status column of the comparison's summary or draft
// row, and its style.
func (p *migrationsPane) sinceNote(kind int) (string, func(...string) string) {
	st, rep := p.st, p.s.since()
	if rep == nil {
		return "cannot compare", st.err.Render
	}
	if kind == sinceDraft {
		note := plural(len(rep.Draft.Steps), "step", "steps")
		if n := len(rep.DraftDiagnostics); n > 0 {
			return note + ", " + plural(n, "refusal", "refusals"), st.err.Render
		}
		return note + ", passes the import checks", st.ok.Render
	}
	var parts []string
	style := st.ok.Render
	if len(rep.Lost) == 0 {
		parts = append(parts, "nothing lost")
	} else {
		parts = append(parts, fmt.Sprintf("%d lost", len(rep.Lost)))
		style = st.err.Render
	}
	if n := len(rep.Undecided); n > 0 {
		parts = append(parts, fmt.Sprintf("%d undecided", n))
	}
	if rep.Unchanged && len(rep.Lost) > 0 {
		parts = append(parts, "version not raised")
	}
	if n := model.Count(rep.Diagnostics, model.Warning); n > 0 {
		parts = append(parts, plural(n, "warning", "warnings"))
		if len(rep.Lost) == 0 {
			style = st.warn.Render
		}
	}
	return strings.Join(parts, ", "), style
}

// sinceDetail describes the comparison or the draft.
func (p *migrationsPane) sinceDetail(kind int) []string {
	st, rep, width := p.st, p.s.since(), p.dr.W
	old := p.s.sinceWS
	if rep == nil {
		out := []string{" " + st.title.Render("Since "+vis(old.Path)), ""}
		out = append(out, bulleted("Cannot compare: "+vis(p.sinceProblem()), width, " ", st, st.err.Render)...)
		return out
	}
	if kind == sinceDraft {
		return p.draftDetail(width)
	}
	out := []string{" " + st.title.Render(fmt.Sprintf("Since sheet version %d", rep.From)) + "  " + st.muted.Render(fmt.Sprintf("now %d", rep.To))}
	out = append(out, para("The previous version: "+vis(old.Path), width, st.muted.Render)...)
	n := len(rep.Saves)
	switch of := p.sinceSavesOf(); {
	case n == 0:
		out = append(out, para("No sample saves to count: put saved sheets in a saves/ folder beside either version.", width, st.muted.Render)...)
	case of == old:
		out = append(out, para(fmt.Sprintf("Its %s counted and rehearsed.", plural(n, "sample save", "sample saves")), width, st.muted.Render)...)
	default:
		out = append(out, para(fmt.Sprintf("It has no sample saves: this version's %s counted and rehearsed.", plural(n, "is", "are")), width, st.muted.Render)...)
	}
	out = append(out, "")
	if len(rep.Lost) == 0 {
		out = append(out, bulleted(fmt.Sprintf("Nothing lost: every stored id of sheet version %d is still declared or moved by the migrations.", rep.From), width, " ", st, st.ok.Render)...)
	} else {
		out = append(out, " "+st.heading.Render(fmt.Sprintf("Lost (%d)", len(rep.Lost)))+"  "+st.muted.Render("kind, id: the saves holding a value"))
		for _, l := range rep.Lost {
			id := l.ID
			if l.List != "" {
				id = l.List + "." + l.ID
			}
			line := fmt.Sprintf("%s %s: %s", l.Kind, id, plural(l.Saves, "save holds a value", "saves hold a value"))
			if l.Step >= 0 && rep.Draft != nil {
				line += fmt.Sprintf("; step %d of the draft keeps %d of them", l.Step+1, l.Kept)
			}
			out = append(out, bulleted(vis(line), width, " ", st, st.err.Render)...)
		}
	}
	var versionErr, enumWarn []model.Diagnostic
	for _, d := range rep.Diagnostics {
		switch d.Code {
		case migrate.CodeSinceVersionUnchanged:
			versionErr = append(versionErr, d)
		case migrate.CodeSinceEnumValue:
			enumWarn = append(enumWarn, d)
		}
	}
	for _, d := range versionErr {
		out = append(out, "", " "+st.heading.Render("Version not raised"))
		out = append(out, bulleted(vis(d.Message), width, " ", st, st.err.Render)...)
	}
	if len(enumWarn) > 0 {
		out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Values no longer offered (%d)", len(enumWarn))))
		for _, d := range enumWarn {
			out = append(out, bulleted(fmt.Sprintf("%s %s: %s", location(d, p.s.ws), vis(d.Path), vis(d.Message)), width, " ", st, st.warn.Render)...)
		}
	}
	if len(rep.Undecided) > 0 {
		out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Needs a decision (%d)", len(rep.Undecided))))
		for _, u := range rep.Undecided {
			id := u.ID
			if u.List != "" {
				id = u.List + "." + u.ID
			}
			out = append(out, bulleted(vis(fmt.Sprintf("%s %s: %s", u.Kind, id, u.Reason)), width, " ", st, st.warn.Render)...)
		}
	}
	switch {
	case rep.Draft != nil:
		out = append(out, "")
		out = append(out, para("The draft entry that keeps them is the next row; below it, the saves rehearsed with it.", width, st.muted.Render)...)
	case p.sinceSaveRows() > 0:
		out = append(out, "")
		out = append(out, para("Below, its saves rehearsed with this version's migrations: enter on one steps through it.", width, st.muted.Render)...)
	}
	return out
}

// draftDetail describes the draft entry: where it goes, each step with
// why it was proposed, its import checks and its text to paste.
func (p *migrationsPane) draftDetail(width int) []string {
	st, rep, cur := p.st, p.s.since(), p.s.ruleset()
	out := []string{" " + st.title.Render(fmt.Sprintf("Draft entry from %d %s %d", rep.Draft.From, st.g.arrow, rep.Draft.From+1))}
	where := "Add it at the end of sheet.migrations"
	if rep.AddTo != nil {
		where = fmt.Sprintf("Add its steps at the end of sheet.migrations.%d, which already moves sheets from %d", *rep.AddTo, rep.From)
	}
	if rep.Unchanged {
		where += fmt.Sprintf(", and raise sheet.version to %d", rep.From+1)
	}
	out = append(out, para(where+".", width, st.muted.Render)...)
	out = append(out, "")
	steps := draftSteps(rep, cur)
	for j, s := range rep.Draft.Steps {
		text := s.Op + " " + s.From
		if j < len(steps) && steps[j] != nil {
			text = describeStep(steps[j])
		}
		out = append(out, bulleted(fmt.Sprintf("%d. %s", j+1, text), width, " ", st, st.text.Render)...)
		for _, l := range wrap("why: "+vis(s.Why), max(width-6, 10)) {
			out = append(out, "     "+st.muted.Render(l))
		}
	}
	out = append(out, "")
	if ds := rep.DraftDiagnostics; len(ds) > 0 {
		out = append(out, " "+st.heading.Render(fmt.Sprintf("Import refuses (%d)", len(ds))))
		for _, d := range ds {
			out = append(out, bulleted(fmt.Sprintf("%s: %s", vis(d.Path), vis(d.Message)), width, " ", st, severityStyle(d.Severity, st))...)
		}
	} else {
		out = append(out, " "+st.ok.Render("The draft passes the import checks."))
	}
	out = append(out, "", " "+st.heading.Render("To paste"))
	for _, l := range strings.Split(strings.TrimSuffix(rep.DraftText, "\n"), "\n") {
		out = append(out, " "+st.muted.Render(fit(vis(l), max(width-1, 1), st.g.ellipsis)))
	}
	return out
}

// badge counts, in the tab bar, the comparison's errors: the ids lost and
// an unraised sheet.version, or one for a previous version that cannot be
// compared; 0 without --since.
func (p *migrationsPane) badge() int {
	switch n, compared := sinceErrors(p.s); {
	case compared:
		return n
	case p.s != nil && p.s.sinceWS != nil:
		return 1 // no comparison: the one thing wrong
	}
	return 0
}

// sinceErrors is how many errors the comparison with --since OLD found,
// and whether there is one: false without --since, or when the two could
// not be compared.
func sinceErrors(s *snapshot) (int, bool) {
	if s == nil || s.sinceWS == nil || s.since() == nil {
		return 0, false
	}
	return model.Count(s.since().Diagnostics, model.Error), true
}

// sinceHeader is what the header adds for --since OLD: the errors the
// comparison found against OLD's sheet version, or that there is no
// comparison; "" without --since or when nothing is wrong.
func sinceHeader(s *snapshot, st *styles) string {
	switch n, compared := sinceErrors(s); {
	case s == nil || s.sinceWS == nil:
		return ""
	case !compared:
		return st.err.Render("not compared with --since")
	case n > 0:
		return st.muted.Render(fmt.Sprintf("since sheet v%d: ", s.since().From)) + st.err.Render(plural(n, "error", "errors"))
	}
	return ""
}

// sinceNews is what the status line says of the comparison when it first
// comes or changes: how many stored ids are lost, or why there is no
// comparison; "" when nothing is lost.
func sinceNews(a analysis) string {
	switch {
	case a.sinceWS == nil:
		return ""
	case a.since() == nil && a.sinceErr() != nil:
		return "Cannot compare with --since " + vis(a.sinceWS.Path) + ": " + vis(a.sinceErr().Error())
	case a.since() == nil || len(a.since().Lost) == 0:
		return ""
	}
	return fmt.Sprintf("Since sheet version %d: %s lost (see Migrations)", a.since().From, plural(len(a.since().Lost), "stored id", "stored ids"))
}

// sinceOverview is what the Overview says of the comparison with --since
// OLD: which version, what is lost and whether a draft keeps it, or why
// there is no comparison; nil without --since.
func sinceOverview(s *snapshot, st *styles, width int) []string {
	old, rep := s.sinceWS, s.since()
	if old == nil {
		return nil
	}
	var out []string
	say := func(text string, style func(...string) string) {
		for _, l := range wrap(text, max(width-4, 10)) {
			out = append(out, "   "+style(l))
		}
	}
	if rep == nil {
		reason := "the comparison could not be worked out"
		if s.sinceErr() != nil {
			reason = s.sinceErr().Error()
		}
		say("Cannot compare with "+vis(old.Path)+": "+vis(reason), st.err.Render)
		return out
	}
	say(fmt.Sprintf("Sheet version %d (%s), now %d.", rep.From, vis(old.Path), rep.To), st.muted.Render)
	if len(rep.Lost) == 0 {
		say("Nothing lost: every stored id is still declared or moved by the migrations.", st.ok.Render)
	} else {
		var ids []string
		for _, l := range rep.Lost {
			ids = append(ids, fmt.Sprintf("%s %s (%s)", l.Kind, l.ID, plural(l.Saves, "save", "saves")))
		}
		say(fmt.Sprintf("%s lost: %s.", plural(len(rep.Lost), "stored id", "stored ids"), vis(strings.Join(ids, ", "))), st.err.Render)
	}
	held, kept := 0, 0
	for _, l := range rep.Lost {
		if l.Step >= 0 {
			held, kept = held+l.Saves, kept+l.Kept
		}
	}
	values := ""
	if held > 0 {
		values = fmt.Sprintf(", keeping %d of the %d values the sample saves hold there", kept, held)
	}
	moved := len(rep.Lost) - len(rep.Undecided)
	switch {
	case rep.Draft != nil && len(rep.Undecided) > 0:
		say(fmt.Sprintf("A draft entry of %s moves %d of them%s; %s a decision. See the Migrations tab.", plural(len(rep.Draft.Steps), "step", "steps"),
			moved, values, plural(len(rep.Undecided), "id needs", "ids need")), st.warn.Render)
	case rep.Draft != nil:
		say(fmt.Sprintf("A draft entry of %s moves them%s. See the Migrations tab.", plural(len(rep.Draft.Steps), "step", "steps"), values), st.text.Render)
	case len(rep.Undecided) > 0:
		say(fmt.Sprintf("No step could be drafted: %s a decision. See the Migrations tab.", plural(len(rep.Undecided), "id needs", "ids need")), st.warn.Render)
	}
	if n := model.Count(rep.Diagnostics, model.Warning); n > 0 {
		say(plural(n, "enum value", "enum values")+" no longer offered that sample saves hold.", st.warn.Render)
	}
	return out
}

// para wraps a sentence to the width, each line one space in.
func para(text string, width int, style func(...string) string) []string {
	var out []string
	for _, l := range wrap(text, max(width-2, 10)) {
		out = append(out, " "+style(l))
	}
	return out
}

// sinceRow writes the comparison's summary or draft row.
func (p *migrationsPane) sinceRow(i, kind int, styled bool) string {
	st := p.st
	name := padRight(fit(p.name(i), p.nameW, st.g.ellipsis), p.nameW)
	note, style := p.sinceNote(kind)
	if !styled {
		return name + "  " + note
	}
	return st.bold.Render(name) + "  " + style(note)
}

// sinceSpot is where e opens for the comparison's summary (the first lost
// id's declaration in the previous version, else its sheet) or the draft
// (the ruleset's sheet.migrations, where it goes).
func (p *migrationsPane) sinceSpot(kind int) (spot, bool) {
	rep, old, rs := p.s.since(), p.s.sinceWS, p.s.ruleset()
	if kind == sinceDraft && rep != nil && rs != nil && rs.Root != nil {
		n := rs.Root.Get("sheet")
		if m := n.Get("migrations"); m != nil {
			n = m
		}
		return nodeSpot(rs.File, n)
	}
	if rep != nil {
		for _, d := range rep.Diagnostics {
			if d.Code == migrate.CodeSinceLost && d.File != "" {
				return spot{file: d.File, line: max(d.Line, 1), col: max(d.Column, 1)}, true
			}
		}
	}
	if old == nil || old.Ruleset == nil {
		return spot{}, false
	}
	var n *model.Node
	if old.Ruleset.Root != nil {
		n = old.Ruleset.Root.Get("sheet")
	}
	return nodeSpot(old.Ruleset.File, n)
}
