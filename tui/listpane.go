package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// listPane is the shape shared by the Layers, Translations and Migrations
// tabs: a list with a cursor and, beside it (wide) or below it, the detail
// of the selected row. The detail scrolls on its own: enter moves the
// movement keys into it, esc back to the list.
type listPane struct {
	list, detail scroller
	inDetail     bool
	lr, dr       rect
	wide         bool
	// full is the body the pane was placed in and share the list's part
	// of it, kept to lay the list out again when the filter changes.
	full  rect
	share int
	// filter narrows the rows (typed after /); kept are the rows it keeps,
	// by index, in order, of total (nil for a pane that does not filter:
	// every row is kept). noun names the rows for the line above the list.
	filter listFilter
	kept   []int
	total  int
	noun   string
	// detailLine draws line i of the detail, of detail.n lines; drawing
	// only the visible lines keeps long details cheap.
	detailLine func(i int) string
	shown      int // the row whose detail is shown
	st         *styles
	// keepRow is the row the cursor goes back to when the list is laid out
	// again after esc dropped the filter (-1 for none).
	keepRow int
}

func newListPane() listPane {
	return listPane{list: scroller{cursed: true}, shown: -1, filter: newListFilter(), keepRow: -1}
}

// keep works out the rows of n that the filter keeps, by each row's
// texts, and returns how many it keeps.
func (p *listPane) keep(n int, texts func(i int) []string) int {
	p.total = n
	if p.kept == nil {
		p.kept = []int{}
	}
	p.kept = p.kept[:0]
	for i := range n {
		if p.filter.query == "" || p.filter.keeps(texts(i)...) {
			p.kept = append(p.kept, i)
		}
	}
	return len(p.kept)
}

// rowAt is the row shown at position i of the list.
func (p *listPane) rowAt(i int) int {
	if p.kept == nil {
		return i
	}
	if i < 0 || i >= len(p.kept) {
		return -1
	}
	return p.kept[i]
}

// cur is the row under the cursor, if there is one.
func (p *listPane) cur() (int, bool) {
	if p.list.n == 0 {
		return -1, false
	}
	i := p.rowAt(p.list.cursor)
	return i, i >= 0
}

// selectRow puts the cursor on row i, and tells whether the filter keeps
// it.
func (p *listPane) selectRow(i int) bool {
	for pos := range p.list.n {
		if p.rowAt(pos) == i {
			p.list.cursor = pos
			p.list.clamp()
			return true
		}
	}
	return false
}

// filterTyped passes a key or a paste to the filter while it is typed, and
// tells whether it took it; the cursor goes to the first row kept.
func (p *listPane) filterTyped(msg tea.Msg) (tea.Cmd, bool) {
	if !p.filter.typing() {
		return nil, false
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg:
		row, had := p.cur()
		cmd := p.filter.update(msg)
		p.list.cursor, p.list.offset = 0, 0
		if had && !p.filter.active() {
			p.keepRow = row // esc: the cursor stays on its row
		}
		return cmd, true
	}
	return nil, false
}

// filterKey starts the filter on /, and drops it on esc in the list; it
// tells whether msg was one of them.
func (p *listPane) filterKey(k *keyMap, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case p.inDetail:
		return nil, false
	case key.Matches(msg, k.Search):
		return p.filter.start(), true
	case key.Matches(msg, k.Close) && p.filter.active():
		if row, ok := p.cur(); ok {
			p.keepRow = row // the cursor stays on its row
		}
		p.filter.clear()
		return nil, true
	}
	return nil, false
}

// filterHead is the line above a filtered list: how many rows it keeps,
// and the filter.
func (p *listPane) filterHead() string {
	st := p.st
	return fit(" "+st.muted.Render(fmt.Sprintf("showing %d of %s", len(p.kept), plural(p.total, strings.TrimSuffix(p.noun, "s"), p.noun)))+"  "+p.filter.view(), p.full.W, st.g.ellipsis)
}

// place lays the list and the detail out in a body of the pane's own
// coordinates, for n rows. When wide, the list takes share percent of the
// width; else it takes the rows it needs, up to share percent of the
// height.
//
// While the filter is typed or holds text, its line takes the body's
// first row.
func (p *listPane) place(body rect, wide bool, n, share int, st *styles) {
	p.st, p.wide, p.full, p.share = st, wide, body, share
	p.filter.restyle(st)
	p.layout(n)
}

// layout lays the list and the detail out again for n rows, in the body
// they were last placed in.
func (p *listPane) layout(n int) {
	top := 0
	if p.filter.active() {
		top = 1
	}
	body := rect{0, top, p.full.W, max(p.full.H-top, 0)}
	if p.wide {
		p.lr, p.dr = split(body, true, p.share)
	} else {
		rows := min(max(n, 1), max(body.H*p.share/100, 1))
		if body.H-rows-1 <= 0 {
			rows = body.H // no room for a detail
		}
		p.lr = rect{0, top, body.W, rows}
		p.dr = rect{0, top + rows + 1, body.W, max(body.H-rows-1, 0)}
	}
	p.list.setHeight(p.lr.H)
	p.list.setLen(n)
	p.detail.setHeight(p.dr.H)
	if p.keepRow >= 0 {
		p.selectRow(p.keepRow)
		p.keepRow = -1
	}
}

// active is the scroller the movement keys move.
func (p *listPane) active() *scroller {
	if p.inDetail {
		return &p.detail
	}
	return &p.list
}

