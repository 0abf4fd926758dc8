package model

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// decoder turns a Node tree into typed values, checking shapes as it goes:
// types, required keys, unknown keys, counts, lengths and id patterns. It
// never stops at the first problem.
type decoder struct {
	file  string
	diags []Diagnostic
	// The short lists of catalog entries come from slabs.
	filters slab[FilterValue]
	rows    slab[Row]
	values  slab[ColumnValue]
	// left counts the findings past MaxFileFindings.
	left LeftOut
	// wrongType records that a value had the wrong JSON type; the Engine then
	// skips its cross-reference pass.
	wrongType bool
	// allowed, when not nil, records the keys each object read allows
	// (RulesetKeys).
	allowed map[*Node][]string
}

// room tells whether a finding of severity sev is listed, counting it when
// it is not.
func (d *decoder) room(sev Severity) bool { return d.left.Room(len(d.diags), sev) }

// result is the findings of reading the file, in the category c, with the
// finding that says how many were left out.
func (d *decoder) result(c Category) []Diagnostic {
	return InCategory(c, d.left.Close(d.file, d.diags))
}

func (d *decoder) report(sev Severity, n *Node, code Code, format string, args ...any) {
	if d.room(sev) {
		d.diags = append(d.diags, At(sev, d.file, n, code, format, args...))
	}
}

func (d *decoder) errorf(n *Node, code Code, format string, args ...any) {
	d.report(Error, n, code, format, args...)
}

// missing reports a required key that obj lacks, at the path the key would
// have and the position of the object.
func (d *decoder) missing(obj *Node, key string) {
	if !d.room(Error) {
		return
	}
	path := key
	if obj.Parent() != nil {
		path = obj.Path() + "." + key
	}
	d.diags = append(d.diags, Diagnostic{Severity: Error, Code: CodeRequired, File: d.file, Path: ShortPath(path),
		Line: obj.Pos().Line, Column: obj.Pos().Column, Message: message("%q is required here", key)})
}

func (d *decoder) wantKind(n *Node, k Kind) bool {
	if n.Kind == k {
		return true
	}
	d.wrongType = true
	d.errorf(n, CodeType, "expected %s, found %s", k, n.Kind)
	return false
}

// misplaced reports a key that its object allows only in another form (a
// table beside an op that takes none), as an unknown key is: at the
// object's path, as the Engine reports it, and at the key's position.
func (d *decoder) misplaced(c *Node, format string, args ...any) {
	if !d.room(Error) {
		return
	}
	d.diags = append(d.diags, Diagnostic{Severity: Error, Code: CodeUnknownKey, File: d.file, Path: ShortPath(c.Parent().Path()),
		Line: c.KeyPos().Line, Column: c.KeyPos().Column, Message: message(format, args...)})
}

// obj reads the members of one JSON object. A zero obj (from a value that was
// not an object) answers every question with "absent".
type obj struct {
	d *decoder
	n *Node
}

// object checks that n is an object holding only the allowed keys (plus
// "$comment", allowed everywhere) and returns a reader for it. An unknown
// key is reported at the object's path, as the Engine reports it (a layer's
// unknown key at layers.<i>), with the line and column of the key itself.
func (d *decoder) object(n *Node, allowed ...string) obj {
	if n == nil || !d.wantKind(n, Object) {
		return obj{d: d}
	}
	if d.allowed != nil {
		// A copy: keeping allowed itself would move every caller's
		// list of keys to the heap.
		d.allowed[n] = slices.Clone(allowed)
	}
	at := 0
	for _, c := range n.Children() {
		k := c.Key()
		if i := indexFrom(allowed, k, at); i >= 0 {
			at = i + 1
			continue
		}
		if k != "$comment" {
			d.unknown(n, c, allowed)
		}
	}
	return obj{d: d, n: n}
}

// members is object for an object node n with its keys given as allowed:
// it reports the members not allowed and sets found[i] to the member
// named allowed[i] (the last of a repeated name), nil when absent.
func (d *decoder) members(n *Node, allowed []string, found []*Node) {
	if d.allowed != nil {
		// A copy: keeping allowed itself would move every caller's
		// list of keys to the heap.
		d.allowed[n] = slices.Clone(allowed)
	}
	at := 0
	for _, c := range n.Children() {
		k := c.Key()
		if i := indexFrom(allowed, k, at); i >= 0 {
			found[i] = c
			at = i + 1
			continue
		}
		if k == "$comment" {
			continue
		}
		d.unknown(n, c, allowed)
	}
}

