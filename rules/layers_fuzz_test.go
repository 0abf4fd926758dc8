package rules_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"rulebench/analysis/report"
	"rulebench/model"
	. "rulebench/rules"
)

// The fuzzed input of FuzzLayers is only the "layers" array: it is spliced
// into one of these small base rulesets (each the text of a ruleset without
// its closing brace), so that the fuzzer mutates and minimizes a few hundred
// bytes, not a whole ruleset, and each exec costs a few tens of
// microseconds. The bases hold what layers can narrow: enum fields (one a
// hideWhen reads), a difficulty ladder, catalogs with number, text and tags
// filters, coins in two families, a market with sellers and prices, and
// loot tables with item, coin and filter lines.
var fuzzBases = []string{
	// dice-sum with items
	`{"schemaVersion":1,"id":"fz","version":1,"name":"Fuzz",
"coverage":{"checks":true,"summary":"A base for FuzzLayers."},
"resolution":{"kind":"dice-sum","dice":{"count":2,"sides":6},"abilityModifier":{"op":"identity"},
 "proficiencyTiers":[{"id":"u","label":"U"}],
 "difficultyLadder":[{"label":"Low","dc":5},{"label":"Mid","dc":8},{"label":"Top","dc":11}]},
"sheet":{"version":1,
 "fields":[
  {"id":"path","label":"Path","type":"enum","values":["moss","salt","tin"],"default":"moss","valueLabels":{"moss":"Moss","salt":"Salt"}},
  {"id":"gift","label":"Gift","type":"enum","values":["none","ear","eye"],"default":"none"},
  {"id":"mark","label":"Mark","type":"text","maxLength":20,"hideWhen":{"field":"gift","equals":"none"}}],
 "lists":[{"id":"tricks","label":"Tricks","maxItems":6,"columns":[{"id":"n","label":"N","type":"text","maxLength":30}]}]},
"gm":{"checkGuidance":" Roll when it matters. ","worldGuidance":"Fog."},
"items":{
 "categories":[{"id":"tool","label":"Tool"},{"id":"brew","label":"Brew"}],
 "tags":[{"id":"iron","label":"Iron"}],
 "currencies":[
  {"id":"cash","label":"Cash","units":[{"id":"bit","label":"bits","value":1},{"id":"mark","label":"marks","value":8}]},
  {"id":"barter","label":"Barter","units":[{"id":"shell","label":"shells","value":1}]}],
 "lootTables":[
  {"id":"heap","label":"Heap","entries":[{"item":"gear/rope","weight":2},{"coins":"mark","count":"1d4"},{"filter":{"tag":"iron"}},{"coins":"shell"}]},
  {"id":"pocket","label":"Pocket","entries":[{"coins":"bit"}]}],
 "market":{
  "prices":[{"id":"low","label":"low","times":0.5},{"id":"fair","label":"fair","times":1,"default":true},{"id":"high","label":"high","times":2}],
  "places":[{"id":"dock","label":"dock"}],
  "sellers":[
   {"id":"hawker","label":"hawker","sells":[{"category":"tool"}],"stock":"heap"},
   {"id":"brewer","label":"brewer","sells":[{"category":"brew"}]}],
  "unsold":[{"tag":"iron"}]}},
"catalogs":[
 {"id":"tricks","label":"Tricks","feeds":["tricks"],
  "filters":[{"id":"cost","label":"Cost","type":"number"},{"id":"school","label":"School","type":"text"},{"id":"kin","label":"Kin","type":"tags"}],
  "entries":[
   {"id":"t1","label":"T1","filters":{"cost":1,"school":"Tide","kin":["otter","heron"]},"rows":[{"list":"tricks","values":{"n":"T1"}}]},
   {"id":"t2","label":"T2","filters":{"cost":4,"school":"tide"},"rows":[{"list":"tricks","values":{"n":"T2"}}]},
   {"id":"t3","label":"T3","filters":{"kin":[]},"rows":[{"list":"tricks","values":{"n":"T3"}}]},
   {"id":"t4","label":"T4","rows":[{"list":"tricks","values":{"n":"T4"}}]}]},
 {"id":"gear","label":"Gear","holds":"items","filters":[{"id":"kg","label":"Kg","type":"number"}],
  "entries":[
   {"id":"rope","label":"Rope","filters":{"kg":2},"item":{"category":"tool","cost":{"amount":3,"unit":"mark"}}},
   {"id":"nail","label":"Nail","item":{"category":"tool","tags":["iron"],"cost":{"amount":5,"unit":"bit"}}},
   {"id":"ale","label":"Ale","item":{"category":"brew","cost":{"amount":2,"unit":"shell"}}},
   {"id":"cup","label":"Cup","item":{"category":"brew"}}]}]`,
	// dice-pool, no items
	`{"schemaVersion":1,"id":"fp","version":1,"name":"Fuzz pool",
"coverage":{"checks":true,"summary":"A pool base for FuzzLayers."},
"resolution":{"kind":"dice-pool","die":{"sides":10},"pool":{"min":1,"max":12},
 "target":{"default":7,"min":5,"max":9},"explode":{"from":10},"abilityModifier":{"op":"identity"},
 "proficiencyTiers":[{"id":"u","label":"U"}],
 "difficultyLadder":[{"label":"One","successes":1},{"label":"Three","successes":3,"target":8}]},
"sheet":{"version":1,"fields":[{"id":"kind","label":"Kind","type":"enum","values":["a","b"],"default":"b"}]},
"gm":{"checkGuidance":"Count."}`,
}

