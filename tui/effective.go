package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/outline"
	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// maxEffectiveRows caps the prices, entries and items listed in one
// section, so that a large ruleset's frame stays cheap; the rest is
// counted.
const maxEffectiveRows = 200

// effectiveView is what the Effective tab's document is drawn for besides
// the snapshot: the market price level shown when the levels do not all
// fit beside each other, the price whose workings are open, the filter,
// and what the last drawing found.
type effectiveView struct {
	level  int  // the price level shown when paged
	levels int  // how many price levels the market has
	paged  bool // whether the levels are shown one at a time
	// why is the id of the price row whose workings show under it ("" for
	// none); query the filter's text, lower-cased.
	why   string
	query string
	// tags describe each line drawn, in order; skipped counts the rows
	// the filter left out before they were drawn.
	tags    []lineTag
	skipped int
	// ol is the outline drawn, worked out for olEff beside olBase with
	// olWS's sample saves (outlineOf).
	ol     *outline.Outline
	olEff  *rules.Effective
	olBase *rules.Effective
	olWS   *model.Workspace
}

// lineTag says what a line of the Effective document is: the section it
// is in, the row it belongs to (a price, an entry, a ladder step...), and
// whether it heads its section (kept by the filter with any row of it).
type lineTag struct {
	section string
	// id names the row, unique in the document ("" for a line of no row);
	// text is what the filter looks for in it besides the line's text.
	id, text string
	// parent is the id of the row a row belongs to (an entry's catalog),
	// kept by the filter with it.
	parent string
	head   bool
	// price is the row's index in the effective prices (-1 for none).
	price int
	// file and node are where the row's entry is written (e opens the
	// editor there); "" and nil for a row of no entry.
	file string
	node *model.Node
}

// effectivePane is the Effective tab: the effective ruleset as a document
// (see docPane) with a cursor on its rows: prices, entries, ladder steps,
// coins. Enter on a price opens how it is worked out; / filters the rows
// by item, entry or section; the prices table shows one market price level
// at a time when they do not all fit, > and < changing the level.
type effectivePane struct {
	*docPane
	v effectiveView
	// rows are the lines the cursor stops at (each row's first line) and
	// cursor the one selected; sel is the selected row's id, kept across
	// rebuilds.
	rows   []int
	cursor int
	sel    string
	tags   []lineTag
	filter listFilter
	// total and kept count the rows before and after the filter.
	total, kept int
	// stale is set when what the document is drawn from (the snapshot,
	// the styles, the size, the price level, the workings open, the
	// filter) changed since it was last asked for: settle then asks for
	// it again. The drawing runs off the UI goroutine (draw), and its
	// result (effectiveDrawnMsg) is taken in only if it is of the last one
	// asked for (gen); drawn is the gen of the document shown, and
	// showSel asks for the selected row to be scrolled to once it is in.
	stale   bool
	gen     int
	drawn   int
	showSel bool
}

// effectiveDrawnMsg carries the Effective tab's document drawn off the UI
// goroutine for the request gen, with the view state it was drawn with
// (its tags and the outline it reused or worked out).
type effectiveDrawnMsg struct {
	gen int
	doc document
	v   effectiveView
}

func newEffectivePane(k *keyMap) *effectivePane {
	p := &effectivePane{filter: newListFilter()}
	p.docPane = newDocPane(k, nil) // drawn by draw, not by the docPane
	return p
}

func (p *effectivePane) typing() bool { return p.filter.typing() }

// draw asks for the document to be drawn again off the UI goroutine, for
// the snapshot, styles, size and view state of now: it copies them, so
// that the UI may change its own while the drawing runs (the snapshot's
// parts it reads, the effective and base rulesets and the workspace, are
// never changed once made).
func (p *effectivePane) draw() tea.Cmd {
	p.stale = false
	if p.s == nil || p.st == nil {
		return nil
	}
	p.gen++
	p.v.query = p.filter.query
	gen, s, st, width, v := p.gen, *p.s, p.st, p.body.W, p.v
	v.tags = nil // the drawing makes its own; the UI's are still shown
	return func() tea.Msg {
		d := effectiveLines(&s, st, width, &v)
		return effectiveDrawnMsg{gen: gen, doc: d, v: v}
	}
}

// drawing tells whether the document shown is not the last one asked for.
func (p *effectivePane) drawing() bool { return p.stale || p.drawn != p.gen }

// hint says the effective ruleset is being worked out while it is.
func (p *effectivePane) hint() string {
	if p.drawing() && p.st != nil {
		return "Working out the effective ruleset" + p.st.g.ellipsis
	}
	return ""
}

// spotAt is where the selected row's entry is written: a price's item or
// a catalog's entry.
func (p *effectivePane) spotAt(*snapshot) (spot, bool) {
	if len(p.rows) == 0 {
		return spot{}, false
	}
	t := p.tags[p.rows[p.cursor]]
	if t.node == nil {
		return spot{}, false
	}
	return nodeSpot(t.file, t.node)
}

