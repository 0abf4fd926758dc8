package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layersCLI runs `rulebench layers args...` with buffers.
func layersCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"layers"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func marinara(t *testing.T, name string) string {
	t.Helper()
	return filepath.Join(fixtures(t), name)
}

// layersJSON runs the command with --json and decodes the document.
func layersJSON(t *testing.T, wantCode int, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := layersCLI(t, append([]string{"--json"}, args...)...)
	if code != wantCode {
		t.Fatalf("exit %d, want %d\n%s%s", code, wantCode, out, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return doc
}

// get follows a path of keys and indices through decoded JSON.
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestLayersJSONContract: the document has every key decisions.md §5 names,
// with the shapes it gives.
func TestLayersJSONContract(t *testing.T) {
	doc := layersJSON(t, exitOK, "--on", "long_night", marinara(t, "gravewatch.json"))
	for _, k := range []string{"schemaVersion", "selected", "active", "dropped", "toggles", "gm", "difficultyLadder", "fields",
		"catalogs", "currencies", "prices", "market", "lootTables"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("no %q", k)
		}
	}
	if doc["schemaVersion"] != 1.0 {
		t.Errorf("schemaVersion %v", doc["schemaVersion"])
	}
	for _, k := range []string{"id", "label", "on", "disabled", "disabledBy"} {
		if _, ok := get(doc, "toggles", 0).(map[string]any)[k]; !ok {
			t.Errorf("toggles[0] has no %q", k)
		}
	}
	for _, k := range []string{"checkGuidance", "worldGuidance"} {
		if _, ok := doc["gm"].(map[string]any)[k]; !ok {
			t.Errorf("gm has no %q", k)
		}
	}
	for _, k := range []string{"values", "removed", "default"} {
		if _, ok := get(doc, "fields", "watch").(map[string]any)[k]; !ok {
			t.Errorf("fields.watch has no %q", k)
		}
	}
	if _, ok := get(doc, "catalogs", "kit", "hidden").([]any); !ok {
		t.Error("catalogs.kit.hidden is not a list")
	}
	cur := get(doc, "currencies", 0)
	if get(cur, "id") != "coin" || !slices.Equal(strs(get(cur, "units")), []string{"penny", "shilling"}) || !slices.Equal(strs(get(cur, "removedUnits")), []string{"crown"}) {
		t.Errorf("currencies %v", doc["currencies"])
	}
	pistol := get(doc, "prices", "kit/watch-pistol")
	if get(pistol, "written", "amount") != 3.0 || get(pistol, "written", "unit") != "crown" ||
		get(pistol, "shown", "amount") != 15.0 || get(pistol, "shown", "unit") != "shilling" || get(pistol, "shown", "text") != "15 shillings" {
		t.Errorf("pistol %v", pistol)
	}
	for _, k := range []string{"sellers", "removedSellers", "unsold", "notes", "prices", "unsoldItems"} {
		if _, ok := doc["market"].(map[string]any)[k]; !ok {
			t.Errorf("market has no %q", k)
		}
	}
	if get(doc, "market", "prices", "kit/watch-pistol", "cheap", "text") != "135 pennies" {
		t.Errorf("market price %v", get(doc, "market", "prices", "kit/watch-pistol"))
	}
	gg := get(doc, "lootTables", "grave_goods")
	if v, ok := gg.(map[string]any)["replacedBy"]; !ok || v != nil || get(gg, "table", "id") != "grave_goods" {
		t.Errorf("lootTables %v", gg)
	}
	steps := doc["difficultyLadder"].([]any)
	if len(steps) != 4 || get(steps, 0, "label") != "Plain work" || get(steps, 0, "successes") != 1.0 || get(steps, 0, "target") != 7.0 {
		t.Errorf("ladder %v", steps)
	}
	if _, ok := get(steps, 0).(map[string]any)["dc"]; ok {
		t.Error("a pool step has a dc")
	}
}

// TestLayersFixtures: the fixtures' README expectations through the
// command.
func TestLayersFixtures(t *testing.T) {
	doc := layersJSON(t, exitOK, "--on", "hard_winter", marinara(t, "ember-roads.json"))
	hidden := strs(get(doc, "catalogs", "knacks", "hidden"))
	if !slices.Contains(hidden, "last-ember") || slices.Contains(hidden, "hold-the-line") {
		t.Errorf("hidden %v", hidden)
	}
	var dcs []float64
	for _, s := range doc["difficultyLadder"].([]any) {
		dcs = append(dcs, get(s, "dc").(float64))
	}
	if !slices.Equal(dcs, []float64{7, 9, 11, 13}) {
		t.Errorf("ladder %v", dcs)
	}
	// conflicting layers: a warning, exit 0; the later one dropped with its reason
	doc = layersJSON(t, exitOK, "--on", "high_magic", "--on", "low_magic", marinara(t, "5e-2014.json"))
	if !slices.Equal(strs(doc["active"]), []string{"low_magic"}) || get(doc, "dropped", 0, "id") != "high_magic" ||
		!strings.Contains(get(doc, "dropped", 0, "reason").(string), "low_magic") {
		t.Errorf("active %v dropped %v", doc["active"], doc["dropped"])
	}
	if !slices.Equal(strs(get(doc, "fields", "spellcasting_ability", "values")), []string{"none", "wis"}) {
		t.Errorf("values %v", get(doc, "fields", "spellcasting_ability"))
	}
	if get(doc, "diagnostics", 0, "code") != "ruleset_layer_conflict" || get(doc, "diagnostics", 0, "severity") != "warning" {
		t.Errorf("diagnostics %v", doc["diagnostics"])
	}
	if get(doc, "toggles", 1, "disabled") != true || !slices.Equal(strs(get(doc, "toggles", 1, "disabledBy")), []string{"low_magic"}) {
		t.Errorf("toggles %v", doc["toggles"])
	}
}

// TestLayersExitCodes: an undeclared --on id is an error finding (exit 1);
// bad usage and unreadable paths exit 2; help exits 0.
func TestLayersExitCodes(t *testing.T) {
	path := marinara(t, "5e-2014.json")
	doc := layersJSON(t, exitFindings, "--on", "wild_magic,low_magic", path)
	if get(doc, "diagnostics", 0, "code") != "ruleset_layer_unknown" || !strings.Contains(get(doc, "diagnostics", 0, "message").(string), "wild_magic") {
		t.Errorf("diagnostics %v", doc["diagnostics"])
	}
	if !slices.Equal(strs(doc["active"]), []string{"low_magic"}) || get(doc, "dropped", 0, "id") != "wild_magic" {
		t.Errorf("the declared layer still applies: %v %v", doc["active"], doc["dropped"])
	}
	// an id given twice is one finding
	doc = layersJSON(t, exitFindings, "--on", "wild_magic,low_magic", "--on", "wild_magic", path)
	if n := len(doc["diagnostics"].([]any)); n != 1 {
		t.Errorf("%d findings for one unknown id: %v", n, doc["diagnostics"])
	}
	code, out, _ := layersCLI(t, "--on", "wild_magic", path)
	if code != exitFindings || !strings.Contains(out, "error: layers: ") || !strings.Contains(out, "wild_magic") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{}, {path, path}, {"--bogus", path}, {"/no/such/file.json"}} {
		if code, _, _ := layersCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, out, _ := layersCLI(t, "--help"); code != exitOK || !strings.Contains(out, "--on") {
		t.Errorf("help: exit %d", code)
	}
	// a file that is not JSON is a finding, not a usage error
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("not json"), 0o644)
	doc = layersJSON(t, exitFindings, bad)
	if len(doc["diagnostics"].([]any)) == 0 || len(doc["active"].([]any)) != 0 {
		t.Errorf("not JSON: %v", doc["diagnostics"])
	}
}