// fuzzSave is a sample save holding an enum value, a catalog row and coins
// that layers can remove.
const fuzzSave = `{"v":1,"build":{"fields":{"path":"salt","gift":"eye","kind":"a"},"lists":{"tricks":[{"_catalog":"tricks/t1"},{"_catalog":"tricks/t2"}]},"purse":{"mark":2,"shell":1}}}`

// fuzzLayersSeeds are the seeds of FuzzLayers: a base, a mask choosing the
// layers of the subset, and the layers.
var fuzzLayersSeeds = []struct {
	base   uint8
	mask   uint16
	layers string
}{
	{0, 0xffff, `[]`},
	{0, 1, `[{"id":"dry","label":"Dry","fields":[{"id":"path","removeValues":["moss"],"default":"salt"}]}]`},
	{0, 3, `[{"id":"a","label":"A","conflicts":["b"],"gm":{"guidance":"More."}},{"id":"b","label":"B","gm":{"worldGuidance":"Rain."}}]`},
	{0, 2, `[{"id":"l","label":"L","difficultyLadder":[{"label":"X","dc":7},{"label":"Y","dc":6}]},{"id":"m","label":"M","difficultyLadder":[{"label":"Z","dc":9}]}]`},
	{0, 0xffff, `[{"id":"h","label":"H","catalogs":[{"id":"tricks","hide":{"filter":"cost","above":2}},{"id":"tricks","hide":{"filter":"kin","notIn":["otter"]}},{"id":"gear","hide":{"filter":"kg","below":3}}]},{"id":"q","label":"Q","catalogs":[{"id":"tricks","hide":{"filter":"school","equals":"Tide"}}]}]`},
	{0, 1, `[{"id":"poor","label":"Poor","currencies":{"removeUnits":["mark"],"removeFamilies":["barter"]}}]`},
	{0, 5, `[{"id":"s","label":"S","items":{"market":{"removeSellers":["hawker"],"unsold":[{"category":"brew"}]}}},{"id":"t","label":"T","currencies":{"removeUnits":["bit"]}},{"id":"u","label":"U","items":{"market":{"removeSellers":["brewer"]},"lootTables":[{"id":"heap","label":"Heap","entries":[{"coins":"bit"}]}]}}]`},
	{0, 0xffff, `[{"id":"x","label":"X","fields":[{"id":"gift","removeValues":["none","ear","eye"]}]},{"id":"x","label":"X2","conflicts":["x","nope"]},{"id":"y","label":"Y","fields":[{"id":"gift","removeValues":["none"]}]}]`},
	{1, 1, `[{"id":"hard","label":"Hard","difficultyLadder":[{"label":"Two","successes":2,"target":11}],"fields":[{"id":"kind","removeValues":["b"],"default":"a"}]}]`},
	{1, 0xffff, `[{"id":"p","label":"P","gm":{"guidance":"Pools."},"currencies":{"removeUnits":["bit"]},"items":{"market":{"unsold":[]}}}]`},
}

