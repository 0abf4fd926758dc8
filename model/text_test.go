package model_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rulebench/model"
)

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0}, {"abc", 3}, {"é", 1}, {"€", 1}, {"名前", 2},
		{"😀", 2}, {"a😀b", 4}, {"𝄞", 2}, {"\uFFFF", 1}, {"\U00010000", 2},
		{"\xff", 1}, // an invalid byte reads as U+FFFD: one unit
		// Past the eight-byte ASCII steps.
		{"abcdefgh", 8}, {"abcdefghij😀", 12}, {"abcdefgh\xff", 9}, {"abcdefghijklmnop名", 17},
	}
	for _, tt := range tests {
		if got := model.UTF16Len(tt.s); got != tt.want {
			t.Errorf("UTF16Len(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

func TestPromptUnsafe(t *testing.T) {
	tests := []struct {
		s   string
		why string // "" when safe
	}{
		{"Hard winter", ""},
		{"a {single} brace", ""},
		{"café — naïve 😀", ""},
		{"tab\tinside", "U+0009"},
		{"line\nbreak", "line break"},
		{"carriage\rreturn", "line break"},
		{"next\u0085line", "line break"},
		{"line\u2028sep", "line break"},
		{"para\u2029sep", "line break"},
		{"nul\x00", "U+0000"},
		{"esc\x1b[2J", "U+001B"},
		{"del\x7f", "U+007F"},
		{"[bracket", "square brackets"},
		{"bracket]", "square brackets"},
		{"{{user}}", "double braces"},
		{"end }}", "double braces"},
		{"{ {", ""},
	}
	for _, tt := range tests {
		got := model.PromptUnsafe(tt.s)
		if (tt.why == "") != (got == "") || !strings.Contains(got, tt.why) {
			t.Errorf("PromptUnsafe(%q) = %q, want %q", tt.s, got, tt.why)
		}
	}
}

func TestCatalogUnsafe(t *testing.T) {
	for s, bad := range map[string]bool{
		"Brackets [ok] and {{braces}} too": false,
		"é 😀":                              false,
		"a\nb":                             true,
		"a\tb":                             true,
		"a\x7fb":                           true,
		"a\u0085b":                         true,
		"a\u009fb":                         true,
		"a\u00a0b":                         false,
		"a\u2028b":                         true,
		"a\u2029b":                         true,
		"a\u200fb":                         false,
		"plain text":                       false,
	} {
		if got := model.CatalogUnsafe(s) != ""; got != bad {
			t.Errorf("CatalogUnsafe(%q) unsafe = %v, want %v", s, got, bad)
		}
	}
}

func TestVisible(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"café 名前 😀", "café 名前 😀"},
		{"\x1b[2J", `\x1b[2J`},
		{"\x1b]0;title\x07", `\x1b]0;title\x07`},
		{"a\nb\tc\rd", `a\nb\tc\rd`},
		{"nul\x00", `nul\x00`},
		{"del\x7f", `del\x7f`},
		{"c1\u009b31m", `c1\u009b31m`},
		{"abc\u202edcba", `abc\u202edcba`}, // right-to-left override
		{"\u2066iso\u2069", `\u2066iso\u2069`},
		{"mark\u200f", `mark\u200f`},
		{"sep\u2028", `sep\u2028`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"rep\uFFFD", `rep\ufffd`},
		{"arabic\u061cmark", `arabic\u061cmark`},
		{"tag\U000E0041\U000E007F", `tag\U000e0041\U000e007f`},
		{"past tags\U000E0080", "past tags\U000E0080"},
	}
	for _, tt := range tests {
		got := model.Visible(tt.in)
		if got != tt.want {
			t.Errorf("Visible(%q) = %q, want %q", tt.in, got, tt.want)
		}
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) {
				t.Errorf("Visible(%q) still holds U+%04X", tt.in, r)
			}
		}
	}
}

func TestIDPatterns(t *testing.T) {
	long40 := "a" + strings.Repeat("b", 39)
	for _, tt := range []struct {
		f    func(string) bool
		name string
		ok   []string
		bad  []string
	}{
		{model.IsSheetID, "sheet id", []string{"a", "hard_winter", "x1_2", long40},
			[]string{"", "1a", "_a", "Hard", "a-b", "a b", "é", long40 + "c"}},
		{model.IsEntryID, "entry id", []string{"a", "road-dog", "1st-aid", strings.Repeat("a", 80)},
			[]string{"", "-a", "a-", "a--b", "a_b", "A", strings.Repeat("a", 81)}},
		{model.IsRulesetID, "ruleset id", []string{"tollway", "5e-2014", strings.Repeat("a", 64)},
			[]string{"engine-legacy", "traditional", "Toll", "a--b", strings.Repeat("a", 65)}},
		{model.IsDice, "dice", []string{"1d6", "2d6+1", "10d10-3", "999d9999+9999", "1d2"},
			[]string{"d6", "0d6", "1d1", "1d0", "1000d6", "1d10000", "1d6+10000", "2D6", "1d6 ", "01d6"}},
		{model.IsItemRef, "item ref", []string{"kit/rope", "wares_2/road-dog"},
			[]string{"kit", "Kit/rope", "kit/Rope", "kit/", "/rope", "kit/rope/x", long40 + "x/rope"}},
	} {
		for _, s := range tt.ok {
			if !tt.f(s) {
				t.Errorf("%s %q refused", tt.name, s)
			}
		}
		for _, s := range tt.bad {
			if tt.f(s) {
				t.Errorf("%s %q accepted", tt.name, s)
			}
		}
	}
}

