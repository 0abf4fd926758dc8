package model

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Kind is the JSON type of a Node.
type Kind uint8

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "a boolean", "a number", "text", "a list", "an object"}

// String names the kind in plain words ("a number", "text").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Pos is where a value starts in its file: a byte offset and a 1-based line
// and column (the column counts characters, not bytes).
type Pos struct {
	Offset int
	Line   int
	Column int
}

// Node is one JSON value with the position where it starts. Object members
// and array items are Nodes too; each knows its parent and its key or index,
// so a Node can always say its own JSON path.
//
// A Node is small (40 bytes, and 12 in its parent's list of children): its
// texts are read from the document's own bytes when asked for, and its positions are worked out from offsets, so a
// tree costs a bounded number of bytes per value whatever its shape. The
// zero Node is a null with no position.
type Node struct {
	// Kind is the JSON type of the value.
	Kind  Kind
	flags uint8
	// keyLen is the length of the member name as written (between its
	// quotes), or longKey when it is too long to hold here.
	keyLen uint16
	// off is where the value starts; keyOff where the member name starts
	// (its opening quote); index the position in the parent.
	off, keyOff, index uint32
	// a and b hold the value: a container's children are doc.kids[a:a+b];
	// a string's text is doc.src[a:a+b], or doc.strs[a] when it had to be
	// decoded; a number's float64 has the bits a<<32 | b.
	a, b uint32
	// up is where the parent is among the document's nodes, plus one (0 at
	// the top): doc.nodes[(up-1)/chunkMax][(up-1)%chunkMax]. An index
	// rather than a pointer, so that making a tree writes one pointer a
	// node and the collector has one to follow.
	up uint32
	// sig is keySig of the member name, for a member of an object.
	sig uint32
	doc *document
}

// Node flags.
const (
	flagTruth      uint8 = 1 << iota // a Bool node's value
	flagDecoded                      // the text is doc.strs[a]
	flagKeyDecoded                   // the member name is in doc.keys
	flagOverridden                   // a later member has the same name
	flagMember                       // the parent is an object
	longKey        = 1<<16 - 1
)

// document is what the nodes of one parsed file share: the text, the texts
// that had escapes, the children lists and the line index.
type document struct {
	src string
	// base is where the text starts: 3 after a byte-order mark, else 0.
	base int
	strs []string
	// keys are the member names that had escapes, by offset.
	keys []decodedKey
	kids []*Node
	// nodes are the chunks the nodes were made in, each as long as it can
	// hold (the last is filled only in part).
	nodes [][]Node
	// sigs holds, beside each member in kids, keySig of its name, so that
	// Get compares names only where the signatures match, without reading
	// the members that cannot be the one.
	sigs []uint32
	// commented are the objects with a "$comment" member, in the order
	// the parser met the members (an object comes again after a commented
	// object inside it); hidden is the number of them HideComments took
	// out of each object's members, by object, nil until it is called.
	commented []*Node
	hidden    map[*Node]uint32
	// linesOnce builds marks, the line and column every markEvery bytes,
	// when a position is first asked for.
	linesOnce sync.Once
	marks     []lineMark
}

type decodedKey struct {
	off uint32
	key string
}

// Truth is the value of a Bool node (false for other kinds).
func (n *Node) Truth() bool { return n != nil && n.flags&flagTruth != 0 }

// Str is the text of a String node ("" for other kinds).
func (n *Node) Str() string {
	if n == nil || n.Kind != String || n.doc == nil {
		return ""
	}
	if n.flags&flagDecoded != 0 {
		return n.doc.strs[n.a]
	}
	return n.doc.src[n.a : n.a+n.b]
}

// Num is the value of a Number node (0 for other kinds). A number too large
// for a float64 reads as ±Inf, as JSON.parse gives it.
func (n *Node) Num() float64 {
	if n == nil || n.Kind != Number {
		return 0
	}
	return math.Float64frombits(uint64(n.a)<<32 | uint64(n.b))
}

// Raw is a Number node's text as written ("" for other kinds).
func (n *Node) Raw() string {
	if n == nil || n.Kind != Number || n.doc == nil {
		return ""
	}
	return n.doc.src[n.off:numberEnd(n.doc.src, int(n.off))]
}

// Key is the member name when the parent is an object ("" otherwise).
func (n *Node) Key() string {
	if n == nil || n.flags&flagMember == 0 {
		return ""
	}
	return n.doc.key(n)
}

// hasKey tells whether the member name is key, without building it.
func (n *Node) hasKey(key string) bool {
	if n.flags&flagKeyDecoded != 0 || n.keyLen == longKey {
		return n.doc.key(n) == key
	}
	if int(n.keyLen) != len(key) {
		return false
	}
	start := int(n.keyOff) + 1
	return n.doc.src[start:start+len(key)] == key
}

