package model

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
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
//     and every member stays in Children in file order (the earlier ones
//     say Overridden);
//   - a text over 4 GiB is refused.
func Parse(file string, data []byte) (*Node, []Diagnostic) {
	return parse(file, string(data), MaxValues)
}

// parse is Parse of a text the tree may keep: its texts are read from src.
// A text holding more than limit values is refused (too-many-values).
func parse(file, src string, limit int) (*Node, []Diagnostic) {
	doc := &document{src: src}
	p := &parser{src: doc.src, doc: doc, file: file, badUTF8: -1, utf8Diag: -1, limit: limit}
	if looksBinary(src) {
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONBinary,
			"the file is binary (it holds NUL bytes), not JSON text"))
		return nil, p.diags
	}
	if len(src) >= math.MaxUint32 {
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONSyntax,
			"the file is over 4 GiB, too large to read"))
		return nil, p.diags
	}
	p.checkEncoding()
	p.skipSpace()
	if p.off >= len(p.src) {
		msg := "the file is empty: expected a JSON object"
		if p.off > p.doc.base {
			msg = "the file holds only spaces and line breaks: expected a JSON object"
		}
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONEmpty, msg))
		return nil, p.diags
	}
	root := p.scalarOrContainer(nil)
	if root != nil {
		p.skipSpace()
		if p.off < len(p.src) {
			p.fail(p.off, "unexpected text after the end of the JSON value")
			root = nil
		}
	}
	if p.failed || root == nil {
		return nil, p.diags
	}
	p.link()
	return root, p.diags
}

// looksBinary tells whether data is a binary file rather than text, the way
// git decides: a NUL byte among the first 8000. JSON text never holds a raw
// NUL, so such a file is never JSON.
func looksBinary(data string) bool {
	return strings.IndexByte(data[:min(len(data), 8000)], 0) >= 0
}

type parser struct {
	src    string
	doc    *document
	file   string
	off    int
	depth  int
	failed bool
	diags  []Diagnostic

	// badUTF8 is the offset of the first invalid UTF-8 byte (-1: none);
	// utf8Diag is the index of its finding, whose path is filled in when the
	// text holding the byte is read.
	badUTF8, utf8Diag int

	// Nodes are taken from the front of chunk, the last of doc.nodes.
	chunk []Node
	nodes int
	// up is Node.up for the children of the array or object being read,
	// and made that of the last node made.
	up, made uint32
	// seed hashes member names in objects with many members.
	seed   maphash.Seed
	seeded bool
	// limit is the most nodes the tree may have; estimate how many the
	// text holds at most (0: not yet worked out).
	limit, estimate int
	// members are the members of the objects being read, innermost last,
	// to find repeated names.
	members []*Node
	// cur is the innermost array or object being read, for error paths.
	cur *Node
	// where the next node sits in its parent: its index, and in an object
	// its name's offset and length as written (longKey: too long to hold)
	// and whether the name had to be decoded.
	nextIndex, nextKeyOff uint32
	nextKeyLen            uint16
	nextKeyDecoded        bool
	nextKeySig            uint32
}

// values is how many values the tree of root holds.
func values(root *Node) int {
	if root == nil || root.doc == nil {
		return 0
	}
	return len(root.doc.kids) + 1
}

func (p *parser) diag(pos Pos, code Code, msg string) Diagnostic {
	trace(code)
	return Diagnostic{Severity: Error, Code: code, File: p.file, Line: pos.Line, Column: pos.Column, Path: RootPath, Message: ShortText(msg)}
}

func (p *parser) pos(off int) Pos { return p.doc.pos(off) }

// markEvery is how many bytes apart the line index marks a line and column.
const markEvery = 512

// lineMark is the line and column at an offset where a character starts.
type lineMark struct{ off, line, col uint32 }

// pos turns a byte offset into a 1-based line and a column counted in
// characters, scanning forward from the nearest mark before it.
func (d *document) pos(off int) Pos {
	off = min(max(off, d.base), len(d.src))
	d.linesOnce.Do(d.markLines)
	i := (off - d.base) / markEvery
	for d.marks[i].off > uint32(off) {
		i--
	}
	m := d.marks[i]
	line, col := d.advance(int(m.off), off, int(m.line), int(m.col))
	return Pos{Offset: off, Line: line, Column: col}
}

