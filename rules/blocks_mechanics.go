package rules

import "rulebench/model"

// mechanicsRefs checks what a catalog entry's mechanics name.
func (b *blockChecker) mechanicsRefs(e *model.Entry, m *model.Node) {
	if r := m.Get("reaction"); r != nil && r.Kind == model.Object {
		b.againstCatalogs(at(r, "against", "catalogs"))
	}
	b.save(at(m, "save", "save"))
	b.damageType(m.Get("damageType"))
	for _, cl := range kids(m.Get("plus")) {
		b.damageType(cl.Get("type"))
		b.save(at(cl, "save", "save"))
	}
	if textAt(m, "kind") != "heal" {
		b.poolDie(at(m, "amount", "dice"))
		b.poolDie(at(m, "perCostStep", "dice"))
		for _, cl := range kids(m.Get("plus")) {
			b.poolDie(cl.Get("dice"))
		}
		b.poolDie(at(m, "rider", "amount", "dice"))
	}
	for _, cost := range kids(m.Get("cost")) {
		if p := cost.Get("pool"); p != nil && p.Kind == model.String && b.pools[p.Str()] == nil && !b.poolGroups.has(p.Str()) {
			b.err(p, CodeUnknownPool, "the cost is paid from %q, which is neither a live pool nor a pool group", p.Str())
		}
	}
	b.applies(m.Get("applies"))
	b.entrySaveDifficulty(e, m)
	b.checkEffect(m.Get("check"))
	if t := m.Get("temporary"); t != nil && b.healthTrack != nil {
		b.err(t, CodeTemporary, "health is the wound track %q, which has no buffer for temporary points", b.healthTrack.ID)
	}
	b.budget(m.Get("budget"))
	for _, g := range kids(m.Get("gives")) {
		b.budget(g.Get("budget"))
	}
	if rd := m.Get("rider"); rd != nil && rd.Kind == model.Object && b.fight != nil {
		for _, src := range kids(rd.Get("sources")) {
			if src.Kind == model.String && !b.attackLists.has(src.Str()) {
				b.err(src, CodeUnknownList, "%q is not one of combat.attacks' lists", src.Str())
			}
		}
		if col := at(rd, "requires", "column"); col != nil && col.Kind == model.String {
			lists := kids(rd.Get("sources"))
			found := false
			if lists == nil {
				for _, a := range kids(b.fight.Get("attacks")) {
					found = found || b.listHas(textAt(a, "list"), col.Str())
				}
			}
			for _, src := range lists {
				found = found || src.Kind == model.String && b.listHas(src.Str(), col.Str())
			}
			if !found {
				b.err(col, CodeUnknownColumn, "no attack list this rider reads has a column %q", col.Str())
			}
		}
		b.damageType(rd.Get("type"))
	}
	if st := m.Get("standard"); st != nil && st.Kind == model.Object && b.fight != nil {
		if bg := st.Get("budget"); bg != nil && bg.Kind == model.String {
			if !b.budgets.has(bg.Str()) {
				b.budget(bg)
			} else if bg.Str() == b.firstBudget {
				b.err(bg, CodeStandardBudget, "every standard action is taken for %q already, so this grants nothing", bg.Str())
			}
		}
		for _, a := range kids(st.Get("actions")) {
			if a.Kind == model.String && !b.standard.has(a.Str()) {
				b.err(a, CodeUnknownStandard, "this ruleset's combat.standard does not have the action %q", a.Str())
			}
		}
	}
	b.valueRef(at(m, "scales", "from"), refNonLive)
}

// listHas tells whether a declared list has the column.
func (b *blockChecker) listHas(list, column string) bool {
	l := b.lists[list]
	return l != nil && l.Column(column) != nil
}

// entrySaveDifficulty reports an entry that asks for a save in a list whose
// combat.abilities source gives no saveDifficulty to roll it against.
func (b *blockChecker) entrySaveDifficulty(e *model.Entry, m *model.Node) {
	if b.fight == nil {
		return
	}
	key := ""
	switch {
	case m.Get("save") != nil:
		key = "save"
	case anyChild(m.Get("applies"), func(a *model.Node) bool { return a.Get("saveEnds") != nil }):
		key = "applies"
	case anyChild(m.Get("plus"), func(p *model.Node) bool { return p.Get("save") != nil && at(p, "save", "difficulty") == nil }):
		key = "plus"
	default:
		return
	}
	for _, src := range kids(b.fight.Get("abilities")) {
		list := textAt(src, "list")
		if src.Get("saveDifficulty") != nil || list == "" {
			continue
		}
		for _, r := range e.Rows {
			if r.List == list {
				b.err(m.Get(key), model.CodeSaveDifficulty, "the combat abilities of the list %q give no saveDifficulty for this entry's save to be rolled against", list)
				break
			}
		}
	}
}

