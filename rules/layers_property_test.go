package rules_test

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis/report"
	"rulebench/model"
	"rulebench/model/modeltest"
	. "rulebench/rules"
)

// TestLayersProperties: for every subset of the layers of each example and
// fixture, in several orders of --on, the result is the same whatever the
// order, only narrows (nothing appears that the base lacks), and re-resolving
// the applied layers gives the same result with nothing dropped. The
// published rulesets come from the shared data; their subtests skip
// without it.
func TestLayersProperties(t *testing.T) {
	cases := []struct {
		path      string // for a published ruleset, its name in the fixtures
		published bool
	}{{lanternRoad, false}, {mirefall, false}, {"gravewatch.json", true}, {"ember-roads.json", true}, {"5e-2014.json", true}}
	checked := 0
	for _, c := range cases {
		t.Run(filepath.Base(c.path), func(t *testing.T) {
			p := c.path
			if c.published {
				p = filepath.Join(modeltest.Fixtures(t), c.path)
			}
			rs := modeltest.Load(t, p).Ruleset
			r := NewResolver(rs)
			ids := make([]string, len(rs.Layers))
			for i, l := range rs.Layers {
				ids[i] = l.ID
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(ids))))
			for mask := 0; mask < 1<<len(ids); mask++ {
				var sel []string
				for i, id := range ids {
					if mask&(1<<i) != 0 {
						sel = append(sel, id)
					}
				}
				e := r.Resolve(sel)
				want := docJSON(t, e)
				for _, order := range orders(sel, rng) {
					if got := docJSON(t, r.Resolve(order)); got != want {
						t.Fatalf("%v and %v differ", sel, order)
					}
				}
				narrows(t, rs, e, sel)
				// engine-behaviour §11.8: every combination of the published
				// rulesets' own layers validates under the effective rules
				if c.published {
					for _, d := range e.Dropped {
						if d.Cause == DropInvalid {
							t.Fatalf("%v: %s dropped: %s", sel, d.ID, d.Reason())
						}
					}
				}
				// re-resolving the applied layers changes nothing
				again := r.ResolveOptions(e.Options())
				if len(again.Dropped) != 0 || docJSON(t, again) != docJSON(t, r.Resolve(appliedIDs(e))) ||
					!slices.Equal(appliedIDs(again), appliedIDs(e)) {
					t.Fatalf("%v: re-resolving %v drops %+v", sel, appliedIDs(e), again.Dropped)
				}
				checked++
			}
		})
	}
	t.Logf("%d selections checked", checked)
}

// orders gives the selection reversed, repeated, and shuffled a few times.
func orders(sel []string, rng *rand.Rand) [][]string {
	rev := slices.Clone(sel)
	slices.Reverse(rev)
	out := [][]string{rev, append(slices.Clone(sel), sel...)}
	for range 3 {
		s := slices.Clone(sel)
		rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		out = append(out, s)
	}
	return out
}

// docJSON is the layers document without the selection itself, which
// echoes what was asked for.
func docJSON(t testing.TB, e *Effective) string {
	d := report.NewLayers(e)
	d.Selected = nil
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// narrows checks that nothing in the effective ruleset is new: enum values,
// catalog entries, sellers, coins, loot tables and what their rows name all
// exist in the base, applied layers were selected, and only the base's
// layers' texts are appended.
func narrows(t testing.TB, rs *model.Ruleset, e *Effective, sel []string) {
	t.Helper()
	for _, l := range e.Applied {
		if !slices.Contains(sel, l.ID) {
			t.Fatalf("%v: %s applied without being selected", sel, l.ID)
		}
	}
	for _, f := range e.Enums {
		for _, v := range f.Values {
			if !slices.Contains(f.Field.Values, v) {
				t.Fatalf("%v: %s gained %q", sel, f.Field.ID, v)
			}
		}
		if f.Default != nil && !slices.Contains(f.Values, *f.Default) {
			t.Fatalf("%v: %s default %q is not a value", sel, f.Field.ID, *f.Default)
		}
		if len(f.Values) == 0 {
			t.Fatalf("%v: %s has no value", sel, f.Field.ID)
		}
	}
	for i, c := range e.Catalogs {
		if c.Catalog != rs.Catalogs[i] {
			t.Fatalf("%v: catalog %d is not the base's", sel, i)
		}
		for _, h := range c.Hidden {
			if !slices.Contains(c.Catalog.Entries, h.Entry) {
				t.Fatalf("%v: hidden entry %s is not in %s", sel, h.Entry.ID, c.Catalog.ID)
			}
		}
	}
	if rs.Items == nil {
		return
	}
	units := map[string]bool{}
	for _, f := range rs.Items.Currencies {
		for _, u := range f.Units {
			units[u.ID] = true
		}
	}
	for i, c := range e.Currencies {
		if c.Family != rs.Items.Currencies[i] {
			t.Fatalf("%v: family %d is not the base's", sel, i)
		}
		for _, u := range c.Units {
			if !slices.Contains(c.Family.Units, u) {
				t.Fatalf("%v: coin %s is new", sel, u.ID)
			}
		}
	}
	for _, p := range e.Prices {
		for _, a := range append([]Amount{p.Shown}, p.Levels...) {
			if a.Priced() && (!units[a.Unit()] || e.CoinRemoved(a.Unit())) {
				t.Fatalf("%v: %s priced in %s", sel, p.Key, a.Unit())
			}
		}
	}
	if m := rs.Items.Market; m != nil {
		for _, s := range e.Market.Sellers {
			if !slices.Contains(m.Sellers, s) {
				t.Fatalf("%v: seller %s is new", sel, s.ID)
			}
		}
		if len(m.Sellers) > 0 && len(e.Market.Sellers) == 0 {
			t.Fatalf("%v: no seller left", sel)
		}
	}
	if len(e.Loot) != len(rs.Items.LootTables) {
		t.Fatalf("%v: %d tables, the base has %d", sel, len(e.Loot), len(rs.Items.LootTables))
	}
	for i, lt := range e.Loot {
		if lt.Base != rs.Items.LootTables[i] || lt.Table.ID != lt.Base.ID {
			t.Fatalf("%v: table %d is not the base's %s", sel, i, rs.Items.LootTables[i].ID)
		}
		for _, line := range lt.Table.Entries {
			if line.Coins != "" && !units[line.Coins] {
				t.Fatalf("%v: %s drops the unknown coin %s", sel, lt.Table.ID, line.Coins)
			}
			if line.Item != "" {
				cat, entry, _ := strings.Cut(line.Item, "/")
				if c := rs.Catalog(cat); c == nil || c.Entry(entry) == nil {
					t.Fatalf("%v: %s drops the unknown item %s", sel, lt.Table.ID, line.Item)
				}
			}
		}
	}
}