// FuzzLayers feeds arbitrary layers, on a small base ruleset, through the
// layer import checks, the resolver (every layer, a subset chosen by mask,
// the subset in another order with an unknown id, and the options record of
// what applied), the kept save values, the new-game check and the
// capability needs. Nothing may panic, and the results must hold together:
// the order of the selection does not matter, only selected layers apply,
// layers of a file the checks accept only narrow (narrows), re-resolving what applied drops nothing and gives the same
// result when the layer ids are unique, and resolving leaves the resolver
// as it was.
func FuzzLayers(f *testing.F) {
	for i, b := range fuzzBases {
		root, ds := model.Parse("base.json", []byte(b+"}"))
		if root == nil {
			f.Fatalf("base %d: %v", i, ds)
		}
		rs, more := model.DecodeRuleset("base.json", root)
		if ds = append(append(ds, more...), CheckFormat(rs)...); model.HasErrors(ds) {
			f.Fatalf("base %d has errors: %v", i, ds)
		}
	}
	save, ds := model.DecodeSave("s.json", []byte(fuzzSave))
	if model.HasErrors(ds) {
		f.Fatalf("the sample save: %v", ds)
	}
	for _, s := range fuzzLayersSeeds {
		f.Add(s.base, s.mask, []byte(s.layers))
	}
	f.Fuzz(func(t *testing.T, base uint8, mask uint16, layers []byte) {
		layersExec(t, base, mask, layers, save)
	})
}

// unknownLayer is an id no layer of the fuzzed files declares.
const unknownLayer = "no such layer"

// layersExec is one exec of FuzzLayers.
func layersExec(t testing.TB, base uint8, mask uint16, layers []byte, save *model.Save) {
	// the layers must be one JSON value: most mutations are not, and then
	// an exec (and each try of the minimizer) costs a parse of the few
	// bytes fuzzed, not of the 4 KB base
	if root, _ := model.Parse("layers.json", layers); root == nil {
		return
	}
	text := fuzzBases[int(base)%len(fuzzBases)]
	data := make([]byte, 0, len(text)+len(layers)+12)
	data = append(append(append(append(data, text...), `,"layers":`...), layers...), '}')
	root, _ := model.Parse("fuzz.json", data)
	if root == nil {
		return
	}
	rs, ds := model.DecodeRuleset("fuzz.json", root)
	// the guarantees of narrows are the import checks': a file they
	// refuse only has to be resolved without panicking
	valid := !model.HasErrors(ds) && !model.HasErrors(CheckLayers(rs))
	var all, some []string
	unique := true // a selection names layers by id: with two layers of one id, both are chosen
	for i, l := range rs.Layers {
		unique = unique && !slices.Contains(all, l.ID)
		all = append(all, l.ID)
		if mask&(1<<(i%16)) != 0 {
			some = append(some, l.ID)
		}
	}
	if rs.Layer(unknownLayer) != nil {
		return
	}
	r := NewResolver(rs)
	var effects [2]string
	var first *Effective
	for k, sel := range [][]string{all, some} {
		e := r.Resolve(sel)
		if k == 0 {
			first = e
		}
		if valid {
			narrows(t, rs, e, sel)
		}
		accounted(t, rs, e, sel)
		e.HiddenPriced()
		e.LadderChanges()
		e.KeptInSave(save)
		NewGameIssues(rs, LayerOptions(sel))
		effects[k] = effectJSON(t, e)
		if !unique {
			continue
		}
		again := r.ResolveOptions(e.Options())
		if len(again.Dropped) != 0 || !slices.Equal(appliedIDs(again), appliedIDs(e)) || effectJSON(t, again) != effects[k] {
			t.Fatalf("%q: re-resolving the applied %q gives %q, dropping %+v", sel, appliedIDs(e), appliedIDs(again), again.Dropped)
		}
	}
	// the subset reversed, with an unknown id, then repeated
	mixed := slices.Clone(some)
	slices.Reverse(mixed)
	mixed = append(append(mixed, unknownLayer), some...)
	m, plain := r.Resolve(mixed), r.Resolve(append(slices.Clip(some), unknownLayer))
	if !reflect.DeepEqual(m.Selected, plain.Selected) || !reflect.DeepEqual(m.Dropped, plain.Dropped) || effectJSON(t, m) != effects[1] {
		t.Fatalf("%q and %q resolve differently", some, mixed)
	}
	if e := r.Resolve(all); effectJSON(t, e) != effects[0] || !reflect.DeepEqual(e.Dropped, first.Dropped) {
		t.Fatalf("resolving changed the resolver's result for %q", all)
	}
	ws := &model.Workspace{Kind: model.Package, Ruleset: rs, Manifest: &model.Manifest{HasCapability: true, CapabilityMinor: 20}}
	CheckCapability(ws)
}

