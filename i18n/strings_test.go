package i18n

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// everyKind has one display string of every kind decisions §3 names, and
// one text of every kind it excludes (those all read "NOT ...", and an
// empty summary, which is no text at all).
const everyKind = `{
  "$schema": "NOT schema", "$comment": "NOT comment",
  "schemaVersion": 1, "id": "demo", "version": 1,
  "name": "Demo", "edition": "First",
  "license": {"spdx": "MIT", "attribution": "NOT license", "label": "NOT license label"},
  "coverage": {"summary": "A demo."},
  "resolution": {"kind": "dice-sum", "difficultyLadder": [{"label": "Hard", "dc": 15}],
    "proficiencyTiers": [{"id": "none", "label": "Untrained"}]},
  "sheet": {"version": 1,
    "abilities": [{"id": "str", "label": "Strength", "short": "STR"}],
    "fields": [
      {"id": "kind", "label": "Kind", "type": "enum", "values": ["elf", "dwarf"], "valueLabels": {"elf": "Elf", "dwarf": "Dwarf"}, "default": "elf"},
      {"id": "notes", "label": "Notes", "type": "text", "maxLength": 40, "default": "NOT default"},
      {"id": "hit", "label": "Hit die", "type": "dice", "default": "1d8"}],
    "lists": [{"id": "gear", "label": "Gear", "columns": [
      {"id": "name", "label": "Name", "type": "text"},
      {"id": "grip", "label": "Grip", "type": "enum", "values": ["one", "two"]}]}],
    "live": {
      "states": [{"id": "stance", "label": "Stance", "values": ["calm", "angry"], "valueLabels": {"calm": "Calm"}}],
      "conditions": [{"id": "prone", "label": "Prone"}]}},
  "gm": {"checkGuidance": "NOT gm", "sheetGuidance": "NOT gm either", "sheetSummary": {"fields": ["kind"]}, "label": "NOT gm label"},
  "items": {
    "categories": [{"id": "arm", "label": "Arms"}],
    "stats": [{"id": "edge", "label": "Edge", "type": "enum", "values": ["keen", "dull"]}],
    "binding": {"label": "Bound", "summary": "", "max": {"const": 1}},
    "currencies": [{"id": "coin", "label": "Coin", "units": [{"id": "cp", "label": "coppers", "value": 1}]}],
    "lootTables": [{"id": "spoils", "label": "Spoils", "rolls": "1d2", "entries": [{"coins": "cp", "count": "1d6"}]}],
    "market": {"sellers": [{"id": "smith", "label": "Smith", "sells": [{"category": "arm"}],
      "only": {"value": {"const": 1}, "atLeast": 1, "label": "Smiths only"}}]}},
  "catalogs": [
    {"id": "foes", "label": "Foes", "holds": "creatures",
     "filters": [{"id": "place", "label": "Place", "type": "text"}, {"id": "label", "label": "Tags", "type": "tags"}, {"id": "summary", "label": "Gist", "type": "text"}],
     "entries": [{"id": "goblin", "label": "Goblin", "summary": "A small foe.",
       "filters": {"place": "NOT filter value", "label": ["NOT filter tag"], "summary": "NOT filter summary"},
       "creature": {"tier": "t1",
         "actions": [{"id": "stab", "name": "Stab", "damage": {"dice": "1d6", "type": "NOT damage type"}}],
         "traits": [{"name": "NOT trait", "text": "NOT trait text"}],
         "sheet": {"fields": {"label": "NOT creature sheet"}}}}]},
    {"id": "gearcat", "label": "Gear", "feeds": ["gear"], "units": {"distance": {"label": "paces", "perCell": 1}},
     "entries": [{"id": "sword", "label": "Sword", "rows": [{"list": "gear", "values": {"name": "NOT row value", "label": "NOT row label"}}]}]},
    {"id": "kit", "label": "Kit", "holds": "items",
     "entries": [{"id": "axe", "label": "Axe", "item": {"category": "arm", "stats": {"edge": "keen", "label": "NOT stat value"}}}]}],
  "combat": {"kind": "attack-vs-defense", "attacks": [{"name": "NOT column id"}],
    "economy": {"budgets": [{"id": "action", "label": "Action"}]},
    "threat": {"tiers": [{"id": "t1", "label": "Minor"}]},
    "damageKinds": {"byType": {"label": "NOT damage kind"}},
    "conditions": [{"condition": "prone"}]},
  "layers": [{"id": "dark", "label": "Dark", "summary": "It is dark.",
    "gm": {"guidance": "NOT layer gm"}, "fields": [{"id": "kind", "removeValues": ["dwarf"], "default": "elf"}]}]
}`

