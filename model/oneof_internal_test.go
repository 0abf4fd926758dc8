package model

import (
	"strings"
	"testing"
)

// TestExactlyOneNamed reads objects with none, one, two and a repeated one
// of the keys, and checks the key returned and the report made.
func TestExactlyOneNamed(t *testing.T) {
	for _, tc := range []struct {
		text, want, report string
	}{
		{`{"label": "x"}`, "", `the entry "e" needs exactly one of rows, creature, item; none is given`},
		{`{"creature": {}, "label": "x"}`, "creature", ""},
		{`{"item": {}, "item": {}}`, "item", ""},
		{`{"item": {}, "rows": [], "creature": {}}`, "", `the entry "e" needs exactly one of rows, creature, item; rows, creature, item are all given`},
		{`{"item": {}, "rows": []}`, "", `the entry "e" needs exactly one of rows, creature, item; rows, item are all given`},
	} {
		root, _ := Parse("o.json", []byte(tc.text))
		d := &decoder{file: "o.json"}
		o := obj{d: d, n: root}
		if got := o.exactlyOneNamed("the entry", "e", "rows", "creature", "item"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.text, got, tc.want)
		}
		var reports []string
		for _, diag := range d.diags {
			reports = append(reports, diag.Message)
		}
		if got := strings.Join(reports, "; "); got != tc.report {
			t.Errorf("%s: reported %q, want %q", tc.text, got, tc.report)
		}
	}
}