// settle asks for the document to be drawn when what it shows changed,
// and keeps the cursor on a row on the screen after the wheel moved the
// document.
func (p *effectivePane) settle() tea.Cmd {
	p.follow()
	if p.stale {
		return p.draw()
	}
	return nil
}

// click selects the row drawn at line y of the tab.
func (p *effectivePane) click(y int) {
	l := p.scroll.offset + y - p.top()
	if y < p.top() || l < 0 || l >= len(p.tags) || p.tags[l].id == "" || p.tags[l].head {
		return
	}
	for i, r := range p.rows {
		if p.tags[r].id == p.tags[l].id {
			p.cursor = i
			p.remember()
			return
		}
	}
}

// set keeps what the tab shows; the document is drawn again when the tab
// is next settled, that is when it is in view.
func (p *effectivePane) set(s *snapshot, st *styles, body rect, wide bool) {
	p.filter.restyle(st)
	p.docPane.s, p.docPane.st, p.docPane.body = s, st, body
	p.stale = true
}

// top is the filter's line: 1 while the filter is active.
func (p *effectivePane) top() int {
	if p.filter.active() {
		return 1
	}
	return 0
}

// rebuild asks for the document to be drawn again (see draw).
func (p *effectivePane) rebuild() { p.stale = true }

// takeDrawn takes in a document drawn off the UI goroutine if it is the
// last one asked for: it keeps the rows the filter holds, and puts the
// cursor back on the row it was on.
func (p *effectivePane) takeDrawn(msg effectiveDrawnMsg) {
	if msg.gen != p.gen || p.stale {
		return // the view changed since it was asked for
	}
	p.drawn, p.v = msg.gen, msg.v
	p.width = p.body.W
	d := msg.doc
	p.lines, p.starts, p.tags = d.lines, d.sections, p.v.tags
	p.total = p.v.skipped
	for i, t := range p.tags {
		if t.id != "" && !t.head && (i == 0 || p.tags[i-1].id != t.id) {
			p.total++
		}
	}
	if p.v.query != "" {
		p.narrow()
	}
	p.rows = p.rows[:0]
	prev := ""
	for i, t := range p.tags {
		if t.id != "" && !t.head && t.id != prev {
			p.rows = append(p.rows, i)
		}
		prev = t.id
	}
	p.kept = len(p.rows)
	p.scroll.setHeight(max(p.body.H-p.top(), 0))
	p.scroll.setLen(len(p.lines))
	p.cursor = min(max(p.cursor, 0), max(len(p.rows)-1, 0))
	for i, l := range p.rows {
		if p.tags[l].id == p.sel {
			p.cursor = i
			break
		}
	}
	p.remember()
	if p.showSel {
		p.showSel = false
		p.show()
	}
}

// narrow keeps the lines the filter holds: every line of a section whose
// heading holds the text, else the rows that hold it (with the rows they
// belong to) and the heads of their sections.
func (p *effectivePane) narrow() {
	q := p.v.query
	holds := func(i int) bool {
		t := p.tags[i]
		return strings.Contains(strings.ToLower(t.text), q) || strings.Contains(strings.ToLower(ansi.Strip(p.lines[i])), q)
	}
	keepSection := map[string]bool{}
	keepRow := map[string]bool{}
	for i, t := range p.tags {
		switch {
		case t.head && t.section != "" && strings.Contains(strings.ToLower(t.section), q):
			keepSection[t.section] = true
		case t.id != "" && !t.head && holds(i):
			keepRow[t.id] = true
			if t.parent != "" {
				keepRow[t.parent] = true
			}
		}
	}
	hasRow := map[string]bool{}
	for _, t := range p.tags {
		if keepRow[t.id] {
			hasRow[t.section] = true
		}
	}
	var lines []string
	var tags []lineTag
	var starts []int
	last := "\x00"
	for i, t := range p.tags {
		keep := keepSection[t.section] || (t.head && hasRow[t.section]) || (!t.head && t.id != "" && keepRow[t.id])
		if !keep {
			continue
		}
		if t.section != last {
			starts = append(starts, len(lines))
			last = t.section
		}
		lines, tags = append(lines, p.lines[i]), append(tags, t)
	}
	p.lines, p.tags, p.starts = lines, tags, starts
}

// remember keeps the selected row's id and makes the window show it.
func (p *effectivePane) remember() {
	if len(p.rows) == 0 {
		return
	}
	l := p.rows[p.cursor]
	p.sel = p.tags[l].id
}

// show scrolls the window to the selected row's lines.
func (p *effectivePane) show() {
	if len(p.rows) == 0 {
		return
	}
	l := p.rows[p.cursor]
	end := l + 1
	for end < len(p.tags) && p.tags[end].id == p.tags[l].id {
		end++
	}
	sc := &p.scroll
	if end > sc.offset+sc.height {
		sc.offset = end - sc.height
	}
	if l < sc.offset {
		sc.offset = l
	}
	sc.clamp()
}

// visible tells whether line l is in the window.
func (p *effectivePane) visible(l int) bool {
	return l >= p.scroll.offset && l < p.scroll.offset+p.scroll.height
}