func TestStringsEveryKind(t *testing.T) {
	root, ds := model.Parse("demo.json", []byte(everyKind))
	if root == nil {
		t.Fatal(ds)
	}
	rs, _ := model.DecodeRuleset("demo.json", root)
	got := Strings(rs)
	want := []string{
		"Demo", "First", "A demo.", "Hard", "Untrained", "Strength", "STR",
		"Kind", "elf", "dwarf", "Elf", "Dwarf", "Notes", "Hit die",
		"Gear", "Name", "Grip", "one", "two",
		"Stance", "calm", "angry", "Calm", "Prone",
		"Arms", "Edge", "keen", "dull", "Bound", "Coin", "coppers", "Spoils", "Smith", "Smiths only",
		"Foes", "Place", "Tags", "Gist", "Goblin", "A small foe.", "Stab",
		"Sword", "Kit", "Axe",
		"Action", "Minor", "Dark", "It is dark.",
	}
	// "Gear" is both a list label and a catalog label (listed once);
	// "paces", the catalog's distance label, comes right after it.
	var texts []string
	for _, s := range got {
		texts = append(texts, s.Text)
		if strings.HasPrefix(s.Text, "NOT ") || s.Text == "" {
			t.Errorf("%q is not a display string (at %s)", s.Text, s.Uses[0].Path())
		}
	}
	wantSet := map[string]bool{"paces": true}
	for _, w := range want {
		wantSet[w] = true
	}
	for _, w := range texts {
		if !wantSet[w] {
			t.Errorf("unexpected display string %q", w)
		}
	}
	for w := range wantSet {
		if !strings.Contains("\x00"+strings.Join(texts, "\x00")+"\x00", "\x00"+w+"\x00") {
			t.Errorf("missing display string %q", w)
		}
	}
	// First-seen order: the order of want, with "paces" right after "Gear"'s
	// second use and before "Sword".
	order := map[string]int{}
	for i, s := range texts {
		order[s] = i
	}
	prev := -1
	for _, w := range want {
		if order[w] < prev {
			t.Errorf("%q is out of first-seen order", w)
		}
		prev = order[w]
	}
	if order["paces"] < order["Gear"] || order["paces"] > order["Sword"] {
		t.Errorf("paces at %d, want between Gear (%d) and Sword (%d)", order["paces"], order["Gear"], order["Sword"])
	}
}

func TestStringsUsesEveryPath(t *testing.T) {
	root, _ := model.Parse("demo.json", []byte(everyKind))
	rs, _ := model.DecodeRuleset("demo.json", root)
	strs := Strings(rs)
	byText := map[string]DisplayString{}
	for _, s := range strs {
		if _, dup := byText[s.Text]; dup {
			t.Errorf("%q listed twice", s.Text)
		}
		byText[s.Text] = s
	}
	tests := map[string][]string{
		"Gear":    {"sheet.lists.0.label", "catalogs.1.label"},
		"Goblin":  {"catalogs.0.entries.0.label"},
		"Stab":    {"catalogs.0.entries.0.creature.actions.0.name"},
		"Elf":     {"sheet.fields.0.valueLabels.elf"},
		"keen":    {"items.stats.0.values.0"},
		"calm":    {"sheet.live.states.0.values.0"},
		"Calm":    {"sheet.live.states.0.valueLabels.calm"},
		"Demo":    {"name"},
		"A demo.": {"coverage.summary"},
	}
	for text, paths := range tests {
		s := byText[text]
		var got []string
		for _, u := range s.Uses {
			got = append(got, u.Path())
			if u.File != "demo.json" {
				t.Errorf("%q: file %q", text, u.File)
			}
			if u.Node == nil || u.Node.Pos().Line == 0 {
				t.Errorf("%q: use without a position", text)
			}
		}
		if strings.Join(got, " ") != strings.Join(paths, " ") {
			t.Errorf("%q used at %v, want %v", text, got, paths)
		}
	}
}

