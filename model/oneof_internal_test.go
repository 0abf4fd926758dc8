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

// TestTextLengthsWhateverTheCharacters holds text's length checks, which
// skip counting where the byte length settles them, to a count of UTF-16
// units, for texts of one-, two-, three- and four-byte characters around
// the limits.
func TestTextLengthsWhateverTheCharacters(t *testing.T) {
	for _, ch := range []string{"a", "é", "中", "😀"} {
		for count := range 12 {
			text := strings.Repeat(ch, count)
			root, _ := Parse("t.json", []byte(`{"t": "`+text+`"}`))
			for minLen := range 5 {
				for maxLen := range 9 {
					d := &decoder{file: "t.json"}
					d.text(root.Get("t"), minLen, maxLen, plainText)
					n := UTF16Len(text)
					want := n < minLen || (maxLen > 0 && n > maxLen)
					if got := len(d.diags) > 0; got != want {
						t.Errorf("%q within %d..%d: reported %v, want %v (%v)", text, minLen, maxLen, got, want, d.diags)
					}
				}
			}
		}
	}
}
