package rules

import "rulebench/model"

// The cross-references of an item's worn, carried, requires, attack, use
// and charges (ruleset-format.md §5.8): what they name is the sheet's, the
// items block's or the combat block's, a stat they read off the item is of
// the kind they need, and some keys need others beside them.

// valueKind is what an item value written down or read off a stat is.
type valueKind int

const (
	numberValue valueKind = iota
	diceValue
	abilitiesValue
	skillValue
	typeValue
)

// statTypeFor is the type of item stat a value of each kind reads.
var statTypeFor = [...]string{numberValue: model.TypeNumber, diceValue: model.TypeDice, abilitiesValue: model.TypeEnum, skillValue: model.TypeEnum, typeValue: ""}

// itemKeyRefs checks the keys of the item at it.
func (b *blockChecker) itemKeyRefs(it *model.Node) {
	if it == nil || it.Kind != model.Object || b.rs.Items == nil {
		return // a catalog of items needs an items block, which is reported at its holds
	}
	for _, key := range []string{"worn", "carried"} {
		e := it.Get(key)
		if e == nil || e.Kind != model.Object {
			continue
		}
		b.effectNames(e)
		b.itemHide(e)
		for _, a := range kids(e.Get("abilities")) {
			i := abilityIndex(&b.rs.Sheet, a.Key())
			if i < 0 {
				b.err(a, CodeUnknownAbility, "the item changes the ability %q, which the sheet does not declare", a.Key())
				continue
			}
			ab := b.rs.Sheet.Abilities[i]
			if set := a.Get("set"); set != nil && set.Kind == model.Number && (set.Num() < ab.Min || set.Num() > ab.Max) {
				b.err(set, model.CodeRange, "the ability %q runs from %v to %v, so it cannot be set to %s", a.Key(), ab.Min, ab.Max, set.Raw())
			}
		}
	}
	for _, rq := range kids(it.Get("requires")) {
		b.valueRef(rq.Get("value"), refLiveAllowed)
		if o := rq.Get("otherwise"); o != nil && o.Kind == model.Object {
			b.effectNames(o)
			b.itemHide(o)
		}
	}
	if a := it.Get("attack"); a != nil && a.Kind == model.Object {
		b.itemAttack(it, a)
	}
	if u := it.Get("use"); u != nil && u.Kind == model.Object {
		b.itemUse(it, u)
	}
	if ch := it.Get("charges"); ch != nil && ch.Kind == model.Object {
		b.itemCharges(it, ch)
	}
}

// itemHide checks the harm and conditions an item's effect keeps off, and the
// dice its modifiers roll in a dice-pool fight.
func (b *blockChecker) itemHide(e *model.Node) {
	if b.combatKind == model.DicePool {
		for _, m := range kids(e.Get("modifiers")) {
			if d := m.Get("dice"); d != nil && textAt(m, "to") == "attacks" {
				b.err(d, CodePoolDie, "a dice-pool fight adds dice to a pool, so a modifier to attacks gives a flat number of dice, not dice to roll")
			}
		}
	}
	for _, key := range []string{"resist", "vulnerable", "immune"} {
		for _, t := range kids(e.Get(key)) {
			b.damageType(t)
		}
	}
	for _, id := range kids(e.Get("conditionImmunities")) {
		b.condition(id)
	}
}

// itemValue checks one value an item's attack, use or charges writes down,
// or reads off one of the item's stats ({ "stat": id }).
func (b *blockChecker) itemValue(v *model.Node, kind valueKind) {
	if v == nil {
		return
	}
	if v.Kind == model.Object {
		sn := v.Get("stat")
		if sn == nil || sn.Kind != model.String {
			return
		}
		st := b.stat(sn.Str())
		if st == nil {
			b.err(sn, CodeUnknownStat, "the item stat %q is not declared in items.stats", sn.Str())
			return
		}
		want := statTypeFor[kind]
		fits := st.Type == want
		if kind == typeValue {
			fits = st.Type == model.TypeText || st.Type == model.TypeEnum
			want = "text or enum"
		}
		if !fits {
			b.err(sn, CodeStatType, "the item stat %q is %s; this reads a %s stat", st.ID, st.Type, want)
			return
		}
		if st.Type != model.TypeEnum {
			return
		}
		for _, word := range st.Values {
			known, what := true, ""
			switch kind {
			case abilitiesValue:
				known, what = b.abilities[word], "an ability"
			case skillValue:
				known, what = b.skills[word], "a skill"
			case typeValue:
				known, what = b.damageTypes == nil || b.damageTypes.has(damageKey(word)), "a damage type"
			}
			if !known {
				b.err(sn, CodeStatType, "the item stat %q may hold %q, which is not %s", st.ID, word, what)
				return
			}
		}
		return
	}
	switch kind {
	case abilitiesValue:
		for _, id := range kids(v) {
			b.ability(id)
		}
	case skillValue:
		b.skill(v)
	case typeValue:
		b.damageType(v)
	}
}

