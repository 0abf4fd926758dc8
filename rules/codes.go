package rules

import "rulebench/model"

// Finding codes of the Capability API check.
//
//rulebench:category capability
const (
	// CodeCapabilityTooLow: the manifest declares a Capability API minor below what the package uses.
	//
	// Why: a packaged ruleset declares in its manifest the Capability API version it needs, and
	// the Engine refuses the install when the package uses a feature of a later minor than the one
	// declared (ruleset-format.md §9, engine-behaviour.md §8); the package needs the largest minor
	// of all the features it uses. A file imported on its own declares nothing and is not checked.
	//
	// Fix: raise the minor to the version the finding names, for example `"capabilityApi": {
	// "major": 1, "minor": 65 }` for a package with a market; `rulebench fix` makes that change
	// for you.
	CodeCapabilityTooLow model.Code = "capability-too-low"
)

// Finding codes of a layer selection, as the Engine's new-game check sees it.
//
//rulebench:category layers
const (
	// CodeLayerUnknown: a layer selection names an id that no layer of the ruleset has.
	//
	// Why: the Engine refuses to create a new game whose options turn on `layer.<id>` for an id
	// the ruleset declares no layer with (issue `ruleset_layer_unknown`, engine-behaviour.md
	// §1.2); a game already pinned with such an option only ignores it.
	//
	// Fix: turn on a layer the ruleset declares, spelt as its `id`: `--on dry_season` needs `{
	// "id": "dry_season", "label": "Dry season" }` in `layers`.
	CodeLayerUnknown model.Code = "ruleset_layer_unknown"
	// CodeLayerConflict: a layer selection holds two layers that conflict with each other.
	//
	// Why: two layers conflict when either lists the other in `conflicts`; the Engine refuses a
	// new game that turns both on (issue `ruleset_layer_conflict`), and a game already pinned with
	// both keeps the one declared first and drops the later one (engine-behaviour.md §1).
	//
	// Fix: turn on only one of the two, or, if they can go together after all, take each out of
	// the other's `conflicts`: `{ "id": "dry_season", "conflicts": [] }`.
	CodeLayerConflict model.Code = "ruleset_layer_conflict"
)