// indexFrom is slices.Index(list, k), looking from list[from] on and then
// from the start: members mostly come in the order of the keys allowed,
// so that the next key is most often the one after the last found.
func indexFrom(list []string, k string, from int) int {
	for i := from; i < len(list); i++ {
		if list[i] == k {
			return i
		}
	}
	for i := range min(from, len(list)) {
		if list[i] == k {
			return i
		}
	}
	return -1
}

// unknown reports the member c of n, whose key is not among allowed.
func (d *decoder) unknown(n, c *Node, allowed []string) {
	if !d.room(Error) {
		return
	}
	d.diags = append(d.diags, Diagnostic{Severity: Error, Code: CodeUnknownKey, File: d.file, Path: ShortPath(n.Path()),
		Line: c.KeyPos().Line, Column: c.KeyPos().Column,
		Message: message("unknown key %q here (allowed: %s)", c.Key(), strings.Join(allowed, ", "))})
}

// ok tells whether the value was an object.
func (o obj) ok() bool { return o.n != nil }

// get returns the member named key, or nil.
func (o obj) get(key string) *Node { return o.n.Get(key) }

// has tells whether the member is present.
func (o obj) has(key string) bool { return o.n.Get(key) != nil }

// need returns the member, reporting it when required and absent.
func (o obj) need(key string, required bool) *Node {
	if o.n == nil {
		return nil
	}
	c := o.n.Get(key)
	if c == nil && required {
		o.d.missing(o.n, key)
	}
	return c
}

// Text rules.
type textRule uint8

const (
	plainText  textRule = iota // any text within its length
	promptSafe                 // labels, names, guidance: reaches the model
	catalogTxt                 // entry summaries: never reaches the model
)

// str reads a string member and checks its length (in UTF-16 units, as the
// Engine counts) and its rule.
func (o obj) str(key string, required bool, minLen, maxLen int, rule textRule) string {
	c := o.need(key, required)
	if c == nil {
		return ""
	}
	return o.d.text(c, minLen, maxLen, rule)
}

func (d *decoder) text(c *Node, minLen, maxLen int, rule textRule) string {
	if !d.wantKind(c, String) {
		return ""
	}
	s := c.Str()
	if !lengthSure(len(s), minLen, maxLen) {
		n := UTF16Len(s)
		switch {
		case n < minLen && n == 0:
			d.errorf(c, CodeLength, "this text may not be empty")
		case n < minLen:
			d.errorf(c, CodeLength, "this text is %d characters long; at least %d are needed", n, minLen)
		case maxLen > 0 && n > maxLen:
			d.errorf(c, CodeLength, "this text is %d characters long; at most %d are allowed", n, maxLen)
		}
	}
	switch rule {
	case promptSafe:
		if why := PromptUnsafe(s); why != "" {
			d.errorf(c, CodePromptSafe, "this text is shown to the model and may not contain %s", why)
		}
	case catalogTxt:
		if why := CatalogUnsafe(s); why != "" {
			d.errorf(c, CodeCatalogText, "this text may not contain %s", why)
		}
	}
	return s
}

// lengthSure tells whether every text of so many bytes is within minLen
// and maxLen (0: no limit) UTF-16 units, whatever its characters: UTF-8
// takes one to three bytes for a unit, and four for two.
func lengthSure(bytes, minLen, maxLen int) bool {
	return (bytes+2)/3 >= minLen && (maxLen <= 0 || bytes <= maxLen)
}

// label reads a required prompt-safe label of 1..maxLen.
func (o obj) label(key string, maxLen int) string { return o.str(key, true, 1, maxLen, promptSafe) }

// id reads a sheet id (`^[a-z][a-z0-9_]*$`, at most 40).
func (o obj) id(key string, required bool) string {
	c := o.need(key, required)
	if c == nil {
		return ""
	}
	return o.d.sheetID(c)
}

