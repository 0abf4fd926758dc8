package analysis

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// countParts counts the parts of the analysis that run while f does.
func countParts(t *testing.T, f func()) map[string]int {
	t.Helper()
	var mu sync.Mutex
	counts := map[string]int{}
	partHook = func(p string) {
		mu.Lock()
		counts[p]++
		mu.Unlock()
	}
	defer func() { partHook = nil }()
	f()
	return counts
}

// Every part of the analysis runs once, however often and in whatever
// order the front ends ask for the parts, and from several goroutines.
func TestEachPartRunsOnce(t *testing.T) {
	ws := modeltest.Load(t, "../examples/lantern-road")
	var r *Result
	counts := countParts(t, func() {
		r = Run(ws, Options{Complete: true})
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				_, _, _ = r.Resolver(), r.Base(), r.Saves()
				_ = r.Migrator()
			})
		}
		wg.Wait()
	})
	want := map[string]int{"format checks": 1, "layer checks": 1, "capability": 1, "translations": 1,
		"migration checks": 1, "layers": 1, "migration plan": 1, "rehearsals": 1, "fixes": 1, "suppressions": 1}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("parts run %v, want %v", counts, want)
	}
	if len(r.Saves()) != len(ws.Saves) || r.Resolver() == nil || r.Base() == nil || r.Translations == nil {
		t.Errorf("parts missing: %d saves of %d, resolver %v, base %v", len(r.Saves()), len(ws.Saves), r.Resolver() != nil, r.Base() != nil)
	}
	// Without Complete, the resolver and the rehearsals wait to be asked for.
	counts = countParts(t, func() { Run(ws, Options{}) })
	if counts["layers"] != 0 || counts["rehearsals"] != 0 || counts["translations"] != 1 {
		t.Errorf("a plain Run worked out %v", counts)
	}
}

// The findings are every part's, each with the category of the part that
// made it, sorted by file and position.
func TestFindingsByCategory(t *testing.T) {
	ws := modeltest.Load(t, "../cli/testdata/cli/broken-road")
	r := Run(ws, Options{})
	got := map[model.Category][]string{}
	for _, d := range r.Findings {
		got[d.Category] = append(got[d.Category], strings.TrimPrefix(d.File, "../cli/testdata/cli/broken-road/")+" "+string(d.Code))
	}
	want := map[model.Category][]string{
		model.Format: {"catalogs/knacks.json unknown-key", "ruleset.json unknown-key", "ruleset.json unknown-key"},
		model.Translations: {"locales/de.json unlisted-file", "locales/de.json json-syntax", "locales/pt-BR.json locale-stale",
			"locales/pt-BR.json locale-stale", "manifest.json manifest-bytes", "manifest.json manifest-sha256"},
		model.Packaging:  {"manifest.json manifest-bytes", "manifest.json manifest-sha256", "manifest.json manifest-bytes", "manifest.json manifest-sha256"},
		model.Migrations: {"ruleset.json migration-unknown-id"},
		model.Layers:     {"ruleset.json layer-conflicts-unknown"},
	}
	for c, w := range want {
		g := got[c]
		if strings.Join(g, "|") != strings.Join(w, "|") {
			t.Errorf("%s:\n got %q\nwant %q", c, g, w)
		}
		delete(got, c)
	}
	for c, g := range got {
		t.Errorf("unexpected %s findings %q", c, g)
	}
	if !slices.IsSortedFunc(r.Findings, func(a, b model.Diagnostic) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line - b.Line
	}) {
		t.Error("the findings are not sorted")
	}
	for _, d := range r.Findings {
		if d.Line == 0 {
			t.Errorf("%v is not located", d)
		}
	}
	sel := r.Select(model.Migrations, model.Layers)
	if len(sel) != 2 || sel[0].Category != model.Migrations || sel[1].Category != model.Layers {
		t.Errorf("Select(migrations, layers) = %v", sel)
	}
	if r.OK() || r.Capability != 813 {
		t.Errorf("ok %v, capability %d", r.OK(), r.Capability)
	}
}

// A save's rehearsal carries what reading it found, then what migrating it
// found, as Saves findings.
func TestSavesCategory(t *testing.T) {
	r := Run(modeltest.Load(t, "../examples/lantern-road"), Options{})
	var future bool
	for _, s := range r.Saves() {
		for _, d := range s.Diagnostics {
			future = future || d.Code == "save-newer"
			if d.Category != model.Saves {
				t.Errorf("%v: category %s", d, d.Category)
			}
		}
	}
	if !future {
		t.Error("the future save is not refused")
	}
	got := r.Rehearse("x.json", []byte(`{"v": 1}`))
	if got.OK || len(got.Diagnostics) == 0 || got.Diagnostics[0].Category != model.Saves {
		t.Errorf("a save without build: %+v", got)
	}
}

// The panic fence turns a panic into a note and lets the rest run.
func TestGuard(t *testing.T) {
	r := &Result{}
	ran := false
	r.guard("first part", func() { panic("boom") })
	r.guard("second part", func() { ran = true })
	r.guard("third part", func() { panic(fmt.Errorf("bang")) })
	if !ran || r.Failed() != "working out the first part failed: boom; working out the third part failed: bang" {
		t.Errorf("ran %v, failed %q", ran, r.Failed())
	}
	var note string
	Guard(&note, "x", func() {})
	if note != "" {
		t.Errorf("a part that does not panic leaves %q", note)
	}
}

// The layer choice: an unknown id is an error, a conflict a warning, both
// located and of category Layers.
func TestSelection(t *testing.T) {
	r := Run(modeltest.Load(t, "../examples/lantern-road"), Options{})
	eff, ds := r.Selection([]string{"long_dark", "midsummer", "nope"})
	if eff == nil || len(eff.Applied) != 1 {
		t.Fatalf("effective %+v", eff)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.Severity.String()+" "+string(d.Code))
		if d.Category != model.Layers || d.Line == 0 {
			t.Errorf("%v: category %s", d, d.Category)
		}
	}
	if strings.Join(got, "|") != "error ruleset_layer_unknown|warning ruleset_layer_conflict" {
		t.Errorf("findings %q", got)
	}
	if _, ds := r.Selection(nil); len(ds) != 0 {
		t.Errorf("no layer on: %v", ds)
	}
}

func TestNilWorkspace(t *testing.T) {
	r := Run(nil, Options{Complete: true})
	if len(r.Findings) != 0 || r.Saves() != nil || !r.OK() {
		t.Errorf("%+v", r)
	}
}
