package migrate

import "rulebench/model"

// Check runs the migration import refusals. (Stub until the migrations work
// lands.)
func Check(rs *model.Ruleset) []model.Diagnostic { return nil }
