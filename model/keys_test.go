package model_test

import (
	"os"
	"slices"
	"testing"

	"rulebench/model"
)

// RulesetKeys gives each object the keys its place allows: the top's,
// and a value ref's, as the unknown-key finding lists them.
func TestRulesetKeys(t *testing.T) {
	data, err := os.ReadFile("../examples/lantern-road/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	root, ds := model.Parse("r.json", data)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	keys := model.RulesetKeys("r.json", root)
	if top := keys[root]; !slices.Contains(top, "sheet") || !slices.Contains(top, "layers") || slices.Contains(top, "skillMod") {
		t.Errorf("the top allows %v", top)
	}
	ref, _ := root.Find("sheet.derived.10.of.1")
	if got := keys[ref]; !slices.Contains(got, "skillMod") || !slices.Contains(got, "abilityMod") || slices.Contains(got, "sheet") {
		t.Errorf("a value ref allows %v", got)
	}
	if root.Source() != src || (*model.Node)(nil).Source() != "" {
		t.Errorf("Source is %q", root.Source())
	}
}

// CatalogAssetKeys gives a catalog file's objects their keys, and leaves
// the catalog it is given as it was.
func TestCatalogAssetKeys(t *testing.T) {
	ws, err := model.Load(model.OSFS{}, "../examples/lantern-road")
	if err != nil {
		t.Fatal(err)
	}
	c := ws.Ruleset.Catalog("knacks")
	data, err := os.ReadFile("../examples/lantern-road/catalogs/knacks.json")
	if err != nil {
		t.Fatal(err)
	}
	root, _ := model.Parse("knacks.json", data)
	before := *c
	keys := model.CatalogAssetKeys("knacks.json", root, c)
	entry, _ := root.Find("entries.0")
	if got := keys[entry]; !slices.Contains(got, "label") || !slices.Contains(got, "rows") || slices.Contains(got, "catalog") {
		t.Errorf("an entry allows %v", got)
	}
	if top := keys[root]; !slices.Contains(top, "catalog") || !slices.Contains(top, "entries") {
		t.Errorf("the top allows %v", top)
	}
	if c.EntriesFile != before.EntriesFile || c.EntriesNode != before.EntriesNode || len(c.Entries) != len(before.Entries) {
		t.Error("the catalog was changed")
	}
}
