package tui

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"
)

// layersPane lists the layers as the setup wizard's switches, with the
// selected layer's summary, state and effects as the detail.
type layersPane struct {
	listPane
	toggles []toggle
	cols    toggleCols
	pending bool
}

func newLayersPane() layersPane { return layersPane{listPane: newListPane()} }

func (p *layersPane) scroller() *scroller           { return p.active() }
func (p *layersPane) scrollerAt(x, y int) *scroller { return p.at(x, y) }

func (p *layersPane) set(s *snapshot, st *styles, body rect, wide bool) {
	p.toggles, p.pending = s.toggles, s.pending
	p.cols = measureToggles(s.toggles)
	p.place(body, wide, len(p.toggles), 50, st)
	p.settle()
}

func (p *layersPane) settle() { p.setDetail(p.layerDetail()) }

// selected returns the switch under the cursor.
func (p *layersPane) selected() (toggle, bool) {
	if p.list.cursor < len(p.toggles) {
		return p.toggles[p.list.cursor], true
	}
	return toggle{}, false
}

// selectByID puts the cursor on the layer with the id, if there is one.
func (p *layersPane) selectByID(id string) {
	for i, t := range p.toggles {
		if t.layer.ID == id {
			p.list.cursor = i
			p.list.clamp()
			p.settle()
			return
		}
	}
}

func (p *layersPane) view() string {
	st := p.st
	if len(p.toggles) == 0 {
		note := "This ruleset has no layers."
		if p.pending {
			note = "Working out the layers" + st.g.ellipsis
		}
		return block([]string{"", " " + st.muted.Render(note)}, p.lr.W, p.lr.H+p.dr.H+1, st.g.ellipsis)
	}
	var rows []string
	start, end := p.list.window()
	for i := start; i < end; i++ {
		t := p.toggles[i]
		if i == p.list.cursor && !p.inDetail {
			rows = append(rows, selectedRow(toggleLine(t, st, p.cols, true), p.lr.W, st))
			continue
		}
		rows = append(rows, plainRow(toggleLine(t, st, p.cols, false)))
	}
	return p.render(rows)
}

// layerDetail describes the selected layer: its summary, state and
// effects.
func (p *layersPane) layerDetail() []string {
	st := p.st
	t, ok := p.selected()
	if !ok {
		return nil
	}
	width := p.dr.W
	l := t.layer
	out := []string{" " + st.title.Render(vis(l.Label)) + "  " + st.muted.Render(vis(l.ID))}
	for _, line := range wrap(vis(l.Summary), width-2) {
		if line != "" {
			out = append(out, " "+st.text.Render(line))
		}
	}
	var state string
	switch {
	case t.on:
		state = st.ok.Render("on")
	case t.blocked():
		state = st.warn.Render("blocked by " + quoteList(t.blockedBy) + ": switch that off first")
	case t.chosen && t.dropped != "":
		state = st.warn.Render("chosen, but not applied: " + vis(t.dropped))
	case t.chosen:
		state = st.warn.Render("chosen, but not applied")
	default:
		state = st.muted.Render("off")
	}
	out = append(out, " "+st.label.Render("State  ")+state, "")
	effects := layerEffects(l)
	if len(effects) == 0 {
		out = append(out, " "+st.muted.Render("This layer changes nothing."))
	}
	for _, e := range effects {
		out = append(out, bulleted(e, width, " ", st, st.text.Render)...)
	}
	return out
}

// toggleCols are the widths of the label and id columns of a list of
// switches.
type toggleCols struct{ label, id int }

// maxToggleLabel caps the label column, so that a long label does not push
// the rest off the screen.
const maxToggleLabel = 32

func measureToggles(ts []toggle) toggleCols {
	var c toggleCols
	for _, t := range ts {
		c.label = max(c.label, ansi.StringWidth(vis(t.layer.Label)))
		c.id = max(c.id, ansi.StringWidth(vis(t.layer.ID)))
	}
	c.label, c.id = min(c.label, maxToggleLabel), min(c.id, maxToggleLabel)
	return c
}

// toggleLine writes a layer's switch: its state, label, id and what it
// does, or what blocks it. selected gives plain text for the selection's
// colours.
func toggleLine(t toggle, st *styles, cols toggleCols, selected bool) string {
	mark, style := st.g.off, st.text
	switch {
	case t.on:
		mark, style = st.g.on, st.ok
	case t.blocked():
		mark, style = st.g.blocked, st.muted
	case t.chosen:
		mark, style = st.g.on, st.warn
	}
	note := effectNames(t.layer)
	switch {
	case t.blocked():
		note = "blocked by " + quoteList(t.blockedBy)
	case t.chosen && !t.on:
		note = "chosen, not applied"
	}
	label := padRight(fit(vis(t.layer.Label), cols.label, st.g.ellipsis), cols.label)
	id := padRight(fit(vis(t.layer.ID), cols.id, st.g.ellipsis), cols.id)
	if selected {
		return fmt.Sprintf("%s %s  %s  %s", mark, label, id, note)
	}
	return style.Render(mark) + " " + style.Render(label) + "  " + st.muted.Render(id+"  "+note)
}

// toggleStatus says what toggling the selected layer did, for the status
// line.
func toggleStatus(after toggle) string {
	label := vis(after.layer.Label)
	switch {
	case after.on:
		return label + " is on"
	case !after.chosen:
		return label + " is off"
	case after.dropped != "":
		return label + " is chosen but not applied: " + vis(after.dropped)
	}
	return label + " is chosen but not applied"
}
