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

// TestSlabTake hands out lists of several sizes and checks that each is
// empty, not nil, has the room asked for, and that appending within it
// leaves the others alone.
func TestSlabTake(t *testing.T) {
	var s slab[int]
	var lists [][]int
	for i, n := range []int{0, 3, 1, 40, 0, 600, 2} {
		l := s.take(n)
		if l == nil || len(l) != 0 || cap(l) != n {
			t.Fatalf("take(%d) = len %d cap %d nil %v", n, len(l), cap(l), l == nil)
		}
		for j := range n {
			l = append(l, 1000*i+j)
		}
		lists = append(lists, l)
	}
	for i, l := range lists {
		for j, v := range l {
			if v != 1000*i+j {
				t.Fatalf("list %d item %d is %d: lists share room", i, j, v)
			}
		}
	}
}

// TestIndexFrom finds names from every starting place, before and after it.
func TestIndexFrom(t *testing.T) {
	list := []string{"id", "label", "summary", "rows"}
	for from := range len(list) + 2 {
		for want, k := range list {
			if got := indexFrom(list, k, from); got != want {
				t.Errorf("indexFrom(%q, from %d) = %d, want %d", k, from, got, want)
			}
		}
		if got := indexFrom(list, "item", from); got != -1 {
			t.Errorf("indexFrom(item, from %d) = %d, want -1", from, got)
		}
	}
}
