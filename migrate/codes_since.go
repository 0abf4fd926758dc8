package migrate

import "rulebench/model"

// Finding codes of the comparison with a previous version (Since).
const (
	// CodeSinceLost: a stored id of the previous version is gone and no migration moves its values.
	//
	// Why: the spec's rule for `sheet.migrations` is that no character loses a value when the sheet
	// changes; an id of the previous version that is gone, with no step moving it, leaves every old
	// save's value where nothing reads it.
	//
	// Fix: add a step that moves it, as the draft entry proposes: `{ "from": 3, "steps": [ {
	// "rename": "field", "from": "xp", "to": "experience" } ] }`, with `sheet.version` raised to 4.
	CodeSinceLost model.Code = "since-lost"
	// CodeSinceVersionUnchanged: stored ids are gone while sheet.version did not go up, so no entry can run.
	//
	// Why: an entry runs on saves with `v` at or below its `from`, and only up to `sheet.version`;
	// if stored ids changed but the version did not go up, no entry can run and old saves keep
	// values nothing reads.
	//
	// Fix: raise `sheet.version` by one and add the entry from the old version: `"version": 4` with
	// `{ "from": 3, "steps": [...] }`.
	CodeSinceVersionUnchanged model.Code = "since-version-unchanged"
	// CodeSinceEnumValue: an enum value the previous version offered, held by sample saves, is no longer offered.
	//
	// Why: sheets keep an enum value their save holds even when the ruleset no longer offers it
	// (per the spec), but the editor no longer offers it, so such characters show a value nobody
	// can choose again.
	//
	// Fix: offer the value again, or move it with a step (for a list column, `setColumn`: `{
	// "setColumn": { "list": "spells", "where": { "school": ["Old"] }, "column": "school", "to":
	// "New" } }`).
	CodeSinceEnumValue model.Code = "since-enum-value"
)
