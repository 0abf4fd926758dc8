package tui

import (
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/model"
)

// sourceContext is how many lines the source preview shows on each side of
// a finding's line.
const sourceContext = 4

// source is a file read for the preview, split into lines; err is set when
// it could not be read.
type source struct {
	lines []string
	err   error
}

// problemsPane lists every finding as file:line:col severity path message.
// Enter opens the source around the selected finding, read from the
// workspace's file system.
type problemsPane struct {
	keys *keyMap
	// all are the findings; diags those shown, after the filter typed
	// after / and the severity chosen with v (sev, -1 for every one).
	all    []model.Diagnostic
	diags  []model.Diagnostic
	filter listFilter
	sev    model.Severity
	// full is the tab's body; body the part under the filter's line.
	full    rect
	ws      *model.Workspace
	scroll  scroller
	open    bool
	sources map[string]source
	body    rect
	wide    bool
	st      *styles
	// locW is the width of the widest file:line:col, measured once per set.
	locW int
	// fixW is the width of the column that marks findings with a fix: 0
	// when none has one.
	fixW int
	// restW is the width of the widest path and message after a row's
	// location; textW the widest location, path and message as the strip
	// under the list writes them. When a row does not fit, the strip shows
	// the selected finding whole (see stripHeight).
	restW, textW int
	// fsys is where sources are read from (nil: nowhere); loads is the
	// load the sources were read for, and reading the file being read.
	fsys    fs.FS
	loads   int
	reading string
}

func newProblemsPane(k *keyMap, fsys fs.FS) *problemsPane {
	return &problemsPane{keys: k, scroll: scroller{cursed: true}, sources: map[string]source{}, fsys: fsys,
		filter: newListFilter(), sev: allSeverities}
}

// allSeverities is sev when every finding is shown.
const allSeverities model.Severity = -1

func (p *problemsPane) scroller() *scroller           { return &p.scroll }
func (p *problemsPane) scrollerAt(x, y int) *scroller { return &p.scroll }
func (p *problemsPane) typing() bool                  { return p.filter.typing() }
func (p *problemsPane) badge() int                    { return len(p.all) }

// narrowed tells whether the filter or the severity hides findings.
func (p *problemsPane) narrowed() bool { return p.filter.active() || p.sev != allSeverities }

// apply works out the findings shown and lays the list out for them.
func (p *problemsPane) apply() {
	p.diags = p.all
	if p.narrowed() {
		p.diags = nil
		for _, d := range p.all {
			if (p.sev == allSeverities || d.Severity == p.sev) &&
				p.filter.keeps(location(d, p.ws), string(d.Code), d.Path, d.Message) {
				p.diags = append(p.diags, d)
			}
		}
	}
	p.body = p.full
	if p.narrowed() {
		p.body = rect{p.full.X, p.full.Y + 1, p.full.W, max(p.full.H-1, 0)}
	}
	if len(p.diags) == 0 {
		p.open = false
	}
	p.scroll.setHeight(p.listRect().H)
	p.scroll.setLen(len(p.diags))
}

// nextSeverity is the severity v shows next: errors, warnings, info,
// then every finding again.
func (p *problemsPane) nextSeverity() model.Severity {
	switch p.sev {
	case allSeverities:
		return model.Error
	case model.Error:
		return model.Warning
	case model.Warning:
		return model.Info
	}
	return allSeverities
}

// severityWord names what a severity filter shows.
func severityWord(s model.Severity) string {
	switch s {
	case allSeverities:
		return "all findings"
	case model.Error:
		return "errors only"
	case model.Warning:
		return "warnings only"
	}
	return "info only"
}

// settle starts reading the file the source preview needs.
func (p *problemsPane) settle() tea.Cmd {
	file, need := p.wantSource()
	if !need || file == p.reading {
		return nil
	}
	if p.fsys == nil {
		p.sources[file] = source{err: errNoSource}
		return nil
	}
	p.reading = file
	return readSourceCmd(p.ws, p.fsys, p.loads, file)
}

