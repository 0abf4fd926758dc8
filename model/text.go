package model

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// UTF16Len counts s the way the Engine does: in UTF-16 code units, so a
// character outside the Basic Multilingual Plane counts as 2.
func UTF16Len(s string) int {
	// ASCII, a unit a byte, eight bytes at a time.
	i := 0
	for i+8 <= len(s) && (uint64(s[i])|uint64(s[i+1])<<8|uint64(s[i+2])<<16|uint64(s[i+3])<<24|
		uint64(s[i+4])<<32|uint64(s[i+5])<<40|uint64(s[i+6])<<48|uint64(s[i+7])<<56)&0x8080808080808080 == 0 {
		i += 8
	}
	for i < len(s) && s[i] < 0x80 {
		i++
	}
	n := i
	for _, r := range s[i:] {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// PromptUnsafe says why s is not prompt-safe text, or "" when it is:
// no line break, no other control character, no square bracket, no double
// brace.
func PromptUnsafe(s string) string {
	i := plainASCII(s, '[', ']', '{', '}')
	braces := false
	for j, r := range s[i:] {
		switch {
		case r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029:
			return "a line break"
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("the control character U+%04X", r)
		case r == '[' || r == ']':
			return "square brackets"
		case r == '{' || r == '}':
			next := i + j + 1
			braces = braces || next < len(s) && rune(s[next]) == r
		}
	}
	if braces {
		return "double braces"
	}
	return ""
}

// CatalogUnsafe says why s is not valid catalog text (entry summaries), or ""
// when it is: no control characters and no line or paragraph separators.
func CatalogUnsafe(s string) string {
	i := plainASCII(s, noMark, noMark, noMark, noMark)
	for _, r := range s[i:] {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x2028 || r == 0x2029 {
			return fmt.Sprintf("the control character U+%04X", r)
		}
	}
	return ""
}

// noMark fills the places of plainASCII's bytes that a rule does not need:
// DEL, which it marks anyway.
const noMark = 0x7f

// plainASCII returns how many bytes at the start of s, in whole words of
// eight, are printable ASCII other than DEL and the four bytes given: text
// the rune-wise checks would pass over.
func plainASCII(s string, a, b, c, e byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) &^ v }
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// Marked: bytes of 0x80 and over, below 0x20, DEL, and those given.
		marked := x | ((x - ones*0x20) &^ x) | zero(x^(ones*0x7f)) |
			zero(x^(ones*uint64(a))) | zero(x^(ones*uint64(b))) | zero(x^(ones*uint64(c))) | zero(x^(ones*uint64(e)))
		if marked&highs != 0 {
			break
		}
	}
	return i
}

// The id patterns of the format, written as code rather than regular
// expressions because a large ruleset checks thousands of ids (the tests
// hold them to the regular expressions given in the comments).
var assetPathPattern = regexp.MustCompile(`^catalogs/[a-z][a-z0-9_]{0,39}\.json$`)

func lower(c byte) bool { return c >= 'a' && c <= 'z' }
func digit(c byte) bool { return c >= '0' && c <= '9' }

// IsSheetID tells whether s is a sheet id: a lowercase letter, then
// lowercase letters, digits and underscores, at most 40
// (`^[a-z][a-z0-9_]*$`).
func IsSheetID(s string) bool {
	if len(s) == 0 || len(s) > 40 || !lower(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !lower(c) && !digit(c) && c != '_' {
			return false
		}
	}
	return true
}

// hyphenated tells whether s matches `^[a-z0-9]+(?:-[a-z0-9]+)*$`: runs of
// lowercase letters and digits joined by single hyphens.
func hyphenated(s string) bool {
	if len(s) == 0 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case lower(c) || digit(c):
		case c == '-' && s[i-1] != '-':
		default:
			return false
		}
	}
	return true
}

// IsEntryID tells whether s is a catalog entry id (hyphenated, at most 80).
func IsEntryID(s string) bool { return len(s) <= 80 && hyphenated(s) }

// IsRulesetID tells whether s is a ruleset id (hyphenated, at most 64, not
// reserved).
func IsRulesetID(s string) bool {
	return len(s) <= 64 && hyphenated(s) && s != "engine-legacy" && s != "traditional"
}

// IsDice tells whether s is dice text such as 2d6+1
// (`^[1-9]\d{0,2}d(?:[2-9]|[1-9]\d{1,3})(?:[+-]\d{1,4})?$`).
func IsDice(s string) bool {
	// digits reads a run of digits from i and returns where it ends.
	digits := func(i int) int {
		for i < len(s) && digit(s[i]) {
			i++
		}
		return i
	}
	n := digits(0)
	if n < 1 || n > 3 || s[0] == '0' || n == len(s) || s[n] != 'd' {
		return false
	}
	start := n + 1
	end := digits(start)
	switch sides := end - start; {
	case sides == 1 && s[start] >= '2':
	case sides >= 2 && sides <= 4 && s[start] != '0':
	default:
		return false
	}
	if end == len(s) {
		return true
	}
	if s[end] != '+' && s[end] != '-' {
		return false
	}
	mod := digits(end + 1)
	return mod == len(s) && mod-end-1 >= 1 && mod-end-1 <= 4
}

// IsItemRef tells whether s names a catalog entry as <catalog>/<entry>
// (`^[a-z][a-z0-9_]{0,39}/[a-z0-9]+(?:-[a-z0-9]+)*$`, at most 81).
func IsItemRef(s string) bool {
	if len(s) > 81 {
		return false
	}
	catalog, entry, ok := strings.Cut(s, "/")
	return ok && IsSheetID(catalog) && hyphenated(entry)
}

// Visible makes text from a file safe to print on a terminal: control
// characters (C0, DEL, C1), escape sequences, bidirectional overrides and
// invalid bytes are written out as visible escapes such as \x1b or \u202e,
// so a hostile label can neither move the cursor nor change colours.
// Printable text, including non-ASCII letters, is kept as it is.
func Visible(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case needsEscape(r) && r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// Escaped tells whether Visible writes the character r as an escape: a
// control character, a bidirectional control (the Arabic letter mark
// included), a line or paragraph separator, a tag character (invisible,
// U+E0000–U+E007F), or the replacement character.
func Escaped(r rune) bool { return needsEscape(r) }

func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidirectional controls reorder what follows
	case r >= 0xe0000 && r <= 0xe007f:
		return true // tag characters are invisible, and can hide text
	case r == 0x2028, r == 0x2029, r == utf8.RuneError:
		return true
	}
	return false
}