// step moves the cursor to the next row (dir > 0) or the one before when
// it is on the screen or the line next to it; else the document scrolls a
// line, the cursor following onto a row left on the screen.
func (p *effectivePane) step(dir int) {
	sc := &p.scroll
	next := p.cursor + dir
	if next >= 0 && next < len(p.rows) {
		l := p.rows[next]
		if l >= sc.offset-1 && l <= sc.offset+sc.height {
			p.cursor = next
			p.remember()
			p.show()
			return
		}
	}
	sc.offset += dir
	sc.clamp()
	p.follow()
}

// follow puts the cursor on a row on the screen when its own is not.
func (p *effectivePane) follow() {
	if len(p.rows) == 0 || p.visible(p.rows[p.cursor]) {
		return
	}
	best := -1
	for i, l := range p.rows {
		if p.visible(l) {
			if best < 0 || (l < p.rows[p.cursor]) {
				best = i
			}
		}
	}
	if best >= 0 {
		p.cursor = best
		p.remember()
	}
}

// price is the effective price of the selected row, if it is a price.
func (p *effectivePane) price() (int, bool) {
	if len(p.rows) == 0 || p.s == nil || p.s.eff == nil {
		return 0, false
	}
	t := p.tags[p.rows[p.cursor]]
	return t.price, t.price >= 0 && t.price < len(p.s.eff.Prices)
}

// syncKeys offers the movement keys, enter on a price to open or close
// its workings, / to filter, esc to close or show all, and > and < while
// the prices show one level at a time.
func (p *effectivePane) syncKeys() {
	k := p.keys
	if p.filter.syncKeys(k) {
		return
	}
	on := p.scroll.scrollable() || len(p.rows) > 1
	for _, b := range k.movement() {
		b.SetEnabled(on)
	}
	k.NextGroup.SetEnabled(p.canJump(1))
	k.PrevGroup.SetEnabled(p.canJump(-1))
	k.NextGroup.SetHelp("]", "next section")
	k.PrevGroup.SetHelp("[", "previous section")
	k.NextLevel.SetEnabled(p.v.paged)
	k.PrevLevel.SetEnabled(p.v.paged)
	_, isPrice := p.price()
	k.Open.SetEnabled(isPrice)
	if isPrice && p.v.why == p.sel {
		k.Open.SetHelp("enter", "hide why")
	} else {
		k.Open.SetHelp("enter", "why this price")
	}
	k.Search.SetEnabled(p.total > 0 || p.filter.active())
	// Esc hides the workings too, but is offered for that only when enter
	// would not do it.
	k.Close.SetEnabled((p.v.why != "" && p.v.why != p.sel) || p.filter.active())
	if p.v.why != "" && p.v.why != p.sel {
		k.Close.SetHelp("esc", "hide why")
	} else {
		k.Close.SetHelp("esc", "show all")
	}
}

// update moves the cursor, opens a price's workings, filters, changes the
// price level shown, and otherwise scrolls.
func (p *effectivePane) update(h host, msg tea.Msg) tea.Cmd {
	if m, ok := msg.(effectiveDrawnMsg); ok {
		p.takeDrawn(m)
		return nil
	}
	if p.filter.typing() {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.PasteMsg:
			sel := p.sel
			cmd := p.filter.update(msg)
			p.cursor, p.sel, p.scroll.offset = 0, "", 0
			if !p.filter.active() {
				p.sel = sel // esc: the cursor stays on its row
			}
			p.rebuild()
			p.showSel = p.sel != ""
			return cmd
		}
	}
	if c, ok := msg.(clickMsg); ok {
		p.click(c.y)
		return nil
	}
	m, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k := p.keys
	switch {
	case p.v.paged && p.v.levels > 0 && key.Matches(m, k.NextLevel):
		p.v.level = (p.v.level + 1) % p.v.levels
		p.rebuild()
	case p.v.paged && p.v.levels > 0 && key.Matches(m, k.PrevLevel):
		p.v.level = (p.v.level + p.v.levels - 1) % p.v.levels
		p.rebuild()
	case key.Matches(m, k.Open):
		if p.v.why == p.sel {
			p.v.why = ""
		} else {
			p.v.why = p.sel
		}
		p.rebuild()
		p.showSel = true
	case p.v.why != "" && (key.Matches(m, k.Close) || m.Code == tea.KeyEscape && m.Mod == 0):
		p.v.why = ""
		p.rebuild()
	case key.Matches(m, k.Close):
		p.filter.clear()
		p.rebuild()
		p.showSel = true
	case key.Matches(m, k.Search):
		cmd := p.filter.start()
		p.rebuild()
		return cmd
	case key.Matches(m, k.Up):
		p.step(-1)
	case key.Matches(m, k.Down):
		p.step(1)
	case key.Matches(m, k.NextGroup):
		p.jump(1)
		p.follow()
	case key.Matches(m, k.PrevGroup):
		p.jump(-1)
		p.follow()
	default:
		if navKey(k, &p.scroll, m) {
			switch {
			case key.Matches(m, k.Top) && len(p.rows) > 0:
				p.cursor = 0
				p.remember()
			case key.Matches(m, k.Bottom) && len(p.rows) > 0:
				p.cursor = len(p.rows) - 1
				p.remember()
			default:
				p.follow()
			}
		}
	}
	return nil
}

