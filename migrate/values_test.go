package migrate

import (
	"fmt"
	"strings"
	"testing"

	"rulebench/model"
)

const valuesSheet = `{
  "version": 2,
  "abilities": [
    { "id": "str", "label": "Strength", "min": 1, "max": 20, "default": 10 },
    { "id": "dex", "label": "Dexterity", "min": 1, "max": 20, "default": 13 }
  ],
  "skills": [ { "id": "climb", "label": "Climb", "ability": "str" }, { "id": "sneak", "label": "Sneak" } ],
  "saves": [ { "id": "fort", "label": "Fortitude", "ability": "str" } ],
  "fields": [
    { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20 },
    { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5, "default": 2 },
    { "id": "size", "label": "Size", "type": "enum", "values": ["small", "big"], "default": "small" },
    { "id": "key", "label": "Key ability", "type": "enum", "values": ["str", "dex", "none"], "default": "dex" }
  ],
  "derived": [
    { "id": "d_sum", "label": "Sum", "op": "sum", "of": [ { "const": 1 }, { "field": "level" }, { "field": "bonus" } ] },
    { "id": "d_min", "label": "Min", "op": "min", "of": [ { "derived": "d_sum" }, { "const": 4 } ] },
    { "id": "d_max", "label": "Max", "op": "max", "of": [ { "derived": "d_sum" }, { "const": 4 } ] },
    { "id": "d_half_down", "label": "Half", "op": "scale", "of": { "field": "level" }, "multiplier": 0.5 },
    { "id": "d_half_up", "label": "Half up", "op": "scale", "of": { "field": "level" }, "multiplier": 0.5, "round": "up" },
    { "id": "d_half_near", "label": "Half nearest", "op": "scale", "of": { "field": "level" }, "multiplier": 0.5, "round": "nearest" },
    { "id": "d_neg_near", "label": "Negative nearest", "op": "scale", "of": { "const": -5 }, "multiplier": 0.5, "round": "nearest" },
    { "id": "d_step", "label": "Step", "op": "stepTable", "from": { "field": "level" }, "table": [[1, 2], [5, 3], [9, 4]] },
    { "id": "d_enum", "label": "Enum", "op": "enumTable", "from": { "field": "size" }, "table": { "big": 6 }, "default": 1 },
    { "id": "d_prof", "label": "Proficiency", "op": "stepTable", "from": { "derived": "d_sum" }, "table": [[0, 2], [6, 3]] }
  ],
  "lists": [ { "id": "gear", "label": "Gear", "maxItems": 10, "columns": [
    { "id": "name", "label": "Name", "type": "text", "maxLength": 20 },
    { "id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 50, "default": 1 },
    { "id": "carried", "label": "Carried", "type": "boolean", "default": true } ] } ],
  "live": { "pools": [
    { "id": "p_zero", "label": "Zero", "max": { "field": "bonus" }, "hideWhen": { "field": "size", "in": ["big"] } } ] }
}`

func valuesRuleset(t testing.TB, modifier string) *model.Ruleset {
	t.Helper()
	text := rulesetJSON(valuesSheet)
	text = replaceOnce(t, text, `"abilityModifier": { "op": "floorHalfMinusTen" }`, modifier)
	text = replaceOnce(t, text, `"proficiency": { "bonus": { "const": 2 } }`, `"proficiency": { "bonus": { "derived": "d_prof" } }`)
	return parseRuleset(t, text)
}

func replaceOnce(t testing.TB, s, old, new string) string {
	t.Helper()
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	t.Fatalf("%q not found", old)
	return s
}

