package tui

import (
	"fmt"
	"strings"
)

// layersPane lists the layers as the setup wizard's switches, with the
// effects of the selected one beside or below the list.
type layersPane struct {
	toggles    []toggle
	scroll     scroller
	list, info rect
	wide       bool
	st         styles
}

func newLayersPane() layersPane { return layersPane{scroll: scroller{cursed: true}} }

func (p *layersPane) scroller() *scroller { return &p.scroll }

func (p *layersPane) set(s *snapshot, st styles, body rect, wide bool) {
	p.st, p.wide, p.toggles = st, wide, s.toggles
	p.list, p.info = split(rect{0, 0, body.W, body.H}, wide, 50)
	if !wide {
		// Below the list, the detail needs room; the list needs no more rows
		// than it has.
		rows := min(max(len(p.toggles), 1), body.H/2)
		p.list, p.info = rect{0, 0, body.W, rows}, rect{0, rows + 1, body.W, max(body.H-rows-1, 0)}
	}
	p.scroll.setHeight(p.list.H)
	p.scroll.setLen(len(p.toggles))
}

// selected returns the switch under the cursor.
func (p *layersPane) selected() (toggle, bool) {
	if p.scroll.cursor < len(p.toggles) {
		return p.toggles[p.scroll.cursor], true
	}
	return toggle{}, false
}

// selectByID puts the cursor on the layer with the id, if there is one.
func (p *layersPane) selectByID(id string) {
	for i, t := range p.toggles {
		if t.layer.ID == id {
			p.scroll.cursor = i
			p.scroll.clamp()
			return
		}
	}
}

func (p *layersPane) view() string {
	st := p.st
	if len(p.toggles) == 0 {
		return block([]string{"", " " + st.muted.Render("This ruleset has no layers.")}, p.list.W, p.list.H+p.info.H+1, st.g.ellipsis)
	}
	var rows []string
	start, end := p.scroll.window()
	for i := start; i < end; i++ {
		t := p.toggles[i]
		if i == p.scroll.cursor {
			rows = append(rows, st.rowSelected.Render(padRight(fit(st.g.cursor+" "+toggleLine(t, st, true), p.list.W, st.g.ellipsis), p.list.W)))
			continue
		}
		rows = append(rows, st.g.noCursor+" "+toggleLine(t, st, false))
	}
	list := block(rows, p.list.W, p.list.H, st.g.ellipsis)
	info := block(p.detail(p.info.W), p.info.W, p.info.H, st.g.ellipsis)
	return joinDetail(list, info, p.list, p.info, p.wide, st)
}

// detail describes the selected layer: its summary, state and effects.
func (p *layersPane) detail(width int) []string {
	st := p.st
	t, ok := p.selected()
	if !ok {
		return nil
	}
	l := t.layer
	out := []string{" " + st.title.Render(vis(l.Label)) + "  " + st.muted.Render(vis(l.ID))}
	if l.Summary != "" {
		for _, line := range wrap(vis(l.Summary), width-2) {
			out = append(out, " "+st.text.Render(line))
		}
	}
	state := st.muted.Render("off")
	switch {
	case t.on:
		state = st.ok.Render("on")
	case t.blocked():
		state = st.warn.Render("blocked by " + quoteList(t.blockedBy) + ": switch that off first")
	case t.chosen:
		state = st.warn.Render("chosen, but dropped")
	}
	out = append(out, " "+st.label.Render("State  ")+state, "")
	effects := layerEffects(l)
	if len(effects) == 0 {
		out = append(out, " "+st.muted.Render("This layer changes nothing."))
	}
	for _, e := range effects {
		for i, line := range wrap(e, width-4) {
			lead := "   "
			if i == 0 {
				lead = " " + st.accent.Render(bullet(st)) + " "
			}
			out = append(out, lead+st.text.Render(line))
		}
	}
	return out
}

func bullet(st styles) string {
	if st.g.rule == "-" {
		return "*"
	}
	return "•"
}

// joinDetail draws a list and its detail: side by side with a vertical rule
// when wide, else one above the other with a horizontal rule.
func joinDetail(list, info string, lr, ir rect, wide bool, st styles) string {
	if wide {
		rule := strings.TrimSuffix(strings.Repeat(st.tabRule.Render(st.g.vbar)+"\n", lr.H), "\n")
		ll, rl, il := strings.Split(list, "\n"), strings.Split(rule, "\n"), strings.Split(info, "\n")
		out := make([]string, lr.H)
		for i := range out {
			out[i] = padRight(at(ll, i), lr.W) + at(rl, i) + at(il, i)
		}
		return strings.Join(out, "\n")
	}
	sep := st.tabRule.Render(strings.Repeat(st.g.rule, lr.W))
	if ir.H == 0 {
		return list
	}
	return list + "\n" + sep + "\n" + info
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// toggleStatus says what toggling the selected layer did, for the status
// line.
func toggleStatus(before, after toggle) string {
	label := vis(after.layer.Label)
	switch {
	case after.on:
		return label + " is on"
	case before.on && !after.chosen:
		return label + " is off"
	}
	return fmt.Sprintf("%s is chosen but does not apply", label)
}