// TestLayersText: the summary for people, made terminal-safe.
func TestLayersText(t *testing.T) {
	code, out, _ := layersCLI(t, "--on", "long_night", marinara(t, "gravewatch.json"))
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"[x] long_night — The long night", "Plain work", "15 shillings", "coin: penny, shilling  (removed crown)", "0 errors, 0 warnings"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// hostile text from the file is escaped
	dir := t.TempDir()
	data, err := os.ReadFile(marinara(t, "gravewatch.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(data, &m)
	m["layers"].([]any)[0].(map[string]any)["label"] = "The long night\x1b[2J\u202e"
	data, _ = json.Marshal(m)
	p := filepath.Join(dir, "hostile.json")
	os.WriteFile(p, data, 0o644)
	_, out, _ = layersCLI(t, "--on", "long_night", p)
	if strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(out, `\x1b[2J\u202e`) {
		t.Errorf("not escaped:\n%s", out)
	}
}

// TestLayersPackageSaves: a package's sample saves list what they keep.
func TestLayersPackageSaves(t *testing.T) {
	if _, err := os.Stat("../examples/lantern-road"); err != nil {
		t.Skip("no examples")
	}
	doc := layersJSON(t, exitOK, "--on", "unlit_wicks,drowned_fens,long_dark", "../examples/lantern-road")
	var kept []string
	for _, s := range doc["saves"].([]any) {
		for _, k := range get(s, "kept").([]any) {
			kept = append(kept, filepath.Base(get(s, "file").(string))+" "+get(k, "path").(string)+"="+get(k, "value").(string)+" "+get(k, "shown").(string))
		}
	}
	want := []string{
		"multiclass.json build.fields.home_reach=saltmarch kept and shown",
		"multiclass.json build.lists.charms.0._catalog=knacks/cinder-charm kept and shown",
		"no-level.json build.fields.home_reach=fenward kept and shown",
		"no-level.json build.fields.lantern_kind=ghostglass kept and shown",
	}
	if !slices.Equal(kept, want) {
		t.Errorf("kept\n%q\nwant\n%q", kept, want)
	}
	// the fallback drop is a warning naming the layer
	doc = layersJSON(t, exitOK, "--on", "drowned_fens,hill_fever", "../examples/lantern-road")
	found := false
	for _, d := range doc["diagnostics"].([]any) {
		found = found || (get(d, "code") == "layer-dropped" && strings.Contains(get(d, "message").(string), "hill_fever") && get(d, "path") == "layers.3")
	}
	if !found {
		t.Errorf("no layer-dropped warning: %v", doc["diagnostics"])
	}
}

// has tells whether a decoded JSON object has the key (whatever its value,
// null included).
func has(v any, key string) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	_, ok = m[key]
	return ok
}

// TestLayersJSONNulls: decisions.md §5 — the keys it names are always
// present, null exactly where it says (a price whose coin family is gone, a
// market price with no price, a table no layer replaces, no world
// guidance, no default), and lists are lists, never null.
func TestLayersJSONNulls(t *testing.T) {
	if _, err := os.Stat("../examples/lantern-road"); err != nil {
		t.Skip("no examples")
	}
	doc := layersJSON(t, exitOK, "--on", "guild_ruin", "../examples/lantern-road")
	lens := get(doc, "prices", "wares/ghostglass-lens")
	if !has(lens, "shown") || get(lens, "shown") != nil || get(lens, "written", "amount") != 2.0 || get(lens, "written", "unit") != "warrant" {
		t.Errorf("ghostglass-lens under guild_ruin: %v", lens)
	}
	lv := get(doc, "market", "prices", "wares/ghostglass-lens").(map[string]any)
	if len(lv) != 3 {
		t.Errorf("every price level is listed: %v", lv)
	}
	for _, level := range []string{"haggled", "posted", "gouged"} {
		if !has(lv, level) || lv[level] != nil {
			t.Errorf("market price at %s: %v", level, lv[level])
		}
	}
	if get(doc, "market", "prices", "wares/tin-lantern", "posted", "text") != "6 groats" {
		t.Errorf("tin lantern: %v", get(doc, "market", "prices", "wares/tin-lantern"))
	}
	for _, id := range []string{"road_spoils", "drowned_pockets", "lamp_house_shelves"} {
		lt := get(doc, "lootTables", id)
		if !has(lt, "replacedBy") || get(lt, "replacedBy") != nil || get(lt, "table", "id") != id {
			t.Errorf("lootTables.%s: %v", id, lt)
		}
	}
	if !has(doc["gm"], "worldGuidance") || get(doc, "gm", "worldGuidance") != nil {
		t.Errorf("gm %v", doc["gm"])
	}
	scrip := get(doc, "currencies", 1)
	if get(scrip, "id") != "scrip" || len(get(scrip, "units").([]any)) != 0 || !slices.Equal(strs(get(scrip, "removedUnits")), []string{"chit", "warrant"}) {
		t.Errorf("scrip %v", scrip)
	}
	for _, k := range []string{"dropped", "active", "selected"} {
		if _, ok := doc[k].([]any); !ok {
			t.Errorf("%s is %v, not a list", k, doc[k])
		}
	}
	for _, k := range []string{"sellers", "removedSellers", "unsold", "notes", "unsoldItems"} {
		if _, ok := get(doc, "market", k).([]any); !ok {
			t.Errorf("market.%s is %v, not a list", k, get(doc, "market", k))
		}
	}
	if _, ok := get(doc, "catalogs", "haunts", "hidden").([]any); !ok {
		t.Errorf("catalogs.haunts.hidden is %v", get(doc, "catalogs", "haunts", "hidden"))
	}
	if _, ok := get(doc, "toggles", 0, "disabledBy").([]any); !ok {
		t.Error("disabledBy is not a list")
	}
	// dice-sum steps carry label and dc only
	for _, s := range doc["difficultyLadder"].([]any) {
		if has(s, "successes") || has(s, "target") || !has(s, "dc") || !has(s, "label") {
			t.Errorf("step %v", s)
		}
	}
	// a replaced table names its layer; a world guidance from a layer is text
	doc = layersJSON(t, exitOK, "--on", "lean_years,drowned_fens", "../examples/lantern-road")
	if get(doc, "lootTables", "road_spoils", "replacedBy") != "lean_years" || get(doc, "lootTables", "road_spoils", "table", "label") != "Picked-over spoils" {
		t.Errorf("road_spoils %v", get(doc, "lootTables", "road_spoils"))
	}
	if w, ok := get(doc, "gm", "worldGuidance").(string); !ok || w == "" {
		t.Errorf("world guidance %v", get(doc, "gm", "worldGuidance"))
	}
	// a field left with no default reads null
	data, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range get(m, "sheet", "fields").([]any) {
		if get(f, "id") == "totem" {
			delete(f.(map[string]any), "default")
		}
	}
	data, _ = json.Marshal(m)
	p := filepath.Join(t.TempDir(), "mirefall.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	doc = layersJSON(t, exitOK, p)
	if totem := get(doc, "fields", "totem"); !has(totem, "default") || get(totem, "default") != nil {
		t.Errorf("totem %v", totem)
	}
}

// TestLayersMirefall: the designed outcomes of examples/README.md §2
// through the command (a catalog artifact, dice-pool).
func TestLayersMirefall(t *testing.T) {
	const p = "../examples/mirefall/mirefall-1.0.0.ruleset.json"
	if _, err := os.Stat(p); err != nil {
		t.Skip("no examples")
	}
	doc := layersJSON(t, exitOK, "--on", "high_water,lean_trade,bog_law,fog_years", p)
	if !slices.Equal(strs(doc["active"]), []string{"high_water", "lean_trade", "bog_law", "fog_years"}) || len(doc["dropped"].([]any)) != 0 {
		t.Fatalf("active %v dropped %v", doc["active"], doc["dropped"])
	}
	var steps []string
	for _, s := range doc["difficultyLadder"].([]any) {
		steps = append(steps, fmt.Sprintf("%v %v/%v", get(s, "label"), get(s, "successes"), get(s, "target")))
	}
	if want := []string{"Routine 1/7", "Tricky 2/8", "Grueling 4/9", "Heroic 6/9"}; !slices.Equal(steps, want) {
		t.Errorf("ladder %v", steps)
	}
	if get(doc, "difficultyLadderFrom") != "high_water" {
		t.Errorf("ladder from %v", get(doc, "difficultyLadderFrom"))
	}
	for key, want := range map[string]string{"pack/iron-punt-pole": "10 bundles", "pack/drowned-bell": "15 bundles", "pack/gutting-knife": "5 bundles"} {
		if got := get(doc, "prices", key, "shown", "text"); got != want {
			t.Errorf("%s shows %v, want %s", key, got, want)
		}
	}
	if get(doc, "market", "prices", "pack/gutting-knife", "fair", "text") != "5 bundles" ||
		get(doc, "market", "prices", "pack/eel-jerky", "steep", "text") != "3 reeds" {
		t.Errorf("market prices %v", get(doc, "market", "prices"))
	}
	if !slices.Equal(strs(get(doc, "currencies", 0, "units")), []string{"reed", "bundle"}) {
		t.Errorf("coins %v", get(doc, "currencies", 0))
	}
	if !slices.Equal(strs(get(doc, "market", "sellers")), []string{"reedwife", "ferry"}) || get(doc, "lootTables", "bog_pickings", "replacedBy") != "bog_law" {
		t.Errorf("market %v", doc["market"])
	}
	if !slices.Equal(strs(get(doc, "fields", "totem", "values")), []string{"heron", "eel"}) || get(doc, "fields", "totem", "default") != "heron" {
		t.Errorf("totem %v", get(doc, "fields", "totem"))
	}
	unsold := strs(get(doc, "market", "unsoldItems"))
	for _, key := range []string{"pack/gutting-knife", "pack/iron-punt-pole"} {
		if !slices.Contains(unsold, key) {
			t.Errorf("%s is offered: %v", key, unsold)
		}
	}
	doc = layersJSON(t, exitOK, p)
	if get(doc, "market", "prices", "pack/gutting-knife", "fair", "text") != "1 sheaves" || get(doc, "prices", "pack/iron-punt-pole", "shown", "text") != "2 sheaves" {
		t.Errorf("no layer: %v", get(doc, "market", "prices", "pack/gutting-knife"))
	}
}

// TestLayersTextSaysWhy: the ladder paired by label, hide rules and loot
// lines counted from 1, each changed price with its reason, and the market
// price levels with the base beside a changed one.
func TestLayersTextSaysWhy(t *testing.T) {
	code, out, _ := layersCLI(t, "--on", "long_dark,guild_ruin", "../examples/lantern-road")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"  Steady going         dc 10  (base dc 8)\n",
		"  knacks/borrowed-flame  (long_dark, rule 1)\n",
		"    line 4 drops nothing: its coin is removed\n",
		"  wares/lamp-oil                   3 groats         → 30 mites\n" +
			"    The long dark removes groats: 3 groats = 30 mites\n" +
			"    market: haggled down 23 mites; posted price 30 mites (base 3 groats); road-gouged 45 mites\n",
		"    The long dark removes groats: 20 groats = 200 mites → 2 nobles\n",
		"    The Guild in ruins removes the family Guild scrip: no coin of its family remains, so it has no price\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// with no layer on, no price says why and the base is never beside
	_, out, _ = layersCLI(t, "../examples/lantern-road")
	if strings.Contains(out, "(base ") || strings.Contains(out, " removes groats:") {
		t.Errorf("no layer, yet a change:\n%s", out)
	}
}

// TestLayersTextLadderByLabel: a layer's ladder of another length shows
// its removed, added and changed steps as such.
func TestLayersTextLadderByLabel(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../examples/lantern-road/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m["resolution"].(map[string]any)["difficultyLadder"] = []any{
		map[string]any{"label": "Gentle", "dc": 5}, map[string]any{"label": "Testing", "dc": 7},
		map[string]any{"label": "Bitter", "dc": 9}, map[string]any{"label": "Cruel", "dc": 11}}
	for _, l := range m["layers"].([]any) {
		if l.(map[string]any)["id"] == "long_dark" {
			l.(map[string]any)["difficultyLadder"] = []any{
				map[string]any{"label": "Testing", "dc": 7}, map[string]any{"label": "Bitter", "dc": 10},
				map[string]any{"label": "Cruel", "dc": 13}, map[string]any{"label": "Deadly", "dc": 15}}
		}
	}
	data, _ = json.Marshal(m)
	p := filepath.Join(dir, "ruleset.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := layersCLI(t, "--on", "long_dark", p)
	want := "  Gentle               removed (base dc 5)\n" +
		"  Testing              dc 7\n" +
		"  Bitter               dc 10  (base dc 9)\n" +
		"  Cruel                dc 13  (base dc 11)\n" +
		"  Deadly               dc 15  (added)\n"
	if !strings.Contains(out, want) {
		t.Errorf("no\n%s\nin\n%s", want, out)
	}
}

// TestLayersTextEffects: the layers command prints each layer's effects
// under it in the sentences the workbench shows (analysis/say): a count of
// one in the singular, each thing by its id (issue 13, item 5).
func TestLayersTextEffects(t *testing.T) {
	_, out, _ := layersCLI(t, "../examples/lantern-road")
	for _, want := range []string{
		"  [ ] long_dark — The long dark\n      replaces the difficulty ladder with 5 steps: Steady going 10,",
		"      hides the knacks whose oil is above 1 (3 entries)\n      removes the coin groat\n      conflicts with the layer midsummer\n",
		"      removes the sellers chandler, armsmith and peddler\n",
		"      removes the coin family scrip\n",
		`      hides the knacks whose callings are not among "Fighter", "Drover" and "Lamplighter" (2 entries)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "appends to the check guidance") {
		t.Errorf("the guidance is printed with the effects, and again below:\n%s", out)
	}
}
