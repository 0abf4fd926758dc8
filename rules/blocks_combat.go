package rules

import (
	"strconv"
	"strings"

	"rulebench/model"
)

func (b *blockChecker) combatRefs() {
	cb := b.fight
	if cb == nil {
		return
	}
	health := b.health(cb.Get("health"))
	b.valueRef(cb.Get("defense"), refLiveAllowed)
	b.initiative(cb.Get("initiative"))
	pooled := b.combatKind == model.DicePool
	if pooled {
		if b.rs.Resolution.Kind != model.DicePool && b.rs.Resolution.Kind != "" {
			b.err(cb.Get("kind"), CodeCombatKind, "a dice-pool fight throws the ruleset's own pools, so resolution.kind must be dice-pool too")
		}
		if ar := cb.Get("attackRoll"); ar != nil {
			b.err(ar, CodeCombatKind, "a dice-pool fight throws pools, so it rolls no attack dice")
		}
		if cb.Get("pool") == nil {
			b.errMissing(cb, "pool", CodeCombatKind, "a dice-pool fight says in pool how it rolls damage")
		}
	} else if b.combatKind != "" {
		if cb.Get("attackRoll") == nil {
			b.errMissing(cb, "attackRoll", CodeCombatKind, "an attack-vs-defense fight says in attackRoll what an attack rolls")
		}
		if p := cb.Get("pool"); p != nil {
			b.err(p, CodeCombatKind, "pool is for a dice-pool fight, and this one is attack-vs-defense")
		}
	}
	if ar := cb.Get("attackRoll"); ar != nil {
		b.naturals(ar.Get("naturals"), at(ar, "dice", "count"))
	}
	b.combatPool(cb.Get("pool"), health)
	var limited seenSet
	for _, l := range kids(cb.Get("spendLimits")) {
		p := l.Get("pool")
		if p != nil && p.Kind == model.String {
			b.declaredPool(p)
			if limited.has(p.Str()) {
				b.err(p, CodePoolTwice, "the pool %q has two spend limits", p.Str())
			}
			limited.add(p.Str())
		}
		b.valueRef(l.Get("max"), refLiveAllowed)
	}
	if pooled {
		for _, key := range []string{"conditions", "levels"} {
			for _, e := range kids(cb.Get(key)) {
				for _, m := range kids(e.Get("modifiers")) {
					if d := m.Get("dice"); d != nil {
						b.err(d, CodePoolDie, "a dice-pool fight adds dice to a pool, so a modifier gives a flat number of dice, not dice to roll")
					}
				}
			}
		}
	}
	b.valueRef(at(cb, "economy", "movement"), refLiveAllowed)
	if at(cb, "distance") == nil {
		for _, key := range []string{"ranged", "cover", "opportunity"} {
			if at(cb, key) != nil {
				b.noDistance(cb, key)
				break
			}
		}
		for _, a := range kids(cb.Get("attacks")) {
			b.noDistance(a, "reach")
			b.noDistance(a, "range")
		}
	}
	b.budget(at(cb, "opportunity", "budget"))
	b.budget(at(cb, "offHand", "budget"))
	for _, ch := range kids(cb.Get("checks")) {
		b.valueRef(ch.Get("value"), refLiveAllowed)
	}
	for _, ct := range kids(cb.Get("contests")) {
		b.contest(ct)
	}
	for _, a := range kids(cb.Get("attacks")) {
		b.attackSource(a)
	}
	for _, a := range kids(cb.Get("abilities")) {
		b.budget(a.Get("budget"))
		b.rowSource(a)
		b.valueRef(a.Get("toHit"), refLiveAllowed)
		b.valueRef(a.Get("saveDifficulty"), refLiveAllowed)
	}
	var seen seenSet
	for _, s := range kids(cb.Get("standard")) {
		if s.Kind == model.String {
			if seen.has(s.Str()) {
				b.err(s, model.CodeDuplicateValue, "the standard action %q is listed twice", s.Str())
			}
			seen.add(s.Str())
		}
	}
	if dodge := at(cb, "standardEffects", "dodge"); dodge != nil {
		if !seen.has("dodge") {
			b.err(dodge, CodeNoDodge, "combat.standard has no dodge for these saves to belong to")
		}
		for _, s := range kids(dodge.Get("saves")) {
			b.save(s)
		}
	}
	for _, e := range kids(cb.Get("conditions")) {
		b.condition(e.Get("condition"))
		b.effectNames(e)
		if ws := e.Get("whileSourceInSight"); ws != nil && ws.Kind == model.Array {
			for _, eff := range ws.Children() {
				if eff.Kind == model.String && !containsNode(e.Get("effects"), eff.Str()) {
					b.err(eff, CodeSightEffect, "the condition %q does not have the effect %q for sight to gate", textAt(e, "condition"), eff.Str())
				}
			}
		}
	}
	b.levels(cb.Get("levels"))
	if cc := cb.Get("concentration"); cc != nil {
		if t := cc.Get("text"); t != nil && t.Kind == model.String && !b.liveText.has(t.Str()) {
			b.err(t, CodeUnknownLiveText, "concentration writes to the live text %q, which the sheet does not declare", t.Str())
		}
		b.save(cc.Get("save"))
	}
	b.dying(cb.Get("dying"))
	var types seenSet
	for _, t := range kids(cb.Get("damageTypes")) {
		if t.Kind == model.String {
			if types.has(damageKey(t.Str())) {
				b.err(t, model.CodeDuplicateValue, "the damage type %q is listed twice (types are matched without case)", t.Str())
			}
			types.add(damageKey(t.Str()))
		}
	}
	b.damageKinds(cb, health)
}

