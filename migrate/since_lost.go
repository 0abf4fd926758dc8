package migrate

import (
	"fmt"
	"slices"
	"strings"

	"rulebench/model"
)

// chainFrom is the new ruleset's steps that run on a save at vo: the build
// steps of the entries from vo on (none when sheet.version did not go up)
// and the routeLive steps of every entry. ours tells which of them belong to
// this version's entries (from vo on), so that their destinations are
// spoken for.
func (a *since) chainFrom() (steps []*model.Step, ours []bool) {
	vo, vn := a.rep.From, a.rep.To
	for _, e := range Plan(a.cur) {
		for _, s := range e.Migration.Steps {
			if s == nil {
				continue
			}
			now := e.From >= vo && e.From < vn
			if s.Op == model.StepRouteLive || now {
				steps, ours = append(steps, s), append(ours, now)
			}
		}
	}
	return steps, ours
}

// findLost lists the old ids the new sheet lacks and its chain does not
// move, and the new ids that could take their values.
func (a *since) findLost() {
	oldIDs, curIDs := storedIDs(&a.old.Sheet), storedIDs(&a.cur.Sheet)
	inCur := make(map[string]bool, len(curIDs))
	for _, s := range curIDs {
		inCur[s.key()] = true
	}
	inOld := make(map[string]bool, len(oldIDs))
	for _, s := range oldIDs {
		inOld[s.key()] = true
	}
	moved := map[string]bool{}
	written := map[string]bool{}
	a.chainRenamed = map[string]bool{}
	steps, ours := a.chainFrom()
	for i, s := range steps {
		var to []string
		switch s.Op {
		case model.StepRename:
			moved[s.What+"\x00\x00"+s.From] = true
			to = []string{s.What + "\x00\x00" + s.To}
		case model.StepRoute:
			moved[KindField+"\x00\x00"+s.Field] = true
			for _, c := range s.Cases {
				to = append(to, KindField+"\x00\x00"+c.To)
			}
			to = append(to, KindField+"\x00\x00"+s.Else)
		case model.StepRouteLive:
			moved[s.What+"\x00\x00"+s.From] = true
			for _, c := range s.LiveCases {
				to = append(to, s.What+"\x00\x00"+c)
			}
			to = append(to, s.What+"\x00\x00"+s.Else)
		}
		if ours[i] {
			for _, k := range to {
				written[k] = true
			}
		}
	}
	for _, e := range a.cur.Sheet.Migrations {
		if e == nil {
			continue
		}
		for _, s := range e.Steps {
			if s != nil && s.Op == model.StepRename && s.What == KindField {
				a.chainRenamed[s.From] = true
			}
			if s != nil && s.Op == model.StepRoute {
				a.chainElse = append(a.chainElse, s.Else)
			}
		}
	}
	lostList := map[string]bool{}
	for _, s := range oldIDs {
		k := s.key()
		if inCur[k] || moved[k] {
			continue
		}
		if s.kind == KindColumn && lostList[s.list] {
			continue // the whole list is lost
		}
		if s.kind == KindList {
			lostList[s.id] = true
		}
		a.lost = append(a.lost, s)
	}
	for _, s := range curIDs {
		if !inOld[s.key()] && !written[s.key()] {
			a.added = append(a.added, s)
		}
	}
}

// Matching tiers of a lost id and an added one, strongest first.
const (
	tierSeparators = iota // the ids differ only by separators or case
	tierLabel             // the same label
	tierAffix             // one id is the other with words added at one end
	noTier
)

// movable kinds: those a step can move.
func movable(kind string) bool {
	switch kind {
	case KindAbility, KindSkill, KindSave, KindField, KindPool, KindTrack:
		return true
	}
	return false
}

func tier(l, b *sid) int {
	if l.kind != b.kind || l.typ != b.typ {
		return noTier
	}
	if l.joined == b.joined {
		return tierSeparators
	}
	if l.label != "" && l.folded == b.folded {
		return tierLabel
	}
	if extends(b.toks, l.toks) || extends(l.toks, b.toks) {
		return tierAffix
	}
	return noTier
}

// extends tells whether long is short with words added before or after it.
func extends(long, short []string) bool {
	if len(short) == 0 || len(long) <= len(short) {
		return false
	}
	return slices.Equal(long[:len(short)], short) || slices.Equal(long[len(long)-len(short):], short)
}

// extra returns the words long adds to short.
func extra(long, short []string) []string {
	if slices.Equal(long[:len(short)], short) {
		return long[len(short):]
	}
	return long[:len(long)-len(short)]
}

// open lists the lost ids not decided yet that a step can move.
func (a *since) open() []*sid {
	var out []*sid
	for _, l := range a.lost {
		if _, ok := a.decided[l.key()]; !ok && movable(l.kind) {
			out = append(out, l)
		}
	}
	return out
}

// pair decides the renames at one tier: a lost id and an added one that
// match each other only.
func (a *since) pair(t int) {
	open := a.open()
	cands := map[*sid][]*sid{}
	wanted := map[*sid][]*sid{}
	for _, l := range open {
		for _, b := range a.matches(l, t) {
			if !a.used[b.key()] && tier(l, b) == t {
				cands[l] = append(cands[l], b)
				wanted[b] = append(wanted[b], l)
			}
		}
	}
	for _, l := range open {
		cs := cands[l]
		switch {
		case len(cs) == 0:
			continue
		case len(cs) > 1:
			if t != tierAffix && a.why[l.key()] == "" {
				a.why[l.key()] = fmt.Sprintf("several %ss added in this version match it (%s); say which takes its values", l.kind, idList(cs))
			} else if t == tierAffix && a.why[l.key()] == "" {
				a.why[l.key()] = fmt.Sprintf("several %ss added in this version extend or shorten its id (%s); say which takes its values", l.kind, idList(cs))
			}
			continue
		case len(wanted[cs[0]]) > 1:
			if a.why[l.key()] == "" {
				a.why[l.key()] = fmt.Sprintf("the %s %q added in this version matches it, but also %s", l.kind, cs[0].id, idList(without(wanted[cs[0]], l)))
			}
			continue
		}
		b := cs[0]
		a.used[b.key()] = true
		a.decided[l.key()] = len(a.steps)
		a.steps = append(a.steps, a.renameStep(l, b, t))
	}
}

