package model

// Codes of the resolution block's shape rules.
const (
	// CodeKindKey: a resolution key that belongs to the other resolution kind.
	//
	// Why: each resolution kind is a strict object with its own keys: `dice`, `advantage` and
	// `naturals` belong to `dice-sum`, while `die`, `pool`, `target`, `double`, `explode`,
	// `cancel`, `botch`, `exceptional`, `situationalDice`, `reroll` and `spend` belong to
	// `dice-pool`; the Engine refuses a key of the other kind.
	//
	// Fix: remove the key, or change `kind` if the ruleset is meant to be of the other kind, for
	// example drop `"die": { "sides": 10 }` from a `"kind": "dice-sum"` resolution.
	CodeKindKey Code = "kind-key"
	// CodeLadderShape: a difficulty ladder step with both a dc and successes or a target.
	//
	// Why: a ladder step is either a sum step `{ label, dc }` or a pool step
	// `{ label, successes, target? }`, never a mix, so the Engine refuses a step that gives `dc`
	// beside `successes` or `target`.
	//
	// Fix: keep the keys of the ruleset's kind, for example `{ "label": "Tricky", "dc": 15 }` for
	// `dice-sum` or `{ "label": "Tricky", "successes": 2 }` for `dice-pool`.
	CodeLadderShape Code = "ladder-shape"
	// CodeNaturalsCount: natural results other than none with more than one check die.
	//
	// Why: natural results read the face of a single die, so the Engine refuses `naturals` other
	// than `none` on a `dice-sum` resolution whose `dice.count` is not 1 (ruleset-format.md §2.2).
	//
	// Fix: set `"naturals": { "check": "none", "save": "none" }`, or roll one die:
	// `"dice": { "count": 1, "sides": 20 }`.
	CodeNaturalsCount Code = "naturals-count"
	// CodeSpendNothing: a spend entry that buys no successes, dice or reroll.
	//
	// Why: a `spend` entry is something a check may buy by spending a pool, so the Engine refuses
	// one that buys none of `successes`, `dice` and `reroll`.
	//
	// Fix: say what it buys, for example
	// `{ "pool": "will_points", "amount": 1, "successes": 1, "perCheck": 1 }`.
	CodeSpendNothing Code = "spend-nothing"
)

// Resolution is how checks are rolled. Only what layers and the sheet maths
// need is modelled; the rest is checked for shape.
type Resolution struct {
	Kind string
	// dice-sum
	DiceCount, DiceSides int
	// dice-pool
	DieSides         int
	PoolMin, PoolMax int
	TargetDefault    int
	TargetMin        int
	TargetMax        int
	HasTarget        bool
	Explode, Double  bool

	AbilityModifier  string // floorHalfMinusTen, identity or stepTable
	ModifierTable    StepTable
	Proficiency      *ValueRef
	ProficiencyTiers []Tier
	PenaltyFrom      string
	Ladder           []LadderStep
	Node             *Node
}

// Tier is a proficiency tier.
type Tier struct {
	ID, Label  string
	Multiplier float64
	Round      string
	Flat       int
}

// LadderStep is one step of a difficulty ladder: {label, dc} in a dice-sum
// ruleset, {label, successes, target?} in a dice-pool one.
type LadderStep struct {
	Label        string
	DC           int
	Successes    int
	Target       int
	HasDC        bool
	HasSuccesses bool
	HasTarget    bool
	Node         *Node
}

// StepTable is a list of [threshold, value] pairs, thresholds ascending.
type StepTable [][2]float64

// Lookup takes the pair with the highest threshold at or below x; an input
// below the first threshold reads the first value.
func (t StepTable) Lookup(x float64) float64 {
	if len(t) == 0 {
		return 0
	}
	v := t[0][1]
	for _, p := range t {
		if p[0] <= x {
			v = p[1]
		}
	}
	return v
}

// TargetAdjustable tells whether a dice-pool target can move (min < max).
func (r Resolution) TargetAdjustable() bool { return r.HasTarget && r.TargetMin < r.TargetMax }

