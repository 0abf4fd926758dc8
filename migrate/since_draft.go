package migrate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rulebench/model"
)

func (a *since) draft() {
	a.steps = make([]DraftStep, 0, len(a.lost)) // at most one step a lost id
	a.pair(tierSeparators)
	a.pair(tierLabel)
	a.findSplits()
	a.pair(tierAffix)
	for _, sp := range a.splits {
		a.finishSplit(sp)
	}
	for _, l := range a.lost {
		k := l.key()
		if _, ok := a.decided[k]; ok {
			continue
		}
		if a.why[k] == "" {
			switch {
			case l.kind == KindList:
				a.why[k] = "no migration step moves a list's rows; keep the list's id, or ask the players to copy the rows"
			case l.kind == KindColumn:
				a.why[k] = "no migration step moves a column (setColumn only sets values); keep the column's id, or ask the players to copy the values"
			default:
				a.why[k] = fmt.Sprintf("no %s added in this version matches it by id or label", kindNoun(l))
			}
		}
	}
	if len(a.steps) > 0 {
		// renames first, then routes, then routeLive, each in sheet order
		order := map[string]int{model.StepRename: 0, model.StepRoute: 1, model.StepRouteLive: 2}
		idx := make([]int, len(a.steps))
		place := make([]int, len(a.steps)) // the step's lost id's place in sheet order
		for i := range idx {
			idx[i] = i
		}
		for p, l := range a.lost {
			if i, ok := a.decided[l.key()]; ok {
				place[i] = p
			}
		}
		slices.SortStableFunc(idx, func(x, y int) int {
			if d := order[a.steps[x].Op] - order[a.steps[y].Op]; d != 0 {
				return d
			}
			return place[x] - place[y]
		})
		sorted := make([]DraftStep, len(a.steps))
		where := make([]int, len(a.steps))
		for to, from := range idx {
			sorted[to] = a.steps[from]
			where[from] = to
		}
		a.steps = sorted
		for k, i := range a.decided {
			a.decided[k] = where[i]
		}
	}
	for _, l := range a.lost {
		lo := Lost{Kind: l.kind, ID: l.id, List: l.list, Label: l.label, Path: l.path, Step: -1}
		if i, ok := a.decided[l.key()]; ok {
			lo.Step = i
		} else {
			a.rep.Undecided = append(a.rep.Undecided, Undecided{Kind: l.kind, ID: l.id, List: l.list, Reason: a.why[l.key()]})
		}
		a.rep.Lost = append(a.rep.Lost, lo)
	}
}

// kindNoun names the kind of an id with its type: "number field", "wound
// track", "ability".
func kindNoun(l *sid) string {
	if l.typ != "" && (l.kind == KindField || l.kind == KindTrack) {
		return l.typ + " " + l.kind
	}
	return l.kind
}

// renameStep drafts the step that moves l to b: a rename, or for live
// state a routeLive with b as its one case.
func (a *since) renameStep(l, b *sid, t int) DraftStep {
	var why string
	switch t {
	case tierSeparators:
		why = fmt.Sprintf("%q is gone and %q was added: the ids differ only by separators", l.id, b.id)
	case tierLabel:
		why = fmt.Sprintf("%q is gone and %q was added with the same label, %q", l.id, b.id, b.label)
	default:
		if extends(b.toks, l.toks) {
			why = fmt.Sprintf("%q is gone and %q was added: the same id with %q added", l.id, b.id, strings.Join(extra(b.toks, l.toks), "_"))
		} else {
			why = fmt.Sprintf("%q is gone and %q was added: the same id without %q", l.id, b.id, strings.Join(extra(l.toks, b.toks), "_"))
		}
	}
	if l.kind == KindPool || l.kind == KindTrack {
		return DraftStep{Op: model.StepRouteLive, Kind: l.kind, From: l.id, LiveCases: []string{b.id}, Else: b.id, Why: why}
	}
	if l.kind == KindSkill || l.kind == KindSave {
		why += "; its bonus goes along"
	}
	return DraftStep{Op: model.StepRename, Kind: l.kind, From: l.id, To: b.id, Why: why}
}

// catchAll are the words that name the rest: a destination named by one of
// them is the else.
var catchAll = []string{"other", "others", "else", "rest", "misc", "any", "general", "default", "base", "extra", "unknown", "mixed", "multi", "multiclass"}