// checkEffect checks what an entry does to a check against the ruleset's
// pool.
func (b *blockChecker) checkEffect(ch *model.Node) {
	if ch == nil || ch.Kind != model.Object {
		return
	}
	r := &b.rs.Resolution
	if r.Kind != model.DicePool {
		b.err(ch, CodeCheckEffect, "a %s ruleset has no pool for a check effect to change", r.Kind)
		return
	}
	if up := at(ch, "reroll", "upTo"); up != nil && up.Kind == model.Number && (up.Num() < 1 || up.Num() >= float64(r.DieSides)) {
		b.err(up, model.CodeRange, "this ruleset throws d%d, so a reroll is on a face from 1 to %d", r.DieSides, r.DieSides-1)
	}
	if th := ch.Get("threshold"); th != nil && th.Kind == model.Number && r.HasTarget && (th.Num() < float64(r.TargetMin) || th.Num() > float64(r.TargetMax)) {
		b.err(th, model.CodeRange, "this ruleset counts successes on %d to %d", r.TargetMin, r.TargetMax)
	}
	for _, key := range []string{"explode", "double"} {
		face := ch.Get(key)
		if face == nil || face.Kind != model.Number {
			continue
		}
		least := at(r.Node, key, "min")
		switch {
		case least == nil || least.Kind != model.Number:
			b.err(face, CodeCheckEffect, "resolution.%s gives no min, so no check may move it", key)
		case face.Num() < least.Num() || face.Num() > float64(r.DieSides):
			b.err(face, model.CodeRange, "a check may move %s from %s to %d", key, least.Raw(), r.DieSides)
		}
	}
}

// scaledRows checks the scaled columns of an entry's rows: number columns of
// the row's list with a starting value, the entry's only row for that list,
// read without live state and without adding up a list.
func (b *blockChecker) scaledRows(e *model.Entry) {
	for _, r := range e.Rows {
		sc := at(r.Node, "scaled")
		if sc == nil || sc.Kind != model.Object {
			continue
		}
		l := b.lists[r.List]
		if l == nil {
			continue
		}
		if rowsFor(e.Rows, r.List) > 1 {
			b.err(sc, CodeScaledRow, "a scaled row is its entry's only row for the list %q", r.List)
		}
		for _, col := range sc.Children() {
			switch c := l.Column(col.Key()); {
			case c == nil:
				b.err(col, CodeUnknownColumn, "the list %q has no column %q", l.ID, col.Key())
			case c.Type != model.TypeNumber:
				b.err(col, CodeColumnType, "the column %q is %s; only a number column is scaled", c.ID, c.Type)
			case at(r.Node, "values", col.Key()) == nil:
				b.err(at(r.Node, "values"), CodeScaledRow, "the scaled column %q needs a starting value in values", col.Key())
			}
			from := col.Get("from")
			if rf, ok := refAt(from); ok && b.readsListSum(rf, 0) {
				b.err(from, CodeScaledRow, "a scaled column cannot read a list sum: the lists it adds up hold scaled cells the same recompute rewrites")
			}
			b.valueRef(from, refNonLive)
		}
	}
}

// rowsFor counts the rows writing to a list.
func rowsFor(rows []model.Row, list string) int {
	n := 0
	for _, r := range rows {
		if r.List == list {
			n++
		}
	}
	return n
}

// readsListSum tells whether a ref adds up a list, directly or through a
// derived value, a skill or save cap, or the proficiency bonus a skill adds.
func (b *blockChecker) readsListSum(r model.ValueRef, depth int) bool {
	if depth > 64 {
		return false
	}
	next := func(x model.ValueRef) bool { return b.readsListSum(x, depth+1) }
	switch r.Kind {
	case model.RefListSum:
		return true
	case model.RefDerived:
		i, ok := b.derivedAt[r.Name]
		if !ok {
			return false
		}
		d := b.rs.Sheet.Derived[i]
		if d.From != nil && next(*d.From) {
			return true
		}
		for _, x := range d.Of {
			if next(x) {
				return true
			}
		}
		return false
	case model.RefSkillMod, model.RefSaveMod:
		list := b.rs.Sheet.Skills
		if r.Kind == model.RefSaveMod {
			list = b.rs.Sheet.Saves
		}
		for _, k := range list {
			if k.ID != r.Name {
				continue
			}
			if k.Cap != nil && next(*k.Cap) {
				return true
			}
			p := b.rs.Resolution.Proficiency
			return p != nil && next(*p)
		}
	}
	return false
}
