package tui

import (
	"fmt"
	"strings"

	"rulebench/model"
	"rulebench/rules"
)

// maxEffectiveRows caps the prices and hidden entries listed, so that a
// large ruleset's frame stays cheap; the rest is counted.
const maxEffectiveRows = 200

// effectiveLines builds the Effective tab: the ruleset as a game with the
// chosen layers sees it, each change marked with the layer that made it.
func effectiveLines(s *snapshot, st *styles, width int) document {
	var d document
	e := s.eff
	if e == nil {
		d.add("", " "+st.muted.Render("There is no ruleset to apply layers to."))
		return d
	}
	add := d.add
	heading := func(h string) {
		add("")
		d.section()
		add(" " + st.heading.Render(h))
	}
	item := func(text string, style func(...string) string) {
		add(bulleted(text, width, "  ", st, style)...)
	}
	para := func(label, text string) {
		lines := wrap(text, max(width-16, 10))
		for i, l := range lines {
			lead := strings.Repeat(" ", 15)
			if i == 0 {
				lead = "   " + st.label.Render(padRight(label, 12))
			}
			add(lead + st.text.Render(l))
		}
	}
	layerName := func(l *model.Layer) string {
		if l == nil {
			return "the base ruleset"
		}
		return vis(l.Label)
	}

	var applied []string
	for _, l := range e.Applied {
		applied = append(applied, vis(l.Label))
	}
	if len(applied) == 0 {
		add(" " + st.title.Render("No layer applied") + "  " + st.muted.Render("switch layers on in the Layers tab to see what they change"))
	} else {
		add(" " + st.title.Render("Applied: ") + st.ok.Render(strings.Join(applied, ", ")))
	}
	for _, dr := range e.Dropped {
		item(fmt.Sprintf("%s is chosen but not applied: %s", vis(dr.ID), vis(dr.Reason())), st.warn.Render)
	}

	heading("Game Master")
	para("Check", vis(e.CheckGuidance))
	if e.WorldGuidance != nil {
		para("World", vis(*e.WorldGuidance))
	} else {
		para("World", "none")
	}

	heading("Difficulty ladder")
	para("Steps", describeLadder(e.Ladder))
	para("From", layerName(e.LadderFrom))

	if len(e.Enums) > 0 {
		heading("Enum fields")
		for _, f := range e.Enums {
			text := fmt.Sprintf("%s: %s", vis(f.Field.ID), quoteList(f.Values))
			if f.Default != nil {
				text += ", default " + vis(*f.Default)
			}
			style := st.text.Render
			if len(f.Removed) > 0 {
				text += fmt.Sprintf("; removed %s by %s", quoteList(f.Removed), quoteList(f.By))
				style = st.warn.Render
			}
			item(text, style)
		}
	}

	hiddenAny := false
	for _, c := range e.Catalogs {
		if len(c.Hidden) == 0 {
			continue
		}
		if !hiddenAny {
			heading("Hidden from the pickers")
			hiddenAny = true
		}
		for i, h := range c.Hidden {
			if i == maxEffectiveRows {
				item(fmt.Sprintf("and %d more", len(c.Hidden)-i), st.muted.Render)
				break
			}
			item(fmt.Sprintf("%s/%s %s, by %s", vis(c.Catalog.ID), vis(h.Entry.ID), vis(h.Entry.Label), layerName(h.Layer)), st.text.Render)
		}
	}

	if len(e.Currencies) > 0 {
		heading("Coins")
		for _, c := range e.Currencies {
			var left, gone []string
			for _, u := range c.Units {
				left = append(left, vis(u.ID))
			}
			for _, u := range c.RemovedUnits {
				gone = append(gone, vis(u.ID))
			}
			switch {
			case c.Removed:
				item(fmt.Sprintf("%s: the whole family is removed", vis(c.Family.ID)), st.warn.Render)
			case len(gone) > 0:
				item(fmt.Sprintf("%s: %s left; removed %s", vis(c.Family.ID), strings.Join(left, ", "), strings.Join(gone, ", ")), st.warn.Render)
			default:
				item(fmt.Sprintf("%s: %s", vis(c.Family.ID), strings.Join(left, ", ")), st.text.Render)
			}
		}
	}

	changed := 0
	for _, p := range e.Prices {
		if p.Entry == nil || p.Entry.Item == nil || p.Entry.Item.Cost == nil {
			continue
		}
		written := *p.Entry.Item.Cost
		if p.Shown.Priced() && p.Shown.Unit() == written.Unit && p.Shown.Amount == written.Amount {
			continue
		}
		if changed == 0 {
			heading("Prices the layers change")
		}
		changed++
		if changed > maxEffectiveRows {
			continue
		}
		shown := "no price (its coins are gone)"
		if p.Shown.Priced() {
			shown = vis(p.Shown.Text())
		}
		item(fmt.Sprintf("%s %s: %d %s %s %s", vis(p.Key), vis(p.Entry.Label), written.Amount, vis(written.Unit), st.g.arrow, shown), st.text.Render)
	}
	if changed > maxEffectiveRows {
		item(fmt.Sprintf("and %d more", changed-maxEffectiveRows), st.muted.Render)
	}

	if m := e.Market; m.Declared {
		heading("Market")
		var sellers []string
		for _, sl := range m.Sellers {
			sellers = append(sellers, vis(sl.ID))
		}
		para("Sellers", strings.Join(sellers, ", "))
		for _, r := range m.Removed {
			item(fmt.Sprintf("%s removed by %s", vis(r.Seller.ID), layerName(r.Layer)), st.warn.Render)
		}
		for _, u := range m.Unsold {
			item(fmt.Sprintf("not sold: %s (%s)", describeFilter(u.Filter), layerName(u.Layer)), st.text.Render)
		}
		if len(m.UnsoldItems) > 0 {
			para("Unsold", quoteList(m.UnsoldItems))
		}
		for _, n := range e.MarketNotes() {
			item(vis(n), st.muted.Render)
		}
	}

	if s.ws != nil && len(e.Applied) > 0 {
		first := true
		for _, sv := range s.ws.Saves {
			for _, k := range e.KeptInSave(sv) {
				if first {
					heading("Kept in the sample saves")
					add("   " + st.muted.Render("Nothing rewrites a character: these values stay and are shown as they are."))
					first = false
				}
				what := vis(k.Value)
				if k.Kind == rules.KeptCoin {
					what = fmt.Sprintf("%s %s", number(k.Count), vis(k.Value))
				}
				item(fmt.Sprintf("%s %s: %s, removed by %s", vis(relFile(sv.File, s.ws)), vis(k.Path), what, layerName(k.Layer)), st.text.Render)
			}
		}
	}

	if len(e.Loot) > 0 {
		heading("Loot tables")
		for _, l := range e.Loot {
			text := fmt.Sprintf("%s: %s", vis(l.Base.ID), plural(len(l.Table.Entries), "line", "lines"))
			style := st.text.Render
			if l.ReplacedBy != nil {
				text += ", replaced by " + layerName(l.ReplacedBy)
				style = st.warn.Render
			}
			if len(l.Users) > 0 {
				var users []string
				for _, u := range l.Users {
					users = append(users, vis(u.Kind+" "+u.ID))
				}
				text += "; rolled by " + strings.Join(users, ", ")
			}
			item(text, style)
			for _, dl := range l.Dead {
				by := ""
				if dl.By != nil {
					by = " (" + layerName(dl.By) + ")"
				}
				add(bulleted(fmt.Sprintf("line %d drops nothing: %s%s", dl.Line+1, deadCause(dl), by), width, "    ", st, st.muted.Render)...)
			}
		}
	}
	return d
}

// deadCause says in words why a loot line drops nothing.
func deadCause(d rules.DeadLine) string {
	switch d.Cause {
	case rules.DeadCoinRemoved:
		return "its coin is removed"
	case rules.DeadItemHidden:
		return "its item is hidden"
	}
	return "its filter matches no item"
}
