package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"rulebench/analysis"
	"rulebench/model"
)

// maxFixRounds bounds how many times fix makes the fixes of the findings
// and analyses the files again. A fix that changes a listed file makes the
// listing's finding appear at the next round, so two rounds settle every
// fix rulebench knows today; the rest is room.
const maxFixRounds = 8

// fixedFile is one file `rulebench fix` changes: its bytes as read and as
// fixed, and the values changed.
type fixedFile struct {
	Name     string
	Old, New []byte
	Changes  []fixChange
	// round is the last round that changed the file.
	round int
}

// fixChange is one value fix writes: where (the JSON path of the value),
// the code of the finding it mends, and the value before and after.
type fixChange struct {
	Path     string
	Code     model.Code
	Old, New any
}

// fixPlan is what `rulebench fix` does: the files it changes, in the order
// they are to be written (a listed file before the file that lists it).
type fixPlan struct {
	Files []*fixedFile
}

// errUnsettled is the error of fixes that still leave findings to fix
// after maxFixRounds rounds.
var errUnsettled = fmt.Errorf("the fixes did not settle after %d rounds; nothing was changed", maxFixRounds)

// planFixes makes in memory exactly the fixes the findings of an analysed
// workspace carry, and nothing else: every fix whose edits overlap no
// fix taken before it; then it reads the workspace again with those bytes
// (reload) and analyses it, and makes the fixes its findings carry, until
// no finding carries one. Every change is thus the fix of a finding the
// analysis reports at that round: a fix that changes a locale file is
// followed by the fix of the manifest's checksum of it.
//
// The error is for a fix that does not fit its file, fixes that do not
// settle in maxFixRounds rounds, a workspace that cannot be read again, or
// an analysis that failed.
func planFixes(a *analysis.Result, reload func(files map[string][]byte) (*model.Workspace, error)) (*fixPlan, error) {
	read := a.Workspace
	state := map[string][]byte{} // the bytes of the files fixed so far
	files := map[string]*fixedFile{}
	var order []string
	for round := 1; ; round++ {
		var fixes []*model.Fix
		var mends []model.Diagnostic
		for _, d := range a.Findings {
			if d.Fix != nil {
				fixes, mends = append(fixes, d.Fix), append(mends, d)
			}
		}
		if len(fixes) == 0 {
			break
		}
		if round > maxFixRounds {
			return nil, errUnsettled
		}
		ws := a.Workspace
		now := make(map[string][]byte, len(ws.Files))
		for name, f := range ws.Files {
			now[name] = f.Data
		}
		out, taken, err := model.ApplyFixes(now, fixes)
		if err != nil {
			return nil, err
		}
		for i, fix := range fixes {
			if !slices.Contains(taken, fix) {
				continue
			}
			for _, e := range fix.Edits {
				ff := files[e.File]
				if ff == nil {
					old := read.Files[e.File]
					if old == nil {
						return nil, fmt.Errorf("%s: a fix changes a file that was not read", e.File)
					}
					ff = &fixedFile{Name: e.File, Old: old.Data}
					files[e.File] = ff
					order = append(order, e.File)
				}
				ff.round = round
				ff.record(changeOf(ws.Files[e.File], e, mends[i].Code))
			}
		}
		for name, data := range out {
			state[name] = data
		}
		next, err := reload(state)
		if err != nil {
			return nil, err
		}
		if a = analysis.Run(next, analysis.Options{Policy: a.Policy()}); a.Failed() != "" {
			return nil, errors.New(a.Failed())
		}
	}
	plan := &fixPlan{}
	for _, name := range order {
		ff := files[name]
		ff.New = state[name]
		if bytes.Equal(ff.New, ff.Old) {
			continue // changed, then changed back (a listing of a file fixed back to what it lists)
		}
		ff.Changes = slices.DeleteFunc(ff.Changes, func(c fixChange) bool { return reflect.DeepEqual(c.Old, c.New) })
		plan.Files = append(plan.Files, ff)
	}
	// A file changed in a later round lists one changed before it: it is
	// written after it.
	slices.SortStableFunc(plan.Files, func(a, b *fixedFile) int { return a.round - b.round })
	return plan, nil
}

// changeOf describes one edit of a file as the value it changes: its JSON
// path, and its value before and after.
func changeOf(f *model.File, e model.FileEdit, code model.Code) fixChange {
	c := fixChange{Path: model.RootPath, Code: code}
	if n := nodeAt(f.Root, e.Start); n != nil {
		c.Path, c.Old = n.Path(), n.Scalar()
	}
	if err := json.Unmarshal([]byte(e.New), &c.New); err != nil {
		c.New = e.New
	}
	return c
}

// record adds a change of a value, or updates the change already made to
// it in an earlier round: it keeps the value as read.
func (ff *fixedFile) record(c fixChange) {
	for i, was := range ff.Changes {
		if was.Path == c.Path {
			ff.Changes[i].New, ff.Changes[i].Code = c.New, c.Code
			return
		}
	}
	ff.Changes = append(ff.Changes, c)
}

// nodeAt returns the value of a tree that starts at byte off, or nil.
func nodeAt(n *model.Node, off int) *model.Node {
	for n != nil {
		if n.Pos().Offset == off {
			return n
		}
		var next *model.Node
		for _, c := range n.Children() {
			if c.Pos().Offset > off {
				break
			}
			next = c
		}
		n = next
	}
	return nil
}