// containsNode tells whether a list node holds the text s.
func containsNode(list *model.Node, s string) bool {
	for _, c := range kids(list) {
		if c.Kind == model.String && c.Str() == s {
			return true
		}
	}
	return false
}

// naturals reports natural results on more than one die.
func (b *blockChecker) naturals(nat, count *model.Node) {
	if nat == nil || count == nil || count.Kind != model.Number || count.Num() == 1 {
		return
	}
	for _, k := range []string{"max", "min"} {
		if v := at(nat, k); v != nil && v.Kind == model.String && v.Str() != "none" {
			b.err(nat, model.CodeNaturalsCount, "natural results need a single die, and %s dice are thrown; use none", count.Raw())
			return
		}
	}
}

func (b *blockChecker) initiative(in *model.Node) {
	if in == nil || in.Kind != model.Object {
		return
	}
	dice, pool := in.Get("dice"), in.Get("pool")
	if (dice == nil) == (pool == nil) {
		b.err(in, CodeInitiative, "initiative is thrown as dice or as a pool: exactly one of the two")
	}
	if m := in.Get("modifier"); m != nil {
		b.valueRef(m, refLiveAllowed)
		if dice == nil {
			b.err(m, CodeInitiative, "a modifier is added to initiative dice, and there are none")
		}
	}
	b.valueRef(pool, refLiveAllowed)
	if p := in.Get("plus"); p != nil && pool == nil {
		b.err(p, CodeInitiative, "plus is added to a pool's successes, and initiative is not a pool")
	}
	res := in.Get("resource")
	if b.combatKind != model.DicePool {
		if pool != nil {
			b.err(pool, CodeCombatKind, "initiative thrown as a pool is for a dice-pool fight")
		}
		if res != nil {
			b.err(res, CodeCombatKind, "initiative that attacks move is for a dice-pool fight")
		}
	}
	if res == nil || res.Kind != model.Object {
		return
	}
	if pool == nil {
		b.err(res, CodeInitiative, "a number attacks move opens as a thrown pool, so initiative needs pool")
	}
	if e := in.Get("each"); e != nil {
		b.err(e, CodeInitiative, "a number attacks move is kept for the fight, never thrown again, so it takes no each")
	}
	takes := false
	for _, s := range kids(res.Get("styles")) {
		takes = takes || s.Get("takes") != nil
		for _, step := range kids(at(s, "spends", "onMiss")) {
			if lose := step.At(1); lose != nil && lose.Kind == model.Number && lose.Num() < 0 {
				b.err(lose, model.CodeRange, "a miss costs nothing or more, not %s", lose.Raw())
			}
		}
	}
	if st := res.Get("styles"); st != nil && len(st.Children()) > 0 && !takes {
		b.err(st, CodeStyleTakes, "at least one style takes: a crashed combatant attacks in one")
	}
	crash := res.Get("crash")
	b.condition(at(crash, "condition"))
	if base := res.Get("base"); crash != nil && base != nil && base.Kind == model.Number {
		line := 0.0
		if a := crash.Get("at"); a != nil && a.Kind == model.Number {
			line = a.Num()
		}
		if base.Num() <= line {
			b.err(base, model.CodeRange, "the base %s is what the number goes back to, so it is above the crash line %v", base.Raw(), line)
		}
	}
}

