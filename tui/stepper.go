package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/migrate"
	"rulebench/model"
)

// stepper rehearses one sample save's migration a step at a time: the
// save before and after the current step, side by side, with what changed
// marked, and the step's outcome. Past the last step it shows the whole
// chain: the save as saved beside the migrated sheet.
type stepper struct {
	r *migrate.Result
	// pos is the step shown, 1 to len(r.Trace); len(r.Trace)+1 is the
	// whole chain. It is 0 when the save has no step.
	pos int
	// shownFor and shownPos say which result and step before and after
	// were drawn for, so that they are drawn once per step.
	shownFor      *migrate.Result
	shownPos      int
	before, after []jsonLine
	scroll        scroller
	// head is what is drawn above the save, made by settleStep.
	head []string
	// changesOnly shows only the changed lines and one line around each;
	// rows are then the lines shown, a run left out standing as one row
	// (-n for n lines left out). It is nil when every line is shown.
	changesOnly bool
	rows        []int
	rowsFor     int // the position rows were made for, -1 for none
}

// whole is the position of the whole chain.
func (s *stepper) whole() int { return len(s.r.Trace) + 1 }

// start begins stepping through a result, at its first step.
func (s *stepper) start(r *migrate.Result) {
	s.r, s.pos, s.shownFor = r, 0, nil
	if r != nil && r.Migrated && len(r.Trace) > 0 {
		s.pos = 1
	}
	s.scroll = scroller{}
}

// canMove tells whether a step by delta stays within the steps and the
// whole chain.
func (s *stepper) canMove(delta int) bool {
	if s.r == nil || s.pos == 0 {
		return false
	}
	next := s.pos + delta
	return next >= 1 && next <= s.whole()
}

// move steps forwards or back.
func (s *stepper) move(delta int) {
	if s.canMove(delta) {
		s.pos += delta
	}
}

// runAll jumps to the whole chain.
func (s *stepper) runAll() {
	if s.pos > 0 {
		s.pos = s.whole()
	}
}

// jumpEntry moves to the first step of the next (dir > 0) or previous
// entry. Back from a step that is not an entry's first goes to that
// entry's first step; from the whole chain, to the last entry's first.
func (s *stepper) jumpEntry(dir int) {
	if s.pos == 0 {
		return
	}
	t := s.r.Trace
	firsts := []int{}
	for i := range t {
		if i == 0 || t[i].Entry != t[i-1].Entry || t[i].From != t[i-1].From {
			firsts = append(firsts, i+1)
		}
	}
	if dir > 0 {
		for _, f := range firsts {
			if f > s.pos {
				s.pos = f
				return
			}
		}
		s.pos = s.whole()
		return
	}
	for i := len(firsts) - 1; i >= 0; i-- {
		if firsts[i] < s.pos {
			s.pos = firsts[i]
			return
		}
	}
}

// canJump tells whether jumpEntry(dir) would move.
func (s *stepper) canJump(dir int) bool {
	if s.pos == 0 {
		return false
	}
	if dir > 0 {
		return s.pos < s.whole()
	}
	return s.pos > 1
}

// current returns the step shown, or nil for the whole chain.
func (s *stepper) current() *migrate.StepTrace {
	if s.pos < 1 || s.pos > len(s.r.Trace) {
		return nil
	}
	return &s.r.Trace[s.pos-1]
}

// prepare draws the save before and after the current step, once per
// step, and scrolls to the first change.
func (s *stepper) prepare(height int) {
	s.scroll.setHeight(height)
	if s.r == nil || (s.shownFor == s.r && s.shownPos == s.pos) {
		s.filter()
		return
	}
	s.shownFor, s.shownPos = s.r, s.pos
	var before, after migrate.State
	switch {
	case s.pos == 0:
		before = s.r.Sheet
		after = s.r.Sheet
	case s.pos == s.whole():
		before, after = s.r.StateAt(0), s.r.StateAt(len(s.r.Trace))
	default:
		before, after = s.r.StateAt(s.pos-1), s.r.StateAt(s.pos)
	}
	b, a := stateValue(before), stateValue(after)
	mb, ma := changeMarks(s.changes(), b, a)
	s.before, s.after = alignLines(jsonLines(b, mb), jsonLines(a, ma))
	s.rowsFor = -1
	s.filter()
	s.scroll.offset = 0
	for i := range s.scroll.n {
		if l := s.line(i); l >= 0 && s.changed(l) {
			s.scroll.offset = max(i-2, 0)
			break
		}
	}
	s.scroll.clamp()
}

