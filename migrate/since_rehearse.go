package migrate

import (
	"fmt"
	"reflect"
	"slices"

	"rulebench/model"
)

// rehearse runs the sample saves through the pasted ruleset and counts, for
// each lost id, the saves holding a value there and those the draft keeps.
func (a *since) rehearse() {
	a.rep.Saves = make([]*Result, len(a.saves))
	for i, s := range a.saves {
		a.rep.Saves[i] = a.rep.Migrator.RehearseSave(s, a.read[i])
	}
	for k := range a.rep.Lost {
		lo := &a.rep.Lost[k]
		for i, sh := range a.sheets {
			old, ok := held(sh, lo.Kind, lo.List, lo.ID, a.old)
			if !ok {
				continue
			}
			lo.Saves++
			if lo.Step >= 0 && a.rep.Saves[i].Migrated && kept(old, a.rep.Saves[i].Sheet, a.steps[lo.Step], a.cur) {
				lo.Kept++
			}
		}
	}
}

// held returns what a sheet holds at a stored id: the value, or for skills
// and saves the tier and the bonus; for a list its rows, for a column the
// rows' values.
func held(sh State, kind, list, id string, rs *model.Ruleset) (any, bool) {
	b := sh.Build
	switch kind {
	case KindAbility, KindField:
		v, ok := record(b, renameRecord[kind])[id]
		return v, ok
	case KindSkill, KindSave:
		v, ok1 := record(b, renameRecord[kind])[id]
		bonus, ok2 := record(b, "bonuses")[id]
		return [2]any{v, bonus}, ok1 || ok2
	case KindList:
		rows, _ := record(b, "lists")[id].([]any)
		return rows, len(rows) > 0
	case KindColumn:
		rows, _ := record(b, "lists")[list].([]any)
		for _, r := range rows {
			if row, ok := r.(map[string]any); ok {
				if _, ok := row[id]; ok {
					return nil, true
				}
			}
		}
	case KindPool:
		v, ok := record(sh.Live, "pools")[id]
		return v, ok
	case KindTrack:
		part := "tracks"
		if t := rs.Sheet.Track(id); t != nil && t.Wound() {
			part = "wounds"
		}
		v, ok := record(sh.Live, part)[id]
		return v, ok
	}
	return nil, false
}

// kept tells whether the migrated sheet holds the old value where the step
// sends it.
func kept(old any, sh State, st DraftStep, cur *model.Ruleset) bool {
	switch st.Op {
	case model.StepRename:
		v, _ := held(sh, st.Kind, "", st.To, cur)
		if pair, ok := old.([2]any); ok {
			now := v.([2]any)
			return (pair[0] == nil || reflect.DeepEqual(pair[0], now[0])) && (pair[1] == nil || reflect.DeepEqual(pair[1], now[1]))
		}
		return reflect.DeepEqual(old, v)
	case model.StepRoute:
		dests := []string{st.Else}
		for _, c := range st.Cases {
			dests = append(dests, c.To)
		}
		return slices.ContainsFunc(dests, func(d string) bool {
			v, ok := held(sh, KindField, "", d, cur)
			return ok && reflect.DeepEqual(old, v)
		})
	case model.StepRouteLive:
		return slices.ContainsFunc(append(slices.Clone(st.LiveCases), st.Else), func(d string) bool {
			v, ok := held(sh, st.Kind, "", d, cur)
			return ok && reflect.DeepEqual(old, v)
		})
	}
	return false
}

