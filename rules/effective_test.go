package rules

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"rulebench/model"
)

const magicLayers = `[
  {"id":"low_magic","label":"Low magic","conflicts":["high_magic"],
   "gm":{"guidance":"Low magic is on.","worldGuidance":"A world without wizards."},
   "fields":[{"id":"spellcasting_ability","removeValues":["int","cha"]}]},
  {"id":"high_magic","label":"High magic","gm":{"guidance":"High magic is on."}}
]`

// §11.1 Selecting layers.
func TestWorkedSelectingLayers(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, magicLayers).ruleset(t)
	r := NewResolver(rs)
	both := []Option{{"layer.high_magic", true}, {"layer.low_magic", true}, {"difficulty", "brutal"}}
	e := r.ResolveOptions(both)
	if got := appliedIDs(e); !slices.Equal(got, []string{"low_magic"}) {
		t.Fatalf("applied %v", got)
	}
	alone := r.Resolve([]string{"low_magic"})
	if e.CheckGuidance != alone.CheckGuidance || *e.WorldGuidance != *alone.WorldGuidance {
		t.Errorf("guidance differs from low_magic alone: %q", e.CheckGuidance)
	}
	if len(e.Dropped) != 1 || e.Dropped[0].ID != "high_magic" || e.Dropped[0].Cause != DropConflict || !slices.Equal(e.Dropped[0].With, []string{"low_magic"}) {
		t.Errorf("dropped %+v", e.Dropped)
	}
	// the new-game check
	issues := NewGameIssues(rs, both)
	if len(issues) != 1 || issues[0].Code != IssueLayerConflict || !slices.Equal(issues[0].Labels, []string{"Low magic", "High magic"}) {
		t.Errorf("conflict issues %+v", issues)
	}
	issues = NewGameIssues(rs, []Option{{"layer.wild_magic", true}})
	if len(issues) != 1 || issues[0].Code != IssueLayerUnknown || issues[0].Layers[0] != "wild_magic" {
		t.Errorf("unknown issues %+v", issues)
	}
	for _, opts := range [][]Option{{{"layer.low_magic", true}}, {{"layer.low_magic", false}}, {}, nil,
		{{"layer.wild_magic", false}}, {{"layer.wild_magic", "true"}}, {{"difficulty", "brutal"}}} {
		if issues := NewGameIssues(rs, opts); len(issues) != 0 {
			t.Errorf("%v: issues %+v", opts, issues)
		}
	}
	var many []Option
	for i := range 65 {
		many = append(many, Option{fmt.Sprintf("k%d", i), true})
	}
	if issues := NewGameIssues(rs, many); len(issues) != 1 || issues[0].Code != IssueTooMany {
		t.Errorf("65 options: %+v", issues)
	}
	if issues := NewGameIssues(rs, many[:64]); len(issues) != 0 {
		t.Errorf("64 options: %+v", issues)
	}
	if issues := NewGameIssues(rs, []Option{{"note", strings.Repeat("x", 201)}, {"obj", map[string]any{}}}); len(issues) != 2 || issues[0].Code != IssueBadValue {
		t.Errorf("bad values: %+v", issues)
	}
	// an existing pin with an undeclared layer and a foreign key resolves to no layer
	e = r.ResolveOptions([]Option{{"layer.wild_magic", true}, {"difficulty", "brutal"}})
	if len(e.Applied) != 0 || len(e.Options()) != 0 {
		t.Errorf("wild magic pin: %v", appliedIDs(e))
	}
	// with low_magic on: guidance, world guidance, the narrowed enum, applied
	e = r.Resolve([]string{"low_magic"})
	if e.CheckGuidance != "Ask for a check when the road pushes back. Low magic is on." {
		t.Errorf("check guidance %q", e.CheckGuidance)
	}
	if e.WorldGuidance == nil || *e.WorldGuidance != "A world without wizards." {
		t.Errorf("world guidance %v", e.WorldGuidance)
	}
	if f := e.Enum("spellcasting_ability"); !slices.Equal(f.Values, []string{"none", "wis"}) {
		t.Errorf("values %v", f.Values)
	}
	if got := e.Options(); len(got) != 1 || got[0] != (Option{"layer.low_magic", true}) {
		t.Errorf("options %v", got)
	}
	// toggles: high_magic is disabled by low_magic, and the other way round
	if tg := e.Toggles[1]; tg.On || !tg.Disabled() || !slices.Equal(tg.DisabledBy, []string{"low_magic"}) {
		t.Errorf("high_magic toggle %+v", tg)
	}
	e = r.Resolve([]string{"high_magic"})
	if tg := e.Toggles[0]; tg.On || !slices.Equal(tg.DisabledBy, []string{"high_magic"}) {
		t.Errorf("low_magic toggle %+v", tg)
	}
	if tg := e.Toggles[1]; !tg.On || tg.Disabled() {
		t.Errorf("high_magic toggle %+v", tg)
	}
}

// §11.2 No layer on: the base itself, no applied layers, options {}.
func TestWorkedNoLayerOn(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[{"id":"hard_winter","label":"Hard winter","gm":{"guidance":"Cold."},
		"difficultyLadder":[{"label":"Easy","dc":7}],"fields":[{"id":"road","removeValues":["rust"]}]}]`).ruleset(t)
	r := NewResolver(rs)
	for name, opts := range map[string][]Option{
		"empty": {}, "none": nil, "false": {{"layer.hard_winter", false}},
		"string true": {{"layer.hard_winter", "true"}}, "number 1": {{"layer.hard_winter", 1.0}},
		"undeclared": {{"layer.mud_season", true}}, "foreign": {{"difficulty", "brutal"}, {"hard_winter", true}},
	} {
		e := r.ResolveOptions(opts)
		if len(e.Applied) != 0 || len(e.Options()) != 0 {
			t.Errorf("%s: applied %v", name, appliedIDs(e))
		}
		if e.CheckGuidance != rs.GM.CheckGuidance {
			t.Errorf("%s: guidance %q is not the base's, untouched", name, e.CheckGuidance)
		}
		if &e.Ladder[0] != &rs.Resolution.Ladder[0] {
			t.Errorf("%s: the ladder is not the base's own", name)
		}
		if f := e.Enum("road"); len(f.Removed) != 0 || len(f.Values) != 3 {
			t.Errorf("%s: road %+v", name, f)
		}
	}
}

const hardWinter = `[{"id":"hard_winter","label":"Hard winter",
  "gm":{"guidance":"Hard winter is on.","worldGuidance":"Build a cold world."},
  "difficultyLadder":[{"label":"Easy","dc":7},{"label":"Risky","dc":9},{"label":"Hard","dc":11},{"label":"Desperate","dc":13}],
  "catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0}}]}]`

// §11.3 A sum ladder and guidance.
func TestWorkedSumLadder(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, hardWinter).ruleset(t)
	e := Resolve(rs, []string{"hard_winter"})
	if got := ladderText(e.Ladder); got != "Easy 7, Risky 9, Hard 11, Desperate 13" {
		t.Errorf("layered ladder %s", got)
	}
	if e.LadderFrom == nil || e.LadderFrom.ID != "hard_winter" {
		t.Errorf("ladder from %v", e.LadderFrom)
	}
	if got := ladderText(rs.Resolution.Ladder); got != "Easy 6, Risky 8, Hard 10, Desperate 12" {
		t.Errorf("the base changed: %s", got)
	}
	if e.CheckGuidance != "Ask for a check when the road pushes back. Hard winter is on." {
		t.Errorf("check guidance %q", e.CheckGuidance)
	}
	if e.WorldGuidance == nil || *e.WorldGuidance != "Build a cold world." {
		t.Errorf("world guidance %v", e.WorldGuidance)
	}
	if rs.GM.WorldGuidance != nil {
		t.Error("the base gained world guidance")
	}
	if len(rs.Catalogs[0].Entries) != 8 {
		t.Error("the catalogs changed")
	}
	off := Resolve(rs, nil)
	if got := ladderText(off.Ladder); got != "Easy 6, Risky 8, Hard 10, Desperate 12" || off.WorldGuidance != nil {
		t.Errorf("without the layer: %s, %v", got, off.WorldGuidance)
	}
}

// §11.4 A pool ladder.
func TestWorkedPoolLadder(t *testing.T) {
	rs := parseDoc(t, poolBase).layers(t, `[{"id":"long_night","label":"The long night","gm":{"guidance":"Dark."},
	  "difficultyLadder":[{"label":"Plain work","successes":1,"target":7},{"label":"Awkward","successes":2,"target":8},{"label":"Grim","successes":4,"target":9},{"label":"Hopeless","successes":6,"target":9}]}]`).ruleset(t)
	e := Resolve(rs, []string{"long_night"})
	if got := ladderText(e.Ladder); got != "Plain work 1/7, Awkward 2/8, Grim 4/9, Hopeless 6/9" {
		t.Errorf("ladder %s", got)
	}
	if e.Base.Resolution.Kind != model.DicePool || !strings.HasPrefix(e.CheckGuidance, "Count successes.") {
		t.Errorf("kind %s, guidance %q", e.Base.Resolution.Kind, e.CheckGuidance)
	}
}

// The ladder guard: a wrongly shaped layer ladder is ignored, the last
// qualifying one wins.
func TestLadderLastQualifyingWins(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).layers(t, `[
	  {"id":"a","label":"A","difficultyLadder":[{"label":"A","dc":1}]},
	  {"id":"b","label":"B","difficultyLadder":[{"label":"B","dc":2}]},
	  {"id":"c","label":"C","difficultyLadder":[{"label":"C","successes":2}]}]`).decode(t)
	if got := ladderText(Resolve(rs, []string{"a", "b"}).Ladder); got != "B 2" {
		t.Errorf("a+b: %s", got)
	}
	e := Resolve(rs, []string{"a", "c"})
	if got := ladderText(e.Ladder); got != "A 1" || e.LadderFrom.ID != "a" {
		t.Errorf("a+c: %s", got)
	}
}

// §11.5 Enum narrowing.
func TestWorkedEnumNarrowing(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, magicLayers).ruleset(t)
	e := Resolve(rs, []string{"low_magic"})
	f := e.Enum("spellcasting_ability")
	if !slices.Equal(f.Values, []string{"none", "wis"}) || !slices.Equal(f.Removed, []string{"int", "cha"}) {
		t.Errorf("values %v removed %v", f.Values, f.Removed)
	}
	var labels []string
	for _, vl := range f.Labels {
		labels = append(labels, vl.Value+"="+vl.Label)
	}
	if !slices.Equal(labels, []string{"none=None", "wis=Wisdom"}) {
		t.Errorf("labels %v", labels)
	}
	if f.Default == nil || *f.Default != "none" {
		t.Errorf("default %v", f.Default)
	}
	base := rs.Sheet.Field("spellcasting_ability")
	if len(base.Values) != 4 || len(base.ValueLabels) != 4 || base.Default != "none" {
		t.Error("the base field changed")
	}
}