// at is the scroller under the cell (x, y) of the pane, for the wheel.
func (p *listPane) at(x, y int) *scroller {
	if p.dr.contains(x, y) {
		return &p.detail
	}
	return &p.list
}

// setDetail shows the detail of the selected row. It starts at the top for
// a newly selected row, and keeps its place when the same row is shown
// again (after a reload or a toggle).
func (p *listPane) setDetail(lines []string) {
	p.setLazyDetail(len(lines), func(i int) string { return lines[i] })
}

// setLazyDetail is setDetail for a detail of n lines drawn on demand.
func (p *listPane) setLazyDetail(n int, line func(i int) string) {
	if row, _ := p.cur(); p.shown != row {
		p.detail.offset = 0
		p.shown = row
	}
	p.detailLine = line
	p.detail.setLen(n)
	if !p.detail.scrollable() {
		p.inDetail = false
	}
}

// canEnter tells whether enter has a detail to move into.
func (p *listPane) canEnter() bool { return !p.inDetail && p.detail.scrollable() }

// inDetailHint is the status line's hint while the keys move a detail.
const inDetailHint = "scrolling the detail; esc goes back to the list"

// syncKeys offers the movement keys, enter into the detail when it
// scrolls, and esc back to the list.
//
// A pane that filters its rows (see keep) offers / in the list, and esc
// to show every row again; while the filter is typed it offers only enter
// and esc, and syncKeys tells so.
func (p *listPane) syncKeys(k *keyMap) bool {
	if p.filter.syncKeys(k) {
		return true
	}
	navKeys(k, p.active())
	k.Open.SetEnabled(p.canEnter())
	k.Open.SetHelp("enter", "scroll detail")
	k.Close.SetEnabled(p.inDetail)
	k.Close.SetHelp("esc", "back to list")
	if p.kept != nil && !p.inDetail {
		k.Search.SetEnabled(p.total > 0)
		if p.filter.active() {
			k.Close.SetEnabled(true)
			k.Close.SetHelp("esc", "show all")
		}
	}
	return false
}

// key handles the movement keys, enter and esc, and tells whether msg was
// one of them.
func (p *listPane) key(k *keyMap, msg tea.KeyPressMsg) bool {
	switch {
	case navKey(k, p.active(), msg):
	case key.Matches(msg, k.Open):
		p.inDetail = true
	case key.Matches(msg, k.Close):
		p.inDetail = false
	default:
		return false
	}
	return true
}

// click selects the list row at (x, y) of the tab, leaving the detail,
// and tells whether there is a row there.
func (p *listPane) click(x, y int) bool {
	if !p.lr.contains(x, y) {
		return false
	}
	p.inDetail = false
	return p.list.selectVisible(y - p.lr.Y)
}

// render draws the list rows (already drawn, one per visible row) and the
// detail, joined by a rule; the rule is the accent colour while the keys
// move the detail.
//
// Above them goes the filter's line while it is active; a filter that
// keeps no row says so in the list.
func (p *listPane) render(rows []string) string {
	st := p.st
	head := ""
	if p.filter.active() {
		head = p.filterHead() + "\n"
		if len(p.kept) == 0 && p.filter.query != "" {
			rows = []string{" " + st.muted.Render(fmt.Sprintf("No %s holds %q; esc shows all.", strings.TrimSuffix(p.noun, "s"), p.filter.input.Value()))}
		}
	}
	list := block(rows, p.lr.W, p.lr.H, st.g.ellipsis)
	start, end := p.detail.window()
	var shown []string
	for i := start; i < end; i++ {
		shown = append(shown, p.detailLine(i))
	}
	info := block(shown, p.dr.W, p.dr.H, st.g.ellipsis)
	ruleStyle := st.tabRule
	if p.inDetail {
		ruleStyle = st.accent
	}
	return head + joinDetail(list, info, p.lr, p.dr, p.wide, ruleStyle.Render, st)
}

// joinDetail draws a list and its detail: side by side with a vertical rule
// when wide, else one above the other with a horizontal rule.
func joinDetail(list, info string, lr, dr rect, wide bool, rule func(...string) string, st *styles) string {
	if wide {
		ll, il := strings.Split(list, "\n"), strings.Split(info, "\n")
		bar := rule(st.g.vbar)
		out := make([]string, lr.H)
		for i := range out {
			out[i] = padRight(at(ll, i), lr.W) + bar + at(il, i)
		}
		return strings.Join(out, "\n")
	}
	if dr.H == 0 {
		return list
	}
	return list + "\n" + rule(strings.Repeat(st.g.rule, lr.W)) + "\n" + info
}

// selectedRow draws a row under the cursor: the cursor mark, then the plain
// text, in the selection's colours across the whole width.
func selectedRow(plain string, width int, st *styles) string {
	return st.rowSelected.Render(padRight(fit(st.g.cursor+" "+plain, width, st.g.ellipsis), width))
}

// plainRow draws a row not under the cursor.
func plainRow(styled string) string { return " " + " " + styled }

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func bullet(st *styles) string {
	if st.g.rule == "-" {
		return "*"
	}
	return "•"
}

// bulleted wraps an item into lines, the first with a bullet.
func bulleted(text string, width int, indent string, st *styles, style func(...string) string) []string {
	var out []string
	for i, line := range wrap(text, max(width-len(indent)-2, 10)) {
		lead := indent + "  "
		if i == 0 {
			lead = indent + st.accent.Render(bullet(st)) + " "
		}
		out = append(out, lead+style(line))
	}
	return out
}
