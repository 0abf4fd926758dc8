package model

import (
	"math"
	"strings"
)

// A shape says what one JSON value must look like: its type, its limits and,
// for an object, its keys. The blocks of the format that rulebench checks
// without a typed model (creatures, combat, battle, rests, mechanics and the
// item keys) are written as shapes, each built once, so reading a file walks
// every value once whatever the number of rules.
type shape interface {
	check(d *decoder, n *Node)
}

// shapeFunc is a shape written as a function, for values that are one of
// several forms.
type shapeFunc func(d *decoder, n *Node)

func (f shapeFunc) check(d *decoder, n *Node) { f(d, n) }

// member is one key of an object shape.
type member struct {
	key      string
	required bool
	s        shape
}

// objShape is a strict object: only its keys (and $comment) are allowed.
type objShape struct {
	members []member
	keys    []string
	// repeated tells that two members have the same key, so that members
	// are found by key rather than by place.
	repeated bool
	// refine runs after the members, for rules between keys.
	refine func(d *decoder, n *Node)
}

// object builds an object shape from members.
func object(members ...member) *objShape {
	o := &objShape{members: members}
	for _, m := range members {
		o.repeated = o.repeated || containsStr(o.keys, m.key)
		o.keys = append(o.keys, m.key)
	}
	return o
}

// with sets the rules between keys of an object shape.
func (o *objShape) with(refine func(d *decoder, n *Node)) *objShape {
	o.refine = refine
	return o
}

