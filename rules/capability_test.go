package rules

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// pkg makes a package workspace in memory from a ruleset document and a
// declared minor version; extra files are added as given.
func pkg(t *testing.T, d doc, minor int, extra map[string]string) *model.Workspace {
	t.Helper()
	data, err := json.Marshal(map[string]any(d))
	if err != nil {
		t.Fatal(err)
	}
	manifest := map[string]any{"schemaVersion": 2, "id": "test", "name": "Test", "version": "1.0.0",
		"capabilityApi": map[string]any{"major": 1, "minor": minor}}
	files := []any{map[string]any{"path": "ruleset.json", "bytes": len(data)}}
	fsys := fstest.MapFS{"pkg/ruleset.json": {Data: data}}
	for name, text := range extra {
		fsys["pkg/"+name] = &fstest.MapFile{Data: []byte(text)}
		files = append(files, map[string]any{"path": name, "bytes": len(text)})
	}
	manifest["files"] = files
	m, _ := json.Marshal(manifest)
	fsys["pkg/manifest.json"] = &fstest.MapFile{Data: m}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// §11.11 Install gates.
func TestWorkedInstallGates(t *testing.T) {
	// poolBase is dice-pool (1.24) on its own; coinDoc is dice-sum with items (1.49)
	pool := func(t *testing.T) doc { return parseDoc(t, poolBase) }
	layers := func(t *testing.T) doc { return pool(t).layers(t, `[{"id":"a","label":"A","gm":{"guidance":"A."}}]`) }
	emptyLayers := func(t *testing.T) doc { return pool(t).layers(t, `[]`) }
	world := func(t *testing.T) doc { return pool(t).set(t, "gm.worldGuidance", "A world.") }
	layerCoins := func(t *testing.T) doc {
		return coinDoc(t).layers(t, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown"]}}]`)
	}
	loot := func(line string) func(t *testing.T) doc {
		return func(t *testing.T) doc {
			return coinDoc(t).set(t, "items.lootTables", raw(t, `[{"id":"p","label":"P","entries":[`+line+`]}]`))
		}
	}
	layerItems := func(t *testing.T) doc {
		return loot(`{"item":"kit/bell"}`)(t).layers(t, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"p","label":"P","entries":[{"item":"kit/bell"}]}]}}]`)
	}
	migrations := func(entries string) func(t *testing.T) doc {
		return func(t *testing.T) doc {
			return coinDoc(t).set(t, "sheet.migrations", raw(t, entries)).set(t, "sheet.version", 2.0)
		}
	}
	rename := migrations(`[{"from":1,"steps":[{"rename":"field","from":"xp","to":"level"}]}]`)
	setColumn := migrations(`[{"from":1,"steps":[{"setColumn":{"list":"knacks","where":{"name":["A"]},"column":"name","to":"B"}}]}]`)
	tests := []struct {
		name   string
		doc    func(t *testing.T) doc
		minor  int
		refuse bool
		words  string
	}{
		{"1.24 with layers", layers, 24, true, "layers"},
		{"1.25 with layers", layers, 25, false, ""},
		{"1.24 with world guidance", world, 24, true, "worldGuidance"},
		{"1.25 with world guidance", world, 25, false, ""},
		{"1.24 with neither", pool, 24, false, ""},
		{"1.24 with layers: []", emptyLayers, 24, false, ""},
		{"1.23 for dice-pool", pool, 23, true, "dice-pool"},
		{"1.63 with layer currencies", layerCoins, 63, true, "removing coins"},
		{"1.64 with layer currencies", layerCoins, 64, false, ""},
		{"1.63 with a coin loot line", loot(`{"coins":"penny"}`), 63, true, "coins"},
		{"1.64 with a coin loot line", loot(`{"coins":"penny"}`), 64, false, ""},
		{"1.63 with loot tables and neither", loot(`{"item":"kit/bell"}`), 63, false, ""},
		{"1.812 with layer items", layerItems, 812, true, "layer changing items"},
		{"1.813 with layer items", layerItems, 813, false, ""},
		{"1.76 with migrations", rename, 76, true, "sheet.migrations"},
		{"1.77 with migrations", rename, 77, false, ""},
		{"1.76 with migrations: []", migrations(`[]`), 76, false, ""},
		{"1.793 with a setColumn step", setColumn, 793, true, "setColumn"},
		{"1.794 with a setColumn step", setColumn, 794, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws := pkg(t, tc.doc(t), tc.minor, nil)
			ds := CheckCapability(ws)
			if tc.refuse != (len(ds) == 1) {
				t.Fatalf("findings %v (needs %d)", ds, NeededCapability(ws))
			}
			if tc.refuse {
				d := ds[0]
				if d.Severity != model.Error || d.Path != "capabilityApi.minor" || d.File != "pkg/manifest.json" || d.Line == 0 || !strings.Contains(d.Message, tc.words) {
					t.Errorf("finding %+v", d)
				}
			}
		})
	}
}

// coinDoc is a dice-sum ruleset with items and coins but no loot tables,
// layers or market.
func coinDoc(t *testing.T) doc {
	d := parseDoc(t, sumBase)
	d.set(t, "items.lootTables", nil)
	d.set(t, "items.market", nil)
	d.set(t, "catalogs", []any{raw(t, `{"id":"kit","label":"Kit","holds":"items","entries":[{"id":"bell","label":"Bell","item":{"category":"tonic"}}]}`)})
	return d
}

func TestCapabilityNeeds(t *testing.T) {
	ws := pkg(t, coinDoc(t), 64, nil)
	if got := NeededCapability(ws); got != 49 {
		t.Errorf("items and catalogs: %d", got)
	}
	needs := CapabilityNeeds(ws)
	if len(needs) == 0 || needs[0].Minor != 49 || needs[0].Version() != "1.49" || needs[0].Path == "" {
		t.Errorf("needs %+v", needs)
	}
	// a base with nothing beyond the base format
	d := parseDoc(t, sumBase)
	for _, k := range []string{"items", "catalogs"} {
		d.set(t, k, nil)
	}
	if got := NeededCapability(pkg(t, d, 20, nil)); got != BaseCapability {
		t.Errorf("plain: %d", got)
	}
	// translations in the package: 1.811; a locale without a ruleset section: nothing
	locale := `{"_meta":{"locale":"fr","direction":"ltr"},"ruleset":{"Bell":"Cloche"}}`
	if got := NeededCapability(pkg(t, d, 20, map[string]string{"locales/fr.json": locale})); got != 811 {
		t.Errorf("translations: %d", got)
	}
	ws = pkg(t, d, 810, map[string]string{"locales/fr.json": locale})
	if ds := CheckCapability(ws); len(ds) != 1 || !strings.Contains(ds[0].Message, "translations") || !strings.Contains(ds[0].Message, "1.811") {
		t.Errorf("translations at 1.810: %v", ds)
	}
	// an unlisted locale file is not part of the package: it needs nothing
	unlisted := pkg(t, d, 20, map[string]string{"locales/fr.json": locale})
	unlisted.Locales[0].Unlisted = true
	if got := NeededCapability(unlisted); got != BaseCapability {
		t.Errorf("unlisted translations: %d", got)
	}
	if needs := CapabilityNeeds(unlisted); len(needs) != 0 {
		t.Errorf("unlisted translations: %v", needs)
	}
	en := `{"_meta":{"locale":"en","direction":"ltr"},"package":{"name":"Test"}}`
	if got := NeededCapability(pkg(t, d, 20, map[string]string{"locales/en.json": en})); got != BaseCapability {
		t.Errorf("en without ruleset: %d", got)
	}
	// a single file needs no declaration
	if ds := CheckCapability(&model.Workspace{Kind: model.SingleFile, Ruleset: ws.Ruleset}); ds != nil {
		t.Errorf("single file: %v", ds)
	}
	if CheckCapability(nil) != nil || NeededCapability(nil) != BaseCapability {
		t.Error("nil workspace")
	}
}

// TestCapabilityKeyGates covers the key-presence gates of
// ruleset-format.md §9 that rulebench recognises.
func TestCapabilityKeyGates(t *testing.T) {
	for _, tc := range []struct {
		path  string
		value string
		minor int
	}{
		{"battle", `{}`, 22},
		{"combat", `{"kind":"attack-vs-defense"}`, 26},
		{"combat", `{"distance":{"label":"yards","perCell":5}}`, 28},
		{"sheet.live", `{"states":[{"id":"s","label":"S","values":["a","b"]}]}`, 42},
		{"sheet.fields.4.hideWhen", `{"field":"spellcasting_ability","notEquals":"none"}`, 39},
		{"resolution.adjust", `[{"value":{"const":1}}]`, 38},
		{"sheet.live", `{"tracks":[{"id":"heat","label":"Heat","min":0,"max":{"const":3}}]}`, 37},
		{"sheet.live", `{"tracks":[{"id":"harm","label":"Harm","min":0,"max":{"const":3},"boxes":{"penalty":{"by":"filled","table":[[0,0]]}},"kinds":[{"id":"cut","label":"Cut","severity":1}]}]}`, 40},
	} {
		d := parseDoc(t, sumBase)
		d.set(t, "items", nil)
		d.set(t, "catalogs", nil)
		d.set(t, tc.path, raw(t, tc.value))
		ws := pkg(t, d, 20, nil)
		if got := NeededCapability(ws); got != tc.minor {
			t.Errorf("%s = %s: needs %d, want %d", tc.path, tc.value, got, tc.minor)
		}
	}
}

// TestCapabilityExamples: lantern-road declares 1.813 and needs exactly
// that; lowering the manifest to 1.812 fails naming layer items.
func TestCapabilityExamples(t *testing.T) {
	if _, err := os.Stat(lanternRoad); err != nil {
		t.Skip("no examples")
	}
	ws := modeltest.Load(t, lanternRoad)
	if got := NeededCapability(ws); got != 813 {
		t.Errorf("needs %d", got)
	}
	if ds := CheckCapability(ws); len(ds) != 0 {
		t.Errorf("findings %v", ds)
	}
	var minors []int
	for _, n := range CapabilityNeeds(ws) {
		minors = append(minors, n.Minor)
	}
	for _, m := range []int{813, 811, 794, 77, 65, 64, 25} {
		if !slices.Contains(minors, m) {
			t.Errorf("no need at 1.%d: %v", m, minors)
		}
	}
	// the same package, manifest lowered to 1.812
	fsys := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(lanternRoad), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path.Join(lanternRoad, p))
		if p == "manifest.json" {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				return err
			}
			m["capabilityApi"] = map[string]any{"major": 1, "minor": 812}
			data, err = json.Marshal(m)
		}
		fsys["lr/"+p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	low, err := model.Load(fsys, "lr")
	if err != nil {
		t.Fatal(err)
	}
	ds := CheckCapability(low)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "a layer changing items") || !strings.Contains(ds[0].Message, "1.813") ||
		!strings.Contains(ds[0].Message, "layers.") {
		t.Fatalf("1.812: %v", ds)
	}
	// mirefall: an artifact with language packs needs 1.811 at least
	if got := NeededCapability(modeltest.Load(t, mirefall)); got != 813 {
		t.Errorf("mirefall needs %d", got)
	}
}

// TestCapabilityGates: each feature of ruleset-format.md §9 and
// engine-behaviour.md §8 raises the need to its minor version, wherever it
// sits (root keys, or inside a catalog entry, inline or in an asset), and
// the lookalikes that the tables exclude raise nothing.
func TestCapabilityGates(t *testing.T) {
	tests := []struct {
		name  string
		root  string // the ruleset document
		entry string // a catalog entry, when the feature sits in one
		want  int
	}{
		{"nothing", `{}`, "", 20},
		{"catalogs", `{"catalogs":[{}]}`, "", 21},
		{"catalogs: []", `{"catalogs":[]}`, "", 20},
		{"battle", `{"battle":{}}`, "", 22},
		{"a scaled row", `{}`, `{"rows":[{"scaled":{}}]}`, 23},
		{"dice-pool", `{"resolution":{"kind":"dice-pool"}}`, "", 24},
		{"dice-sum", `{"resolution":{"kind":"dice-sum"}}`, "", 20},
		{"layers", `{"layers":[{}]}`, "", 25},
		{"layers: []", `{"layers":[]}`, "", 20},
		{"base world guidance", `{"gm":{"worldGuidance":"A world."}}`, "", 25},
		{"combat", `{"combat":{}}`, "", 26},
		{"a creatures catalog", `{"catalogs":[{"holds":"creatures"}]}`, "", 27},
		{"combat.distance", `{"combat":{"distance":{}}}`, "", 28},
		{"ranged", `{"combat":{"ranged":{}}}`, "", 28},
		{"cover", `{"combat":{"cover":{"bonus":2}}}`, "", 28},
		{"opportunity", `{"combat":{"opportunity":{"budget":"reaction"}}}`, "", 28},
		{"an attack's reach", `{"combat":{"attacks":[{"reach":{"const":1}}]}}`, "", 28},
		{"an attack's range", `{"combat":{"attacks":[{"range":{"normal":{"const":6}}}]}}`, "", 28},
		{"condition save narrowing", `{"combat":{"conditions":[{"saves":["dex"]}]}}`, "", 29},
		{"condition failsSaves", `{"combat":{"conditions":[{"failsSaves":["dex"]}]}}`, "", 26},
		{"strikesCappedBy", `{"combat":{"attacks":[{"strikesCappedBy":{"column":"loading"}}]}}`, "", 32},
		{"condition skill narrowing", `{"combat":{"conditions":[{"skills":["climb"]}]}}`, "", 53},
		{"level skill narrowing", `{"combat":{"levels":[{"skills":["climb"]}]}}`, "", 53},
		{"a condition modifier naming skills", `{"combat":{"conditions":[{"modifiers":[{"skills":["climb"]}]}]}}`, "", 53},
		{"a condition modifier naming saves", `{"combat":{"conditions":[{"modifiers":[{"saves":["dex"]}]}]}}`, "", 53},
		{"a level modifier with a mode", `{"combat":{"levels":[{"modifiers":[{"mode":"max"}]}]}}`, "", 53},
		{"a condition modifier to saves", `{"combat":{"conditions":[{"modifiers":[{"to":"saves"}]}]}}`, "", 45},
		{"damage clauses", `{}`, `{"mechanics":{"plus":[]}}`, 29},
		{"strikes", `{"combat":{"attacks":[{"strikes":{"const":2}}]}}`, "", 29},
		{"free", `{}`, `{"mechanics":{"free":true}}`, 29},
		{"gives", `{}`, `{"mechanics":{"gives":[]}}`, 29},
		{"standard", `{}`, `{"mechanics":{"standard":"dash"}}`, 29},
		{"a creature rider", `{}`, `{"creature":{"riders":[{}]}}`, 29},
		{"a creature action's extra clause", `{}`, `{"creature":{"actions":[{"damage":{"plus":[]}}]}}`, 29},
		{"a creature action's plain damage", `{}`, `{"creature":{"actions":[{"damage":{"dice":"1d6"}}]}}`, 20},
		{"a creature action's long range", `{}`, `{"creature":{"actions":[{"range":{"normal":6,"long":18}}]}}`, 28},
		{"a creature action's plain range", `{}`, `{"creature":{"actions":[{"range":6}]}}`, 20},
		{"whileSourceInSight", `{"combat":{"conditions":[{"whileSourceInSight":true}]}}`, "", 29},
		{"endsWhenSourceDown", `{"combat":{"conditions":[{"endsWhenSourceDown":true}]}}`, "", 29},
		{"resist-all", `{"combat":{"conditions":[{"effects":["cannot-act","resist-all"]}]}}`, "", 29},
		{"an older condition effect", `{"combat":{"conditions":[{"effects":["cannot-act"]}]}}`, "", 26},
		{"an entry's targetCount", `{}`, `{"mechanics":{"targetCount":2}}`, 26},
		{"an entry's budget", `{}`, `{"mechanics":{"budget":"action"}}`, 26},
		{"an entry's plain amount", `{}`, `{"mechanics":{"amount":{"dice":"1d6"}}}`, 20},
		{"wound track levels", `{"sheet":{"live":{"tracks":[{"levels":[{}]}]}}}`, "", 30},
		{"wound track kinds", `{"sheet":{"live":{"tracks":[{"kinds":[{}]}]}}}`, "", 30},
		{"penaltyFrom", `{"resolution":{"penaltyFrom":"harm"}}`, "", 30},
		{"one spend entry", `{"resolution":{"spend":[{}]}}`, "", 30},
		{"damageKinds", `{"combat":{"damageKinds":{}}}`, "", 30},
		{"a mechanics check", `{}`, `{"mechanics":{"check":{"dice":1}}}`, 30},
		{"a rider", `{}`, `{"mechanics":{"rider":{}}}`, 29},
		{"a reaction naming a moment", `{}`, `{"mechanics":{"reaction":{"on":"aimed"}}}`, 33},
		{"a plain reaction", `{}`, `{"mechanics":{"reaction":true}}`, 20},
		{"a creature sheet", `{}`, `{"creature":{"sheet":{}}}`, 34},
		{"explode min", `{"resolution":{"explode":{"min":9}}}`, "", 37},
		{"double min", `{"resolution":{"double":{"min":9}}}`, "", 37},
		{"abilityPlusAbility", `{"resolution":{"pool":{"abilityPlusAbility":true}}}`, "", 37},
		{"botch rule", `{"resolution":{"botch":{"rule":"halfOrMore"}}}`, "", 37},
		{"a mechanics check exploding", `{}`, `{"mechanics":{"check":{"explode":true}}}`, 37},
		{"a plain track's ref max", `{"sheet":{"live":{"tracks":[{"max":{"const":3}}]}}}`, "", 37},
		{"a wound track's ref max", `{"sheet":{"live":{"tracks":[{"max":{"const":3},"levels":[]}]}}}`, "", 20},
		{"alwaysShow", `{"sheet":{"live":{"tracks":[{"alwaysShow":true}]}}}`, "", 37},
		{"sheetSummary list columns", `{"gm":{"sheetSummary":{"lists":[{"columns":["a"]}]}}}`, "", 37},
		{"sheetSummary nameColumn an enum column", `{"sheet":{"lists":[{"id":"gear","columns":[{"id":"kind","type":"enum"},{"id":"name","type":"text"}]}]},
			"gm":{"sheetSummary":{"lists":[{"list":"gear","nameColumn":"kind"}]}}}`, "", 37},
		{"sheetSummary nameColumn a text column", `{"sheet":{"lists":[{"id":"gear","columns":[{"id":"kind","type":"enum"},{"id":"name","type":"text"}]}]},
			"gm":{"sheetSummary":{"lists":[{"list":"gear","nameColumn":"name"}]}}}`, "", 20},
		{"resolution.reroll", `{"resolution":{"reroll":[]}}`, "", 38},
		{"resolution.adjust", `{"resolution":{"adjust":[]}}`, "", 38},
		{"spend buying a reroll", `{"resolution":{"spend":[{"reroll":{}}]}}`, "", 38},
		{"a perCheck ref", `{"resolution":{"spend":[{"perCheck":"pool"}]}}`, "", 38},
		{"a numeric perCheck", `{"resolution":{"spend":[{"perCheck":2}]}}`, "", 30},
		{"three spend entries", `{"resolution":{"spend":[{},{},{}]}}`, "", 38},
		{"two spend entries", `{"resolution":{"spend":[{},{}]}}`, "", 30},
		{"listSum", `{"sheet":{"derived":[{"of":[{"listSum":{}}]}]}}`, "", 39},
		{"livePool in an entry", `{}`, `{"rows":[{"scaled":{"x":{"from":{"livePool":"p"}}}}]}`, 39},
		{"liveTrack", `{"combat":{"defense":{"liveTrack":"t"}}}`, "", 39},
		{"a skill cap", `{"sheet":{"skills":[{"cap":{"const":5}}]}}`, "", 39},
		{"a save cap", `{"sheet":{"saves":[{"cap":{"const":5}}]}}`, "", 39},
		{"hideWhen notEquals", `{"sheet":{"fields":[{"hideWhen":{"notEquals":"a"}}]}}`, "", 39},
		{"hideWhen in", `{"sheet":{"live":{"pools":[{"hideWhen":{"in":["a"]}}]}}}`, "", 39},
		{"hideWhen equals", `{"sheet":{"fields":[{"hideWhen":{"equals":"a"}}]}}`, "", 20},
		{"boxes", `{"sheet":{"live":{"tracks":[{"boxes":{}}]}}}`, "", 40},
		{"fill", `{"sheet":{"live":{"tracks":[{"fill":"indexed"}]}}}`, "", 40},
		{"onFull", `{"sheet":{"live":{"tracks":[{"onFull":"refuse"}]}}}`, "", 40},
		{"extra", `{"sheet":{"live":{"tracks":[{"extra":{}}]}}}`, "", 40},
		{"a rest step kind", `{"rests":[{"restore":[{"kind":"cut"}]}]}`, "", 40},
		{"an ability section", `{"sheet":{"abilities":[{"section":"body"}]}}`, "", 41},
		{"a skill section", `{"sheet":{"skills":[{"section":"body"}]}}`, "", 41},
		{"untrained", `{"sheet":{"sections":[{"untrained":"refuse"}]}}`, "", 41},
		{"live states", `{"sheet":{"live":{"states":[{}]}}}`, "", 42},
		{"live states: []", `{"sheet":{"live":{"states":[]}}}`, "", 20},
		{"enumTable", `{"sheet":{"derived":[{"op":"enumTable"}]}}`, "", 42},
		{"a rest step on a state", `{"rests":[{"restore":[{"state":"mood"}]}]}`, "", 42},
		{"combat checks", `{"combat":{"checks":[]}}`, "", 43},
		{"combat contests", `{"combat":{"contests":[]}}`, "", 43},
		{"creature checks", `{}`, `{"creature":{"checks":[]}}`, 43},
		{"a reaction on used", `{}`, `{"mechanics":{"reaction":{"on":"used"}}}`, 44},
		{"a reaction against", `{}`, `{"mechanics":{"reaction":{"on":"aimed","against":{}}}}`, 44},
		{"combat levels", `{"combat":{"levels":[]}}`, "", 45},
		{"condition modifiers", `{"combat":{"conditions":[{"modifiers":[]}]}}`, "", 45},
		{"endsAfter", `{"combat":{"conditions":[{"endsAfter":1}]}}`, "", 45},
		{"a reaction on hit", `{}`, `{"mechanics":{"reaction":{"on":"hit"}}}`, 46},
		{"a creature action reaction", `{}`, `{"creature":{"actions":[{"reaction":{}}]}}`, 46},
		{"a creature action on itself", `{}`, `{"creature":{"actions":[{"self":true}]}}`, 46},
		{"initiative each round", `{"combat":{"initiative":{"each":"round"}}}`, "", 47},
		{"initiative each fight", `{"combat":{"initiative":{"each":"fight"}}}`, "", 26},
		{"toHit.skill", `{"combat":{"attacks":[{"toHit":{"skill":"a"}}]}}`, "", 47},
		{"spendLimits", `{"combat":{"spendLimits":[]}}`, "", 47},
		{"creature soak", `{}`, `{"creature":{"soak":{}}}`, 47},
		{"initiative pool", `{"combat":{"initiative":{"pool":"p"}}}`, "", 48},
		{"initiative plus", `{"combat":{"initiative":{"plus":{}}}}`, "", 48},
		{"initiative resource", `{"combat":{"initiative":{"resource":"r"}}}`, "", 48},
		{"items", `{"items":{}}`, "", 49},
		{"an items catalog", `{"catalogs":[{"holds":"items"}]}`, "", 49},
		{"rarityCaps", `{"items":{"rarityCaps":[]}}`, "", 51},
		{"propose", `{"items":{"propose":false}}`, "", 51},
		{"itemStat", `{"sheet":{"derived":[{"of":[{"itemStat":{}}]}]}}`, "", 52},
		{"worn effects", `{}`, `{"item":{"worn":{}}}`, 53},
		{"carried effects", `{}`, `{"item":{"carried":{}}}`, 53},
		{"a rarity cap bonus", `{"items":{"rarityCaps":[{"bonus":1}]}}`, "", 53},
		{"item requires", `{}`, `{"item":{"requires":[]}}`, 54},
		{"item-effect abilities (worn)", `{}`, `{"item":{"worn":{"abilities":{}}}}`, 54},
		{"item-effect abilities (carried)", `{}`, `{"item":{"carried":{"abilities":{}}}}`, 54},
		{"combat levels reading derived", `{"combat":{"levels":[{"from":{"derived":"d"}}]}}`, "", 54},
		{"a weapon", `{}`, `{"item":{"attack":{}}}`, 55},
		{"ammo", `{}`, `{"item":{"attack":{"ammo":{}}}}`, 57},
		{"clip", `{}`, `{"item":{"attack":{"clip":{}}}}`, 57},
		{"modes", `{}`, `{"item":{"attack":{"modes":[]}}}`, 58},
		{"offHand", `{}`, `{"item":{"attack":{"offHand":true}}}`, 58},
		{"floor", `{}`, `{"item":{"attack":{"floor":1}}}`, 58},
		{"onHit", `{}`, `{"item":{"attack":{"onHit":{}}}}`, 58},
		{"use", `{}`, `{"item":{"use":{}}}`, 59},
		{"charges", `{}`, `{"item":{"charges":{}}}`, 59},
		{"restore", `{}`, `{"item":{"use":{"restore":{}}}}`, 60},
		{"recharge", `{}`, `{"item":{"charges":{"recharge":{}}}}`, 61},
		{"breaksOn", `{}`, `{"item":{"charges":{"breaksOn":{}}}}`, 61},
		{"gate", `{}`, `{"item":{"use":{"gate":{}}}}`, 62},
		{"loot tables", `{"items":{"lootTables":[{}]}}`, "", 63},
		{"lootTables: []", `{"items":{"lootTables":[]}}`, "", 49},
		{"creature loot", `{}`, `{"creature":{"loot":"t"}}`, 63},
		{"a coin loot line", `{"items":{"lootTables":[{"entries":[{"coins":"penny"}]}]}}`, "", 64},
		{"layer currencies", `{"layers":[{"currencies":{}}]}`, "", 64},
		{"a market", `{"items":{"market":{}}}`, "", 65},
		{"item sold", `{}`, `{"item":{"sold":{}}}`, 65},
		{"item service", `{}`, `{"item":{"service":true}}`, 65},
		{"migrations", `{"sheet":{"migrations":[{}]}}`, "", 77},
		{"migrations: []", `{"sheet":{"migrations":[]}}`, "", 20},
		{"setColumn", `{"sheet":{"migrations":[{"steps":[{"setColumn":{}}]}]}}`, "", 794},
		{"layer items", `{"layers":[{"items":{}}]}`, "", 813},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root, ds := model.Parse("r.json", []byte(tc.root))
			if root == nil {
				t.Fatal(ds)
			}
			rs := &model.Ruleset{File: "r.json", Root: root}
			if tc.entry != "" {
				entries, ds := model.Parse("c.json", []byte("["+tc.entry+"]"))
				if entries == nil {
					t.Fatal(ds)
				}
				rs.Catalogs = []*model.Catalog{{ID: "c", EntriesFile: "c.json", EntriesNode: entries}}
			}
			ws := &model.Workspace{Kind: model.Package, Ruleset: rs}
			if got := NeededCapability(ws); got != tc.want {
				t.Fatalf("needs 1.%d, want 1.%d (%+v)", got, tc.want, CapabilityNeeds(ws))
			}
			if tc.want == BaseCapability {
				return
			}
			top := CapabilityNeeds(ws)[0]
			wantFile := "r.json"
			if tc.entry != "" {
				wantFile = "c.json"
			}
			if top.File != wantFile || top.Path == "" || top.Feature == "" {
				t.Errorf("need %+v", top)
			}
		})
	}
}

// TestCapabilityArtifact: a catalog artifact with a language pack beside it
// needs 1.811; a pack without a ruleset section needs nothing.
func TestCapabilityArtifact(t *testing.T) {
	data, err := json.Marshal(map[string]any(parseDoc(t, poolBase)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pack string
		want int
	}{
		{`{"_meta":{"locale":"fr","direction":"ltr"},"ruleset":{"Plain":"Simple"}}`, 811},
		{`{"_meta":{"locale":"fr","direction":"ltr"},"package":{"name":"Test"}}`, 24},
	} {
		fsys := fstest.MapFS{
			"a/pool-test-1.0.0.ruleset.json": {Data: data},
			"a/pool-test-1.0.0.fr.json":      {Data: []byte(tc.pack)},
		}
		ws, err := model.Load(fsys, "a/pool-test-1.0.0.ruleset.json")
		if err != nil {
			t.Fatal(err)
		}
		if ws.Kind != model.Artifact {
			t.Fatalf("kind %v", ws.Kind)
		}
		if got := NeededCapability(ws); got != tc.want {
			t.Errorf("%s: needs 1.%d, want 1.%d", tc.pack, got, tc.want)
		}
		if ds := CheckCapability(ws); ds != nil {
			t.Errorf("an artifact has no manifest to compare: %v", ds)
		}
	}
}

// highestFirst orders needs as a stable sort by minor, highest first,
// would: on lists in the gates' order (rising minors) and on others.
func TestHighestFirstIsAStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		var needs []Need
		for i := range rng.IntN(40) {
			needs = append(needs, Need{Minor: 20 + rng.IntN(8), Feature: fmt.Sprint(i)})
		}
		if round%2 == 0 {
			slices.SortStableFunc(needs, func(a, b Need) int { return a.Minor - b.Minor })
		}
		want := slices.Clone(needs)
		slices.SortStableFunc(want, func(a, b Need) int { return b.Minor - a.Minor })
		if got := highestFirst(slices.Clone(needs)); !slices.Equal(got, want) {
			t.Fatalf("%v: got %v, want %v", needs, got, want)
		}
	}
}

// The format checks list at most model.MaxFileFindings findings a file, and
// one more counting the rest: the shape of 12,000 value labels naming no
// value gives 1,000 and a count.
func TestCheckFormatListsAtMostMaxFileFindings(t *testing.T) {
	for _, s := range modeltest.Shapes() {
		if s.Name != "labels" {
			continue
		}
		ws, err := model.Load(fstest.MapFS{"shape.json": {Data: s.Data}}, "shape.json")
		if err != nil || ws.Ruleset == nil {
			t.Fatal(err)
		}
		ds := CheckFormat(ws.Ruleset)
		if len(ds) != model.MaxFileFindings+1 {
			t.Fatalf("%d findings, want %d", len(ds), model.MaxFileFindings+1)
		}
		last := ds[len(ds)-1]
		var n int
		if _, err := fmt.Sscanf(last.Message, "%d more", &n); err != nil || last.Code != model.CodeTooManyFindings ||
			last.Category != model.Format || last.File != "shape.json" || n < 10000 {
			t.Errorf("last finding %+v (%d left out)", last, n)
		}
		return
	}
	t.Fatal("no labels shape")
}

// TestNeededCapabilityIsTheHighestNeed holds NeededCapability, which looks
// only as far as the highest gate used, to the full list of needs, on the
// examples, the published rulesets and their 300 variants (from the shared
// data), and on the base test ruleset and each published one with every
// gate's feature cut out in turn (so that lower gates decide): the answer
// must be NeededMinor(CapabilityNeeds(ws)).
func TestNeededCapabilityIsTheHighestNeed(t *testing.T) {
	compare := func(t *testing.T, paths []string) {
		t.Helper()
		for _, p := range paths {
			ws := modeltest.Load(t, p)
			if got, want := NeededCapability(ws), NeededMinor(CapabilityNeeds(ws)); got != want {
				t.Errorf("%s: NeededCapability %d, the needs' highest %d", p, got, want)
			}
		}
	}
	t.Run("examples", func(t *testing.T) {
		for _, p := range []string{lanternRoad, mirefall} {
			if _, err := os.Stat(p); err != nil {
				t.Fatalf("the example is missing: %v", err)
			}
		}
		compare(t, []string{lanternRoad, mirefall})
	})
	t.Run("base cut down", func(t *testing.T) {
		if cuts := cutNeeds(t, "base", modeltest.Base()); cuts < 3 {
			t.Errorf("only %d needs cut out of the base ruleset", cuts)
		}
	})
	t.Run("fixtures", func(t *testing.T) {
		all := modeltest.FixtureFiles(t, true)
		compare(t, all)
		dir := modeltest.Fixtures(t)
		cuts, fixtures := 0, 0
		for _, p := range all {
			if filepath.Dir(p) != dir {
				continue // a variant
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			cuts += cutNeeds(t, p, data)
			fixtures++
		}
		if cuts < 3*fixtures {
			t.Errorf("only %d needs cut out of %d fixtures", cuts, fixtures)
		}
	})
}

// cutNeeds checks that lower gates decide once the higher ones are gone:
// it drops the top need's key from a copy of the ruleset, up to the base
// version, comparing NeededCapability with the needs after each cut. It
// returns the number of cuts made.
func cutNeeds(t *testing.T, name string, data []byte) (cuts int) {
	t.Helper()
	for range 12 {
		ws, err := model.Load(fstest.MapFS{"r.json": {Data: data}}, "r.json")
		if err != nil {
			t.Fatal(err)
		}
		needs := CapabilityNeeds(ws)
		if got, want := NeededCapability(ws), NeededMinor(needs); got != want {
			t.Errorf("%s cut down: NeededCapability %d, the needs' highest %d (%v)", name, got, want, needs)
		}
		if len(needs) == 0 {
			break
		}
		cut, ok := deletePath(data, needs[0].Path)
		if !ok {
			break
		}
		data, cuts = cut, cuts+1
	}
	return cuts
}

// deletePath removes the value at a dot path (indices as numbers) from a
// JSON document.
func deletePath(data []byte, p string) ([]byte, bool) {
	var root any
	if json.Unmarshal(data, &root) != nil {
		return nil, false
	}
	steps := strings.Split(p, ".")
	cur := root
	for _, step := range steps[:len(steps)-1] {
		switch v := cur.(type) {
		case map[string]any:
			cur = v[step]
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			cur = v[i]
		default:
			return nil, false
		}
	}
	last := steps[len(steps)-1]
	switch v := cur.(type) {
	case map[string]any:
		if _, ok := v[last]; !ok {
			return nil, false
		}
		delete(v, last)
	case []any:
		// Empty the item rather than shift the others.
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(v) {
			return nil, false
		}
		v[i] = map[string]any{}
	default:
		return nil, false
	}
	out, err := json.Marshal(root)
	return out, err == nil
}
