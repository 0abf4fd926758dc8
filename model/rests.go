package model

import "math"

// Rests (ruleset-format.md §3.9): their shape. What a step names is checked
// against the sheet in rules.

// Codes of the rest shape rules.
const (
	// CodeRestTarget: a rest step names no target, or more than one.
	//
	// Why: a rest step restores exactly one thing, and the Engine refuses one that names none, or
	// more than one, of `pool`, `poolGroup`, `listPools`, `track` and `state` (ruleset-format.md
	// §3.9).
	//
	// Fix: split the step into one step per target, for example
	// `{ "pool": "stamina", "to": "max" }` and `{ "track": "fatigue", "by": { "const": -1 } }`.
	CodeRestTarget Code = "rest-target"
	// CodeRestAmount: a rest step has neither or both of to and by.
	//
	// Why: a rest step either sets its target (`to`) or changes it (`by`); the Engine refuses a
	// step with both or neither, as it could not tell how much to restore.
	//
	// Fix: keep exactly one of the two, for example `"to": "max"` or
	// `"by": { "fractionOfMax": 0.5, "round": "up" }`.
	CodeRestAmount Code = "rest-amount"
	// CodeRestTo: a rest step's "to" does not fit what it restores.
	//
	// Why: what a rest step's `to` may be depends on its target: on a `state` step it is text,
	// `"default"` or one of the state's values; on any other step it is `"max"`, `"min"` or a whole
	// number. The Engine refuses any other `to`.
	//
	// Fix: write the `to` its target takes, for example `{ "pool": "stamina", "to": "max" }` or
	// `{ "state": "posture", "to": "default" }`.
	CodeRestTo Code = "rest-to"
	// CodeRestKey: a rest step key that only goes with another target (kind, recharge).
	//
	// Why: `kind` only narrows a `track` step (to marks of that kind) and `recharge` only filters a
	// `listPools` step (by its recharge column), so the Engine refuses either on another step,
	// where it would narrow nothing.
	//
	// Fix: remove the key, or put it on the step it belongs to, for example
	// `{ "listPools": "talents", "recharge": ["morning"], "to": "max" }`.
	CodeRestKey Code = "rest-key"
)

var restTargets = []string{"pool", "poolGroup", "listPools", "track", "state"}

// restToShape is "max", "min", a whole number or (on a state step) text.
var restToShape = shapeFunc(func(d *decoder, n *Node) {
	switch n.Kind {
	case Number:
		d.integer(n, minInt, maxInt)
	case String:
		d.text(n, 1, 80, plainText)
	default:
		d.wrongType = true
		d.errorf(n, CodeType, "to is \"max\", \"min\", a whole number or a state's value, not %s", n.Kind)
	}
})

// restByShape is { const } or { fractionOfMax, round?, min? }.
var restByShape = shapeFunc(func(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	if present(n, "const") && !present(n, "fractionOfMax") {
		restConstShape.check(d, n)
		return
	}
	restFractionShape.check(d, n)
})

const minInt = math.MinInt64

var restStepShape = object(
	opt("pool", sheetIDShape),
	opt("poolGroup", sheetIDShape),
	opt("listPools", sheetIDShape),
	opt("recharge", arrayOf(plainIn(1, 80), 1, 12)),
	opt("track", sheetIDShape),
	opt("kind", sheetIDShape),
	opt("state", sheetIDShape),
	opt("to", restToShape),
	opt("by", restByShape),
).with(func(d *decoder, n *Node) {
	to := n.Get("to")
	if to != nil {
		switch {
		case present(n, "state") && to.Kind != String:
			d.errorf(to, CodeRestTo, "a state step sets the state with \"to\": \"default\" or one of its values")
		case !present(n, "state") && to.Kind == String && to.Str() != "max" && to.Str() != "min":
			d.errorf(to, CodeRestTo, "to is \"max\", \"min\" or a whole number, not %q", to.Str())
		}
	}
	if k := n.Get("kind"); k != nil && !present(n, "track") {
		d.errorf(k, CodeRestKey, "kind narrows a track step only")
	}
	count := 0
	for _, t := range restTargets {
		if present(n, t) {
			count++
		}
	}
	if count != 1 {
		d.errorf(n, CodeRestTarget, "a rest step names exactly one of pool, poolGroup, listPools, track and state; this one names %d", count)
	}
	if present(n, "to") == present(n, "by") {
		d.errorf(n, CodeRestAmount, "a rest step has exactly one of to and by")
	}
	if r := n.Get("recharge"); r != nil && !present(n, "listPools") {
		d.errorf(r, CodeRestKey, "recharge filters a listPools step only")
	}
})

var restShape = object(
	req("id", sheetIDShape),
	req("label", prompt(80)),
	opt("restore", arrayOf(restStepShape, 0, 40)),
	opt("clear", object(
		opt("text", idList(0, 12)),
		opt("conditions", shapeFunc(func(d *decoder, n *Node) {
			if n.Kind == String {
				oneOfWords("all").check(d, n)
				return
			}
			idList(0, 80).check(d, n)
		})),
	)),
)

// rests checks the shape of the rests list.
func (d *decoder) rests(n *Node) {
	arrayOf(restShape, 0, 12).check(d, n)
	d.uniqueBy(n, "id", "rest")
}

// The object shapes the checks above choose between, built once.
var (
	restConstShape    = object(req("const", anyInt))
	restFractionShape = object(req("fractionOfMax", numAbove(0, 1)), opt("round", oneOfWords("down", "up", "nearest")), opt("min", intIn(0, maxInt)))
)