// findings reports the lost ids, a sheet.version that did not go up and the
// enum values no longer offered that saves hold.
func (a *since) findings() {
	counted := 0
	for _, sh := range a.sheets {
		if sh.Build != nil {
			counted++
		}
	}
	lostR := model.NewReporter(a.old.File, a.old.Root, model.Migrations)
	for _, lo := range a.rep.Lost {
		what := (&sid{kind: lo.Kind, id: lo.ID, list: lo.List, label: lo.Label}).name()
		hint := "; nothing added in this version takes its values (it needs a decision)"
		if lo.Step >= 0 {
			hint = fmt.Sprintf("; the draft's steps.%d would move it", lo.Step)
			if lo.Saves > 0 {
				hint += fmt.Sprintf(", keeping %d of the %d", lo.Kept, lo.Saves)
			}
		}
		gone := fmt.Sprintf("the %s of sheet version %d is gone in version %d and no migration moves its values", what, a.rep.From, a.rep.To)
		if a.rep.Unchanged {
			gone = fmt.Sprintf("the %s is gone while sheet.version is still %d, so no migration can move its values", what, a.rep.To)
		}
		held := fmt.Sprintf("%d of %d sample saves hold a value there", lo.Saves, counted)
		if counted == 0 {
			held = "no sample save could be read to count its values"
		}
		lostR.AtPath(model.Error, lo.Path, CodeSinceLost, "%s: %s%s", gone, held, hint)
	}
	a.rep.Diagnostics = append(a.rep.Diagnostics, lostR.Diagnostics()...)
	curR := model.NewReporter(a.cur.File, a.cur.Root, model.Migrations)
	if a.rep.Unchanged && len(a.rep.Lost) > 0 {
		curR.AtPath(model.Error, "sheet.version", CodeSinceVersionUnchanged,
			"stored ids of sheet version %d are gone (%d) but sheet.version is still %d, so no migration entry can run; raise it to %d and add an entry from %d",
			a.rep.From, len(a.rep.Lost), a.rep.To, a.rep.From+1, a.rep.From)
	}
	a.enumWarnings(curR)
	a.rep.Diagnostics = append(a.rep.Diagnostics, curR.Diagnostics()...)
}

// enumWarnings: enum values of the old sheet (fields and list columns) that
// the new sheet's field no longer offers, counted in the saves that hold
// them.
func (a *since) enumWarnings(r *model.Reporter) {
	renamed := map[string]string{}
	for _, s := range a.steps {
		if s.Op == model.StepRename && s.Kind == KindField {
			renamed[s.From] = s.To
		}
	}
	curEnums := enumsByID(a.cur.Sheet.Fields)
	for _, of := range a.old.Sheet.Fields {
		if of == nil || of.Type != model.TypeEnum {
			continue
		}
		id := of.ID
		if to, ok := renamed[id]; ok {
			id = to
		}
		for _, i := range curEnums[id] {
			cf := a.cur.Sheet.Fields[i]
			a.enumDropped(r, of, cf, fmt.Sprintf("sheet.fields.%d.values", i), func(sh State, v string) bool {
				x, _ := record(sh.Build, "fields")[of.ID].(string)
				return x == v
			}, fmt.Sprintf("the field %q", cf.ID))
		}
	}
	curLists := map[string][]int{}
	for i, cl := range a.cur.Sheet.Lists {
		if cl != nil {
			curLists[cl.ID] = append(curLists[cl.ID], i)
		}
	}
	for _, ol := range a.old.Sheet.Lists {
		if ol == nil {
			continue
		}
		for _, li := range curLists[ol.ID] {
			cl := a.cur.Sheet.Lists[li]
			curCols := enumsByID(cl.Columns)
			for _, oc := range ol.Columns {
				if oc == nil || oc.Type != model.TypeEnum {
					continue
				}
				for _, ci := range curCols[oc.ID] {
					cc := cl.Columns[ci]
					a.enumDropped(r, oc, cc, fmt.Sprintf("sheet.lists.%d.columns.%d.values", li, ci), func(sh State, v string) bool {
						rows, _ := record(sh.Build, "lists")[ol.ID].([]any)
						return slices.ContainsFunc(rows, func(row any) bool {
							m, _ := row.(map[string]any)
							x, _ := m[oc.ID].(string)
							return x == v
						})
					}, fmt.Sprintf("the column %q of the list %q", cc.ID, cl.ID))
				}
			}
		}
	}
}

// enumsByID lists where the enum fields of fields are, by id.
func enumsByID(fields []*model.Field) map[string][]int {
	out := map[string][]int{}
	for i, f := range fields {
		if f != nil && f.Type == model.TypeEnum {
			out[f.ID] = append(out[f.ID], i)
		}
	}
	return out
}

func (a *since) enumDropped(r *model.Reporter, of, cf *model.Field, path string, holds func(State, string) bool, what string) {
	offered := make(map[string]bool, len(cf.Values))
	for _, v := range cf.Values {
		offered[v] = true
	}
	for _, v := range of.Values {
		if offered[v] {
			continue
		}
		n := 0
		for _, sh := range a.sheets {
			if sh.Build != nil && holds(sh, v) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		saves := "sample saves hold it"
		if n == 1 {
			saves = "sample save holds it"
		}
		r.AtPath(model.Warning, path, CodeSinceEnumValue,
			"%s no longer offers %q (sheet version %d did) and %d %s: the sheets keep the value, but the editor no longer offers it",
			what, v, a.rep.From, n, saves)
	}
}
