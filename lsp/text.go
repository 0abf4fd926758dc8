package lsp

import (
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// Encodings of positions the server speaks.
const (
	encodingUTF16 = "utf-16"
	encodingUTF8  = "utf-8"
)

// lines is a text with the byte offset where each of its lines starts. A
// line ends at \n, \r\n or a \r alone, as for the protocol and for the
// model's line numbers.
type lines struct {
	text   string
	starts []int
}

func newLines(text string) *lines {
	l := &lines{text: text, starts: make([]int, 1, strings.Count(text, "\n")+1)}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			l.starts = append(l.starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// lineEnd is where line i's text ends, before its line break.
func (l *lines) lineEnd(i int) int {
	if i+1 >= len(l.starts) {
		return len(l.text)
	}
	end := l.starts[i+1] - 1
	if end > l.starts[i] && l.text[end] == '\n' && l.text[end-1] == '\r' {
		end--
	}
	return end
}

// units counts s in the encoding's units.
func units(s, enc string) int {
	if enc == encodingUTF8 {
		return len(s)
	}
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

// position turns a byte offset into a protocol position.
func (l *lines) position(off int, enc string) Position {
	off = min(max(off, 0), len(l.text))
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	return Position{Line: i, Character: units(l.text[l.starts[i]:min(off, l.lineEnd(i))], enc)}
}

// offset turns a protocol position into a byte offset; a position past
// the end of its line is the line's end, and past the last line the
// text's end.
func (l *lines) offset(p Position, enc string) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(l.starts) {
		return len(l.text)
	}
	start, end := l.starts[p.Line], l.lineEnd(p.Line)
	n := 0
	for i := start; i < end; {
		if n >= p.Character {
			return i
		}
		r, size := utf8.DecodeRuneInString(l.text[i:end])
		if enc == encodingUTF8 {
			n += size
		} else if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return end
}

// charPosition turns the model's 1-based line and column (in characters)
// into a protocol position.
func (l *lines) charPosition(line, col int, enc string) Position {
	return l.position(l.charOffset(line, col), enc)
}

// charOffset is the byte offset of the model's line and column.
func (l *lines) charOffset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(l.starts) {
		return len(l.text)
	}
	i, end := l.starts[line-1], l.lineEnd(line-1)
	for c := 1; c < col && i < end; c++ {
		_, size := utf8.DecodeRuneInString(l.text[i:end])
		i += size
	}
	return i
}

// tokenEnd is where the JSON token starting at off ends: past the closing
// quote of a string, the end of a number or word, one character for
// anything else.
func tokenEnd(text string, off int) int {
	if off >= len(text) {
		return off
	}
	switch c := text[off]; {
	case c == '"':
		for i := off + 1; i < len(text); i++ {
			switch text[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			case '\n', '\r':
				return i
			}
		}
		return len(text)
	case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
		i := off
		for i < len(text) && strings.IndexByte("+-.0123456789eEabcdefghijklmnopqrstuvwxyz", text[i]) >= 0 {
			i++
		}
		return i
	}
	_, size := utf8.DecodeRuneInString(text[off:])
	return off + size
}

// pathOf turns a file URI into a clean absolute path ("" for any other
// URI).
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
		return ""
	}
	p := u.Path
	if p == "" || !strings.HasPrefix(p, "/") || strings.ContainsRune(p, 0) {
		return ""
	}
	return filepath.ToSlash(filepath.Clean(p))
}

// uriOf turns an absolute path into a file URI.
func uriOf(p string) string {
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// inside tells whether p is dir or a name under it (both clean).
func inside(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}
