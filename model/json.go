package model

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is how deeply arrays and objects may nest. Real rulesets nest
// fewer than twenty levels; the limit keeps hostile input from exhausting the
// stack.
const MaxDepth = 512

// Parse reads one JSON document and returns its tree. Unlike encoding/json it
// records where every value starts, describes syntax errors in plain words
// with their line and column, and keeps going past problems that do not
// stop the reading. The tree is nil when the text is not JSON; the findings
// then say why.
//
// Parse accepts exactly what json.Valid accepts and builds the values
// encoding/json decodes, except that:
//   - nesting deeper than MaxDepth is refused (a json-syntax error);
//   - a byte-order mark is an error (JSON.parse refuses it), but the text
//     after it is still read;
//   - invalid UTF-8 is an error, and each invalid byte reads as U+FFFD, as
//     encoding/json and the Engine read it;
//   - a number too large for a float64 reads as ±Inf, as JSON.parse gives
//     it (encoding/json refuses to decode it);
//   - a NUL byte among the first 8000 makes the file binary: one finding,
//     no tree;
//   - a repeated key is a warning; the last one wins, as with JSON.parse,
//     and every member stays in Children in file order.
func Parse(file string, data []byte) (*Node, []Diagnostic) {
	p := &parser{src: string(data), file: file, pLine: 1, pCol: 1, badUTF8: -1, utf8Diag: -1}
	if looksBinary(data) {
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONBinary,
			"the file is binary (it holds NUL bytes), not JSON text"))
		return nil, p.diags
	}
	p.checkEncoding()
	p.skipSpace()
	if p.off >= len(p.src) {
		msg := "the file is empty: expected a JSON object"
		if p.off > p.base {
			msg = "the file holds only spaces and line breaks: expected a JSON object"
		}
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONEmpty, msg))
		return nil, p.diags
	}
	root := p.value(nil, "", Pos{}, 0)
	if root != nil {
		p.skipSpace()
		if p.off < len(p.src) {
			p.fail(p.off, "unexpected text after the end of the JSON value")
			root = nil
		}
	}
	if p.failed {
		root = nil
	}
	return root, p.diags
}

// looksBinary tells whether data is a binary file rather than text, the way
// git decides: a NUL byte among the first 8000. JSON text never holds a raw
// NUL, so such a file is never JSON.
func looksBinary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0
}

type parser struct {
	src    string
	file   string
	off    int
	depth  int
	failed bool
	diags  []Diagnostic

	// position cache: positions are asked for in increasing order
	pOff, pLine, pCol int
	// base is where the text starts: 3 after a byte-order mark, else 0.
	base int
	// badUTF8 is the offset of the first invalid UTF-8 byte (-1: none);
	// utf8Diag is the index of its finding, whose path is filled in when the
	// text holding the byte is read.
	badUTF8, utf8Diag int

	slab    []Node
	kidSlab []*Node
	scratch []*Node
	// cur is the innermost array or object being read, for error paths.
	cur *Node
	// where the next node sits in its parent
	nextKey    string
	nextKeyPos Pos
	nextIndex  int
}

func (p *parser) diag(pos Pos, code Code, msg string) Diagnostic {
	trace(code)
	return Diagnostic{Severity: Error, Code: code, File: p.file, Line: pos.Line, Column: pos.Column, Path: RootPath, Message: msg}
}

// pos turns a byte offset into a line and column, scanning forward from the
// last offset asked for.
func (p *parser) pos(off int) Pos {
	if off < p.pOff {
		p.pOff, p.pLine, p.pCol = p.base, 1, 1
	}
	if off > len(p.src) {
		off = len(p.src)
	}
	seg := p.src[p.pOff:off]
	for {
		i := strings.IndexByte(seg, '\n')
		if i < 0 {
			break
		}
		p.pLine++
		p.pCol = 1
		seg = seg[i+1:]
	}
	p.pCol += utf8.RuneCountInString(seg)
	p.pOff = off
	return Pos{Offset: off, Line: p.pLine, Column: p.pCol}
}

// fail records a syntax error; parsing stops at the first one.
func (p *parser) fail(off int, format string, args ...any) {
	if p.failed {
		return
	}
	p.failed = true
	d := p.diag(p.pos(off), CodeJSONSyntax, fmt.Sprintf(format, args...))
	d.Path = p.cur.Path()
	p.diags = append(p.diags, d)
}

