package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// helpHeight is the room the help wants: one line, or for the full help
// the height it takes with every key enabled, so that the layout does not
// jump as keys come and go.
func (a *App) helpHeight(width int) int {
	if !a.help.ShowAll {
		return 1
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
	h.SetWidth(w - 1)
	if !h.ShowAll {
		return []string{" " + shortHelpLine(&h, k, w-1)}
	}
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

// shortHelpLine draws the one-line help in width cells. When the enabled
// keys do not fit, the last of them are left out, but never help and quit,
// so that the way to every key and the way out always show.
func shortHelpLine(h *help.Model, k keyMap, width int) string {
	bs := helpView{k}.ShortHelp()
	for {
		line := h.ShortHelpView(bs)
		if ansi.StringWidth(line) <= width {
			return line
		}
		drop := -1
		for i := len(bs) - 1; i >= 0; i-- {
			if bs[i].Enabled() && !sameBinding(bs[i], k.Help) && !sameBinding(bs[i], k.Quit) {
				drop = i
				break
			}
		}
		if drop < 0 {
			return line
		}
		bs = append(bs[:drop:drop], bs[drop+1:]...)
	}
}

// sameBinding tells whether two bindings answer the same keys.
func sameBinding(a, b key.Binding) bool {
	return strings.Join(a.Keys(), " ") == strings.Join(b.Keys(), " ")
}
