package model

import "math"

// The shapes a catalog entry's mechanics, a creature's actions and an item's
// use share: amounts, damage clauses, conditions applied, reactions, riders
// (ruleset-format.md §4.5).

// Codes of the mechanics rules.
const (
	// CodeTrueOnly: a key that is written only as true was written as false.
	//
	// Why: some keys say one thing only when present (`free`, `self`, `consumes`, `service`,
	// `offHand`, `minus`, `strike`, a reaction's `cancels`), and the Engine accepts them only as
	// `true`; leaving the key out is how false is said, so `false` there is refused.
	//
	// Fix: remove the key rather than writing it as false, for example drop `"free": false`.
	CodeTrueOnly Code = "true-only"
	// CodeAmountEmpty: an amount, clause or damage names neither dice nor a flat number.
	//
	// Why: a damage clause (`plus`), a creature action's `damage` and a rider's `amount` each say
	// how much they deal; the Engine refuses one that names neither `dice` nor `flat`, as it would
	// deal nothing.
	//
	// Fix: give dice, a flat number or both, for example `{ "dice": "1d6", "type": "frost" }` or
	// `"amount": { "flat": 2 }`.
	CodeAmountEmpty Code = "amount-empty"
	// CodeUntilSave: a condition lasting "until-save" does not say which save ends it.
	//
	// Why: a condition applied with `"duration": "until-save"` has no clock of its own, so only its
	// save ends it; the Engine refuses it without `saveEnds`, as nothing would ever take it off
	// again.
	//
	// Fix: add the save that ends it, for example
	// `"saveEnds": { "save": "fortitude", "at": "turn-end" }`, or give it `{ "rounds": 3 }`.
	CodeUntilSave Code = "until-save"
	// CodeReactionCancels: only an aimed or used reaction may cancel what it answers.
	//
	// Why: only a moment before something resolves can be answered by calling it off: a reaction
	// `on` `aimed` or `used` may cancel, while `hit` and `harmed` come after the fact, so the
	// Engine refuses `"cancels": true` on them.
	//
	// Fix: remove `cancels`, or wait for the earlier moment, for example
	// `"reaction": { "on": "aimed", "cancels": true }`.
	CodeReactionCancels Code = "reaction-cancels"
	// CodeRiderKind: an entry gives a rider but is not of the kind "rider".
	//
	// Why: a rider and the kind that says an entry is one always come together in the Engine: it
	// refuses an entry with a `rider` whose `kind` is not `"rider"` (an entry of that kind without
	// a `rider` is reported as `required`).
	//
	// Fix: set `"kind": "rider"` beside the `rider`, or remove the `rider`.
	CodeRiderKind Code = "rider-kind"
	// CodeRiderKey: a rider entry carries a key that only something taken can have.
	//
	// Why: a rider is passive: nobody takes it, and it adds one more damage clause to the first
	// qualifying hit of its period by itself, so the Engine refuses on a `"kind": "rider"` entry
	// any key that would be taken or spent (`range`, `amount`, `save`, `cost`, `budget`, `applies`
	// and the like).
	//
	// Fix: remove the key and say what the rider deals in its own `rider.amount`, for example
	// `"rider": { "on": "hit", "oncePer": "turn", "amount": { "dice": "1d6" } }`.
	CodeRiderKey Code = "rider-key"
	// CodePlusNeedsAmount: damage clauses (plus) without a first amount beside them.
	//
	// Why: damage clauses in `plus` are further amounts on the same blow, riding on its first
	// `amount`; the Engine refuses `plus` with no `amount` beside it, where nothing would read it.
	//
	// Fix: give the first amount beside the clauses, for example
	// `"amount": { "dice": "1d8" }, "plus": [ { "dice": "1d4", "type": "frost" } ]`.
	CodePlusNeedsAmount Code = "plus-needs-amount"
	// CodeHealPlus: a heal carries damage clauses.
	//
	// Why: a heal's amount gives health back, leaving nothing for a damage clause to be typed
	// against or saved out of, so the Engine refuses `plus` on a `"kind": "heal"` entry or use.
	//
	// Fix: remove `plus` from the heal, or make the entry an attack if it deals damage, for example
	// `"kind": "attack"`.
	CodeHealPlus Code = "heal-plus"
	// CodeFreeBudget: something free also names a budget.
	//
	// Why: `"free": true` means the use spends no budget of the action economy, so a `budget` beside
	// it says two contradictory things, and the Engine refuses it.
	//
	// Fix: keep one of the two: remove `budget` from the free entry, or remove `free` and keep
	// `"budget": "bonus_action"`.
	CodeFreeBudget Code = "free-budget"
	// CodeDuplicateValue: a list names the same value twice.
	//
	// Why: the Engine refuses a repeat in a list that names each value once (an enum's `values`, a
	// state's values, the standard actions an entry offers, damage types, a contest side's checks),
	// which would be offered twice, and two coins of one family with the same `value`, which could
	// not be told apart in change.
	//
	// Fix: remove the repeat, for example `"values": ["low", "high"]` rather than
	// `["low", "high", "low"]`.
	CodeDuplicateValue Code = "duplicate-value"
	// CodeCheckEmpty: a check effect that does nothing.
	//
	// Why: a mechanics `check` changes the check its user is about to make; the Engine refuses one
	// that gives none of `reroll`, `dice`, `successes`, `threshold`, `explode` and `double`, as it
	// would change nothing.
	//
	// Fix: say what it changes, for example `"check": { "successes": 1 }`, or remove `check`.
	CodeCheckEmpty Code = "check-empty"
)

