package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/model"
)

// headerView is the top line: the program, the ruleset's name and version,
// its path, and how many findings it has; with --since OLD, also how many
// errors the comparison found (they are not among the findings, which
// stay what rulebench check reports).
func headerView(s *snapshot, st *styles, width int) string {
	var right string
	switch e, w := model.Count(s.diags, model.Error), model.Count(s.diags, model.Warning); {
	case s.loading:
		right = st.muted.Render("reading" + st.g.ellipsis)
	case s.pending:
		right = st.muted.Render("checking" + st.g.ellipsis)
	case s.unreadable != "":
		right = st.err.Render(s.unreadable)
	case s.broken:
		right = st.err.Render("broken on disk")
	case e > 0:
		right = st.err.Render(plural(e, "error", "errors"))
		if w > 0 {
			right += st.muted.Render(", ") + st.warn.Render(plural(w, "warning", "warnings"))
		}
	case w > 0:
		right = st.warn.Render(plural(w, "warning", "warnings"))
	default:
		right = st.ok.Render("no findings")
	}
	if since := sinceHeader(s, st); since != "" && !s.pending {
		// Two counts of two sources: each says whose it is, so that "no
		// findings" beside "3 errors" is not read as a contradiction.
		if right == st.ok.Render("no findings") {
			right = st.ok.Render("clean")
		}
		right = st.muted.Render("check: ") + right + st.muted.Render(" · ") + since
	}
	return spread(headerLeft(s, st, width-ansi.StringWidth(right)-1), right, width, st)
}

// headerLeft is the header's left part in room cells: the program, the
// ruleset's name and version, and the path. When they do not all fit, the
// program's name goes first (the window's title says it too), then the
// path's start (the folder's own name is what tells one package from
// another), then the end of the ruleset's name.
func headerLeft(s *snapshot, st *styles, room int) string {
	brand := st.brand.Render("rulebench")
	var name, version, path string
	if rs := s.ruleset(); rs != nil {
		name, version = vis(model.Cut(rs.Name, maxTitleName)), fmt.Sprintf("v%d", rs.Version)
	}
	if s.ws != nil {
		path = vis(s.ws.Path)
	}
	join := func(brand, name, path string) string {
		var parts []string
		if brand != "" {
			parts = append(parts, brand)
		} else {
			parts = append(parts, "") // the margin the program's name had
		}
		if name != "" {
			parts = append(parts, st.bold.Render(name)+" "+st.muted.Render(version))
		}
		if path != "" {
			parts = append(parts, st.muted.Render(path))
		}
		return strings.Join(parts, " ")
	}
	if left := join(brand, name, path); ansi.StringWidth(left) <= room || path == "" {
		return left
	}
	if left := join("", name, path); ansi.StringWidth(left) <= room {
		return left
	}
	pathRoom := max(room-ansi.StringWidth(join("", name, ""))-1, minPathCells)
	path = cutStart(path, pathRoom, st.g.ellipsis)
	if name != "" {
		nameRoom := max(room-ansi.StringWidth(path)-1-len(version)-1, 1)
		name = fit(name, nameRoom, st.g.ellipsis)
	}
	return join("", name, path)
}

// minPathCells is the least room the header gives the path, even when the
// ruleset's name then loses its end.
const minPathCells = 16

// cutStart cuts a path to width cells from its start, behind the
// ellipsis, at a separator when one leaves at least half the room.
func cutStart(p string, width int, ellipsis string) string {
	if ansi.StringWidth(p) <= width {
		return p
	}
	room := width - ansi.StringWidth(ellipsis)
	if room <= 0 {
		return fit(ellipsis, width, "")
	}
	runes := []rune(p)
	start, w := len(runes), 0
	for start > 0 {
		cw := ansi.StringWidth(string(runes[start-1]))
		if w+cw > room {
			break
		}
		w += cw
		start--
	}
	tail := string(runes[start:])
	if i := strings.IndexAny(tail, "/\\"); i > 0 && ansi.StringWidth(tail[i:]) >= room/2 {
		tail = tail[i:]
	}
	return ellipsis + tail
}

