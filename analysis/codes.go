package analysis

import "rulebench/model"

// Finding codes the analysis reports itself.
const (
	// CodeLayerDropped: a layer turned on is not applied, because it would break the ruleset (the Engine's fallback drops it).
	//
	// Why: when the layered ruleset fails validation, the Engine keeps the layers turned on one by one
	// in declaration order while they still validate (engine-behaviour.md §2.2); this layer fails alone
	// or with those kept before it, so a game with it on runs without it. The usual cause is two layers
	// that together remove every value of an enum field.
	//
	// Fix: make the layers work together, for example by leaving each enum field a value no layer
	// removes, or declare that they cannot be on at once: `"conflicts": ["early_thaw"]`.
	CodeLayerDropped model.Code = "layer-dropped"

	// CodeNoRuleset: migrate found no ruleset to migrate the saves with, though reading it reported no error.
	//
	// Why: migrate rehearses each save against the ruleset's sheet and `sheet.migrations`, so with no
	// ruleset there is nothing to migrate with; reading the PATH normally says what is wrong, and this
	// error stands in when nothing did, so the run is never taken for a clean one.
	//
	// Fix: give migrate a PATH that holds a ruleset (a ruleset file, a package folder with
	// `ruleset.json`, or a catalog artifact): `rulebench migrate my-ruleset.json saves/hero.json`.
	CodeNoRuleset model.Code = "no-ruleset"

	// CodeUnusedIgnore: a rulebench:ignore directive, or one code it names, suppresses no finding.
	//
	// Why: a directive (`"$comment": "rulebench:ignore CODE reason"`) keeps the findings of CODE on
	// its object and below out of the report; one that suppresses nothing was written for a finding
	// that is gone, or names the wrong code or the wrong object, and would silently hide a new
	// finding of that code later. A code that is no finding code at all suppresses nothing either.
	//
	// Fix: delete the directive, or the code from its list, once its finding is fixed; or move it to
	// the object the finding is on, with the code as `rulebench explain` spells it:
	// `"$comment": "rulebench:ignore locale-stale kept for the 1.x saves"`.
	CodeUnusedIgnore model.Code = "unused-ignore"

	// CodeConfig: the configuration file (rulebench.json or .rulebench.json) is not as rulebench reads it.
	//
	// Why: the configuration chooses which findings a project sees (`select`, `ignore`, `severity`,
	// `paths`); rulebench will not guess at one it cannot read whole, since a mistake there would
	// hide findings or report ones the project chose not to see, so the run stops with exit 2.
	//
	// Fix: write the file as an object of those keys, each code as `rulebench explain` lists it:
	// `{ "ignore": ["locale-stale"], "severity": { "unlisted-file": "error" }, "paths": {
	// "legacy/": { "ignore": ["layer-dropped"] } } }`.
	CodeConfig model.Code = "config-invalid"
)
