package model

import (
	"cmp"
	"slices"
)

// CommentKey is the member name the format allows in every object, map-like
// ones included, for notes to people: the Engine strips it from every object
// before it validates a ruleset or a catalog file.
const CommentKey = "$comment"

var commentSig = keySig(CommentKey)

// HideComments takes every "$comment" member out of the objects of n's
// document, as the Engine strips them before it validates: Children, Get
// and every walk of the tree then see the objects the Engine sees (a
// record of stats, a table, a map of filters without the note). The
// members stay in the file and in AllChildren, for the edits that must
// keep them. It is done once per document; it is not safe to call while
// the tree is read elsewhere.
func (n *Node) HideComments() {
	if n == nil || n.doc == nil || len(n.doc.commented) == 0 || n.doc.hidden != nil {
		return
	}
	d := n.doc
	d.hidden = make(map[*Node]uint32, len(d.commented))
	var notes []*Node
	for _, obj := range d.commented {
		if _, done := d.hidden[obj]; done {
			continue // listed again after a commented object inside it
		}
		run := d.kids[obj.a : obj.a+obj.b]
		sigs := d.sigs[obj.a : obj.a+obj.b]
		notes = notes[:0]
		kept := 0
		for _, c := range run {
			if c.sig == commentSig && c.hasKey(CommentKey) {
				notes = append(notes, c)
				continue
			}
			run[kept], sigs[kept] = c, c.sig
			c.index = uint32(kept)
			kept++
		}
		for i, c := range notes {
			run[kept+i], sigs[kept+i] = c, c.sig
			c.index = uint32(kept + i)
		}
		obj.b = uint32(kept)
		d.hidden[obj] = uint32(len(notes))
	}
}

// AllChildren is Children with the "$comment" members HideComments took
// out, in file order: what an edit of the file's text must see. The slice
// is the caller's.
func (n *Node) AllChildren() []*Node {
	kids := n.Children()
	if n == nil || n.Kind != Object || n.doc == nil || n.doc.hidden[n] == 0 {
		return kids
	}
	all := slices.Clone(n.doc.kids[n.a : n.a+n.b+n.doc.hidden[n]])
	slices.SortFunc(all, func(x, y *Node) int { return cmp.Compare(x.keyOff, y.keyOff) })
	return all
}

// Comments returns the "$comment" members of n's document (the whole file
// n belongs to), in file order, whether HideComments took them out of
// their objects or not: each member's Parent is the object it annotates.
// A file with no "$comment" gives nil, at no cost.
func (n *Node) Comments() []*Node {
	if n == nil || n.doc == nil {
		return nil
	}
	d := n.doc
	var out []*Node
	for _, obj := range d.commented {
		// The members HideComments took out lie just after the ones kept.
		for _, c := range d.kids[obj.a : obj.a+obj.b+d.hidden[obj]] {
			if c.sig == commentSig && c.hasKey(CommentKey) {
				out = append(out, c)
			}
		}
	}
	slices.SortFunc(out, func(x, y *Node) int { return cmp.Compare(x.keyOff, y.keyOff) })
	return slices.Compact(out) // an object listed twice gives its members twice
}
