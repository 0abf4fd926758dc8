package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// maxEffectiveRows caps the prices, entries and items listed in one
// section, so that a large ruleset's frame stays cheap; the rest is
// counted.
const maxEffectiveRows = 200

// effectiveView is what the Effective tab's document is drawn for besides
// the snapshot: the market price level shown when the levels do not all
// fit beside each other, and what the last drawing found.
type effectiveView struct {
	level  int  // the price level shown when paged
	levels int  // how many price levels the market has
	paged  bool // whether the levels are shown one at a time
}

// effectivePane is the Effective tab: the effective ruleset as a document
// (see docPane) whose prices table shows one market price level at a time
// when they do not all fit; > and < change the level.
type effectivePane struct {
	*docPane
	v effectiveView
}

func newEffectivePane(k *keyMap) *effectivePane {
	p := &effectivePane{}
	p.docPane = newDocPane(k, func(s *snapshot, st *styles, width int) document {
		return effectiveLines(s, st, width, &p.v)
	})
	return p
}

// syncKeys offers the document's keys, and > and < while the prices show
// one level at a time.
func (p *effectivePane) syncKeys() {
	p.docPane.syncKeys()
	p.keys.NextLevel.SetEnabled(p.v.paged)
	p.keys.PrevLevel.SetEnabled(p.v.paged)
}

// update changes the price level shown, and otherwise scrolls.
func (p *effectivePane) update(h host, msg tea.Msg) tea.Cmd {
	if m, ok := msg.(tea.KeyPressMsg); ok && p.v.paged && p.v.levels > 0 {
		switch {
		case key.Matches(m, p.keys.NextLevel):
			p.v.level = (p.v.level + 1) % p.v.levels
			p.rebuild()
			return nil
		case key.Matches(m, p.keys.PrevLevel):
			p.v.level = (p.v.level + p.v.levels - 1) % p.v.levels
			p.rebuild()
			return nil
		}
	}
	return p.docPane.update(h, msg)
}

// effectiveDoc builds the Effective tab.
type effectiveDoc struct {
	document
	view  *effectiveView
	s     *snapshot
	st    *styles
	width int
	e     *rules.Effective
	base  *rules.Effective
}

// effectiveLines builds the Effective tab: the ruleset as a game with the
// chosen layers sees it, each part beside the base ruleset and each change
// marked with the layer that made it.
func effectiveLines(s *snapshot, st *styles, width int, view *effectiveView) document {
	d := &effectiveDoc{view: view, s: s, st: st, width: width, e: s.eff, base: s.base}
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

// priceCell is one cell of the prices table: its text, and whether it
// differs from the base ruleset.
type priceCell struct {
	text    string
	changed bool
}

func (c priceCell) width() int {
	if c.changed {
		return ansi.StringWidth(c.text) + 1 // the mark
	}
	return ansi.StringWidth(c.text)
}

// amountCell is a price's cell, marked when it differs from the base's.
func amountCell(now, was rules.Amount, hasWas bool) priceCell {
	text := "no price"
	if now.Priced() {
		text = vis(now.Text())
	}
	return priceCell{text, hasWas && (now.Priced() != was.Priced() || now.Text() != was.Text())}
}

// writtenText is a cost as written, in its coin's label when the ruleset
// declares the coin ("3 crowns", not "3 crown").
func writtenText(rs *model.Ruleset, c model.Cost) string {
	if _, coin := rs.Items.Family(c.Unit); coin != nil && coin.Label != "" {
		return fmt.Sprintf("%d %s", c.Amount, vis(coin.Label))
	}
	return fmt.Sprintf("%d %s", c.Amount, vis(c.Unit))
}

// prices shows every priced item: its price as written beside the price
// shown, and its market price at each price level, each cell that differs
// from the base ruleset marked. The columns are as wide as what they hold,
// so that no amount or unit is cut; when the levels do not all fit, one is
// shown at a time (the tab's < and > change it).
func (d *effectiveDoc) prices() {
	st, e := d.st, d.e
	if len(e.Prices) == 0 {
		return
	}
	base := map[string]rules.ItemPrice{}
	for _, p := range d.base.Prices {
		base[p.Key] = p
	}
	levels := e.Market.Levels
	heads := []string{"Item", "Written", "Shown"}
	for _, l := range levels {
		heads = append(heads, vis(l.Label))
	}
	n := min(len(e.Prices), maxEffectiveRows)
	rows := make([][]priceCell, n)
	widths := make([]int, len(heads))
	for i, h := range heads {
		widths[i] = ansi.StringWidth(h)
	}
	for i, p := range e.Prices[:n] {
		b, hasBase := base[p.Key]
		row := []priceCell{{text: vis(p.Key)}, {text: writtenText(e.Base, p.Written())}, amountCell(p.Shown, b.Shown, hasBase)}
		for j, lv := range p.Levels {
			var was rules.Amount
			if hasBase && j < len(b.Levels) {
				was = b.Levels[j]
			}
			row = append(row, amountCell(lv, was, hasBase && j < len(b.Levels)))
		}
		for c, cell := range row {
			widths[c] = max(widths[c], cell.width())
		}
		rows[i] = row
	}
	// The item column gives way first, down to a third of the width.
	widths[0] = min(widths[0], max(d.width/3, 10))
	total := func(cols []int) int {
		w := 3
		for _, c := range cols {
			w += widths[c] + 2
		}
		return w - 2
	}
	cols := []int{0, 1, 2}
	for j := range levels {
		cols = append(cols, 3+j)
	}
	note := "written beside shown, and at each market price level"
	d.view.levels, d.view.paged = len(levels), false
	if len(levels) > 1 && total(cols) > d.width {
		d.view.paged = true
		d.view.level = min(max(d.view.level, 0), len(levels)-1)
		cols = []int{0, 1, 2, 3 + d.view.level}
		note = fmt.Sprintf("market price level %d of %d; > and < show the others", d.view.level+1, len(levels))
	} else if len(levels) == 0 {
		note = "written beside shown"
	}
	d.heading("Prices", note)
	var head []string
	for _, c := range cols {
		head = append(head, padRight(fit(heads[c], widths[c], st.g.ellipsis), widths[c]))
	}
	d.add("   " + st.label.Render(strings.TrimRight(strings.Join(head, "  "), " ")))
	for _, row := range rows {
		line := "   "
		for k, c := range cols {
			cell := row[c]
			if k > 0 {
				line += "  "
			}
			switch {
			case c == 0:
				line += st.bold.Render(padRight(fit(cell.text, widths[0], st.g.ellipsis), widths[0]))
			case c == 1:
				line += st.muted.Render(padRight(cell.text, widths[1]))
			case cell.changed:
				line += st.warn.Render(padRight(cell.text+"*", widths[c]))
			default:
				line += st.text.Render(padRight(cell.text, widths[c]))
			}
		}
		d.add(fit(line, d.width, st.g.ellipsis))
	}
	if len(e.Prices) > n {
		d.add("   " + st.muted.Render(fmt.Sprintf("and %d more priced items", len(e.Prices)-n)))
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
	for _, n := range say.MarketNotes(e) {
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