// view draws the window of the document, the selected row in the
// selection's colours, under the filter's line while it is active.
func (p *effectivePane) view() string {
	st := p.st
	if len(p.lines) == 0 && p.drawing() {
		return block([]string{"", " " + st.muted.Render("Working out the effective ruleset"+st.g.ellipsis)}, p.body.W, p.body.H, st.g.ellipsis)
	}
	start, end := p.scroll.window()
	sel := -1
	if len(p.rows) > 0 {
		sel = p.rows[p.cursor]
	}
	lines := make([]string, 0, end-start+1)
	if p.filter.active() {
		lines = append(lines, fit(" "+st.muted.Render(fmt.Sprintf("showing %d of %s", p.kept, plural(p.total, "row", "rows")))+"  "+p.filter.view(), p.body.W, st.g.ellipsis))
		if p.kept == 0 && p.filter.query != "" {
			lines = append(lines, "", " "+st.muted.Render(fmt.Sprintf("No item, entry or section holds %q; esc shows all.", p.filter.input.Value())))
		}
	}
	for i := start; i < end; i++ {
		if i == sel {
			plain := ansi.Strip(p.lines[i])
			plain = strings.TrimPrefix(plain, "  ")
			lines = append(lines, selectedRow(plain, p.body.W, st))
			continue
		}
		lines = append(lines, p.lines[i])
	}
	// The tab's width now, not the document's: until the document drawn
	// for a new size comes, the one before is cut to it.
	return block(lines, p.body.W, p.body.H, st.g.ellipsis)
}

// effectiveDoc builds the Effective tab from the outline of the effective
// ruleset (package outline), styling it.
type effectiveDoc struct {
	document
	view  *effectiveView
	s     *snapshot
	st    *styles
	width int
	o     *outline.Outline
	// tag is what the lines added now are (see lineTag).
	tag lineTag
}

// outlineOf is the outline of the snapshot's effective ruleset, worked out
// again only when the layers, the base or the workspace change. The sample
// saves are read only while a layer applies, the only time their kept
// values are shown.
func (v *effectiveView) outlineOf(s *snapshot) *outline.Outline {
	base := s.base()
	if v.ol != nil && v.olEff == s.eff && v.olBase == base && v.olWS == s.ws {
		return v.ol
	}
	var saves []*model.Save
	if s.ws != nil && len(s.eff.Applied) > 0 {
		saves = s.ws.Saves
	}
	v.ol, v.olEff, v.olBase, v.olWS = outline.New(s.eff, base, saves), s.eff, base, s.ws
	return v.ol
}

// add appends lines to the document, tagged with the row they belong to.
func (d *effectiveDoc) add(lines ...string) {
	d.document.add(lines...)
	for range lines {
		d.view.tags = append(d.view.tags, d.tag)
	}
}

// row starts a row: the lines added next belong to it. The id is made
// unique by the section; text is what the filter looks for besides the
// lines' text.
func (d *effectiveDoc) row(id, text string) {
	d.tag = lineTag{section: d.tag.section, id: d.tag.section + "/" + id, text: text, price: -1}
}

// child starts a row that belongs to another row of the section.
func (d *effectiveDoc) child(parent, id, text string) {
	d.row(id, text)
	d.tag.parent = d.tag.section + "/" + parent
}

// skips tells whether the filter leaves a row out before it is drawn (so
// that the rows shown under a cap are those the filter keeps): the
// section's heading does not hold the filter's text, nor does any of the
// texts.
func (d *effectiveDoc) skips(texts ...string) bool {
	q := d.view.query
	if q == "" || strings.Contains(strings.ToLower(d.tag.section), q) {
		return false
	}
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), q) {
			return false
		}
	}
	d.view.skipped++
	return true
}

// effectiveLines builds the Effective tab: the ruleset as a game with the
// chosen layers sees it, each part beside the base ruleset and each change
// marked with the layer that made it.
func effectiveLines(s *snapshot, st *styles, width int, view *effectiveView) document {
	view.tags, view.skipped = view.tags[:0], 0
	d := &effectiveDoc{view: view, s: s, st: st, width: width, tag: lineTag{section: "Applied layers", head: true, price: -1}}
	if s.eff == nil {
		d.add("", " "+st.muted.Render("There is no ruleset to apply layers to."))
		return d.document
	}
	d.o = view.outlineOf(s)
	d.applied()
	d.guidance()
	d.ladder()
	d.enums()
	d.catalogs()
	d.coins()
	d.prices()
	d.market()
	d.loot()
	d.kept()
	return d.document
}

func (d *effectiveDoc) heading(h, note string) {
	d.tag = lineTag{section: h, head: true, price: -1}
	d.add("")
	d.section()
	line := " " + d.st.heading.Render(h)
	if note == "" {
		d.add(line)
		return
	}
	// A note too long for the line wraps under itself, beside the heading.
	indent := ansi.StringWidth(line) + 2
	if ansi.StringWidth(note) <= d.width-indent || d.width-indent < 20 {
		d.add(line + "  " + d.st.muted.Render(note))
		return
	}
	for i, l := range wrap(note, d.width-indent) {
		if i == 0 {
			d.add(line + "  " + d.st.muted.Render(l))
			continue
		}
		d.add(strings.Repeat(" ", indent) + d.st.muted.Render(l))
	}
}

