package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// maxShortHelpRows is how many lines the short help may take when the keys
// of the screen do not fit on one.
const maxShortHelpRows = 2

// helpHeight is the room the help wants: the lines the short help takes
// for the keys enabled now (one, or two when the screen's keys do not fit
// on one), or for the full help the height it takes with every key
// enabled, so that the layout does not jump as keys come and go.
func (a *App) helpHeight(width int) int {
	if !a.help.ShowAll {
		return len(a.helpLines(a.keys, width))
	}
	return len(a.helpLines(newKeyMap(a.cfg.ASCII), width))
}

// helpLines draws the help for a key map: the short help on one line, or
// the full help's groups as columns that flow onto more rows when the
// terminal is narrow.
func (a *App) helpLines(k keyMap, width ...int) []string {
	w := a.r.Width
	if len(width) > 0 {
		w = width[0]
	}
	h := a.help
	if !h.ShowAll {
		var out []string
		for _, row := range shortHelpRows(&h, k, w-1, maxShortHelpRows) {
			out = append(out, " "+row)
		}
		return out
	}
	h.SetWidth(w - 1)
	sep := "   "
	var rows []string
	var row []string
	rowW := 0
	for _, g := range (helpView{k}).FullHelp() {
		col := h.FullHelpView([][]key.Binding{g})
		if col == "" {
			continue
		}
		cw := lipgloss.Width(col)
		if len(row) > 0 && rowW+len(sep)+cw > w-1 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, rowW = nil, 0
		}
		if len(row) > 0 {
			row = append(row, sep)
			rowW += len(sep)
		}
		row, rowW = append(row, col), rowW+cw
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	var out []string
	for _, r := range rows {
		for _, l := range strings.Split(r, "\n") {
			out = append(out, " "+l)
		}
	}
	return out
}

// shortHelpRows draws the short help in width cells, on as few lines as
// it can, at most maxRows: every enabled key on one line; else without
// the keys that work everywhere and are in the full help (next tab,
// reload); else every key over more lines; else, over maxRows lines, the
// last keys left out. Help and quit are never left out, so that the way to
// every key and the way out always show.
func shortHelpRows(h *help.Model, k keyMap, width, maxRows int) []string {
	h.SetWidth(0) // measured here, never cut by the bubble
	var bs []key.Binding
	for _, b := range (helpView{k}).ShortHelp() {
		if b.Enabled() {
			bs = append(bs, b)
		}
	}
	if rows := flowHelp(h, bs, width); len(rows) == 1 {
		return rows
	}
	var local []key.Binding
	for _, b := range bs {
		if !sameBinding(b, k.NextTab) && !sameBinding(b, k.Reload) {
			local = append(local, b)
		}
	}
	if rows := flowHelp(h, local, width); len(rows) == 1 {
		return rows
	}
	for {
		rows := flowHelp(h, bs, width)
		drop := -1
		for i := len(bs) - 1; i >= 0 && len(rows) > maxRows; i-- {
			if !sameBinding(bs[i], k.Help) && !sameBinding(bs[i], k.Quit) {
				drop = i
				break
			}
		}
		if drop < 0 {
			return rows[:min(len(rows), maxRows)]
		}
		bs = append(bs[:drop:drop], bs[drop+1:]...)
	}
}

// flowHelp lays bindings out as short help lines of at most width cells,
// each holding as many as fit.
func flowHelp(h *help.Model, bs []key.Binding, width int) []string {
	sep := ansi.StringWidth(h.ShortSeparator)
	var rows []string
	var row []key.Binding
	rowW := 0
	for _, b := range bs {
		w := ansi.StringWidth(h.ShortHelpView([]key.Binding{b}))
		if len(row) > 0 && rowW+sep+w > width {
			rows = append(rows, h.ShortHelpView(row))
			row, rowW = nil, 0
		}
		if len(row) > 0 {
			rowW += sep
		}
		row, rowW = append(row, b), rowW+w
	}
	if len(row) > 0 || len(rows) == 0 {
		rows = append(rows, h.ShortHelpView(row))
	}
	return rows
}

// sameBinding tells whether two bindings answer the same keys.
func sameBinding(a, b key.Binding) bool {
	return strings.Join(a.Keys(), " ") == strings.Join(b.Keys(), " ")
}
