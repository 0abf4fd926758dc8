package migrate

import "rulebench/model"

// Finding codes of the comparison with a previous version (Since).
const (
	// CodeSinceLost: a stored id of the previous version is gone and no migration moves its values.
	CodeSinceLost model.Code = "since-lost"
	// CodeSinceVersionUnchanged: stored ids are gone while sheet.version did not go up, so no entry can run.
	CodeSinceVersionUnchanged model.Code = "since-version-unchanged"
	// CodeSinceEnumValue: an enum value the previous version offered, held by sample saves, is no longer offered.
	CodeSinceEnumValue model.Code = "since-enum-value"
)
