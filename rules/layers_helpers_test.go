package rules

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// sumBase is a small dice-sum (2d6) ruleset for the layer tests, built from
// the facts of engine-behaviour.md §11: a four-step ladder, the enum fields
// of §11.5 and §11.6, the knacks of §11.7, the coins and items of §11.9 and
// a market. Layers are added per test.
const sumBase = `{
  "schemaVersion": 1, "id": "layer-test", "version": 1, "name": "Layer test",
  "coverage": { "checks": true, "summary": "A ruleset for layer tests." },
  "resolution": {
    "kind": "dice-sum", "dice": { "count": 2, "sides": 6 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "untrained", "label": "Untrained" } ],
    "difficultyLadder": [ { "label": "Easy", "dc": 6 }, { "label": "Risky", "dc": 8 }, { "label": "Hard", "dc": 10 }, { "label": "Desperate", "dc": 12 } ]
  },
  "sheet": {
    "version": 1,
    "fields": [
      { "id": "spellcasting_ability", "label": "Spellcasting", "type": "enum", "values": ["none", "int", "wis", "cha"], "default": "none",
        "valueLabels": { "none": "None", "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma" } },
      { "id": "road", "label": "Road", "type": "enum", "values": ["ash", "rust", "glass"], "default": "ash" },
      { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 },
      { "id": "calling", "label": "Calling", "type": "text", "maxLength": 60 },
      { "id": "focus", "label": "Focus", "type": "text", "maxLength": 40, "hideWhen": { "field": "spellcasting_ability", "equals": "none" } }
    ],
    "lists": [ { "id": "knacks", "label": "Knacks", "maxItems": 20, "columns": [ { "id": "name", "label": "Name", "type": "text", "maxLength": 60 } ] } ]
  },
  "gm": { "checkGuidance": "  Ask for a check when the road pushes back.  " },
  "items": {
    "categories": [ { "id": "arm", "label": "Arm" }, { "id": "tonic", "label": "Tonic" } ],
    "rarities": [ { "id": "common", "label": "Common" } ],
    "tags": [ { "id": "silver", "label": "Silver" } ],
    "currencies": [ { "id": "coin", "label": "Coin", "units": [
      { "id": "penny", "label": "pennies", "value": 1 },
      { "id": "shilling", "label": "shillings", "value": 12 },
      { "id": "crown", "label": "crowns", "value": 60 } ] } ],
    "lootTables": [
      { "id": "grave_goods", "label": "Grave goods", "entries": [
        { "item": "kit/warming-tonic", "weight": 3 }, { "coins": "crown", "weight": 1 }, { "coins": "shilling", "count": "1d6" },
        { "item": "kit/silver-nail" }, { "filter": { "tag": "silver" } } ] },
      { "id": "purse", "label": "Purse", "entries": [ { "coins": "penny" } ] }
    ],
    "market": {
      "prices": [ { "id": "cheap", "label": "cheap", "times": 0.75 }, { "id": "fair", "label": "fair", "times": 1, "default": true }, { "id": "dear", "label": "dear", "times": 1.5 } ],
      "places": [ { "id": "town", "label": "town" } ],
      "sellers": [
        { "id": "smith", "label": "smith", "sells": [ { "category": "arm" } ], "stock": "grave_goods" },
        { "id": "chandler", "label": "chandler", "sells": [ { "category": "tonic" } ] } ],
      "unsold": [ { "tag": "silver" } ]
    }
  },
  "catalogs": [
    { "id": "knacks", "label": "Knacks", "feeds": ["knacks"],
      "filters": [ { "id": "grit", "label": "Grit", "type": "number" }, { "id": "road", "label": "Road", "type": "text" }, { "id": "callings", "label": "Callings", "type": "tags" } ],
      "entries": [
        { "id": "last-ember", "label": "Last ember", "filters": { "grit": 1 }, "rows": [ { "list": "knacks", "values": { "name": "Last ember" } } ] },
        { "id": "hold-the-line", "label": "Hold the line", "filters": { "grit": 0 }, "rows": [ { "list": "knacks", "values": { "name": "Hold the line" } } ] },
        { "id": "a", "label": "A", "filters": { "road": "Rustways", "callings": ["Scout"] }, "rows": [ { "list": "knacks", "values": { "name": "A" } } ] },
        { "id": "b", "label": "B", "filters": { "road": "Ashway", "callings": ["Scout", "Hauler"] }, "rows": [ { "list": "knacks", "values": { "name": "B" } } ] },
        { "id": "c", "label": "C", "filters": { "road": "Ashway", "callings": ["Hauler"] }, "rows": [ { "list": "knacks", "values": { "name": "C" } } ] },
        { "id": "d", "label": "D", "filters": { "road": "rustways", "callings": ["Ember-tender"] }, "rows": [ { "list": "knacks", "values": { "name": "D" } } ] },
        { "id": "e", "label": "E", "rows": [ { "list": "knacks", "values": { "name": "E" } } ] },
        { "id": "f", "label": "F", "filters": { "callings": ["Hauler"] }, "rows": [ { "list": "knacks", "values": { "name": "F" } } ] }
      ] },
    { "id": "kit", "label": "Kit", "holds": "items", "filters": [ { "id": "weight", "label": "Weight", "type": "number" } ], "entries": [
      { "id": "watch-pistol", "label": "Watch pistol", "filters": { "weight": 3 }, "item": { "category": "arm", "cost": { "amount": 3, "unit": "crown" } } },
      { "id": "silver-nail", "label": "Silver nail", "filters": { "weight": 1 }, "item": { "category": "arm", "tags": ["silver"], "cost": { "amount": 2, "unit": "crown" } } },
      { "id": "grave-spade", "label": "Grave spade", "item": { "category": "arm", "cost": { "amount": 3, "unit": "shilling" } } },
      { "id": "warming-tonic", "label": "Warming tonic", "item": { "category": "tonic", "cost": { "amount": 4, "unit": "penny" } } },
      { "id": "bell", "label": "Bell", "item": { "category": "tonic" } }
    ] }
  ]
}`

