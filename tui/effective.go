package tui

import (
	"fmt"
	"strings"

	"rulebench/model"
	"rulebench/rules"
)

// maxEffectiveRows caps the prices, entries and items listed in one
// section, so that a large ruleset's frame stays cheap; the rest is
// counted.
const maxEffectiveRows = 200

// effectiveDoc builds the Effective tab.
type effectiveDoc struct {
	document
	s     *snapshot
	st    *styles
	width int
	e     *rules.Effective
	base  *rules.Effective
}

// effectiveLines builds the Effective tab: the ruleset as a game with the
// chosen layers sees it, each part beside the base ruleset and each change
// marked with the layer that made it.
func effectiveLines(s *snapshot, st *styles, width int) document {
	d := &effectiveDoc{s: s, st: st, width: width, e: s.eff, base: s.base}
	if d.e == nil {
		d.add("", " "+st.muted.Render("There is no ruleset to apply layers to."))
		return d.document
	}
	if d.base == nil {
		d.base = d.e
	}
	d.applied()
	d.guidance()
	d.ladder()
	d.enums()
	d.catalogs()
	d.coins()
	d.prices()
	d.market()
	d.loot()
	d.kept()
	return d.document
}

func (d *effectiveDoc) heading(h, note string) {
	d.add("")
	d.section()
	line := " " + d.st.heading.Render(h)
	if note != "" {
		line += "  " + d.st.muted.Render(note)
	}
	d.add(line)
}

// item adds a bulleted item, wrapped.
func (d *effectiveDoc) item(text string, style func(...string) string) {
	d.add(bulleted(text, d.width, "  ", d.st, style)...)
}

// para adds a labelled paragraph, wrapped under its label.
func (d *effectiveDoc) para(label, text string, style func(...string) string) {
	for i, l := range wrap(text, max(d.width-16, 10)) {
		lead := strings.Repeat(" ", 15)
		if i == 0 {
			lead = "   " + d.st.label.Render(padRight(label, 12))
		}
		d.add(lead + style(l))
	}
}

// changedMark is put after a value that differs from the base ruleset, so
// that the change shows without colour too.
func (d *effectiveDoc) changedMark() string { return d.st.warn.Render("*") }

func layerName(l *model.Layer) string {
	if l == nil {
		return "the base ruleset"
	}
	return vis(l.Label)
}

// applied says which layers apply and which chosen ones do not.
func (d *effectiveDoc) applied() {
	st, e := d.st, d.e
	var applied []string
	for _, l := range e.Applied {
		applied = append(applied, vis(l.Label))
	}
	if len(applied) == 0 {
		d.add(" " + st.title.Render("No layer applied") + "  " + st.muted.Render("switch layers on in the Layers tab to see what they change"))
	} else {
		d.add(" " + st.title.Render("Applied: ") + st.ok.Render(strings.Join(applied, ", ")) +
			"  " + st.muted.Render("changes against the base ruleset are marked ") + d.changedMark())
	}
	for _, dr := range e.Dropped {
		d.item(fmt.Sprintf("%s is chosen but not applied: %s", vis(dr.ID), vis(dr.Reason())), st.warn.Render)
	}
}

// guidance shows the Game Master's texts: the base text, then each layer's
// appended text, marked with its layer.
func (d *effectiveDoc) guidance() {
	st, rs := d.st, d.e.Base
	d.heading("Game Master", "layers append to the base text")
	d.para("Check", vis(rs.GM.CheckGuidance), st.text.Render)
	for _, l := range d.e.Applied {
		if l.Guidance != nil {
			d.appended(l, *l.Guidance)
		}
	}
	if rs.GM.WorldGuidance != nil {
		d.para("World", vis(*rs.GM.WorldGuidance), st.text.Render)
	} else {
		d.para("World", "none in the base ruleset", st.muted.Render)
	}
	for _, l := range d.e.Applied {
		if l.WorldGuidance != nil {
			d.appended(l, *l.WorldGuidance)
		}
	}
}

// appended shows a layer's text appended to a guidance, marked with a +
// and the layer.
func (d *effectiveDoc) appended(l *model.Layer, text string) {
	d.add(strings.Repeat(" ", 13) + d.st.ok.Render("+ appended by "+vis(l.Label)+":"))
	d.para("", vis(text), d.st.ok.Render)
}