// spread puts left and right on one line of width cells, cutting left when
// both do not fit.
func spread(left, right string, width int, st *styles) string {
	rw := ansi.StringWidth(right)
	left = fit(left, max(width-rw-1, 0), st.g.ellipsis)
	gap := max(width-ansi.StringWidth(left)-rw, 1)
	return fit(left+strings.Repeat(" ", gap)+right, width, st.g.ellipsis)
}

// tabSpan is where a tab's name is drawn, for mouse clicks.
type tabSpan struct{ start, end int }

// tabsView draws the tab bar (the names, each with its count when it has
// one, then a rule) and returns where each tab is. It uses numbered names,
// plain names or short names, whichever fits first.
func tabsView(active paneID, badges [paneCount]int, st *styles, width int) (string, [paneCount]tabSpan) {
	names := func(short, numbered bool) []string {
		out := make([]string, paneCount)
		for i := range out {
			n := tabTable[i].name
			if short {
				n = tabTable[i].short
			}
			if numbered {
				n = itoa(i+1) + " " + n
			}
			if badges[i] > 0 {
				n += " " + itoa(badges[i])
			}
			out[i] = n
		}
		return out
	}
	render := func(ns []string) (string, [paneCount]tabSpan) {
		var b strings.Builder
		var spans [paneCount]tabSpan
		x := 0
		for i, n := range ns {
			style := st.tab
			if paneID(i) == active {
				style = st.tabActive
			}
			cell := style.Render(n)
			w := ansi.StringWidth(cell)
			spans[i] = tabSpan{x, x + w}
			b.WriteString(cell)
			x += w
		}
		return b.String(), spans
	}
	var line string
	var spans [paneCount]tabSpan
	for _, v := range [][2]bool{{false, true}, {false, false}, {true, false}} {
		line, spans = render(names(v[0], v[1]))
		if ansi.StringWidth(line) <= width {
			break
		}
	}
	rule := st.tabRule.Render(strings.Repeat(st.g.rule, width))
	return fit(line, width, st.g.ellipsis) + "\n" + rule, spans
}

// statusLine is a message on the status line: what just happened, or an
// operational error. It is cleared by the next key.
type statusLine struct {
	text  string
	isErr bool
}

// statusView draws the status line: the message (or what the pane has
// under its cursor), and where the view is on the right. A message or hint
// too long for one line wraps onto more, up to maxRows, so that a reason
// is read whole; where the view is then goes on the last line if it fits.
func statusView(msg statusLine, hint, position string, watching bool, st *styles, width, maxRows int) []string {
	text, style := hint, st.status
	if msg.text != "" {
		text, style = msg.text, st.statusInfo
		if msg.isErr {
			style = st.statusErr
		}
	}
	right := position
	if watching {
		if right != "" {
			right += st.g.sep
		}
		right += "watching"
	}
	if right != "" {
		right += " "
	}
	rw := ansi.StringWidth(right)
	if ansi.StringWidth(text)+1+rw+1 <= width {
		return []string{spread(style.Render(" "+text), st.status.Render(right), width, st)}
	}
	lines := wrap(text, max(width-2, 1))
	if len(lines) > maxRows {
		lines = append(lines[:maxRows-1:maxRows-1], fit(strings.Join(lines[maxRows-1:], " "), width-2, st.g.ellipsis))
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		r := ""
		if i == len(lines)-1 && ansi.StringWidth(l)+1+rw+1 <= width {
			r = right
		}
		out[i] = spread(style.Render(" "+l), st.status.Render(r), width, st)
	}
	return out
}

// tooSmallView asks for a bigger terminal.
func tooSmallView(width, height int, st *styles) string {
	msg := fmt.Sprintf("The terminal is %d×%d; rulebench needs at least %d×%d.\nEnlarge the window, or press q to quit.", width, height, minWidth, minHeight)
	if st.g.rule == "-" {
		msg = strings.ReplaceAll(msg, "×", "x")
	}
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		lines = append(lines, wrap(l, max(width-2, 1))...)
	}
	placed := lipgloss.Place(max(width, 1), max(height, 1), lipgloss.Center, lipgloss.Center, st.text.Render(strings.Join(lines, "\n")))
	return block(strings.Split(placed, "\n"), max(width, 1), max(height, 1), "")
}