func (b *blockChecker) combatPool(p *model.Node, health string) {
	if p == nil || p.Kind != model.Object {
		return
	}
	if dt := p.Get("damageTarget"); dt != nil && dt.Kind == model.Number && b.poolSides > 0 && dt.Num() > float64(b.poolSides) {
		b.err(dt, model.CodeRange, "a %d-sided die never reaches %s", b.poolSides, dt.Raw())
	}
	if soak := p.Get("soak"); soak != nil && soak.Kind == model.Object {
		b.valueRef(soak.Get("all"), refLiveAllowed)
		for _, k := range kids(soak.Get("byKind")) {
			b.valueRef(k, refLiveAllowed)
			b.soakKind(k)
		}
		if soak.Get("all") == nil && soak.Get("byKind") == nil {
			b.err(soak, CodeSoakEmpty, "soak takes something off: all, byKind or both")
		}
	}
	if h := p.Get("hardness"); h != nil {
		b.valueRef(h, refLiveAllowed)
		if !b.spendsInitiative() {
			b.err(h, CodeHardness, "hardness stops a spending blow, so initiative must be a number attacks move with a style that spends it")
		}
	}
}

// soakKind checks that a soak keyed by kind names a kind of the health track.
func (b *blockChecker) soakKind(k *model.Node) {
	t := b.combatHealthTrack()
	switch {
	case t == nil:
		b.err(k, CodeSoakKind, "soak by kind needs health to be a wound track with kinds; %q is no kind of it", k.Key())
	case !hasKind(t, k.Key()):
		b.err(k, CodeSoakKind, "%q is not a kind of the health track %q", k.Key(), t.ID)
	}
}

// combatHealthTrack is the declared track combat.health names, or nil.
func (b *blockChecker) combatHealthTrack() *model.Track {
	return b.tracks[textAt(b.fight, "health", "track")]
}

// spendsInitiative tells whether initiative is a number attacks move with a
// style that spends it.
func (b *blockChecker) spendsInitiative() bool {
	for _, s := range kids(at(b.fight, "initiative", "resource", "styles")) {
		if s.Get("spends") != nil {
			return true
		}
	}
	return false
}

func (b *blockChecker) contest(ct *model.Node) {
	b.budget(ct.Get("budget"))
	for _, side := range []string{"attacker", "defender"} {
		var seen seenSet
		for _, id := range kids(at(ct, side, "checks")) {
			if id.Kind != model.String {
				continue
			}
			if !b.contestChecks.has(id.Str()) {
				b.err(id, CodeUnknownCheck, "the contest check %q is not declared in combat.checks", id.Str())
			} else if seen.has(id.Str()) {
				b.err(id, model.CodeDuplicateValue, "the check %q is listed twice", id.Str())
			}
			seen.add(id.Str())
		}
	}
	holding := at(ct, "from", "holding")
	b.condition(holding)
	for _, a := range kids(at(ct, "onWin", "applies")) {
		cn := a.Get("condition")
		b.condition(cn)
		if holding != nil && cn != nil && cn.Kind == model.String && holding.Kind == model.String && cn.Str() == holding.Str() {
			b.err(cn, CodeContestLoop, "the contest breaks free of %q, so it cannot also put it on", cn.Str())
		}
	}
	for _, e := range kids(at(ct, "onWin", "ends")) {
		b.condition(e.Get("condition"))
	}
	if at(b.fight, "distance") == nil {
		b.noDistance(ct, "reach")
		b.noDistance(ct.Get("onWin"), "push")
	}
}

// noDistance reports a key measured in cells where the combat block declares
// no distance.
func (b *blockChecker) noDistance(n *model.Node, key string) {
	if c := at(n, key); c != nil && at(b.fight, "distance") == nil {
		b.err(c, CodeNeedsDistance, "%s is measured in cells, so the combat block needs a distance", key)
	}
}