// The id patterns as the format writes them; the model's matchers are code,
// held to these.
var (
	sheetIDRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	entryIDRE = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	diceRE    = regexp.MustCompile(`^[1-9]\d{0,2}d(?:[2-9]|[1-9]\d{1,3})(?:[+-]\d{1,4})?$`)
	itemRefRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}/[a-z0-9]+(?:-[a-z0-9]+)*$`)
)

func checkIDPatterns(t *testing.T, s string) {
	t.Helper()
	for _, tt := range []struct {
		name string
		got  bool
		want bool
	}{
		{"IsSheetID", model.IsSheetID(s), len(s) <= 40 && sheetIDRE.MatchString(s)},
		{"IsEntryID", model.IsEntryID(s), len(s) <= 80 && entryIDRE.MatchString(s)},
		{"IsRulesetID", model.IsRulesetID(s), len(s) <= 64 && entryIDRE.MatchString(s) && s != "engine-legacy" && s != "traditional"},
		{"IsDice", model.IsDice(s), len(s) <= 40 && diceRE.MatchString(s)},
		{"IsItemRef", model.IsItemRef(s), len(s) <= 81 && itemRefRE.MatchString(s)},
	} {
		if tt.got != tt.want {
			t.Errorf("%s(%q) = %v, the pattern says %v", tt.name, s, tt.got, tt.want)
		}
	}
}

func TestIDPatternsMatchTheFormat(t *testing.T) {
	alphabet := []string{"a", "z", "0", "9", "1", "_", "-", "d", "+", "/", "A", "é", "2", "6"}
	// every string of up to four symbols from the alphabet
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		checkIDPatterns(t, prefix)
		if n == 0 {
			return
		}
		for _, a := range alphabet {
			gen(prefix+a, n-1)
		}
	}
	gen("", 4)
	for _, s := range []string{"1d6", "12d10+3", "999d9999-9999", "1d10000", "1000d6", "0d6", "1d01", "1d6+", "1d6+12345",
		"kit/rope", "a_b/c-d", "a/b/c", strings.Repeat("a", 40) + "/x", strings.Repeat("a", 41) + "/x",
		"a/" + strings.Repeat("b", 79), "a/" + strings.Repeat("b", 80), strings.Repeat("a", 40), strings.Repeat("a", 41),
		strings.Repeat("a-", 32) + "a", "engine-legacy", "traditional"} {
		checkIDPatterns(t, s)
	}
}

// FuzzIDPatterns holds the id matchers to the format's patterns.
func FuzzIDPatterns(f *testing.F) {
	for _, s := range []string{"hard_winter", "road-dog", "2d6+1", "kit/rope", "a--b", "1d1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkIDPatterns(t, s) })
}

func ExampleVisible() {
	fmt.Println(model.Visible("Goblin\x1b[2J\u202e"))
	// Output: Goblin\x1b[2J\u202e
}

func ExampleUTF16Len() {
	fmt.Println(model.UTF16Len("Dragon 🐉"))
	// Output: 9
}

// TestTextRulesAtEveryOffset puts each character the text rules look for
// at every offset of the first words of a text, where PromptUnsafe and
// CatalogUnsafe leave their word-wide fast path.
func TestTextRulesAtEveryOffset(t *testing.T) {
	marks := []struct{ mark, prompt, catalog string }{
		{"\n", "a line break", "the control character U+000A"},
		{"\r", "a line break", "the control character U+000D"},
		{"\x01", "the control character U+0001", "the control character U+0001"},
		{"\x1f", "the control character U+001F", "the control character U+001F"},
		{"\x7f", "the control character U+007F", "the control character U+007F"},
		{"[", "square brackets", ""},
		{"]", "square brackets", ""},
		{"{{", "double braces", ""},
		{"}}", "double braces", ""},
		{"\u0085", "a line break", "the control character U+0085"},
		{"\u0090", "", "the control character U+0090"},
		{"\u2028", "a line break", "the control character U+2028"},
		{"\u2029", "a line break", "the control character U+2029"},
		{"é", "", ""},
		{"\xff", "", ""},
		{" ", "", ""},
		{"~", "", ""},
		{"{", "", ""},
		{"{}", "", ""},
		{"}{", "", ""},
		{"{ {", "", ""},
		{"{{{", "double braces", ""},
		{"{{[", "square brackets", ""},
		{"Z", "", ""},
	}
	for k := range 20 {
		for _, m := range marks {
			s := strings.Repeat("a", k) + m.mark + strings.Repeat("b", 9)
			if got := model.PromptUnsafe(s); got != m.prompt {
				t.Errorf("PromptUnsafe(%q) = %q, want %q", s, got, m.prompt)
			}
			if got := model.CatalogUnsafe(s); got != m.catalog {
				t.Errorf("CatalogUnsafe(%q) = %q, want %q", s, got, m.catalog)
			}
		}
	}
}
