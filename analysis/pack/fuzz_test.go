package pack_test

import (
	"encoding/json"
	"os"
	"testing"
	"testing/fstest"

	"rulebench/analysis/pack"
	"rulebench/model"
)

// FuzzBuild builds packs of Lantern Road with its ruleset, catalog file
// and a locale file replaced by the fuzzer's bytes: Build never panics,
// and when the ruleset and the catalog file are JSON and the catalog is
// written inline, the artifact is JSON too.
func FuzzBuild(f *testing.F) {
	read := func(name string) []byte {
		data, err := os.ReadFile("../../examples/lantern-road/" + name)
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	manifest, rs, knacks, fr := read("manifest.json"), read("ruleset.json"), read("catalogs/knacks.json"), read("locales/fr.json")
	f.Add(rs, knacks, fr)
	f.Add(rs, []byte(`{"schemaVersion": 1, "catalog": "knacks", "entries": [`), fr)
	f.Add(rs, []byte("{\r\n\"schemaVersion\": 1,\r\n\"catalog\": \"knacks\",\r\n\"entries\": []\r\n}"), []byte("\uFEFF{}"))
	f.Add([]byte(`{"catalogs": [{"id": "knacks", "asset": "catalogs/knacks.json", "asset": 1}]}`), knacks, []byte(`{"ruleset": {"Knacks": ""}}`))
	f.Fuzz(func(t *testing.T, rs, knacks, fr []byte) {
		fsys := fstest.MapFS{
			"pkg/manifest.json":        {Data: manifest},
			"pkg/ruleset.json":         {Data: rs},
			"pkg/catalogs/knacks.json": {Data: knacks},
			"pkg/locales/fr.json":      {Data: fr},
		}
		ws, err := model.Load(fsys, "pkg")
		if err != nil {
			t.Fatal(err)
		}
		res, err := pack.Build(ws, pack.Options{})
		if err != nil {
			return
		}
		if json.Valid(rs) && json.Valid(knacks) && !json.Valid(res.Artifact.Data) {
			t.Errorf("the artifact of JSON files is not JSON:\n%s", res.Artifact.Data)
		}
		if !json.Valid(res.Entry.Data) {
			t.Errorf("the entry is not JSON:\n%s", res.Entry.Data)
		}
		if _, err := pack.Verify(res, "dist"); err != nil {
			t.Errorf("Verify: %v", err)
		}
	})
}
