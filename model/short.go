package model

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuoted is the most characters of user text a finding quotes. A
// quoted string longer than this, or an unbroken run of characters (a
// number, a key, a path), is cut to its first MaxQuoted characters and
// "…": a 10 MB unknown key or a million-digit number is named, not
// printed.
const MaxQuoted = 80

// MaxMessage is the most characters of a finding's message; past it the
// message is cut and ends in "…".
const MaxMessage = 1000

// maxArg is the most bytes of a string argument that formatting a message
// copies: a longer one is cut first, so a 10 MB key is never copied whole
// only to be cut. It is far above what ShortText keeps of one argument.
const maxArg = 4 * MaxMessage

// Ellipsis ends text that was cut.
const Ellipsis = "…"

// message formats a finding's message with ShortText, cutting long string
// arguments first.
func message(format string, args ...any) string {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > maxArg {
			args = append([]any(nil), args...) // the caller's slice is left alone
			for j := i; j < len(args); j++ {
				if s, ok := args[j].(string); ok && len(s) > maxArg {
					args[j] = CutBytes(s, maxArg)
				}
			}
			break
		}
	}
	return ShortText(fmt.Sprintf(format, args...))
}

// CutBytes cuts s to at most n bytes, at the start of a character.
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Cut returns s if it has at most n characters, else its first n
// characters and "…".
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + Ellipsis
}

// ShortText shortens the user text a message quotes: a Go-quoted string
// ("…", as %q writes it) of more than MaxQuoted characters keeps its
// first MaxQuoted, quoted again; an unbroken run of more than MaxQuoted
// characters outside quotes keeps its first MaxQuoted; each ends in "…".
// The whole is then cut to MaxMessage characters. Text with nothing that
// long is returned as it is.
func ShortText(s string) string {
	if !hasLongRun(s) && utf8.RuneCountInString(s) <= MaxMessage {
		return s
	}
	var b strings.Builder
	quotes := true // an unclosed quote means no later one closes either
	for i := 0; i < len(s); {
		if s[i] == '"' && quotes {
			if j := closingQuote(s, i+1); j < 0 {
				quotes = false
			} else if unq, err := strconv.Unquote(s[i : j+1]); err == nil {
				if utf8.RuneCountInString(unq) > MaxQuoted {
					q := strconv.Quote(Cut(unq, MaxQuoted))
					b.WriteString(q)
				} else {
					b.WriteString(s[i : j+1])
				}
				i = j + 1
				continue
			}
		}
		// One space, or a run of characters up to the next space or quote.
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		for !unicode.IsSpace(r) && j < len(s) && s[j] != '"' {
			var n int
			r, n = utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		b.WriteString(Cut(s[i:j], MaxQuoted))
		i = j
	}
	return Cut(b.String(), MaxMessage)
}

// hasLongRun tells whether s holds more than MaxQuoted bytes with no space
// or quote between them, or a quoted part longer than that: all that
// ShortText could cut.
func hasLongRun(s string) bool {
	if len(s) <= MaxQuoted {
		return false
	}
	run, quoted := 0, 0
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			in = !in
			run, quoted = 0, 0
		case in && c == '\\':
			i++
			quoted += 2
			if quoted > MaxQuoted {
				return true
			}
		case in:
			quoted++
			if quoted > MaxQuoted {
				return true
			}
		case c == ' ' || c == '\n' || c == '\t':
			run = 0
		default:
			run++
			if run > MaxQuoted {
				return true
			}
		}
	}
	return false
}

// closingQuote returns the index of the quote that closes a Go-quoted
// string whose text starts at i, or -1.
func closingQuote(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		case '\n':
			return -1
		}
	}
	return -1
}

// ShortPath shortens a JSON path for a finding: each part (between dots)
// of more than MaxQuoted characters keeps its first MaxQuoted and "…".
func ShortPath(p string) string {
	if len(p) <= MaxQuoted {
		return p
	}
	parts := strings.Split(p, ".")
	for i, part := range parts {
		parts[i] = Cut(part, MaxQuoted)
	}
	return Cut(strings.Join(parts, "."), MaxMessage)
}
