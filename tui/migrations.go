package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/migrate"
	"rulebench/model"
)

// migrationsPane lists the migration entries and the sample saves. The
// detail of an entry lists its steps and the import refusals about it; the
// detail of a save lists its whole trace. Enter on a save steps through its
// migration (see stepper).
type migrationsPane struct {
	listPane
	keys    *keyMap
	s       *snapshot
	entries []*model.Migration
	nameW   int // the width of the first column
	body    rect
	// stepping is set while a save is stepped through.
	stepping bool
	step     stepper
	// stepped is the save stepped through, to find its row again after a
	// reload: its file, and whether it is rehearsed with the --since draft.
	stepped steppedSave
}

// steppedSave names a save row across reloads.
type steppedSave struct {
	file  string
	draft bool
}

func newMigrationsPane(k *keyMap) *migrationsPane {
	p := &migrationsPane{listPane: newListPane(), keys: k}
	p.noun = "rows"
	return p
}

func (p *migrationsPane) typing() bool { return !p.stepping && p.filter.typing() }

// sel is the entry or save under the cursor (-1 for none): its index
// among the entries, then the saves.
func (p *migrationsPane) sel() int {
	i, _ := p.cur()
	return i
}

// rowTexts are what the filter looks for in row i: its name and status,
// and an entry's steps.
func (p *migrationsPane) rowTexts(i int) []string {
	texts := []string{p.name(i), p.row(i, false)}
	if i < len(p.entries) {
		for _, s := range p.entries[i].Steps {
			texts = append(texts, describeStep(s))
		}
	}
	return texts
}

// relist keeps the rows the filter holds and lays the list out for them.
func (p *migrationsPane) relist() {
	p.layout(p.keepRows())
	p.settle()
}

// hint says how to leave a detail being scrolled, or, with nothing to
// list, what brings rows.
func (p *migrationsPane) hint() string {
	switch {
	case !p.stepping && p.inDetail:
		return inDetailHint
	case p.s != nil && p.s.ruleset() != nil && p.len() == 0 && p.keys.Reload.Enabled():
		return "r reads the files again once saves or entries are added"
	}
	return ""
}

// syncKeys offers enter on a save that can be stepped through, and while
// stepping, the keys that move through the steps and esc back to the list.
func (p *migrationsPane) syncKeys() {
	k := p.keys
	navKeys(k, p.scroller())
	switch {
	case p.stepping:
		s := &p.step
		k.Close.SetEnabled(true)
		k.Close.SetHelp("esc", "back to list")
		k.NextStep.SetEnabled(s.canMove(1))
		k.PrevStep.SetEnabled(s.canMove(-1))
		k.RunAll.SetEnabled(s.pos > 0 && s.pos != s.whole())
		k.NextGroup.SetEnabled(s.canJump(1))
		k.PrevGroup.SetEnabled(s.canJump(-1))
		k.NextGroup.SetHelp("]", "next entry")
		k.PrevGroup.SetHelp("[", "previous entry")
		k.ChangesOnly.SetEnabled(s.pos > 0)
		if s.changesOnly {
			k.ChangesOnly.SetHelp("o", "every line")
		} else {
			k.ChangesOnly.SetHelp("o", "changes only")
		}
	case p.listPane.syncKeys(k):
	case p.canStep():
		k.Open.SetEnabled(true)
		k.Open.SetHelp("enter", "step through")
	}
}