// ladder shows the difficulty ladder, the base's beside the effective one.
func (d *effectiveDoc) ladder() {
	st, e := d.st, d.e
	base := e.Base.Resolution.Ladder
	note := "the base ladder"
	if e.LadderFrom != nil {
		note = "replaced by " + layerName(e.LadderFrom)
	}
	d.heading("Difficulty ladder", note)
	labelW := 5
	for _, s := range append(append([]model.LadderStep(nil), base...), e.Ladder...) {
		labelW = max(labelW, min(len(vis(s.Label)), 28))
	}
	d.add("   " + st.label.Render(padRight("Step", labelW)+"  "+padRight("Base", 14)+"  Effective"))
	// The steps pair by label, never by position: a step the layer drops
	// says so, as does one it adds.
	for _, c := range e.LadderChanges() {
		bt, ft := stepValue(c.Base, c.HasBase), stepValue(c.Effective, c.HasEffective)
		line := "   " + st.text.Render(padRight(fit(vis(c.Label), labelW, st.g.ellipsis), labelW)) + "  " + st.muted.Render(padRight(bt, 14)) + "  "
		switch c.Kind {
		case rules.StepChanged:
			line += st.warn.Render(ft) + d.changedMark()
		case rules.StepRemoved:
			line += st.err.Render("removed") + d.changedMark()
		case rules.StepAdded:
			line += st.warn.Render(ft+" (added)") + d.changedMark()
		default:
			line += st.text.Render(ft)
		}
		d.add(line)
	}
}

// stepValue writes a ladder step's numbers: "DC 14" or "3 (target 8)".
func stepValue(s model.LadderStep, present bool) string {
	switch {
	case !present:
		return "-"
	case s.HasDC:
		return fmt.Sprintf("DC %d", s.DC)
	case s.HasSuccesses && s.HasTarget:
		return fmt.Sprintf("%d (target %d)", s.Successes, s.Target)
	case s.HasSuccesses:
		return itoa(s.Successes)
	}
	return ""
}

// enums shows each enum field's values, the removed ones marked, and its
// default beside the base's.
func (d *effectiveDoc) enums() {
	st, e := d.st, d.e
	if len(e.Enums) == 0 {
		return
	}
	d.heading("Enum fields", "removed values are marked")
	for _, f := range e.Enums {
		removed := map[string]bool{}
		for _, v := range f.Removed {
			removed[v] = true
		}
		var parts []string
		for _, v := range f.Field.Values {
			if removed[v] {
				parts = append(parts, st.err.Render(vis(v)+" (removed)"))
			} else {
				parts = append(parts, st.text.Render(vis(v)))
			}
		}
		line := "  " + st.accent.Render(bullet(st)) + " " + st.bold.Render(vis(f.Field.ID)) + st.muted.Render(": ") + strings.Join(parts, st.muted.Render(", "))
		d.add(fitWrapped(line, d.width, st)...)
		def, baseDef := "", ""
		if f.Default != nil {
			def = *f.Default
		}
		if s, ok := f.Field.Default.(string); ok {
			baseDef = s
		}
		note := "default " + vis(def)
		switch {
		case def == "" && baseDef == "":
			note = "no default"
		case def != baseDef:
			note = st.warn.Render(fmt.Sprintf("default %s, was %s", vis(def), vis(baseDef))) + d.changedMark()
		default:
			note = st.muted.Render(note)
		}
		if len(f.By) > 0 {
			note += st.muted.Render("; narrowed by " + quoteList(layerLabels(e, f.By)))
		}
		d.add("    " + note)
	}
}

// layerLabels turns layer ids into their labels.
func layerLabels(e *rules.Effective, ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		for _, l := range e.Base.Layers {
			if l.ID == id && l.Label != "" {
				out[i] = l.Label
			}
		}
	}
	return out
}

// fitWrapped cuts a styled line to the width; the pane's lines never wrap.
func fitWrapped(line string, width int, st *styles) []string {
	return []string{fit(line, width, st.g.ellipsis)}
}