// column checks that a column of an attack list is of the type a fight reads
// from it; types lists the allowed types.
func (b *blockChecker) column(l *model.List, n *model.Node, types ...string) {
	if n == nil || n.Kind != model.String {
		return
	}
	col := l.Column(n.Str())
	if col == nil {
		b.err(n, CodeUnknownColumn, "the list %q has no column %q", l.ID, n.Str())
		return
	}
	if !contains(types, col.Type) {
		b.err(n, CodeColumnType, "the column %q is %s, and this needs a %s column", col.ID, col.Type, strings.Join(types, " or "))
	}
}

func (b *blockChecker) attackSource(a *model.Node) {
	b.budget(a.Get("budget"))
	if s := a.Get("strikes"); s != nil {
		b.valueRef(s, refLiveAllowed)
		if k := at(s, "const"); k != nil && k.Kind == model.Number && k.Num() < 1 {
			b.err(k, model.CodeRange, "one spend buys at least one strike, not %s", k.Raw())
		}
	} else if sc := a.Get("strikesCappedBy"); sc != nil {
		b.err(sc, CodeStrikesCap, "strikesCappedBy holds a row to one strike, and without strikes every spend buys one strike anyway")
	}
	ln := a.Get("list")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil {
		b.err(ln, CodeUnknownList, "the list %q is not declared in sheet.lists", ln.Str())
		return
	}
	b.column(l, a.Get("name"), model.TypeText)
	b.column(l, at(a, "toHit", "ability", "column"), model.TypeEnum)
	b.column(l, at(a, "toHit", "skill", "column"), model.TypeEnum)
	b.column(l, at(a, "strikesCappedBy", "column"), model.TypeBoolean)
	b.column(l, at(a, "toHit", "proficiency", "column"), model.TypeBoolean)
	b.column(l, at(a, "toHit", "bonus", "column"), model.TypeNumber)
	b.column(l, at(a, "damage", "dice", "column"), model.TypeDice)
	b.column(l, at(a, "damage", "ability", "column"), model.TypeEnum)
	b.column(l, at(a, "damage", "bonus", "column"), model.TypeNumber)
	b.column(l, at(a, "reach", "column"), model.TypeNumber)
	b.column(l, at(a, "range", "normal", "column"), model.TypeNumber)
	b.column(l, at(a, "range", "long", "column"), model.TypeNumber)
	b.column(l, at(a, "damage", "type", "column"), model.TypeText, model.TypeEnum)
	normal, long := at(a, "range", "normal", "const"), at(a, "range", "long", "const")
	if normal != nil && long != nil && normal.Kind == model.Number && long.Kind == model.Number && long.Num() < normal.Num() {
		b.err(long, model.CodeRange, "the long distance %s is shorter than the ordinary one %s", long.Raw(), normal.Raw())
	}
}

func (b *blockChecker) levels(list *model.Node) {
	var seen seenSet
	for _, e := range kids(list) {
		var key string
		if dn := e.Get("derived"); dn != nil && dn.Kind == model.String {
			key = "derived:" + dn.Str()
			if _, ok := b.derivedAt[dn.Str()]; !ok {
				b.err(dn, CodeUnknownRef, "the derived value %q is not declared", dn.Str())
			}
		} else if tn := e.Get("track"); tn != nil && tn.Kind == model.String {
			key = "track:" + tn.Str()
			switch t := b.tracks[tn.Str()]; {
			case t == nil:
				b.err(tn, CodeUnknownTrack, "the level reads the track %q, which the sheet does not declare", tn.Str())
			case t.Wound():
				b.err(tn, CodeWoundTrack, "%q is a wound track; a level reads a plain track's number", tn.Str())
			default:
				if a := e.Get("at"); a != nil && a.Kind == model.Number && t.Max.Kind == model.RefConst && a.Num() > t.Max.Const {
					b.err(a, model.CodeRange, "the track %q goes up to %v, so level %s is never reached", t.ID, t.Max.Const, a.Raw())
				}
			}
		}
		if a := e.Get("at"); a != nil && a.Kind == model.Number && key != "" {
			key += "@" + a.Raw()
			if seen.has(key) {
				b.err(a, CodeDuplicateLevel, "level %s of %q is given twice", a.Raw(), key[strings.IndexByte(key, ':')+1:strings.IndexByte(key, '@')])
			}
			seen.add(key)
		}
		b.effectNames(e)
	}
}