// §11.6 Enum fallback.
func TestWorkedEnumFallback(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"no_lowlands","label":"No lowlands","gm":{"guidance":"Lowlands gone."},"fields":[{"id":"road","removeValues":["ash","rust"],"default":"glass"}]},
	  {"id":"no_glass","label":"No glass","gm":{"guidance":"Glass gone."},"fields":[{"id":"road","removeValues":["glass"],"default":"ash"}]}]`).ruleset(t)
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Fatalf("both layers import: %v", ds)
	}
	r := NewResolver(rs)
	check := func(sel []string, values []string, def string, applied []string) *Effective {
		t.Helper()
		e := r.Resolve(sel)
		f := e.Enum("road")
		if !slices.Equal(f.Values, values) || f.Default == nil || *f.Default != def {
			t.Errorf("%v: values %v default %v", sel, f.Values, f.Default)
		}
		if got := appliedIDs(e); !slices.Equal(got, applied) {
			t.Errorf("%v: applied %v", sel, got)
		}
		return e
	}
	check([]string{"no_lowlands"}, []string{"glass"}, "glass", []string{"no_lowlands"})
	check([]string{"no_glass"}, []string{"ash", "rust"}, "ash", []string{"no_glass"})
	e := check([]string{"no_lowlands", "no_glass"}, []string{"glass"}, "glass", []string{"no_lowlands"})
	if got := e.Options(); len(got) != 1 || got[0].Key != "layer.no_lowlands" {
		t.Errorf("options %v", got)
	}
	if strings.Contains(e.CheckGuidance, "Glass gone") {
		t.Error("the dropped layer's guidance is applied")
	}
	if len(e.Dropped) != 1 || e.Dropped[0].Cause != DropInvalid || !slices.Equal(e.Dropped[0].With, []string{"no_lowlands"}) ||
		!strings.Contains(e.Dropped[0].Reason(), `"road"`) {
		t.Errorf("dropped %+v", e.Dropped)
	}
	// the toggle of a dropped layer is neither on nor disabled
	if tg := e.Toggles[1]; tg.On || tg.Disabled() {
		t.Errorf("toggle %+v", tg)
	}
	e = r.Resolve(nil)
	if len(e.Applied) != 0 || len(e.Options()) != 0 {
		t.Error("options {} should give the base")
	}
}

// The fallback also drops a layer whose ladder or guidance breaks the
// effective rules, and a removal some hideWhen compares against.
func TestFallbackReasons(t *testing.T) {
	long := strings.Repeat("g", 4000)
	d := parseDoc(t, poolBase)
	var layers []string
	for i := range 12 {
		layers = append(layers, fmt.Sprintf(`{"id":"l%d","label":"L","gm":{"guidance":"%s"}}`, i, long))
	}
	d.set(t, "gm.checkGuidance", strings.Repeat("b", 1500))
	rs, _ := d.layers(t, "["+strings.Join(layers, ",")+"]").decode(t)
	all := []string{"l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "l10", "l11"}
	e := Resolve(rs, all)
	if len(e.Applied) != 12 || len(e.CheckGuidance) != MaxLayeredGuidance {
		t.Errorf("12 layers of 4000 plus 1500: %d applied, %d characters", len(e.Applied), len(e.CheckGuidance))
	}
	// one more character and the last layer no longer fits
	d.set(t, "gm.checkGuidance", strings.Repeat("b", 1501))
	rs, _ = d.decode(t)
	e = Resolve(rs, all)
	if len(e.Applied) != 11 || e.Dropped[0].ID != "l11" || !strings.Contains(e.Dropped[0].Reason(), "49513") {
		t.Errorf("over the cap: %d applied, %+v", len(e.Applied), e.Dropped)
	}
	// a ladder that cannot be reached is dropped (a file the Engine refuses, shown anyway)
	rs, _ = parseDoc(t, poolBase).layers(t, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Far","successes":99}]},{"id":"b","label":"B","gm":{"guidance":"B."}}]`).decode(t)
	e = Resolve(rs, []string{"a", "b"})
	if got := appliedIDs(e); !slices.Equal(got, []string{"b"}) || !strings.Contains(e.Dropped[0].Reason(), "on its own") {
		t.Errorf("bad ladder: %v %+v", got, e.Dropped)
	}
	if got := ladderText(e.Ladder); got != "Plain 1, Hard 3/8" {
		t.Errorf("ladder %s", got)
	}
	// a removal that a hideWhen compares against
	rs, _ = parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","fields":[{"id":"spellcasting_ability","removeValues":["none"],"default":"wis"}]}]`).decode(t)
	if e := Resolve(rs, []string{"a"}); len(e.Applied) != 0 || !strings.Contains(e.Dropped[0].Reason(), "hideWhen") {
		t.Errorf("hideWhen: %v %+v", appliedIDs(e), e.Dropped)
	}
	// a guidance that is not prompt-safe (a file the Engine refuses), in
	// either string; the other layer still applies
	for _, gm := range []string{`{"worldGuidance":"x {{y}}"}`, `{"guidance":"x [y]"}`} {
		rs, _ = parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","gm":`+gm+`},{"id":"b","label":"B","gm":{"guidance":"B."}}]`).decode(t)
		e := Resolve(rs, []string{"a", "b"})
		if got := appliedIDs(e); !slices.Equal(got, []string{"b"}) || !strings.Contains(e.Dropped[0].Reason(), "may not contain") {
			t.Errorf("unsafe %s: %v %+v", gm, got, e.Dropped)
		}
	}
}

