package model_test

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// A catalog entry on its own is read as one (not as a ruleset), with the
// package archive it lists when that lies beside it; a catalog index too.
func TestLoadEntryFile(t *testing.T) {
	files := modeltest.PackageFiles("1.2.0", 77)
	top := modeltest.Zip(files)
	nested := modeltest.Zip(map[string]string{"tollway/manifest.json": files["manifest.json"], "tollway/ruleset.json": files["ruleset.json"]})
	entry := modeltest.Entry(files["manifest.json"], "1.2.0", top)
	for _, tc := range []struct {
		name    string
		fsys    fstest.MapFS
		path    string
		archive bool
		problem bool
	}{
		{"an entry with its archive", fstest.MapFS{"c/e.json": {Data: []byte(entry)}, "c/ruleset-tollway-1.2.0.zip": {Data: top}}, "c/e.json", true, false},
		{"an archive with one top folder", fstest.MapFS{"c/e.json": {Data: []byte(entry)}, "c/ruleset-tollway-1.2.0.zip": {Data: nested}}, "c/e.json", true, false},
		{"an archive that is no zip", fstest.MapFS{"c/e.json": {Data: []byte(entry)}, "c/ruleset-tollway-1.2.0.zip": {Data: []byte("PK?")}}, "c/e.json", true, true},
		{"an entry alone", fstest.MapFS{"c/e.json": {Data: []byte(entry)}}, "c/e.json", false, false},
		{"a catalog index", fstest.MapFS{"c/catalog.json": {Data: []byte(`{"schemaVersion": 1, "packages": [` + entry + `]}`)}, "c/ruleset-tollway-1.2.0.zip": {Data: top}}, "c/catalog.json", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, err := model.Load(tc.fsys, tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if ws.Kind != model.EntryFile || ws.Entry == nil || ws.Ruleset != nil || len(ws.Diagnostics) != 0 {
				t.Fatalf("kind %v, entry %v, ruleset %v, findings %v", ws.Kind, ws.Entry != nil, ws.Ruleset != nil, ws.Diagnostics)
			}
			a := ws.Archives["ruleset-tollway-1.2.0.zip"]
			if (a != nil) != tc.archive {
				t.Fatalf("archive %v, want %v", a != nil, tc.archive)
			}
			if a == nil {
				return
			}
			if tc.problem {
				if a.Package != nil || a.Problem == "" {
					t.Errorf("a broken archive: package %v, problem %q", a.Package != nil, a.Problem)
				}
				return
			}
			if a.Package == nil || a.Package.Kind != model.Package || a.Package.Manifest == nil || a.Package.Manifest.Version != "1.2.0" || a.Package.Ruleset == nil || a.Package.Ruleset.ID != "tollway" {
				t.Errorf("the package inside: %+v (%s)", a.Package, a.Problem)
			}
			if a.File.Bytes != int64(len(tc.fsys["c/ruleset-tollway-1.2.0.zip"].Data)) {
				t.Errorf("archive bytes %d", a.File.Bytes)
			}
		})
	}
	// A ruleset is never taken for an entry, even with an artifact key.
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: []byte(`{"artifact": {}, "resolution": {}, "sheet": {}}`)}}, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	if ws.Kind != model.SingleFile || ws.Ruleset == nil {
		t.Errorf("a ruleset with an artifact key is read as %v", ws.Kind)
	}
}