// changed tells whether aligned line i carries a change on either side.
func (s *stepper) changed(i int) bool {
	return (i < len(s.before) && s.before[i].mark > changeGap) || (i < len(s.after) && s.after[i].mark > changeGap)
}

// filter works out the rows shown: every aligned line, or with changes
// only, the changed lines and one line around each.
func (s *stepper) filter() {
	n := max(len(s.before), len(s.after))
	switch {
	case !s.changesOnly:
		s.rows = nil
	case s.rowsFor != s.pos || s.rows == nil:
		s.rows, s.rowsFor = []int{}, s.pos
		keep := make([]bool, n)
		for i := range n {
			if s.changed(i) {
				for j := max(i-1, 0); j <= min(i+1, n-1); j++ {
					keep[j] = true
				}
			}
		}
		for i := 0; i < n; {
			if keep[i] {
				s.rows = append(s.rows, i)
				i++
				continue
			}
			j := i
			for j < n && !keep[j] {
				j++
			}
			s.rows = append(s.rows, -(j - i))
			i = j
		}
	}
	if s.rows == nil {
		s.scroll.setLen(n)
	} else {
		s.scroll.setLen(len(s.rows))
	}
}

// line is the aligned line shown at row i, or -n for a row standing for n
// lines left out.
func (s *stepper) line(i int) int {
	if s.rows == nil {
		return i
	}
	return s.rows[i]
}

// toggleChanges shows only the changes, or every line again, from the
// first change.
func (s *stepper) toggleChanges() {
	s.changesOnly, s.rowsFor, s.shownFor = !s.changesOnly, -1, nil
}

// changes are the changes migrate recorded for what the stepper shows:
// the current step's, or every step's for the whole chain.
func (s *stepper) changes() []migrate.Change {
	if t := s.current(); t != nil {
		return t.Changes
	}
	if s.pos != s.whole() {
		return nil
	}
	var out []migrate.Change
	for _, t := range s.r.Trace {
		out = append(out, t.Changes...)
	}
	return out
}

// changeMarks marks the before and after sides of a stretch of steps from
// the changes migrate recorded for it, without comparing the two saves
// whole: each change names a value, and the two saves say what became of
// it over the stretch (so that a value added and removed again within a
// chain is not marked). A value added where its parent was missing marks
// the parent, which the step made; the version, which migrate sets at the
// end of the chain and records as no change, is compared on its own.
func changeMarks(changes []migrate.Change, before, after map[string]any) (mb, ma marks) {
	mb, ma = marks{}, marks{}
	if !jsonEqual(before["v"], after["v"]) {
		mb["v"], ma["v"] = '~', '~'
	}
	for _, c := range changes {
		keys := c.Segments()
		bv, inBefore := lookup(before, keys)
		av, inAfter := lookup(after, keys)
		switch {
		case inBefore && inAfter:
			if !jsonEqual(bv, av) {
				k := pathKey(keys)
				mb[k], ma[k] = '~', '~'
			}
		case inBefore:
			mb[pathKey(firstMissing(after, keys))] = '-'
		case inAfter:
			ma[pathKey(firstMissing(before, keys))] = '+'
		}
	}
	return mb, ma
}

