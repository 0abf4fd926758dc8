package migrate

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

// Words splits text into the words a route compares: maximal runs of Unicode
// letters, each fully case-folded. Digits, spaces, punctuation and marks all
// separate words, so "Fighter3" holds the word "fighter".
func Words(text string) []string {
	var out []string
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, Fold(text[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, Fold(text[start:]))
	}
	return out
}

// Fold returns the full Unicode case folding of s ("Straße" and "STRASSE"
// both fold to "strasse").
func Fold(s string) string {
	ascii := true
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if !upper {
			return s
		}
		return strings.ToLower(s)
	}
	// A Caser keeps state, so each call makes its own.
	return cases.Fold().String(s)
}

// singleWord tells whether w is one whole word, so that it can ever equal a
// word of a by text.
func singleWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// foldTrim compares texts the way setColumn does: ignoring case and
// surrounding spaces.
func foldTrim(s string) string { return Fold(strings.TrimSpace(s)) }