// effectNames checks the skills and saves a condition, a level or an item's
// effect names, its modifiers' included.
func (b *blockChecker) effectNames(e *model.Node) {
	for _, id := range kids(e.Get("skills")) {
		b.skill(id)
	}
	for _, key := range []string{"saves", "failsSaves"} {
		for _, id := range kids(e.Get(key)) {
			b.save(id)
		}
	}
	for _, m := range kids(e.Get("modifiers")) {
		for _, id := range kids(m.Get("skills")) {
			b.skill(id)
		}
		for _, id := range kids(m.Get("saves")) {
			b.save(id)
		}
	}
}

func (b *blockChecker) dying(dy *model.Node) {
	if dy == nil || dy.Kind != model.Object {
		return
	}
	for _, key := range []string{"successes", "failures"} {
		n := dy.Get(key)
		if n == nil || n.Kind != model.String {
			continue
		}
		t := b.tracks[n.Str()]
		switch {
		case t == nil:
			b.err(n, CodeUnknownTrack, "dying counts on the track %q, which the sheet does not declare", n.Str())
		case t.Wound():
			b.err(n, CodeWoundTrack, "%q is a wound track, not a counter of death saves", n.Str())
		default:
			if t.Max.Kind != model.RefConst {
				b.err(n, CodeDyingTrack, "%q counts death saves, so its max is a number, not one the sheet works out", n.Str())
			} else if t.Max.Const <= float64(t.Min) || t.Max.Const < 1 {
				b.err(n, CodeDyingTrack, "%q counts death saves, so its max is at least 1 and above its min", n.Str())
			}
			if t.HideWhen != nil {
				b.err(n, CodeDyingTrack, "%q counts death saves, so it cannot be hidden", n.Str())
			}
		}
	}
	if s, f := dy.Get("successes"), dy.Get("failures"); s != nil && f != nil && s.Kind == model.String && f.Kind == model.String && s.Str() == f.Str() {
		b.err(f, CodeDyingTrack, "successes and failures are counted on two different tracks, not both on %q", f.Str())
	}
	b.condition(dy.Get("condition"))
	b.naturals(dy.Get("naturals"), at(dy, "dice", "count"))
}

func (b *blockChecker) damageKinds(cb *model.Node, health string) {
	dk := cb.Get("damageKinds")
	t := b.tracks[health]
	if at(cb, "health", "track") != nil && t != nil && t.Wound() {
		if dk == nil {
			b.errMissing(cb, "damageKinds", CodeDamageKinds, "health is the wound track %q, so damageKinds says what kind of harm a blow is", t.ID)
			return
		}
		if d := dk.Get("default"); d != nil && d.Kind == model.String && !hasKind(t, d.Str()) {
			b.err(d, CodeUnknownKind, "%q is not a kind of the track %q", d.Str(), t.ID)
		}
		var mapped seenSet
		for _, m := range kids(dk.Get("byType")) {
			key := damageKey(m.Key())
			switch {
			case mapped.has(key):
				b.err(m, model.CodeDuplicateValue, "the damage type %q is mapped twice (types are matched without case)", m.Key())
			case b.damageTypes != nil && len(b.damageTypes) > 0 && !b.damageTypes.has(key):
				b.err(m, CodeUnknownDamageType, "the damage type %q is not one of combat.damageTypes", m.Key())
			}
			mapped.add(key)
			if m.Kind == model.String && !hasKind(t, m.Str()) {
				b.err(m, CodeUnknownKind, "%q is not a kind of the track %q", m.Str(), t.ID)
			}
		}
		return
	}
	if dk != nil && at(cb, "health", "pool") != nil {
		b.err(dk, CodeDamageKinds, "damageKinds maps damage onto a wound track's kinds, and health is a pool")
	}
}

// poolDie checks that damage dice in a dice-pool fight are the ruleset's own
// die.
func (b *blockChecker) poolDie(n *model.Node) {
	if n == nil || n.Kind != model.String || b.combatKind != model.DicePool || b.poolSides == 0 {
		return
	}
	_, after, ok := strings.Cut(n.Str(), "d")
	if !ok {
		return
	}
	digits := after
	if i := strings.IndexAny(after, "+-"); i >= 0 {
		digits = after[:i]
	}
	if sides, err := strconv.Atoi(digits); err == nil && sides != b.poolSides {
		b.err(n, CodePoolDie, "a dice-pool fight throws d%ds, so the damage dice %q are not its own", b.poolSides, n.Str())
	}
}
