package rules

import "rulebench/model"

// CheckFormat runs the format's cross-reference checks on the base ruleset.
func CheckFormat(rs *model.Ruleset) []model.Diagnostic { return nil }
