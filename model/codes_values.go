package model

// Codes of the value rules that the decoder's readers and the block shapes
// share: a value of the wrong JSON type, outside its range, not one of its
// words, or not of its pattern.
const (
	// CodeType: a value of the wrong JSON type (text where a number belongs, a list where an object does).
	CodeType Code = "type"
	// CodeRange: a number outside the range its key allows, or a pair of numbers in the wrong order.
	CodeRange Code = "range"
	// CodeEnum: a word that is not one of the words its key allows.
	CodeEnum Code = "enum"
	// CodeIDPattern: an id that does not follow its id pattern.
	CodeIDPattern Code = "id-pattern"
	// CodeDice: text that is not dice text such as 2d6 or 1d8+3.
	CodeDice Code = "dice"
	// CodeOneOf: an object that must hold exactly one of some keys holds none of them, or several.
	CodeOneOf Code = "one-of"
	// CodeAscending: a step table whose thresholds do not rise strictly.
	CodeAscending Code = "ascending"
)
