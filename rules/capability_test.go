package rules

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
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
	layers := func(t *testing.T) doc {
		return parseDoc(t, poolBase).layers(t, `[{"id":"a","label":"A","gm":{"guidance":"A."}}]`)
	}
	// poolBase is dice-pool (1.24) on its own
	tests := []struct {
		name   string
		doc    func(t *testing.T) doc
		minor  int
		refuse bool
		words  string
	}{
		{"1.24 with layers", layers, 24, true, "layers"},
		{"1.25 with layers", layers, 25, false, ""},
		{"1.24 with world guidance", func(t *testing.T) doc { return parseDoc(t, poolBase).set(t, "gm.worldGuidance", "A world.") }, 24, true, "worldGuidance"},
		{"1.25 with world guidance", func(t *testing.T) doc { return parseDoc(t, poolBase).set(t, "gm.worldGuidance", "A world.") }, 25, false, ""},
		{"1.24 with neither", func(t *testing.T) doc { return parseDoc(t, poolBase) }, 24, false, ""},
		{"1.24 with layers: []", func(t *testing.T) doc { return parseDoc(t, poolBase).layers(t, `[]`) }, 24, false, ""},
		{"1.23 for dice-pool", func(t *testing.T) doc { return parseDoc(t, poolBase) }, 23, true, "dice-pool"},
		{"1.63 with layer currencies", func(t *testing.T) doc {
			return coinDoc(t).layers(t, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown"]}}]`)
		}, 63, true, "removing coins"},
		{"1.64 with layer currencies", func(t *testing.T) doc {
			return coinDoc(t).layers(t, `[{"id":"a","label":"A","currencies":{"removeUnits":["crown"]}}]`)
		}, 64, false, ""},
		{"1.63 with a coin loot line", func(t *testing.T) doc {
			return coinDoc(t).set(t, "items.lootTables", raw(t, `[{"id":"p","label":"P","entries":[{"coins":"penny"}]}]`))
		}, 63, true, "coins"},
		{"1.63 with loot tables and neither", func(t *testing.T) doc {
			return coinDoc(t).set(t, "items.lootTables", raw(t, `[{"id":"p","label":"P","entries":[{"item":"kit/bell"}]}]`))
		}, 63, false, ""},
		{"1.812 with layer items", func(t *testing.T) doc {
			return coinDoc(t).layers(t, `[{"id":"a","label":"A","items":{"lootTables":[{"id":"p","label":"P","entries":[{"item":"kit/bell"}]}]}}]`).
				set(t, "items.lootTables", raw(t, `[{"id":"p","label":"P","entries":[{"item":"kit/bell"}]}]`))
		}, 812, true, "layer changing items"},
		{"1.76 with migrations", func(t *testing.T) doc {
			return coinDoc(t).set(t, "sheet.migrations", raw(t, `[{"from":1,"steps":[{"rename":"field","from":"xp","to":"level"}]}]`)).set(t, "sheet.version", 2.0)
		}, 76, true, "sheet.migrations"},
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
	ws := loadWS(t, lanternRoad)
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
	if got := NeededCapability(loadWS(t, mirefall)); got != 813 {
		t.Errorf("mirefall needs %d", got)
	}
}
