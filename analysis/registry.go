package analysis

import (
	"slices"
	"strings"

	"rulebench/model"
)

//go:generate go run ./internal/codereg/gen

// CodeInfo is what the code registry knows about one finding code: where it
// is declared, what it means and, when every finding of the code is of one
// category, that category. `rulebench explain` and the SARIF rule list are
// built from it.
type CodeInfo struct {
	// Code is the code as findings carry it.
	Code model.Code
	// Name is the constant that declares it (CodeUnknownKey).
	Name string
	// Package is the import path of the package that declares and reports it.
	Package string
	// Summary says in plain words what the code means (its doc comment).
	Summary string
	// Why says why the Engine, or the spec, refuses a file with such a
	// finding (for a warning, what goes wrong if it stays); Fix says what
	// to change, with an example. Both come from the doc comment's "Why:"
	// and "Fix:" paragraphs.
	Why, Fix string
	// Category is the category of every finding of the code, when
	// FixedCategory; findings of a code without a fixed category may be of
	// several (a shape rule shared by the ruleset and the manifest).
	Category      model.Category
	FixedCategory bool
}

// Codes returns every finding code declared in the module, sorted by code.
func Codes() []CodeInfo { return slices.Clone(registry) }

// LookupCode returns what the registry knows about a code, and whether the
// code is declared.
func LookupCode(c model.Code) (CodeInfo, bool) {
	i, ok := slices.BinarySearchFunc(registry, c, func(e CodeInfo, c model.Code) int {
		return strings.Compare(string(e.Code), string(c))
	})
	if !ok {
		return CodeInfo{}, false
	}
	return registry[i], true
}
