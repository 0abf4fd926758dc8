package model

// The battle and combat blocks (ruleset-format.md §3.10): their shapes.
// What they name is checked against the sheet in rules.

// Codes of the combat shape rules.
const (
	// CodeHealthShape: a health block that is neither { pool } nor { track }.
	//
	// Why: the Engine reads what a fight takes away (in `battle` and `combat`) from exactly one
	// source, a live pool or a wound track, and refuses a `health` block that names both, neither,
	// or anything else beside them.
	//
	// Fix: keep one of the two, for example `"health": { "pool": "stamina" }` or
	// `"health": { "track": "wounds_taken" }`.
	CodeHealthShape Code = "health-shape"
	// CodeStyleShape: an initiative style that neither takes nor spends, or both.
	//
	// Why: a style of `initiative.resource` is one way of attacking with the initiative number:
	// `takes` moves the target's number to the attacker on a hit, while `spends` deals the
	// attacker's own number in dice and resets it, so the Engine refuses a style that does both
	// or neither.
	//
	// Fix: give the style exactly one of the two, for example
	// `{ "id": "press", "label": "Press", "takes": { "gain": 1 } }`.
	CodeStyleShape Code = "style-shape"
	// CodeModifierEmpty: a modifier that changes nothing.
	//
	// Why: a modifier of a condition, level or item changes its number by `flat`, by `dice`, for
	// speed by `times`, or for checks and saves by `mode`; the Engine refuses one with none of
	// them, as it would change nothing.
	//
	// Fix: say how the number changes, for example `{ "to": "defense", "flat": -2 }`, or remove the
	// modifier.
	CodeModifierEmpty Code = "modifier-empty"
	// CodeModifierKey: a modifier key that does not fit what the modifier changes.
	//
	// Why: the Engine refuses a modifier key that cannot act on its `to`: `skills` narrows only
	// checks and `saves` only saves, `mode` rolls only checks or saves twice, `dice` are rolled so
	// they change only attacks, saves or checks, `times` changes only speed, `minus` needs `dice`,
	// and a `flat` of 0 changes nothing.
	//
	// Fix: remove the key or change `to` to the number it is meant for, for example
	// `{ "to": "speed", "times": 0.5 }` rather than `{ "to": "attacks", "times": 0.5 }`.
	CodeModifierKey Code = "modifier-key"
	// CodeNarrowsNothing: skills or saves narrow effects or modifiers that are not there.
	//
	// Why: `saves` only narrows the save effects (own-saves-advantage, own-saves-disadvantage) and
	// the modifiers to saves beside it, and `skills` the check effects and modifiers to checks;
	// with none of them beside it the list narrows nothing a fight could read, so the Engine
	// refuses the condition, level or item effect.
	//
	// Fix: add what the list narrows, for example `"saves": ["fortitude"]` with
	// `"effects": ["own-saves-disadvantage"]`, or remove the list.
	CodeNarrowsNothing Code = "narrows-nothing"
	// CodeLevelSource: a combat level reads neither or both of a track and a derived value.
	//
	// Why: a combat level counts as a condition while what it reads is at `at` or more, and it
	// reads exactly one thing: a plain live `track` or a `derived` value; the Engine refuses a
	// level that names both or neither.
	//
	// Fix: name one of the two, for example
	// `{ "track": "fatigue", "at": 2, "effects": ["speed-zero"] }`.
	CodeLevelSource Code = "level-source"
	// CodeLevelEffect: a combat level has an effect only a condition put on by someone can have.
	//
	// Why: nobody put a level on its holder and it ends only when what it reads goes down, so the
	// Engine refuses on a level the effects that need a source or another way to end:
	// `half-move-to-stand`, `ends-on-damage`, `cannot-target-source` and `cannot-approach-source`.
	//
	// Fix: remove the effect from the level, and give it to a combat condition that something in
	// the fight applies, for example `{ "condition": "tangled", "effects": ["half-move-to-stand"] }`.
	CodeLevelEffect Code = "level-effect"
	// CodeLevelEmpty: a combat level that does nothing.
	//
	// Why: the Engine refuses a combat level with no `effects`, no `modifiers` and no
	// `failsSaves`, since reaching it would change nothing.
	//
	// Fix: say what the level does, for example `"effects": ["own-attacks-disadvantage"]` or
	// `"modifiers": [ { "to": "speed", "flat": -2 } ]`, or remove the level.
	CodeLevelEmpty Code = "level-empty"
	// CodeOnWinEmpty: a contest whose onWin does nothing.
	//
	// Why: a contest's winner changes what holds the loser or where the loser stands; the Engine
	// refuses an `onWin` that neither `applies` nor `ends` a condition nor `push`es, since winning
	// would change nothing.
	//
	// Fix: say what winning does, for example
	// `"onWin": { "applies": [ { "condition": "tangled" } ] }` or `"onWin": { "push": 1 }`.
	CodeOnWinEmpty Code = "on-win-empty"
	// CodeDistanceSource: a distance that is neither { column } nor { const }.
	//
	// Why: a `reach` or `range` of a combat attack list comes from one place: a number column of
	// the list's rows, or the same number (0 to 10000) for every row; the Engine refuses any other
	// shape, including one with both keys.
	//
	// Fix: give exactly one of the two, for example `"reach": { "column": "reach_cells" }` or
	// `"reach": { "const": 1 }`.
	CodeDistanceSource Code = "distance-source"
)