// MaxSuccesses is the largest number of successes a pool can reach.
func (r Resolution) MaxSuccesses() int {
	n := r.PoolMax
	if r.Explode {
		n += r.PoolMax
	}
	if r.Double {
		n *= 2
	}
	return n
}

func (d *decoder) resolution(n *Node) Resolution {
	r := Resolution{Node: n, DiceCount: 1, DiceSides: 20, DieSides: 10, PoolMin: 1, PoolMax: 40}
	common := []string{"kind", "abilityModifier", "proficiency", "proficiencyTiers", "penaltyFrom", "spend", "adjust", "difficultyLadder"}
	o := d.object(n, append(common, "dice", "advantage", "naturals", "die", "pool", "target", "double", "explode",
		"cancel", "botch", "exceptional", "situationalDice", "reroll")...)
	if !o.ok() {
		return r
	}
	r.Kind = o.oneOf("kind", true, "", DiceSum, DicePool)
	sumOnly := []string{"dice", "advantage", "naturals"}
	poolOnly := []string{"die", "pool", "target", "double", "explode", "cancel", "botch", "exceptional", "situationalDice", "reroll", "spend"}
	wrong := poolOnly
	if r.Kind == DicePool {
		wrong = sumOnly
	}
	if r.Kind == DiceSum || r.Kind == DicePool {
		for _, k := range wrong {
			if c := o.get(k); c != nil {
				d.errorf(c, CodeKindKey, "%q belongs to the other resolution kind, not %s", k, r.Kind)
			}
		}
	}
	if am := o.child("abilityModifier", true, "op", "table"); am.ok() {
		r.AbilityModifier = am.oneOf("op", true, "", "floorHalfMinusTen", "identity", "stepTable")
		if r.AbilityModifier == "stepTable" {
			r.ModifierTable = d.stepTable(am.need("table", true))
		} else if t := am.get("table"); t != nil && r.AbilityModifier != "" {
			d.misplaced(t, "the key \"table\" belongs only to the op stepTable, not to %s", r.AbilityModifier)
		}
	}
	if p := o.child("proficiency", false, "bonus"); p.ok() {
		if b := p.need("bonus", true); b != nil {
			ref := d.valueRef(b)
			r.Proficiency = &ref
		}
	}
	for _, t := range room(&r.ProficiencyTiers, o.array("proficiencyTiers", true, 1, 12)) {
		to := d.object(t, "id", "label", "multiplier", "round", "flat")
		tier := Tier{ID: to.id("id", true), Label: to.label("label", 80), Round: to.oneOf("round", false, "down", "down", "up", "nearest")}
		tier.Multiplier, _ = to.numberIn("multiplier", false, 0, 10)
		flat, _ := to.integer("flat", false, -50, 50)
		tier.Flat = int(flat)
		r.ProficiencyTiers = append(r.ProficiencyTiers, tier)
	}
	r.PenaltyFrom = o.id("penaltyFrom", false)
	switch r.Kind {
	case DiceSum:
		if dc := o.child("dice", false, "count", "sides"); dc.ok() {
			if v, ok := dc.integer("count", true, 1, 10); ok {
				r.DiceCount = int(v)
			}
			if v, ok := dc.integer("sides", true, 2, 1000); ok {
				r.DiceSides = int(v)
			}
		}
		o.boolean("advantage", false)
		if nat := o.child("naturals", false, "check", "save"); nat.ok() {
			check := nat.oneOf("check", false, "none", "none", "both", "max-only", "min-only")
			save := nat.oneOf("save", false, "none", "none", "both", "max-only", "min-only")
			if (check != "none" || save != "none") && r.DiceCount != 1 {
				d.errorf(nat.n, CodeNaturalsCount, "naturals other than none need a single die; dice.count is %d", r.DiceCount)
			}
		}
	case DicePool:
		d.poolResolution(o, &r)
	}
	d.spend(o.array("spend", false, 0, 4), r)
	for _, c := range o.array("adjust", false, 0, 8) {
		ao := d.object(c, "value", "abilities")
		if v := ao.need("value", true); v != nil {
			d.valueRef(v)
		}
		ao.ids("abilities", false, 1, 12)
	}
	for _, s := range room(&r.Ladder, o.array("difficultyLadder", true, 1, 12)) {
		r.Ladder = append(r.Ladder, d.ladderStep(s))
	}
	// The base ladder is of the ruleset's own kind, so a step lacks the
	// number that kind reads (a layer's ladder may be of either kind, which
	// the cross-checks hold to this one).
	need := map[string]string{DiceSum: "dc", DicePool: "successes"}[r.Kind]
	for _, s := range r.Ladder {
		if need != "" && s.Node.Kind == Object && s.Node.Get(need) == nil {
			d.lacks(s.Node, need, CodeRequired, "this ruleset is %s, so the step %q needs %s", r.Kind, s.Label, need)
		}
	}
	return r
}