// catalogs shows each catalog's entries, the hidden ones dimmed with the
// rule that hides each.
func (d *effectiveDoc) catalogs() {
	st, e := d.st, d.e
	if len(e.Catalogs) == 0 {
		return
	}
	d.heading("Catalogs", "entries hidden from the pickers are dimmed")
	for _, c := range e.Catalogs {
		line := fmt.Sprintf("%s: %s", vis(c.Catalog.ID), plural(len(c.Catalog.Entries), "entry", "entries"))
		if len(c.Hidden) == 0 {
			d.item(line+", none hidden", st.text.Render)
			continue
		}
		d.item(fmt.Sprintf("%s, %d hidden", line, len(c.Hidden)), st.warn.Render)
		hidden := map[*model.Entry]rules.HideCause{}
		for _, h := range c.Hidden {
			hidden[h.Entry] = h.HideCause
		}
		for i, en := range c.Catalog.Entries {
			if i == maxEffectiveRows {
				d.add("      " + st.muted.Render(fmt.Sprintf("and %d more entries", len(c.Catalog.Entries)-i)))
				break
			}
			name := vis(en.ID)
			if en.Label != "" && en.Label != en.ID {
				name += " " + vis(en.Label)
			}
			if h, ok := hidden[en]; ok {
				rule := ""
				if h.Layer != nil && h.Rule >= 0 && h.Rule < len(h.Layer.Catalogs) {
					rule = ": " + describeHide(h.Layer.Catalogs[h.Rule])
				}
				d.add("      " + st.rowMuted.Render(name+" "+st.g.sep+" hidden by "+layerName(h.Layer)+rule))
				continue
			}
			d.add("      " + st.text.Render(name))
		}
	}
}

// coins shows each coin family with the coins that remain.
func (d *effectiveDoc) coins() {
	st, e := d.st, d.e
	if len(e.Currencies) == 0 {
		return
	}
	d.heading("Coins", "")
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
			d.item(fmt.Sprintf("%s: the whole family is removed (%s)", vis(c.Family.ID), strings.Join(gone, ", ")), st.err.Render)
		case len(gone) > 0:
			d.item(fmt.Sprintf("%s: %s left; removed %s", vis(c.Family.ID), strings.Join(left, ", "), strings.Join(gone, ", ")), st.warn.Render)
		default:
			d.item(fmt.Sprintf("%s: %s", vis(c.Family.ID), strings.Join(left, ", ")), st.text.Render)
		}
	}
}

// prices shows every priced item: its price as written beside the price
// shown, and its market price at each price level, each cell that differs
// from the base ruleset marked.
func (d *effectiveDoc) prices() {
	st, e := d.st, d.e
	if len(e.Prices) == 0 {
		return
	}
	base := map[string]rules.ItemPrice{}
	for _, p := range d.base.Prices {
		base[p.Key] = p
	}
	d.heading("Prices", "written beside shown, and at each market price level")
	keyW := 4
	for i, p := range e.Prices {
		if i == maxEffectiveRows {
			break
		}
		keyW = max(keyW, min(len(vis(p.Key)), 34))
	}
	keyW = min(keyW, max(d.width/4, 10))
	cells := 2 + len(e.Market.Levels)
	cellW := min(max((d.width-3-keyW)/cells-2, 9), 14)
	head := padRight("Item", keyW) + "  " + padRight("Written", cellW) + "  " + padRight("Shown", cellW)
	for _, l := range e.Market.Levels {
		head += "  " + padRight(fit(vis(l.Label), cellW, st.g.ellipsis), cellW)
	}
	d.add("   " + st.label.Render(head))
	cell := func(now, was rules.Amount, hasWas bool) string {
		text := "no price"
		if now.Priced() {
			text = vis(now.Text())
		}
		if hasWas && (now.Priced() != was.Priced() || now.Text() != was.Text()) {
			return st.warn.Render(padRight(fit(text, cellW-1, st.g.ellipsis)+"*", cellW))
		}
		return st.text.Render(padRight(fit(text, cellW, st.g.ellipsis), cellW))
	}
	for i, p := range e.Prices {
		if i == maxEffectiveRows {
			d.add("   " + st.muted.Render(fmt.Sprintf("and %d more priced items", len(e.Prices)-i)))
			break
		}
		w := p.Written()
		b, hasBase := base[p.Key]
		line := "   " + st.bold.Render(padRight(fit(vis(p.Key), keyW, st.g.ellipsis), keyW)) + "  " +
			st.muted.Render(padRight(fit(fmt.Sprintf("%d %s", w.Amount, vis(w.Unit)), cellW, st.g.ellipsis), cellW)) + "  " +
			cell(p.Shown, b.Shown, hasBase)
		for j, lv := range p.Levels {
			var was rules.Amount
			if hasBase && j < len(b.Levels) {
				was = b.Levels[j]
			}
			line += "  " + cell(lv, was, hasBase && j < len(b.Levels))
		}
		d.add(fit(line, d.width, st.g.ellipsis))
	}
}

