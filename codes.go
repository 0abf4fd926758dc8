package main

import "rulebench/model"

// Finding codes the commands report themselves.
const (
	// CodeNoRuleset: migrate found no ruleset to migrate the saves with, though reading it reported no error.
	//
	// Why: migrate rehearses each save against the ruleset's sheet and `sheet.migrations`, so with no
	// ruleset there is nothing to migrate with; reading the PATH normally says what is wrong, and this
	// error stands in when nothing did, so the run is never taken for a clean one.
	//
	// Fix: give migrate a PATH that holds a ruleset (a ruleset file, a package folder with
	// `ruleset.json`, or a catalog artifact): `rulebench migrate my-ruleset.json saves/hero.json`.
	CodeNoRuleset model.Code = "no-ruleset"
)