func (p *parser) checkEncoding() {
	if strings.HasPrefix(p.src, "\uFEFF") {
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONBOM, "the file starts with a byte-order mark, which JSON.parse refuses; save it as UTF-8 without BOM"))
		// Positions count from after the mark, as editors show them.
		p.off, p.base, p.pOff = 3, 3, 3
	}
	if utf8.ValidString(p.src) {
		return
	}
	first, count := -1, 0
	for i := 0; i < len(p.src); {
		r, size := utf8.DecodeRuneInString(p.src[i:])
		if r == utf8.RuneError && size == 1 {
			if first < 0 {
				first = i
			}
			count++
		}
		i += size
	}
	msg := fmt.Sprintf("the file is not valid UTF-8 (byte 0x%02X); the Engine reads each such byte as U+FFFD", p.src[first])
	if count > 1 {
		msg += fmt.Sprintf("; %d invalid bytes in all", count)
	}
	p.badUTF8, p.utf8Diag = first, len(p.diags)
	p.diags = append(p.diags, p.diag(p.pos(first), CodeJSONUTF8, msg))
	p.pOff, p.pLine, p.pCol = p.base, 1, 1
}

// placeUTF8 gives the invalid UTF-8 finding the path of the value holding
// the first invalid byte, when the text from start to end holds it.
func (p *parser) placeUTF8(start, end int, n *Node) {
	if p.utf8Diag >= 0 && start < p.badUTF8 && p.badUTF8 < end {
		p.diags[p.utf8Diag].Path = n.Path()
		p.utf8Diag = -1
	}
}

func (p *parser) skipSpace() {
	for p.off < len(p.src) {
		switch p.src[p.off] {
		case ' ', '\t', '\n', '\r':
			p.off++
		default:
			return
		}
	}
}

