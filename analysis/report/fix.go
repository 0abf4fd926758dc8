package report

import "rulebench/model"

// Fix is the JSON document of `rulebench fix --json`.
type Fix struct {
	SchemaVersion int `json:"schemaVersion"`
	// Changed tells whether anything would change (or, with -w, changed).
	Changed bool `json:"changed"`
	// Written tells whether the files were written (-w).
	Written bool      `json:"written"`
	Files   []FixFile `json:"files"`
}

// FixFile is one file fix changes: its values, and the unified diff.
type FixFile struct {
	File    string      `json:"file"`
	Changes []FixChange `json:"changes"`
	Diff    string      `json:"diff"`
}

// FixChange is one value fix writes: where (the JSON path of the value),
// the code of the finding it mends, and the value before and after.
type FixChange struct {
	Path string     `json:"path"`
	Code model.Code `json:"code"`
	Old  any        `json:"old"`
	New  any        `json:"new"`
}