// item adds a bulleted item, wrapped.
func (d *effectiveDoc) item(text string, style func(...string) string) {
	d.add(bulleted(text, d.width, "  ", d.st, style)...)
}

// para adds a labelled paragraph, wrapped under its label.
func (d *effectiveDoc) para(label, text string, style func(...string) string) {
	for i, l := range wrap(text, max(d.width-16, 10)) {
		lead := strings.Repeat(" ", 15)
		if i == 0 {
			lead = "   " + d.st.label.Render(padRight(label, 12))
		}
		d.add(lead + style(l))
	}
}

// changedMark is put after a value that differs from the base ruleset, so
// that the change shows without colour too.
func (d *effectiveDoc) changedMark() string { return d.st.warn.Render("*") }

// labelOr is a thing's label, or its id when it has none.
func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// layerName names the layer that made a change by its label, or says
// that the base ruleset did (nil).
func layerName(l *outline.Layer) string {
	if l == nil {
		return "the base ruleset"
	}
	return l.Label
}

// applied says which layers apply and which chosen ones do not.
func (d *effectiveDoc) applied() {
	st, o := d.st, d.o
	var applied []string
	for _, l := range o.Applied {
		applied = append(applied, l.Label)
	}
	if len(applied) == 0 {
		d.add(" " + st.title.Render("No layer applied") + "  " + st.muted.Render("switch layers on in the Layers tab to see what they change"))
	} else {
		line := " " + st.title.Render("Applied: ") + st.ok.Render(vis(strings.Join(applied, ", ")))
		mark := "changes against the base ruleset are marked "
		if ansi.StringWidth(line)+2+len(mark)+1 <= d.width {
			d.add(line + "  " + st.muted.Render(mark) + d.changedMark())
		} else {
			// The only line that says what * means: on a line of its own
			// rather than cut, under the layers' names, wrapped.
			for i, l := range wrap(line, max(d.width-1, 10)) {
				if i > 0 {
					l = " " + l
				}
				d.add(l)
			}
			d.add(" " + st.muted.Render(mark) + d.changedMark())
		}
	}
	for _, dr := range o.Dropped {
		d.item(fmt.Sprintf("%s is chosen but not applied: %s", dr.Name, dr.Why), st.warn.Render)
	}
}

// guidance shows the Game Master's texts: the base text, then each layer's
// appended text, marked with its layer.
func (d *effectiveDoc) guidance() {
	st, o := d.st, d.o
	d.heading("Game Master", "layers append to the base text")
	d.row("check", "check guidance")
	d.para("Check", o.Check.Base, st.text.Render)
	for _, a := range o.Check.Appended {
		d.appended(a)
	}
	d.row("world", "world guidance")
	if o.World.HasBase {
		d.para("World", o.World.Base, st.text.Render)
	} else {
		d.para("World", "none in the base ruleset", st.muted.Render)
	}
	for _, a := range o.World.Appended {
		d.appended(a)
	}
}

// appended shows a layer's text appended to a guidance, marked with a +
// and the layer.
func (d *effectiveDoc) appended(a outline.Appended) {
	d.add(strings.Repeat(" ", 13) + d.st.ok.Render("+ appended by "+a.Layer.Label+":"))
	d.para("", a.Text, d.st.ok.Render)
}

// ladder shows the difficulty ladder, the base's beside the effective one.
func (d *effectiveDoc) ladder() {
	st, l := d.st, d.o.Ladder
	note := "the base ladder"
	if l.From != nil {
		note = "replaced by " + layerName(l.From)
	}
	d.heading("Difficulty ladder", note)
	labelW := 5
	for _, c := range l.Steps {
		labelW = max(labelW, min(len(c.Label), 28))
	}
	d.add("   " + st.label.Render(padRight("Step", labelW)+"  "+padRight("Base", 14)+"  Effective"))
	// The steps pair by label, never by position: a step the layer drops
	// says so, as does one it adds.
	for _, c := range l.Steps {
		d.row(c.Label, "")
		bt, ft := stepValue(c.Base, c.HasBase), stepValue(c.Effective, c.HasEffective)
		line := "   " + st.text.Render(padRight(fit(c.Label, labelW, st.g.ellipsis), labelW)) + "  " + st.muted.Render(padRight(bt, 14)) + "  "
		switch c.Kind {
		case rules.StepChanged:
			line += st.warn.Render(ft) + d.changedMark()
		case rules.StepRemoved:
			line += st.err.Render("removed") + d.changedMark()
		case rules.StepAdded:
			line += st.warn.Render(ft+" (added)") + d.changedMark()
		default:
			line += st.text.Render(ft)
		}
		d.add(line)
	}
}