// ConditionEffects are what a combat condition may do.
var ConditionEffects = []string{
	"own-attacks-advantage", "own-attacks-disadvantage", "attacks-against-advantage", "attacks-against-disadvantage",
	"attacks-against-adjacent-advantage", "attacks-against-far-disadvantage", "attacks-from-adjacent-critical",
	"cannot-act", "cannot-react", "speed-zero", "half-move-to-stand", "ends-on-damage", "own-saves-advantage",
	"own-saves-disadvantage", "own-checks-advantage", "own-checks-disadvantage", "resist-all", "cannot-target-source",
	"cannot-approach-source",
}

// levelRefusedEffects are the effects a level (and an item) cannot have:
// nobody put it on its holder.
var levelRefusedEffects = []string{"half-move-to-stand", "ends-on-damage", "cannot-target-source", "cannot-approach-source"}

var conditionEffectShape = oneOfWords(ConditionEffects...)

// combatDiceShape is { count 1..10, sides 2..1000 }.
var combatDiceShape = object(req("count", intIn(1, 10)), req("sides", intIn(2, 1000)))

// healthShape is { pool } or { track }.
var healthShape = shapeFunc(func(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	pool, track := n.Get("pool"), n.Get("track")
	if (pool == nil) == (track == nil) || !hasOnlyComment(n, 1) {
		d.errorf(n, CodeHealthShape, "health is either { \"pool\": id } or { \"track\": id }")
		return
	}
	if pool != nil {
		d.sheetID(pool)
	} else {
		d.sheetID(track)
	}
})

// hasOnlyComment tells whether n has want members besides $comment.
func hasOnlyComment(n *Node, want int) bool {
	k := 0
	for _, c := range n.Children() {
		if c.Key() != "$comment" {
			k++
		}
	}
	return k == want
}

var battlePoolShape = object(req("pool", sheetIDShape))

// rowSourceMembers are the keys of a list whose catalog-marked rows a fight
// reads (battle.skills, combat.abilities).
var rowSourceMembers = []member{
	req("list", sheetIDShape),
	opt("onlyWhen", sheetIDShape),
	opt("alwaysWhen", object(req("column", sheetIDShape), req("equals", sheetScalarShape))),
}

