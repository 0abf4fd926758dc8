package modeltest

import (
	"strings"
	"unicode/utf8"
)

// RawJSONText writes s inside a JSON string as a hostile file would hold
// it: quotes, backslashes and C0 controls escaped (so that the file still
// parses), everything else (C1 controls, DEL, bidirectional controls,
// bytes that are not UTF-8) left raw.
func RawJSONText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// RawControl reports the first rune of s that would act on a terminal
// rather than show, and its byte offset: a C0 control other than those in
// allowed (say "\n\t"), DEL, a C1 control, a bidirectional control, or a
// byte that is not UTF-8 (reported as that byte). It is written apart from
// the sanitiser it checks, so that a broken sanitiser cannot pass it.
func RawControl(s, allowed string) (rune, int, bool) {
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return rune(s[i]), i, true
			}
		case r < 0x20 && strings.ContainsRune(allowed, r):
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
			return r, i, true
		}
	}
	return 0, 0, false
}