// toHit checks what an item adds to hit.
func (b *blockChecker) toHit(th *model.Node, whose string) {
	if th == nil || th.Kind != model.Object {
		return
	}
	b.itemValue(th.Get("abilities"), abilitiesValue)
	b.itemValue(th.Get("skill"), skillValue)
	b.itemValue(th.Get("bonus"), numberValue)
	b.itemValue(th.Get("target"), numberValue)
	b.valueRef(th.Get("proficiency"), refLiveAllowed)
	if t := th.Get("target"); t != nil {
		r := &b.rs.Resolution
		switch {
		case r.Kind != model.DicePool:
			b.err(t, CodeItemTarget, "%s own target is a pool fight's; in a %s ruleset its bonus says the same", whose, r.Kind)
		case !r.TargetAdjustable():
			b.err(t, CodeItemTarget, "%s own target moves the pool's, and this ruleset's target cannot move (target.min is not below target.max)", whose)
		}
	}
}

// takesSlots tells whether an item takes a slot while worn.
func takesSlots(it *model.Node) bool {
	for _, s := range kids(it.Get("slots")) {
		if s.Kind == model.Number && s.Num() > 0 {
			return true
		}
	}
	return false
}

func (b *blockChecker) itemAttack(it, a *model.Node) {
	if b.fight == nil {
		return
	}
	slots := takesSlots(it)
	if !slots && it.Get("binds") == nil {
		b.err(a, CodeAttackWorn, "a weapon is used while it is worn, so the item takes a slot or binds")
	}
	b.budget(a.Get("budget"))
	b.toHit(a.Get("toHit"), "a weapon's")
	dmg := a.Get("damage")
	b.itemValue(at(dmg, "dice"), diceValue)
	b.itemValue(at(dmg, "abilities"), abilitiesValue)
	b.itemValue(at(dmg, "bonus"), numberValue)
	b.itemValue(at(dmg, "type"), typeValue)
	b.itemValue(a.Get("reach"), numberValue)
	b.itemValue(at(a, "range", "normal"), numberValue)
	b.itemValue(at(a, "range", "long"), numberValue)
	b.itemValue(at(a, "versatile", "dice"), diceValue)
	if s := a.Get("strikes"); s != nil {
		b.valueRef(s, refLiveAllowed)
		if k := at(s, "const"); k != nil && k.Kind == model.Number && k.Num() < 1 {
			b.err(k, model.CodeRange, "one spend buys at least one strike, not %s", k.Raw())
		}
	}
	if dmg != nil && dmg.Kind == model.Object && dmg.Get("dice") == nil && b.rs.Resolution.Kind != model.DicePool {
		b.errMissing(dmg, "dice", CodeAttackDice, "a weapon in a summed fight deals dice")
	}
	b.noDistance(a, "reach")
	b.noDistance(a, "range")
	if v := a.Get("versatile"); v != nil && !slots {
		b.err(v, CodeAttackWorn, "versatile dice are for a hand free beside the weapon, so the item takes a slot")
	}
	if tag := at(a, "ammo", "tag"); tag != nil && tag.Kind == model.String && !b.itemTags.has(tag.Str()) {
		b.err(tag, CodeUnknownWord, "the item tag %q is not declared in items.tags", tag.Str())
	}
	clipMax := -1.0
	if cl := a.Get("clip"); cl != nil && cl.Kind == model.Object {
		b.itemValue(cl.Get("max"), numberValue)
		b.budget(cl.Get("reload"))
		if rc := at(a, "ammo", "recover"); rc != nil {
			b.err(rc, CodeClip, "what a clip fires is not picked up after a fight, so recover is for a weapon without a clip")
		}
		if mx := cl.Get("max"); mx != nil && mx.Kind == model.Number {
			clipMax = mx.Num()
			per := 1.0
			pa := at(a, "ammo", "perAttack")
			if pa != nil && pa.Kind == model.Number {
				per = pa.Num()
			}
			if per > clipMax && pa != nil {
				b.err(pa, CodeClip, "one attack would shoot %v, more than the clip's %v", per, clipMax)
			}
		}
	}
	var seen seenSet
	for _, m := range kids(a.Get("modes")) {
		if id := m.Get("id"); id != nil && id.Kind == model.String {
			if seen.has(id.Str()) {
				b.err(id, CodeDuplicateMode, "the mode id %q is used twice", id.Str())
			}
			seen.add(id.Str())
		}
		if am := m.Get("ammo"); am != nil {
			switch {
			case a.Get("ammo") == nil && a.Get("clip") == nil:
				b.err(am, CodeClip, "a mode's ammo is what one attack in it shoots, and the weapon shoots nothing")
			case am.Kind == model.Number && clipMax >= 0 && am.Num() > clipMax:
				b.err(am, CodeClip, "one attack in this mode would shoot %s, more than the clip's %v", am.Raw(), clipMax)
			}
		}
		if t := m.Get("target"); t != nil && !(b.rs.Resolution.Kind == model.DicePool && b.rs.Resolution.TargetAdjustable()) {
			b.err(t, CodeItemTarget, "a mode's target moves a pool fight's own, and this ruleset's target cannot move")
		}
	}
	if oh := a.Get("offHand"); oh != nil && b.fight.Get("offHand") == nil {
		b.err(oh, CodeOffHand, "an off-hand attack spends combat.offHand's budget, and the combat block declares none")
	}
	b.itemValue(a.Get("floor"), numberValue)
	for _, h := range kids(a.Get("onHit")) {
		b.condition(h.Get("condition"))
	}
}