// accounted checks that a resolution accounts for the selection: only
// selected layers apply, no two of them conflict, each toggle is on exactly
// when its layer applies, and every selected id is applied or dropped with
// a cause (unknown exactly when no layer has the id).
func accounted(t testing.TB, rs *model.Ruleset, e *Effective, sel []string) {
	t.Helper()
	for i, l := range e.Applied {
		if !slices.Contains(sel, l.ID) {
			t.Fatalf("%q: %q applied without being selected", sel, l.ID)
		}
		for _, m := range e.Applied[i+1:] {
			if Conflict(l, m) {
				t.Fatalf("%q: %q and %q both apply but conflict", sel, l.ID, m.ID)
			}
		}
	}
	if len(e.Toggles) != len(rs.Layers) {
		t.Fatalf("%q: %d toggles for %d layers", sel, len(e.Toggles), len(rs.Layers))
	}
	for i, tg := range e.Toggles {
		if tg.Layer != rs.Layers[i] || tg.On != slices.Contains(e.Applied, tg.Layer) {
			t.Fatalf("%q: toggle %d (%q) on %v, applied %v", sel, i, rs.Layers[i].ID, tg.On, appliedIDs(e))
		}
	}
	for _, id := range sel {
		applied := slices.ContainsFunc(e.Applied, func(l *model.Layer) bool { return l.ID == id })
		k := slices.IndexFunc(e.Dropped, func(d Dropped) bool { return d.ID == id })
		if applied {
			continue
		}
		if k < 0 {
			t.Fatalf("%q: %q is neither applied nor dropped", sel, id)
		}
		if unknown := rs.Layer(id) == nil; unknown != (e.Dropped[k].Cause == DropUnknown) {
			t.Fatalf("%q: %q dropped as %s", sel, id, e.Dropped[k].Cause)
		}
	}
}

// effectJSON is the layers document without what was asked for and what
// was dropped: only what the applied layers do.
func effectJSON(t testing.TB, e *Effective) string {
	d := report.NewLayers(e)
	d.Selected, d.Dropped = nil, nil
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkFuzzLayersExec is the cost of one FuzzLayers exec on its seeds
// (the fuzzer's speed, and its minimizer's, depend on it).
func BenchmarkFuzzLayersExec(b *testing.B) {
	save, _ := model.DecodeSave("s.json", []byte(fuzzSave))
	for b.Loop() {
		for _, s := range fuzzLayersSeeds {
			layersExec(b, s.base, s.mask, []byte(s.layers), save)
		}
	}
}
