package tui

import (
	"strings"
	"testing"
)

// p is a path key from its keys.
func p(keys ...string) string { return pathKey(keys) }

func TestJSONEqual(t *testing.T) {
	tests := []struct {
		a, b any
		want bool
	}{
		{float64(1), float64(1), true},
		{float64(1), "1", false},
		{nil, nil, true},
		{nil, false, false},
		{[]any{"a"}, []any{"a", "b"}, false},
		{[]any{"a", map[string]any{}}, []any{"a", map[string]any{}}, true},
		{map[string]any{"x": float64(1)}, map[string]any{"x": float64(1)}, true},
		{map[string]any{"x": float64(1)}, map[string]any{"y": float64(1)}, false},
		{map[string]any{"x": []any{true}}, map[string]any{"x": []any{false}}, false},
		{map[string]any{}, []any{}, false},
	}
	for _, tt := range tests {
		if got := jsonEqual(tt.a, tt.b); got != tt.want {
			t.Errorf("jsonEqual(%v, %v) = %v", tt.a, tt.b, got)
		}
		if got := jsonEqual(tt.b, tt.a); got != tt.want {
			t.Errorf("jsonEqual(%v, %v) = %v (swapped)", tt.b, tt.a, got)
		}
	}
}

func TestJSONLines(t *testing.T) {
	tests := []struct {
		name  string
		v     any
		marks marks
		want  []string // text, then a space and the mark when there is one
	}{
		{"scalar", "a", nil, []string{`"a"`}},
		{"empty object and list", map[string]any{"o": map[string]any{}, "l": []any{}}, nil,
			[]string{"{", `  "l": [],`, `  "o": {}`, "}"}},
		{"a save's keys first, the rest sorted", map[string]any{"z": true, "live": nil, "build": float64(1), "v": float64(2), "a": "x"}, nil,
			[]string{"{", `  "v": 2,`, `  "build": 1,`, `  "live": null,`, `  "a": "x",`, `  "z": true`, "}"}},
		{"short scalar lists on one line, others one item a line", map[string]any{"s": []any{"a", float64(1)}, "o": []any{map[string]any{"k": nil}}}, nil,
			[]string{"{", `  "o": [`, `    {`, `      "k": null`, `    }`, `  ],`, `  "s": ["a", 1]`, "}"}},
		{"a marked value marks what it holds", map[string]any{"a": map[string]any{"b": float64(1)}, "c": float64(2)}, marks{p("a"): '+'},
			[]string{"{", `  "a": { +`, `    "b": 1 +`, `  }, +`, `  "c": 2`, "}"}},
		{"a key holding a dot is one key", map[string]any{"a.b": float64(1), "a": map[string]any{"b": float64(2)}}, marks{p("a.b"): '~'},
			[]string{"{", `  "a": {`, `    "b": 2`, `  },`, `  "a.b": 1 ~`, "}"}},
	}
	for _, tt := range tests {
		var got []string
		for _, l := range jsonLines(tt.v, tt.marks) {
			s := l.text
			if l.mark != changeNone {
				s += " " + string(l.mark)
			}
			got = append(got, s)
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func TestAlignLines(t *testing.T) {
	obj := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name          string
		before, after map[string]any
		mb, ma        marks
		// want is each aligned pair as "left | right", a gap as "_".
		want []string
	}{
		{"nothing changed", obj("a", float64(1)), obj("a", float64(1)), nil, nil,
			[]string{"{ | {", `"a": 1 | "a": 1`, "} | }"}},
		{"an added key stands opposite a gap", obj("a", float64(1), "c", float64(3)), obj("a", float64(1), "b", float64(2), "c", float64(3)),
			nil, marks{p("b"): '+'},
			[]string{"{ | {", `"a": 1, | "a": 1,`, `_ | "b": 2, +`, `"c": 3 | "c": 3`, "} | }"}},
		{"a removed key stands opposite a gap", obj("a", float64(1), "b", float64(2)), obj("a", float64(1)),
			marks{p("b"): '-'}, nil,
			[]string{"{ | {", `"a": 1, | "a": 1`, `"b": 2 - | _`, "} | }"}},
		{"a changed value pairs with its new value", obj("a", "x", "b", true), obj("a", "y", "b", true),
			marks{p("a"): '~'}, marks{p("a"): '~'},
			[]string{"{ | {", `"a": "x", ~ | "a": "y", ~`, `"b": true | "b": true`, "} | }"}},
	}
	side := func(l jsonLine) string {
		if l.mark == changeGap {
			return "_"
		}
		s := strings.TrimSpace(l.text)
		if l.mark != changeNone {
			s += " " + string(l.mark)
		}
		return s
	}
	for _, tt := range tests {
		l, r := alignLines(jsonLines(tt.before, tt.mb), jsonLines(tt.after, tt.ma))
		if len(l) != len(r) {
			t.Fatalf("%s: the sides have %d and %d lines", tt.name, len(l), len(r))
		}
		var got []string
		for i := range l {
			got = append(got, side(l[i])+" | "+side(r[i]))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}