// lookup finds the value at keys in a JSON value (a list's rows by index).
func lookup(v any, keys []string) (any, bool) {
	for _, k := range keys {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// firstMissing is the shortest start of keys that v has no value at; keys
// itself when only the last is missing.
func firstMissing(v any, keys []string) []string {
	for i := 1; i < len(keys); i++ {
		if _, ok := lookup(v, keys[:i]); !ok {
			return keys[:i]
		}
	}
	return keys
}

// stateValue is a save as one JSON value: v, build and live.
func stateValue(st migrate.State) map[string]any {
	m := map[string]any{"v": float64(st.V)}
	if st.Build != nil {
		m["build"] = st.Build
	}
	if st.Live != nil {
		m["live"] = st.Live
	}
	return m
}

// stepHead draws what the stepper puts above the save: the save and the
// step, the refusals, the timeline and what the step did.
func (p *migrationsPane) stepHead(width, height int) []string {
	st := p.st
	s := &p.step
	sv, r, _ := p.save(p.sel())
	head := []string{p.stepTitle(sv, r)}
	if refusals := p.refusalsAt(p.sel()); len(refusals) > 0 {
		head = append(head, " "+st.err.Render(fmt.Sprintf("The Engine would refuse this chain on import: %s (see the entries).",
			plural(len(refusals), "problem", "problems"))))
	}
	if !r.Migrated {
		head = append(head, " "+st.err.Render("Not migrated."))
		for _, d := range r.Diagnostics {
			head = append(head, bulleted(fmt.Sprintf("%s %s: %s", d.Severity, vis(d.Path), vis(d.Message)), width, " ", st, severityStyle(d.Severity, st))...)
		}
	} else if s.pos == 0 {
		head = append(head, " "+st.muted.Render("No step runs on this save: it is already at the sheet's version and has no old live keys."))
	} else {
		head = append(head, p.timeline(width))
		head = append(head, p.stepSummary(width, max(height/3-2, 2))...)
	}
	return append(head, "")
}

// settleStep draws the stepper's head and the save around the current
// step once per step, and keeps them for the frames.
func (p *migrationsPane) settleStep() {
	sv, r, _ := p.save(p.sel())
	if sv == nil || r == nil {
		p.stepping = false
		return
	}
	p.step.head = p.stepHead(p.body.W, p.body.H)
	p.step.prepare(max(p.body.H-len(p.step.head)-1, 1))
}

// stepperView draws the stepper in a body of width×height.
func (p *migrationsPane) stepperView(width, height int) string {
	st := p.st
	s := &p.step
	_, r, _ := p.save(p.sel())
	if r == nil {
		return block([]string{"", " " + st.muted.Render("The save cannot be rehearsed.")}, width, height, st.g.ellipsis)
	}
	head := s.head
	colW := (width - 3) / 2
	beforeTitle, afterTitle := "Before this step", "After this step"
	switch {
	case !r.Migrated || s.pos == 0:
		beforeTitle, afterTitle = "As saved", "As read"
	case s.pos == s.whole():
		beforeTitle, afterTitle = "As saved", fmt.Sprintf("Migrated to version %d", r.To)
	}
	heads := " " + st.heading.Render(padRight(fit(beforeTitle, colW-1, st.g.ellipsis), colW-1)) + " " + st.tabRule.Render(st.g.vbar) + " " + st.heading.Render(afterTitle)
	lines := append(append([]string(nil), head...), heads)
	start, end := s.scroll.window()
	for i := start; i < end; i++ {
		l := s.line(i)
		if l < 0 {
			gap := st.muted.Render(padRight("  "+st.g.ellipsis+" "+plural(-l, "line", "lines")+" unchanged", colW-1))
			lines = append(lines, " "+gap+" "+st.tabRule.Render(st.g.vbar))
			continue
		}
		left := padRight(p.jsonCell(s.before, l, colW-1), colW-1)
		lines = append(lines, " "+left+" "+st.tabRule.Render(st.g.vbar)+" "+p.jsonCell(s.after, l, width-colW-2))
	}
	return block(lines, width, height, st.g.ellipsis)
}

// jsonCell draws line i of a side, marked by how it changed.
func (p *migrationsPane) jsonCell(lines []jsonLine, i, width int) string {
	st := p.st
	if i >= len(lines) || lines[i].mark == changeGap {
		return ""
	}
	l := lines[i]
	text := fit(vis(l.text), width-2, st.g.ellipsis)
	switch l.mark {
	case '+':
		return st.ok.Render("+ " + text)
	case '-':
		return st.err.Render("- " + text)
	case '~':
		return st.warn.Render("~ " + text)
	}
	return "  " + st.muted.Render(text)
}

// stepTitle names the save and where the stepper is.
func (p *migrationsPane) stepTitle(sv *model.Save, r *migrate.Result) string {
	st := p.st
	s := &p.step
	title := " " + st.title.Render(vis(relFile(sv.File, p.filesOf(p.sel())))) + "  " + st.muted.Render(fmt.Sprintf("v%d %s %d", r.From, st.g.arrow, r.To))
	switch {
	case s.pos == 0:
	case s.pos == s.whole():
		title += "  " + st.bold.Render("the whole chain") + st.muted.Render(", "+plural(len(r.Trace), "step", "steps"))
	default:
		t := s.current()
		where := fmt.Sprintf(": entry %d %s %d, step %d", t.From, st.g.arrow, t.From+1, t.Step+1)
		if k := p.draftIndex(p.sel(), t); k >= 0 {
			where = fmt.Sprintf(": the draft %d %s %d, its step %d", t.From, st.g.arrow, t.From+1, k+1)
		}
		title += "  " + st.bold.Render(fmt.Sprintf("step %d of %d", s.pos, len(r.Trace))) + st.muted.Render(where)
	}
	return title
}

// timeline draws one cell per step, grouped by entry: done, current, to
// come; the whole chain lights every cell.
func (p *migrationsPane) timeline(width int) string {
	st := p.st
	s := &p.step
	done, cur, todo := "■", "▣", "□"
	if st.g.rule == "-" {
		done, cur, todo = "#", "@", "."
	}
	var b strings.Builder
	b.WriteString(" ")
	for i, t := range s.r.Trace {
		if i == 0 || t.From != s.r.Trace[i-1].From {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(st.muted.Render(fmt.Sprintf("%d%s%d ", t.From, st.g.arrow, t.From+1)))
		}
		switch n := i + 1; {
		case n == s.pos:
			b.WriteString(st.accent.Render(cur))
		case n < s.pos:
			b.WriteString(outcomeStyle(t.Outcome, st)(done))
		default:
			b.WriteString(st.muted.Render(todo))
		}
	}
	if s.pos == s.whole() {
		b.WriteString("  " + st.accent.Render("whole chain"))
	}
	return fit(b.String(), width, st.g.ellipsis)
}

// stepSummary says what the current step is and did: the step as written,
// where it reads and writes, its outcome, and the values it changed. For
// the whole chain it lists every step's outcome.
func (p *migrationsPane) stepSummary(width, room int) []string {
	st := p.st
	s := &p.step
	var out []string
	if t := s.current(); t != nil {
		if step := p.modelStep(t); step != nil {
			out = append(out, bulleted(describeStep(step), width, " ", st, st.text.Render)...)
		}
		if d := p.draftStep(p.sel(), t); d != nil {
			// Why it was drafted, in at most two lines: the draft's row
			// has it whole.
			lines := wrap("drafted: "+vis(d.Why), max(width-4, 10))
			if len(lines) > 2 {
				lines = []string{lines[0], fit(strings.Join(lines[1:], " "), max(width-4, 10), st.g.ellipsis)}
			}
			for _, l := range lines {
				out = append(out, "   "+st.muted.Render(l))
			}
		}
		where := vis(t.Source)
		if t.Destination != "" {
			where += " " + st.g.arrow + " " + vis(t.Destination)
		}
		out = append(out, outcomeLines(where, *t, width, "   ", st)...)
		for i, c := range t.Changes {
			if i == room {
				out = append(out, "   "+st.muted.Render("and "+plural(len(t.Changes)-i, "more change", "more changes")))
				break
			}
			out = append(out, "   "+changeLine(c, st))
		}
		if len(t.Changes) == 0 {
			out = append(out, "   "+st.muted.Render("The save is not changed by this step."))
		}
		return out
	}
	ends := chainEnds(s.r)
	out = append(out, " "+st.text.Render(fmt.Sprintf("Where each old value ended (%d)", len(ends)))+"  "+st.muted.Render("n and p go through the steps"))
	if len(ends) == 0 {
		out = append(out, "   "+st.muted.Render("No step moved or changed a value of this save."))
	}
	fromW := 0
	for _, e := range ends {
		fromW = max(fromW, ansi.StringWidth(vis(e.from)))
	}
	fromW = min(fromW, max(width/3, 12))
	valW := 0
	for _, e := range ends {
		valW = max(valW, ansi.StringWidth(jsonText(e.value)))
	}
	valW = min(valW, 20, max(width/6, 6))
	used := 0 // lines, of at most 2 × room
	for i, e := range ends {
		if i == room || used >= 2*room {
			out = append(out, "   "+st.muted.Render(fmt.Sprintf("and %d more", len(ends)-i)))
			break
		}
		style := st.ok.Render
		if len(e.at) == 0 || strings.HasPrefix(e.note, "not moved") {
			style = st.warn.Render
		}
		lead := "   " + st.text.Render(padRight(fit(vis(e.from), fromW, st.g.ellipsis), fromW)) + " " +
			st.muted.Render(padRight(fit(jsonText(e.value), valW, st.g.ellipsis), valW)) + " " + st.g.arrow + " "
		indent := strings.Repeat(" ", ansi.StringWidth(lead))
		// Where it ended wraps under itself rather than being cut.
		for j, line := range wrap(e.where(), max(width-ansi.StringWidth(lead)-1, 12)) {
			if j > 0 {
				lead = indent
			}
			out = append(out, lead+style(line))
			used++
		}
	}
	return out
}

// chainEnd is where one value of a save as saved went over the whole
// chain: its path and value, where it is at the end (nowhere when a step
// dropped it), and what became of it.
type chainEnd struct {
	from  string
	value any
	// at are the paths holding the value at the end: one when moved, the
	// old and the new when copied; none when dropped.
	at []string
	// note says why it went nowhere, or that a value was set in place.
	note string
}

// where says where the value ended, in words.
func (e chainEnd) where() string {
	switch {
	case e.note != "":
		return e.note
	case len(e.at) == 1 && e.at[0] == e.from:
		return "stays where it was"
	}
	var others []string
	copied := false
	for _, p := range e.at {
		if p == e.from {
			copied = true
			continue
		}
		others = append(others, vis(p))
	}
	if copied {
		return strings.Join(others, ", ") + " (copied: the old key stays)"
	}
	return strings.Join(others, ", ")
}

// chainEnds follows each value a step read from the save as saved through
// the rest of the trace: a step that moves it (its source removed) takes
// it on, one that writes it and keeps the source copies it, one whose
// destination already held a value drops it. Values a step read from a
// path an earlier step wrote belong to that earlier value.
func chainEnds(r *migrate.Result) []chainEnd {
	var out []chainEnd
	holding := func(path string) int {
		for i := range out {
			if slices.Contains(out[i].at, path) {
				return i
			}
		}
		return -1
	}
	for _, t := range r.Trace {
		if t.Outcome == migrate.NoValue || t.Outcome == migrate.Default || t.Source == "" {
			continue
		}
		i := holding(t.Source)
		if i < 0 {
			out = append(out, chainEnd{from: t.Source, value: t.Value, at: []string{t.Source}})
			i = len(out) - 1
		}
		e := &out[i]
		removed := false
		for _, c := range t.Changes {
			if c.Op == migrate.ChangeRemove && c.Path == t.Source {
				removed = true
			}
		}
		drop := func() { e.at = slices.DeleteFunc(e.at, func(p string) bool { return p == t.Source }) }
		switch t.Outcome {
		case migrate.Moved, migrate.Else:
			if removed {
				drop()
			}
			e.at = append(e.at, t.Destination)
		case migrate.KeptExisting:
			if removed {
				drop()
			}
			if len(e.at) == 0 {
				e.note = "dropped: " + vis(t.Destination) + " kept its own value"
			} else if len(e.at) == 1 && e.at[0] == e.from {
				e.note = "not moved: " + vis(t.Destination) + " kept its own value"
			}
		case migrate.DroppedOldKey:
			drop()
			if len(e.at) == 0 {
				e.note = "dropped: " + vis(t.Destination) + " was there already"
			}
		case migrate.Set:
			// The old values are the rows' before the step.
			var old []any
			for _, c := range t.Changes {
				if !slices.ContainsFunc(old, func(v any) bool { return jsonEqual(v, c.Old) }) {
					old = append(old, c.Old)
				}
			}
			e.value = old
			e.note = "set in place to " + jsonText(t.Value) + " (" + plural(t.Count, "row", "rows") + ")"
		}
	}
	return out
}

// modelStep finds the step of the ruleset a trace line ran.
func (p *migrationsPane) modelStep(t *migrate.StepTrace) *model.Step {
	rs := p.rulesAt(p.sel())
	if rs == nil || t.Entry < 0 || t.Entry >= len(rs.Sheet.Migrations) {
		return nil
	}
	m := rs.Sheet.Migrations[t.Entry]
	if t.Step < 0 || t.Step >= len(m.Steps) {
		return nil
	}
	return m.Steps[t.Step]
}

// outcomeLines writes where a step read and wrote and, beside it, what it
// did; an outcome too long for the line goes under it, wrapped, never cut.
func outcomeLines(where string, t migrate.StepTrace, width int, indent string, st *styles) []string {
	style := outcomeStyle(t.Outcome, st)
	text := say.Outcome(t)
	if where != "" && len(indent)+ansi.StringWidth(where)+2+ansi.StringWidth(text) <= width {
		return []string{indent + st.muted.Render(where) + "  " + style(text)}
	}
	var out []string
	if where != "" {
		out, indent = []string{indent + st.muted.Render(where)}, indent+"  "
	}
	for _, l := range wrap(text, max(width-len(indent), 10)) {
		out = append(out, indent+style(l))
	}
	return out
}
