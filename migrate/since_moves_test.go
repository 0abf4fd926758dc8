package migrate

import (
	"reflect"
	"testing"

	"rulebench/migrate/migratetest"
)

// StoredMoves names the ids the new version's migrations move, with where
// they go, and the ids it adds; an id renamed without a step is not moved
// (Since reports it lost) but its new id is still added.
func TestStoredMoves(t *testing.T) {
	written := lanternSince(t, migratetest.RenameWritten)
	moved, added := StoredMoves(written.old, written.cur)
	wantMoved := []Move{{StoredID: StoredID{Kind: KindField, ID: "road_name", Label: moved0Label(written)}, Op: "rename", To: []string{migratetest.Renamed}}}
	if !reflect.DeepEqual(moved, wantMoved) {
		t.Errorf("moved = %+v, want %+v", moved, wantMoved)
	}
	if len(added) != 1 || added[0].ID != migratetest.Renamed || added[0].Kind != KindField {
		t.Errorf("added = %+v, want the field %s", added, migratetest.Renamed)
	}

	bare := lanternSince(t, migratetest.Rename)
	moved, added = StoredMoves(bare.old, bare.cur)
	if len(moved) != 0 {
		t.Errorf("without a step nothing moves; got %+v", moved)
	}
	if len(added) != 1 || added[0].ID != migratetest.Renamed {
		t.Errorf("added = %+v", added)
	}
	if rep := bare.run(t); len(rep.Lost) != 1 || rep.Lost[0].ID != "road_name" {
		t.Errorf("Since should report road_name lost: %+v", rep.Lost)
	}

	// The same version: nothing moved, nothing added.
	moved, added = StoredMoves(written.old, written.old)
	if moved != nil || added != nil {
		t.Errorf("a version against itself: moved %+v, added %+v", moved, added)
	}
	// Not comparable (another ruleset): nothing.
	other := *written.cur
	other.ID = "another"
	if moved, added = StoredMoves(written.old, &other); moved != nil || added != nil {
		t.Errorf("another ruleset: moved %+v, added %+v", moved, added)
	}
}

// moved0Label is the label of road_name in the old version.
func moved0Label(sc sinceCase) string {
	for _, f := range sc.old.Sheet.Fields {
		if f != nil && f.ID == "road_name" {
			return f.Label
		}
	}
	return ""
}