// stepValue writes a ladder step's numbers: "DC 14" or "3 (target 8)".
func stepValue(s model.LadderStep, present bool) string {
	switch {
	case !present:
		return "-"
	case s.HasDC:
		return fmt.Sprintf("DC %d", s.DC)
	case s.HasSuccesses && s.HasTarget:
		return fmt.Sprintf("%d (target %d)", s.Successes, s.Target)
	case s.HasSuccesses:
		return itoa(s.Successes)
	}
	return ""
}

// enums shows each enum field's values, the removed ones marked, and its
// default beside the base's.
func (d *effectiveDoc) enums() {
	st := d.st
	if len(d.o.Enums) == 0 {
		return
	}
	d.heading("Enum fields", "removed values are marked")
	for _, f := range d.o.Enums {
		d.row(f.ID, f.Label)
		var parts []string
		for _, v := range f.Values {
			if v.Removed {
				parts = append(parts, st.err.Render(v.Text+" (removed)"))
			} else {
				parts = append(parts, st.text.Render(v.Text))
			}
		}
		// The values wrap under themselves rather than being cut: a value
		// removed at the end of a long list is read too.
		line := st.bold.Render(vis(f.ID)) + st.muted.Render(": ") + strings.Join(parts, st.muted.Render(", "))
		for i, l := range wrap(line, max(d.width-4, 10)) {
			lead := "    "
			if i == 0 {
				lead = "  " + st.accent.Render(bullet(st)) + " "
			}
			d.add(lead + l)
		}
		var note string
		was := f.BaseDefault
		if was == "" {
			was = "none"
		}
		switch {
		case !f.HasDefault && f.BaseDefault == "":
			note = st.muted.Render("no default")
		case !f.HasDefault:
			// A layer removed the default and named none: the field has
			// no default while it applies, as rulebench layers says.
			note = st.warn.Render("no default, was "+was) + d.changedMark()
		case f.DefaultChanged:
			note = st.warn.Render(fmt.Sprintf("default %s, was %s", f.Default, was)) + d.changedMark()
		default:
			note = st.muted.Render("default " + f.Default)
		}
		if len(f.By) > 0 {
			note += st.muted.Render("; narrowed by " + quoteList(f.ByNames))
		}
		d.add("    " + note)
	}
}

// catalogs shows each catalog's entries, the hidden ones dimmed with the
// rule that hides each.
func (d *effectiveDoc) catalogs() {
	st := d.st
	if len(d.o.Catalogs) == 0 {
		return
	}
	d.heading("Catalogs", "entries hidden from the pickers are dimmed")
	for _, c := range d.o.Catalogs {
		d.row(c.ID, c.Label)
		line := fmt.Sprintf("%s: %s", c.ID, plural(len(c.Entries), "entry", "entries"))
		if c.Hidden == 0 {
			d.item(line+", none hidden", st.text.Render)
			continue
		}
		d.item(fmt.Sprintf("%s, %d hidden", line, c.Hidden), st.warn.Render)
		shown := 0
		for i, en := range c.Entries {
			rule := ""
			if en.Hidden && en.Test != "" {
				rule = ": its " + en.Test
			}
			if d.skips(c.ID, en.ID, en.Label, rule) {
				continue
			}
			if shown == maxEffectiveRows {
				d.child(c.ID, c.ID+"/ more", "")
				d.add("      " + st.muted.Render("and "+plural(len(c.Entries)-i, "more entry", "more entries")))
				break
			}
			shown++
			d.child(c.ID, c.ID+"/"+en.ID, c.ID+"/"+en.ID+" "+en.Label)
			d.tag.file, d.tag.node = c.File, en.Node
			name := en.ID
			if en.Label != "" && en.Label != en.ID {
				name += " " + en.Label
			}
			if en.Hidden {
				d.add("      " + st.rowMuted.Render(name+" "+st.g.sep+" hidden by "+layerName(en.By)+rule))
				continue
			}
			d.add("      " + st.text.Render(name))
		}
	}
}

// coins shows each coin family with the coins that remain.
func (d *effectiveDoc) coins() {
	st := d.st
	if len(d.o.Coins) == 0 {
		return
	}
	d.heading("Coins", "")
	for _, c := range d.o.Coins {
		d.row(c.ID, c.Label)
		left, gone := strings.Join(c.Left, ", "), strings.Join(c.Gone, ", ")
		switch {
		case c.Removed:
			d.item(fmt.Sprintf("%s: the whole family is removed (%s)", c.ID, gone), st.err.Render)
		case len(c.Gone) > 0:
			d.item(fmt.Sprintf("%s: %s left; removed %s", c.ID, left, gone), st.warn.Render)
		default:
			d.item(fmt.Sprintf("%s: %s", c.ID, left), st.text.Render)
		}
	}
}

// priceCell is one cell of the prices table: its text, and whether it
// differs from the base ruleset.
type priceCell struct {
	text    string
	changed bool
}

func (c priceCell) width() int {
	if c.changed {
		return ansi.StringWidth(c.text) + 1 // the mark
	}
	return ansi.StringWidth(c.text)
}

