package migrate

import (
	"strconv"
	"strings"

	"rulebench/model"
)

// Outcome says what one step did to a save.
type Outcome string

// The outcomes of a step (decisions §4).
const (
	// Moved: the value went to its destination (a routeLive also dropped
	// the old key).
	Moved Outcome = "moved"
	// KeptExisting: the destination already held a value, which stays.
	KeptExisting Outcome = "kept-existing"
	// NoValue: there was nothing to move (or, for setColumn, no row
	// matched).
	NoValue Outcome = "no-value"
	// Default: a route had no saved value and sent its default.
	Default Outcome = "default"
	// Else: a route found no single matching case and sent the value to
	// else.
	Else Outcome = "else"
	// Set: setColumn changed Count rows.
	Set Outcome = "set"
	// DroppedOldKey: routeLive found the new key already there, so only the
	// old key went.
	DroppedOldKey Outcome = "dropped-old-key"
)

// State is a stored sheet and its live state: what a save file holds. The
// maps hold plain JSON values (map[string]any, []any, string, float64, bool).
type State struct {
	V     int
	Build map[string]any
	Live  map[string]any
}

// Clone returns a deep copy of the state.
func (s State) Clone() State {
	b, _ := deepCopy(s.Build).(map[string]any)
	l, _ := deepCopy(s.Live).(map[string]any)
	return State{V: s.V, Build: b, Live: l}
}

// The kinds of Change.
const (
	ChangeAdd     = "add"
	ChangeRemove  = "remove"
	ChangeReplace = "replace"
)

// Change is one value a step changed in the save: its path (dot-separated
// from the top of the save, list rows by index, as build.fields.level or
// build.lists.attacks.0.ability), what happened to it, and the values before
// and after (Old is absent for an add, New for a remove).
type Change struct {
	Path string
	Op   string
	Old  any
	New  any
	// segs is the path split into keys, when the step knew them; otherwise
	// Path is split at its dots.
	segs []string
}

// Segments returns the keys of the change's path from the top of the save
// (build, then the keys below it; a list row by its index), as the step
// knew them: a key holding a dot stays one segment. The slice is the
// caller's.
func (c Change) Segments() []string {
	if len(c.segs) > 0 {
		return append([]string(nil), c.segs...)
	}
	return strings.Split(c.Path, ".")
}

// StepInfo says which step a trace line is about. It is the same for every
// save a Migrator migrates, so traces share it: treat it as read-only.
type StepInfo struct {
	// Entry is the entry's index in sheet.migrations, From its from version
	// and Step the step's index in the entry; Path is the step's JSON path.
	Entry int
	From  int
	Step  int
	Path  string
	// Op is rename, route, routeLive or setColumn; Kind the rename kind
	// (ability, skill, save, field) or the routeLive kind (pool, track).
	Op   string
	Kind string
	// Source is where the step reads, as a path in the save
	// (build.fields.xp, live.pools.hit_dice).
	Source string
	// ByField is the field a route reads its words from ("" for other
	// steps).
	ByField string
}

// StepTrace is what one step did to one save, made for display: structured
// values, no prose. The StepInfo fields (Entry, From, Step, Path, Op, Kind,
// Source) are promoted, and written flat in JSON.
type StepTrace struct {
	*StepInfo
	// Destination is where the step wrote or would have written, as a path
	// in the save; setColumn writes build.lists.<list>.*.<column>.
	Destination string
	Outcome     Outcome
	// Value is the value the step moved or would have moved: the saved
	// value, a route's default, setColumn's new value.
	Value any
	// Existing is the value already at the destination (kept-existing,
	// dropped-old-key).
	Existing any
	// Count is the number of rows setColumn changed (0 for other steps).
	Count int
	// By is the text a route read its words from, and Matched the
	// destinations of the cases those words named.
	By      any
	Matched []string
	// Shown lists the routeLive cases the migrated sheet shows.
	Shown []string
	// Changes is the diff of the save around this step.
	Changes []Change
}

// EntryRun says whether an entry's build steps ran on a save (its routeLive
// steps run on every save).
type EntryRun struct {
	Entry int
	From  int
	Ran   bool
}

// Result is a save rehearsed through a ruleset's migrations.
type Result struct {
	// File is the save's file name, as its findings give it.
	File string
	// From is the save's version, To the version of Sheet: sheet.version,
	// or the save's own version when it could not be migrated. OK tells
	// whether Diagnostics hold no error.
	From int
	To   int
	OK   bool
	// VOutOfRange tells that the save's v is a number outside 1 to
	// 2147483647 (model.Save.VOutOfRange); From and To are then 0.
	VOutOfRange bool
	// Migrated tells whether the chain ran (the save could be read and was
	// not newer than the ruleset); Sheet is then at sheet.version.
	Migrated bool
	// Sheet is the migrated save, or the save as read when it was not
	// migrated (empty, with a nil Build, when it could not be read). It
	// shares the values no step changed with the input save: Clone it before
	// editing either.
	Sheet State
	// Trace lists every step that ran, entries in ascending from, steps in
	// file order.
	Trace []StepTrace
	// Entries says, for each entry in running order, whether its build
	// steps ran on this save.
	Entries []EntryRun
	// Diagnostics are the findings about this save, located in it.
	Diagnostics []model.Diagnostic
	// Original is the save as read.
	Original State
}

// StateAt returns the save after the first n steps of the trace (0: as
// saved; len(Trace): the migrated sheet), as a new deep copy, so that a
// display can step forwards and back.
func (r *Result) StateAt(n int) State {
	s := r.Original.Clone()
	n = max(0, min(n, len(r.Trace)))
	for _, t := range r.Trace[:n] {
		for _, c := range t.Changes {
			c.applyTo(&s)
		}
	}
	if n == len(r.Trace) {
		s.V = r.To
	}
	return s
}

// applyTo replays a change on a state.
func (c Change) applyTo(s *State) {
	segs := c.segs
	if len(segs) == 0 {
		segs = strings.Split(c.Path, ".")
	}
	if len(segs) < 2 {
		return
	}
	var root *map[string]any
	switch segs[0] {
	case "build":
		root = &s.Build
	case "live":
		root = &s.Live
	default:
		return
	}
	if *root == nil {
		*root = map[string]any{}
	}
	var cur any = *root
	for i, seg := range segs[1:] {
		last := i == len(segs)-2
		switch node := cur.(type) {
		case map[string]any:
			if last {
				if c.Op == ChangeRemove {
					delete(node, seg)
				} else {
					node[seg] = c.New
				}
				return
			}
			next, ok := node[seg]
			if !ok {
				next = map[string]any{}
				node[seg] = next
			}
			cur = next
		case []any:
			k, err := strconv.Atoi(seg)
			if err != nil || k < 0 || k >= len(node) {
				return
			}
			if last {
				node[k] = c.New
				return
			}
			cur = node[k]
		default:
			return
		}
	}
}

// deepCopy copies plain JSON values.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}
