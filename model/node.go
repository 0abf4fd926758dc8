package model

import (
	"strconv"
	"strings"
	"sync/atomic"
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
type Node struct {
	Kind Kind
	// Truth holds the value of a Bool node.
	Truth  bool
	Pos    Pos
	Parent *Node
	// Key is the member name when the parent is an object.
	Key string
	// KeyPos is where the member name starts when the parent is an object.
	KeyPos Pos
	// Index is the position in the parent array, or in the parent object's
	// member list.
	Index int
	// Str holds the decoded text of a String node.
	Str string
	// Num holds the value of a Number node; Raw keeps the number as written.
	Num float64
	Raw string
	// Children are the array items, or the object members in file order.
	Children []*Node
}

// Get returns the member named key of an object node, or nil. When a key is
// repeated, the last one wins, as with JSON.parse.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Children) - 1; i >= 0; i-- {
		if n.Children[i].Key == key {
			countLookups(len(n.Children) - i)
			return n.Children[i]
		}
	}
	countLookups(len(n.Children))
	return nil
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
	if n == nil || n.Kind != Array || i < 0 || i >= len(n.Children) {
		return nil
	}
	return n.Children[i]
}

// Path is the node's JSON path joined with dots, array indices as plain
// numbers, "(root)" for the top.
func (n *Node) Path() string {
	if n == nil || n.Parent == nil {
		return RootPath
	}
	var segs []string
	for c := n; c.Parent != nil; c = c.Parent {
		if c.Parent.Kind == Array {
			segs = append(segs, strconv.Itoa(c.Index))
		} else {
			segs = append(segs, c.Key)
		}
	}
	for i, j := 0, len(segs)-1; i < j; i, j = i+1, j-1 {
		segs[i], segs[j] = segs[j], segs[i]
	}
	if p := strings.Join(segs, "."); p != "" {
		return p
	}
	// A member named "" at the top: the Engine writes an empty path as
	// (root) too.
	return RootPath
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
	out := make([]string, 0, len(n.Children))
	for _, c := range n.Children {
		if c.Kind == String {
			out = append(out, c.Str)
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
		return n.Str
	case Number:
		return n.Num
	case Bool:
		return n.Truth
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
		out := make([]any, len(n.Children))
		for i, c := range n.Children {
			out[i] = c.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Children))
		for _, c := range n.Children {
			out[c.Key] = c.Interface()
		}
		return out
	}
	return n.Scalar()
}
