package model

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// naivePos is the line and column of off counted from the start, the
// reference for the line index.
func naivePos(src string, base, off int) Pos {
	line, col := 1, 1
	for _, r := range src[base:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return Pos{Offset: off, Line: line, Column: col}
}

// TestPosAcrossMarks: the position of every value, in texts longer than the
// line index's spacing with multibyte characters, invalid bytes and a
// byte-order mark, is the one counted from the start.
func TestPosAcrossMarks(t *testing.T) {
	long := strings.Repeat("é€😀a", 400)
	for _, src := range []string{
		`{"a": "` + long + `", "b": [1, "` + long + "\",\n 2], \"c\": \"x\"}",
		"\uFEFF[\n" + strings.Repeat(`"ab`+"\x9a\xe2\x82"+`c", `, 300) + "0]",
		"[" + strings.Repeat(`"`+strings.Repeat("\x80", 700)+`", `, 4) + "1]",
	} {
		root, ds := Parse("p.json", []byte(src))
		if root == nil {
			t.Fatalf("not parsed: %v", ds)
		}
		base := 0
		if strings.HasPrefix(src, "\uFEFF") {
			base = 3
		}
		var walk func(n *Node)
		walk = func(n *Node) {
			if got, want := n.Pos(), naivePos(src, base, n.Pos().Offset); got != want {
				t.Errorf("value at %d: %+v, want %+v", n.Pos().Offset, got, want)
			}
			if n.Parent() != nil && n.Parent().Kind == Object {
				if got, want := n.KeyPos(), naivePos(src, base, n.KeyPos().Offset); got != want || src[got.Offset] != '"' {
					t.Errorf("key at %d: %+v, want %+v", got.Offset, got, want)
				}
			}
			for _, c := range n.Children() {
				walk(c)
			}
		}
		walk(root)
		for off := base; off <= len(src); off += 37 {
			if !utf8.RuneStart(src[min(off, len(src)-1)]) {
				continue
			}
			if got, want := root.doc.pos(off), naivePos(src, base, off); got != want {
				t.Errorf("offset %d: %+v, want %+v", off, got, want)
			}
		}
	}
}

// TestNodeSize: a value costs 40 bytes of node and 8 of its parent's
// children list, whatever its kind.
func TestNodeSize(t *testing.T) {
	if s := unsafe.Sizeof(Node{}); s != 40 {
		t.Errorf("a Node takes %d bytes, not 40", s)
	}
}

// TestNodeTexts: names and texts read from the document, decoded ones from
// their own store, long names beyond what a node holds inline.
func TestNodeTexts(t *testing.T) {
	longKey := strings.Repeat("k", 70000)
	src := `{"plain": "text", "esc\u00e9": "a\nb", "` + longKey + `": -12.5e1, "n": 7, "t": true, "f": false, "z": null, "plain": 1}`
	root, _ := Parse("t.json", []byte(src))
	if root == nil {
		t.Fatal("not parsed")
	}
	kids := root.Children()
	want := []struct {
		key  string
		kind Kind
	}{{"plain", String}, {"escé", String}, {longKey, Number}, {"n", Number}, {"t", Bool}, {"f", Bool}, {"z", Null}, {"plain", Number}}
	if len(kids) != len(want) {
		t.Fatalf("%d members", len(kids))
	}
	for i, w := range want {
		if kids[i].Key() != w.key || kids[i].Kind != w.kind || kids[i].Index() != i || kids[i].Parent() != root {
			t.Errorf("member %d: key %.20q kind %v index %d", i, kids[i].Key(), kids[i].Kind, kids[i].Index())
		}
		if root.Get(w.key) == nil {
			t.Errorf("Get(%.20q) found nothing", w.key)
		}
	}
	if kids[0].Str() != "text" || kids[1].Str() != "a\nb" || kids[2].Num() != -125 || kids[2].Raw() != "-12.5e1" ||
		kids[3].Num() != 7 || kids[3].Raw() != "7" || !kids[4].Truth() || kids[5].Truth() {
		t.Errorf("values: %q %q %v %q %v %v %v", kids[0].Str(), kids[1].Str(), kids[2].Num(), kids[2].Raw(), kids[3].Num(), kids[4].Truth(), kids[5].Truth())
	}
	if !kids[0].Overridden() || kids[7].Overridden() || root.Get("plain") != kids[7] {
		t.Error("the first \"plain\" is overridden by the last, which Get returns")
	}
	var zero Node
	if zero.Str() != "" || zero.Key() != "" || zero.Children() != nil || zero.Pos() != (Pos{}) || zero.Raw() != "" {
		t.Error("the zero Node reads as an empty null")
	}
}

// TestNameSetFind looks for names in a document, among them names that
// share a signature (length, first, middle and last byte), a name given
// twice, a name with an escape, and a name whose signature a member
// shares (mqyz for mxyz).
func TestNameSetFind(t *testing.T) {
	names := []string{"abcde", "axcye", "kind", "kind", "missing", "é", "axcze", "mxyz"}
	root, _ := Parse("n.json", []byte(`{"abcde": 1, "list": [{"kind": 2}, {"\u00e9": 3}], "axcze": {"other": 4, "mqyz": 5}}`))
	found := make([]bool, len(names))
	NewNameSet(names).Find(root, found)
	want := []bool{true, false, true, false, false, true, true, false}
	if !slices.Equal(found, want) {
		t.Errorf("found %v, want %v", found, want)
	}
}

// TestGetShortAndSimilarNames looks up names of up to three bytes, whose
// signature is the whole name, beside longer names that share a signature.
func TestGetShortAndSimilarNames(t *testing.T) {
	root, _ := Parse("g.json", []byte(`{"": 0, "a": 1, "ab": 2, "abc": 3, "abd": 4, "xbc": 5, "abcde": 6, "axcye": 7, "\u0061b": 8}`))
	for key, want := range map[string]float64{"": 0, "a": 1, "ab": 8, "abc": 3, "abd": 4, "xbc": 5, "abcde": 6, "axcye": 7} {
		if got := root.Get(key); got == nil || got.Num() != want {
			t.Errorf("Get(%q) = %v, want %v", key, got, want)
		}
	}
	for _, key := range []string{"b", "ba", "abe", "axcze", "abcd"} {
		if got := root.Get(key); got != nil {
			t.Errorf("Get(%q) = %v, want nothing", key, got.Num())
		}
	}
}
