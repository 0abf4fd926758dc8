package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/model"
)

// layersPane lists the layers as the setup wizard's switches, with the
// selected layer's summary, state and effects as the detail. Space (or a
// click) switches the selected layer.
type layersPane struct {
	listPane
	keys    *keyMap
	toggles []toggle
	cols    toggleCols
	// rs is the base ruleset, for the counts of the effects.
	rs      *model.Ruleset
	pending bool
}

func newLayersPane(k *keyMap) *layersPane {
	p := &layersPane{listPane: newListPane(), keys: k}
	p.noun = "layers"
	return p
}

func (p *layersPane) scroller() *scroller           { return p.active() }
func (p *layersPane) scrollerAt(x, y int) *scroller { return p.at(x, y) }
func (p *layersPane) typing() bool                  { return p.filter.typing() }

// layerTexts are what the filter looks for in layer i: its label, id,
// summary and what it changes.
func (p *layersPane) layerTexts(i int) []string {
	l := p.toggles[i].layer
	return []string{l.Label, l.ID, l.Summary, effectNames(l)}
}

// relist keeps the layers the filter holds and lays the list out for them.
func (p *layersPane) relist() {
	p.layout(p.keep(len(p.toggles), p.layerTexts))
	p.settle()
}

func (p *layersPane) set(s *snapshot, st *styles, body rect, wide bool) {
	was, _ := p.selected()
	p.toggles, p.pending, p.rs = s.toggles, s.pending, s.ruleset()
	p.cols = measureToggles(s.toggles)
	share := 50
	if wide {
		share = p.wideShare(body.W, st)
	}
	p.place(body, wide, p.keep(len(p.toggles), p.layerTexts), share, st)
	if now, ok := p.selected(); was.layer != nil && (!ok || now.layer.ID != was.layer.ID) {
		p.selectByID(was.layer.ID) // after a reload: the same layer
	}
	p.settle()
}

func (p *layersPane) settle() tea.Cmd {
	p.setDetail(p.layerDetail())
	return nil
}

// hint says what blocks the selected layer, or how many layers are on.
func (p *layersPane) hint() string {
	if p.inDetail {
		return inDetailHint
	}
	t, ok := p.selected()
	switch {
	case !ok:
		return ""
	case t.blocked():
		return vis(t.layer.Label) + " is blocked by " + quoteList(t.blockedBy) + ": switch that off first"
	}
	on := 0
	for _, t := range p.toggles {
		if t.on {
			on++
		}
	}
	return fmt.Sprintf("%d of %d layers on", on, len(p.toggles))
}

// syncKeys offers space on a layer that can be switched, labelled by what
// it would do, and enter and esc for the detail.
func (p *layersPane) syncKeys() {
	k := p.keys
	if p.listPane.syncKeys(k) {
		return
	}
	t, ok := p.selected()
	k.Toggle.SetEnabled(!p.inDetail && ok && !t.blocked())
	if t.chosen {
		k.Toggle.SetHelp("space", "switch off")
	} else {
		k.Toggle.SetHelp("space", "switch on")
	}
}

// update moves through the layers and switches them; a click on a layer
// selects and switches it.
func (p *layersPane) update(h host, msg tea.Msg) tea.Cmd {
	if cmd, ok := p.filterTyped(msg); ok {
		p.relist()
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if cmd, ok := p.filterKey(p.keys, msg); ok {
			p.relist()
			return cmd
		}
		if key.Matches(msg, p.keys.Toggle) {
			p.toggle(h)
		} else {
			p.key(p.keys, msg)
		}
	case clickMsg:
		if p.click(msg.x, msg.y) {
			p.toggle(h)
		}
	}
	return nil
}

// toggle switches the selected layer on or off, and says what came of it.
func (p *layersPane) toggle(h host) {
	before, ok := p.selected()
	if !ok || before.blocked() {
		return
	}
	h.chooseLayer(before.layer.ID, !before.chosen)
	after, _ := p.selected()
	h.say(toggleStatus(after))
}

// minLayerDetail is the narrowest the detail beside the list of layers
// gets when the list takes the room its rows need.
const minLayerDetail = 40

// wideShare is the percentage of a wide body's width the list of layers
// takes: half, or what its widest row needs when that is more, so that
// the list beside the detail cuts no more than the list above it at 80
// columns; the detail keeps at least minLayerDetail columns.
func (p *layersPane) wideShare(width int, st *styles) int {
	if width <= 0 {
		return 50
	}
	need := 0
	for _, t := range p.toggles {
		need = max(need, 2+ansi.StringWidth(toggleLine(t, st, p.cols, true))+1) // and a blank before the detail
	}
	share := (need*100 + width - 1) / width
	most := (width - minLayerDetail - 1) * 100 / width
	return max(min(share, most), 50)
}

// selected returns the switch under the cursor.
func (p *layersPane) selected() (toggle, bool) {
	if i, ok := p.cur(); ok && i < len(p.toggles) {
		return p.toggles[i], true
	}
	return toggle{}, false
}

// selectByID puts the cursor on the layer with the id, if there is one.
func (p *layersPane) selectByID(id string) {
	for i, t := range p.toggles {
		if t.layer.ID == id && p.selectRow(i) {
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
		return block([]string{"", " " + st.muted.Render(note)}, p.full.W, p.full.H, st.g.ellipsis)
	}
	var rows []string
	start, end := p.list.window()
	for pos := start; pos < end; pos++ {
		t := p.toggles[p.rowAt(pos)]
		if pos == p.list.cursor && !p.inDetail {
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
	// The state is a reason the author acts on: wrapped, never cut.
	state, style := "off", st.muted
	switch {
	case t.on:
		state, style = "on", st.ok
	case t.blocked():
		state, style = "blocked by "+quoteList(t.blockedBy)+": switch that off first", st.warn
	case t.chosen && t.dropped != "":
		state, style = "chosen, but not applied: "+vis(t.dropped), st.warn
	case t.chosen:
		state, style = "chosen, but not applied", st.warn
	}
	for i, line := range wrap(state, max(width-8, 10)) {
		lead := strings.Repeat(" ", 8)
		if i == 0 {
			lead = " " + st.label.Render("State  ")
		}
		out = append(out, lead+style.Render(line))
	}
	out = append(out, "")
	effects := say.LayerEffects(l, p.rs)
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
		mark, style = st.g.dropped, st.warn
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
