package migrate

import (
	"testing"

	"rulebench/model"
)

// A ruleset whose sheet.version did not read (it is reported when the file
// is read) migrates no save, and says so on each.
func TestApplyWithoutSheetVersion(t *testing.T) {
	rs := withMigrations(t, 2, `[]`)
	rs.Sheet.Version = 0
	r := New(rs).Apply(save(t, `{"v": 1, "build": {}}`))
	if r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != CodeMigrationNoVersion ||
		r.Diagnostics[0].Category != model.Saves || r.Diagnostics[0].Path != model.RootPath || r.To != 1 {
		t.Errorf("OK %v, to v%d, findings %v", r.OK, r.To, r.Diagnostics)
	}
}

// A save with nothing read and no finding of its own (a caller that lost
// them) is refused with a finding of the rehearsal, not migrated.
func TestRehearseSaveWithNothingRead(t *testing.T) {
	m := New(withMigrations(t, 2, `[]`))
	r := m.RehearseSave(&model.Save{File: "lost.json"}, nil)
	if r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != CodeSaveUnreadable || r.Diagnostics[0].File != "lost.json" ||
		r.Diagnostics[0].Category != model.Saves || r.Diagnostics[0].Line != 1 {
		t.Errorf("OK %v, findings %+v", r.OK, r.Diagnostics)
	}
	// With the reading's own error, the rehearsal adds none.
	read := []model.Diagnostic{model.Errorf("lost.json", model.RootPath, model.CodeJSONSyntax, "not JSON")}
	if r := m.RehearseSave(&model.Save{File: "lost.json"}, read); r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != model.CodeJSONSyntax {
		t.Errorf("with a reading error: OK %v, findings %v", r.OK, r.Diagnostics)
	}
}
