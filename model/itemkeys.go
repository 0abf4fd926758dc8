package model

// The item entry keys beyond the vocabulary and the price (ruleset-format.md
// §5.8): worn and carried effects, requires, attack, use and charges. Their
// shapes; what they name is checked in rules.

// Codes of the item key shape rules.
const (
	// CodeEffectEmpty: a worn, carried or otherwise effect that does nothing.
	//
	// Why: an item's `worn`, `carried` or requirement `otherwise` effect must do something; the
	// Engine refuses one with no `effects`, `modifiers`, `failsSaves`, `abilities`, `resist`,
	// `vulnerable`, `immune` or `conditionImmunities`.
	//
	// Fix: say what it does, for example `"worn": { "modifiers": [ { "to": "defense", "flat": 1 } ] }`,
	// or remove the empty effect.
	CodeEffectEmpty Code = "effect-empty"
	// CodeEffectAbilities: an item effect changes too many abilities, or adds 0 to one.
	//
	// Why: the Engine refuses an item effect that changes more than 12 abilities, and an `add` of 0,
	// which changes nothing.
	//
	// Fix: change at most 12 abilities with a non-zero amount, for example
	// `"abilities": { "might": { "add": 1 } }`, or leave the ability out.
	CodeEffectAbilities Code = "effect-abilities"
	// CodeOtherwiseAbilities: an unmet requirement tries to change an ability.
	//
	// Why: what a requirement asks (`value`) may itself read an ability, so an `otherwise` that
	// changed abilities would change what is being tested; the Engine refuses `abilities` there.
	//
	// Fix: remove `abilities` from `otherwise` and use another effect, for example
	// `"otherwise": { "modifiers": [ { "to": "attacks", "flat": -2 } ] }`.
	CodeOtherwiseAbilities Code = "otherwise-abilities"
	// CodeUseKey: an item use key that contradicts another (consumes and charges, restore on harm).
	//
	// Why: the Engine refuses an item `use` whose keys contradict each other: `consumes` uses the
	// item up, so it spends no `charges`; a `restore` must say how much it gives back; and a
	// `restore` is help, so only a `heal` or `buff` use may have one.
	//
	// Fix: keep the keys that agree, for example drop `charges` from a use that `consumes`, or give
	// `"restore": { "pool": "stamina", "amount": { "dice": "1d4" } }` on a `"kind": "heal"` use.
	CodeUseKey Code = "use-key"
	// CodeBreaksOn: a break number above the faces of its die.
	//
	// Why: `breaksOn` rolls its `die` when a use spends the last charge and breaks the item at or
	// under `atMost`, so an `atMost` above the die's faces would always break it; the Engine
	// refuses it.
	//
	// Fix: keep `atMost` within the die, for example `"breaksOn": { "die": 6, "atMost": 1 }`, or
	// remove `breaksOn` if the item always breaks.
	CodeBreaksOn Code = "breaks-on"
)

// ItemEffects are what a worn or carried item may do: a condition's effects
// but the ones nobody puts on.
var ItemEffects = func() []string {
	var out []string
	for _, e := range ConditionEffects {
		if !containsStr(levelRefusedEffects, e) {
			out = append(out, e)
		}
	}
	return out
}()

// orStat is a value written down, or read off the item's own stat.
func orStat(s shape) shape {
	return shapeFunc(func(d *decoder, n *Node) {
		if n.Kind == Object {
			statRefShape.check(d, n)
			return
		}
		s.check(d, n)
	})
}

var abilityChangeShape = shapeFunc(func(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	if present(n, "add") && !present(n, "set") {
		abilityAddShape.check(d, n)
		return
	}
	abilitySetShape.check(d, n)
})