func (a *since) finishSplit(sp split) {
	i := a.decided[sp.from.key()]
	l := sp.from
	if l.kind == KindField {
		a.finishRoute(i, sp)
		return
	}
	// routeLive: every destination is a case; the else is the pool a
	// route's else field sizes, or a catch-all, or the last.
	ids := make([]string, len(sp.dests))
	for k, d := range sp.dests {
		ids[k] = d.id
	}
	elseID, elseWhy := "", ""
	routeElse := a.chainElse
	for _, s := range a.steps {
		if s.Op == model.StepRoute && s.Else != "" {
			routeElse = append(routeElse, s.Else)
		}
	}
	for _, d := range sp.dests {
		if d.pool != nil && d.pool.Max.Kind == model.RefField && slices.Contains(routeElse, d.pool.Max.Name) {
			elseID, elseWhy = d.id, fmt.Sprintf("its maximum is %q, where a route sends the levels no case names", d.pool.Max.Name)
			break
		}
	}
	if elseID == "" {
		elseID, elseWhy = a.pickElse(sp.dests, nil)
	}
	why := fmt.Sprintf("%q is gone and %s extend its id: the value goes to the first the migrated sheet shows, else to %q (%s)",
		l.id, quoteList(ids), elseID, elseWhy)
	a.steps[i] = DraftStep{Op: model.StepRouteLive, Kind: l.kind, From: l.id, LiveCases: ids, Else: elseID, Why: why}
}

// pickElse chooses the else among destinations: one named by a catch-all
// word, else the only one no save names, else the last.
func (a *since) pickElse(dests []*sid, named map[string]bool) (string, string) {
	for _, d := range dests {
		for _, t := range d.toks {
			if slices.Contains(catchAll, t) {
				return d.id, fmt.Sprintf("%q names the rest", t)
			}
		}
	}
	if named != nil {
		var unnamed []*sid
		for _, d := range dests {
			if !named[d.id] {
				unnamed = append(unnamed, d)
			}
		}
		if len(unnamed) == 1 {
			return unnamed[0].id, "no sample save names it"
		}
	}
	return dests[len(dests)-1].id, "the last of them; no id names the rest"
}

// finishRoute drafts the route of a split number field: by the text field
// whose saved words name the destinations' added words.
func (a *since) finishRoute(i int, sp split) {
	l := sp.from
	words := map[string][]string{} // destination → its added words
	owner := map[string]string{}   // word → destination, "" when shared
	for _, d := range sp.dests {
		ws := Words(strings.Join(extra(d.toks, l.toks), " "))
		words[d.id] = ws
		for _, w := range ws {
			if o, ok := owner[w]; ok && o != d.id {
				owner[w] = ""
			} else {
				owner[w] = d.id
			}
		}
	}
	by, named, byWhy := a.pickBy(owner)
	if by == "" {
		a.fail(i, l, fmt.Sprintf("%s extend its id, but no text field's saved words name %s; write the route by hand", idList(sp.dests), quoteList(sortedKeys(owner))))
		return
	}
	elseID, elseWhy := a.pickElse(sp.dests, named)
	var cases []DraftCase
	var caseIDs []string
	notes := sp.notes
	for _, d := range sp.dests {
		if d.id == elseID {
			continue
		}
		var ws []string
		for _, w := range words[d.id] {
			if owner[w] == d.id && !slices.Contains(ws, w) {
				ws = append(ws, w)
			}
		}
		if len(ws) == 0 {
			notes = append(notes, fmt.Sprintf("%q is left out: its id adds no word of its own", d.id))
			continue
		}
		cases = append(cases, DraftCase{Words: ws, To: d.id})
		caseIDs = append(caseIDs, d.id)
	}
	if len(cases) == 0 {
		a.fail(i, l, fmt.Sprintf("%s extend its id, but no two of them add words a route could tell apart; write the route by hand", idList(sp.dests)))
		return
	}
	why := fmt.Sprintf("%q is gone and %s extend its id: by %q (%s), else %q (%s)", l.id, quoteList(append(caseIDs, elseID)), by, byWhy, elseID, elseWhy)
	st := DraftStep{Op: model.StepRoute, From: l.id, By: by, Cases: cases, Else: elseID}
	if d, ok := fieldDefault(l.field).(float64); ok && d != 0 {
		st.Default, st.HasDefault = d, true
		why += fmt.Sprintf("; default %v, what the old sheet showed without a saved value", d)
	}
	if len(notes) > 0 {
		why += "; " + strings.Join(notes, "; ")
	}
	st.Why = why
	a.steps[i] = st
}