func (d *decoder) poolResolution(o obj, r *Resolution) {
	if die := o.child("die", false, "sides"); die.ok() {
		if v, ok := die.integer("sides", true, 2, 100); ok {
			r.DieSides = int(v)
		}
	}
	if p := o.child("pool", false, "min", "max", "abilityPlusAbility"); p.ok() {
		mn, okMin := p.integer("min", true, 0, 100)
		if okMin {
			r.PoolMin = int(mn)
		}
		mx, okMax := p.integer("max", true, 1, 100)
		if okMax {
			r.PoolMax = int(mx)
		}
		p.boolean("abilityPlusAbility", false)
		if okMin && okMax && r.PoolMin > r.PoolMax {
			d.errorf(p.get("min"), CodeRange, "pool.min %d is above pool.max %d", r.PoolMin, r.PoolMax)
		}
	}
	if t := o.child("target", true, "default", "min", "max"); t.ok() {
		face := func(key string) (int, bool) {
			v, ok := t.integer(key, true, 2, 100)
			if ok && int(v) > r.DieSides {
				d.errorf(t.get(key), CodeRange, "the target face %d is above the die's %d sides", v, r.DieSides)
			}
			return int(v), ok
		}
		df, okDef := face("default")
		mn, okMin := face("min")
		mx, okMax := face("max")
		r.TargetDefault, r.TargetMin, r.TargetMax = df, mn, mx
		r.HasTarget = true
		d.minMaxDefault(t, "the target", "", int64(mn), int64(mx), int64(df), okMin && okMax, okMin && okMax && okDef)
	}
	r.Explode = o.has("explode")
	r.Double = o.has("double")
	for _, k := range []string{"explode", "double"} {
		if e := o.child(k, false, "from", "min"); e.ok() {
			if !e.has("from") && !e.has("min") {
				d.errorf(e.n, CodeOneOf, "%s needs at least one of from and min", k)
			}
			from, okFrom := d.face(e, "from", r.DieSides)
			least, okMin := d.face(e, "min", r.DieSides)
			if okFrom && okMin && from < least {
				d.errorf(e.get("from"), CodeRange, "%s.from %d is below %s.min %d", k, from, k, least)
			}
		}
	}
	cancelKeys := map[string][]string{"cancel": {"upTo"}, "botch": {"upTo", "rule"}}
	for _, k := range []string{"cancel", "botch"} {
		if c := o.child(k, false, cancelKeys[k]...); c.ok() {
			if v, ok := c.integer("upTo", true, 1, 99); ok && r.HasTarget && int(v) >= r.TargetMin {
				d.errorf(c.get("upTo"), CodeRange, "%s.upTo %d must be below target.min %d", k, v, r.TargetMin)
			}
			if k == "botch" {
				c.oneOf("rule", false, "noSuccesses", "noSuccesses", "halfOrMore")
			}
		}
	}
	if e := o.child("exceptional", false, "successes"); e.ok() {
		if v, ok := e.integer("successes", true, 1, 100); ok && int(v) > r.MaxSuccesses() {
			d.errorf(e.get("successes"), CodeRange, "%d successes can never be reached (at most %d)", v, r.MaxSuccesses())
		}
	}
	if s := o.child("situationalDice", false, "min", "max"); s.ok() {
		s.integer("min", true, -20, 0)
		s.integer("max", true, 0, 20)
	}
	var rerollIDs []string
	var rerollNodes []*Node
	for _, rr := range o.array("reroll", false, 1, 6) {
		ro := d.object(rr, "id", "upTo", "mode")
		rerollIDs, rerollNodes = append(rerollIDs, ro.id("id", true)), append(rerollNodes, rr.Get("id"))
		ro.integer("upTo", true, 1, int64(r.DieSides-1))
		ro.oneOf("mode", true, "", "once", "until")
	}
	d.uniqueIDs("reroll", rerollIDs, rerollNodes)
}