func (d *decoder) sheetID(c *Node) string {
	if !d.wantKind(c, String) {
		return ""
	}
	if !IsSheetID(c.Str()) {
		d.errorf(c, CodeIDPattern, "%q is not a valid id: use a lowercase letter, then lowercase letters, digits or underscores, at most 40", c.Str())
	}
	return c.Str()
}

// ids reads a list of sheet ids with a count range.
func (o obj) ids(key string, required bool, minN, maxN int) []string {
	items := o.array(key, required, minN, maxN)
	if items == nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, c := range items {
		out = append(out, o.d.sheetID(c))
	}
	return out
}

// strs reads a list of strings with a count range and a length range each.
func (o obj) strs(key string, required bool, minN, maxN, minLen, maxLen int, rule textRule) []string {
	items := o.array(key, required, minN, maxN)
	if items == nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, c := range items {
		out = append(out, o.d.text(c, minLen, maxLen, rule))
	}
	return out
}

// array reads an array member and checks its count. It returns the items, or
// nil when the member is absent or not an array.
func (o obj) array(key string, required bool, minN, maxN int) []*Node {
	c := o.need(key, required)
	if c == nil {
		return nil
	}
	return o.d.list(c, minN, maxN)
}

func (d *decoder) list(c *Node, minN, maxN int) []*Node {
	if !d.wantKind(c, Array) {
		return nil
	}
	n := len(c.Children())
	switch {
	case n < minN && minN == 1:
		d.errorf(c, CodeCount, "this list may not be empty")
	case n < minN:
		d.errorf(c, CodeCount, "this list has %d items; at least %d are needed", n, minN)
	case maxN >= 0 && n > maxN:
		d.errorf(c, CodeCount, "this list has %d items; at most %d are allowed", n, maxN)
	}
	if c.Children() == nil {
		return []*Node{}
	}
	return c.Children()
}

// child reads an object member with its own allowed keys.
func (o obj) child(key string, required bool, allowed ...string) obj {
	c := o.need(key, required)
	if c == nil {
		return obj{d: o.d}
	}
	return o.d.object(c, allowed...)
}

// integer reads a whole number within lo..hi.
func (o obj) integer(key string, required bool, lo, hi int64) (int64, bool) {
	c := o.need(key, required)
	if c == nil {
		return 0, false
	}
	return o.d.integer(c, lo, hi)
}

func (d *decoder) integer(c *Node, lo, hi int64) (int64, bool) {
	if !d.wantKind(c, Number) {
		return 0, false
	}
	f := c.Num()
	if math.IsInf(f, 0) && !strings.ContainsAny(c.Raw(), ".eE") {
		// A whole number of more digits than a float64 holds.
		d.errorf(c, CodeRange, "%s is out of range: expected %s", c.Raw(), rangeText(lo, hi))
		if f > 0 {
			return math.MaxInt64, true
		}
		return math.MinInt64, true
	}
	if math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) {
		d.errorf(c, CodeInteger, "expected a whole number, found %s", c.Raw())
		return 0, false
	}
	if f < float64(lo) || f > float64(hi) {
		d.errorf(c, CodeRange, "%s is out of range: expected %s", c.Raw(), rangeText(lo, hi))
		// A number past what int64 holds saturates rather than wrap
		// (converting it is undefined: 1e300 became the lowest int64).
		switch {
		case f >= math.MaxInt64:
			return math.MaxInt64, true
		case f <= math.MinInt64:
			return math.MinInt64, true
		}
	}
	return int64(f), true
}