// advance moves a line and column over src[from:to]. A line ends at \n,
// at \r\n, or at a \r alone (old Mac files): the \n of a \r\n that
// from splits was counted with its \r.
func (d *document) advance(from, to, line, col int) (int, int) {
	seg := d.src[from:to]
	splitCRLF := from > d.base && from < len(d.src) && d.src[from] == '\n' && d.src[from-1] == '\r'
	if !splitCRLF && strings.IndexByte(seg, '\r') < 0 {
		if nl := strings.Count(seg, "\n"); nl > 0 {
			line += nl
			seg = seg[strings.LastIndexByte(seg, '\n')+1:]
			col = 1
		}
		return line, col + utf8.RuneCountInString(seg)
	}
	start := -1 // where the last line in seg starts
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '\r':
			line++
			start = i + 1
		case '\n':
			if i > 0 && seg[i-1] == '\r' || i == 0 && splitCRLF {
				start = i + 1 // the end of a \r\n, counted at its \r
				continue
			}
			line++
			start = i + 1
		}
	}
	if start >= 0 {
		seg, col = seg[start:], 1
	}
	return line, col + utf8.RuneCountInString(seg)
}

// markLines marks the line and column at the start of the text, and at the
// first character that starts at or after every markEvery bytes after it.
// Any byte that is not a UTF-8 continuation byte starts a character,
// whatever came before it.
func (d *document) markLines() {
	n := (len(d.src)-d.base)/markEvery + 1
	d.marks = make([]lineMark, n)
	at, line, col := d.base, 1, 1
	for k := range n {
		target := max(d.base+k*markEvery, at)
		for k > 0 && target < len(d.src) && !utf8.RuneStart(d.src[target]) {
			target++
		}
		line, col = d.advance(at, target, line, col)
		d.marks[k] = lineMark{uint32(target), uint32(line), uint32(col)}
		at = target
	}
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

// tooMany refuses a text holding more values than the parser may keep.
func (p *parser) tooMany() {
	p.failed = true
	msg := fmt.Sprintf("the file holds more than %d JSON values, the most rulebench keeps for one input; it is not checked", MaxValues)
	if p.limit < MaxValues {
		msg = fmt.Sprintf("the files read before this one hold %d JSON values and this one more than the %d left of the %d rulebench keeps for one input; it is not checked",
			MaxValues-p.limit, p.limit, MaxValues)
	}
	d := p.diag(p.pos(p.off), CodeTooManyValues, msg)
	d.Path = p.cur.Path()
	p.diags = append(p.diags, d)
}

func (p *parser) checkEncoding() {
	if strings.HasPrefix(p.src, "\uFEFF") {
		p.diags = append(p.diags, p.diag(Pos{Line: 1, Column: 1}, CodeJSONBOM, "the file starts with a byte-order mark, which JSON.parse refuses; save it as UTF-8 without BOM"))
		// Positions count from after the mark, as editors show them.
		p.off, p.doc.base = 3, 3
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
}

// placeUTF8 gives the invalid UTF-8 finding the path of the value holding
// the first invalid byte, when the text from start to end holds it.
// The callers test p.utf8Diag >= 0 first: the call is for the rare file
// with an invalid byte.
func (p *parser) placeUTF8(start, end int, n *Node) {
	if start < p.badUTF8 && p.badUTF8 < end {
		p.diags[p.utf8Diag].Path = n.Path()
		p.utf8Diag = -1
	}
}

func (p *parser) skipSpace() {
	if p.off < len(p.src) && p.src[p.off] > ' ' {
		return
	}
	p.skipSpaces()
}

// skipSpaces skips the spaces and line breaks from p.off, a run of spaces
// (indentation) eight bytes at a time.
func (p *parser) skipSpaces() {
	s, i := p.src, p.off
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			p.off = i
			return
		}
		for i+8 <= len(s) {
			// Zero bytes of notSpace are spaces; the lowest other one ends
			// the run.
			notSpace := load64(s, i) ^ (0x0101010101010101 * ' ')
			if notSpace != 0 {
				i += bits.TrailingZeros64(notSpace) / 8
				break
			}
			i += 8
		}
	}
	p.off = i
}

// load64 is the eight bytes of s from i, the first the lowest.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// chunkMax is the most nodes a chunk holds. Chunks are sized from the
// text's commas and brackets, which give the number of values it holds (or
// more: a comma may be inside a text), so that the last chunk is not much
// larger than what is left to read.
const chunkMax = 1 << 16

// estimateValues is how many values a JSON text holds at most: one, and one
// more for each comma and each opening bracket.
func estimateValues(src string) int {
	return 1 + strings.Count(src, ",") + strings.Count(src, "{") + strings.Count(src, "[")
}

