package rules_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulebench/analysis/report"
	"rulebench/model"
	"rulebench/model/modeltest"
	. "rulebench/rules"
)

const (
	lanternRoad = "../examples/lantern-road"
	mirefall    = "../examples/mirefall/mirefall-1.0.0.ruleset.json"
)

// layersDoc is what `rulebench layers --json --on ids PATH` prints, minus
// the findings: the command's core.
func layersDoc(t testing.TB, p string, ids ...string) *report.Layers {
	t.Helper()
	return report.NewLayers(Resolve(modeltest.Load(t, p).Ruleset, ids))
}

func stepsText(steps []report.DocStep) string {
	var parts []string
	for _, s := range steps {
		part := s.Label
		if s.DC != nil {
			part += " " + itoa(*s.DC)
		}
		if s.Successes != nil {
			part += " " + itoa(*s.Successes)
		}
		if s.Target != nil {
			part += "/" + itoa(*s.Target)
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }

func shown(p report.DocPrice) string {
	if p.Shown == nil {
		return "no price"
	}
	return p.Shown.Text
}

func money(m *report.DocMoney) string {
	if m == nil {
		return "no price"
	}
	return m.Text
}

// TestMarinaraFixtures checks every expectation of the fixtures' README
// (the published rulesets of the shared data).
func TestMarinaraFixtures(t *testing.T) {
	marinaraDir := modeltest.Fixtures(t)
	t.Run("gravewatch long_night", func(t *testing.T) {
		d := layersDoc(t, filepath.Join(marinaraDir, "gravewatch.json"), "long_night")
		for key, want := range map[string]string{"kit/watch-pistol": "15 shillings", "kit/silver-nail": "10 shillings", "kit/grave-spade": "3 shillings"} {
			if got := shown(d.Prices[key]); got != want {
				t.Errorf("%s: %s, want %s", key, got, want)
			}
		}
		if got := stepsText(d.DifficultyLadder); got != "Plain work 1/7, Awkward 2/8, Grim 4/9, Hopeless 6/9" {
			t.Errorf("ladder %s", got)
		}
		if len(d.Currencies) != 1 || !slices.Equal(d.Currencies[0].Units, []string{"penny", "shilling"}) || !slices.Equal(d.Currencies[0].RemovedUnits, []string{"crown"}) {
			t.Errorf("currencies %+v", d.Currencies)
		}
	})
	t.Run("ember-roads hard_winter", func(t *testing.T) {
		d := layersDoc(t, filepath.Join(marinaraDir, "ember-roads.json"), "hard_winter")
		if got := stepsText(d.DifficultyLadder); got != "Easy 7, Risky 9, Hard 11, Desperate 13" {
			t.Errorf("ladder %s", got)
		}
		hidden := d.Catalogs["knacks"].Hidden
		if !slices.Contains(hidden, "last-ember") || slices.Contains(hidden, "hold-the-line") {
			t.Errorf("hidden %v", hidden)
		}
	})
	t.Run("5e low_magic high_magic", func(t *testing.T) {
		d := layersDoc(t, filepath.Join(marinaraDir, "5e-2014.json"), "low_magic", "high_magic")
		if !slices.Equal(d.Active, []string{"low_magic"}) || len(d.Dropped) != 1 || d.Dropped[0].ID != "high_magic" || d.Dropped[0].Cause != DropConflict {
			t.Errorf("active %v dropped %+v", d.Active, d.Dropped)
		}
		if got := d.Fields["spellcasting_ability"].Values; !slices.Equal(got, []string{"none", "wis"}) {
			t.Errorf("values %v", got)
		}
	})
	t.Run("all load with no error", func(t *testing.T) {
		for _, f := range []string{"gravewatch.json", "ember-roads.json", "5e-2014.json"} {
			ws := modeltest.Load(t, filepath.Join(marinaraDir, f))
			ds := append(append([]model.Diagnostic{}, ws.Diagnostics...), CheckLayers(ws.Ruleset)...)
			if model.HasErrors(ds) {
				t.Errorf("%s: %v", f, ds)
			}
		}
	})
}

// TestMarinaraVariants: the 300 machine-made variants are valid; their
// layers import and every layer applies.
func TestMarinaraVariants(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(modeltest.Fixtures(t), "variants", "*.json"))
	if len(files) == 0 {
		t.Skip("the shared fixtures hold no variants")
	}
	for _, f := range files {
		ws := modeltest.Load(t, f)
		if ds := CheckLayers(ws.Ruleset); model.HasErrors(ds) {
			t.Errorf("%s: %v", f, ds)
		}
		var all []string
		for _, l := range ws.Ruleset.Layers {
			all = append(all, l.ID)
		}
		e := Resolve(ws.Ruleset, all)
		if len(e.Applied) != len(all) {
			t.Errorf("%s: %v dropped", f, e.Dropped)
		}
		// every shown price is worth what was written, when its family remains
		for _, p := range e.Prices {
			w := p.Written()
			fam, coin := ws.Ruleset.Items.Family(w.Unit)
			if !p.Shown.Priced() {
				if !slices.ContainsFunc(e.Currencies, func(c Currency) bool { return c.Family.ID == fam.ID && c.Removed }) {
					t.Errorf("%s %s: no price, yet its family remains", f, p.Key)
				}
				continue
			}
			if p.Shown.Amount*p.Shown.Coin.Value != w.Amount*coin.Value || e.CoinRemoved(p.Shown.Unit()) {
				t.Errorf("%s %s: %d %s shown as %s", f, p.Key, w.Amount, w.Unit, p.Shown.Text())
			}
		}
	}
}

// TestLanternRoad checks the designed layer outcomes of examples/README.md
// §1.3 to §1.6.
func TestLanternRoad(t *testing.T) {
	ws := modeltest.Load(t, lanternRoad)
	rs := ws.Ruleset
	r := NewResolver(rs)
	doc := func(ids ...string) *report.Layers { return report.NewLayers(r.Resolve(ids)) }
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Errorf("layer findings: %v", ds)
	}

	t.Run("conflict", func(t *testing.T) {
		d := doc("long_dark", "midsummer")
		if !slices.Equal(d.Active, []string{"long_dark"}) || d.Dropped[0].ID != "midsummer" || d.Dropped[0].Cause != DropConflict {
			t.Errorf("active %v dropped %+v", d.Active, d.Dropped)
		}
		var dcs []int
		for _, s := range d.DifficultyLadder {
			dcs = append(dcs, *s.DC)
		}
		if !slices.Equal(dcs, []int{10, 13, 16, 19, 22}) {
			t.Errorf("ladder %v", dcs)
		}
		issues := NewGameIssues(rs, LayerOptions([]string{"long_dark", "midsummer"}))
		if len(issues) != 1 || issues[0].Code != IssueLayerConflict || !slices.Equal(issues[0].Labels, []string{"The long dark", "Midsummer fair"}) {
			t.Errorf("issues %+v", issues)
		}
		if tg := d.Toggles[1]; tg.ID != "midsummer" || !tg.Disabled || !slices.Equal(tg.DisabledBy, []string{"long_dark"}) {
			t.Errorf("midsummer toggle %+v", tg)
		}
		if tg := doc("midsummer").Toggles[0]; tg.ID != "long_dark" || !slices.Equal(tg.DisabledBy, []string{"midsummer"}) {
			t.Errorf("long_dark toggle %+v", tg)
		}
	})

	t.Run("enum fallback", func(t *testing.T) {
		for _, tc := range []struct {
			ids    []string
			values []string
			def    string
			active []string
		}{
			{[]string{"drowned_fens"}, []string{"stonegate"}, "stonegate", []string{"drowned_fens"}},
			{[]string{"hill_fever"}, []string{"fenward", "saltmarch"}, "fenward", []string{"hill_fever"}},
			{[]string{"hill_fever", "drowned_fens"}, []string{"stonegate"}, "stonegate", []string{"drowned_fens"}},
		} {
			d := doc(tc.ids...)
			f := d.Fields["home_reach"]
			if !slices.Equal(f.Values, tc.values) || *f.Default != tc.def || !slices.Equal(d.Active, tc.active) {
				t.Errorf("%v: %v default %v active %v", tc.ids, f.Values, *f.Default, d.Active)
			}
		}
		e := r.Resolve([]string{"drowned_fens", "hill_fever"})
		hill := rs.Layer("hill_fever")
		if o := e.Options(); len(o) != 1 || o[0].Key != "layer.drowned_fens" || strings.Contains(e.CheckGuidance, strings.TrimSpace(*hill.Guidance)) {
			t.Errorf("options %v, guidance %q", o, e.CheckGuidance)
		}
		f := doc("unlit_wicks").Fields["lantern_kind"]
		if !slices.Equal(f.Values, []string{"none", "tin", "brass"}) || *f.Default != "tin" || len(f.ValueLabels) == 0 {
			t.Errorf("lantern_kind %+v", f)
		}
		if _, ok := f.ValueLabels["ghostglass"]; ok {
			t.Error("ghostglass keeps its label")
		}
	})

	t.Run("sellers", func(t *testing.T) {
		if d := doc("toll_war"); !slices.Equal(d.Market.Sellers, []string{"lamp_house"}) {
			t.Errorf("toll_war: %v", d.Market.Sellers)
		}
		if d := doc("lean_years"); !slices.Equal(d.Market.Sellers, []string{"chandler", "armsmith", "peddler"}) {
			t.Errorf("lean_years: %v", d.Market.Sellers)
		}
		d := doc("toll_war", "lean_years")
		if !slices.Equal(d.Market.Sellers, []string{"lamp_house"}) || !slices.Equal(d.Market.RemovedSellers, []string{"chandler", "armsmith", "peddler"}) {
			t.Errorf("both: %v removed %v", d.Market.Sellers, d.Market.RemovedSellers)
		}
		if len(d.Market.Notes) == 0 || !strings.Contains(d.Market.Notes[0], "lean_years") {
			t.Errorf("notes %v", d.Market.Notes)
		}
		if want := []report.DocFilter{{Tag: "contraband"}, {Category: "provisions"}}; !slices.Equal(d.Market.Unsold, want) {
			t.Errorf("unsold %v", d.Market.Unsold)
		}
		if rb := d.LootTables["road_spoils"].ReplacedBy; rb == nil || *rb != "lean_years" {
			t.Error("road_spoils not replaced by lean_years")
		}
		lean := rs.Layer("lean_years")
		if !strings.HasSuffix(r.Resolve([]string{"toll_war", "lean_years"}).CheckGuidance, strings.TrimSpace(*lean.Guidance)) {
			t.Error("lean_years' guidance is not appended")
		}
	})

	t.Run("loot replacement", func(t *testing.T) {
		d := doc("lean_years")
		lt := d.LootTables["road_spoils"]
		if lt.Table.Label != "Picked-over spoils" || *lt.ReplacedBy != "lean_years" {
			t.Errorf("road_spoils %+v", lt)
		}
		want := []report.DocUser{{Kind: UserCreature, ID: "haunts/lantern-thief"}, {Kind: UserThreatTier, ID: "menace"}, {Kind: UserSeller, ID: "peddler"}}
		if !slices.Equal(lt.RolledBy, want) {
			t.Errorf("rolled by %v", lt.RolledBy)
		}
		var lines []string
		for _, l := range lt.Table.Entries {
			lines = append(lines, l.Item+l.Coins)
		}
		if !slices.Equal(lines, []string{"wares/hardtack", "mite", "wares/tarred-rope"}) {
			t.Errorf("lines %v", lines)
		}
		all := doc("long_dark", "drowned_fens", "hill_fever", "guild_ruin", "toll_war", "lean_years", "unlit_wicks")
		for _, id := range []string{"drowned_pockets", "lamp_house_shelves"} {
			if all.LootTables[id].ReplacedBy != nil {
				t.Errorf("%s replaced", id)
			}
		}
	})

	t.Run("dead loot lines", func(t *testing.T) {
		dead := func(d *report.Layers, table string) []string {
			var out []string
			for _, x := range d.LootTables[table].DropsNothing {
				line := d.LootTables[table].Table.Entries[x.Line]
				out = append(out, line.Item+line.Coins+":"+x.Cause+":"+*x.Layer)
			}
			return out
		}
		if got := dead(doc("long_dark"), "road_spoils"); !slices.Equal(got, []string{"groat:coin-removed:long_dark"}) {
			t.Errorf("long_dark: %v", got)
		}
		if got := dead(doc("guild_ruin"), "drowned_pockets"); !slices.Equal(got, []string{"chit:coin-removed:guild_ruin"}) {
			t.Errorf("guild_ruin: %v", got)
		}
		if got := dead(doc("toll_war"), "road_spoils"); !slices.Equal(got, []string{"wares/black-lantern:item-hidden:toll_war"}) {
			t.Errorf("toll_war: %v", got)
		}
		if got := dead(doc("guild_ruin"), "road_spoils"); len(got) != 0 {
			t.Errorf("unsold items still drop: %v", got)
		}
	})

	t.Run("guidance", func(t *testing.T) {
		base := strings.TrimSpace(rs.GM.CheckGuidance)
		all := []string{"long_dark", "drowned_fens", "guild_ruin", "toll_war", "lean_years", "unlit_wicks"}
		e := r.Resolve(all)
		if len(e.Applied) != len(all) {
			t.Fatalf("applied %v dropped %+v", appliedIDs(e), e.Dropped)
		}
		want := base
		for _, id := range []string{"long_dark", "guild_ruin", "lean_years"} {
			want += " " + strings.TrimSpace(*rs.Layer(id).Guidance)
		}
		if e.CheckGuidance != want {
			t.Errorf("check guidance\n%q\nwant\n%q", e.CheckGuidance, want)
		}
		e = r.Resolve([]string{"hill_fever", "midsummer"})
		if want := base + " " + strings.TrimSpace(*rs.Layer("midsummer").Guidance) + " " + strings.TrimSpace(*rs.Layer("hill_fever").Guidance); e.CheckGuidance != want {
			t.Errorf("declaration order: %q", e.CheckGuidance)
		}
		for _, ids := range [][]string{nil, {"hill_fever"}, {"guild_ruin", "toll_war", "lean_years", "unlit_wicks"}} {
			if w := doc(ids...).GM.WorldGuidance; w != nil {
				t.Errorf("%v: world guidance %q", ids, *w)
			}
		}
		if w := doc("drowned_fens").GM.WorldGuidance; w == nil {
			t.Error("drowned_fens gives world guidance")
		}
	})

	t.Run("catalog hiding", func(t *testing.T) {
		for _, tc := range []struct {
			ids  []string
			want []string
		}{
			{[]string{"long_dark"}, []string{"borrowed-flame", "ghost-bargain", "cinder-charm"}},
			{[]string{"drowned_fens"}, []string{"lamp-speech", "fen-footing"}},
			{[]string{"unlit_wicks"}, []string{"borrowed-flame", "counting-the-dead"}},
			{[]string{"long_dark", "drowned_fens", "unlit_wicks"}, []string{"lamp-speech", "fen-footing", "borrowed-flame", "counting-the-dead", "ghost-bargain", "cinder-charm"}},
		} {
			d := doc(tc.ids...)
			if got := d.Catalogs["knacks"].Hidden; !slices.Equal(got, tc.want) {
				t.Errorf("%v: %v, want %v", tc.ids, got, tc.want)
			}
		}
		d := doc("toll_war")
		if got := d.Catalogs["wares"].Hidden; !slices.Equal(got, []string{"bootleg-oil", "black-lantern"}) {
			t.Errorf("wares: %v", got)
		}
		all := doc("long_dark", "drowned_fens", "hill_fever", "guild_ruin", "toll_war", "lean_years", "unlit_wicks")
		if len(all.Catalogs["haunts"].Hidden) != 0 {
			t.Error("something in haunts is hidden")
		}
		if by := doc("long_dark", "unlit_wicks").Catalogs["knacks"].HiddenBy["borrowed-flame"]; by.Layer != "long_dark" {
			t.Errorf("borrowed-flame is hidden first by long_dark, not %s", by.Layer)
		}
	})

	t.Run("prices", func(t *testing.T) {
		none, dark, ruin := doc(), doc("long_dark"), doc("guild_ruin")
		for _, tc := range []struct{ item, none, dark, ruin string }{
			{"tin-lantern", "6 groats", "60 mites", "6 groats"},
			{"lamp-oil", "3 groats", "30 mites", "3 groats"},
			{"warding-bell", "20 groats", "2 nobles", "20 groats"},
			{"hookstaff", "5 groats", "50 mites", "5 groats"},
			{"drovers-knife", "2 groats", "20 mites", "2 groats"},
			{"oilskin-coat", "12 groats", "120 mites", "12 groats"},
			{"tinderbox", "1 groats", "10 mites", "1 groats"},
			{"brass-lantern", "3 nobles", "3 nobles", "3 nobles"},
			{"silvered-saber", "4 nobles", "4 nobles", "4 nobles"},
			{"black-lantern", "2 nobles", "2 nobles", "2 nobles"},
			{"ghostglass-lens", "2 warrants", "2 warrants", "no price"},
			{"ferrymans-mail", "1 warrants", "1 warrants", "no price"},
			{"salt-iron-ring", "15 chits", "15 chits", "no price"},
			{"waystation-bed", "3 chits", "3 chits", "no price"},
			{"bootleg-oil", "18 mites", "18 mites", "18 mites"},
			{"hardtack", "4 mites", "4 mites", "4 mites"},
		} {
			key := "wares/" + tc.item
			for _, c := range []struct {
				d    *report.Layers
				want string
			}{{none, tc.none}, {dark, tc.dark}, {ruin, tc.ruin}} {
				if got := shown(c.d.Prices[key]); got != c.want {
					t.Errorf("%s under %v: %s, want %s", key, c.d.Active, got, c.want)
				}
			}
		}
		for _, key := range []string{"wares/map-of-lamps", "wares/guild-seal"} {
			if _, ok := none.Prices[key]; ok {
				t.Errorf("%s has no cost", key)
			}
		}
		if got := dark.Currencies; len(got) != 2 || !slices.Equal(got[0].Units, []string{"mite", "noble"}) || !slices.Equal(got[0].RemovedUnits, []string{"groat"}) || !slices.Equal(got[1].Units, []string{"chit", "warrant"}) {
			t.Errorf("long_dark currencies %+v", got)
		}
		if got := ruin.Currencies; !slices.Equal(got[0].Units, []string{"mite", "groat", "noble"}) || !got[1].Removed || len(got[1].Units) != 0 {
			t.Errorf("guild_ruin currencies %+v", got)
		}
		// market prices
		for _, tc := range []struct{ item, haggled, posted, gouged, darkPosted string }{
			{"lamp-oil", "23 mites", "3 groats", "45 mites", "30 mites"},
			{"tin-lantern", "45 mites", "6 groats", "9 groats", "60 mites"},
			{"hookstaff", "38 mites", "5 groats", "75 mites", "50 mites"},
			{"warding-bell", "15 groats", "2 nobles", "3 nobles", "2 nobles"},
			{"brass-lantern", "225 mites", "3 nobles", "45 groats", "3 nobles"},
			{"black-lantern", "15 groats", "2 nobles", "3 nobles", "2 nobles"},
			{"silvered-saber", "3 nobles", "4 nobles", "6 nobles", "4 nobles"},
			{"oilskin-coat", "9 groats", "12 groats", "18 groats", "120 mites"},
			{"ghostglass-lens", "38 chits", "2 warrants", "3 warrants", "2 warrants"},
			{"ferrymans-mail", "19 chits", "1 warrants", "38 chits", "1 warrants"},
			{"hardtack", "3 mites", "4 mites", "6 mites", "4 mites"},
			{"wick-bundle", "6 mites", "8 mites", "12 mites", "8 mites"},
		} {
			m := none.Market.Prices["wares/"+tc.item]
			got := []string{money(m["haggled"]), money(m["posted"]), money(m["gouged"]), money(dark.Market.Prices["wares/"+tc.item]["posted"])}
			if want := []string{tc.haggled, tc.posted, tc.gouged, tc.darkPosted}; !slices.Equal(got, want) {
				t.Errorf("%s: %v, want %v", tc.item, got, want)
			}
		}
		dm := dark.Market.Prices
		if money(dm["wares/warding-bell"]["haggled"]) != "150 mites" || money(dm["wares/brass-lantern"]["gouged"]) != "450 mites" ||
			money(dm["wares/lamp-oil"]["haggled"]) != "23 mites" || money(dm["wares/tin-lantern"]["gouged"]) != "90 mites" {
			t.Errorf("long_dark market: %v", dm["wares/warding-bell"])
		}
		for key, lv := range ruin.Market.Prices {
			fam, _ := rs.Items.Family(ruin.Prices[key].Written.Unit)
			for level, m := range lv {
				if (m == nil) != (fam.ID == "scrip") {
					t.Errorf("guild_ruin %s at %s: %v", key, level, m)
				}
			}
		}
	})

	t.Run("unsold items", func(t *testing.T) {
		w := func(ids ...string) []string {
			for i := range ids {
				ids[i] = "wares/" + ids[i]
			}
			return ids
		}
		for _, tc := range []struct {
			ids  []string
			want []string
		}{
			{nil, w("black-lantern")},
			{[]string{"guild_ruin"}, w("black-lantern", "warding-bell", "salt-iron-ring")},
			{[]string{"lean_years"}, w("black-lantern", "hardtack", "smoked-eel", "waystation-bed")},
			{[]string{"toll_war"}, w("black-lantern", "hardtack", "smoked-eel", "hookstaff", "drovers-knife", "silvered-saber", "oilskin-coat", "ferrymans-mail", "tinderbox", "tarred-rope")},
			{[]string{"toll_war", "lean_years"}, w("black-lantern", "hardtack", "smoked-eel", "hookstaff", "drovers-knife", "silvered-saber", "oilskin-coat", "ferrymans-mail", "tinderbox", "tarred-rope")},
		} {
			e := r.Resolve(tc.ids)
			got := slices.Clone(e.Market.UnsoldItems)
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%v: unsoldItems %v, want %v", tc.ids, got, want)
			}
			cross := sellable(e, rs)
			slices.Sort(cross)
			if !slices.Equal(cross, want) {
				t.Errorf("%v: Sells says no seller offers %v", tc.ids, cross)
			}
		}
	})
}

