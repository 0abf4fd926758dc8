package model

// Codes of the value rules that the decoder's readers and the block shapes
// share: a value of the wrong JSON type, outside its range, not one of its
// words, or not of its pattern.
const (
	// CodeType: a value of the wrong JSON type (text where a number belongs, a list where an object does).
	//
	// Why: the Engine refuses a value of the wrong type anywhere in the file; rulebench does not
	// look inside a value of the wrong type, so fixing it may bring further findings to light.
	//
	// Fix: write the value in the type its key takes, for example `"max": 6` rather than
	// `"max": "6"`, or `"dice": { "count": 1, "sides": 20 }` rather than `"dice": "1d20"`.
	CodeType Code = "type"
	// CodeRange: a number outside the range its key allows, or a pair of numbers in the wrong order.
	//
	// Why: the Engine refuses a number outside its key's range (ruleset-format.md gives each one,
	// such as `sides` 2..1000) and a pair whose first number is above its second, such as a
	// `min` above its `max` or a threat tier's `health: [lo, hi]` with lo above hi.
	//
	// Fix: bring the number within the range the message gives, or put the pair in order, for
	// example `"health": [8, 14]` rather than `[14, 8]`.
	CodeRange Code = "range"
	// CodeEnum: a word that is not one of the words its key allows.
	//
	// Why: most words of the format come from a closed list that the Engine's own code acts on
	// (a rounding, a resolution kind, a reaction moment), so it refuses any other word, including
	// one that differs only in case.
	//
	// Fix: use one of the words the message lists, for example `"round": "down"` rather than
	// `"round": "truncate"`.
	CodeEnum Code = "enum"
	// CodeIDPattern: an id that does not follow its id pattern.
	//
	// Why: the Engine refuses an id outside its pattern (ruleset-format.md §1.3): sheet ids are a
	// lowercase letter then lowercase letters, digits or underscores (at most 40), while the
	// ruleset id and catalog entry ids use hyphens instead, and `engine-legacy` and `traditional`
	// are reserved.
	//
	// Fix: rewrite the id in its pattern and update what names it, for example `"id": "night_watch"`
	// for a sheet id and `"id": "night-watch"` for an entry id.
	CodeIDPattern Code = "id-pattern"
	// CodeDice: text that is not dice text such as 2d6 or 1d8+3.
	//
	// Why: the Engine rolls dice text itself and refuses any that does not match its pattern: 1 to
	// 999 dice without a leading zero, 2 to 9999 sides, and an optional `+M` or `-M` of up to four
	// digits, so `d6`, `0d6` and `1d1` are refused.
	//
	// Fix: write the count, a `d` and the sides, for example `"1d6"` or `"2d4+1"`.
	CodeDice Code = "dice"
	// CodeOneOf: an object that must hold exactly one of some keys holds none of them, or several.
	//
	// Why: such an object is read by the one key it holds (a value ref, a hideWhen comparison, a
	// catalog's `entries` or `asset`, a loot line's `item`, `filter` or `coins`), so the Engine
	// refuses one that holds none of them or several, where it could not tell which is meant.
	//
	// Fix: keep exactly the one key meant, for example `{ "field": "vigour" }` rather than
	// `{ "field": "vigour", "const": 2 }`.
	CodeOneOf Code = "one-of"
	// CodeAscending: a step table whose thresholds do not rise strictly.
	//
	// Why: a step table is read at the highest threshold at or below its input, so a threshold
	// that repeats or falls could never be the one read; the Engine refuses such a table, and a
	// wound track's box penalty table likewise.
	//
	// Fix: order the pairs by threshold with no repeats, for example
	// `[[0, -1], [3, 0], [6, 1]]`.
	CodeAscending Code = "ascending"
)