var battleShape = object(
	req("health", healthShape),
	opt("energy", battlePoolShape),
	opt("slots", arrayOf(object(req("pool", sheetIDShape), req("level", intIn(1, 9))), 0, 12)),
	opt("skills", arrayOf(object(rowSourceMembers...), 0, 8)),
)

// narrowing reports skills or saves that narrow nothing: saves need a save
// effect or a modifier to saves beside them, skills a check effect or a
// modifier to checks.
func narrowing(d *decoder, n *Node) {
	for _, k := range []struct{ key, to, adv, dis string }{
		{"saves", "saves", "own-saves-advantage", "own-saves-disadvantage"},
		{"skills", "checks", "own-checks-advantage", "own-checks-disadvantage"},
	} {
		c := n.Get(k.key)
		if c == nil {
			continue
		}
		found := false
		for _, e := range kids(n.Get("effects")) {
			if e.Kind == String && (e.Str() == k.adv || e.Str() == k.dis) {
				found = true
			}
		}
		for _, m := range kids(n.Get("modifiers")) {
			if to := m.Get("to"); to != nil && to.Kind == String && to.Str() == k.to {
				found = true
			}
		}
		if !found {
			d.errorf(c, CodeNarrowsNothing, "%s narrows %s and %s effects and modifiers to %s, and there is none of them beside it", k.key, k.adv, k.dis, k.to)
		}
	}
}

func kids(n *Node) []*Node {
	if n == nil {
		return nil
	}
	return n.Children()
}

// modifierShape is one number a condition, level or item changes.
var modifierShape = object(
	req("to", oneOfWords("defense", "attacks", "saves", "checks", "speed")),
	opt("flat", intIn(-100, 100)),
	opt("dice", diceText),
	opt("minus", onlyTrue),
	opt("times", shapeFunc(func(d *decoder, n *Node) {
		if f, ok := d.number(n); ok && f != 0.5 && f != 2 {
			d.errorf(n, CodeEnum, "times is 0.5 or 2, not %s", n.Raw())
		}
	})),
	opt("skills", idList(1, 24)),
	opt("saves", idList(1, 12)),
	opt("mode", oneOfWords("advantage", "disadvantage")),
).with(func(d *decoder, n *Node) {
	to := ""
	if t := n.Get("to"); t != nil && t.Kind == String {
		to = t.Str()
	}
	if !present(n, "flat") && !present(n, "dice") && !present(n, "times") && !present(n, "mode") {
		at := n.Get("to")
		if at == nil {
			at = n
		}
		d.errorf(at, CodeModifierEmpty, "a modifier changes its number by flat, dice, times (speed) or mode (checks and saves)")
	}
	if to == "" {
		return
	}
	bad := func(key, why string) {
		if c := n.Get(key); c != nil {
			d.errorf(c, CodeModifierKey, "%s %s", key, why)
		}
	}
	if to != "checks" {
		bad("skills", "narrows a change to checks only")
	}
	if to != "saves" {
		bad("saves", "narrows a change to saves only")
	}
	if to != "checks" && to != "saves" {
		bad("mode", "rolls checks or saves twice, so it changes nothing else")
	}
	if f := n.Get("flat"); f != nil && f.Kind == Number && f.Num() == 0 {
		d.errorf(f, CodeModifierKey, "a flat change of 0 changes nothing")
	}
	if to != "attacks" && to != "saves" && to != "checks" {
		bad("dice", "are rolled, so they change attacks, saves or checks only")
	}
	if !present(n, "dice") {
		bad("minus", "takes dice away, so it needs dice beside it")
	}
	if to != "speed" {
		bad("times", "changes speed only")
	}
})

// effectMembers are the keys conditions and levels share.
var effectMembers = []member{
	opt("effects", arrayOf(conditionEffectShape, 0, 12)),
	opt("modifiers", arrayOf(modifierShape, 1, 6)),
	opt("failsSaves", idList(1, 12)),
	opt("saves", idList(1, 12)),
	opt("skills", idList(1, 24)),
}