func (p *parser) newNode(kind Kind, start int, parent *Node) *Node {
	if len(p.chunk) == cap(p.chunk) {
		if p.estimate == 0 {
			p.estimate = estimateValues(p.src)
		}
		p.chunk = make([]Node, 0, min(max(p.estimate-p.nodes, 16), chunkMax))
		p.doc.nodes = append(p.doc.nodes, p.chunk[:cap(p.chunk)])
	}
	p.chunk = p.chunk[:len(p.chunk)+1]
	n := &p.chunk[len(p.chunk)-1]
	p.made = uint32(len(p.doc.nodes)-1)*chunkMax + uint32(len(p.chunk))
	p.nodes++
	n.Kind = kind
	n.off = uint32(start)
	n.doc = p.doc
	if parent != nil {
		n.up = p.up
		n.index = p.nextIndex
		if parent.Kind == Object {
			n.keyOff, n.keyLen, n.sig = p.nextKeyOff, p.nextKeyLen, p.nextKeySig
			n.flags |= flagMember
			if p.nextKeyDecoded {
				n.flags |= flagKeyDecoded
			}
		}
	}
	return n
}

// link gives every array and object its children, once all the nodes are
// made: the children of each are one run of doc.kids, in order. The nodes
// were made parent first, so a parent's run is placed before its
// children look for it.
func (p *parser) link() {
	kids := make([]*Node, p.nodes-1)
	sigs := make([]uint32, p.nodes-1)
	p.doc.kids = kids
	next := uint32(0)
	for i, chunk := range p.doc.nodes {
		if i == len(p.doc.nodes)-1 {
			chunk = p.chunk
		}
		for j := range chunk {
			n := &chunk[j]
			if n.up != 0 {
				at := p.doc.node(n.up).a + n.index
				kids[at] = n
				sigs[at] = n.sig
			}
			if n.Kind == Array || n.Kind == Object {
				n.a = next
				next += n.b
			}
		}
	}
	p.doc.sigs = sigs
	p.chunk, p.members = nil, nil
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

func (p *parser) scalarOrContainer(parent *Node) *Node {
	if p.off >= len(p.src) {
		p.fail(p.off, "the file ends where a value was expected")
		return nil
	}
	if p.nodes >= p.limit {
		p.tooMany()
		return nil
	}
	start := p.off
	switch c := p.src[p.off]; {
	case c == '"':
		n := p.newNode(String, start, parent)
		s, decoded, ok := p.rawStr()
		if ok && p.badUTF8 >= 0 {
			s, decoded = repairUTF8(s, decoded)
		}
		if !ok {
			return nil
		}
		if decoded {
			n.flags |= flagDecoded
			n.a = uint32(len(p.doc.strs))
			p.doc.strs = append(p.doc.strs, s)
		} else {
			n.a, n.b = uint32(start+1), uint32(len(s))
		}
		if p.utf8Diag >= 0 {
			p.placeUTF8(start, p.off, n)
		}
		return n
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number(parent)
	case c == '{':
		return p.object(parent)
	case c == '[':
		return p.array(parent)
	case strings.HasPrefix(p.src[p.off:], "true"):
		p.off += 4
		n := p.newNode(Bool, start, parent)
		n.flags |= flagTruth
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

func (p *parser) object(parent *Node) *Node {
	start := p.off
	if !p.enter(start) {
		return nil
	}
	n := p.newNode(Object, start, parent)
	outer, outerUp, mark := p.cur, p.up, len(p.members)
	p.cur, p.up = n, p.made
	p.off++ // {
	ok := p.readMembers(n, mark)
	p.cur, p.up, p.members, p.depth = outer, outerUp, p.members[:mark], p.depth-1
	if !ok {
		return nil
	}
	return n
}

// readMembers reads an object's members after its '{', up to and including
// its '}'; the members collect on p.members above mark.
func (p *parser) readMembers(n *Node, mark int) bool {
	// Repeated keys are found by looking back over the members read so
	// far; a table of them takes over in objects with many members.
	var seen *memberSet
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
		key, decoded, ok := p.rawStr()
		if ok && p.badUTF8 >= 0 {
			key, decoded = repairUTF8(key, decoded)
		}
		if !ok {
			return false
		}
		keyEnd := p.off
		if s := p.src[p.off:]; len(s) > 2 && s[0] == ':' && s[1] == ' ' && s[2] > ' ' {
			p.off += 2 // the usual ": " and then the value
		} else if !p.colon(key) {
			return false
		}
		sig := keySig(key)
		if sig == commentSig && key == CommentKey && (len(p.doc.commented) == 0 || p.doc.commented[len(p.doc.commented)-1] != n) {
			p.doc.commented = append(p.doc.commented, n)
		}
		p.nextIndex, p.nextKeyOff, p.nextKeyDecoded, p.nextKeySig = n.b, uint32(keyStart), decoded, sig
		p.nextKeyLen = uint16(min(keyEnd-keyStart-2, longKey))
		if decoded {
			p.doc.keys = append(p.doc.keys, decodedKey{uint32(keyStart), key})
		}
		child := p.scalarOrContainer(n)
		if child == nil {
			return false
		}
		n.b++
		if p.utf8Diag >= 0 {
			p.placeUTF8(keyStart, keyEnd, child)
		}
		earlier := p.members[mark:]
		var repeated *Node
		switch {
		case seen != nil:
			repeated = seen.find(earlier, key)
		case len(earlier) < 16:
			for i := len(earlier) - 1; i >= 0; i-- {
				if earlier[i].sig == sig && earlier[i].hasKey(key) {
					repeated = earlier[i]
					break
				}
			}
		default:
			seen = p.newMemberSet(earlier)
			repeated = seen.find(earlier, key)
		}
		if seen != nil {
			seen.add(earlier, len(earlier), key)
		}
		if repeated != nil {
			repeated.flags |= flagOverridden
			d := p.diag(p.pos(keyStart), CodeJSONDuplicateKey, fmt.Sprintf("the key %q appears twice in this object; the last one wins", key))
			d.Severity = Warning
			d.Path = child.Path()
			p.diags = append(p.diags, d)
		}
		if len(p.members) == cap(p.members) {
			// Doubled: append grows a large slice by a quarter, which
			// would allocate five times its final size.
			p.members = append(make([]*Node, 0, max(2*cap(p.members), 64)), p.members...)
		}
		p.members = append(p.members, child)
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
			return true
		default:
			p.fail(p.off, "found %s where ',' or '}' was expected (a missing comma?)", p.describe(p.off))
			return false
		}
	}
}

// colon reads the ':' after the key and the spaces around it, up to the
// value.
func (p *parser) colon(key string) bool {
	p.skipSpace()
	if p.off >= len(p.src) || p.src[p.off] != ':' {
		p.fail(p.off, "found %s where ':' was expected after the key %q", p.describe(p.off), key)
		return false
	}
	p.off++
	p.skipSpace()
	return true
}

// memberSet finds the last member of an object with a given name, among
// the members read so far: an open-addressed table of their places (plus
// one; 0 is empty), four bytes a slot and at least two slots a member. It
// holds the last member of each name.
type memberSet struct {
	seed  maphash.Seed
	slots []int32
	n     int
}

func (p *parser) newMemberSet(members []*Node) *memberSet {
	if !p.seeded {
		p.seed, p.seeded = maphash.MakeSeed(), true
	}
	s := &memberSet{seed: p.seed}
	s.rebuild(members, 4*len(members))
	return s
}

// rebuild makes a table of size slots (a power of two) of members.
func (s *memberSet) rebuild(members []*Node, size int) {
	s.slots = make([]int32, 1<<bits.Len(uint(size-1)))
	s.n = 0
	for i, m := range members {
		s.add(members, i, m.Key())
	}
}

// find returns the last member named key, or nil.
func (s *memberSet) find(members []*Node, key string) *Node {
	mask := len(s.slots) - 1
	for i := int(maphash.String(s.seed, key)) & mask; ; i = (i + 1) & mask {
		v := s.slots[i]
		if v == 0 {
			return nil
		}
		if m := members[v-1]; m.hasKey(key) {
			return m
		}
	}
}

// add records the member at place i, named key, in place of an earlier
// member of that name; members are those before it.
func (s *memberSet) add(members []*Node, i int, key string) {
	if 2*(s.n+1) > len(s.slots) {
		s.rebuild(members[:i], 4*(s.n+1))
	}
	mask := len(s.slots) - 1
	for j := int(maphash.String(s.seed, key)) & mask; ; j = (j + 1) & mask {
		v := s.slots[j]
		if v == 0 {
			s.slots[j] = int32(i + 1)
			s.n++
			return
		}
		if members[v-1].hasKey(key) {
			s.slots[j] = int32(i + 1)
			return
		}
	}
}

func (p *parser) array(parent *Node) *Node {
	start := p.off
	if !p.enter(start) {
		return nil
	}
	n := p.newNode(Array, start, parent)
	outer, outerUp := p.cur, p.up
	p.cur, p.up = n, p.made
	p.off++ // [
	ok := p.items(n)
	p.cur, p.up, p.depth = outer, outerUp, p.depth-1
	if !ok {
		return nil
	}
	return n
}

// items reads an array's items after its '[', up to and including its ']'.
func (p *parser) items(n *Node) bool {
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
		p.nextIndex = n.b
		if p.scalarOrContainer(n) == nil {
			return false
		}
		n.b++
		p.skipSpace()
		if p.off >= len(p.src) {
			p.fail(p.off, "the file ends inside a list (a missing ']'?)")
			return false
		}
		switch p.src[p.off] {
		case ',':
			p.off++
			if p.off < len(p.src) && p.src[p.off] == ' ' {
				p.off++ // the one space most often after ','
			}
		case ']':
			p.off++
			return true
		default:
			p.fail(p.off, "found %s where ',' or ']' was expected (a missing comma?)", p.describe(p.off))
			return false
		}
	}
}