// §2.1 guidance: parts trimmed (JavaScript's trim), empty ones dropped,
// joined with one space; nothing left keeps the base.
func TestGuidanceJoin(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).layers(t, `[
	  {"id":"a","label":"A","gm":{"guidance":"  First.\u00a0","worldGuidance":"\ufeffWorld one. "}},
	  {"id":"b","label":"B","gm":{"guidance":"   "}},
	  {"id":"c","label":"C","gm":{"guidance":"\u2003Third."}}]`).decode(t)
	e := Resolve(rs, []string{"c", "b", "a"})
	if want := "Ask for a check when the road pushes back. First. Third."; e.CheckGuidance != want {
		t.Errorf("check %q, want %q", e.CheckGuidance, want)
	}
	if e.WorldGuidance == nil || *e.WorldGuidance != "World one." {
		t.Errorf("world %v", e.WorldGuidance)
	}
	e = Resolve(rs, []string{"b"})
	if e.CheckGuidance != "Ask for a check when the road pushes back." || e.WorldGuidance != nil {
		t.Errorf("blank layer: %q %v", e.CheckGuidance, e.WorldGuidance)
	}
	if jsTrim("\u0085x\u0085") != "\u0085x\u0085" || jsTrim("\ufeff x \u3000") != "x" {
		t.Error("jsTrim differs from JavaScript's trim")
	}
}

// §11.7 Catalog hiding.
func TestWorkedCatalogHiding(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, hardWinter).ruleset(t)
	e := Resolve(rs, []string{"hard_winter"})
	if got := hiddenIDs(e, "knacks"); !slices.Equal(got, []string{"last-ember"}) {
		t.Errorf("hidden %v", got)
	}
	if hc, ok := e.Hidden("knacks", "last-ember"); !ok || hc.Layer.ID != "hard_winter" || hc.Rule != 0 {
		t.Errorf("cause %+v", hc)
	}
	if _, ok := e.Hidden("knacks", "hold-the-line"); ok {
		t.Error("hold-the-line hidden")
	}
	if got := hiddenIDs(e, "kit"); len(got) != 0 {
		t.Errorf("another catalog: %v", got)
	}
	if got := hiddenIDs(Resolve(rs, nil), "knacks"); len(got) != 0 {
		t.Errorf("layer off: %v", got)
	}
	// word rules
	rs = parseDoc(t, sumBase).layers(t, `[{"id":"w","label":"W","catalogs":[
	  {"id":"knacks","hide":{"filter":"road","equals":"Rustways"}},
	  {"id":"knacks","hide":{"filter":"callings","notIn":["Scout","Ember-tender"]}}]}]`).ruleset(t)
	e = Resolve(rs, []string{"w"})
	if got := hiddenIDs(e, "knacks"); !slices.Equal(got, []string{"a", "c", "f"}) {
		t.Errorf("word rules hide %v", got)
	}
	for id, rule := range map[string]int{"a": 0, "c": 1, "f": 1} {
		if hc, _ := e.Hidden("knacks", id); hc.Rule != rule {
			t.Errorf("%s hidden by rule %d, want %d", id, hc.Rule, rule)
		}
	}
}

// Hides covers each comparison of §4 on its own.
func TestHides(t *testing.T) {
	entry := func(fv model.FilterValue) *model.Entry {
		fv.Filter = "f"
		return &model.Entry{Filters: []model.FilterValue{fv}}
	}
	num := func(x float64) *model.Entry { return entry(model.FilterValue{Kind: model.Number, Number: x}) }
	text := func(s string) *model.Entry { return entry(model.FilterValue{Kind: model.String, Text: s}) }
	tags := func(s ...string) *model.Entry { return entry(model.FilterValue{Kind: model.Array, Tags: s}) }
	rule := func(op string, n float64, s string, list ...string) model.HideRule {
		return model.HideRule{Filter: "f", Op: op, Number: n, Text: s, List: list}
	}
	tests := []struct {
		name string
		rule model.HideRule
		e    *model.Entry
		want bool
	}{
		{"above strictly", rule("above", 1, ""), num(1), false},
		{"above", rule("above", 1, ""), num(1.5), true},
		{"below strictly", rule("below", 1, ""), num(1), false},
		{"below", rule("below", 1, ""), num(0), true},
		{"above on text", rule("above", 0, ""), text("5"), false},
		{"unset filter", rule("above", 0, ""), &model.Entry{}, false},
		{"equals text", rule("equals", 0, "Rust"), text("Rust"), true},
		{"equals is case-sensitive", rule("equals", 0, "Rust"), text("rust"), false},
		{"equals does not trim", rule("equals", 0, "Rust"), text("Rust "), false},
		{"equals in tags", rule("equals", 0, "Rust"), tags("Ash", "Rust"), true},
		{"equals on a number", rule("equals", 0, "1"), num(1), false},
		{"notIn single string is one word", rule("notIn", 0, "", "Scout Hauler"), text("Scout"), true},
		{"notIn match", rule("notIn", 0, "", "Scout"), tags("Hauler", "Scout"), false},
		{"notIn no match", rule("notIn", 0, "", "Scout"), tags("Hauler"), true},
		{"notIn on a number", rule("notIn", 0, "", "1"), num(1), false},
		{"notIn empty tags kept", rule("notIn", 0, "", "Scout"), tags(), false},
		{"no comparison", rule("", 0, ""), num(5), false},
	}
	for _, tc := range tests {
		if got := Hides(tc.rule, tc.e); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

const longNight = `[{"id":"long_night","label":"The long night","currencies":{"removeUnits":["crown"]}}]`

// §11.9 Coins.
func TestWorkedCoins(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, longNight).ruleset(t)
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Fatal(ds)
	}
	e := Resolve(rs, []string{"long_night"})
	if len(e.Applied) != 1 {
		t.Fatal("long_night applies even though items are priced in crowns")
	}
	if len(rs.Items.Currencies[0].Units) != 3 {
		t.Error("the definition changed its coins")
	}
	c := e.Currencies[0]
	if c.Family.ID != "coin" || c.Removed || len(c.Units) != 2 || c.Units[0].ID != "penny" || c.Units[1].ID != "shilling" || c.RemovedUnits[0].ID != "crown" {
		t.Errorf("currencies %+v", c)
	}
	if !e.CoinRemoved("crown") || e.CoinRemoved("penny") {
		t.Error("CoinRemoved")
	}
	for key, want := range map[string]string{"kit/watch-pistol": "15 shillings", "kit/silver-nail": "10 shillings", "kit/grave-spade": "3 shillings", "kit/warming-tonic": "4 pennies"} {
		if got := amountText(priceOf(e, key).Shown); got != want {
			t.Errorf("%s shows %s, want %s", key, got, want)
		}
	}
	if priceOf(e, "kit/bell") != nil {
		t.Error("an item without a cost has a price")
	}
	off := Resolve(rs, nil)
	if got := amountText(priceOf(off, "kit/watch-pistol").Shown); got != "3 crowns" {
		t.Errorf("no layer: %s", got)
	}
	if len(off.Currencies[0].Units) != 3 {
		t.Error("no layer: the remaining currencies are not the declared ones")
	}
	// crown worth 61: 183 pennies, which 12 does not divide
	d := parseDoc(t, sumBase).layers(t, longNight)
	d.set(t, "items.currencies.0.units.2.value", 61.0)
	e = Resolve(d.ruleset(t), []string{"long_night"})
	if got := amountText(priceOf(e, "kit/watch-pistol").Shown); got != "183 pennies" {
		t.Errorf("crown 61: %s", got)
	}
	// the whole family: no coin remains, no price
	rs = parseDoc(t, sumBase).layers(t, `[{"id":"ruin","label":"Ruin","currencies":{"removeFamilies":["coin"]}}]`).ruleset(t)
	e = Resolve(rs, []string{"ruin"})
	if p := priceOf(e, "kit/watch-pistol"); p.Shown.Priced() || p.Levels[1].Priced() {
		t.Errorf("family removed: %v", p.Shown)
	}
	if c := e.Currencies[0]; !c.Removed || len(c.Units) != 0 || len(c.RemovedUnits) != 3 {
		t.Errorf("family removed: %+v", c)
	}
	// a loot line dropping crowns drops nothing under the layer
	e = Resolve(parseDoc(t, sumBase).layers(t, longNight).ruleset(t), []string{"long_night"})
	if dead := e.Loot[0].Dead; len(dead) != 1 || dead[0].Line != 1 || dead[0].Cause != DeadCoinRemoved || dead[0].By.ID != "long_night" {
		t.Errorf("dead lines %+v", dead)
	}
}