func (p *parser) newNode(kind Kind, start int, parent *Node) *Node {
	if len(p.slab) == 0 {
		// Small files get a small first chunk.
		p.slab = make([]Node, min(nodeChunk, len(p.src)/4+16))
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	// The slab is zeroed: writing only what is not zero spares the garbage
	// collector's write barrier.
	n.Kind = kind
	n.Pos = p.pos(start)
	if parent != nil {
		n.Parent = parent
	}
	if p.nextKey != "" {
		n.Key = p.nextKey
	}
	n.KeyPos, n.Index = p.nextKeyPos, p.nextIndex
	return n
}

func (p *parser) describe(off int) string {
	if off >= len(p.src) {
		return "the end of the file"
	}
	r, _ := utf8.DecodeRuneInString(p.src[off:])
	if r == utf8.RuneError {
		return fmt.Sprintf("the byte 0x%02X", p.src[off])
	}
	if r < 0x20 || r == 0x7f {
		return fmt.Sprintf("the control character U+%04X", r)
	}
	return strconv.QuoteRune(r)
}

func (p *parser) value(parent *Node, key string, keyPos Pos, index int) *Node {
	p.nextKey, p.nextKeyPos, p.nextIndex = key, keyPos, index
	return p.scalarOrContainer(parent)
}

func (p *parser) scalarOrContainer(parent *Node) *Node {
	if p.off >= len(p.src) {
		p.fail(p.off, "the file ends where a value was expected")
		return nil
	}
	start := p.off
	switch c := p.src[p.off]; {
	case c == '{':
		return p.object(parent)
	case c == '[':
		return p.array(parent)
	case c == '"':
		n := p.newNode(String, start, parent)
		s, ok := p.str()
		if !ok {
			return nil
		}
		n.Str = s
		p.placeUTF8(start, p.off, n)
		return n
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number(parent)
	case strings.HasPrefix(p.src[p.off:], "true"):
		p.off += 4
		n := p.newNode(Bool, start, parent)
		n.Truth = true
		return n
	case strings.HasPrefix(p.src[p.off:], "false"):
		p.off += 5
		return p.newNode(Bool, start, parent)
	case strings.HasPrefix(p.src[p.off:], "null"):
		p.off += 4
		return p.newNode(Null, start, parent)
	case c == '}' || c == ']':
		p.fail(start, "found %s where a value was expected (a trailing comma?)", p.describe(start))
	case c == '\'':
		p.fail(start, "text must be in double quotes, not single quotes")
	default:
		p.fail(start, "found %s where a value was expected", p.describe(start))
	}
	return nil
}

func (p *parser) enter(start int) bool {
	p.depth++
	if p.depth > MaxDepth {
		p.fail(start, "the JSON is nested more than %d levels deep", MaxDepth)
		return false
	}
	return true
}

// children moves the items collected above mark into their own slice,
// carved from a shared arena so that small containers cost no allocation.
func (p *parser) children(mark int) []*Node {
	n := len(p.scratch) - mark
	var kids []*Node
	if n > kidChunk/4 {
		kids = make([]*Node, n)
	} else {
		if len(p.kidSlab) < n {
			p.kidSlab = make([]*Node, kidChunk)
		}
		kids = p.kidSlab[:n:n]
		p.kidSlab = p.kidSlab[n:]
	}
	copy(kids, p.scratch[mark:])
	p.scratch = p.scratch[:mark]
	return kids
}

// Arena sizes: nodes and child pointers are allocated this many at a time.
const (
	nodeChunk = 215 // 215 nodes of 152 bytes fill a 32 KB size class
	kidChunk  = 4096
)

func (p *parser) object(parent *Node) *Node {
	start := p.off
	if !p.enter(start) {
		return nil
	}
	n := p.newNode(Object, start, parent)
	outer, mark := p.cur, len(p.scratch)
	p.cur = n
	p.off++ // {
	ok := p.members(n, mark)
	p.cur, p.scratch, p.depth = outer, p.scratch[:mark], p.depth-1
	if !ok {
		return nil
	}
	return n
}

// members reads an object's members after its '{', up to and including its
// '}'; the members collect on the scratch stack above mark.
func (p *parser) members(n *Node, mark int) bool {
	// Repeated keys are found by looking back over the members read so
	// far; a map takes over in objects with many members.
	var seen map[string]bool
	p.skipSpace()
	if p.off < len(p.src) && p.src[p.off] == '}' {
		p.off++
		return true
	}
	for {
		p.skipSpace()
		if p.off >= len(p.src) {
			p.fail(p.off, "the file ends inside an object (a missing '}'?)")
			return false
		}
		if p.src[p.off] != '"' {
			if p.src[p.off] == '}' {
				p.fail(p.off, "a comma before '}': JSON allows no trailing comma")
			} else {
				p.fail(p.off, "found %s where a key in double quotes was expected", p.describe(p.off))
			}
			return false
		}
		keyStart := p.off
		keyPos := p.pos(keyStart)
		key, ok := p.str()
		if !ok {
			return false
		}
		keyEnd := p.off
		p.skipSpace()
		if p.off >= len(p.src) || p.src[p.off] != ':' {
			p.fail(p.off, "found %s where ':' was expected after the key %q", p.describe(p.off), key)
			return false
		}
		p.off++
		p.skipSpace()
		child := p.value(n, key, keyPos, len(p.scratch)-mark)
		if child == nil {
			return false
		}
		p.placeUTF8(keyStart, keyEnd, child)
		earlier := p.scratch[mark:]
		repeated := false
		switch {
		case seen != nil:
			repeated = seen[key]
		case len(earlier) < 16:
			for _, m := range earlier {
				if m.Key == key {
					repeated = true
					break
				}
			}
		default:
			seen = make(map[string]bool, 2*len(earlier))
			for _, m := range earlier {
				seen[m.Key] = true
			}
			repeated = seen[key]
		}
		if seen != nil {
			seen[key] = true
		}
		if repeated {
			d := p.diag(keyPos, CodeJSONDuplicateKey, fmt.Sprintf("the key %q appears twice in this object; the last one wins", key))
			d.Severity = Warning
			d.Path = child.Path()
			p.diags = append(p.diags, d)
		}
		p.scratch = append(p.scratch, child)
		p.skipSpace()
		if p.off >= len(p.src) {
			p.fail(p.off, "the file ends inside an object (a missing '}'?)")
			return false
		}
		switch p.src[p.off] {
		case ',':
			p.off++
		case '}':
			p.off++
			n.Children = p.children(mark)
			return true
		default:
			p.fail(p.off, "found %s where ',' or '}' was expected (a missing comma?)", p.describe(p.off))
			return false
		}
	}
}

func (p *parser) array(parent *Node) *Node {
	start := p.off
	if !p.enter(start) {
		return nil
	}
	n := p.newNode(Array, start, parent)
	outer, mark := p.cur, len(p.scratch)
	p.cur = n
	p.off++ // [
	ok := p.items(n, mark)
	p.cur, p.scratch, p.depth = outer, p.scratch[:mark], p.depth-1
	if !ok {
		return nil
	}
	return n
}

// items reads an array's items after its '[', up to and including its ']'.
func (p *parser) items(n *Node, mark int) bool {
	p.skipSpace()
	if p.off < len(p.src) && p.src[p.off] == ']' {
		p.off++
		return true
	}
	for {
		p.skipSpace()
		if p.off < len(p.src) && p.src[p.off] == ']' {
			p.fail(p.off, "a comma before ']': JSON allows no trailing comma")
			return false
		}
		child := p.value(n, "", Pos{}, len(p.scratch)-mark)
		if child == nil {
			return false
		}
		p.scratch = append(p.scratch, child)
		p.skipSpace()
		if p.off >= len(p.src) {
			p.fail(p.off, "the file ends inside a list (a missing ']'?)")
			return false
		}
		switch p.src[p.off] {
		case ',':
			p.off++
		case ']':
			p.off++
			n.Children = p.children(mark)
			return true
		default:
			p.fail(p.off, "found %s where ',' or ']' was expected (a missing comma?)", p.describe(p.off))
			return false
		}
	}
}

func (p *parser) number(parent *Node) *Node {
	start := p.off
	i := p.off
	if i < len(p.src) && p.src[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
			i++
		}
		return i - j
	}
	intStart := i
	if n := digits(); n == 0 {
		p.fail(i, "a number needs digits after '-'")
		return nil
	} else if n > 1 && p.src[intStart] == '0' {
		p.fail(intStart, "a number may not start with 0 (leading zeros are not JSON)")
		return nil
	}
	if i < len(p.src) && p.src[i] == '.' {
		i++
		if digits() == 0 {
			p.fail(i, "a number needs digits after the decimal point")
			return nil
		}
	}
	if i < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
		i++
		if i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.fail(i, "a number needs digits in its exponent")
			return nil
		}
	}
	raw := p.src[start:i]
	p.off = i
	n := p.newNode(Number, start, parent)
	n.Raw = raw
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil { // out of range: JSON.parse gives ±Infinity or 0
		if math.IsInf(f, 0) || f == 0 {
			n.Num = f
		}
	} else {
		n.Num = f
	}
	return n
}