// sellable lists the costed items no remaining seller offers (the README's
// reading of "items no seller offers": the unsold filters, and sellers
// removed).
func sellable(e *Effective, rs *model.Ruleset) []string {
	var out []string
	for _, p := range e.Prices {
		sold := false
		for _, s := range e.Market.Sellers {
			sold = sold || e.Sells(s, p.Item())
		}
		if !sold {
			out = append(out, p.Key)
		}
	}
	return out
}

// TestMirefall checks the designed outcomes of examples/README.md §2.
func TestMirefall(t *testing.T) {
	ws := modeltest.Load(t, mirefall)
	rs := ws.Ruleset
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Errorf("layer findings: %v", ds)
	}
	r := NewResolver(rs)
	d := report.NewLayers(r.Resolve([]string{"high_water"}))
	if got := stepsText(d.DifficultyLadder); got != "Routine 1/7, Tricky 2/8, Grueling 4/9, Heroic 6/9" {
		t.Errorf("high_water ladder %s", got)
	}
	d = report.NewLayers(r.Resolve([]string{"lean_trade"}))
	for key, want := range map[string]string{"pack/iron-punt-pole": "10 bundles", "pack/drowned-bell": "15 bundles", "pack/gutting-knife": "5 bundles"} {
		if got := shown(d.Prices[key]); got != want {
			t.Errorf("%s: %s, want %s", key, got, want)
		}
	}
	if !slices.Equal(d.Currencies[0].Units, []string{"reed", "bundle"}) {
		t.Errorf("coins %v", d.Currencies[0].Units)
	}
	for _, id := range []string{"bog_pickings", "sunken_hoard"} {
		lt := d.LootTables[id]
		found := false
		for _, x := range lt.DropsNothing {
			found = found || lt.Table.Entries[x.Line].Coins == "sheaf"
		}
		if !found {
			t.Errorf("%s: the sheaf line still drops: %+v", id, lt.DropsNothing)
		}
	}
	d = report.NewLayers(r.Resolve([]string{"bog_law"}))
	if !slices.Equal(d.Market.Sellers, []string{"reedwife", "ferry"}) || *d.LootTables["bog_pickings"].ReplacedBy != "bog_law" {
		t.Errorf("bog_law: %v", d.Market.Sellers)
	}
	notOffered := sellable(r.Resolve([]string{"bog_law"}), rs)
	for _, key := range []string{"pack/gutting-knife", "pack/iron-punt-pole"} {
		if !slices.Contains(notOffered, key) {
			t.Errorf("%s is still offered", key)
		}
	}
	d = report.NewLayers(r.Resolve([]string{"fog_years"}))
	if f := d.Fields["totem"]; !slices.Equal(f.Values, []string{"heron", "eel"}) || *f.Default != "heron" {
		t.Errorf("totem %+v", f)
	}
	all := r.Resolve([]string{"high_water", "lean_trade", "bog_law", "fog_years"})
	if len(all.Applied) != 4 || len(all.Dropped) != 0 {
		t.Errorf("all four: %v %+v", appliedIDs(all), all.Dropped)
	}
	none := report.NewLayers(r.Resolve(nil))
	lean := report.NewLayers(r.Resolve([]string{"lean_trade"}))
	for _, tc := range []struct {
		d           *report.Layers
		item, level string
		want        string
	}{
		{none, "gutting-knife", "fair", "1 sheaves"}, {lean, "gutting-knife", "fair", "5 bundles"},
		{none, "gutting-knife", "low", "4 bundles"}, {none, "gutting-knife", "steep", "75 reeds"},
		{none, "iron-punt-pole", "low", "8 bundles"}, {none, "iron-punt-pole", "fair", "2 sheaves"},
		{lean, "iron-punt-pole", "fair", "10 bundles"}, {none, "iron-punt-pole", "steep", "150 reeds"},
		{none, "eel-jerky", "low", "2 reeds"}, {none, "eel-jerky", "steep", "3 reeds"},
		{none, "ferry-crossing", "low", "6 reeds"}, {none, "ferry-crossing", "steep", "9 reeds"},
	} {
		if got := money(tc.d.Market.Prices["pack/"+tc.item][tc.level]); got != tc.want {
			t.Errorf("%s at %s under %v: %s, want %s", tc.item, tc.level, tc.d.Active, got, tc.want)
		}
	}
}