// numberEnd returns where the number that starts at off in a text the
// parser accepted ends.
func numberEnd(src string, off int) int {
	i := off
	for i < len(src) {
		switch c := src[i]; {
		case c >= '0' && c <= '9', c == '-', c == '+', c == '.', c == 'e', c == 'E':
			i++
		default:
			return i
		}
	}
	return i
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
	intDigits := digits()
	if intDigits == 0 {
		p.fail(i, "a number needs digits after '-'")
		return nil
	} else if intDigits > 1 && p.src[intStart] == '0' {
		p.fail(intStart, "a number may not start with 0 (leading zeros are not JSON)")
		return nil
	}
	whole := true
	if i < len(p.src) && p.src[i] == '.' {
		whole = false
		i++
		if digits() == 0 {
			p.fail(i, "a number needs digits after the decimal point")
			return nil
		}
	}
	if i < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
		whole = false
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
	var f float64
	if whole && intDigits <= 15 {
		// A whole number of up to 15 digits is exact in a float64.
		v := int64(0)
		for _, c := range []byte(p.src[intStart:i]) {
			v = 10*v + int64(c-'0')
		}
		f = float64(v)
		if start != intStart {
			f = -f
		}
	} else {
		var err error
		f, err = strconv.ParseFloat(raw, 64)
		if err != nil && !math.IsInf(f, 0) && f != 0 { // out of range: JSON.parse gives ±Infinity or 0
			f = 0
		}
	}
	bits := math.Float64bits(f)
	n.a, n.b = uint32(bits>>32), uint32(bits)
	return n
}