// extend returns a copy of the object shape with more members, without
// the keys named in drop and with no refine.
func (o *objShape) extend(drop []string, more ...member) *objShape {
	var ms []member
	for _, m := range o.members {
		if !containsStr(drop, m.key) {
			ms = append(ms, m)
		}
	}
	return object(append(ms, more...)...)
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// check reads the object's members in one pass: each is matched to the
// shape's member of its key (the last of a repeated key wins, as Get
// gives it), then the members are checked in the shape's order.
func (o *objShape) check(d *decoder, n *Node) {
	if o.repeated {
		o.checkByKey(d, n)
		return
	}
	if n == nil || !d.wantKind(n, Object) {
		return
	}
	var buf [32]*Node
	var found []*Node
	if len(o.keys) <= len(buf) {
		found = buf[:len(o.keys)]
	} else {
		found = make([]*Node, len(o.keys))
	}
	d.members(n, o.keys, found)
	for i, m := range o.members {
		c := found[i]
		if c == nil {
			if m.required {
				d.missing(n, m.key)
			}
			continue
		}
		if m.s != nil {
			m.s.check(d, c)
		}
	}
	if o.refine != nil {
		o.refine(d, n)
	}
}

// checkByKey is check for a shape with a repeated key.
func (o *objShape) checkByKey(d *decoder, n *Node) {
	ob := d.object(n, o.keys...)
	if !ob.ok() {
		return
	}
	for _, m := range o.members {
		if c := ob.need(m.key, m.required); c != nil && m.s != nil {
			m.s.check(d, c)
		}
	}
	if o.refine != nil {
		o.refine(d, n)
	}
}

func req(key string, s shape) member { return member{key: key, required: true, s: s} }
func opt(key string, s shape) member { return member{key: key, s: s} }

// arrShape is a list of values of one shape with a count range (max -1: no
// limit).
type arrShape struct {
	item     shape
	min, max int
}

func (a arrShape) check(d *decoder, n *Node) {
	for _, c := range d.list(n, a.min, a.max) {
		a.item.check(d, c)
	}
}

func arrayOf(item shape, min, max int) shape { return arrShape{item: item, min: min, max: max} }

// recShape is an object used as a record: any keys, each value of one shape;
// keyID holds the keys to the sheet-id pattern.
type recShape struct {
	value shape
	keyID bool
}

func (r recShape) check(d *decoder, n *Node) {
	if !d.wantKind(n, Object) {
		return
	}
	for _, c := range n.Children() {
		if r.keyID && !IsSheetID(c.Key()) {
			d.errorf(c, CodeIDPattern, "%q is not a valid id: use a lowercase letter, then lowercase letters, digits or underscores, at most 40", c.Key())
		}
		r.value.check(d, c)
	}
}

func recordOf(value shape) shape { return recShape{value: value} }

// idShape is a sheet id.
type idShape struct{}

func (idShape) check(d *decoder, n *Node) { d.sheetID(n) }

var sheetIDShape = idShape{}

// textShape is text with a length range and a text rule.
type textShape struct {
	min, max int
	rule     textRule
}

func (t textShape) check(d *decoder, n *Node) { d.text(n, t.min, t.max, t.rule) }

func prompt(max int) shape       { return textShape{min: 1, max: max, rule: promptSafe} }
func plain(max int) shape        { return textShape{max: max} }
func plainIn(min, max int) shape { return textShape{min: min, max: max} }

// intShape is a whole number within lo..hi.
type intShape struct{ lo, hi int64 }

func (s intShape) check(d *decoder, n *Node) { d.integer(n, s.lo, s.hi) }

func intIn(lo, hi int64) shape { return intShape{lo: lo, hi: hi} }

var anyInt = intShape{lo: math.MinInt64, hi: math.MaxInt64}

// numShape is a finite number within lo..hi; above says lo itself is
// excluded.
type numShape struct {
	lo, hi float64
	above  bool
}

func (s numShape) check(d *decoder, n *Node) {
	f, ok := d.number(n)
	if !ok {
		return
	}
	switch {
	case s.above && f <= s.lo:
		d.errorf(n, CodeRange, "%s is out of range: expected a number above %v", n.Raw(), s.lo)
	case f < s.lo || f > s.hi:
		d.errorf(n, CodeRange, "%s is out of range: expected %v to %v", n.Raw(), s.lo, s.hi)
	}
}

func numIn(lo, hi float64) shape    { return numShape{lo: lo, hi: hi} }
func numAbove(lo, hi float64) shape { return numShape{lo: lo, hi: hi, above: true} }

var anyNum = numShape{lo: math.Inf(-1), hi: math.Inf(1)}

// boolShape is true or false.
type boolShape struct{}

func (boolShape) check(d *decoder, n *Node) { d.wantKind(n, Bool) }

var anyBool = boolShape{}

// trueShape is the value true, written only when it holds.
type trueShape struct{}

func (trueShape) check(d *decoder, n *Node) {
	if d.wantKind(n, Bool) && !n.Truth() {
		d.errorf(n, CodeTrueOnly, "this key is written only as true; leave it out instead of false")
	}
}

var onlyTrue = trueShape{}

// enumShape is one of a closed list of words.
type enumShape []string

func (e enumShape) check(d *decoder, n *Node) {
	if !d.wantKind(n, String) {
		return
	}
	if !containsStr(e, n.Str()) {
		d.errorf(n, CodeEnum, "%q is not allowed here: expected one of %s", n.Str(), strings.Join(e, ", "))
	}
}

func oneOfWords(words ...string) shape { return enumShape(words) }

// diceShape is dice text such as 2d6 or 1d8+3.
type diceShape struct{}

func (diceShape) check(d *decoder, n *Node) {
	if !d.wantKind(n, String) {
		return
	}
	if UTF16Len(n.Str()) > 40 || !IsDice(n.Str()) {
		d.errorf(n, CodeDice, "%q is not dice text such as 2d6 or 1d8+3 (at least one die of at least two sides)", n.Str())
	}
}

var diceText = diceShape{}

// refShape is a value ref.
type refShape struct{}

func (refShape) check(d *decoder, n *Node) { d.valueRef(n) }

var valueRefShape = refShape{}

// stepTableShape is a step table.
type stepTableShape struct{}

func (stepTableShape) check(d *decoder, n *Node) { d.stepTable(n) }

var stepTableS = stepTableShape{}

// scalarShape is what a field or a list cell holds: a finite number, text of
// at most 4000 characters or a boolean.
type scalarShape struct{}

func (scalarShape) check(d *decoder, n *Node) {
	if n.Kind == String {
		d.text(n, 0, 4000, plainText)
		return
	}
	d.scalar(n)
}

var sheetScalarShape = scalarShape{}

var idList = func(min, max int) shape { return arrayOf(sheetIDShape, min, max) }

// present tells whether an object node has the key.
func present(n *Node, key string) bool { return n.Get(key) != nil }

// forbid reports each of the keys that n holds, at the key's value, with the
// reason.
func (d *decoder) forbid(n *Node, code Code, why string, keys ...string) {
	for _, k := range keys {
		if c := n.Get(k); c != nil {
			d.errorf(c, code, "%q is not allowed here: %s", k, why)
		}
	}
}

// uniqueBy reports each item of a list of objects whose text member key
// repeats an earlier item's; what names the id in the report.
func (d *decoder) uniqueBy(list *Node, key, what string) {
	if list == nil || list.Kind != Array || len(list.Children()) < 2 {
		return
	}
	ids := make([]string, 0, len(list.Children()))
	nodes := make([]*Node, 0, len(list.Children()))
	for _, c := range list.Children() {
		if v := c.Get(key); v != nil && v.Kind == String {
			ids, nodes = append(ids, v.Str()), append(nodes, v)
		}
	}
	d.uniqueIDs(what, ids, nodes)
}

// lacks reports that obj lacks key, at the path the key would have and the
// position of obj, with the rule's own code and sentence.
func (d *decoder) lacks(obj *Node, key string, code Code, format string, args ...any) {
	if !d.room(Error) {
		return
	}
	path := key
	if obj.Parent() != nil {
		path = obj.Path() + "." + key
	}
	d.diags = append(d.diags, Diagnostic{Severity: Error, Code: code, File: d.file, Path: ShortPath(path),
		Line: obj.Pos().Line, Column: obj.Pos().Column, Message: message(format, args...)})
}