func TestValueRefs(t *testing.T) {
	floor := valuesRuleset(t, `"abilityModifier": { "op": "floorHalfMinusTen" }`)
	ident := valuesRuleset(t, `"abilityModifier": { "op": "identity" }`)
	step := valuesRuleset(t, `"abilityModifier": { "op": "stepTable", "table": [[1, -1], [12, 1], [16, 2]] }`)
	build := map[string]any{
		"abilities": map[string]any{"str": 15.0},
		"skills":    map[string]any{"climb": "expert", "sneak": "dropped-tier"},
		"saves":     map[string]any{"fort": "trained"},
		"bonuses":   map[string]any{"climb": 1.0, "fort": -2.0},
		"fields":    map[string]any{"level": 7.0, "size": "big", "key": "str"},
		"lists": map[string]any{"gear": []any{
			map[string]any{"name": "rope", "weight": 3.0},
			map[string]any{"name": "tent", "weight": 10.0, "carried": false},
			map[string]any{"name": "lamp"},
			"not a row",
		}},
	}
	tests := []struct {
		rs   *model.Ruleset
		ref  string
		want float64
	}{
		{floor, `{"const": 2.5}`, 2.5},
		{floor, `{"field": "level"}`, 7},
		{floor, `{"field": "bonus"}`, 2},    // the field's default
		{floor, `{"field": "nothing"}`, 0},  // undeclared
		{floor, `{"derived": "d_sum"}`, 10}, // 1 + 7 + 2
		{floor, `{"derived": "d_min"}`, 4},
		{floor, `{"derived": "d_max"}`, 10},
		{floor, `{"derived": "d_half_down"}`, 3},
		{floor, `{"derived": "d_half_up"}`, 4},
		{floor, `{"derived": "d_half_near"}`, 4},
		{floor, `{"derived": "d_neg_near"}`, -2}, // Math.round(-2.5) is -2
		{floor, `{"derived": "d_step"}`, 3},
		{floor, `{"derived": "d_enum"}`, 6},
		{floor, `{"derived": "d_prof"}`, 3},
		{floor, `{"derived": "nothing"}`, 0},
		{floor, `{"abilityScore": "str"}`, 15},
		{floor, `{"abilityScore": "dex"}`, 13}, // the ability's default
		{floor, `{"abilityMod": "str"}`, 2},
		{floor, `{"abilityMod": "dex"}`, 1},
		{ident, `{"abilityMod": "str"}`, 15},
		{step, `{"abilityMod": "str"}`, 1},
		{step, `{"abilityMod": "dex"}`, 1},
		{floor, `{"abilityModFromField": "key"}`, 2},
		// climb: str mod 2 + expert (ceil(1.5 × 3) + 1 = 6) + bonus 1
		{floor, `{"skillMod": "climb"}`, 9},
		// sneak: no ability, an unknown tier reads as the first (untrained)
		{floor, `{"skillMod": "sneak"}`, 0},
		// fort: str mod 2 + trained (1 × 3) − 2
		{floor, `{"saveMod": "fort"}`, 3},
		{floor, `{"listSum": {"list": "gear", "column": "weight"}}`, 14},
		{floor, `{"listSum": {"list": "gear", "column": "weight", "onlyWhen": "carried"}}`, 4},
		{floor, `{"livePool": "p_zero"}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			// Decode the ref through a pool so that model reads it as the
			// Engine's files write it.
			text := rulesetJSON(fmt.Sprintf(`{"version": 1, "live": {"pools": [{"id": "p", "label": "P", "max": %s}]}}`, tt.ref))
			rs := parseRuleset(t, text)
			v := newView(tt.rs, build)
			if got := v.ref(rs.Sheet.Live.Pools[0].Max); got != tt.want {
				t.Errorf("%s = %v, want %v", tt.ref, got, tt.want)
			}
		})
	}
}

func TestFieldDefaults(t *testing.T) {
	tests := []struct {
		f    model.Field
		want any
	}{
		{model.Field{Type: model.TypeNumber, Min: 0, Max: 5}, 0.0},
		{model.Field{Type: model.TypeNumber, Min: 2, Max: 5}, 2.0},
		{model.Field{Type: model.TypeNumber, Min: -9, Max: -3}, -9.0},
		{model.Field{Type: model.TypeNumber, Min: 0, Max: 5, Default: 4.0}, 4.0},
		{model.Field{Type: model.TypeText}, ""},
		{model.Field{Type: model.TypeEnum, Values: []string{"a"}}, ""},
		{model.Field{Type: model.TypeBoolean}, false},
	}
	for _, tt := range tests {
		if got := fieldDefault(&tt.f); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.f, got, tt.want)
		}
	}
}

func TestShown(t *testing.T) {
	rs := valuesRuleset(t, `"abilityModifier": { "op": "identity" }`)
	v := newView(rs, map[string]any{})
	if !v.poolShown("p_zero") {
		t.Errorf("p_zero: bonus default 2, size small: shown")
	}
	v = newView(rs, map[string]any{"fields": map[string]any{"size": "big"}})
	if v.poolShown("p_zero") {
		t.Errorf("p_zero hidden by size in [big]")
	}
	v = newView(rs, map[string]any{"fields": map[string]any{"bonus": -1.0}})
	if v.poolShown("p_zero") {
		t.Errorf("p_zero with a maximum below 0")
	}
	if v.poolShown("undeclared") || v.trackShown("undeclared") {
		t.Errorf("an undeclared pool or track is never shown")
	}
}

// A cycle, which the format forbids, reads 0 instead of looping.
func TestDerivedCycle(t *testing.T) {
	rs := &model.Ruleset{Sheet: model.Sheet{Derived: []*model.Derived{
		{ID: "a", Op: "sum", Of: []model.ValueRef{{Kind: model.RefDerived, Name: "b"}, {Kind: model.RefConst, Const: 1}}},
		{ID: "b", Op: "sum", Of: []model.ValueRef{{Kind: model.RefDerived, Name: "a"}}},
	}}}
	rs.Resolution.Proficiency = &model.ValueRef{Kind: model.RefSkillMod, Name: "s"}
	rs.Resolution.ProficiencyTiers = []model.Tier{{ID: "t", Multiplier: 1}}
	rs.Sheet.Skills = []model.Skill{{ID: "s"}}
	v := newView(rs, map[string]any{})
	if got := v.derivedValue("a"); got != 1 {
		t.Errorf("a = %v, want 1 (b reads a as 0)", got)
	}
	if got := v.ref(model.ValueRef{Kind: model.RefSkillMod, Name: "s"}); got != 0 {
		t.Errorf("a skill whose proficiency reads itself = %v", got)
	}
}

// A long chain of derived values, each reading the one above twelve times,
// is worked out once per value.
func TestDerivedChainIsLinear(t *testing.T) {
	rs := &model.Ruleset{}
	prev := model.ValueRef{Kind: model.RefConst, Const: 1}
	for i := range 60 {
		d := &model.Derived{ID: fmt.Sprintf("d%d", i), Op: "max"}
		for range 12 {
			d.Of = append(d.Of, prev)
		}
		rs.Sheet.Derived = append(rs.Sheet.Derived, d)
		prev = model.ValueRef{Kind: model.RefDerived, Name: d.ID}
	}
	v := newView(rs, nil)
	if got := v.ref(prev); got != 1 {
		t.Errorf("got %v", got)
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"Fighter3", "fighter"},
		{"Fighter 3 / Wizard 2", "fighter wizard"},
		{"sell-sword", "sell sword"},
		{"STRASSE Straße", "strasse strasse"},
		{"Éclaireur d'élite", "éclaireur d élite"},
		{"ΣΊΣΥΦΟΣ", "σίσυφοσ"},
		{"  ", ""},
		{"魔法使い2", "魔法使い"},
	}
	for _, tt := range tests {
		got := fmt.Sprint(Words(tt.in))
		if want := fmt.Sprint(splitSpace(tt.want)); got != want {
			t.Errorf("Words(%q) = %s, want %s", tt.in, got, want)
		}
	}
}

func splitSpace(s string) []string {
	var out []string
	word := ""
	for _, r := range s + " " {
		if r == ' ' {
			if word != "" {
				out = append(out, word)
			}
			word = ""
			continue
		}
		word += string(r)
	}
	return out
}

func TestChangeSegments(t *testing.T) {
	tests := []struct {
		c    Change
		want []string
	}{
		{Change{Path: "build.fields.level"}, []string{"build", "fields", "level"}},
		// A key holding a dot, as the step knew it.
		{Change{Path: "build.fields.a.b", segs: []string{"build", "fields", "a.b"}}, []string{"build", "fields", "a.b"}},
		{Change{Path: "build.lists.attacks.0.ability"}, []string{"build", "lists", "attacks", "0", "ability"}},
	}
	for _, tt := range tests {
		got := tt.c.Segments()
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: segments %q, want %q", tt.c.Path, got, tt.want)
		}
		if len(got) > 0 {
			got[0] = "changed"
			if again := tt.c.Segments(); again[0] == "changed" {
				t.Errorf("%s: Segments returns the change's own slice", tt.c.Path)
			}
		}
	}
}