// addedIndex finds the added ids by what tier compares, each under its
// kind and type, which must match too: the id without separators, the
// folded label, the id's words, and each run of them at either end shorter
// than the whole (an id another extends).
type addedIndex struct {
	place                       map[*sid]int // in a.added
	joined, label, words, parts map[idKey][]*sid
}

// idKey is a text compared for an id of a kind and type.
type idKey struct{ kind, typ, text string }

func keyOf(s *sid, text string) idKey { return idKey{s.kind, s.typ, text} }

// words writes an id's words joined by "_", which no word holds.
func words(toks []string) string { return strings.Join(toks, "_") }

// parts lists the runs of words at either end of an id that are shorter
// than the whole, each written by words: the ids it extends.
func parts(toks []string) []string {
	var out []string
	for n := 1; n < len(toks); n++ {
		head, tail := words(toks[:n]), words(toks[len(toks)-n:])
		out = append(out, head)
		if tail != head {
			out = append(out, tail)
		}
	}
	return out
}

func (a *since) addedIndex() *addedIndex {
	if a.index != nil {
		return a.index
	}
	n := len(a.added)
	x := &addedIndex{place: make(map[*sid]int, n), joined: make(map[idKey][]*sid, n), label: make(map[idKey][]*sid, n),
		words: make(map[idKey][]*sid, n), parts: map[idKey][]*sid{}}
	add := func(m map[idKey][]*sid, k idKey, b *sid) { m[k] = append(m[k], b) }
	for i, b := range a.added {
		x.place[b] = i
		add(x.joined, keyOf(b, b.joined), b)
		add(x.label, keyOf(b, b.folded), b)
		add(x.words, keyOf(b, words(b.toks)), b)
		for _, p := range parts(b.toks) {
			add(x.parts, keyOf(b, p), b)
		}
	}
	a.index = x
	return x
}

// matches returns the added ids that may match l at tier t, in the order
// of a.added, each once: those tier then holds to l are among them.
func (a *since) matches(l *sid, t int) []*sid {
	x := a.addedIndex()
	switch t {
	case tierSeparators:
		return x.joined[keyOf(l, l.joined)]
	case tierLabel:
		if l.label == "" {
			return nil
		}
		return x.label[keyOf(l, l.folded)]
	}
	// the added ids that extend l, and those l extends
	out := x.parts[keyOf(l, words(l.toks))]
	ps := parts(l.toks)
	if len(ps) == 0 {
		return out
	}
	out = slices.Clone(out)
	for _, p := range ps {
		out = append(out, x.words[keyOf(l, p)]...)
	}
	slices.SortFunc(out, func(b, c *sid) int { return x.place[b] - x.place[c] })
	return slices.Compact(out)
}

func without(ids []*sid, x *sid) []*sid {
	var out []*sid
	for _, s := range ids {
		if s != x {
			out = append(out, s)
		}
	}
	return out
}

// idList writes ids as "a", "b" and "c".
func idList(ids []*sid) string {
	s := make([]string, len(ids))
	for i, x := range ids {
		s[i] = x.id
	}
	return quoteList(s)
}

type split struct {
	from  *sid
	dests []*sid
	notes []string
}

// findSplits finds the lost number fields, pools and tracks whose id
// several added ids extend (level → level_fighter, level_wizard).
func (a *since) findSplits() {
	open := a.open()
	byWords := map[idKey][]*sid{} // the open ids a step can split
	for _, l := range open {
		if l.kind != KindField || l.typ == model.TypeNumber {
			k := keyOf(l, words(l.toks))
			byWords[k] = append(byWords[k], l)
		}
	}
	owner := map[*sid]*sid{}
	owned := map[*sid][]*sid{} // the added ids each lost one owns, in a.added order
	for _, b := range a.added {
		if a.used[b.key()] {
			continue
		}
		var best *sid
		tie := false
		for _, p := range parts(b.toks) {
			for _, l := range byWords[keyOf(b, p)] {
				switch {
				case l == best:
				case best == nil || len(l.toks) > len(best.toks):
					best, tie = l, false
				case len(l.toks) == len(best.toks):
					tie = true
				}
			}
		}
		if best != nil && !tie {
			owner[b] = best
			owned[best] = append(owned[best], b)
		}
	}
	for _, l := range open {
		var dests []*sid
		var notes []string
		for _, b := range owned[l] {
			if l.kind == KindField {
				if d, ok := numberDefault(b.field); ok && d != 0 {
					notes = append(notes, fmt.Sprintf("%q is left out: its default %v would read as a value nobody gave", b.id, d))
					continue
				}
			}
			dests = append(dests, b)
		}
		if len(dests) < 2 {
			continue
		}
		for _, d := range dests {
			a.used[d.key()] = true
		}
		a.decided[l.key()] = len(a.steps)
		a.steps = append(a.steps, DraftStep{}) // filled in by finishSplit
		a.splits = append(a.splits, split{from: l, dests: dests, notes: notes})
	}
}

func numberDefault(f *model.Field) (float64, bool) {
	if f == nil {
		return 0, false
	}
	d, ok := f.Default.(float64)
	return d, ok
}