// update moves through the entries and saves, steps into a save and
// through its migration; a click selects a row.
func (p *migrationsPane) update(_ host, msg tea.Msg) tea.Cmd {
	k := p.keys
	if !p.stepping {
		if cmd, ok := p.filterTyped(msg); ok {
			p.relist()
			return cmd
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if !p.stepping {
			if cmd, ok := p.filterKey(k, msg); ok {
				p.relist()
				return cmd
			}
		}
		switch {
		case !p.stepping && key.Matches(msg, k.Open) && p.canStep():
			p.startStepping()
		case !p.stepping:
			p.key(k, msg)
		case key.Matches(msg, k.Close):
			p.stepping = false
		case key.Matches(msg, k.NextStep):
			p.step.move(1)
		case key.Matches(msg, k.PrevStep):
			p.step.move(-1)
		case key.Matches(msg, k.NextGroup):
			p.step.jumpEntry(1)
		case key.Matches(msg, k.PrevGroup):
			p.step.jumpEntry(-1)
		case key.Matches(msg, k.RunAll):
			p.step.runAll()
		case key.Matches(msg, k.ChangesOnly):
			p.step.toggleChanges()
		default:
			navKey(k, &p.step.scroll, msg)
		}
	case clickMsg:
		if !p.stepping {
			p.click(msg.x, msg.y)
		}
	}
	return nil
}

func (p *migrationsPane) scroller() *scroller {
	if p.stepping {
		return &p.step.scroll
	}
	return p.active()
}

func (p *migrationsPane) scrollerAt(x, y int) *scroller {
	if p.stepping {
		return &p.step.scroll
	}
	return p.at(x, y)
}

func (p *migrationsPane) set(s *snapshot, st *styles, body rect, wide bool) {
	p.s, p.entries, p.st, p.body = s, nil, st, body
	if rs := s.ruleset(); rs != nil {
		p.entries = rs.Sheet.Migrations
	}
	p.nameW = 0
	for i := range p.len() {
		p.nameW = max(p.nameW, ansi.StringWidth(p.name(i)))
	}
	p.nameW = min(p.nameW, 40)
	// Beside the detail, the list takes the room its rows need, so that
	// every status shows whole, between 40 and 60 percent of the width.
	share := 40
	if wide {
		need := 0
		for i := range p.len() {
			need = max(need, 3+ansi.StringWidth(p.row(i, false)))
		}
		share = min(max((need*100+body.W-1)/max(body.W, 1), 40), 60)
	}
	p.place(body, wide, p.keepRows(), share, st)
	if p.stepping {
		// After a reload: the same save, rehearsed again, at the same step
		// when it still has it.
		p.reselectStepped()
		_, r, ok := p.save(p.sel())
		if !ok || !steppable(r) {
			p.stepping = false
		} else if r != p.step.r {
			pos := p.step.pos
			p.step.start(r)
			if p.step.pos > 0 {
				p.step.pos = min(max(pos, 1), p.step.whole())
			}
		}
	}
	p.settle()
}

// startStepping opens the stepper on the selected save.
func (p *migrationsPane) startStepping() {
	_, r, ok := p.save(p.sel())
	if !ok || r == nil {
		return
	}
	p.stepping, p.inDetail = true, false
	p.step.start(r)
	p.stepped = p.steppedAt(p.sel())
}

// steppedAt names the save of row i.
func (p *migrationsPane) steppedAt(i int) steppedSave {
	sv, _, ok := p.save(i)
	if !ok || sv == nil {
		return steppedSave{}
	}
	kind, _, since := p.sinceAt(i)
	return steppedSave{file: sv.File, draft: since && kind == sinceSave}
}

// reselectStepped puts the cursor back on the save stepped through, whose
// row may have moved (the --since rows come and go with the comparison);
// without it, the stepping ends.
func (p *migrationsPane) reselectStepped() {
	if p.steppedAt(p.sel()) == p.stepped {
		return
	}
	for i := range p.len() {
		if p.steppedAt(i) == p.stepped && p.selectRow(i) {
			return
		}
	}
	p.stepping = false
}

// canStep tells whether enter would step through the selected row.
func (p *migrationsPane) canStep() bool {
	_, r, ok := p.save(p.sel())
	return !p.stepping && !p.inDetail && ok && steppable(r)
}

// steppable tells whether a save's rehearsal has steps to go through: it
// was migrated and at least one step ran. A save that cannot be migrated
// says why in the list and its detail instead.
func steppable(r *migrate.Result) bool { return r != nil && r.Migrated && len(r.Trace) > 0 }

// entryRefusals are the import refusals about entry i.
func (p *migrationsPane) entryRefusals(i int) []model.Diagnostic {
	prefix := "sheet.migrations." + itoa(i)
	var out []model.Diagnostic
	for _, d := range p.s.refusals() {
		if d.Path == prefix || strings.HasPrefix(d.Path, prefix+".") {
			out = append(out, d)
		}
	}
	return out
}

// name is the first column of row i: "entry 1 → 2", or the save's file.
func (p *migrationsPane) name(i int) string {
	if kind, j, ok := p.sinceAt(i); ok {
		return p.sinceName(kind, j)
	}
	if i < len(p.entries) {
		m := p.entries[i]
		return fmt.Sprintf("entry %d %s %d", m.From, p.st.g.arrow, m.From+1)
	}
	sv, _, _ := p.save(i)
	return vis(relFile(sv.File, p.s.ws))
}

// len is the number of rows: the entries, the saves, then the comparison
// with --since OLD's (shown first, see keepRows).
func (p *migrationsPane) len() int {
	if p.s.ws == nil {
		return 0
	}
	return len(p.entries) + len(p.s.ws.Saves) + p.sinceLen()
}

func (p *migrationsPane) settle() tea.Cmd {
	if p.stepping {
		p.settleStep()
		return nil
	}
	p.setDetail(p.rowDetail())
	return nil
}

// save returns the save of row i and its rehearsal, if row i is a save.
func (p *migrationsPane) save(i int) (*model.Save, *migrate.Result, bool) {
	if kind, j, ok := p.sinceAt(i); ok {
		if kind != sinceSave {
			return nil, nil, false
		}
		return p.sinceSaveAt(j)
	}
	j := i - len(p.entries)
	if j < 0 || p.s.ws == nil || j >= len(p.s.ws.Saves) {
		return nil, nil, false
	}
	var r *migrate.Result
	if saves := p.s.saves(); j < len(saves) {
		r = saves[j]
	}
	return p.s.ws.Saves[j], r, true
}

func (p *migrationsPane) view() string {
	st := p.st
	if p.stepping {
		return p.stepperView(p.body.W, p.body.H)
	}
	rs := p.s.ruleset()
	if rs == nil {
		return block(nil, p.full.W, p.full.H, st.g.ellipsis)
	}
	if p.len() == 0 {
		// The whole body, wide or not: the list and the detail have
		// nothing to split it for.
		lines := []string{""}
		for _, l := range wrap(fmt.Sprintf("No migration entries and no sample saves. The sheet is at version %d; put saved sheets in a saves/ folder beside the ruleset to rehearse them.",
			rs.Sheet.Version), p.full.W-2) {
			lines = append(lines, " "+st.muted.Render(l))
		}
		return block(lines, p.full.W, p.full.H, st.g.ellipsis)
	}
	var rows []string
	start, end := p.list.window()
	for pos := start; pos < end; pos++ {
		i := p.rowAt(pos)
		if pos == p.list.cursor && !p.inDetail {
			rows = append(rows, selectedRow(p.row(i, false), p.lr.W, st))
			continue
		}
		rows = append(rows, plainRow(p.row(i, true)))
	}
	return p.render(rows)
}

// row writes an entry's or a save's line.
func (p *migrationsPane) row(i int, styled bool) string {
	st := p.st
	if kind, _, ok := p.sinceAt(i); ok && kind != sinceSave {
		return p.sinceRow(i, kind, styled)
	}
	rs := p.rulesAt(i)
	name := padRight(fit(p.name(i), p.nameW, st.g.ellipsis), p.nameW)
	if i < len(p.entries) {
		note := plural(len(p.entries[i].Steps), "step", "steps")
		refused := ""
		if n := len(p.entryRefusals(i)); n > 0 {
			refused = ", " + plural(n, "refusal", "refusals")
		}
		if !styled {
			return name + "  " + note + refused
		}
		return st.bold.Render(name) + "  " + st.muted.Render(note) + st.err.Render(refused)
	}
	sv, r, _ := p.save(i)
	var note string
	var style = st.ok
	switch {
	case r == nil:
		note, style = "not rehearsed", st.muted
	case sv.VOutOfRange:
		note, style = "v out of range", st.err
	case sv.V == 0:
		note, style = "no readable version", st.err
	case sv.V > rs.Sheet.Version:
		note, style = fmt.Sprintf("v%d, newer than the sheet (version %d)", sv.V, rs.Sheet.Version), st.err
	case !r.OK:
		note, style = fmt.Sprintf("v%d: %s", sv.V, describeFindings(r.Diagnostics)), st.err
	case r.From == rs.Sheet.Version && len(r.Trace) > 0:
		note = fmt.Sprintf("v%d, current; %s", r.From, plural(len(r.Trace), "step runs", "steps run"))
	case r.From == rs.Sheet.Version:
		note = fmt.Sprintf("v%d, current", r.From)
	default:
		note = fmt.Sprintf("v%d %s %d, %s", r.From, st.g.arrow, r.To, plural(len(r.Trace), "step", "steps"))
	}
	if !styled {
		return name + "  " + note
	}
	return st.text.Render(name) + "  " + style.Render(note)
}

// rowDetail describes the selected entry or save.
func (p *migrationsPane) rowDetail() []string {
	st := p.st
	i := p.sel()
	width := p.dr.W
	if i < 0 {
		return nil
	}
	if kind, _, ok := p.sinceAt(i); ok && kind != sinceSave {
		return p.sinceDetail(kind)
	}
	if i < len(p.entries) {
		m := p.entries[i]
		out := []string{" " + st.title.Render(fmt.Sprintf("Entry from %d %s %d", m.From, st.g.arrow, m.From+1)) + "  " +
			st.muted.Render(vis(m.Node.Path())), " " + st.muted.Render("Runs on every sheet saved at this version or earlier."), ""}
		for j, s := range m.Steps {
			out = append(out, bulleted(fmt.Sprintf("%d. %s", j+1, describeStep(s)), width, " ", st, st.text.Render)...)
		}
		if refusals := p.entryRefusals(i); len(refusals) > 0 {
			out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Import refuses (%d)", len(refusals))))
			for _, d := range refusals {
				out = append(out, bulleted(fmt.Sprintf("%s %s: %s", location(d, p.s.ws), vis(d.Path), vis(d.Message)), width, " ", st, severityStyle(d.Severity, st))...)
			}
		}
		return out
	}
	sv, r, ok := p.save(i)
	if !ok {
		return nil
	}
	out := []string{" " + st.title.Render(vis(relFile(sv.File, p.filesOf(i))))}
	if kind, _, ok := p.sinceAt(i); ok && kind == sinceSave {
		with := "rehearsed with the draft"
		if p.sinceDraftRows() == 0 {
			with = "rehearsed with this version's migrations"
		}
		out[0] += "  " + st.muted.Render(with)
	}
	if r == nil {
		return append(out, " "+st.muted.Render("The migration could not be rehearsed."))
	}
	out = append(out, " "+st.muted.Render(fmt.Sprintf("saved at v%d; the sheet is at version %d", r.From, p.rulesAt(i).Sheet.Version)))
	for _, d := range r.Diagnostics {
		out = append(out, bulleted(fmt.Sprintf("%s %s: %s", d.Severity, vis(d.Path), vis(d.Message)), width, " ", st, severityStyle(d.Severity, st))...)
	}
	if p.s.eff != nil && len(p.s.eff.Applied) > 0 {
		for _, k := range p.s.eff.KeptInSave(sv) {
			by := ""
			if k.Layer != nil {
				by = " (" + vis(k.Layer.Label) + ")"
			}
			out = append(out, bulleted(fmt.Sprintf("keeps %s = %s, which the chosen layers remove%s", vis(k.Path), vis(k.Value), by), width, " ", st, st.warn.Render)...)
		}
	}
	if len(r.Trace) == 0 {
		if r.OK {
			out = append(out, "", " "+st.muted.Render("No step runs on this save."))
		}
		return out
	}
	out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Trace (%s)", plural(len(r.Trace), "step", "steps")))+"  "+st.muted.Render("enter steps through it"))
	for _, t := range r.Trace {
		what := t.Op
		if t.Kind != "" {
			what += " " + t.Kind
		}
		where := vis(t.Source)
		if t.Destination != "" {
			where += " " + st.g.arrow + " " + vis(t.Destination)
		}
		head := fmt.Sprintf("%d%s%d #%d %s  %s", t.From, st.g.arrow, t.From+1, t.Step+1, what, where)
		out = append(out, bulleted(head, width, " ", st, st.text.Render)...)
		out = append(out, outcomeLines("", t, width, "     ", st)...)
		for _, c := range t.Changes {
			out = append(out, "     "+changeLine(c, st))
		}
	}
	return out
}

// outcomeStyle colours a step's outcome: moves in the OK colour, values
// kept or sent to else as warnings, the rest muted.
func outcomeStyle(o migrate.Outcome, st *styles) func(...string) string {
	switch o {
	case migrate.Moved, migrate.Set, migrate.Default:
		return st.ok.Render
	case migrate.KeptExisting, migrate.Else, migrate.DroppedOldKey:
		return st.warn.Render
	}
	return st.muted.Render
}

// changeLine writes one change a step made to the save.
func changeLine(c migrate.Change, st *styles) string {
	switch c.Op {
	case migrate.ChangeAdd:
		return st.ok.Render("+ "+vis(c.Path)) + st.muted.Render(" = "+jsonText(c.New))
	case migrate.ChangeRemove:
		return st.err.Render("- "+vis(c.Path)) + st.muted.Render(" was "+jsonText(c.Old))
	}
	return st.warn.Render("~ "+vis(c.Path)) + st.muted.Render(fmt.Sprintf(" %s %s %s", jsonText(c.Old), st.g.arrow, jsonText(c.New)))
}

// jsonText writes a value as JSON, made visible, cut to a sensible length.
func jsonText(v any) string { return say.Value(v, 80) }
