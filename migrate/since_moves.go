package migrate

import "rulebench/model"

// StoredID is a stored id of a sheet: its kind (KindField...), its id, the
// list of a column, and its label ("" when it has none).
type StoredID struct {
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	List  string `json:"list,omitempty"`
	Label string `json:"label"`
}

// Move is a stored id of the old sheet that the new one no longer declares
// and that the new ruleset's migrations move, as Since pairs them: the
// step that moves it (rename, route, routeLive) and where its values go.
type Move struct {
	StoredID
	Op string   `json:"op"`
	To []string `json:"to"`
}

// StoredMoves compares the stored ids of old's sheet with cur's, the way
// Since does: the ids old declares, cur does not, and cur's migrations move
// (from old's sheet.version on, and every routeLive step), and the ids cur
// declares that old did not, each in sheet order. The ids lost are
// SinceReport.Lost. It returns nothing when the two cannot be compared
// (see Comparable).
func StoredMoves(old, cur *model.Ruleset) (moved []Move, added []StoredID) {
	if Comparable(old, cur) != nil {
		return nil, nil
	}
	a := &since{old: old, cur: cur, rep: &SinceReport{From: old.Sheet.Version, To: cur.Sheet.Version}}
	oldIDs, curIDs := storedIDs(&old.Sheet), storedIDs(&cur.Sheet)
	inCur := make(map[string]bool, len(curIDs))
	for _, s := range curIDs {
		inCur[s.key()] = true
	}
	inOld := make(map[string]bool, len(oldIDs))
	for _, s := range oldIDs {
		inOld[s.key()] = true
	}
	steps, _ := a.chainFrom()
	for _, s := range oldIDs {
		if inCur[s.key()] {
			continue
		}
		if st := movingStep(steps, s); st != nil {
			moved = append(moved, Move{StoredID: s.public(), Op: st.Op, To: destinations(st)})
		}
	}
	for _, s := range curIDs {
		if !inOld[s.key()] {
			added = append(added, s.public())
		}
	}
	return moved, added
}

// public is the id as StoredMoves reports it.
func (s *sid) public() StoredID {
	return StoredID{Kind: s.kind, ID: s.id, List: s.list, Label: s.label}
}

// movingStep is the first step of steps that reads the id s, nil when none
// does.
func movingStep(steps []*model.Step, s *sid) *model.Step {
	if s.list != "" {
		return nil // no step moves a column
	}
	for _, st := range steps {
		switch st.Op {
		case model.StepRename, model.StepRouteLive:
			if st.What == s.kind && st.From == s.id {
				return st
			}
		case model.StepRoute:
			if s.kind == KindField && st.Field == s.id {
				return st
			}
		}
	}
	return nil
}

// destinations are the ids a step writes the values it reads to.
func destinations(st *model.Step) []string {
	var to []string
	add := func(id string) {
		if id == "" {
			return
		}
		for _, t := range to {
			if t == id {
				return
			}
		}
		to = append(to, id)
	}
	switch st.Op {
	case model.StepRename:
		add(st.To)
	case model.StepRoute:
		for _, c := range st.Cases {
			add(c.To)
		}
		add(st.Else)
	case model.StepRouteLive:
		for _, c := range st.LiveCases {
			add(c)
		}
		add(st.Else)
	}
	return to
}