// str reads a string starting at the opening quote and returns its text.
// In a file that is not valid UTF-8, each invalid byte becomes U+FFFD, as
// encoding/json and the Engine's decoder read it.
func (p *parser) str() (string, bool) {
	s, ok := p.rawStr()
	if ok && p.badUTF8 >= 0 && !utf8.ValidString(s) {
		s = replaceInvalid(s)
	}
	return s, ok
}

// replaceInvalid replaces every invalid byte of s with U+FFFD.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		b.WriteRune(r) // ranging yields U+FFFD for each invalid byte
	}
	return b.String()
}

func (p *parser) rawStr() (string, bool) {
	start := p.off
	i := p.off + 1
	// Fast path: no escapes, no control characters.
	for i < len(p.src) {
		c := p.src[i]
		if c == '"' {
			p.off = i + 1
			return p.src[start+1 : i], true
		}
		if c == '\\' || c < 0x20 {
			break
		}
		i++
	}
	var b strings.Builder
	b.WriteString(p.src[start+1 : i])
	for i < len(p.src) {
		c := p.src[i]
		switch {
		case c == '"':
			p.off = i + 1
			return b.String(), true
		case c < 0x20:
			if c == '\n' {
				p.fail(i, "a line break inside text: write it as \\n, or close the quote")
			} else {
				p.fail(i, "the control character U+%04X inside text must be escaped", c)
			}
			return "", false
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(p.src) {
			break
		}
		esc := p.src[i+1]
		i += 2
		switch esc {
		case '"', '\\', '/':
			b.WriteByte(esc)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := p.hex4(i)
			if !ok {
				p.fail(i-2, "\\u must be followed by four hex digits")
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if r2, ok := p.hex4(i + 2); ok && p.src[i] == '\\' && p.src[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			b.WriteRune(r)
		default:
			p.fail(i-2, "unknown escape \\%c inside text", esc)
			return "", false
		}
	}
	p.fail(start, "this text is never closed: a missing '\"'")
	return "", false
}

func (p *parser) hex4(i int) (rune, bool) {
	if i+4 > len(p.src) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.src[i:i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}