// hint is the selected finding's code, and what its fix does when it has
// one.
func (p *problemsPane) hint() string {
	d, ok := p.selected()
	switch {
	case !ok:
		return ""
	case d.Fix != nil:
		return vis(string(d.Code)) + p.st.g.sep + "f fixes it: " + vis(d.Fix.Description)
	}
	return vis(string(d.Code))
}

// selectedFix implements fixing: the selected finding, when it has a fix.
func (p *problemsPane) selectedFix() (model.Diagnostic, bool) {
	d, ok := p.selected()
	return d, ok && d.Fix != nil
}

// fixMark is the mark of a finding with a fix, or blanks as wide, in the
// column of width p.fixW.
func (p *problemsPane) fixMark(d model.Diagnostic) string {
	if p.fixW == 0 {
		return ""
	}
	if d.Fix == nil {
		return strings.Repeat(" ", p.fixW)
	}
	return padRight(p.st.g.fixable, p.fixW)
}

// syncKeys offers enter to open the source and esc to close it.
func (p *problemsPane) syncKeys() {
	k := p.keys
	if p.filter.syncKeys(k) {
		return
	}
	navKeys(k, &p.scroll)
	k.Open.SetEnabled(len(p.diags) > 0 && !p.open)
	k.Open.SetHelp("enter", "source")
	k.Close.SetEnabled(p.open || p.narrowed())
	if p.open {
		k.Close.SetHelp("esc", "close source")
	} else {
		k.Close.SetHelp("esc", "show all")
	}
	k.Search.SetEnabled(len(p.all) > 0)
	k.Severity.SetEnabled(len(p.all) > 0)
	k.Severity.SetHelp("v", severityWord(p.nextSeverity()))
}

// update moves through the findings, opens and closes the source, selects
// a clicked finding and takes in the files read.
func (p *problemsPane) update(_ host, msg tea.Msg) tea.Cmd {
	k := p.keys
	if p.filter.typing() {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.PasteMsg:
			was, had := p.selected()
			cmd := p.filter.update(msg)
			p.scroll.cursor, p.scroll.offset = 0, 0
			p.apply()
			if had && !p.narrowed() {
				p.selectFinding(was) // esc: the cursor stays on its finding
			}
			return cmd
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Open):
			p.setOpen(true)
		case key.Matches(msg, k.Close) && p.open:
			p.setOpen(false)
		case key.Matches(msg, k.Close):
			was, had := p.selected()
			p.filter.clear()
			p.sev = allSeverities
			p.apply()
			if had {
				p.selectFinding(was) // the cursor stays on its finding
			}
		case key.Matches(msg, k.Search):
			cmd := p.filter.start()
			p.apply()
			return cmd
		case key.Matches(msg, k.Severity):
			p.sev = p.nextSeverity()
			p.scroll.cursor, p.scroll.offset = 0, 0
			p.apply()
		default:
			navKey(k, &p.scroll, msg)
		}
	case clickMsg:
		if lr := p.listRect(); lr.contains(msg.x, msg.y) {
			p.scroll.selectVisible(msg.y - lr.Y)
		}
	case sourceMsg:
		if msg.gen != p.loads {
			return nil
		}
		if p.reading == msg.file {
			p.reading = ""
		}
		p.sources[msg.file] = source{lines: msg.lines, err: msg.err}
	}
	return nil
}

func (p *problemsPane) set(s *snapshot, st *styles, body rect, wide bool) {
	was, had := p.selected()
	p.st, p.wide, p.all, p.ws = st, wide, s.diags, s.ws
	p.filter.restyle(st)
	p.locW, p.fixW, p.restW, p.textW = 0, 0, 0, 0
	for _, d := range p.all {
		locW := ansi.StringWidth(location(d, p.ws))
		p.locW = max(p.locW, locW)
		if d.Fix != nil {
			p.fixW = ansi.StringWidth(st.g.fixable) + 1
		}
		rest := 1 + ansi.StringWidth(vis(d.Path)) + 1 + ansi.StringWidth(vis(d.Message))
		p.restW = max(p.restW, rest)
		p.textW = max(p.textW, locW+1+rest)
	}
	p.full = rect{0, 0, body.W, body.H}
	p.apply()
	if s.loads != p.loads {
		// The files were read again: so are the sources, and the cursor
		// stays on the same finding.
		p.loads, p.sources, p.reading = s.loads, map[string]source{}, ""
		if had {
			p.selectFinding(was)
		}
	}
}

