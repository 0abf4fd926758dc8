package rules

import "rulebench/model"

// The battle block, and the health, pools and row sources every fight reads.

func (b *blockChecker) battleRefs() {
	bt := b.battle
	if bt == nil || bt.Kind != model.Object {
		return
	}
	health := b.health(bt.Get("health"))
	energy := at(bt, "energy", "pool")
	if energy != nil && energy.Kind == model.String {
		b.declaredPool(energy)
		if energy.Str() == health {
			b.err(energy, CodePoolTwice, "the pool %q is the health pool, so it cannot also be the energy pool", energy.Str())
		}
	}
	pools, levels := map[string]bool{}, map[float64]bool{}
	for _, s := range kids(bt.Get("slots")) {
		p := s.Get("pool")
		if p != nil && p.Kind == model.String {
			b.declaredPool(p)
			switch {
			case p.Str() == health || energy != nil && p.Str() == energy.Str():
				b.err(p, CodePoolTwice, "the pool %q is already the health or the energy pool", p.Str())
			case pools[p.Str()]:
				b.err(p, CodePoolTwice, "the pool %q holds slots of two levels", p.Str())
			}
			pools[p.Str()] = true
		}
		if lv := s.Get("level"); lv != nil && lv.Kind == model.Number {
			if levels[lv.Num()] {
				b.err(lv, CodeDuplicateLevel, "two slot pools are of level %s", lv.Raw())
			}
			levels[lv.Num()] = true
		}
	}
	for _, src := range kids(bt.Get("skills")) {
		b.rowSource(src)
	}
}

// health checks a fight's health block: a declared pool that starts full,
// or a wound track. It returns the id it names.
func (b *blockChecker) health(h *model.Node) string {
	if t := at(h, "track"); t != nil && t.Kind == model.String {
		switch tr := b.tracks[t.Str()]; {
		case tr == nil:
			b.err(t, CodeUnknownTrack, "health names the track %q, which the sheet does not declare", t.Str())
		case !tr.Wound():
			b.err(t, CodePlainTrack, "health names %q, a plain track with no levels or boxes for a fight to mark", t.Str())
		}
		return t.Str()
	}
	p := at(h, "pool")
	if p == nil || p.Kind != model.String {
		return ""
	}
	b.declaredPool(p)
	if pool := b.pools[p.Str()]; pool != nil && pool.Start == "empty" {
		b.err(p, CodeEmptyPool, "the pool %q starts empty, so it cannot be a fight's health", p.Str())
	}
	return p.Str()
}

// declaredPool checks that a fight's pool is a declared live pool, not a
// list whose rows are pools.
func (b *blockChecker) declaredPool(n *model.Node) {
	if n == nil || n.Kind != model.String || b.pools[n.Str()] != nil {
		return
	}
	if l := b.lists[n.Str()]; l != nil && l.Pools != nil {
		b.err(n, CodeUnknownPool, "%q is a list whose rows are pools, not a live pool", n.Str())
		return
	}
	b.err(n, CodeUnknownPool, "the live pool %q is not declared", n.Str())
}

// rowSource checks a list whose catalog-marked rows a fight reads
// (battle.skills, combat.abilities) and the columns that filter them.
func (b *blockChecker) rowSource(src *model.Node) {
	ln := at(src, "list")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil {
		b.err(ln, CodeUnknownList, "the list %q is not declared in sheet.lists", ln.Str())
		return
	}
	if ow := at(src, "onlyWhen"); ow != nil && ow.Kind == model.String {
		if col := l.Column(ow.Str()); col == nil || col.Type != model.TypeBoolean {
			b.err(ow, CodeColumnType, "onlyWhen names %q, which is not a boolean column of the list %q", ow.Str(), l.ID)
		}
	}
	aw := at(src, "alwaysWhen")
	if aw == nil || aw.Kind != model.Object {
		return
	}
	if at(src, "onlyWhen") == nil {
		b.err(aw, CodeAlwaysWhen, "alwaysWhen lets rows through that onlyWhen holds back, so it needs onlyWhen beside it")
	}
	cn := at(aw, "column")
	if cn == nil || cn.Kind != model.String {
		return
	}
	col := l.Column(cn.Str())
	if col == nil {
		b.err(cn, CodeUnknownColumn, "the list %q has no column %q", l.ID, cn.Str())
		return
	}
	if eq := at(aw, "equals"); eq != nil && !holdable(col, eq) {
		b.err(eq, CodeColumnValue, "the column %q can never hold %s, so alwaysWhen would match no row", col.ID, fmtScalar(eq.Scalar()))
	}
}

// holdable tells whether a column or field of this type can hold the value
// (an enum one of its values, a number a number, a boolean a boolean, text
// otherwise).
func holdable(col *model.Field, v *model.Node) bool {
	switch col.Type {
	case model.TypeEnum:
		for _, x := range col.Values {
			if v.Kind == model.String && v.Str() == x {
				return true
			}
		}
		return false
	case model.TypeNumber:
		return v.Kind == model.Number
	case model.TypeBoolean:
		return v.Kind == model.Bool
	}
	return v.Kind == model.String
}