// market shows the sellers that remain and the ones removed (the notes
// say which removals were skipped), each unsold rule with the items it takes off sale, and the
// items no seller offers.
func (d *effectiveDoc) market() {
	st, e := d.st, d.e
	m := e.Market
	if !m.Declared {
		return
	}
	d.heading("Market", "")
	var sellers []string
	for _, sl := range m.Sellers {
		sellers = append(sellers, vis(sl.ID))
	}
	d.para("Sellers", strings.Join(sellers, ", "), st.text.Render)
	for _, r := range m.Removed {
		d.item(fmt.Sprintf("%s removed by %s", vis(r.Seller.ID), layerName(r.Layer)), st.warn.Render)
	}
	items := pricedItems(e.Base)
	for _, u := range m.Unsold {
		var taken []string
		for _, it := range items {
			if u.Filter.Matches(it.item) {
				taken = append(taken, it.key)
			}
		}
		text := fmt.Sprintf("not sold: %s (%s)", describeFilter(u.Filter), layerName(u.Layer))
		if len(taken) > 0 {
			text += "; takes off sale " + quoteList(capList(taken, 20))
		} else {
			text += "; matches no item"
		}
		style := st.text.Render
		if u.Layer != nil {
			style = st.warn.Render
		}
		d.item(text, style)
	}
	if len(m.UnsoldItems) > 0 {
		d.para("No seller", quoteList(capList(m.UnsoldItems, maxEffectiveRows)), st.text.Render)
	}
	for _, n := range e.MarketNotes() {
		d.item(vis(n), st.muted.Render)
	}
}

// keyedItem is an item with its "<catalog>/<entry>" key.
type keyedItem struct {
	key  string
	item *model.Item
}

// pricedItems lists the items of a ruleset's item catalogs.
func pricedItems(rs *model.Ruleset) []keyedItem {
	var out []keyedItem
	for _, c := range rs.Catalogs {
		for _, en := range c.Entries {
			if en.Item != nil {
				out = append(out, keyedItem{c.ID + "/" + en.ID, en.Item})
			}
		}
	}
	return out
}

// capList keeps at most n items, saying how many more there are.
func capList(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(items[:n:n], fmt.Sprintf("and %d more", len(items)-n))
}

// loot shows each loot table as it now rolls, the replaced ones with the
// replacing layer, everything that rolls on each, and the lines that drop
// nothing.
func (d *effectiveDoc) loot() {
	st, e := d.st, d.e
	if len(e.Loot) == 0 {
		return
	}
	d.heading("Loot tables", "replaced tables are marked; every creature, threat tier and seller rolling on one rolls on its replacement")
	for _, l := range e.Loot {
		text := fmt.Sprintf("%s: %s", vis(l.Base.ID), plural(len(l.Table.Entries), "line", "lines"))
		style := st.text.Render
		if l.ReplacedBy != nil {
			text = fmt.Sprintf("%s: replaced by %s with %s (%s; was %s)", vis(l.Base.ID), layerName(l.ReplacedBy),
				quote(l.Table.Label, st), plural(len(l.Table.Entries), "line", "lines"), plural(len(l.Base.Entries), "line", "lines"))
			style = st.warn.Render
		}
		if len(l.Users) > 0 {
			var users []string
			for _, u := range l.Users {
				users = append(users, vis(u.Kind+" "+u.ID))
			}
			text += "; rolled by " + strings.Join(users, ", ")
		} else {
			text += "; nothing rolls on it"
		}
		d.item(text, style)
		for _, dl := range l.Dead {
			by := ""
			if dl.By != nil {
				by = " (" + layerName(dl.By) + ")"
			}
			d.add(bulleted(fmt.Sprintf("line %d drops nothing: %s%s", dl.Line+1, dl.Reason(), by), d.width, "    ", st, st.muted.Render)...)
		}
	}
}

// kept lists the values sample saves hold that the chosen layers remove.
func (d *effectiveDoc) kept() {
	st, e, s := d.st, d.e, d.s
	if s.ws == nil || len(e.Applied) == 0 {
		return
	}
	first := true
	for _, sv := range s.ws.Saves {
		for _, k := range e.KeptInSave(sv) {
			if first {
				d.heading("Kept in the sample saves", "nothing rewrites a character: these values stay and are shown as they are")
				first = false
			}
			what := vis(k.Value)
			if k.Kind == rules.KeptCoin {
				what = fmt.Sprintf("%s %s", number(k.Count), vis(k.Value))
			}
			d.item(fmt.Sprintf("%s %s: %s, removed by %s", vis(relFile(sv.File, s.ws)), vis(k.Path), what, layerName(k.Layer)), st.text.Render)
		}
	}
}