// listRect and detailRect are where the list and the source go.
func (p *problemsPane) listRect() rect {
	l, _ := p.rects()
	return l
}

func (p *problemsPane) detailRect() rect {
	_, d := p.rects()
	return d
}

// rects splits the body between the list and the source preview: side by
// side when wide, else the list on top, no taller than it needs.
func (p *problemsPane) rects() (list, detail rect) {
	b := p.body
	if !p.open {
		if h := p.stripHeight(); h > 0 {
			return rect{b.X, b.Y, b.W, b.H - h}, rect{b.X, b.Y + b.H - h, b.W, h}
		}
		return p.body, rect{}
	}
	if p.wide {
		return split(p.body, true, 45)
	}
	rows := min(max(len(p.diags), 1), p.body.H*40/100)
	return rect{b.X, b.Y, b.W, rows}, rect{b.X, b.Y + rows + 1, b.W, max(b.H-rows-1, 0)}
}

// stripHeight is the height of the strip under the list that shows the
// selected finding's location, path and message whole, wrapped: 0 when
// every finding's row fits the width, or there is no room. It holds a
// rule and room for the longest finding's text, so that it does not
// change as the cursor moves; the list keeps the rows it needs, and at
// least 60% of the body when they do not all fit.
func (p *problemsPane) stripHeight() int {
	b := p.body
	locCol := min(p.locW, max(b.W/3, 12)) // as view lays the rows out
	cut := p.locW > locCol || 2+8+p.fixW+locCol+p.restW > b.W
	if len(p.diags) == 0 || !cut || b.W < 4 {
		return 0
	}
	per := b.W - 2
	needed := 1 + (p.textW+per-1)/per + 1 // a line more for breaking at words
	listH := max(min(len(p.diags), b.H-needed), min(len(p.diags), max(b.H*60/100, 3)))
	if b.H-listH < 2 {
		return 0
	}
	return b.H - listH
}

// strip draws the selected finding whole under the list: its location and
// path, then its message, wrapped to the width.
func (p *problemsPane) strip(r rect) []string {
	st := p.st
	out := []string{st.tabRule.Render(strings.Repeat(st.g.rule, r.W))}
	d, ok := p.selected()
	if !ok {
		return out
	}
	for _, l := range wrap(location(d, p.ws)+"  "+vis(d.Path), r.W-2) {
		out = append(out, " "+st.accent.Render(l))
	}
	for _, l := range wrap(vis(d.Message), r.W-2) {
		out = append(out, " "+st.text.Render(l))
	}
	if len(out) > r.H {
		out = append(out[:r.H-1], fit(strings.Join(out[r.H-1:], " "), r.W, st.g.ellipsis))
	}
	return out
}

// setOpen opens or closes the source preview.
func (p *problemsPane) setOpen(open bool) {
	p.open = open && len(p.diags) > 0
	p.scroll.setHeight(p.listRect().H)
}

// selected returns the finding under the cursor.
func (p *problemsPane) selected() (model.Diagnostic, bool) {
	if p.scroll.cursor < len(p.diags) {
		return p.diags[p.scroll.cursor], true
	}
	return model.Diagnostic{}, false
}

// wantSource names the file the preview needs and has not got.
func (p *problemsPane) wantSource() (string, bool) {
	d, ok := p.selected()
	if !p.open || !ok || d.File == "" {
		return "", false
	}
	_, have := p.sources[d.File]
	return d.File, !have
}