// §5.2 the price shown when a removed coin's worth falls to smaller coins.
func TestShownPrice(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","currencies":{"removeUnits":["shilling","crown"]}},
	  {"id":"b","label":"B","currencies":{"removeUnits":["shilling"]}}]`).ruleset(t)
	e := Resolve(rs, []string{"a"})
	for cost, want := range map[model.Cost]string{
		{Amount: 3, Unit: "crown"}:    "180 pennies",
		{Amount: 3, Unit: "shilling"}: "36 pennies",
		{Amount: 0, Unit: "crown"}:    "0 pennies",
		{Amount: 5, Unit: "penny"}:    "5 pennies",
		{Amount: 2, Unit: "florin"}:   "2 florin",
	} {
		if got := amountText(e.ShownPrice(cost)); got != want {
			t.Errorf("%v: %s, want %s", cost, got, want)
		}
	}
	e = Resolve(rs, []string{"b"})
	for cost, want := range map[model.Cost]string{
		{Amount: 5, Unit: "shilling"}: "1 crowns",
		{Amount: 7, Unit: "shilling"}: "84 pennies",
		{Amount: 0, Unit: "shilling"}: "0 crowns",
	} {
		if got := amountText(e.ShownPrice(cost)); got != want {
			t.Errorf("%v: %s, want %s", cost, got, want)
		}
	}
}

// §11.10 Market prices.
func TestWorkedMarketPrices(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, longNight).ruleset(t)
	e := Resolve(rs, []string{"long_night"})
	pistol := model.Cost{Amount: 3, Unit: "crown"}
	tonic := model.Cost{Amount: 4, Unit: "penny"}
	if got := amountText(e.MarketPrice(pistol, 1, 1)); got != "15 shillings" {
		t.Errorf("pistol fair: %s", got)
	}
	if got := amountText(Resolve(rs, nil).MarketPrice(pistol, 1, 1)); got != "3 crowns" {
		t.Errorf("pistol fair, no layer: %s", got)
	}
	if got := amountText(e.MarketPrice(pistol, 0.75, 1)); got != "135 pennies" {
		t.Errorf("pistol cheap: %s", got)
	}
	if got := amountText(e.MarketPrice(tonic, 0.75, 4)); got != "1 shillings" {
		t.Errorf("4 tonics cheap: %s", got)
	}
	if got := amountText(priceOf(e, "kit/warming-tonic").Shown); got != "4 pennies" {
		t.Errorf("the tonic's own price: %s", got)
	}
	if MarketOwed(5, 1.5, 1) != 8 || MarketOwed(1, 0.4, 1) != 1 || MarketOwed(0, 1.5, 3) != 0 || MarketOwed(10, 0.25, 1) != 3 {
		t.Error("rounding: 7.5 → 8, 0.4 → 1, free stays 0, 2.5 → 3")
	}
	// always re-expressed: 24 pennies owed read as 2 shillings
	if got := amountText(e.MarketPrice(model.Cost{Amount: 24, Unit: "penny"}, 1, 1)); got != "2 shillings" {
		t.Errorf("re-expressed: %s", got)
	}
	// the price table: every level, in the market's order
	p := priceOf(e, "kit/watch-pistol")
	var got []string
	for _, a := range p.Levels {
		got = append(got, amountText(a))
	}
	if !slices.Equal(got, []string{"135 pennies", "15 shillings", "270 pennies"}) {
		t.Errorf("levels %v", got)
	}
	// unknown coin: no price
	if e.MarketPrice(model.Cost{Amount: 1, Unit: "florin"}, 1, 1).Priced() {
		t.Error("an unknown coin has a market price")
	}
}

// The market under layers: seller removal made as a whole or skipped,
// unsold filters appended, loot replaced by the last layer.
func TestMarketAndLoot(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"no_smith","label":"A","items":{"market":{"removeSellers":["smith"]},"lootTables":[{"id":"grave_goods","label":"Thin","entries":[{"coins":"penny"}]}]}},
	  {"id":"no_chandler","label":"B","items":{"market":{"removeSellers":["chandler"],"unsold":[{"category":"tonic"}]},"lootTables":[{"id":"grave_goods","label":"Thinner","entries":[{"item":"kit/warming-tonic"}]}]}}]`).ruleset(t)
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Fatal(ds)
	}
	r := NewResolver(rs)
	e := r.Resolve([]string{"no_smith"})
	if len(e.Market.Sellers) != 1 || e.Market.Sellers[0].ID != "chandler" || e.Market.Removed[0].Layer.ID != "no_smith" {
		t.Errorf("sellers %+v", e.Market.Sellers)
	}
	// the smith was the only seller of arms; the bell has no cost, so it is never listed
	if !slices.Equal(e.Market.UnsoldItems, []string{"kit/watch-pistol", "kit/silver-nail", "kit/grave-spade"}) || !e.IsUnsold("kit/silver-nail") || e.IsUnsold("kit/bell") || e.IsUnsold("kit/warming-tonic") {
		t.Errorf("unsold %v", e.Market.UnsoldItems)
	}
	lt := e.Loot[0]
	if lt.ReplacedBy.ID != "no_smith" || lt.Table.Label != "Thin" || lt.Base.Label != "Grave goods" {
		t.Errorf("loot %+v", lt)
	}
	if len(lt.Users) != 1 || lt.Users[0] != (LootUser{Kind: UserSeller, ID: "smith", Label: "smith"}) {
		t.Errorf("users %+v", lt.Users)
	}
	// both: the second removal would leave no seller, so it is skipped; its other effects apply
	e = r.Resolve([]string{"no_chandler", "no_smith"})
	if len(e.Market.Sellers) != 1 || e.Market.Sellers[0].ID != "chandler" {
		t.Errorf("sellers %v", e.Market.Sellers)
	}
	if len(e.Market.Skipped) != 1 || e.Market.Skipped[0].Layer.ID != "no_chandler" {
		t.Errorf("skipped %+v", e.Market.Skipped)
	}
	if len(e.Market.Unsold) != 2 || e.Market.Unsold[1].Layer.ID != "no_chandler" {
		t.Errorf("unsold filters %+v", e.Market.Unsold)
	}
	if !slices.Equal(e.Market.UnsoldItems, []string{"kit/watch-pistol", "kit/silver-nail", "kit/grave-spade", "kit/warming-tonic"}) {
		t.Errorf("unsold items %v", e.Market.UnsoldItems)
	}
	if !slices.Equal(e.Market.OffSale, []string{"kit/silver-nail", "kit/warming-tonic", "kit/bell"}) {
		t.Errorf("off sale %v", e.Market.OffSale)
	}
	if e.Loot[0].ReplacedBy.ID != "no_chandler" || e.Loot[0].Table.Label != "Thinner" {
		t.Error("the last layer's table wins")
	}
	chandler := e.Market.Sellers[0]
	if e.Sells(chandler, rs.Catalog("kit").Entry("warming-tonic").Item) {
		t.Error("an unsold item is sold")
	}
	if e.Sells(rs.Items.Market.Sellers[0], rs.Catalog("kit").Entry("grave-spade").Item) {
		t.Error("a removed seller sells")
	}
	base := Resolve(rs, nil)
	if !base.Sells(rs.Items.Market.Sellers[0], rs.Catalog("kit").Entry("grave-spade").Item) {
		t.Error("the smith sells arms")
	}
	if !slices.Equal(base.Market.UnsoldItems, []string{"kit/silver-nail"}) {
		t.Errorf("no layer: unsold %v", base.Market.UnsoldItems)
	}
}

