package cli

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// checkText loads text as the single ruleset file r.json and runs every
// check on it, as `rulebench check` does.
func checkText(t *testing.T, text string) (*model.Workspace, []model.Diagnostic) {
	t.Helper()
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: []byte(text)}}, "r.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return ws, checkAll(ws)
}

// baseEdit replaces the one occurrence of old in the base test ruleset.
func baseEdit(t *testing.T, old, new string) string {
	t.Helper()
	base := string(modeltest.Base())
	if strings.Count(base, old) != 1 {
		t.Fatalf("%q occurs %d times in the base ruleset", old, strings.Count(base, old))
	}
	return strings.Replace(base, old, new, 1)
}

// lineColOf gives the line and column (in characters) of the first at
// after the end of the first near in text.
func lineColOf(t *testing.T, text, near, at string) (int, int) {
	t.Helper()
	i := strings.Index(text, near)
	if i < 0 {
		t.Fatalf("marker %q not in the text", near)
	}
	i += len(near)
	j := strings.Index(text[i:], at)
	if j < 0 {
		t.Fatalf("marker %q not after %q", at, near)
	}
	line, col := 1, 1
	for _, r := range text[:i+j] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func findingList(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s [%s]\n", model.Visible(d.String()), d.Code)
	}
	return b.String()
}

// assertOnce fails when two findings share a place and a code: every
// problem is reported once.
func assertOnce(t *testing.T, ds []model.Diagnostic) {
	t.Helper()
	seen := map[string]bool{}
	for _, d := range ds {
		key := fmt.Sprintf("%s|%s|%d|%d|%s", d.File, d.Path, d.Line, d.Column, d.Code)
		if seen[key] {
			t.Errorf("reported twice: %s", d)
		}
		seen[key] = true
	}
}

func TestBaseRulesetChecksClean(t *testing.T) {
	_, ds := checkText(t, string(modeltest.Base()))
	if len(ds) != 0 {
		t.Errorf("the base test ruleset has findings:\n%s", findingList(ds))
	}
}

// TestCrossCheckInputs: broken variants of the base ruleset whose problem
// only the cross-checks can see. Each gives an error at the exact path,
// line and column, once.
func TestCrossCheckInputs(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		// the key finding: its path, and where it starts
		path     string
		near, at string
	}{
		{
			name: "an enum default not among its values",
			old:  `"values": ["guard", "tinker", "drover"], "valueLabels": { "guard": "Gate guard" }, "default": "guard"`,
			new:  `"values": ["guard", "tinker", "drover"], "valueLabels": { "guard": "Gate guard" }, "default": "knight"`,
			path: "sheet.fields.0.default", near: `"default": `, at: `"knight"`,
		},
		{
			name: "a catalog entry setting an undeclared filter",
			old:  `"filters": { "weight": 1 }`,
			new:  `"filters": { "weight": 1, "freshness": 3 }`,
			path: "catalogs.0.entries.1.filters.freshness", near: `"id": "bread"`, at: `3 }`,
		},
		{
			name: "a cost in an unknown coin",
			old:  `"cost": { "amount": 1, "unit": "copper" }`,
			new:  `"cost": { "amount": 1, "unit": "gold" }`,
			path: "catalogs.0.entries.1.item.cost.unit", near: `"id": "bread"`, at: `"gold"`,
		},
		{
			name: "a creature naming an unknown loot table",
			old:  `"loot": "pack_loot"`,
			new:  `"loot": "hoard"`,
			path: "catalogs.1.entries.0.creature.loot", near: `"id": "road-dog"`, at: `"hoard"`,
		},
		{
			name: "two layers with one id",
			old:  `{ "id": "high_road", "label": "High road", "conflicts": ["lean_times"] }`,
			new:  `{ "id": "lean_times", "label": "High road" }`,
			path: "layers.1.id", near: `"label": "Lean times"`, at: `"lean_times"`,
		},
		{
			name: "two loot tables with one id",
			old:  `{ "coins": "copper", "count": "2d6" }`,
			new:  `{ "coins": "copper", "count": "2d6" } ] }, { "id": "pack_loot", "label": "More loot", "entries": [ { "coins": "copper" }`,
			path: "items.lootTables.1.id", near: `"label": "Pack loot"`, at: `"pack_loot"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := baseEdit(t, tt.old, tt.new)
			ws, ds := checkText(t, text)
			if len(ws.Diagnostics) != 0 {
				t.Errorf("reading the file already found:\n%s", findingList(ws.Diagnostics))
			}
			line, col := lineColOf(t, text, tt.near, tt.at)
			found := 0
			for _, d := range ds {
				if d.Severity == model.Error && d.Path == tt.path && d.Line == line && d.Column == col && d.File == "r.json" {
					found++
				}
			}
			if found != 1 {
				t.Errorf("want one error at %s %d:%d, found %d; findings:\n%s", tt.path, line, col, found, findingList(ds))
			}
			assertOnce(t, ds)
		})
	}
}