var itemEffectShape = object(
	opt("effects", arrayOf(oneOfWords(ItemEffects...), 1, 6)),
	opt("modifiers", arrayOf(modifierShape, 1, 6)),
	opt("failsSaves", idList(1, 12)),
	opt("saves", idList(1, 12)),
	opt("skills", idList(1, 24)),
	opt("abilities", recShape{value: abilityChangeShape, keyID: true}),
	opt("resist", arrayOf(prompt(40), 1, 30)),
	opt("vulnerable", arrayOf(prompt(40), 1, 30)),
	opt("immune", arrayOf(prompt(40), 1, 30)),
	opt("conditionImmunities", idList(1, 40)),
).with(func(d *decoder, n *Node) {
	abilities := n.Get("abilities")
	nAbilities := 0
	if abilities != nil && abilities.Kind == Object {
		nAbilities = len(abilities.Children())
	}
	if !present(n, "effects") && !present(n, "modifiers") && !present(n, "failsSaves") && nAbilities == 0 &&
		!present(n, "resist") && !present(n, "vulnerable") && !present(n, "immune") && !present(n, "conditionImmunities") {
		d.lacks(n, "effects", CodeEffectEmpty, "an item's effect does something: effects, modifiers, failsSaves, abilities, or harm or conditions it keeps off")
	}
	if nAbilities > 12 {
		d.errorf(abilities, CodeEffectAbilities, "an item changes at most 12 abilities; this one changes %d", nAbilities)
	}
	for _, a := range kids(abilities) {
		if add := a.Get("add"); add != nil && add.Kind == Number && add.Num() == 0 {
			d.errorf(add, CodeEffectAbilities, "adding 0 to %q changes nothing", a.Key())
		}
	}
	narrowing(d, n)
})

var requirementShape = object(
	req("value", valueRefShape),
	req("atLeast", anyNum),
	req("otherwise", itemEffectShape),
).with(func(d *decoder, n *Node) {
	if a := n.Get("otherwise").Get("abilities"); a != nil {
		d.errorf(a, CodeOtherwiseAbilities, "an unmet requirement cannot change an ability, since what it asks may read one")
	}
})

var itemDistance = orStat(numIn(0, 10000))

var itemToHitShape = object(
	opt("abilities", orStat(idList(1, 6))),
	opt("skill", orStat(sheetIDShape)),
	opt("proficiency", valueRefShape),
	opt("bonus", orStat(intIn(-100, 100))),
	opt("target", orStat(intIn(1, 100))),
)

var itemAttackShape = object(
	req("budget", sheetIDShape),
	opt("toHit", itemToHitShape),
	req("damage", object(
		opt("dice", orStat(diceText)),
		opt("abilities", orStat(idList(1, 6))),
		opt("bonus", orStat(intIn(-100, 100))),
		opt("type", orStat(prompt(40))),
	)),
	opt("reach", itemDistance),
	opt("range", object(req("normal", itemDistance), opt("long", itemDistance)).with(longAfterNormal)),
	opt("versatile", object(req("dice", orStat(diceText)))),
	opt("strikes", valueRefShape),
	opt("ammo", object(req("tag", sheetIDShape), opt("perAttack", intIn(1, 100)), opt("recover", numIn(0, 1)))),
	opt("clip", object(req("max", orStat(intIn(1, 1000))), req("reload", sheetIDShape))),
	opt("modes", arrayOf(object(
		req("id", sheetIDShape),
		req("label", prompt(40)),
		opt("ammo", intIn(1, 100)),
		opt("toHit", intIn(-20, 20)),
		opt("target", intIn(-10, 10)),
		opt("targets", intIn(1, 20)),
	), 1, 6)),
	opt("offHand", onlyTrue),
	opt("floor", orStat(intIn(1, 100))),
	opt("onHit", arrayOf(object(req("condition", sheetIDShape), req("atLeast", intIn(1, 100)), opt("rounds", intIn(1, 100))), 1, 4)),
)

// useDrops are the mechanics keys an item's use does not have.
var useDrops = []string{"kind", "cost", "perCostStep", "check", "concentration", "reaction", "scales", "gives", "standard", "rider"}