// prices shows every priced item: its price as written beside the price
// shown, and its market price at each price level, each cell that differs
// from the base ruleset marked. The columns are as wide as what they hold,
// so that no amount or unit is cut; when the levels do not all fit, one is
// shown at a time (the tab's < and > change it).
func (d *effectiveDoc) prices() {
	st, items := d.st, d.o.Prices.Items
	if len(items) == 0 {
		return
	}
	levels := d.o.Prices.Levels
	heads := append([]string{"Item", "Written", "Shown"}, levels...)
	// The rows the filter keeps, at most maxEffectiveRows of them.
	var kept []int
	for i, p := range items {
		if len(kept) == maxEffectiveRows {
			break
		}
		if !d.skips(p.Key, p.Label) {
			kept = append(kept, i)
		}
	}
	rows := make([][]priceCell, len(kept))
	// bases are, for a row whose shown or market prices differ from the
	// base ruleset's, the base's in those cells ("" in the others): drawn
	// on a line under the row, in the same columns.
	bases := make([][]string, len(kept))
	widths := make([]int, len(heads))
	for i, h := range heads {
		widths[i] = ansi.StringWidth(h)
	}
	for i, pi := range kept {
		p := items[pi]
		row := []priceCell{{text: p.Key}, {text: p.Written}, {p.Shown.Text, p.Shown.Changed}}
		if p.LevelsChanged() {
			was := make([]string, 3, 3+len(p.Levels))
			was[0] = "base"
			for _, c := range p.Levels {
				was = append(was, c.Base)
			}
			bases[i] = was
		}
		for _, c := range p.Levels {
			row = append(row, priceCell{c.Text, c.Changed})
		}
		for c, cell := range row {
			widths[c] = max(widths[c], cell.width())
			if bases[i] != nil && c > 0 {
				widths[c] = max(widths[c], ansi.StringWidth(bases[i][c]))
			}
		}
		rows[i] = row
	}
	// The item column gives way first, down to a third of the width.
	widths[0] = min(widths[0], max(d.width/3, 10))
	total := func(cols []int) int {
		w := 3
		for _, c := range cols {
			w += widths[c] + 2
		}
		return w - 2
	}
	cols := []int{0, 1, 2}
	for j := range levels {
		cols = append(cols, 3+j)
	}
	note := "written beside shown, and at each market price level"
	d.view.levels, d.view.paged = len(levels), false
	if len(levels) > 1 && total(cols) > d.width {
		d.view.paged = true
		d.view.level = min(max(d.view.level, 0), len(levels)-1)
		cols = []int{0, 1, 2, 3 + d.view.level}
		note = fmt.Sprintf("market price level %d of %d; > and < show the others", d.view.level+1, len(levels))
	} else if len(levels) == 0 {
		note = "written beside shown"
	}
	d.heading("Prices", note)
	var head []string
	for _, c := range cols {
		head = append(head, padRight(fit(heads[c], widths[c], st.g.ellipsis), widths[c]))
	}
	d.add("   " + st.label.Render(strings.TrimRight(strings.Join(head, "  "), " ")))
	for r, row := range rows {
		p := items[kept[r]]
		d.row(p.Key, p.Label)
		d.tag.price = p.Index
		d.tag.file, d.tag.node = p.File, p.Node
		line := "   "
		for k, c := range cols {
			cell := row[c]
			if k > 0 {
				line += "  "
			}
			switch {
			case c == 0:
				line += st.bold.Render(padRight(fit(cell.text, widths[0], st.g.ellipsis), widths[0]))
			case c == 1:
				line += st.muted.Render(padRight(cell.text, widths[1]))
			case cell.changed:
				line += st.warn.Render(padRight(cell.text+"*", widths[c]))
			default:
				line += st.text.Render(padRight(cell.text, widths[c]))
			}
		}
		d.add(fit(line, d.width, st.g.ellipsis))
		if was := bases[r]; was != nil {
			// The base's market prices, under those shown that differ.
			line, any := "   "+padRight("  "+was[0], widths[0]), false
			for _, c := range cols[1:] {
				line += "  " + padRight(was[c], widths[c])
				any = any || was[c] != ""
			}
			if any {
				d.add(fit(st.muted.Render(strings.TrimRight(line, " ")), d.width, st.g.ellipsis))
			}
		}
		if d.view.why == d.tag.id {
			d.priceWhy(p)
		}
	}
	if len(kept) == maxEffectiveRows && kept[len(kept)-1] < len(items)-1 {
		d.row("more", "")
		d.add("   " + st.muted.Render("and "+plural(len(items)-1-kept[len(kept)-1], "more priced item", "more priced items")))
	}
}