// key returns the member name of n.
func (d *document) key(n *Node) string {
	if n.flags&flagKeyDecoded != 0 {
		i, _ := slices.BinarySearchFunc(d.keys, n.keyOff, func(k decodedKey, off uint32) int { return cmp.Compare(k.off, off) })
		return d.keys[i].key
	}
	start := int(n.keyOff) + 1
	if n.keyLen != longKey {
		return d.src[start : start+int(n.keyLen)]
	}
	return d.src[start : start+strings.IndexByte(d.src[start:], '"')]
}

// Pos is where the value starts.
func (n *Node) Pos() Pos {
	if n == nil || n.doc == nil {
		return Pos{}
	}
	return n.doc.pos(int(n.off))
}

// KeyPos is where the member name starts when the parent is an object (the
// zero Pos otherwise).
func (n *Node) KeyPos() Pos {
	if n == nil || n.flags&flagMember == 0 {
		return Pos{}
	}
	return n.doc.pos(int(n.keyOff))
}

// Parent is the array or object holding the value (nil at the top).
func (n *Node) Parent() *Node {
	if n == nil || n.up == 0 {
		return nil
	}
	return n.doc.node(n.up)
}

// node is the node at up (see Node.up).
func (d *document) node(up uint32) *Node {
	i := up - 1
	return &d.nodes[i/chunkMax][i%chunkMax]
}

// Index is the position in the parent array, or in the parent object's
// member list.
func (n *Node) Index() int {
	if n == nil {
		return 0
	}
	return int(n.index)
}

// Children are the array items, or the object members in file order (nil
// when there are none). The slice is the tree's own: do not change it.
func (n *Node) Children() []*Node {
	if n == nil || n.b == 0 || (n.Kind != Array && n.Kind != Object) {
		return nil
	}
	return n.doc.kids[n.a : n.a+n.b : n.a+n.b]
}

// Overridden tells whether a later member of the same object has the same
// name, so that this one is not the value JSON.parse keeps.
func (n *Node) Overridden() bool { return n != nil && n.flags&flagOverridden != 0 }

// Get returns the member named key of an object node, or nil. When a key is
// repeated, the last one wins, as with JSON.parse.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object || n.b == 0 {
		return nil
	}
	d := n.doc
	sigs := d.sigs[n.a : n.a+n.b]
	sig := keySig(key)
	for i := len(sigs) - 1; i >= 0; i-- {
		if sigs[i] != sig {
			continue
		}
		// The signature of a name of up to three bytes is the whole name.
		if c := d.kids[int(n.a)+i]; len(key) <= 3 || c.hasKey(key) {
			countLookups(len(sigs) - i)
			return c
		}
	}
	countLookups(len(sigs))
	return nil
}

// NameSet is a set of member names fixed once, to be looked for in whole
// documents at once.
type NameSet struct {
	names []string
	// filter has the bit of each name's signature.
	filter []uint64
	// slots is an open-addressed table of the names by signature: the
	// index in names plus one (0: empty).
	slots []int32
	sigs  []uint32
}

// NewNameSet makes the set of names ("" is never found).
func NewNameSet(names []string) *NameSet {
	size := 1 << bits.Len(uint(4*len(names)+1))
	s := &NameSet{names: names, filter: make([]uint64, 1<<10), slots: make([]int32, size), sigs: make([]uint32, size)}
	for i, k := range names {
		if k == "" || s.index(k, keySig(k)) >= 0 {
			continue
		}
		h := sigBit(keySig(k))
		s.filter[h>>6] |= 1 << (h & 63)
		j := s.slot(keySig(k))
		for s.slots[j] != 0 {
			j = (j + 1) & (len(s.slots) - 1)
		}
		s.slots[j], s.sigs[j] = int32(i+1), keySig(k)
	}
	return s
}

func sigBit(sig uint32) uint32 { return (sig * 0x9E3779B1) >> 16 }

// slot is where the table starts looking for a name of signature sig.
func (s *NameSet) slot(sig uint32) int { return int(sig*0x85EBCA6B>>16) & (len(s.slots) - 1) }

// index returns the place in names of the name k of signature sig, or -1.
func (s *NameSet) index(k string, sig uint32) int {
	for j := s.slot(sig); s.slots[j] != 0; j = (j + 1) & (len(s.slots) - 1) {
		if i := int(s.slots[j] - 1); s.sigs[j] == sig && s.names[i] == k {
			return i
		}
	}
	return -1
}