// Loot lines under hiding: a hidden item drops nothing, an unsold one
// still drops, a filter whose items are all hidden drops nothing.
func TestDeadLootLines(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[{"id":"h","label":"H","catalogs":[{"id":"kit","hide":{"filter":"weight","below":2}}]}]`).ruleset(t)
	e := Resolve(rs, []string{"h"})
	dead := e.Loot[0].Dead
	if len(dead) != 2 || dead[0].Line != 3 || dead[0].Cause != DeadItemHidden || dead[1].Line != 4 || dead[1].Cause != DeadNoItem || dead[1].By.ID != "h" {
		t.Errorf("dead %+v", dead)
	}
	// unsold (the base market's unsold takes silver off sale) is not hidden: no dead line
	if dead := Resolve(rs, nil).Loot[0].Dead; len(dead) != 0 {
		t.Errorf("no layer: %+v", dead)
	}
}

// Sample saves: values the layers no longer offer are kept and shown.
func TestKeptInSave(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[{"id":"low","label":"L","fields":[{"id":"spellcasting_ability","removeValues":["int","cha"]}],
	  "catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0}}],"currencies":{"removeUnits":["crown"]}}]`).ruleset(t)
	save, ds := model.DecodeSave("s.json", []byte(`{"v":1,"build":{
	  "fields":{"road":"rust","spellcasting_ability":"cha","level":3},
	  "lists":{"knacks":[{"name":"Last ember","_catalog":"knacks/last-ember"},{"name":"Hold","_catalog":"knacks/hold-the-line"},{"name":"Own"}]},
	  "purse":{"crown":2,"shilling":1}}}`))
	if model.HasErrors(ds) {
		t.Fatal(ds)
	}
	e := Resolve(rs, []string{"low"})
	kept := e.KeptInSave(save)
	var got []string
	for _, k := range kept {
		got = append(got, fmt.Sprintf("%s %s=%s by %s", k.Kind, k.Path, k.Value, k.Layer.ID))
	}
	want := []string{
		"enum-value build.fields.spellcasting_ability=cha by low",
		"catalog-row build.lists.knacks.0._catalog=knacks/last-ember by low",
		"coin build.purse.crown=crown by low",
	}
	if !slices.Equal(got, want) {
		t.Errorf("kept\n%q\nwant\n%q", got, want)
	}
	if kept[2].Count != 2 || kept[0].Node.Pos().Line != 2 {
		t.Errorf("count %v line %d", kept[2].Count, kept[0].Node.Pos().Line)
	}
	if len(Resolve(rs, nil).KeptInSave(save)) != 0 {
		t.Error("no layer: nothing is kept")
	}
	// coins of a family a layer removes whole are kept as well
	rs = parseDoc(t, sumBase).layers(t, `[{"id":"ruin","label":"Ruin","currencies":{"removeFamilies":["coin"]}}]`).ruleset(t)
	var coins []string
	for _, k := range Resolve(rs, []string{"ruin"}).KeptInSave(save) {
		coins = append(coins, k.Value+" by "+k.Layer.ID)
	}
	if !slices.Equal(coins, []string{"crown by ruin", "shilling by ruin"}) {
		t.Errorf("family removed: kept %v", coins)
	}
}

// Selection ignores the order of ids and repeats; Selected is in
// declaration order, then unknown ids sorted.
func TestSelectionOrder(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, magicLayers).ruleset(t)
	e := Resolve(rs, []string{"zeta", "high_magic", "alpha", "low_magic", "high_magic"})
	if !slices.Equal(e.Selected, []string{"low_magic", "high_magic", "alpha", "zeta"}) {
		t.Errorf("selected %v", e.Selected)
	}
	var dropped []string
	for _, d := range e.Dropped {
		dropped = append(dropped, d.ID+":"+d.Cause)
	}
	if !slices.Equal(dropped, []string{"high_magic:conflict", "alpha:unknown", "zeta:unknown"}) {
		t.Errorf("dropped %v", dropped)
	}
	if got := LayerOptions([]string{"b", "a", "b"}); !slices.Equal(got, []Option{{"layer.b", true}, {"layer.a", true}}) {
		t.Errorf("options %v", got)
	}
	if ids := ChosenLayers([]Option{{"layer.a", true}, {"layer.b", "true"}, {"x", true}, {"layer.c", 1}}); !slices.Equal(ids, []string{"a"}) {
		t.Errorf("chosen %v", ids)
	}
}

// A dropped layer does not knock out later ones (§1.1: conflicts are tested
// only against layers already kept).
func TestConflictChain(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","conflicts":["b"]},{"id":"b","label":"B","conflicts":["c"]},{"id":"c","label":"C"}]`).ruleset(t)
	if got := appliedIDs(Resolve(rs, []string{"a", "b", "c"})); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("applied %v", got)
	}
	issues := NewGameIssues(rs, LayerOptions([]string{"c", "b", "a"}))
	if len(issues) != 2 || !slices.Equal(issues[0].Layers, []string{"a", "b"}) || !slices.Equal(issues[1].Layers, []string{"b", "c"}) {
		t.Errorf("issues %+v", issues)
	}
}

// Resolve tolerates a nil ruleset and a ruleset with nothing in it.
func TestResolveEmpty(t *testing.T) {
	for _, rs := range []*model.Ruleset{nil, {}} {
		e := Resolve(rs, []string{"x"})
		if len(e.Applied) != 0 || len(e.Dropped) != 1 || e.HiddenPriced() != 0 {
			t.Errorf("%+v", e)
		}
	}
}

// §2.1 step 2: world guidance joins the base's (when there is one) and each
// applied layer's, trimmed, in declaration order, with one space.
func TestWorldGuidanceJoin(t *testing.T) {
	d := parseDoc(t, sumBase).set(t, "gm.worldGuidance", " Base world. ")
	rs := d.layers(t, `[
	  {"id":"a","label":"A","gm":{"worldGuidance":"A world."}},
	  {"id":"b","label":"B","gm":{"guidance":"B only."}},
	  {"id":"c","label":"C","gm":{"worldGuidance":"  C world. "}}]`).ruleset(t)
	for _, tc := range []struct {
		sel  []string
		want string
	}{
		{[]string{"c", "b", "a"}, "Base world. A world. C world."},
		{[]string{"c"}, "Base world. C world."},
		{[]string{"b"}, "Base world."},
	} {
		e := Resolve(rs, tc.sel)
		if e.WorldGuidance == nil || *e.WorldGuidance != tc.want {
			t.Errorf("%v: world guidance %v, want %q", tc.sel, e.WorldGuidance, tc.want)
		}
	}
	// with no layer on, the base is kept as written (untrimmed)
	if e := Resolve(rs, nil); e.WorldGuidance == nil || *e.WorldGuidance != " Base world. " {
		t.Errorf("no layer: %v", e.WorldGuidance)
	}
}

// §2.1 step 1: when nothing is left after trimming, the base value is kept
// unchanged, even a base that is only spaces.
func TestGuidanceNothingLeft(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).set(t, "gm.checkGuidance", "   ").
		layers(t, `[{"id":"a","label":"A","gm":{"guidance":"  "}},{"id":"b","label":"B"}]`).decode(t)
	e := Resolve(rs, []string{"a", "b"})
	if len(e.Applied) != 2 || e.CheckGuidance != "   " || e.WorldGuidance != nil {
		t.Errorf("applied %v, check %q, world %v", appliedIDs(e), e.CheckGuidance, e.WorldGuidance)
	}
}

