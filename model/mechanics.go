package model

import "math"

// The shapes a catalog entry's mechanics, a creature's actions and an item's
// use share: amounts, damage clauses, conditions applied, reactions, riders
// (ruleset-format.md §4.5).

// Codes of the mechanics rules.
const (
	// CodeTrueOnly: a key that is written only as true was written as false.
	CodeTrueOnly Code = "true-only"
	// CodeAmountEmpty: an amount, clause or damage names neither dice nor a flat number.
	CodeAmountEmpty Code = "amount-empty"
	// CodeUntilSave: a condition lasting "until-save" does not say which save ends it.
	CodeUntilSave Code = "until-save"
	// CodeReactionCancels: only an aimed or used reaction may cancel what it answers.
	CodeReactionCancels Code = "reaction-cancels"
	// CodeRiderKind: a rider and the kind "rider" do not come together.
	CodeRiderKind Code = "rider-kind"
	// CodeRiderKey: a rider entry carries a key that only something taken can have.
	CodeRiderKey Code = "rider-key"
	// CodePlusNeedsAmount: damage clauses (plus) without a first amount beside them.
	CodePlusNeedsAmount Code = "plus-needs-amount"
	// CodeHealPlus: a heal carries damage clauses.
	CodeHealPlus Code = "heal-plus"
	// CodeFreeBudget: something free also names a budget.
	CodeFreeBudget Code = "free-budget"
	// CodeDuplicateValue: a list names the same value twice.
	CodeDuplicateValue Code = "duplicate-value"
	// CodeCheckEmpty: a check effect that does nothing.
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
		object(req("rounds", intIn(1, 1000)), opt("at", oneOfWords("turn-start"))).check(d, n)
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
