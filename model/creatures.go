package model

// Creature entries of a bestiary catalog (ruleset-format.md §4.3): their
// shape. The names a creature uses are checked against the ruleset in rules.

// Codes of the creature shape rules.
const (
	// CodeSequenceKey: a sequence action carries something of its own.
	//
	// Why: a creature action with `sequence` only resolves the other actions it names, all for one
	// budget, so the Engine refuses it carrying anything of its own (`toHit`, `autoHit`, `damage`,
	// `save`, `saveDifficulty`, `applies`, `targetCount`, `area`, `reaction` or `self`).
	//
	// Fix: move what it does into an action of its own and name that one in the sequence, for
	// example `"sequence": [ { "action": "lunge", "times": 2 } ]`.
	CodeSequenceKey Code = "sequence-key"
	// CodeSelfTarget: an action that lands on the creature itself names other targets.
	//
	// Why: an action with `"self": true` lands on the creature itself, leaving nobody else to pick
	// or catch, so the Engine refuses `targetCount` or `area` beside it.
	//
	// Fix: remove `targetCount` and `area` from the action, for example
	// `{ "id": "parry", "name": "Parry", "budget": "reaction", "self": true }`.
	CodeSelfTarget Code = "self-target"
	// CodeReactionSignature: an action is both a reaction and a signature action.
	//
	// Why: a reaction is taken at its moment, while a signature action is bought between turns
	// with the creature's points, so the Engine refuses an action that is both.
	//
	// Fix: keep one of `reaction` and `signature`, or split the action in two, for example one
	// with `"reaction": { "on": "hit" }` and another with `"signature": { "cost": 2 }`.
	CodeReactionSignature Code = "reaction-signature"
	// CodeSaveDifficulty: an action's saveDifficulty is missing where a save-ends needs it, or given beside a save.
	//
	// Why: a condition that ends on a save (`saveEnds`) needs a difficulty to roll against, which
	// the Engine takes from the action's own `save` or else its `saveDifficulty`; it refuses an
	// action with neither (everybody would pass), and one that gives `saveDifficulty` beside a
	// `save`, whose difficulty is the one used.
	//
	// Fix: give the action `"saveDifficulty": 13` when it has no `save`, or remove
	// `saveDifficulty` when it has one.
	CodeSaveDifficulty Code = "save-difficulty"
	// CodeRechargeUnreachable: a recharge number the recharge dice can never roll.
	//
	// Why: a recharge brings the action back when its dice roll `from` or more, so a `from` above
	// the dice's highest total means the action is used once and never again; the Engine refuses
	// it, as that is what `uses` is for.
	//
	// Fix: lower `from` to what the dice can roll, for example
	// `"recharge": { "dice": { "count": 1, "sides": 6 }, "from": 5 }`, or write
	// `"uses": { "per": "encounter", "count": 1 }` instead.
	CodeRechargeUnreachable Code = "recharge-unreachable"
	// CodeSignaturePoints: signature actions without signaturePoints, or costing more than there are.
	//
	// Why: signature actions are bought out of the creature's `signaturePoints`, which only ever
	// come back to that number, so the Engine refuses signature actions on a creature without
	// points and a `cost` above them, which could never be paid.
	//
	// Fix: give the creature enough points, for example `"signaturePoints": 3`, or lower the
	// action's `"signature": { "cost": 2 }`.
	CodeSignaturePoints Code = "signature-points"
	// CodeCreatureSheetKey: a creature written as a sheet also gives a number the sheet gives.
	//
	// Why: a creature written with a `sheet` is built the way a party member is, so the Engine
	// refuses `health`, `defense`, `initiativeModifier`, `speed`, `abilities`, `saves`, `checks`,
	// `soak` or `hardness` beside it, keeping one place each number comes from.
	//
	// Fix: remove the key and let the sheet give the number, for example set the ability in
	// `"sheet": { "abilities": { "might": 3 } }` rather than in `abilities`.
	CodeCreatureSheetKey Code = "creature-sheet-key"
	// CodeCreatureNeeds: a creature without a sheet lacks health, defense, initiativeModifier or an action.
	//
	// Why: a creature without a `sheet` is written in plain numbers, and the Engine refuses one
	// that lacks its `health`, `defense` or `initiativeModifier`, or that has no action, as it
	// would have nothing to do in a fight.
	//
	// Fix: add the missing numbers and at least one action, for example
	// `"health": 12, "defense": 11, "initiativeModifier": 1`, or write the creature as a `sheet`.
	CodeCreatureNeeds Code = "creature-needs"
	// CodeRangeLong: a long distance shorter than the ordinary one.
	//
	// Why: `long` is how far a throw or shot still carries beyond its ordinary `normal` distance,
	// so the Engine refuses a `long` shorter than `normal`, on a creature's action and on a
	// weapon item's attack alike.
	//
	// Fix: make `long` at least `normal`, for example `"range": { "normal": 6, "long": 18 }`, or
	// leave `long` out.
	CodeRangeLong Code = "range-long"
)