// §2.3: world guidance is capped like check guidance, at 1500 + 12 × 4001.
func TestWorldGuidanceCap(t *testing.T) {
	var layers []string
	all := make([]string, 12)
	for i := range 12 {
		all[i] = fmt.Sprintf("l%d", i)
		layers = append(layers, fmt.Sprintf(`{"id":"l%d","label":"L","gm":{"worldGuidance":"%s"}}`, i, strings.Repeat("w", 4000)))
	}
	for _, tc := range []struct {
		base    int
		applied int
	}{{1500, 12}, {1501, 11}} {
		d := parseDoc(t, poolBase).set(t, "gm.worldGuidance", strings.Repeat("b", tc.base))
		rs, _ := d.layers(t, "["+strings.Join(layers, ",")+"]").decode(t)
		e := Resolve(rs, all)
		if len(e.Applied) != tc.applied {
			t.Errorf("base of %d: %d applied, want %d (%+v)", tc.base, len(e.Applied), tc.applied, e.Dropped)
		}
		if tc.applied == 12 && len(*e.WorldGuidance) != MaxLayeredGuidance {
			t.Errorf("base of %d: %d characters", tc.base, len(*e.WorldGuidance))
		}
		if tc.applied == 11 && (e.Dropped[0].ID != "l11" || !strings.Contains(e.Dropped[0].Reason(), "world guidance")) {
			t.Errorf("base of %d: dropped %+v", tc.base, e.Dropped)
		}
	}
}

// §2.1 step 3: a layer's ladder replaces the current one only when it has
// at least one step and every step has the base kind's key; otherwise it is
// ignored entirely, and the last qualifying layer wins.
func TestLadderGuard(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).layers(t, `[
	  {"id":"a","label":"A","difficultyLadder":[{"label":"A","dc":1}]},
	  {"id":"mixed","label":"M","difficultyLadder":[{"label":"M","dc":5},{"label":"Odd","successes":2}]},
	  {"id":"empty","label":"E","difficultyLadder":[]},
	  {"id":"b","label":"B","difficultyLadder":[{"label":"B1","dc":2},{"label":"B2","dc":3}]}]`).decode(t)
	for _, tc := range []struct {
		sel  []string
		want string
		from string
	}{
		{[]string{"a", "mixed"}, "A 1", "a"},
		{[]string{"a", "empty"}, "A 1", "a"},
		{[]string{"mixed", "empty"}, "Easy 6, Risky 8, Hard 10, Desperate 12", ""},
		{[]string{"b", "a", "mixed"}, "B1 2, B2 3", "b"},
	} {
		e := Resolve(rs, tc.sel)
		from := ""
		if e.LadderFrom != nil {
			from = e.LadderFrom.ID
		}
		if got := ladderText(e.Ladder); got != tc.want || from != tc.from {
			t.Errorf("%v: ladder %s from %q, want %s from %q", tc.sel, got, from, tc.want, tc.from)
		}
	}
	// a dc ladder on a pool ruleset is ignored as well
	rs, _ = parseDoc(t, poolBase).layers(t, `[{"id":"a","label":"A","difficultyLadder":[{"label":"Easy","dc":7}]}]`).decode(t)
	if got := ladderText(Resolve(rs, []string{"a"}).Ladder); got != "Plain 1, Hard 3/8" {
		t.Errorf("pool: %s", got)
	}
}

// §2.1 step 4: the default is the one given by the last layer naming the
// field with a default; without one the field keeps its own; a default
// that is not among the remaining values leaves the field with none.
func TestEnumDefaults(t *testing.T) {
	tests := []struct {
		name   string
		layers string
		values []string
		def    string // "" for no default
	}{
		{"the last layer's default wins",
			`[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"],"default":"rust"}]},
			  {"id":"b","label":"B","fields":[{"id":"road","removeValues":["rust"],"default":"glass"}]}]`,
			[]string{"glass"}, "glass"},
		{"a later layer without a default keeps the earlier one's",
			`[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"],"default":"glass"}]},
			  {"id":"b","label":"B","fields":[{"id":"road","removeValues":["rust"]}]}]`,
			[]string{"glass"}, "glass"},
		{"a default another layer removes: no default",
			`[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash"],"default":"rust"}]},
			  {"id":"b","label":"B","fields":[{"id":"road","removeValues":["rust"]}]}]`,
			[]string{"glass"}, ""},
		{"no layer default: the field's own",
			`[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"]}]},
			  {"id":"b","label":"B","fields":[{"id":"road","removeValues":["glass"]}]}]`,
			[]string{"ash"}, "ash"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := parseDoc(t, sumBase).layers(t, tc.layers).ruleset(t)
			if ds := CheckLayers(rs); len(ds) != 0 {
				t.Fatalf("each layer imports: %v", ds)
			}
			e := Resolve(rs, []string{"a", "b"})
			if len(e.Applied) != 2 {
				t.Fatalf("applied %v, dropped %+v", appliedIDs(e), e.Dropped)
			}
			f := e.Enum("road")
			def := ""
			if f.Default != nil {
				def = *f.Default
			}
			if !slices.Equal(f.Values, tc.values) || def != tc.def || !slices.Equal(f.By, []string{"a", "b"}) {
				t.Errorf("values %v default %q by %v, want %v %q", f.Values, def, f.By, tc.values, tc.def)
			}
		})
	}
}

// §2.1 step 4.4 and §2.3: a layer naming a field that is not an enum (a
// file the Engine refuses) leaves the field alone and still applies; a
// removed value that an enumTable reads is allowed (the key check is
// relaxed on a layered definition).
func TestNarrowingLeftAlone(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","fields":[{"id":"level","removeValues":["1"]},{"id":"calling","removeValues":["Sailor"]}]}]`).decode(t)
	e := Resolve(rs, []string{"a"})
	if len(e.Applied) != 1 || e.Enum("level") != nil || e.Enum("calling") != nil || len(e.Enum("road").Removed) != 0 {
		t.Errorf("applied %v, enums %+v", appliedIDs(e), e.Enums)
	}
	d := parseDoc(t, sumBase).set(t, "sheet.derived",
		raw(t, `[{"id":"road_toll","label":"Toll","op":"enumTable","from":{"field":"road"},"table":{"ash":1,"rust":2,"glass":3}}]`))
	rs = d.layers(t, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["rust"]}]}]`).ruleset(t)
	if ds := append(CheckFormat(rs), CheckLayers(rs)...); len(ds) != 0 {
		t.Fatalf("findings %v", ds)
	}
	if e := Resolve(rs, []string{"a"}); len(e.Applied) != 1 || !slices.Equal(e.Enum("road").Values, []string{"ash", "glass"}) {
		t.Errorf("enumTable: applied %v dropped %+v", appliedIDs(e), e.Dropped)
	}
}

// §2.2: a layer the fallback skips is never treated as on — none of its
// effects apply (hiding, coins, sellers, unsold, loot, ladder, guidance),
// and a save's values are not reported as removed by it.
func TestFallbackSkipsEveryEffect(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"no_lowlands","label":"No lowlands","fields":[{"id":"road","removeValues":["ash","rust"],"default":"glass"}]},
	  {"id":"no_glass","label":"No glass","gm":{"guidance":"Glass gone.","worldGuidance":"No glass."},
	   "fields":[{"id":"road","removeValues":["glass"],"default":"ash"}],
	   "difficultyLadder":[{"label":"Only","dc":9}],
	   "catalogs":[{"id":"knacks","hide":{"filter":"grit","above":0}},{"id":"kit","hide":{"filter":"weight","below":5}}],
	   "currencies":{"removeUnits":["crown"]},
	   "items":{"market":{"removeSellers":["smith"],"unsold":[{"category":"tonic"}]},
	            "lootTables":[{"id":"purse","label":"Thin","entries":[{"coins":"shilling"}]}]}}]`).ruleset(t)
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Fatalf("both layers import: %v", ds)
	}
	e := Resolve(rs, []string{"no_lowlands", "no_glass"})
	if got := appliedIDs(e); !slices.Equal(got, []string{"no_lowlands"}) {
		t.Fatalf("applied %v", got)
	}
	base := Resolve(rs, nil)
	if got := ladderText(e.Ladder); got != ladderText(base.Ladder) || e.LadderFrom != nil {
		t.Errorf("ladder %s", got)
	}
	if e.CheckGuidance != "Ask for a check when the road pushes back." || e.WorldGuidance != nil {
		t.Errorf("guidance %q %v", e.CheckGuidance, e.WorldGuidance)
	}
	if h := append(hiddenIDs(e, "knacks"), hiddenIDs(e, "kit")...); len(h) != 0 {
		t.Errorf("hidden %v", h)
	}
	if e.CoinRemoved("crown") || len(e.Currencies[0].Units) != 3 || amountText(priceOf(e, "kit/watch-pistol").Shown) != "3 crowns" {
		t.Errorf("coins %+v", e.Currencies[0])
	}
	if len(e.Market.Sellers) != 2 || len(e.Market.Removed) != 0 || len(e.Market.Unsold) != 1 || !slices.Equal(e.Market.UnsoldItems, []string{"kit/silver-nail"}) {
		t.Errorf("market %+v", e.Market)
	}
	for _, lt := range e.Loot {
		if lt.ReplacedBy != nil || lt.Table != lt.Base || len(lt.Dead) != 0 {
			t.Errorf("loot %s: %+v", lt.Base.ID, lt)
		}
	}
	if tg := e.Toggles[1]; tg.On {
		t.Error("the skipped layer's toggle is on")
	}
	save, _ := model.DecodeSave("s.json", []byte(`{"v":1,"build":{"fields":{"road":"glass"},"purse":{"crown":1},
	  "lists":{"knacks":[{"name":"Last ember","_catalog":"knacks/last-ember"}]}}}`))
	if kept := e.KeptInSave(save); len(kept) != 0 {
		t.Errorf("kept %+v", kept)
	}
}