var combatConditionShape = object(append([]member{req("condition", sheetIDShape)}, append(append([]member{}, effectMembers...),
	opt("whileSourceInSight", shapeFunc(func(d *decoder, n *Node) {
		if n.Kind == Bool {
			onlyTrue.check(d, n)
			return
		}
		arrayOf(conditionEffectShape, 1, 12).check(d, n)
	})),
	opt("endsWhenSourceDown", anyBool),
)...)...).with(narrowing)

var combatLevelShape = object(append([]member{opt("track", sheetIDShape), opt("derived", sheetIDShape), req("at", intIn(1, 1000))}, effectMembers...)...).with(func(d *decoder, n *Node) {
	if present(n, "track") == present(n, "derived") {
		at := n.Get("track")
		if at == nil {
			d.lacks(n, "track", CodeLevelSource, "a level reads a live track or a derived value: exactly one of the two")
		} else {
			d.errorf(at, CodeLevelSource, "a level reads a live track or a derived value: exactly one of the two")
		}
	}
	effects := n.Get("effects")
	for _, e := range kids(effects) {
		if e.Kind == String && containsStr(levelRefusedEffects, e.Str()) {
			d.errorf(e, CodeLevelEffect, "a level cannot have %q: nobody put it on, and it ends only when what it reads goes down", e.Str())
		}
	}
	if len(kids(effects)) == 0 && !present(n, "modifiers") && !present(n, "failsSaves") {
		if effects != nil {
			d.errorf(effects, CodeLevelEmpty, "a level does something: effects, modifiers or failsSaves")
		} else {
			d.lacks(n, "effects", CodeLevelEmpty, "a level does something: effects, modifiers or failsSaves")
		}
	}
	narrowing(d, n)
})

// distanceSourceShape is { column } or { const: 0..10000 }.
var distanceSourceShape = shapeFunc(func(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	switch {
	case present(n, "column") && !present(n, "const"):
		distanceColumnShape.check(d, n)
	case present(n, "const") && !present(n, "column"):
		distanceConstShape.check(d, n)
	default:
		d.errorf(n, CodeDistanceSource, "a distance is { \"column\": id } or { \"const\": number }")
	}
})

var columnShape = object(req("column", sheetIDShape))

var attackSourceShape = object(
	req("list", sheetIDShape),
	req("budget", sheetIDShape),
	req("name", sheetIDShape),
	opt("reach", distanceSourceShape),
	opt("range", object(req("normal", distanceSourceShape), opt("long", distanceSourceShape))),
	opt("strikes", valueRefShape),
	opt("strikesCappedBy", columnShape),
	opt("toHit", object(opt("ability", columnShape), opt("skill", columnShape), opt("proficiency", columnShape), opt("bonus", columnShape))),
	req("damage", object(req("dice", columnShape), opt("ability", columnShape), opt("bonus", columnShape), opt("type", columnShape))),
)

var abilitySourceShape = object(append(append([]member{}, rowSourceMembers...),
	req("budget", sheetIDShape),
	opt("toHit", valueRefShape),
	opt("saveDifficulty", valueRefShape),
)...)

var contestShape = object(
	req("id", sheetIDShape),
	req("label", prompt(80)),
	req("budget", sheetIDShape),
	opt("strike", onlyTrue),
	opt("reach", numAbove(0, 10000)),
	req("attacker", object(req("checks", idList(1, 4)))),
	req("defender", object(req("checks", idList(1, 4)))),
	opt("ties", oneOfWords("defender", "attacker")),
	opt("from", object(req("holding", sheetIDShape))),
	req("onWin", object(
		opt("applies", arrayOf(object(req("condition", sheetIDShape), opt("rounds", intIn(1, 100))), 1, 4)),
		opt("ends", arrayOf(object(req("condition", sheetIDShape), req("on", oneOfWords("actor", "target"))), 1, 4)),
		opt("push", numAbove(0, 10000)),
	).with(func(d *decoder, n *Node) {
		if !present(n, "applies") && !present(n, "ends") && !present(n, "push") {
			d.errorf(n, CodeOnWinEmpty, "a contest's onWin applies, ends or pushes something")
		}
	})),
)