// poolBase is a small dice-pool ruleset: d10, pool 1..15, explode, no
// double (largest reachable successes 30), target default 7 range 5..9.
const poolBase = `{
  "schemaVersion": 1, "id": "pool-test", "version": 1, "name": "Pool test",
  "coverage": { "checks": true, "summary": "A pool ruleset for layer tests." },
  "resolution": {
    "kind": "dice-pool", "die": { "sides": 10 }, "pool": { "min": 1, "max": 15 },
    "target": { "default": 7, "min": 5, "max": 9 }, "explode": { "from": 10 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "untrained", "label": "Untrained" } ],
    "difficultyLadder": [ { "label": "Plain", "successes": 1 }, { "label": "Hard", "successes": 3, "target": 8 } ]
  },
  "sheet": { "version": 1 },
  "gm": { "checkGuidance": "Count successes." }
}`

// doc is a ruleset as plain values, to edit before decoding.
type doc map[string]any

func parseDoc(t testing.TB, text string) doc {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// raw parses a JSON fragment.
func raw(t testing.TB, text string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("%v in %s", err, text)
	}
	return v
}

// set sets the value at a dot path (creating objects on the way); a nil
// value deletes the key.
func (d doc) set(t testing.TB, path string, value any) doc {
	t.Helper()
	segs := strings.Split(path, ".")
	var cur any = map[string]any(d)
	for i, seg := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if value == nil {
					delete(c, seg)
				} else {
					c[seg] = value
				}
				return d
			}
			if c[seg] == nil {
				c[seg] = map[string]any{}
			}
			cur = c[seg]
		case []any:
			k, err := strconv.Atoi(seg)
			if err != nil || k >= len(c) {
				t.Fatalf("bad path %s at %s", path, seg)
			}
			if last {
				c[k] = value
				return d
			}
			cur = c[k]
		default:
			t.Fatalf("bad path %s at %s", path, seg)
		}
	}
	return d
}

// layers sets the layers array from JSON text.
func (d doc) layers(t testing.TB, text string) doc {
	return d.set(t, "layers", raw(t, text))
}

// decode turns the document into a ruleset, failing on shape errors unless
// allowed.
func (d doc) decode(t testing.TB) (*model.Ruleset, []model.Diagnostic) {
	t.Helper()
	data, err := json.Marshal(map[string]any(d))
	if err != nil {
		t.Fatal(err)
	}
	root, ds := model.Parse("test.json", data)
	if root == nil {
		t.Fatalf("not JSON: %v", ds)
	}
	rs, more := model.DecodeRuleset("test.json", root)
	return rs, append(ds, more...)
}

// ruleset decodes the document and fails the test on any shape error.
func (d doc) ruleset(t testing.TB) *model.Ruleset {
	t.Helper()
	rs, ds := d.decode(t)
	if model.HasErrors(ds) {
		t.Fatalf("the test ruleset has shape errors: %v", ds)
	}
	return rs
}

// errorPaths returns the paths of the error findings, in order.
func errorPaths(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == model.Error {
			out = append(out, d.Path)
		}
	}
	return out
}

func ladderText(steps []model.LadderStep) string {
	var parts []string
	for _, s := range steps {
		switch {
		case s.HasDC:
			parts = append(parts, s.Label+" "+strconv.Itoa(s.DC))
		case s.HasTarget:
			parts = append(parts, s.Label+" "+strconv.Itoa(s.Successes)+"/"+strconv.Itoa(s.Target))
		default:
			parts = append(parts, s.Label+" "+strconv.Itoa(s.Successes))
		}
	}
	return strings.Join(parts, ", ")
}

func appliedIDs(e *Effective) []string {
	out := []string{}
	for _, l := range e.Applied {
		out = append(out, l.ID)
	}
	return out
}

func hiddenIDs(e *Effective, catalog string) []string {
	out := []string{}
	for _, c := range e.Catalogs {
		if c.Catalog.ID == catalog {
			for _, h := range c.Hidden {
				out = append(out, h.Entry.ID)
			}
		}
	}
	slices.Sort(out)
	return out
}

func priceOf(e *Effective, key string) *ItemPrice {
	for i := range e.Prices {
		if e.Prices[i].Key == key {
			return &e.Prices[i]
		}
	}
	return nil
}

func amountText(a Amount) string {
	if !a.Priced() {
		return "no price"
	}
	return a.Text()
}
