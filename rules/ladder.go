package rules

import "rulebench/model"

// How a ladder step of the effective ruleset compares with the base.
const (
	StepSame    = "same"    // a step with the same label and the same numbers
	StepChanged = "changed" // a step with the same label and other numbers
	StepRemoved = "removed" // a base step whose label the effective ladder lacks
	StepAdded   = "added"   // an effective step whose label the base lacks
)

// StepChange is one row of a ladder comparison: a base step and an
// effective step paired by label, or one of them alone.
type StepChange struct {
	// Kind is StepSame, StepChanged, StepRemoved or StepAdded.
	Kind string
	// Label is the step's label.
	Label string
	// Base and Effective are the steps compared; HasBase and HasEffective
	// tell which of them there is (a removed step has no effective one, an
	// added step no base one).
	Base, Effective       model.LadderStep
	HasBase, HasEffective bool
}

// sameNumbers tells whether two steps have the same numbers.
func sameNumbers(a, b model.LadderStep) bool {
	return a.HasDC == b.HasDC && a.DC == b.DC &&
		a.HasSuccesses == b.HasSuccesses && a.Successes == b.Successes &&
		a.HasTarget == b.HasTarget && a.Target == b.Target
}

// LadderDiff compares an effective ladder with the base one, pairing the
// steps by label (a label given twice pairs its first use with the first,
// and so on), never by position. The rows follow the effective ladder; a
// removed base step comes just before the first effective step paired with
// a base step after it, or at the end.
func LadderDiff(base, effective []model.LadderStep) []StepChange {
	// where each base step goes: the index of its effective partner, or -1
	partner := make([]int, len(base))
	taken := make([]bool, len(effective))
	for i, b := range base {
		partner[i] = -1
		for j, f := range effective {
			if !taken[j] && f.Label == b.Label {
				partner[i], taken[j] = j, true
				break
			}
		}
	}
	// the base step paired with each effective step, or -1
	from := make([]int, len(effective))
	for j := range from {
		from[j] = -1
	}
	for i, j := range partner {
		if j >= 0 {
			from[j] = i
		}
	}
	out := make([]StepChange, 0, len(base)+len(effective))
	next := 0 // the first base step not yet placed
	removed := func(upTo int) {
		for ; next < upTo; next++ {
			if partner[next] < 0 {
				out = append(out, StepChange{Kind: StepRemoved, Label: base[next].Label, Base: base[next], HasBase: true})
			}
		}
	}
	for j, f := range effective {
		i := from[j]
		if i < 0 {
			out = append(out, StepChange{Kind: StepAdded, Label: f.Label, Effective: f, HasEffective: true})
			continue
		}
		removed(i)
		next = max(next, i+1)
		kind := StepSame
		if !sameNumbers(base[i], f) {
			kind = StepChanged
		}
		out = append(out, StepChange{Kind: kind, Label: f.Label, Base: base[i], Effective: f, HasBase: true, HasEffective: true})
	}
	removed(len(base))
	return out
}

// LadderChanges compares the effective ladder with the base one, step by
// step, paired by label.
func (e *Effective) LadderChanges() []StepChange {
	return LadderDiff(e.Base.Resolution.Ladder, e.Ladder)
}