// creatureHealthShape is a whole number or { dice, flat? }.
var creatureHealthShape = shapeFunc(func(d *decoder, n *Node) {
	switch n.Kind {
	case Number:
		d.integer(n, 1, 100_000)
	case Object:
		diceFlatShape.check(d, n)
	default:
		d.wrongType = true
		d.errorf(n, CodeType, "health is a whole number or { dice, flat }, not %s", n.Kind)
	}
})

// creatureRangeShape is a distance, or { normal, long? }.
var creatureRangeShape = shapeFunc(func(d *decoder, n *Node) {
	switch n.Kind {
	case Number:
		numIn(0, 10000).check(d, n)
	case Object:
		rangeShape.check(d, n)
	default:
		d.wrongType = true
		d.errorf(n, CodeType, "range is a distance or { normal, long }, not %s", n.Kind)
	}
})

// longAfterNormal reports a written long distance below the ordinary one.
func longAfterNormal(d *decoder, n *Node) {
	normal, long := n.Get("normal"), n.Get("long")
	if normal != nil && long != nil && normal.Kind == Number && long.Kind == Number && long.Num() < normal.Num() {
		d.errorf(long, CodeRangeLong, "the long distance %s is shorter than the ordinary one %s", long.Raw(), normal.Raw())
	}
}

// sequenceForbids are the keys a sequence action cannot carry.
var sequenceForbids = []string{"toHit", "autoHit", "damage", "save", "saveDifficulty", "applies", "targetCount", "area", "reaction", "self"}

var creatureActionShape = object(
	req("id", sheetIDShape),
	req("name", prompt(80)),
	req("budget", sheetIDShape),
	opt("toHit", intIn(-50, 100)),
	opt("autoHit", anyBool),
	opt("damage", object(
		opt("dice", diceText),
		opt("flat", intIn(-1000, 10000)),
		opt("type", prompt(40)),
		opt("plus", arrayOf(clauseShape, 0, 3)),
	).with(func(d *decoder, n *Node) { needAmount(d, n, "damage") })),
	opt("save", object(req("save", sheetIDShape), req("difficulty", intIn(0, 1000)), req("onSuccess", oneOfWords("none", "half", "negates")))),
	opt("saveDifficulty", intIn(0, 1000)),
	opt("applies", arrayOf(appliesShape, 0, 4)),
	opt("targetCount", intIn(1, 20)),
	opt("reach", numIn(0, 10000)),
	opt("range", creatureRangeShape),
	opt("area", object(req("shape", oneOfWords("burst", "cone", "line")), req("size", numAbove(0, 10000)), opt("friendlyFire", anyBool))),
	opt("uses", object(req("per", oneOfWords("encounter", "day")), req("count", intIn(1, 20)))),
	opt("recharge", object(req("dice", combatDiceShape), req("from", intIn(1, 1000)))),
	opt("sequence", arrayOf(object(req("action", sheetIDShape), opt("times", intIn(1, 10))), 1, 6)),
	opt("signature", object(req("cost", intIn(1, 20)))),
	opt("reaction", reactionMomentShape),
	opt("self", onlyTrue),
).with(func(d *decoder, n *Node) {
	if present(n, "sequence") {
		d.forbid(n, CodeSequenceKey, "a sequence only resolves the actions it names", sequenceForbids...)
	}
	if present(n, "self") {
		d.forbid(n, CodeSelfTarget, "an action that lands on the creature itself takes no other target", "targetCount", "area")
	}
	if sig := n.Get("signature"); sig != nil && present(n, "reaction") {
		d.errorf(sig, CodeReactionSignature, "a reaction is taken at its moment, so it is not also bought with points")
	}
	if sd := n.Get("saveDifficulty"); sd != nil && present(n, "save") {
		d.errorf(sd, CodeSaveDifficulty, "this action has a save of its own, whose difficulty a save-ends uses; saveDifficulty is not needed")
	}
	if rc := n.Get("recharge"); rc != nil {
		dice, from := rc.Get("dice"), rc.Get("from")
		cnt, sides := dice.Get("count"), dice.Get("sides")
		if from != nil && cnt != nil && sides != nil && from.Kind == Number && cnt.Kind == Number && sides.Kind == Number && from.Num() > cnt.Num()*sides.Num() {
			d.errorf(from, CodeRechargeUnreachable, "these dice roll %v at most, so a recharge from %s never comes", cnt.Num()*sides.Num(), from.Raw())
		}
	}
	if !present(n, "save") && !present(n, "saveDifficulty") {
		for _, a := range kids(n.Get("applies")) {
			if present(a, "saveEnds") {
				d.lacks(n, "saveDifficulty", CodeSaveDifficulty, "a condition that ends on a save needs a difficulty: give the action a save or a saveDifficulty")
				break
			}
		}
	}
})

var hideEntryShape = shapeFunc(func(d *decoder, n *Node) {
	switch n.Kind {
	case String:
		d.text(n, 1, 40, promptSafe)
	case Object:
		resistExceptShape.check(d, n)
	default:
		d.wrongType = true
		d.errorf(n, CodeType, "a damage type is text or { type, except }, not %s", n.Kind)
	}
})

