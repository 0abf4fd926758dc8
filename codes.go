package main

import "rulebench/model"

// Finding codes the commands report themselves.
const (
	// CodeNoRuleset: migrate found no ruleset to migrate the saves with, though reading it reported no error.
	CodeNoRuleset model.Code = "no-ruleset"
)
