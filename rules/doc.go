// Package rules holds the semantics of a ruleset and its layers: the
// format's cross-reference checks, the layer import checks, layer selection
// with conflicts, the effective ruleset under a selection (guidance, ladder,
// enum narrowing, hidden catalog entries, coins and prices, markets and
// loot), and the Capability API a file needs.
package rules