func (p *problemsPane) view() string {
	st := p.st
	lr := p.listRect()
	head := ""
	if p.narrowed() {
		words := fmt.Sprintf("showing %d of %s", len(p.diags), plural(len(p.all), "finding", "findings"))
		if p.sev != allSeverities {
			words += ", " + severityWord(p.sev)
		}
		head = fit(" "+st.muted.Render(words)+"  "+p.filter.view(), p.full.W, st.g.ellipsis) + "\n"
	}
	switch {
	case len(p.all) == 0:
		return block([]string{"", " " + st.ok.Render("No findings: the Engine would accept this ruleset.")}, p.body.W, p.body.H, st.g.ellipsis)
	case len(p.diags) == 0:
		return head + block([]string{"", " " + st.muted.Render("No "+severityNoun(p.sev)+p.filterWords()+"; esc shows all.")}, p.body.W, p.body.H, st.g.ellipsis)
	}
	// The severity as a word, but as its initial beside an open source,
	// so that the file:line:col stays whole.
	sevW := 8
	if p.open {
		sevW = 2
	}
	sevText := func(d model.Diagnostic) string {
		if p.open {
			return strings.ToUpper(d.Severity.String()[:1])
		}
		return d.Severity.String()
	}
	locW := min(p.locW, max(lr.W-sevW-p.fixW-4-12, 12))
	if !p.open {
		locW = min(p.locW, max(lr.W/3, 12))
	}
	var rows []string
	start, end := p.scroll.window()
	for i := start; i < end; i++ {
		d := p.diags[i]
		if i == p.scroll.cursor {
			plain := fmt.Sprintf("%s %s%s%s %s %s", st.g.cursor, padRight(sevText(d), sevW), p.fixMark(d),
				padRight(fit(location(d, p.ws), locW, st.g.ellipsis), locW), vis(d.Path), vis(d.Message))
			rows = append(rows, st.rowSelected.Render(padRight(fit(plain, lr.W, st.g.ellipsis), lr.W)))
			continue
		}
		rows = append(rows, st.g.noCursor+" "+severityStyle(d.Severity, st)(padRight(sevText(d), sevW))+st.fix.Render(p.fixMark(d))+
			st.muted.Render(padRight(fit(location(d, p.ws), locW, st.g.ellipsis), locW))+" "+
			st.accent.Render(vis(d.Path))+" "+st.text.Render(vis(d.Message)))
	}
	list := block(rows, lr.W, lr.H, st.g.ellipsis)
	if !p.open {
		if dr := p.detailRect(); dr.H > 0 {
			return head + list + "\n" + block(p.strip(dr), dr.W, dr.H, st.g.ellipsis)
		}
		return head + list
	}
	dr := p.detailRect()
	return head + joinDetail(list, block(p.detail(dr.W, dr.H), dr.W, dr.H, st.g.ellipsis), lr, dr, p.wide, st.tabRule.Render, st)
}

// severityNoun names one finding of a severity filter: "error".
func severityNoun(s model.Severity) string {
	switch s {
	case allSeverities:
		return "finding"
	case model.Info:
		return "info"
	}
	return s.String()
}

// filterWords says what the filter holds, for a list it left empty.
func (p *problemsPane) filterWords() string {
	if p.filter.query == "" {
		return ""
	}
	return fmt.Sprintf(" holding %q", p.filter.input.Value())
}