var dyingShape = shapeFunc(func(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	k := n.Get("kind")
	if k == nil {
		d.missing(n, "kind")
		return
	}
	if k.Kind != String || k.Str() != "saves" {
		d.errorf(k, CodeEnum, "dying.kind is \"saves\"")
		return
	}
	three := oneOfWords("one-failure", "two-failures", "none")
	object(
		req("kind", nil),
		req("successes", sheetIDShape),
		req("failures", sheetIDShape),
		req("dice", combatDiceShape),
		req("succeedAt", intIn(1, 1000)),
		opt("naturals", object(opt("max", oneOfWords("revive-1", "success", "none")), opt("min", oneOfWords("two-failures", "one-failure", "none")))),
		opt("damageWhileDown", three),
		opt("criticalWhileDown", three),
		opt("condition", sheetIDShape),
	).check(d, n)
})

var threatTierShape = object(
	req("id", sheetIDShape),
	req("label", prompt(80)),
	req("health", intPairShape(1, 100_000)),
	req("defense", intIn(0, 100)),
	req("toHit", intIn(-20, 50)),
	req("damagePerRound", intPairShape(0, 10_000)),
	req("saveDifficulty", intIn(0, 100)),
	// A threat tier's loot table is the behaviour spec's (newer than today's Engine).
	opt("loot", sheetIDShape),
)

// intPairShape is a [lo, hi] pair of whole numbers within min..max.
func intPairShape(lo, hi int64) shape {
	return shapeFunc(func(d *decoder, n *Node) {
		pair := d.list(n, 2, 2)
		for _, c := range pair {
			d.integer(c, lo, hi)
		}
		if len(pair) == 2 && pair[0].Kind == Number && pair[1].Kind == Number && pair[0].Num() > pair[1].Num() {
			d.errorf(pair[0], CodeRange, "the pair needs its first number at most its second; %s is above %s", pair[0].Raw(), pair[1].Raw())
		}
	})
}

var styleShape = object(
	req("id", sheetIDShape),
	req("label", prompt(80)),
	opt("takes", object(opt("gain", intIn(0, 20)))),
	opt("spends", object(opt("onMiss", stepTableS))),
).with(func(d *decoder, n *Node) {
	if present(n, "takes") == present(n, "spends") {
		d.errorf(n, CodeStyleShape, "a style either takes or spends: exactly one of the two")
	}
})

