package migrate

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// sheetSize is the length in UTF-8 bytes of the stored sheet {v, build} as
// the Engine serialises it (JSON.stringify: no spaces, no HTML escaping),
// counted without building the text.
func sheetSize(v int, build map[string]any) int {
	// {"v":<v>,"build":<build>}
	return len(`{"v":,"build":}`) + len(strconv.Itoa(v)) + jsonSize(build)
}

func jsonSize(v any) int {
	switch x := v.(type) {
	case nil:
		return 4
	case bool:
		if x {
			return 4
		}
		return 5
	case string:
		return stringSize(x)
	case map[string]any:
		n := 2 + max(0, len(x)-1) // braces and commas
		for k, e := range x {
			n += stringSize(k) + 1 + jsonSize(e)
		}
		return n
	case []any:
		n := 2 + max(0, len(x)-1)
		for _, e := range x {
			n += jsonSize(e)
		}
		return n
	}
	if f, ok := number(v); ok {
		return numberSize(f)
	}
	return 4
}

// stringSize counts a quoted, escaped JSON string.
func stringSize(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20:
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n += 3 // read as U+FFFD
		} else {
			n += size
		}
		i += size
	}
	return n
}

// numberSize counts a number written the way JavaScript writes it.
func numberSize(f float64) int {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 4 // null
	}
	var buf [32]byte
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(buf[:0], f, format, -1, 64)
	if format == 'e' {
		// JavaScript writes e-7 where Go writes e-07.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-2] == '0' {
			return n - 1
		}
	}
	return len(b)
}