// amountShape is { dice?, flat? } with a whole flat number.
var amountShape = object(opt("dice", diceText), opt("flat", anyInt))

// needAmount reports an amount object that names neither dice nor flat.
func needAmount(d *decoder, n *Node, what string) {
	if n != nil && n.Kind == Object && !present(n, "dice") && !present(n, "flat") {
		d.errorf(n, CodeAmountEmpty, "%s names dice, a flat number, or both", what)
	}
}

// clauseShape is one more amount on the same blow.
var clauseShape = object(
	opt("dice", diceText),
	opt("flat", intIn(-1000, 10000)),
	opt("type", prompt(40)),
	opt("save", object(req("save", sheetIDShape), opt("difficulty", intIn(0, 1000)), req("onSuccess", oneOfWords("none", "half")))),
).with(func(d *decoder, n *Node) { needAmount(d, n, "a damage clause") })

// durationShape is how long an applied condition lasts.
var durationShape = shapeFunc(func(d *decoder, n *Node) {
	switch n.Kind {
	case String:
		oneOfWords("instant", "until-save").check(d, n)
	case Object:
		roundsShape.check(d, n)
	default:
		d.wrongType = true
		d.errorf(n, CodeType, "a duration is \"instant\", \"until-save\" or { rounds }, not %s", n.Kind)
	}
})

// appliesShape is a condition an action or entry puts on its targets.
var appliesShape = object(
	req("condition", sheetIDShape),
	req("duration", durationShape),
	opt("saveEnds", object(req("save", sheetIDShape), req("at", oneOfWords("turn-end", "turn-start")))),
	opt("endsAfter", oneOfWords("own-attack", "attacked", "own-save")),
).with(func(d *decoder, n *Node) {
	if du := n.Get("duration"); du != nil && du.Kind == String && du.Str() == "until-save" && !present(n, "saveEnds") {
		d.lacks(n, "saveEnds", CodeUntilSave, "the condition %q lasts until-save, so it needs saveEnds, the save that ends it", textOf(n.Get("condition")))
	}
})

// reactionMomentShape names the moment a reaction waits for.
var reactionMomentShape = object(
	req("on", oneOfWords("aimed", "hit", "harmed", "used")),
	opt("at", oneOfWords("source", "chosen")),
	opt("cancels", onlyTrue),
	opt("against", object(req("catalogs", idList(1, 12)))),
).with(func(d *decoder, n *Node) {
	on := n.Get("on")
	if c := n.Get("cancels"); c != nil && c.Kind == Bool && c.Truth() && on != nil && on.Kind == String && (on.Str() == "hit" || on.Str() == "harmed") {
		d.errorf(n, CodeReactionCancels, "a reaction on %q comes after the fact, so it cannot cancel; only aimed and used reactions do", on.Str())
	}
})

// riderCore are the keys every rider has.
var riderCore = []member{
	req("on", oneOfWords("hit")),
	opt("when", arrayOf(oneOfWords("advantage", "ally-adjacent"), 1, 2)),
	req("oncePer", oneOfWords("turn", "round")),
	req("amount", amountShape),
	opt("type", prompt(40)),
}

func riderAmount(d *decoder, n *Node) { needAmount(d, n.Get("amount"), "a rider's amount") }

var catalogRiderShape = object(append(append([]member{}, riderCore...),
	opt("sources", idList(1, 8)),
	opt("requires", object(req("column", sheetIDShape))),
)...).with(riderAmount)

// StandardActions are the generic actions a combat block may offer.
var StandardActions = []string{"dash", "disengage", "dodge", "help", "hide", "ready"}

var standardActionShape = oneOfWords(StandardActions...)

// reactionShape is false, true or a moment.
var reactionShape = shapeFunc(func(d *decoder, n *Node) {
	if n.Kind == Bool {
		return
	}
	if n.Kind == Object {
		reactionMomentShape.check(d, n)
		return
	}
	d.wrongType = true
	d.errorf(n, CodeType, "a reaction is true, false or { on, at }, not %s", n.Kind)
})

// riderForbids are the keys a rider entry cannot carry: nobody takes a rider.
var riderForbids = []string{"range", "area", "targets", "friendlyFire", "amount", "damageType", "plus", "attackRoll",
	"save", "cost", "perCostStep", "concentration", "reaction", "targetCount", "autoHit", "applies", "temporary",
	"budget", "free", "gives", "standard"}

