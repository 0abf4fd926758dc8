package tui

import (
	"slices"
	"strconv"
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
// terminal is narrow. The lines are kept for the width, the keys' state and
// the styles they were drawn with (an Update asks for them up to three
// times, each drawing costing a styled render per key).
func (a *App) helpLines(k keyMap, width ...int) []string {
	w := a.r.Width
	if len(width) > 0 {
		w = width[0]
	}
	memo := helpKey(a.help.ShowAll, w, k)
	if lines, ok := a.helpMemo[memo]; ok {
		return lines
	}
	lines := a.drawHelp(k, w)
	if a.helpMemo == nil || len(a.helpMemo) >= 16 {
		a.helpMemo = map[string][]string{}
	}
	a.helpMemo[memo] = lines
	return lines
}

// helpKey names what the help's lines depend on besides the styles: the
// form, the width, and each key's state, keys and help text.
func helpKey(all bool, width int, k keyMap) string {
	var b strings.Builder
	if all {
		b.WriteString("all ")
	}
	b.WriteString(strconv.Itoa(width))
	hv := helpView{k}
	groups := append(hv.FullHelp(), hv.ShortHelp())
	for _, g := range groups {
		b.WriteByte('|')
		for _, kb := range g {
			if kb.Enabled() {
				b.WriteByte('+')
			} else {
				b.WriteByte('-')
			}
			h := kb.Help()
			b.WriteString(strings.Join(kb.Keys(), " "))
			b.WriteByte(0)
			b.WriteString(h.Key)
			b.WriteByte(0)
			b.WriteString(h.Desc)
			b.WriteByte(0)
		}
	}
	return b.String()
}

// drawHelp draws what helpLines returns.
func (a *App) drawHelp(k keyMap, w int) []string {
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
// the keys that work everywhere and are in the full help (copy; then
// next tab and reload too); else every key over more lines; else, over maxRows lines, the
// last keys left out. Help and quit are never left out, so that the way to
// every key and the way out always show.
func shortHelpRows(h *help.Model, k keyMap, width, maxRows int) []string {
	h.SetWidth(0) // measured here, never cut by the bubble
	var items []helpItem
	for _, b := range (helpView{k}).ShortHelp() {
		if b.Enabled() {
			items = append(items, measureHelp(h, b))
		}
	}
	sep := ansi.StringWidth(h.ShortSeparator)
	if rows := flowItems(items, sep, width); len(rows) == 1 {
		return renderHelpRows(h, rows)
	}
	// Copy first, then next tab and reload too.
	for _, global := range [][]key.Binding{{k.Copy}, {k.Copy, k.NextTab, k.Reload}} {
		var local []helpItem
		for _, it := range items {
			if !slices.ContainsFunc(global, func(g key.Binding) bool { return sameBinding(it.b, g) }) {
				local = append(local, it)
			}
		}
		if rows := flowItems(local, sep, width); len(rows) == 1 {
			return renderHelpRows(h, rows)
		}
	}
	for {
		rows := flowItems(items, sep, width)
		drop := -1
		for i := len(items) - 1; i >= 0 && len(rows) > maxRows; i-- {
			if !sameBinding(items[i].b, k.Help) && !sameBinding(items[i].b, k.Quit) {
				drop = i
				break
			}
		}
		if drop < 0 {
			return renderHelpRows(h, rows[:min(len(rows), maxRows)])
		}
		items = append(items[:drop:drop], items[drop+1:]...)
	}
}

// helpItem is a key of the short help with the width it takes drawn
// alone, measured once so that trying several flows renders nothing.
type helpItem struct {
	b key.Binding
	w int
}

func measureHelp(h *help.Model, b key.Binding) helpItem {
	return helpItem{b, ansi.StringWidth(h.ShortHelpView([]key.Binding{b}))}
}

// flowHelp draws keys as short help on rows of at most width cells, as
// many keys on each as fit.
func flowHelp(h *help.Model, bs []key.Binding, width int) []string {
	items := make([]helpItem, len(bs))
	for i, b := range bs {
		items[i] = measureHelp(h, b)
	}
	return renderHelpRows(h, flowItems(items, ansi.StringWidth(h.ShortSeparator), width))
}

// flowItems puts measured keys on rows of at most width cells, sep cells
// between two keys; there is always at least one row.
func flowItems(items []helpItem, sep, width int) [][]key.Binding {
	var rows [][]key.Binding
	var row []key.Binding
	rowW := 0
	for _, it := range items {
		if len(row) > 0 && rowW+sep+it.w > width {
			rows = append(rows, row)
			row, rowW = nil, 0
		}
		if len(row) > 0 {
			rowW += sep
		}
		row, rowW = append(row, it.b), rowW+it.w
	}
	if len(row) > 0 || len(rows) == 0 {
		rows = append(rows, row)
	}
	return rows
}

// renderHelpRows draws each row of keys as short help.
func renderHelpRows(h *help.Model, rows [][]key.Binding) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = h.ShortHelpView(r)
	}
	return out
}

// sameBinding tells whether two bindings answer the same keys.
func sameBinding(a, b key.Binding) bool {
	return strings.Join(a.Keys(), " ") == strings.Join(b.Keys(), " ")
}