// §2.2 with no layer applied after the fallback: the base, options {}.
func TestFallbackKeepsNothing(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).layers(t, `[{"id":"a","label":"A","fields":[{"id":"road","removeValues":["ash","rust","glass"],"default":"ash"}]}]`).decode(t)
	e := Resolve(rs, []string{"a"})
	if len(e.Applied) != 0 || len(e.Options()) != 0 || len(e.Dropped) != 1 || e.Dropped[0].Cause != DropInvalid {
		t.Fatalf("applied %v dropped %+v", appliedIDs(e), e.Dropped)
	}
	if f := e.Enum("road"); len(f.Values) != 3 || len(f.Removed) != 0 || *f.Default != "ash" {
		t.Errorf("road %+v", f)
	}
}

// decisions.md §2: each layer's removeSellers is made as a whole or not at
// all; a removal that would leave no seller is skipped whole, never cut
// down to leave one.
func TestSellerRemovalAsAWhole(t *testing.T) {
	d := parseDoc(t, sumBase)
	d.set(t, "items.market.sellers", append(d["items"].(map[string]any)["market"].(map[string]any)["sellers"].([]any),
		raw(t, `{"id":"tinker","label":"tinker","sells":[{"category":"tonic"}]}`)))
	rs := d.layers(t, `[
	  {"id":"a","label":"A","items":{"market":{"removeSellers":["smith"]}}},
	  {"id":"b","label":"B","items":{"market":{"removeSellers":["chandler","tinker"]}}},
	  {"id":"c","label":"C","items":{"market":{"removeSellers":["tinker"]}}}]`).ruleset(t)
	if ds := CheckLayers(rs); len(ds) != 0 {
		t.Fatal(ds)
	}
	ids := func(ss []*model.Seller) []string {
		out := []string{}
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	for _, tc := range []struct {
		sel             []string
		sellers, gone   []string
		skipped         []string
		removedByLayers []string
	}{
		{[]string{"b"}, []string{"smith"}, []string{"chandler", "tinker"}, nil, []string{"b", "b"}},
		{[]string{"a", "b"}, []string{"chandler", "tinker"}, []string{"smith"}, []string{"b"}, []string{"a"}},
		{[]string{"a", "c"}, []string{"chandler"}, []string{"smith", "tinker"}, nil, []string{"a", "c"}},
		{[]string{"b", "c"}, []string{"smith"}, []string{"chandler", "tinker"}, nil, []string{"b", "b"}},
		{[]string{"a", "b", "c"}, []string{"chandler"}, []string{"smith", "tinker"}, []string{"b"}, []string{"a", "c"}},
	} {
		e := Resolve(rs, tc.sel)
		var gone, by, skipped []string
		for _, r := range e.Market.Removed {
			gone, by = append(gone, r.Seller.ID), append(by, r.Layer.ID)
		}
		for _, s := range e.Market.Skipped {
			skipped = append(skipped, s.Layer.ID)
		}
		if got := ids(e.Market.Sellers); !slices.Equal(got, tc.sellers) || !slices.Equal(gone, tc.gone) ||
			!slices.Equal(by, tc.removedByLayers) || !slices.Equal(skipped, tc.skipped) {
			t.Errorf("%v: sellers %v removed %v by %v skipped %v", tc.sel, got, gone, by, skipped)
		}
		if len(e.Applied) != len(tc.sel) {
			t.Errorf("%v: a skipped removal dropped a layer: %+v", tc.sel, e.Dropped)
		}
	}
	// a single layer removing every seller (refused at import) is skipped when applied
	rs, _ = parseDoc(t, sumBase).layers(t, `[{"id":"all","label":"All","items":{"market":{"removeSellers":["smith","chandler"]}}}]`).decode(t)
	if e := Resolve(rs, []string{"all"}); len(e.Market.Sellers) != 2 || len(e.Market.Skipped) != 1 || len(e.Applied) != 1 {
		t.Errorf("all sellers: %+v", e.Market)
	}
}

// engine-behaviour §6: a seller sells an item when one of its filters
// matches, and a filter matches only an item with every word it names;
// with no sellers declared, anyone sells everything the unsold filters
// leave.
func TestWhoSells(t *testing.T) {
	d := parseDoc(t, sumBase)
	d.set(t, "items.market.unsold", nil)
	d.set(t, "items.market.sellers", raw(t, `[{"id":"silversmith","label":"silversmith","sells":[{"category":"arm","tag":"silver"}]}]`))
	rs := d.ruleset(t)
	e := Resolve(rs, nil)
	smith := rs.Items.Market.Sellers[0]
	kit := rs.Catalog("kit")
	if !e.Sells(smith, kit.Entry("silver-nail").Item) || e.Sells(smith, kit.Entry("watch-pistol").Item) {
		t.Error("a filter with two words matches an item with only one of them")
	}
	if want := []string{"kit/watch-pistol", "kit/grave-spade", "kit/warming-tonic"}; !slices.Equal(e.Market.UnsoldItems, want) {
		t.Errorf("unsold %v, want %v", e.Market.UnsoldItems, want)
	}
	// no sellers at all
	d = parseDoc(t, sumBase)
	d.set(t, "items.market.sellers", nil)
	rs = d.layers(t, `[{"id":"a","label":"A","items":{"market":{"unsold":[{"category":"tonic"}]}}}]`).ruleset(t)
	if got := Resolve(rs, nil).Market.UnsoldItems; !slices.Equal(got, []string{"kit/silver-nail"}) {
		t.Errorf("no sellers: unsold %v", got)
	}
	if got := Resolve(rs, []string{"a"}).Market.UnsoldItems; !slices.Equal(got, []string{"kit/silver-nail", "kit/warming-tonic"}) {
		t.Errorf("no sellers, a: unsold %v", got)
	}
}

// engine-behaviour §5.3: each item is priced on its own (rounded half up
// from the float64 product, at least 1 unless free) before the count
// multiplies it.
func TestMarketOwed(t *testing.T) {
	for _, tc := range []struct {
		worth int64
		times float64
		count int64
		want  int64
	}{
		{5, 1.5, 1, 8},       // 7.5 rounds up
		{5, 1.5, 2, 16},      // 8 each, not round(15)
		{1, 0.4, 1, 1},       // 0.4 → 0 → raised to 1
		{1, 0.4, 3, 3},       // 1 each, not round(1.2)
		{0, 1.5, 3, 0},       // free stays free
		{5, 0.5, 1, 3},       // 2.5 rounds half up, not to even
		{100, 1.005, 1, 100}, // the float64 product is 100.49999999999999
		{100, 0.285, 1, 28},  // 28.499999999999996
		{200, 0.75, 1, 150},
	} {
		if got := MarketOwed(tc.worth, tc.times, tc.count); got != tc.want {
			t.Errorf("MarketOwed(%d, %v, %d) = %d, want %d", tc.worth, tc.times, tc.count, got, tc.want)
		}
	}
}

// engine-behaviour §4 step 1: a hide rule hides only in the catalog it
// names, even where another catalog has a filter of the same id.
func TestHideRuleOwnCatalog(t *testing.T) {
	d := parseDoc(t, sumBase)
	d.set(t, "catalogs.1.filters", raw(t, `[{"id":"grit","label":"Grit","type":"number"}]`))
	d.set(t, "catalogs.1.entries.0.filters", raw(t, `{"grit":5}`))
	rs := d.layers(t, hardWinter).ruleset(t)
	e := Resolve(rs, []string{"hard_winter"})
	if got := hiddenIDs(e, "kit"); len(got) != 0 {
		t.Errorf("kit: %v", got)
	}
	if got := hiddenIDs(e, "knacks"); !slices.Equal(got, []string{"last-ember"}) {
		t.Errorf("knacks: %v", got)
	}
}

// engine-behaviour §7 step 4: a filter line matching no item drops
// nothing, with no layer to blame.
func TestDeadFilterLine(t *testing.T) {
	d := parseDoc(t, sumBase)
	tables := d["items"].(map[string]any)["lootTables"].([]any)
	d.set(t, "items.lootTables", append(tables, raw(t, `{"id":"odd","label":"Odd","entries":[{"filter":{"category":"tonic","tag":"silver"}},{"filter":{"category":"tonic"}}]}`)))
	e := Resolve(d.ruleset(t), nil)
	dead := e.Loot[2].Dead
	if len(dead) != 1 || dead[0].Line != 0 || dead[0].Cause != DeadNoItem || dead[0].By != nil {
		t.Errorf("dead %+v", dead)
	}
}

// engine-behaviour §1.2: option values must be booleans, finite numbers or
// strings of at most 200 characters (UTF-16); unknown layers are reported
// in the record's order, before conflicts.
func TestNewGameIssues(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, magicLayers).ruleset(t)
	codes := func(is []Issue) []string {
		var out []string
		for _, i := range is {
			out = append(out, i.Code+":"+i.Key+":"+strings.Join(i.Layers, ","))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		opts []Option
		want []string
	}{
		{"finite numbers", []Option{{"a", 1.5}, {"b", -3.0}, {"c", 0}}, nil},
		{"infinity", []Option{{"a", math.Inf(1)}}, []string{"option_value_invalid:a:"}},
		{"NaN", []Option{{"a", math.NaN()}}, []string{"option_value_invalid:a:"}},
		{"200 characters", []Option{{"a", strings.Repeat("x", 200)}}, nil},
		{"100 emoji are 200 UTF-16 units", []Option{{"a", strings.Repeat("😀", 100)}}, nil},
		{"101 emoji are 202 UTF-16 units", []Option{{"a", strings.Repeat("😀", 101)}}, []string{"option_value_invalid:a:"}},
		{"null", []Option{{"a", nil}}, []string{"option_value_invalid:a:"}},
		{"a list", []Option{{"a", []any{true}}}, []string{"option_value_invalid:a:"}},
		{"unknown ids in the record's order, then conflicts",
			[]Option{{"layer.high_magic", true}, {"layer.zeta", true}, {"layer.low_magic", true}, {"layer.alpha", true}, {"layer.beta", false}},
			[]string{"ruleset_layer_unknown:layer.zeta:zeta", "ruleset_layer_unknown:layer.alpha:alpha", "ruleset_layer_conflict::low_magic,high_magic"}},
	} {
		if got := codes(NewGameIssues(rs, tc.opts)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// What rulebench reports beside the Engine's behaviour: the first rule (of
// the first applied layer) that hides an entry, and removed sellers in the
// market's order.
func TestReportedCauses(t *testing.T) {
	d := parseDoc(t, sumBase)
	d.set(t, "items.market.sellers", raw(t, `[{"id":"smith","label":"smith","sells":[{"category":"arm"}]},
	  {"id":"chandler","label":"chandler","sells":[{"category":"tonic"}]},{"id":"tinker","label":"tinker","sells":[{"category":"tonic"}]}]`))
	rs := d.layers(t, `[
	  {"id":"a","label":"A","catalogs":[{"id":"knacks","hide":{"filter":"road","equals":"Rustways"}},{"id":"knacks","hide":{"filter":"callings","notIn":["Hauler"]}}],
	   "items":{"market":{"removeSellers":["chandler"]}}},
	  {"id":"b","label":"B","catalogs":[{"id":"knacks","hide":{"filter":"grit","above":-1}}],"items":{"market":{"removeSellers":["smith"]}}}]`).ruleset(t)
	e := Resolve(rs, []string{"a", "b"})
	for id, want := range map[string]HideCause{"a": {rs.Layers[0], 0}, "d": {rs.Layers[0], 1}, "hold-the-line": {rs.Layers[1], 0}} {
		if hc, ok := e.Hidden("knacks", id); !ok || hc != want {
			t.Errorf("%s hidden by %s rule %d, want %s rule %d", id, hc.Layer.ID, hc.Rule, want.Layer.ID, want.Rule)
		}
	}
	var removed []string
	for _, r := range e.Market.Removed {
		removed = append(removed, r.Seller.ID+" by "+r.Layer.ID)
	}
	if !slices.Equal(removed, []string{"smith by b", "chandler by a"}) || len(e.Market.Skipped) != 0 {
		t.Errorf("removed %v, skipped %+v", removed, e.Market.Skipped)
	}
}

// §2.3: only the ladder that ends up in the layered definition is judged, so
// a layer whose own ladder fails is kept when a later layer's ladder
// replaces it.
func TestOnlyTheFinalLadderIsJudged(t *testing.T) {
	rs, _ := parseDoc(t, poolBase).layers(t, `[
	  {"id":"far","label":"Far","difficultyLadder":[{"label":"Far","successes":99}]},
	  {"id":"near","label":"Near","difficultyLadder":[{"label":"Near","successes":2}]}]`).decode(t)
	e := Resolve(rs, []string{"far", "near"})
	if got := appliedIDs(e); !slices.Equal(got, []string{"far", "near"}) || ladderText(e.Ladder) != "Near 2" {
		t.Errorf("applied %v, ladder %s, dropped %+v", got, ladderText(e.Ladder), e.Dropped)
	}
	if got := appliedIDs(Resolve(rs, []string{"far"})); len(got) != 0 {
		t.Errorf("far alone: %v", got)
	}
}

// §5.2, §5.3: a cost in a coin no family declares (a file the Engine
// refuses) is shown as written, and has no market price.
func TestUnknownCoinPrice(t *testing.T) {
	rs, _ := parseDoc(t, sumBase).set(t, "catalogs.1.entries.0.item.cost.unit", "florin").decode(t)
	p := priceOf(Resolve(rs, nil), "kit/watch-pistol")
	if amountText(p.Shown) != "3 florin" || len(p.Levels) != 3 {
		t.Fatalf("shown %s, levels %v", amountText(p.Shown), p.Levels)
	}
	for i, a := range p.Levels {
		if a.Priced() {
			t.Errorf("level %d: %s", i, amountText(a))
		}
	}
}
