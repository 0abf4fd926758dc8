package rules

import (
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

// BenchmarkDocument builds the JSON document of the effective ruleset.
func BenchmarkDocument(b *testing.B) {
	rs := largeRuleset(b)
	e := Resolve(rs, allLayers(rs))
	b.ReportAllocs()
	for b.Loop() {
		e.Document()
	}
}
