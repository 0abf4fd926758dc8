package main

import (
	"bytes"
	"encoding/json"
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
	p := filepath.Join("../shared/fixtures/marinara", name)
	if _, err := os.Stat(p); err != nil {
		t.Skip("the shared fixtures are not beside this checkout")
	}
	return p
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
	code, out, _ := layersCLI(t, "--on", "wild_magic", path)
	if code != exitFindings || !strings.Contains(out, "error: layers: ") || !strings.Contains(out, "wild_magic") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{}, {path, path}, {"--bogus", path}, {"/no/such/file.json"}} {
		if code, _, _ := layersCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := layersCLI(t, "--help"); code != exitOK || !strings.Contains(errOut, "--on") {
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
	if _, err := os.Stat("examples/lantern-road"); err != nil {
		t.Skip("no examples")
	}
	doc := layersJSON(t, exitOK, "--on", "unlit_wicks,drowned_fens,long_dark", "examples/lantern-road")
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
	doc = layersJSON(t, exitOK, "--on", "drowned_fens,hill_fever", "examples/lantern-road")
	found := false
	for _, d := range doc["diagnostics"].([]any) {
		found = found || (get(d, "code") == "layer-dropped" && strings.Contains(get(d, "message").(string), "hill_fever") && get(d, "path") == "layers.3")
	}
	if !found {
		t.Errorf("no layer-dropped warning: %v", doc["diagnostics"])
	}
}
