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
	n := 0
	for _, r := range s {
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
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029:
			return "a line break"
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("the control character U+%04X", r)
		case r == '[' || r == ']':
			return "square brackets"
		}
	}
	if strings.Contains(s, "{{") || strings.Contains(s, "}}") {
		return "double braces"
	}
	return ""
}

// CatalogUnsafe says why s is not valid catalog text (entry summaries), or ""
// when it is: no control characters and no line or paragraph separators.
func CatalogUnsafe(s string) string {
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x2028 || r == 0x2029 {
			return fmt.Sprintf("the control character U+%04X", r)
		}
	}
	return ""
}

var (
	sheetIDPattern   = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	entryIDPattern   = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	dicePattern      = regexp.MustCompile(`^[1-9]\d{0,2}d(?:[2-9]|[1-9]\d{1,3})(?:[+-]\d{1,4})?$`)
	itemRefPattern   = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}/[a-z0-9]+(?:-[a-z0-9]+)*$`)
	assetPathPattern = regexp.MustCompile(`^catalogs/[a-z][a-z0-9_]{0,39}\.json$`)
)

// IsSheetID tells whether s is a sheet id: a lowercase letter, then
// lowercase letters, digits and underscores, at most 40.
func IsSheetID(s string) bool { return len(s) <= 40 && sheetIDPattern.MatchString(s) }

// IsEntryID tells whether s is a catalog entry id (hyphenated, at most 80).
func IsEntryID(s string) bool { return len(s) <= 80 && entryIDPattern.MatchString(s) }

// IsRulesetID tells whether s is a ruleset id (hyphenated, at most 64, not
// reserved).
func IsRulesetID(s string) bool {
	return len(s) <= 64 && entryIDPattern.MatchString(s) && s != "engine-legacy" && s != "traditional"
}

// IsDice tells whether s is dice text such as 2d6+1.
func IsDice(s string) bool { return len(s) <= 40 && dicePattern.MatchString(s) }

// IsItemRef tells whether s names a catalog entry as <catalog>/<entry>.
func IsItemRef(s string) bool { return len(s) <= 81 && itemRefPattern.MatchString(s) }

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
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
		return true // bidirectional controls reorder what follows
	case r == 0x2028, r == 0x2029, r == utf8.RuneError:
		return true
	}
	return false
}