// mechanicsBase are the keys of a catalog entry's mechanics, shared with an
// item's use (which drops some and adds its own).
var mechanicsBase = object(
	req("kind", oneOfWords("attack", "heal", "buff", "debuff", "utility", "rider")),
	opt("range", numIn(0, inf)),
	opt("area", object(req("shape", oneOfWords("burst", "cone", "line")), req("size", numAbove(0, inf)))),
	opt("targets", oneOfWords("self", "ally", "enemy", "any")),
	opt("friendlyFire", anyBool),
	opt("amount", amountShape),
	opt("damageType", prompt(40)),
	opt("plus", arrayOf(clauseShape, 0, 3)),
	opt("attackRoll", anyBool),
	opt("save", object(req("save", sheetIDShape), req("onSuccess", oneOfWords("none", "half", "negates")))),
	opt("cost", arrayOf(object(req("pool", sheetIDShape), req("amount", intIn(1, maxInt))), 0, 4)),
	opt("perCostStep", amountShape),
	opt("check", object(
		opt("reroll", rerollShape),
		opt("dice", intIn(1, 10)),
		opt("successes", intIn(1, 10)),
		opt("threshold", intIn(2, 1000)),
		opt("explode", intIn(2, 1000)),
		opt("double", intIn(2, 1000)),
	).with(func(d *decoder, n *Node) {
		if len(n.Children()) == 0 || !(present(n, "reroll") || present(n, "dice") || present(n, "successes") || present(n, "threshold") || present(n, "explode") || present(n, "double")) {
			d.errorf(n, CodeCheckEmpty, "a check effect does something (reroll, dice, successes, threshold, explode or double), or is left out")
		}
	})),
	opt("concentration", anyBool),
	opt("reaction", reactionShape),
	opt("targetCount", intIn(1, 20)),
	opt("autoHit", anyBool),
	opt("applies", arrayOf(appliesShape, 0, 4)),
	opt("temporary", amountShape),
	opt("scales", object(req("from", valueRefShape), req("table", stepTableS))),
	opt("budget", sheetIDShape),
	opt("free", onlyTrue),
	opt("gives", arrayOf(object(req("budget", sheetIDShape), req("count", intIn(1, 10))), 1, 4)),
	opt("standard", object(req("actions", arrayOf(standardActionShape, 1, 6)), req("budget", sheetIDShape))),
	opt("rider", catalogRiderShape),
)

const (
	inf    = math.MaxFloat64 // no upper limit
	maxInt = math.MaxInt64
)

var rerollShape = object(req("upTo", intIn(1, 999)), req("mode", oneOfWords("once", "until")))

// plusAndFree are the rules between keys that mechanics and an item's use share.
func plusAndFree(d *decoder, n *Node) {
	kind := n.Get("kind")
	if p := n.Get("plus"); p != nil {
		if !present(n, "amount") {
			d.errorf(p, CodePlusNeedsAmount, "damage clauses (plus) ride on an amount, and there is none beside them")
		}
		if kind != nil && kind.Kind == String && kind.Str() == "heal" {
			d.errorf(p, CodeHealPlus, "a heal gives health back, so it carries no damage clauses")
		}
	}
	if f := n.Get("free"); f != nil && present(n, "budget") {
		d.errorf(f, CodeFreeBudget, "something free spends no budget, so it names none")
	}
}

var mechanicsShape = mechanicsBase.extend(nil).with(func(d *decoder, n *Node) {
	kind := n.Get("kind")
	isRider := kind != nil && kind.Kind == String && kind.Str() == "rider"
	if present(n, "rider") && !isRider && kind != nil {
		d.errorf(kind, CodeRiderKind, "an entry with a rider is of the kind \"rider\"")
	}
	if isRider {
		if !present(n, "rider") {
			d.missing(n, "rider")
		}
		d.forbid(n, CodeRiderKey, "a rider is passive, so it carries nothing that is taken or spent", riderForbids...)
	}
	plusAndFree(d, n)
	if st := n.Get("standard"); st != nil {
		d.noRepeats(st.Get("actions"), "standard action")
	}
})

// textOf is the text of a string node, "" for anything else.
func textOf(n *Node) string {
	if n != nil && n.Kind == String {
		return n.Str()
	}
	return ""
}

// noRepeats reports each text item of a list that repeats an earlier one.
func (d *decoder) noRepeats(list *Node, what string) {
	if list == nil || list.Kind != Array {
		return
	}
	seen := make(map[string]bool, len(list.Children()))
	for _, c := range list.Children() {
		if c.Kind != String {
			continue
		}
		if seen[c.Str()] {
			d.errorf(c, CodeDuplicateValue, "the %s %q is named twice", what, c.Str())
		}
		seen[c.Str()] = true
	}
}

// mechanics checks a catalog entry's mechanics.
func (d *decoder) mechanics(n *Node) { mechanicsShape.check(d, n) }

// The object shapes the checks above choose between, built once.
var (
	roundsShape = object(req("rounds", intIn(1, 1000)), opt("at", oneOfWords("turn-start")))
)