// fail turns a split that could not be drafted back into an undecided id.
// Its step stays in place, empty, and is dropped when the draft is made.
func (a *since) fail(i int, l *sid, why string) {
	delete(a.decided, l.key())
	a.why[l.key()] = why
	a.steps[i] = DraftStep{}
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// pickBy chooses the route's by: among the old text, longtext and enum
// fields that the new sheet has or a migration renames away, the one whose
// saved words name a destination in the most sample saves (ties: sheet
// order); without saves naming any, an enum field whose values name the
// most. It returns the field, the destinations its saved words name, and
// why it was chosen.
func (a *since) pickBy(owner map[string]string) (string, map[string]bool, string) {
	renamed := map[string]bool{}
	for _, s := range a.steps {
		if s.Op == model.StepRename && s.Kind == KindField {
			renamed[s.From] = true
		}
	}
	best, bestN, bestHeld := "", 0, 0
	var bestNamed map[string]bool
	for _, f := range a.old.Sheet.Fields {
		if f == nil || (f.Type != model.TypeText && f.Type != model.TypeLongtext && f.Type != model.TypeEnum) {
			continue
		}
		if cf := a.curFields[f.ID]; cf == nil && !renamed[f.ID] && !a.chainRenamed[f.ID] {
			continue
		} else if cf != nil && cf.Type != model.TypeText && cf.Type != model.TypeLongtext && cf.Type != model.TypeEnum {
			continue
		}
		n, held := 0, 0
		named := map[string]bool{}
		for _, sh := range a.sheets {
			text, ok := record(sh.Build, "fields")[f.ID].(string)
			if !ok {
				continue
			}
			held++
			hit := false
			for _, w := range Words(text) {
				if d := owner[w]; d != "" {
					named[d], hit = true, true
				}
			}
			if hit {
				n++
			}
		}
		if n > bestN {
			best, bestN, bestHeld, bestNamed = f.ID, n, held, named
		}
	}
	if best != "" {
		return best, bestNamed, fmt.Sprintf("its words name a destination in %d of the %d sample saves holding it", bestN, bestHeld)
	}
	for _, f := range a.old.Sheet.Fields {
		if f == nil || f.Type != model.TypeEnum || (a.curFields[f.ID] == nil && !renamed[f.ID] && !a.chainRenamed[f.ID]) {
			continue
		}
		named := map[string]bool{}
		for _, v := range f.Values {
			for _, w := range Words(v) {
				if d := owner[w]; d != "" {
					named[d] = true
				}
			}
		}
		if len(named) > bestN {
			best, bestN, bestNamed = f.ID, len(named), named
		}
	}
	if best != "" {
		return best, nil, fmt.Sprintf("its values name %d of the destinations", bestN)
	}
	return "", nil, ""
}

// MarshalJSON writes the step as the format spells it, $comment first.
func (s DraftStep) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	member := func(key string, v any) {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		b.Truncate(b.Len() - 1) // Encode ends with a newline
	}
	if s.Why != "" {
		member("$comment", s.Why)
	}
	switch s.Op {
	case model.StepRename:
		member(model.StepRename, s.Kind)
		member("from", s.From)
		member("to", s.To)
	case model.StepRoute:
		member(model.StepRoute, s.From)
		member("by", s.By)
		member("cases", s.Cases)
		member("else", s.Else)
		if s.HasDefault {
			member("default", s.Default)
		}
	case model.StepRouteLive:
		member(model.StepRouteLive, s.Kind)
		member("from", s.From)
		member("cases", s.LiveCases)
		member("else", s.Else)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// step is the drafted step as the model decodes it.
func (s DraftStep) step() *model.Step {
	st := &model.Step{Op: s.Op, What: s.Kind, From: s.From, To: s.To, By: s.By, Else: s.Else,
		Default: s.Default, HasDefault: s.HasDefault, LiveCases: s.LiveCases}
	if s.Op == model.StepRoute {
		st.What, st.From, st.Field = "", "", s.From
		for _, c := range s.Cases {
			st.Cases = append(st.Cases, model.RouteCase{Words: c.Words, To: c.To})
		}
	}
	return st
}