// Find sets found[i] when a member of an object anywhere in n's document
// (not only under n) is named names[i], in one pass over the signatures of
// the document's member names.
func (s *NameSet) Find(n *Node, found []bool) {
	if n == nil || n.doc == nil {
		return
	}
	d := n.doc
	for i, sig := range d.sigs {
		if sig == 0 {
			continue
		}
		if h := sigBit(sig); s.filter[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		switch k := s.bySig(sig); {
		case k == noName || k >= 0 && found[k]:
		case k >= 0:
			found[k] = d.key(d.kids[i]) == s.names[k]
		default:
			if k := s.index(d.key(d.kids[i]), sig); k >= 0 {
				found[k] = true
			}
		}
	}
}

// What bySig returns when no name, or more than one, has a signature.
const (
	noName       = -1
	severalNames = -2
)

// bySig returns the place in names of the one name of signature sig, or
// noName or severalNames.
func (s *NameSet) bySig(sig uint32) int {
	k := noName
	for j := s.slot(sig); s.slots[j] != 0; j = (j + 1) & (len(s.slots) - 1) {
		if s.sigs[j] == sig {
			if k != noName {
				return severalNames
			}
			k = int(s.slots[j] - 1)
		}
	}
	return k
}

// keySig is a member name's length with three of its bytes: names of
// different signatures differ.
func keySig(k string) uint32 {
	if k == "" {
		return 0
	}
	return uint32(min(len(k), 255))<<24 | uint32(k[0])<<16 | uint32(k[len(k)/2])<<8 | uint32(k[len(k)-1])
}

// The members Get has compared with a key while counting is on.
var (
	counting atomic.Bool
	lookups  atomic.Int64
)

func countLookups(n int) {
	if counting.Load() {
		lookups.Add(int64(n))
	}
}

// CountLookups runs f and returns how many object members Get compared
// with a key while it ran. Tests use it to show that a walk over a tree
// costs time linear in its size, without timing it. It is not for use
// beside other calls of CountLookups.
func CountLookups(f func()) int64 {
	lookups.Store(0)
	counting.Store(true)
	defer counting.Store(false)
	f()
	return lookups.Load()
}

// At returns item i of an array node, or nil.
func (n *Node) At(i int) *Node {
	if n == nil || n.Kind != Array || i < 0 || i >= int(n.b) {
		return nil
	}
	return n.doc.kids[int(n.a)+i]
}

// Path is the node's JSON path joined with dots, array indices as plain
// numbers, "(root)" for the top.
func (n *Node) Path() string {
	if n == nil || n.up == 0 {
		return RootPath
	}
	// Measure, then write the segments from the last back, in one
	// allocation.
	size := -1
	for c := n; c.up != 0; c = c.Parent() {
		if c.flags&flagMember == 0 {
			size += 1 + digits(c.index)
		} else {
			size += 1 + len(c.Key())
		}
	}
	if size <= 0 {
		// A member named "" at the top: the Engine writes an empty path as
		// (root) too.
		return RootPath
	}
	buf := make([]byte, size)
	at := size
	for c := n; c.up != 0; c = c.Parent() {
		if c.flags&flagMember == 0 {
			at -= digits(c.index)
			strconv.AppendUint(buf[at:at], uint64(c.index), 10)
		} else {
			k := c.Key()
			at -= len(k)
			copy(buf[at:], k)
		}
		if at > 0 {
			at--
			buf[at] = '.'
		}
	}
	return unsafe.String(&buf[0], size)
}

// digits is how many decimal digits i has.
func digits(i uint32) int {
	d := 1
	for i >= 10 {
		i /= 10
		d++
	}
	return d
}

// Find follows a dot path from n and returns the deepest node reached and
// whether the whole path was found. A missing step stops the walk, so the
// result is the nearest existing ancestor.
func (n *Node) Find(path string) (*Node, bool) {
	if n == nil {
		return nil, false
	}
	if path == "" || path == RootPath {
		return n, true
	}
	cur := n
	for path != "" {
		seg := path
		if i := strings.IndexByte(path, '.'); i >= 0 {
			seg, path = path[:i], path[i+1:]
		} else {
			path = ""
		}
		var next *Node
		switch cur.Kind {
		case Object:
			next = cur.Get(seg)
		case Array:
			if i, err := strconv.Atoi(seg); err == nil {
				next = cur.At(i)
			}
		}
		if next == nil {
			return cur, false
		}
		cur = next
	}
	return cur, true
}

// Strings returns the items of an array of strings; other items are skipped.
func (n *Node) Strings() []string {
	if n == nil || n.Kind != Array {
		return nil
	}
	out := make([]string, 0, len(n.Children()))
	for _, c := range n.Children() {
		if c.Kind == String {
			out = append(out, c.Str())
		}
	}
	return out
}

// Scalar returns the Go value of a scalar node: string, float64, bool or nil.
func (n *Node) Scalar() any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case String:
		return n.Str()
	case Number:
		return n.Num()
	case Bool:
		return n.Truth()
	}
	return nil
}

// Interface converts the node to plain Go values (map[string]any, []any,
// string, float64, bool, nil), as encoding/json would.
func (n *Node) Interface() any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Array:
		out := make([]any, len(n.Children()))
		for i, c := range n.Children() {
			out[i] = c.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Children()))
		for _, c := range n.Children() {
			out[c.Key()] = c.Interface()
		}
		return out
	}
	return n.Scalar()
}

// Source is the whole text of the document the node was parsed from, a
// byte-order mark included ("" for a node not parsed from text). Node
// offsets (Pos().Offset) index it.
func (n *Node) Source() string {
	if n == nil || n.doc == nil {
		return ""
	}
	return n.doc.src
}