// face reads an optional die face 2..100 that must also lie on the die.
func (d *decoder) face(o obj, key string, sides int) (int, bool) {
	v, ok := o.integer(key, false, 2, 100)
	if ok && v >= 2 && v <= 100 && int(v) > sides {
		d.errorf(o.get(key), CodeRange, "the face %d is above the die's %d sides", v, sides)
	}
	return int(v), ok
}

// spend reads what a dice-pool check may spend pools on.
func (d *decoder) spend(items []*Node, r Resolution) {
	for _, c := range items {
		so := d.object(c, "pool", "amount", "successes", "dice", "reroll", "perCheck")
		if !so.ok() {
			continue
		}
		so.id("pool", true)
		so.integer("amount", true, 1, 100)
		so.integer("successes", false, 1, 10)
		so.integer("dice", false, 1, 10)
		if rr := so.child("reroll", false, "upTo", "mode"); rr.ok() {
			if v, ok := rr.integer("upTo", true, 1, 999); ok && v >= 1 && v <= 999 && r.Kind == DicePool && int(v) > r.DieSides-1 {
				d.errorf(rr.get("upTo"), CodeRange, "reroll.upTo %d must be below the die's %d sides", v, r.DieSides)
			}
			rr.oneOf("mode", true, "", "once", "until")
		}
		if !so.has("successes") && !so.has("dice") && !so.has("reroll") {
			d.errorf(c, CodeSpendNothing, "a spend entry must buy successes, dice or a reroll")
		}
		if pc := so.need("perCheck", true); pc != nil {
			switch pc.Kind {
			case Number:
				d.integer(pc, 1, 10)
			case String:
				if pc.Str() != "pool" {
					d.errorf(pc, CodeEnum, "perCheck is a whole number 1 to 10, a value ref or \"pool\", not %q", pc.Str())
				}
			case Object:
				d.valueRef(pc)
			default:
				d.wrongType = true
				d.errorf(pc, CodeType, "perCheck is a whole number, a value ref or \"pool\", not %s", pc.Kind)
			}
		}
	}
}

// ladderStep reads a step of either shape; whether the shape fits the
// ruleset's kind is a cross-check (the same for the base and for layers).
func (d *decoder) ladderStep(n *Node) LadderStep {
	o := d.object(n, "label", "dc", "successes", "target")
	s := LadderStep{Node: n, Label: o.label("label", 80)}
	if o.has("dc") && (o.has("successes") || o.has("target")) {
		d.errorf(n, CodeLadderShape, "a step has either dc, or successes with an optional target, not both")
	}
	if v, ok := o.integer("dc", false, -100, 1000); ok {
		s.DC, s.HasDC = int(v), true
	}
	if v, ok := o.integer("successes", false, 1, 100); ok {
		s.Successes, s.HasSuccesses = int(v), true
	}
	if v, ok := o.integer("target", false, 2, 100); ok {
		s.Target, s.HasTarget = int(v), true
	}
	return s
}

func (d *decoder) stepTable(n *Node) StepTable {
	if n == nil {
		return nil
	}
	pairs := d.list(n, 1, 100)
	t := make(StepTable, 0, len(pairs))
	for i, p := range pairs {
		nums := d.list(p, 2, 2)
		if len(nums) != 2 {
			continue
		}
		a, ok1 := d.number(nums[0])
		b, ok2 := d.number(nums[1])
		if !ok1 || !ok2 {
			continue
		}
		if i > 0 && len(t) > 0 && a <= t[len(t)-1][0] {
			d.errorf(nums[0], CodeAscending, "thresholds must rise strictly: %v is not above %v", a, t[len(t)-1][0])
		}
		t = append(t, [2]float64{a, b})
	}
	return t
}
