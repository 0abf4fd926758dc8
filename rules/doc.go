// Package rules holds the semantics of a ruleset and its layers: the
// format's cross-reference checks, the layer import checks, layer selection
// with conflicts, the effective ruleset under a selection (guidance, ladder,
// enum narrowing, hidden catalog entries, coins and prices, markets and
// loot), and the Capability API a file needs.
//
// It imports only the model package and the standard library, and returns
// values (findings as model.Diagnostic, effective rulesets as plain
// structs); rendering is the caller's business.
//
// # Format checks
//
// CheckFormat runs the format's cross-reference checks on the base ruleset
// (ruleset-format.md): ids that must exist and be of the right kind,
// defaults and labels that must fit their values, unique ids, value refs
// worked out without live state (through derived values, live-state tables
// and skill or save caps too), coins, markets, loot tables, items (stats,
// slots, binding, services) and rarity caps. Shapes were checked when model
// read the file, and a value of the wrong shape is not judged again.
//
// # Layer checks
//
// CheckLayers runs the Engine's import-time layer checks
// (engine-behaviour.md §3 and the layer items of decisions.md §2) and
// reports each problem at the exact JSON path the Engine uses. The shape
// limits (12 layers, lengths, prompt-safe text, 4000 characters of guidance)
// are checked when model decodes the file and are not repeated.
//
// # Selection and the effective ruleset
//
// A Resolver prepares, once per ruleset, everything that does not depend on
// the selection. Resolver.Resolve then works out an Effective ruleset for a
// list of layer ids, as the Engine does for a pinned game
// (engine-behaviour.md §1.1 and §2): layers in declaration order, the later
// of two conflicting layers dropped, the layered definition validated with
// the effective rules and, when it fails, rebuilt one layer at a time.
// NewGameIssues is the strict check the Engine runs when a game is created
// (§1.2). The result is fast enough to recompute on every toggle of a UI.
//
// # Coins, prices, markets and loot
//
// Effective lists the coins that remain, each item's own price (as written,
// or re-expressed in the largest remaining coin that pays it exactly, or no
// price), its market price at every price level, the sellers the layers
// leave, the items no seller offers, the loot tables as they now roll and
// the loot lines that drop nothing (engine-behaviour.md §4 to §7).
//
// # Sample saves
//
// Effective.KeptInSave lists the values a stored sheet holds that the
// layers no longer offer; the Engine keeps and shows them. Coins are read
// from a "purse" record in the build (see PurseKey).
//
// # Capability API
//
// CapabilityNeeds lists the features a workspace uses with the minor
// version each needs; CheckCapability compares the highest with a package
// manifest.
//
// An entry whose tags list is empty is kept under a notIn rule (it has no
// word, like an entry that sets no value), as the Engine has decided
// (decisions §7).
//
// # Choices where the specification is silent
//
//   - A loot filter line whose every matching item is hidden drops nothing,
//     as a line naming a hidden item does.
//   - Validating a layered definition judges only what layering changes:
//     the joined guidance, a layer's ladder and the narrowed enum fields
//     (with the hideWhen rules comparing them). The base's own problems are
//     reported by the format checks, not by dropping layers.
//   - Market prices cover hidden items too; whether the Engine's market
//     leaves them out is not established, and the market notes say so.
//   - Every finding is reported; the Engine stops at 40. The layer checks
//     keep the Engine's order (layer by layer; ids, conflicts, fields,
//     ladder, currencies, catalogs, then a layer's items), except that the
//     guidance limits are found when model reads the file, with the other
//     shape problems; the command line sorts findings by position anyway.
//   - A layer's seller removal that is skipped is named in the market notes
//     and in Market.Skipped; the layer itself stays applied.
//   - Not checked: an item's charges needing use.charges and a stack of 1
//     (use and charges are kept as written, not modelled).
package rules
