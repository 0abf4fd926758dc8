package rules

import (
	"strings"

	"rulebench/model"
)

// sheetRefs checks what the sheet's and the items block's value refs read
// beyond the names every ref is checked for: an itemStat's stat, slot,
// category and tag, and a penalty read only off a wound track. It also holds
// the derived values a skill or save cap reads to the rule the cap is held
// to: none of them reads a skill or save modifier.
func (b *blockChecker) sheetRefs() {
	s := &b.rs.Sheet
	for _, d := range s.Derived {
		for i := range d.Of {
			b.extraRef(d.Of[i])
		}
		if d.From != nil {
			b.extraRef(*d.From)
		}
	}
	for _, p := range s.Live.Pools {
		b.extraRef(p.Max)
	}
	for _, t := range s.Live.Tracks {
		b.extraRef(t.Max)
	}
	for _, group := range [][]model.Skill{s.Skills, s.Saves} {
		for _, k := range group {
			if k.Cap != nil {
				b.extraRef(*k.Cap)
			}
		}
	}
	if it := b.rs.Items; it != nil {
		for _, key := range [][]string{{"binding", "max"}, {"carry", "encumberedAbove"}, {"carry", "limit"}} {
			if r, ok := refAt(at(it.Node, key[0], key[1])); ok {
				b.extraRef(r)
			}
		}
		if it.Market != nil {
			for _, sl := range it.Market.Sellers {
				if r, ok := refAt(at(sl.Node, "only", "value")); ok {
					b.extraRef(r)
				}
			}
		}
	}
	for _, group := range []struct {
		key  string
		list []model.Skill
	}{{"skills", s.Skills}, {"saves", s.Saves}} {
		for _, k := range group.list {
			if k.Cap == nil || k.Cap.Kind != model.RefDerived {
				continue
			}
			end, ok := b.derivedAt[k.Cap.Name]
			if !ok {
				continue
			}
			for _, d := range s.Derived[:end+1] {
				if x, ok := readsMod(d); ok {
					b.err(d.Node, CodeCapMod, "the derived value %q feeds the cap on %q, so it cannot read the %s %q", d.ID, k.ID, refNoun[x.Kind], x.Name)
				}
			}
		}
	}
}

// extraRef checks what refAt and ref leave to the blocks: an itemStat's
// names and a penalty read off a plain track.
func (b *blockChecker) extraRef(r model.ValueRef) {
	switch r.Kind {
	case model.RefItemStat:
		b.itemStatRef(at(r.Node, model.RefItemStat))
	case model.RefLiveTrack:
		if t := b.tracks[r.Name]; t != nil && textAt(r.Node, "read") == "penalty" && !t.Wound() {
			b.err(at(r.Node, "read"), CodeTrackRead, "the track %q has no levels or boxes, so it has no penalty to read", r.Name)
		}
	}
}

// itemStatRef checks what an itemStat ref names against the items block.
func (b *blockChecker) itemStatRef(is *model.Node) {
	if is == nil || is.Kind != model.Object {
		return
	}
	if b.rs.Items == nil {
		b.err(is, CodeNoItems, "this ruleset has no items block, so there are no items for itemStat to read")
		return
	}
	if id := textAt(is, "stat"); id != "" {
		st := b.stat(id)
		switch {
		case st == nil:
			b.err(at(is, "stat"), CodeUnknownStat, "the item stat %q is not declared in items.stats", id)
		case textAt(is, "pick") != "count" && st.Type != model.TypeNumber:
			b.err(at(is, "stat"), CodeRefType, "itemStat adds up a number stat; %q is %s", id, st.Type)
		}
	}
	slots := map[string]bool{}
	for _, s := range b.rs.Items.Slots {
		slots[s.ID] = true
	}
	for _, k := range []struct {
		key   string
		known map[string]bool
	}{{"slot", slots}, {"category", b.categories}, {"tag", b.tags}} {
		if id := textAt(is, k.key); id != "" && !k.known[id] {
			b.err(at(is, k.key), CodeUnknownWord, "itemStat names the %s %q, which the items block does not declare", k.key, id)
		}
	}
}

// readsMod returns the first skill or save modifier a derived value reads
// directly, if any.
func readsMod(d *model.Derived) (model.ValueRef, bool) {
	isMod := func(r model.ValueRef) bool { return r.Kind == model.RefSkillMod || r.Kind == model.RefSaveMod }
	for _, r := range d.Of {
		if isMod(r) {
			return r, true
		}
	}
	if d.From != nil && isMod(*d.From) {
		return *d.From, true
	}
	return model.ValueRef{}, false
}

// cell checks one value against the field or column that holds it.
func (b *blockChecker) cell(col *model.Field, v *model.Node, what string) {
	if v.Kind == model.Object || v.Kind == model.Array || v.Kind == model.Null {
		return // reported when the file was read
	}
	b.columnValue(b.file, what, col, model.ColumnValue{Column: col.ID, Value: v.Scalar(), Node: v})
}

// sheetRow checks a row a creature's sheet writes into a list: its columns,
// and the catalog entry its _catalog mark names.
func (b *blockChecker) sheetRow(l *model.List, row *model.Node) {
	if row.Kind != model.Object {
		return
	}
	for _, v := range row.Children() {
		if v.Key() == "_catalog" {
			b.catalogMark(l, v)
			continue
		}
		col := l.Column(v.Key())
		if col == nil {
			b.err(v, CodeUnknownColumn, "the list %q has no column %q", l.ID, v.Key())
			continue
		}
		b.cell(col, v, "column")
	}
	for _, col := range l.Columns {
		if col.Required && row.Get(col.ID) == nil {
			b.err(row, CodeRequiredColumn, "the column %q of the list %q is required", col.ID, l.ID)
		}
	}
}

// catalogMark checks a row's <catalog>/<entry> mark: a rows catalog feeding
// the list, and an entry of it when its entries are inline.
func (b *blockChecker) catalogMark(l *model.List, v *model.Node) {
	if v.Kind != model.String {
		b.err(v, CodeCatalogMark, "_catalog is a <catalog>/<entry> reference, not %s", v.Kind)
		return
	}
	catID, entryID, ok := strings.Cut(v.Str(), "/")
	if !ok || catID == "" || entryID == "" {
		b.err(v, CodeCatalogMark, "%q is not a <catalog>/<entry> reference", v.Str())
		return
	}
	cat := b.catalogNamed(catID)
	if cat == nil || !contains(cat.Feeds, l.ID) {
		b.err(v, CodeCatalogMark, "no catalog %q feeds the list %q", catID, l.ID)
		return
	}
	if cat.EntriesNode != nil && cat.Asset == "" && b.entryNamed(cat, entryID) == nil {
		b.err(v, CodeUnknownEntry, "the catalog %q has no entry %q", catID, entryID)
	}
}
