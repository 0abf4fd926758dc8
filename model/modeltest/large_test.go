package modeltest_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

func TestLargeLoadsClean(t *testing.T) {
	data := modeltest.Large()
	if len(data) > model.MaxRulesetBytes {
		t.Fatalf("%d bytes, over the limit", len(data))
	}
	if len(data) != modeltest.LargeBytes {
		t.Errorf("%d bytes; the generator fills to exactly %d", len(data), modeltest.LargeBytes)
	}
	ws, err := model.Load(fstest.MapFS{"large.json": {Data: data}}, "large.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ws.Diagnostics {
		t.Errorf("%s", d)
	}
	rs := ws.Ruleset
	if rs == nil {
		t.Fatal("not read")
	}
	entries := 0
	holds := map[string]int{}
	for _, c := range rs.Catalogs {
		entries += len(c.Entries)
		holds[c.Holds] += len(c.Entries)
	}
	if len(rs.Layers) != modeltest.LargeLayers || len(rs.Catalogs) != modeltest.LargeCatalogs || entries != modeltest.LargeEntries {
		t.Errorf("%d layers, %d catalogs, %d entries", len(rs.Layers), len(rs.Catalogs), entries)
	}
	if holds["rows"] == 0 || holds["creatures"] == 0 || holds["items"] == 0 {
		t.Errorf("entries by kind: %v", holds)
	}
	if len(rs.Sheet.Migrations) != modeltest.LargeMigrations || rs.Sheet.Version != modeltest.LargeSheetVersion {
		t.Errorf("%d migrations, sheet version %d", len(rs.Sheet.Migrations), rs.Sheet.Version)
	}
	ops := map[string]bool{}
	for _, m := range rs.Sheet.Migrations {
		for _, s := range m.Steps {
			ops[s.Op] = true
		}
	}
	if len(ops) != 4 {
		t.Errorf("step kinds used: %v", ops)
	}
	effects := map[string]bool{}
	for _, l := range rs.Layers {
		if l.Guidance != nil || l.WorldGuidance != nil {
			effects["gm"] = true
		}
		if len(l.Fields) > 0 {
			effects["fields"] = true
		}
		if l.Ladder != nil {
			effects["ladder"] = true
		}
		if len(l.Catalogs) > 0 {
			effects["catalogs"] = true
		}
		if l.Currencies != nil {
			effects["currencies"] = true
		}
		if l.Items != nil && len(l.Items.RemoveSellers) > 0 && len(l.Items.Unsold) > 0 {
			effects["market"] = true
		}
		if l.Items != nil && len(l.Items.LootTables) > 0 {
			effects["loot"] = true
		}
	}
	if len(effects) != 7 {
		t.Errorf("layer effects used: %v", effects)
	}
	it := rs.Items
	if it == nil || len(it.Currencies) != 2 || len(it.LootTables) == 0 || it.Market == nil || len(it.Market.Sellers) == 0 {
		t.Errorf("items block: %+v", it)
	}
	if rs.Combat == nil || len(rs.Combat.Threat) == 0 {
		t.Error("no threat tiers")
	}
	enums, hides := 0, 0
	for _, f := range rs.Sheet.Fields {
		if f.Type == model.TypeEnum {
			enums++
		}
	}
	hides = len(rs.Sheet.HideWhens())
	if enums < 2 || hides < 3 {
		t.Errorf("%d enum fields, %d hideWhen rules", enums, hides)
	}
}

func TestLargeIsDeterministic(t *testing.T) {
	if !bytes.Equal(modeltest.Large(), modeltest.Large()) {
		t.Error("two calls differ")
	}
	a, b := modeltest.LargeSaves(20), modeltest.LargeSaves(20)
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("save %d differs", i)
		}
	}
	// Callers may change what they get.
	x := modeltest.Large()
	x[0] = 'X'
	if modeltest.Large()[0] != '{' {
		t.Error("Large shares its bytes")
	}
}

func TestLargeSaves(t *testing.T) {
	if got := modeltest.LargeSaves(0); len(got) != 0 {
		t.Errorf("LargeSaves(0) = %d saves", len(got))
	}
	versions := map[int]bool{}
	for i, data := range modeltest.LargeSaves(50) {
		if !json.Valid(data) {
			t.Fatalf("save %d is not JSON", i)
		}
		s, diags := model.DecodeSave("s.json", data)
		for _, d := range diags {
			t.Errorf("save %d: %s", i, d)
		}
		versions[s.V] = true
	}
	if len(versions) != modeltest.LargeSheetVersion {
		t.Errorf("versions %v", versions)
	}
}

func TestBaseIsJSON(t *testing.T) {
	if !json.Valid(modeltest.Base()) {
		t.Error("Base is not JSON")
	}
}

// TestShapes: every worst shape is JSON of at most the ruleset limit, and
// fills it to within 4 KB (one deep chain) of the end.
func TestShapes(t *testing.T) {
	for _, s := range modeltest.Shapes() {
		if len(s.Data) > model.MaxRulesetBytes || len(s.Data) < model.MaxRulesetBytes-4096 {
			t.Errorf("%s: %d bytes; the shapes fill the %d-byte limit", s.Name, len(s.Data), model.MaxRulesetBytes)
		}
		if !json.Valid(s.Data) {
			t.Errorf("%s: not JSON", s.Name)
		}
	}
}