// fightHealth is the health block the fights read: combat's, else battle's.
func (b *blockChecker) fightHealth() *model.Node {
	if h := at(b.fight, "health"); h != nil {
		return h
	}
	return at(b.battle, "health")
}

func (b *blockChecker) itemUse(it, u *model.Node) {
	b.save(at(u, "save", "save"))
	b.damageType(u.Get("damageType"))
	for _, cl := range kids(u.Get("plus")) {
		b.damageType(cl.Get("type"))
		b.save(at(cl, "save", "save"))
	}
	b.applies(u.Get("applies"))
	asks := u.Get("save") != nil ||
		anyChild(u.Get("applies"), func(a *model.Node) bool { return a.Get("saveEnds") != nil }) ||
		anyChild(u.Get("plus"), func(p *model.Node) bool { return p.Get("save") != nil && at(p, "save", "difficulty") == nil })
	if asks && u.Get("saveDifficulty") == nil {
		b.errMissing(u, "saveDifficulty", model.CodeSaveDifficulty, "a use that asks for a save says the number it is saved against")
	}
	b.itemValue(u.Get("saveDifficulty"), numberValue)
	if ch := u.Get("charges"); ch != nil && it.Get("charges") == nil {
		b.err(ch, CodeCharges, "a use that spends charges is on an item that holds some")
	}
	if p := at(u, "restore", "pool"); p != nil && p.Kind == model.String {
		if b.pools[p.Str()] == nil {
			b.err(p, CodeUnknownPool, "the use restores the pool %q, which the sheet does not declare", p.Str())
		} else if textAt(b.fightHealth(), "pool") == p.Str() {
			b.err(p, CodeRestoreHealth, "%q is the health pool, which comes back with a heal, not a restore", p.Str())
		}
	}
	if th := u.Get("toHit"); th != nil {
		if ar := u.Get("attackRoll"); ar == nil || ar.Kind != model.Bool || !ar.Truth() {
			b.err(th, CodeUseToHit, "a to-hit is for a use that rolls to hit (attackRoll)")
		}
	}
	if g := u.Get("gate"); g != nil && g.Kind == model.Object {
		b.skill(at(g, "check", "skill"))
		b.ability(at(g, "check", "ability"))
		b.valueRef(at(g, "check", "value"), refLiveAllowed)
		b.valueRef(at(g, "unless", "value"), refLiveAllowed)
		b.itemValue(g.Get("difficulty"), numberValue)
	}
	if t := u.Get("temporary"); t != nil {
		if tr := b.tracks[textAt(b.fightHealth(), "track")]; tr != nil && tr.Wound() {
			b.err(t, CodeTemporary, "health is the wound track %q, which has no buffer for temporary points", tr.ID)
		}
	}
	if b.fight == nil {
		return
	}
	if u.Get("free") == nil && u.Get("budget") == nil {
		b.errMissing(u, "budget", CodeUseBudget, "a use spends a budget, or is free")
	}
	b.budget(u.Get("budget"))
	b.toHit(u.Get("toHit"), "an item's")
	if textAt(u, "kind") != "heal" {
		b.poolDie(at(u, "amount", "dice"))
		for _, cl := range kids(u.Get("plus")) {
			b.poolDie(cl.Get("dice"))
		}
	}
}

func (b *blockChecker) itemCharges(it, ch *model.Node) {
	b.itemValue(ch.Get("max"), numberValue)
	if at(it, "use", "charges") == nil {
		b.err(ch, CodeCharges, "an item's charges are spent by its use, so its use spends some")
	}
	if st := it.Get("stack"); st == nil {
		b.errMissing(it, "stack", CodeCharges, "an item that holds charges is one to a stack, so it gives stack 1")
	} else if st.Kind == model.Number && st.Num() != 1 {
		b.err(st, CodeCharges, "an item that holds charges is one to a stack, so its stack is 1, not %s", st.Raw())
	}
	if id := textAt(ch, "max", "stat"); id != "" {
		if v := at(it, "stats", id); v != nil && v.Kind == model.Number && v.Num() < 1 {
			b.err(v, CodeCharges, "the item holds its charges in the stat %q, so it holds at least one, not %s", id, v.Raw())
		}
	}
	for _, r := range kids(at(ch, "recharge", "rests")) {
		if r.Kind == model.String && !b.rests.has(r.Str()) {
			b.err(r, CodeUnknownRest, "the charges come back on the rest %q, which this ruleset does not declare", r.Str())
		}
	}
	if am := at(ch, "recharge", "amount"); am != nil && am.Kind == model.Object && am.Get("dice") == nil && am.Get("flat") == nil {
		b.err(am, CodeCharges, "a recharge says how many charges come back: dice, flat, both, or \"max\"")
	}
}
