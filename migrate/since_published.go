package migrate

import (
	"fmt"
	"reflect"
	"strings"

	"rulebench/model"
)

// Finding codes of the comparison with the previous published version's
// sheet.migrations (decisions §7: a published entry is never deleted).
//
//rulebench:category migrations
const (
	// CodeSinceEntryDeleted: a sheet.migrations entry the previous version published is gone.
	//
	// Why: players' saves at or below the entry's `from` still need it to reach the current sheet;
	// without it the Engine moves them no further and their values stay where nothing reads them
	// (decisions §7: a published entry is never deleted).
	//
	// Fix: put the entry back as it was published, and add the new steps in a new entry from the
	// current version: `{ "from": 2, "steps": [...] }` kept, `{ "from": 3, "steps": [...] }` added.
	CodeSinceEntryDeleted model.Code = "since-entry-deleted"
	// CodeSinceEntryChanged: a sheet.migrations entry the previous version published has another from or other steps.
	//
	// Why: saves the published entry already moved are not moved again, so a changed entry moves
	// the saves still at or below its `from` differently from the ones already moved, or not at
	// all (decisions §7).
	//
	// Fix: restore the entry as it was published (only its `$comment` may change) and put the new
	// steps in a new entry from the current version, raising `sheet.version`.
	CodeSinceEntryChanged model.Code = "since-entry-changed"
)

// maxNamedSaves is how many stranded saves a finding names; it counts the
// rest.
const maxNamedSaves = 5

// PublishedEntries compares old's sheet.migrations, the published entries,
// with cur's: an entry of old that cur no longer has is an error in old's
// file at the entry, one whose steps differ (or that moved to another
// from) an error in cur's file at its entry. Each names how many of the
// sample saves lie at or below the entry's from, and so depend on it, and
// which. Steps are compared as the Engine reads them: $comment members and
// the layout of the text play no part.
func PublishedEntries(old, cur *model.Ruleset, saves []*model.Save) []model.Diagnostic {
	if old == nil || cur == nil {
		return nil
	}
	curByFrom := map[int]int{}
	for i, e := range cur.Sheet.Migrations {
		if e == nil {
			continue
		}
		if _, ok := curByFrom[e.From]; !ok {
			curByFrom[e.From] = i
		}
	}
	oldFroms := map[int]bool{}
	for _, e := range old.Sheet.Migrations {
		if e != nil {
			oldFroms[e.From] = true
		}
	}
	oldR := model.NewReporter(old.File, old.Root, model.Migrations)
	curR := model.NewReporter(cur.File, cur.Root, model.Migrations)
	for i, e := range old.Sheet.Migrations {
		if e == nil || e.Node == nil || e.From < 1 {
			continue
		}
		steps := stepsOf(e)
		stranded := strandedSaves(saves, e.From)
		if j, ok := curByFrom[e.From]; ok {
			c := cur.Sheet.Migrations[j]
			if !reflect.DeepEqual(steps, stepsOf(c)) {
				curR.At(model.Error, c.Node, CodeSinceEntryChanged,
					"the published entry from %d (sheet.migrations.%d of the previous version) has other steps now, so saves at or below version %d move differently from the players' saves it already moved (%s); restore it as published and put new steps in a new entry",
					e.From, i, e.From, stranded)
			}
			continue
		}
		moved := -1
		for j, c := range cur.Sheet.Migrations {
			if c != nil && !oldFroms[c.From] && reflect.DeepEqual(steps, stepsOf(c)) {
				moved = j
				break
			}
		}
		if moved >= 0 {
			c := cur.Sheet.Migrations[moved]
			curR.At(model.Error, c.Node, CodeSinceEntryChanged,
				"the published entry from %d (sheet.migrations.%d of the previous version) now starts from %d, so saves at or below version %d are no longer moved as published (%s); restore its from",
				e.From, i, c.From, e.From, stranded)
			continue
		}
		oldR.At(model.Error, e.Node, CodeSinceEntryDeleted,
			"the published entry from %d is gone from this version, so saves at or below version %d no longer reach the new ids (%s); never delete a published entry: put it back as it was",
			e.From, e.From, stranded)
	}
	return append(oldR.Diagnostics(), curR.Diagnostics()...)
}

// stepsOf is an entry's steps as plain values, without $comment members.
func stepsOf(e *model.Migration) any {
	if e == nil || e.Node == nil {
		return nil
	}
	return e.Node.Get("steps").Interface()
}

// strandedSaves says how many of the sample saves are at or below from
// (those that need the entry), naming the first few.
func strandedSaves(saves []*model.Save, from int) string {
	var names []string
	for _, s := range saves {
		if s != nil && s.Root != nil && s.V >= 1 && s.V <= from {
			names = append(names, s.File)
		}
	}
	if len(names) == 0 {
		return "no sample save is that old"
	}
	shown, more := names, ""
	if len(names) > maxNamedSaves {
		shown, more = names[:maxNamedSaves], fmt.Sprintf(" and %d more", len(names)-maxNamedSaves)
	}
	what := "sample saves"
	if len(names) == 1 {
		what = "sample save"
	}
	return fmt.Sprintf("%d %s stranded: %s%s", len(names), what, strings.Join(shown, ", "), more)
}