// detail shows the selected finding in full and the source lines around
// it, the finding's line marked and its column pointed at.
func (p *problemsPane) detail(width, height int) []string {
	st := p.st
	d, ok := p.selected()
	if !ok {
		return nil
	}
	out := []string{" " + severityStyle(d.Severity, st)(d.Severity.String()) + " " + st.muted.Render(location(d, p.ws)) +
		"  " + st.accent.Render(vis(d.Path)) + "  " + st.muted.Render(vis(string(d.Code)))}
	if d.Fix != nil {
		for _, line := range wrap(st.g.fixable+" f fixes it: "+vis(d.Fix.Description), width-2) {
			out = append(out, " "+st.fix.Render(line))
		}
	}
	for _, line := range wrap(vis(d.Message), width-2) {
		out = append(out, " "+st.text.Render(line))
	}
	out = append(out, "")
	src, have := p.sources[d.File]
	switch {
	case !have:
		return append(out, " "+st.muted.Render("reading "+vis(relFile(d.File, p.ws))+st.g.ellipsis))
	case src.err != nil:
		return append(out, " "+st.muted.Render("The source cannot be shown: "+vis(src.err.Error())))
	case d.Line < 1 || d.Line > len(src.lines):
		return append(out, " "+st.muted.Render("The finding has no line in the file."))
	}
	room := max(height-len(out), 3)
	before := min(sourceContext, (room-2)/2)
	first := max(d.Line-before, 1)
	last := min(first+room-2, len(src.lines))
	numW := len(itoa(last))
	for n := first; n <= last; n++ {
		num := fmt.Sprintf("%*d", numW, n)
		if n == d.Line {
			text, caret := markedLine(src.lines[n-1], d.Column, width-numW-3, st.g.ellipsis)
			out = append(out, st.lineMark.Render(num)+" "+st.tabRule.Render(st.g.vbar)+" "+st.text.Render(text))
			out = append(out, strings.Repeat(" ", numW)+" "+st.tabRule.Render(st.g.vbar)+" "+strings.Repeat(" ", caret)+st.lineMark.Render("^"))
			continue
		}
		text := sourceText(src.lines[n-1], width-numW-3, st.g.ellipsis)
		out = append(out, st.lineNo.Render(num)+" "+st.tabRule.Render(st.g.vbar)+" "+st.muted.Render(text))
	}
	return out
}

// sourceText makes a source line safe to draw and cuts it to width cells.
// Only the start of a long line is looked at, so that a minified file of
// one 256 KB line costs no more than a short one.
func sourceText(line string, width int, ellipsis string) string {
	return fit(vis(expandTabs(model.CutBytes(line, 4*width+8))), width, ellipsis)
}

// markedLine draws the line of a finding so that its column is on screen:
// when the column would fall off the right edge, the line is shown from a
// little before it, behind an ellipsis. caret is the cell under the column.
func markedLine(line string, column, width int, ellipsis string) (text string, caret int) {
	if width <= 0 {
		return "", 0
	}
	at := byteOfColumn(line, column)
	head, tail := line[:at], line[at:]
	headText := vis(expandTabs(model.CutBytes(head, 4*width+8)))
	if len(head) <= 4*width+8 && ansi.StringWidth(headText) < width-4 {
		return sourceText(line, width, ellipsis), ansi.StringWidth(headText)
	}
	// Keep at most half the width of what precedes the column.
	lead := ""
	for i := len(head); i > 0; {
		_, size := utf8.DecodeLastRuneInString(head[:i])
		next := vis(expandTabs(head[i-size:]))
		if ansi.StringWidth(next) > width/2 {
			break
		}
		i -= size
		lead = next
	}
	rest := vis(expandTabs(model.CutBytes(tail, 4*width+8)))
	caret = ansi.StringWidth(ellipsis) + ansi.StringWidth(lead)
	return fit(ellipsis+lead+rest, width, ellipsis), caret
}

// byteOfColumn is the byte offset of a 1-based column (in characters).
func byteOfColumn(s string, column int) int {
	n := 0
	for i := range s {
		if n == column-1 {
			return i
		}
		n++
	}
	return len(s)
}

func expandTabs(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

// splitSource splits file bytes into lines, without their line endings
// (\n, \r\n, or a \r alone, as findings count lines).
func splitSource(data []byte) []string {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Split(s, "\n")
}

// selectFinding puts the cursor back on a finding after a reload: the same
// finding if it is still there, else the same place in the list.
func (p *problemsPane) selectFinding(d model.Diagnostic) {
	for i, x := range p.diags {
		if x.File == d.File && x.Path == d.Path && x.Code == d.Code && x.Message == d.Message {
			p.scroll.cursor = i
			break
		}
	}
	p.scroll.clamp()
}