var combatShape = object(
	req("kind", oneOfWords("attack-vs-defense", "dice-pool")),
	req("health", healthShape),
	req("defense", valueRefShape),
	req("initiative", object(
		opt("dice", combatDiceShape),
		opt("modifier", valueRefShape),
		opt("pool", valueRefShape),
		opt("plus", intIn(0, 100)),
		opt("each", oneOfWords("fight", "round")),
		opt("resource", object(
			req("base", intIn(0, 100)),
			req("styles", arrayOf(styleShape, 1, 4)),
			opt("crash", object(opt("at", intIn(-100, 100)), opt("condition", sheetIDShape), opt("bonus", intIn(0, 100)), opt("recoverAfter", intIn(1, 20)))),
		)),
	)),
	opt("attackRoll", object(
		req("dice", combatDiceShape),
		opt("advantage", anyBool),
		opt("naturals", object(opt("max", oneOfWords("critical", "hit", "none")), opt("min", oneOfWords("miss", "none")))),
		opt("critical", oneOfWords("double-dice", "max-dice", "none")),
	)),
	opt("pool", object(
		opt("advantage", anyBool),
		opt("damageTarget", intIn(2, 100)),
		opt("soak", object(req("roll", anyBool), opt("all", valueRefShape), opt("byKind", recordOf(valueRefShape)))),
		opt("hardness", valueRefShape),
	)),
	req("economy", object(req("budgets", arrayOf(object(
		req("id", sheetIDShape),
		req("label", prompt(80)),
		req("per", oneOfWords("turn", "round")),
		opt("count", intIn(1, 10)),
	), 1, 8)), opt("movement", valueRefShape))),
	opt("distance", object(req("label", prompt(12)), req("perCell", numAbove(0, inf)))),
	opt("ranged", object(opt("long", oneOfWords("disadvantage", "normal")), opt("adjacentFoe", oneOfWords("disadvantage", "normal")))),
	opt("cover", object(req("bonus", intIn(0, 100)))),
	opt("opportunity", object(req("budget", sheetIDShape))),
	opt("offHand", object(req("budget", sheetIDShape), opt("ability", oneOfWords("full", "penalty-only")))),
	opt("attacks", arrayOf(attackSourceShape, 0, 8)),
	opt("abilities", arrayOf(abilitySourceShape, 0, 8)),
	opt("standard", arrayOf(standardActionShape, 0, 6)),
	opt("standardEffects", object(opt("dodge", object(req("saves", idList(1, 12)))))),
	opt("conditions", arrayOf(combatConditionShape, 0, 80)),
	opt("levels", arrayOf(combatLevelShape, 0, 20)),
	opt("checks", arrayOf(object(req("id", sheetIDShape), req("label", prompt(80)), req("value", valueRefShape)), 0, 12)),
	opt("contests", arrayOf(contestShape, 0, 12)),
	opt("concentration", object(req("text", sheetIDShape), req("save", sheetIDShape), req("floor", intIn(0, 100)), req("fromDamage", numAbove(0, 1)))),
	opt("dying", dyingShape),
	opt("damageTypes", arrayOf(prompt(40), 0, 40)),
	opt("damageKinds", object(req("default", sheetIDShape), opt("byType", recordOf(sheetIDShape)), req("marks", oneOfWords("per-blow", "per-point")))),
	opt("threat", object(req("tiers", arrayOf(threatTierShape, 1, 40)))),
	opt("spendLimits", arrayOf(object(req("pool", sheetIDShape), req("max", valueRefShape), req("per", oneOfWords("turn", "round"))), 1, 12)),
)

// combat checks the shape of the combat block and returns its typed view.
func (d *decoder) combat(n *Node) *Combat {
	c := &Combat{Node: n}
	combatShape.check(d, n)
	if n.Kind != Object {
		return c
	}
	d.uniqueBy(n.Get("economy").Get("budgets"), "id", "budget")
	d.uniqueBy(n.Get("checks"), "id", "contest check")
	d.uniqueBy(n.Get("contests"), "id", "contest")
	d.uniqueBy(n.Get("conditions"), "condition", "condition")
	d.uniqueBy(n.Get("initiative").Get("resource").Get("styles"), "id", "style")
	if k := n.Get("kind"); k != nil && k.Kind == String {
		c.Kind = k.Str()
	}
	for _, t := range kids(n.Get("threat").Get("tiers")) {
		if t.Kind != Object {
			continue
		}
		tier := &ThreatTier{Node: t}
		if id := t.Get("id"); id != nil && id.Kind == String {
			tier.ID = id.Str()
		}
		if l := t.Get("label"); l != nil && l.Kind == String {
			tier.Label = l.Str()
		}
		if l := t.Get("loot"); l != nil && l.Kind == String {
			tier.Loot = l.Str()
		}
		c.Threat = append(c.Threat, tier)
	}
	return c
}

// battle checks the shape of the battle block.
func (d *decoder) battle(n *Node) { battleShape.check(d, n) }

// The object shapes the checks above choose between, built once.
var (
	distanceColumnShape = object(req("column", sheetIDShape))
	distanceConstShape  = object(req("const", numIn(0, 10000)))
)
