package rules

import (
	"strconv"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// largeRuleset decodes modeltest.Large(): ~256 KB, 12 layers, 12 catalogs,
// 2,000 entries.
func largeRuleset(b testing.TB) *model.Ruleset {
	b.Helper()
	data := modeltest.Large()
	root, ds := model.Parse("large.json", data)
	if root == nil {
		b.Fatal(ds)
	}
	rs, ds := model.DecodeRuleset("large.json", root)
	if model.HasErrors(ds) {
		b.Fatal(ds)
	}
	if len(rs.Layers) != 12 {
		b.Fatalf("%d layers", len(rs.Layers))
	}
	return rs
}

func allLayers(rs *model.Ruleset) []string {
	ids := make([]string, len(rs.Layers))
	for i, l := range rs.Layers {
		ids[i] = l.ID
	}
	return ids
}

// TestLargeResolves: the generated ruleset's layers import and resolve.
func TestLargeResolves(t *testing.T) {
	rs := largeRuleset(t)
	if ds := CheckLayers(rs); model.HasErrors(ds) {
		t.Fatal(ds)
	}
	e := Resolve(rs, allLayers(rs))
	if len(e.Applied) != 11 || e.Dropped[0].ID != "marsh_life" || len(e.Prices) == 0 {
		t.Fatalf("applied %v dropped %+v", appliedIDs(e), e.Dropped)
	}
}

// BenchmarkResolveAllLayers recomputes the effective ruleset of the large
// ruleset with all 12 layers on, from a prepared Resolver (the TUI's case).
func BenchmarkResolveAllLayers(b *testing.B) {
	rs := largeRuleset(b)
	r := NewResolver(rs)
	all := allLayers(rs)
	b.ReportAllocs()
	for b.Loop() {
		r.Resolve(all)
	}
}

// BenchmarkToggleOneLayer alternates between all layers on and one off, as
// a TUI toggling a layer does.
func BenchmarkToggleOneLayer(b *testing.B) {
	rs := largeRuleset(b)
	r := NewResolver(rs)
	all := allLayers(rs)
	fewer := all[1:]
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			r.Resolve(fewer)
		} else {
			r.Resolve(all)
		}
		i++
	}
}

// BenchmarkNewResolver is the one-off preparation when a ruleset is loaded.
func BenchmarkNewResolver(b *testing.B) {
	rs := largeRuleset(b)
	b.ReportAllocs()
	for b.Loop() {
		NewResolver(rs)
	}
}

// BenchmarkResolveFresh is Resolve without reusing a Resolver (the CLI's
// case: one resolution per run).
func BenchmarkResolveFresh(b *testing.B) {
	rs := largeRuleset(b)
	all := allLayers(rs)
	b.ReportAllocs()
	for b.Loop() {
		Resolve(rs, all)
	}
}

// BenchmarkCheckLayers runs the layer import checks on the large ruleset.
func BenchmarkCheckLayers(b *testing.B) {
	rs := largeRuleset(b)
	b.ReportAllocs()
	for b.Loop() {
		CheckLayers(rs)
	}
}

// BenchmarkCheckFormat runs the format's cross-reference checks on the
// large ruleset.
func BenchmarkCheckFormat(b *testing.B) {
	rs := largeRuleset(b)
	b.ReportAllocs()
	for b.Loop() {
		CheckFormat(rs)
	}
}

// worstHiding makes a ruleset that is hard on hiding: one rows catalog of
// 2,000 entries with a number, a text and a tags filter, and 12 layers of
// 24 hide rules each, all on that catalog (the most the format allows).
func worstHiding(b testing.TB) *model.Ruleset {
	b.Helper()
	d := parseDoc(b, sumBase)
	words := []string{"ash", "rust", "glass", "salt", "reed", "bone"}
	entries := make([]any, 2000)
	for i := range entries {
		entries[i] = map[string]any{"id": "e" + strconv.Itoa(i), "label": "E",
			"filters": map[string]any{"grit": float64(i % 10), "road": words[i%6], "callings": []any{words[i%5], words[(i+2)%6]}},
			"rows":    []any{map[string]any{"list": "knacks", "values": map[string]any{"name": "E"}}}}
	}
	d.set(b, "catalogs.0.entries", entries)
	var layers []any
	for l := range 12 {
		var rules []any
		for k := range 24 {
			var hide map[string]any
			switch k % 4 {
			case 0:
				hide = map[string]any{"filter": "grit", "above": float64(9 - k%7)}
			case 1:
				hide = map[string]any{"filter": "grit", "below": float64(k % 3)}
			case 2:
				hide = map[string]any{"filter": "road", "equals": words[(l+k)%6]}
			default:
				hide = map[string]any{"filter": "callings", "notIn": []any{words[(l+k)%6], words[(l+k+1)%6]}}
			}
			rules = append(rules, map[string]any{"id": "knacks", "hide": hide})
		}
		layers = append(layers, map[string]any{"id": "l" + strconv.Itoa(l), "label": "L", "catalogs": rules})
	}
	d.set(b, "layers", layers)
	return d.ruleset(b)
}

// BenchmarkWorstHidingResolve: all 12 layers of the worst hiding case.
func BenchmarkWorstHidingResolve(b *testing.B) {
	rs := worstHiding(b)
	r := NewResolver(rs)
	all := allLayers(rs)
	b.ReportAllocs()
	for b.Loop() {
		r.Resolve(all)
	}
}

// BenchmarkWorstHidingNewResolver: preparing the worst hiding case.
func BenchmarkWorstHidingNewResolver(b *testing.B) {
	rs := worstHiding(b)
	b.ReportAllocs()
	for b.Loop() {
		NewResolver(rs)
	}
}