func TestStringsFromCatalogAsset(t *testing.T) {
	ruleset := `{"schemaVersion": 1, "id": "demo", "version": 1, "name": "Demo",
	  "coverage": {"summary": "A demo."},
	  "resolution": {"kind": "dice-sum", "difficultyLadder": [{"label": "Hard", "dc": 15}]},
	  "sheet": {"version": 1, "lists": [{"id": "knacks", "label": "Knacks", "maxItems": 5, "columns": [{"id": "name", "label": "Name", "type": "text"}]}]},
	  "gm": {"checkGuidance": "g"},
	  "catalogs": [{"id": "knacks", "label": "Road knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json"}],
	  "layers": [{"id": "dark", "label": "Hard"}]}`
	asset := `{"schemaVersion": 1, "catalog": "knacks", "entries": [
	  {"id": "long-stride", "label": "Long stride", "summary": "Hard", "rows": [{"list": "knacks", "values": {"name": "NOT row"}}]}]}`
	fsys := fstest.MapFS{
		"pkg/manifest.json":        {Data: []byte(`{}`)},
		"pkg/ruleset.json":         {Data: []byte(ruleset)},
		"pkg/catalogs/knacks.json": {Data: []byte(asset)},
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	var hard DisplayString
	for _, s := range Strings(ws.Ruleset) {
		texts = append(texts, s.Text)
		if s.Text == "Hard" {
			hard = s
		}
	}
	want := "Demo|A demo.|Hard|Knacks|Name|Road knacks|Long stride"
	if got := strings.Join(texts, "|"); got != want {
		t.Fatalf("strings %s, want %s", got, want)
	}
	var uses []string
	for _, u := range hard.Uses {
		uses = append(uses, u.File+":"+u.Path())
	}
	wantUses := "pkg/ruleset.json:resolution.difficultyLadder.0.label pkg/catalogs/knacks.json:entries.0.summary pkg/ruleset.json:layers.0.label"
	if strings.Join(uses, " ") != wantUses {
		t.Errorf("Hard used at %v, want %s", uses, wantUses)
	}
}

func TestStringsNil(t *testing.T) {
	if got := Strings(nil); got != nil {
		t.Errorf("Strings(nil) = %v", got)
	}
	if got := Strings(&model.Ruleset{}); got != nil {
		t.Errorf("Strings of an empty ruleset = %v", got)
	}
}

func TestCountWords(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"   ", 0},
		{"Goblin", 1},
		{"Fire Bolt", 2},
		{"hand-axe", 2},
		{"Will-o'-wick", 3},
		{"don't", 1},
		{"Don’t panic", 2},
		{"e.g. this", 2},
		{"3.5 rounds", 2},
		{"1,000 coins", 2},
		{"a, b", 2},
		{"Hit dice, d6", 3},
		{"Lamp charges (2)", 3},
		{"  leading and trailing  ", 3},
		{"Café crème", 2},
		{"Cafe\u0301", 1}, // combining accent stays in the word
		{"Лежащий", 1},    // Cyrillic
		{"火の玉", 3},        // Han and Hiragana: each character
		{"ファイアボルト", 1},    // a Katakana run
		{"火ファイア", 2},      // Han then Katakana
		{"end.", 1},
		{"it's'", 1},
		{"—", 0},
	}
	for _, tt := range tests {
		if got := CountWords(tt.s); got != tt.want {
			t.Errorf("CountWords(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// TestStringsLinearInMembers: collecting the display strings of objects
// with thousands of members compares each member with a key a few times,
// not once per other member: the valueLabels of an enum field, and an
// object the walk goes through.
func TestStringsLinearInMembers(t *testing.T) {
	const n = 4000
	var labels, other strings.Builder
	for i := range n {
		if i > 0 {
			labels.WriteString(",")
			other.WriteString(",")
		}
		fmt.Fprintf(&labels, `"v%d": "Label %d"`, i, i)
		fmt.Fprintf(&other, `"k%d": {"label": "Other %d"}`, i, i)
	}
	// A repeated key keeps only its last value, as before.
	doc := `{"schemaVersion": 1, "id": "demo", "version": 1, "name": "Demo",
  "sheet": {"version": 1, "fields": [{"id": "kind", "label": "Kind", "type": "enum", "values": ["v0"],
    "valueLabels": {` + labels.String() + `, "v1": "Again"}}]},
  "extra": {` + other.String() + `, "k1": {"label": "Last"}}}`
	root, ds := model.Parse("big.json", []byte(doc))
	if root == nil {
		t.Fatal(ds)
	}
	rs, _ := model.DecodeRuleset("big.json", root)
	if rs == nil {
		t.Fatal("not decoded")
	}
	var got []DisplayString
	compared := model.CountLookups(func() { got = Strings(rs) })
	if compared > 6*n {
		t.Errorf("%d members compared for two objects of %d members; at most %d are allowed", compared, n, 6*n)
	}
	texts := map[string]bool{}
	for _, s := range got {
		texts[s.Text] = true
	}
	for _, want := range []string{"Label 0", "Label 2", "Again", "Other 0", "Other 2", "Last"} {
		if !texts[want] {
			t.Errorf("%q is not among the display strings", want)
		}
	}
	for _, gone := range []string{"Label 1", "Other 1"} {
		if texts[gone] {
			t.Errorf("%q was replaced by a later member of the same key, yet it is listed", gone)
		}
	}
}