var itemUseShape = mechanicsBase.extend(useDrops,
	req("kind", oneOfWords("attack", "heal", "buff", "debuff")),
	opt("toHit", itemToHitShape),
	opt("saveDifficulty", orStat(intIn(0, 100))),
	opt("consumes", onlyTrue),
	opt("charges", intIn(1, 100)),
	opt("restore", object(req("pool", sheetIDShape), req("amount", amountShape))),
	opt("gate", object(
		req("check", shapeFunc(func(d *decoder, n *Node) {
			if !d.wantKind(n, Object) {
				return
			}
			switch {
			case present(n, "skill"):
				skillRefShape.check(d, n)
			case present(n, "ability"):
				abilityRefShape.check(d, n)
			case present(n, "value"):
				valueRefObjShape.check(d, n)
			default:
				d.errorf(n, CodeOneOf, "a gate's check is { skill }, { ability } or { value }")
			}
		})),
		req("difficulty", orStat(intIn(1, 100))),
		opt("unless", object(req("value", valueRefShape), req("atLeast", anyNum))),
	)),
).with(func(d *decoder, n *Node) {
	plusAndFree(d, n)
	if c := n.Get("charges"); c != nil && present(n, "consumes") {
		d.errorf(c, CodeUseKey, "a use that uses the item up spends no charges of it")
	}
	if r := n.Get("restore"); r != nil {
		if a := r.Get("amount"); a != nil && a.Kind == Object && !present(a, "dice") && !present(a, "flat") {
			d.errorf(r, CodeUseKey, "a restore says how much it gives back: dice, flat or both")
		}
		if k := n.Get("kind"); k != nil && k.Kind == String && k.Str() != "heal" && k.Str() != "buff" {
			d.errorf(r, CodeUseKey, "a restore is on a use that helps (heal or buff), not on %q", k.Str())
		}
	}
})

var chargesShape = object(
	req("max", orStat(intIn(1, 100))),
	opt("recharge", object(
		req("rests", idList(1, 12)),
		req("amount", shapeFunc(func(d *decoder, n *Node) {
			if n.Kind == String {
				oneOfWords("max").check(d, n)
				return
			}
			amountShape.check(d, n)
		})),
	)),
	opt("breaksOn", object(req("die", intIn(2, 100)), req("atMost", intIn(1, 100))).with(func(d *decoder, n *Node) {
		die, most := n.Get("die"), n.Get("atMost")
		if die != nil && most != nil && die.Kind == Number && most.Kind == Number && most.Num() > die.Num() {
			d.errorf(most, CodeBreaksOn, "a break at %s is above the %s faces of its die", most.Raw(), die.Raw())
		}
	})),
)

// itemKeys checks the shapes of an item's worn, carried, requires, attack,
// use and charges.
func (d *decoder) itemKeys(o obj) {
	for _, k := range []string{"worn", "carried"} {
		if c := o.get(k); c != nil {
			itemEffectShape.check(d, c)
		}
	}
	if c := o.get("requires"); c != nil {
		arrayOf(requirementShape, 1, 4).check(d, c)
	}
	if c := o.get("attack"); c != nil {
		itemAttackShape.check(d, c)
	}
	if c := o.get("use"); c != nil {
		itemUseShape.check(d, c)
	}
	if c := o.get("charges"); c != nil {
		chargesShape.check(d, c)
	}
}

// The object shapes the checks above choose between, built once.
var (
	statRefShape     = object(req("stat", sheetIDShape))
	abilityAddShape  = object(req("add", intIn(-100, 100)))
	abilitySetShape  = object(req("set", anyInt))
	skillRefShape    = object(req("skill", sheetIDShape))
	abilityRefShape  = object(req("ability", sheetIDShape))
	valueRefObjShape = object(req("value", valueRefShape))
)
