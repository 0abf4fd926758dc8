package diff_test

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"rulebench/analysis/diff"
)

// site is a value of a decoded JSON document and how to replace it.
type site struct {
	value any
	set   func(any)
}

// mutate makes a few random edits to a decoded JSON document: an array
// item dropped, a number raised by one, a string changed.
func mutate(rng *rand.Rand, doc any, edits int) any {
	for range edits {
		var sites []site
		var walk func(v any, set func(any))
		walk = func(v any, set func(any)) {
			if set != nil {
				sites = append(sites, site{v, set})
			}
			switch x := v.(type) {
			case map[string]any:
				// In key order: the same seed makes the same edits.
				for _, k := range slices.Sorted(maps.Keys(x)) {
					walk(x[k], func(n any) { x[k] = n })
				}
			case []any:
				for i, c := range x {
					walk(c, func(n any) { x[i] = n })
				}
			}
		}
		walk(doc, nil)
		for tries := 0; tries < 100; tries++ {
			s := sites[rng.IntN(len(sites))]
			switch x := s.value.(type) {
			case []any:
				if len(x) == 0 {
					continue
				}
				j := rng.IntN(len(x))
				s.set(slices.Delete(slices.Clone(x), j, j+1))
			case float64:
				s.set(x + 1)
			case string:
				s.set(x + " (mutated)")
			default:
				continue
			}
			break
		}
	}
	return doc
}

// mirrored tells whether two lists of changes are each other turned round:
// the same things, added for removed, old for new.
func mirrored(a, b []diff.Change) bool {
	if len(a) != len(b) {
		return false
	}
	flip := map[string]string{diff.Added: diff.Removed, diff.Removed: diff.Added, diff.Changed: diff.Changed}
	for _, c := range a {
		r := diff.Change{Section: c.Section, Subject: c.Subject, Aspect: c.Aspect, Kind: flip[c.Kind], Old: c.New, New: c.Old}
		if !slices.Contains(b, r) {
			return false
		}
	}
	return true
}

// Random edits of lantern-road's next version: comparing never fails, a
// version against itself shows nothing, and the two directions of a
// comparison mirror each other with no layer on and in the display
// strings.
func TestDiffRandomEdits(t *testing.T) {
	base := next(t)
	data, err := os.ReadFile(filepath.Join(base, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	seeds := 24
	if testing.Short() {
		seeds = 6
	}
	changed := 0
	for seed := range seeds {
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 28))
		out, err := json.MarshalIndent(mutate(rng, doc, 1+seed%4), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		dir := next(t)
		if err := os.WriteFile(filepath.Join(dir, "ruleset.json"), out, 0o644); err != nil {
			t.Fatal(err)
		}
		if d, _ := compare(t, dir, dir); !d.Empty() {
			t.Errorf("seed %d: a version against itself shows %d changes", seed, d.Count())
		}
		ab, _ := compare(t, base, dir)
		ba, _ := compare(t, dir, base)
		if !mirrored(ab.Base.Changes, ba.Base.Changes) {
			t.Errorf("seed %d: the two directions do not mirror each other:\n%s\n--\n%s", seed, keys(ab.Base.Changes), keys(ba.Base.Changes))
		}
		if ab.Count() > 0 {
			changed++
		}
		if !slices.Equal(ab.Strings.Added, ba.Strings.Removed) || !slices.Equal(ab.Strings.Removed, ba.Strings.Added) || len(ab.Strings.Changed) != len(ba.Strings.Changed) {
			t.Errorf("seed %d: display strings %d/%d/%d one way, %d/%d/%d the other", seed,
				len(ab.Strings.Added), len(ab.Strings.Removed), len(ab.Strings.Changed), len(ba.Strings.Added), len(ba.Strings.Removed), len(ba.Strings.Changed))
		}
	}
	t.Logf("%d of %d random edits changed what a player sees", changed, seeds)
	if changed < seeds/2 {
		t.Errorf("only %d of %d random edits changed what a player sees: the edits test little", changed, seeds)
	}
}
