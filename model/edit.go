package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Edit replaces the bytes [Start, End) of a file with Text; Start == End
// inserts. Edits made by ReplaceValue, AppendMember and AppendItem change
// only the bytes of the values they name, so the rest of a file (its
// indentation, key order and other members) stays byte for byte.
type Edit struct {
	Start, End int
	Text       string
}

// ErrStale is returned when a node does not start where the data says a
// value starts: the node was parsed from other bytes.
var ErrStale = errors.New("the value is not where the parsed document says; the file changed")

// ValueEnd returns the offset just after the JSON value that starts at off
// in data. The value must be one the parser accepted, so the scan only
// needs to skip strings and match brackets.
func ValueEnd(data []byte, off int) (int, error) {
	if off < 0 || off >= len(data) {
		return 0, ErrStale
	}
	switch c := data[off]; {
	case c == '"':
		return stringEnd(data, off)
	case c == '{' || c == '[':
		depth := 0
		for i := off; i < len(data); i++ {
			switch data[i] {
			case '"':
				end, err := stringEnd(data, i)
				if err != nil {
					return 0, err
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, ErrStale
	case c == 't' || c == 'n':
		return literalEnd(data, off, 4)
	case c == 'f':
		return literalEnd(data, off, 5)
	case c == '-' || (c >= '0' && c <= '9'):
		i := off
		for i < len(data) && strings.IndexByte("+-.eE0123456789", data[i]) >= 0 {
			i++
		}
		return i, nil
	}
	return 0, ErrStale
}

func stringEnd(data []byte, off int) (int, error) {
	for i := off + 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, ErrStale
}

func literalEnd(data []byte, off, n int) (int, error) {
	if off+n > len(data) {
		return 0, ErrStale
	}
	return off + n, nil
}

// Encode writes v as compact JSON, without escaping <, > and & (which
// JSON allows as they are).
func Encode(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// ReplaceValue is the edit that writes v (encoded as JSON) in place of the
// value n of data.
func ReplaceValue(data []byte, n *Node, v any) (Edit, error) {
	text, err := Encode(v)
	if err != nil {
		return Edit{}, err
	}
	end, err := ValueEnd(data, n.Pos().Offset)
	if err != nil {
		return Edit{}, err
	}
	return Edit{Start: n.Pos().Offset, End: end, Text: text}, nil
}

// Member is one key and value to add to an object; Value is encoded as
// JSON, or written as it is when it is a RawJSON.
type Member struct {
	Key   string
	Value any
}

// RawJSON is JSON text written as it is by AppendMember and AppendItem.
type RawJSON string

func encodeValue(v any) (string, error) {
	if r, ok := v.(RawJSON); ok {
		return string(r), nil
	}
	return Encode(v)
}

// AppendMember is the edit that adds members at the end of the object obj,
// laid out like the members already there: one a line with their
// indentation, or on the same line when the object is written on one line.
// An empty object gets one member a line, indented one step (the file's
// first indentation, or two spaces) past the object's own line.
func AppendMember(data []byte, obj *Node, members []Member) (Edit, error) {
	if obj == nil || obj.Kind != Object {
		return Edit{}, errors.New("not an object")
	}
	items := make([]string, len(members))
	for i, m := range members {
		k, err := Encode(m.Key)
		if err != nil {
			return Edit{}, err
		}
		v, err := encodeValue(m.Value)
		if err != nil {
			return Edit{}, err
		}
		items[i] = k + ": " + v
	}
	kids := obj.AllChildren()
	starts := make([]int, len(kids))
	for i, c := range kids {
		starts[i] = c.KeyPos().Offset
	}
	return appendItems(data, obj, starts, items)
}

// AppendItem is the edit that adds values at the end of the array arr, laid
// out like AppendMember lays out members.
func AppendItem(data []byte, arr *Node, values []any) (Edit, error) {
	if arr == nil || arr.Kind != Array {
		return Edit{}, errors.New("not a list")
	}
	items := make([]string, len(values))
	for i, v := range values {
		s, err := encodeValue(v)
		if err != nil {
			return Edit{}, err
		}
		items[i] = s
	}
	starts := make([]int, len(arr.Children()))
	for i, c := range arr.Children() {
		starts[i] = c.Pos().Offset
	}
	return appendItems(data, arr, starts, items)
}

// appendItems inserts items after the last child of the container n, whose
// children start at starts (a member at its key).
func appendItems(data []byte, n *Node, starts []int, items []string) (Edit, error) {
	end, err := ValueEnd(data, n.Pos().Offset)
	if err != nil {
		return Edit{}, err
	}
	if len(items) == 0 {
		return Edit{Start: end, End: end}, nil
	}
	nl := lineBreak(data)
	kids := n.AllChildren()
	if len(kids) == 0 {
		// Inside the brackets, one item a line.
		outer := lineIndent(data, n.Pos().Offset)
		inner := outer + IndentUnit(data)
		var b strings.Builder
		for i, it := range items {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(nl + inner + it)
		}
		b.WriteString(nl + outer)
		// Replace whatever lies between the brackets (spaces only).
		return Edit{Start: n.Pos().Offset + 1, End: end - 1, Text: b.String()}, nil
	}
	last := kids[len(kids)-1]
	lastEnd, err := ValueEnd(data, last.Pos().Offset)
	if err != nil {
		return Edit{}, err
	}
	sep := ", "
	if indent, ok := startsLine(data, starts[len(starts)-1]); ok {
		sep = "," + nl + indent
	}
	return Edit{Start: lastEnd, End: lastEnd, Text: sep + strings.Join(items, sep)}, nil
}

// lineBreak is the file's line break, the first in data ("\r\n", a lone
// "\r" or "\n"), for what the edits write on new lines; "\n" when there
// is none.
func lineBreak(data []byte) string {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0 || data[i] == '\n':
		return "\n"
	case i+1 < len(data) && data[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// startsLine tells whether only spaces and tabs stand before off on its
// line, and returns them. A line ends at \n or \r.
func startsLine(data []byte, off int) (string, bool) {
	i := off
	for i > 0 && (data[i-1] == ' ' || data[i-1] == '\t') {
		i--
	}
	if i > 0 && data[i-1] != '\n' && data[i-1] != '\r' {
		return "", false
	}
	return string(data[i:off]), true
}

// lineIndent returns the spaces and tabs that begin the line holding off.
func lineIndent(data []byte, off int) string {
	i := bytes.LastIndexAny(data[:off], "\r\n") + 1
	j := i
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	return string(data[i:j])
}

// IndentUnit is the indentation of the first indented line of data: the
// step the file indents by. It is two spaces when no line is indented.
func IndentUnit(data []byte) string {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		trimmed := bytes.TrimLeft(line, " \t")
		if n := len(line) - len(trimmed); n > 0 && len(trimmed) > 0 {
			return string(line[:n])
		}
	}
	return "  "
}

// Apply makes the edits on a copy of data. Edits may come in any order;
// two inserts at the same offset keep their order. Edits that overlap are
// an error.
func Apply(data []byte, edits []Edit) ([]byte, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return a.Start - b.Start })
	var out bytes.Buffer
	out.Grow(len(data))
	at := 0
	for _, e := range sorted {
		if e.Start < at || e.End < e.Start || e.End > len(data) {
			return nil, fmt.Errorf("edits overlap or fall outside the file (at byte %d)", e.Start)
		}
		out.Write(data[at:e.Start])
		out.WriteString(e.Text)
		at = e.End
	}
	out.Write(data[at:])
	return out.Bytes(), nil
}

// RemoveMembers returns the edits that take the members remove out of the
// object obj, with the comma and line break that went with each, so that
// the members kept stay byte for byte and the object keeps its layout. A
// member not in obj is ignored; removing every member leaves {}.
func RemoveMembers(data []byte, obj *Node, remove []*Node) ([]Edit, error) {
	if obj == nil || obj.Kind != Object {
		return nil, errors.New("not an object")
	}
	gone := make(map[*Node]bool, len(remove))
	for _, m := range remove {
		gone[m] = true
	}
	kids := obj.AllChildren()
	lastKept := -1
	found := false
	for i, c := range kids {
		if gone[c] {
			found = true
		} else {
			lastKept = i
		}
	}
	if !found {
		return nil, nil
	}
	end, err := ValueEnd(data, obj.Pos().Offset)
	if err != nil {
		return nil, err
	}
	if lastKept < 0 {
		return []Edit{{Start: obj.Pos().Offset + 1, End: end - 1}}, nil
	}
	var edits []Edit
	// Before the last kept member, a member goes from its key to the next
	// member's key: its comma and the space after it go with it.
	for i := 0; i < lastKept; i++ {
		if gone[kids[i]] {
			edits = append(edits, Edit{Start: kids[i].KeyPos().Offset, End: kids[i+1].KeyPos().Offset})
		}
	}
	// After it, the members go from the end of the last kept value to the
	// end of the last value: the comma before each goes with it.
	if lastKept < len(kids)-1 {
		from, err := ValueEnd(data, kids[lastKept].Pos().Offset)
		if err != nil {
			return nil, err
		}
		to, err := ValueEnd(data, kids[len(kids)-1].Pos().Offset)
		if err != nil {
			return nil, err
		}
		edits = append(edits, Edit{Start: from, End: to})
	}
	return edits, nil
}