var creatureRiderShape = object(append(append([]member{req("id", sheetIDShape), req("name", prompt(80))}, riderCore...),
	opt("actions", idList(1, 12)),
)...).with(riderAmount)

var creatureSheetShape = object(
	opt("abilities", recordOf(anyNum)),
	opt("skills", recordOf(plain(40))),
	opt("saves", recordOf(plain(40))),
	opt("bonuses", recordOf(anyNum)),
	opt("fields", recordOf(sheetScalarShape)),
	opt("lists", recordOf(arrayOf(recordOf(sheetScalarShape), 0, 500))),
)

// creatureSheetReplaces are the keys a creature written as a sheet takes from
// the sheet; creaturePlainNeeds those a creature without one must give.
var (
	creatureSheetReplaces = []string{"health", "defense", "initiativeModifier", "speed", "abilities", "saves", "checks", "soak", "hardness"}
	creaturePlainNeeds    = []string{"health", "defense", "initiativeModifier"}
)

var creatureShape = object(
	opt("health", creatureHealthShape),
	opt("defense", intIn(0, 1000)),
	opt("speed", numIn(0, 10000)),
	opt("initiativeModifier", intIn(-50, 100)),
	opt("abilities", recordOf(intIn(-1000, 1000))),
	opt("saves", recordOf(intIn(-50, 50))),
	opt("checks", recordOf(intIn(-100, 100))),
	opt("soak", object(opt("all", intIn(0, 100)), opt("byKind", recordOf(intIn(0, 100))))),
	opt("hardness", intIn(0, 100)),
	opt("resist", arrayOf(hideEntryShape, 0, 30)),
	opt("vulnerable", arrayOf(prompt(40), 0, 30)),
	opt("immune", arrayOf(hideEntryShape, 0, 30)),
	opt("conditionImmunities", idList(0, 40)),
	req("tier", sheetIDShape),
	opt("traits", arrayOf(object(req("name", prompt(60)), req("text", prompt(400))), 0, 8)),
	opt("signaturePoints", intIn(1, 20)),
	opt("actions", arrayOf(creatureActionShape, 0, 12)),
	opt("riders", arrayOf(creatureRiderShape, 1, 4)),
	opt("sheet", creatureSheetShape),
	opt("loot", sheetIDShape),
).with(func(d *decoder, n *Node) {
	d.uniqueBy(n.Get("actions"), "id", "action")
	d.uniqueBy(n.Get("riders"), "id", "rider")
	points := n.Get("signaturePoints")
	for _, a := range kids(n.Get("actions")) {
		sig := a.Get("signature")
		if sig == nil {
			continue
		}
		if points == nil {
			d.lacks(n, "signaturePoints", CodeSignaturePoints, "an action bought with points needs signaturePoints to buy it from")
			points = &Node{} // reported once
			continue
		}
		if cost := sig.Get("cost"); cost != nil && cost.Kind == Number && points.Kind == Number && cost.Num() > points.Num() {
			d.errorf(cost, CodeSignaturePoints, "this action costs %s and the creature only ever has %s points", cost.Raw(), points.Raw())
		}
	}
	if present(n, "sheet") {
		d.forbid(n, CodeCreatureSheetKey, "a creature written as a sheet takes this from its sheet", creatureSheetReplaces...)
		return
	}
	for _, k := range creaturePlainNeeds {
		if !present(n, k) {
			d.lacks(n, k, CodeCreatureNeeds, "a creature without a sheet needs its %s", k)
		}
	}
	if acts := n.Get("actions"); acts == nil || acts.Kind == Array && len(acts.Children()) == 0 {
		path, pos := n.Path()+".actions", n.Pos()
		if acts != nil {
			pos = acts.Pos()
		}
		if d.room(Error) {
			d.diags = append(d.diags, Diagnostic{Severity: Error, Code: CodeCreatureNeeds, File: d.file, Path: ShortPath(path),
				Line: pos.Line, Column: pos.Column, Message: "a creature without a sheet needs at least one action"})
		}
	}
})

// creature checks the shape of a creature and returns its typed view.
func (d *decoder) creature(n *Node) *Creature {
	creatureShape.check(d, n)
	cr := &Creature{Node: n}
	if t := n.Get("tier"); t != nil && t.Kind == String {
		cr.Tier = t.Str()
	}
	if l := n.Get("loot"); l != nil && l.Kind == String {
		cr.Loot = l.Str()
	}
	return cr
}

// The object shapes the checks above choose between, built once.
var (
	diceFlatShape     = object(req("dice", diceText), opt("flat", intIn(-1000, 100_000)))
	rangeShape        = object(req("normal", numIn(0, 10000)), opt("long", numIn(0, 10000))).with(longAfterNormal)
	resistExceptShape = object(req("type", prompt(40)), req("except", idList(1, 8)))
)