// priceWhy adds, under a price's row, how its price is worked out: why it
// differs from the one written (the coin removed, its worth in the
// smallest coin, the largest remaining coin that pays it exactly), and its
// market price at each level, beside the base's.
func (d *effectiveDoc) priceWhy(p outline.Price) {
	st, e := d.st, d.o.Effective
	var lines []string
	if w, ok := d.o.Why(p); ok {
		lines = append(lines, w)
	} else {
		lines = append(lines, "shown as written: its coin remains")
	}
	for j, lw := range e.WhyLevels(e.Prices[p.Index]) {
		text := vis(lw.Level.Label) + ": " + vis(lw.Text())
		if j < len(p.Levels) && p.Levels[j].Changed {
			text += " (base " + p.Levels[j].Base + ")"
		}
		lines = append(lines, text)
	}
	for i, l := range lines {
		lead := "     "
		if i == 0 {
			lead = "   " + st.accent.Render(st.g.arrow) + " "
		}
		for k, w := range wrap(l, max(d.width-len(lead)-2, 10)) {
			if k > 0 {
				lead = "       "
			}
			d.add(lead + st.muted.Render(w))
		}
	}
}

// market shows the sellers that remain and the ones removed (the notes
// say which removals were skipped), each unsold rule with the items it takes off sale, and the
// items no seller offers.
func (d *effectiveDoc) market() {
	st, m := d.st, d.o.Market
	if !m.Declared {
		return
	}
	d.heading("Market", "")
	// Sellers by their labels, as the layers are: one sentence never names
	// one thing by its id and another by its label.
	var sellers, ids []string
	for _, sl := range m.Sellers {
		sellers, ids = append(sellers, sl.Name()), append(ids, sl.ID)
	}
	d.row("sellers", strings.Join(ids, " "))
	d.para("Sellers", strings.Join(sellers, ", "), st.text.Render)
	for _, r := range m.Removed {
		d.row("removed "+r.Seller.ID, r.Seller.ID)
		d.item(fmt.Sprintf("%s removed by %s", r.Seller.Name(), layerName(r.Layer)), st.warn.Render)
	}
	for i, u := range m.Unsold {
		d.row("unsold "+itoa(i), "")
		text := fmt.Sprintf("not sold: %s (%s)", describeFilter(u.Filter), layerName(u.Layer))
		if len(u.Takes) > 0 {
			text += "; takes off sale " + quoteList(capList(u.Takes, 20))
		} else {
			text += "; matches no item"
		}
		style := st.text.Render
		if u.Layer != nil {
			style = st.warn.Render
		}
		d.item(text, style)
	}
	if len(m.UnsoldItems) > 0 {
		d.row("no seller", "")
		d.para("No seller", quoteList(capList(m.UnsoldItems, maxEffectiveRows)), st.text.Render)
	}
	for i, n := range m.Notes {
		d.row("note "+itoa(i), "")
		d.item(n, st.muted.Render)
	}
}

// capList keeps at most n items, saying how many more there are.
func capList(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(items[:n:n], fmt.Sprintf("and %d more", len(items)-n))
}

// loot shows each loot table as it now rolls, the replaced ones with the
// replacing layer, everything that rolls on each, and the lines that drop
// nothing.
func (d *effectiveDoc) loot() {
	st := d.st
	if len(d.o.Loot) == 0 {
		return
	}
	d.heading("Loot tables", "replaced tables are marked; every creature, threat tier and seller rolling on one rolls on its replacement")
	for _, l := range d.o.Loot {
		d.row(l.ID, l.TableLabel)
		// Named by their labels, as the layers and sellers are.
		name := quote(labelOr(l.Label, l.ID), st)
		text := fmt.Sprintf("%s: %s", name, plural(l.Lines, "line", "lines"))
		style := st.text.Render
		if l.ReplacedBy != nil {
			text = fmt.Sprintf("%s: replaced by %s with %s (%s; was %s)", name, layerName(l.ReplacedBy),
				quote(labelOr(l.TableLabel, l.Table), st), plural(l.Lines, "line", "lines"), plural(l.BaseLines, "line", "lines"))
			style = st.warn.Render
		}
		if len(l.Users) > 0 {
			var users []string
			for _, u := range l.Users {
				users = append(users, "the "+strings.ReplaceAll(u.Kind, "-", " ")+" "+quote(u.Name(), st))
			}
			text += "; rolled by " + say.List(users)
		} else {
			text += "; nothing rolls on it"
		}
		d.item(text, style)
		for _, dl := range l.Dead {
			by := ""
			if dl.By != nil {
				by = " (" + layerName(dl.By) + ")"
			}
			d.add(bulleted(fmt.Sprintf("line %d drops nothing: %s%s", dl.Line+1, dl.Reason, by), d.width, "    ", st, st.muted.Render)...)
		}
	}
}

// kept lists the values sample saves hold that the chosen layers remove.
func (d *effectiveDoc) kept() {
	st, o, ws := d.st, d.o, d.s.ws
	if ws == nil || len(o.Applied) == 0 {
		return
	}
	first := true
	for _, sv := range o.Saves {
		for _, k := range sv.Kept {
			if first {
				d.heading("Kept in the sample saves", "nothing rewrites a character: these values stay and are shown as they are")
				first = false
			}
			d.row(sv.File+" "+k.Path, "")
			what := k.Value
			if k.Kind == rules.KeptCoin {
				what = fmt.Sprintf("%s %s", number(k.Count), k.Value)
			}
			d.item(fmt.Sprintf("%s %s: %s, removed by %s", vis(relFile(sv.File, ws)), k.Path, what, layerName(k.Layer)), st.text.Render)
		}
	}
}