// repairUTF8 is s with each invalid byte replaced by U+FFFD, as
// encoding/json and the Engine's decoder read it, and whether it then
// differs from the bytes between the quotes. The callers of rawStr call it
// in a file that is not valid UTF-8.
func repairUTF8(s string, decoded bool) (string, bool) {
	if utf8.ValidString(s) {
		return s, decoded
	}
	return replaceInvalid(s), true
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

// specials marks the bytes of x (load64) that are '"', '\\' or a
// control character below U+0020: the high bit of each such byte is set.
// A byte above a marked one may be marked wrongly, but the lowest mark is
// always right.
func specials(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := x ^ (ones * '"')
	slash := x ^ (ones * '\\')
	// A byte is zero in quote or slash, or below 0x20 in x, when its
	// subtraction borrows and its high bit was clear.
	return (((quote - ones) &^ quote) | ((slash - ones) &^ slash) | ((x - ones*0x20) &^ x)) & highs
}

// rawStr reads a string starting at its opening quote and returns its
// text, whether the text differs from the bytes between the quotes (it had
// escapes), and whether it could be read. Invalid UTF-8 is left as it is
// (see repairUTF8).
func (p *parser) rawStr() (string, bool, bool) {
	start := p.off
	i := p.off + 1
	// Fast path: no escapes, no control characters. Eight bytes at a time,
	// the first special byte found in one step.
	for i+8 <= len(p.src) {
		if m := specials(load64(p.src, i)); m != 0 {
			i += bits.TrailingZeros64(m) / 8
			if p.src[i] == '"' {
				p.off = i + 1
				return p.src[start+1 : i], false, true
			}
			break
		}
		i += 8
	}
	for i < len(p.src) {
		c := p.src[i]
		if c == '"' {
			p.off = i + 1
			return p.src[start+1 : i], false, true
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
			return b.String(), true, true
		case c < 0x20:
			if c == '\n' {
				p.fail(i, "a line break inside text: write it as \\n, or close the quote")
			} else {
				p.fail(i, "the control character U+%04X inside text must be escaped", c)
			}
			return "", false, false
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
				return "", false, false
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
			return "", false, false
		}
	}
	p.fail(start, "this text is never closed: a missing '\"'")
	return "", false, false
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
