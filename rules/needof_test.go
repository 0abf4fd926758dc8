package rules_test

import (
	"testing"

	"rulebench/model"
	"rulebench/rules"
)

// NeedOf names the gate a value's path falls under, with the gate's
// condition, and nothing for a path of the base format.
func TestNeedOf(t *testing.T) {
	root, ds := model.Parse("r.json", []byte(`{"combat": {"distance": {}, "attacks": [{"reach": 1}]},
		"resolution": {"kind": "dice-pool"}, "layers": [], "sheet": {"abilities": []}}`))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	for _, c := range []struct {
		path  string
		minor int
	}{{"combat.distance", 28}, {"combat.attacks.0.reach", 28}, {"resolution.kind", 24}, {"combat", 26}, {"sheet.abilities", 0}, {"layers", 0}} {
		n, _ := root.Find(c.path)
		need, ok := rules.NeedOf(n, "")
		if ok != (c.minor > 0) || need.Minor != c.minor {
			t.Errorf("%s: need %+v %v, want minor %d", c.path, need, ok, c.minor)
		}
	}
	entry, _ := model.Parse("e.json", []byte(`{"rows": [{"scaled": {}}]}`))
	n, _ := entry.Find("rows.0.scaled")
	if need, ok := rules.NeedOf(n, "rows.0.scaled"); !ok || need.Minor != 23 {
		t.Errorf("an entry's scaled row: %+v %v", need, ok)
	}
}