func rangeText(lo, hi int64) string {
	switch {
	case hi == math.MaxInt64:
		return fmt.Sprintf("at least %d", lo)
	case lo == math.MinInt64:
		return fmt.Sprintf("at most %d", hi)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// number reads a finite number.
func (o obj) number(key string, required bool) (float64, bool) {
	c := o.need(key, required)
	if c == nil {
		return 0, false
	}
	return o.d.number(c)
}

func (d *decoder) number(c *Node) (float64, bool) {
	if !d.wantKind(c, Number) {
		return 0, false
	}
	if math.IsInf(c.Num(), 0) || math.IsNaN(c.Num()) {
		d.errorf(c, CodeFinite, "%s is too large: expected a finite number", c.Raw())
		return 0, false
	}
	return c.Num(), true
}

// numberIn reads a finite number within lo..hi.
func (o obj) numberIn(key string, required bool, lo, hi float64) (float64, bool) {
	f, ok := o.number(key, required)
	if ok && (f < lo || f > hi) {
		o.d.errorf(o.get(key), CodeRange, "%v is out of range: expected %v to %v", f, lo, hi)
	}
	return f, ok
}

// boolean reads a boolean, giving def when absent.
func (o obj) boolean(key string, def bool) bool {
	c := o.get(key)
	if c == nil || !o.d.wantKind(c, Bool) {
		return def
	}
	return c.Truth()
}

// oneOf reads a string that must be one of the given words.
func (o obj) oneOf(key string, required bool, def string, words ...string) string {
	c := o.need(key, required)
	if c == nil {
		return def
	}
	if !o.d.wantKind(c, String) {
		return def
	}
	if !slices.Contains(words, c.Str()) {
		o.d.errorf(c, CodeEnum, "%q is not allowed here: expected one of %s", c.Str(), strings.Join(words, ", "))
	}
	return c.Str()
}

// scalar reads a string, number or boolean.
func (d *decoder) scalar(c *Node) any {
	switch c.Kind {
	case String, Bool:
		return c.Scalar()
	case Number:
		if f, ok := d.number(c); ok {
			return f
		}
		return nil
	}
	d.wrongType = true
	d.errorf(c, CodeType, "expected text, a number or a boolean, found %s", c.Kind)
	return nil
}

// exactlyOne reports unless exactly one of keys is present, and returns it.
// what names the object in the report.
func (o obj) exactlyOne(what string, keys ...string) string {
	return o.exactlyOneNamed(what, "", keys...)
}

// exactlyOneNamed is exactlyOne for an object with a name: what is then
// followed by the quoted name in the report, built only when there is one.
// There are at most 64 keys.
func (o obj) exactlyOneNamed(what, name string, keys ...string) string {
	if o.n == nil {
		return ""
	}
	var present uint64 // bit i: keys[i] is a member
	for _, c := range o.n.Children() {
		if i := slices.Index(keys, c.Key()); i >= 0 {
			present |= 1 << i
		}
	}
	if bits.OnesCount64(present) == 1 {
		return keys[bits.TrailingZeros64(present)]
	}
	if name != "" {
		what = fmt.Sprintf("%s %q", what, name)
	}
	if present == 0 {
		o.d.errorf(o.n, CodeOneOf, "%s needs exactly one of %s; none is given", what, strings.Join(keys, ", "))
		return ""
	}
	var found []string
	for i, k := range keys {
		if present&(1<<i) != 0 {
			found = append(found, k)
		}
	}
	o.d.errorf(o.n, CodeOneOf, "%s needs exactly one of %s; %s are all given", what, strings.Join(keys, ", "), strings.Join(found, ", "))
	return ""
}

// uniqueIDs reports every id that repeats an earlier one; nodes give where.
func (d *decoder) uniqueIDs(what string, ids []string, nodes []*Node) {
	seen := make(map[string]bool, len(ids))
	for i, id := range ids {
		if id == "" {
			continue
		}
		if seen[id] {
			d.errorf(nodes[i], CodeDuplicateID, "the %s id %q is used twice", what, id)
		}
		seen[id] = true
	}
}

// room makes room in *list for the items about to be decoded into it, and
// returns them (the list stays nil when there are none).
func room[T any](list *[]T, items []*Node) []*Node {
	*list = slices.Grow(*list, len(items))
	return items
}

// slab hands out short lists from larger allocations, for the lists each
// catalog entry has, so that a catalog of 2,000 entries makes a few
// allocations for them rather than thousands.
type slab[T any] struct {
	free []T
	next int // the size of the next allocation
}

// take returns an empty list (not nil) with room for n items.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return []T{}
	}
	if n > len(s.free) {
		s.next = min(max(2*s.next, 16), 512)
		s.free = make([]T, max(n, s.next))
	}
	list := s.free[:0:n]
	s.free = s.free[n:]
	return list
}
