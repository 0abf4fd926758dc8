package migrate

import (
	"fmt"
	"maps"
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
	V     int            `json:"v"`
	Build map[string]any `json:"build"`
	Live  map[string]any `json:"live,omitempty"`
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
	Path string `json:"path"`
	Op   string `json:"op"`
	Old  any    `json:"old,omitempty"`
	New  any    `json:"new,omitempty"`
	segs []string
}

// StepTrace is what one step did to one save, made for display: structured
// values, no prose.
type StepTrace struct {
	// Entry is the entry's index in sheet.migrations, From its from version
	// and Step the step's index in the entry; Path is the step's JSON path.
	Entry int    `json:"entry"`
	From  int    `json:"from"`
	Step  int    `json:"step"`
	Path  string `json:"path"`
	// Op is rename, route, routeLive or setColumn; Kind the rename kind
	// (ability, skill, save, field) or the routeLive kind (pool, track).
	Op   string `json:"op"`
	Kind string `json:"kind,omitempty"`
	// Source and Destination are where the step reads and writes, as paths
	// in the save (build.fields.xp, live.pools.hit_dice). setColumn writes
	// build.lists.<list>.*.<column>.
	Source      string  `json:"source"`
	Destination string  `json:"destination"`
	Outcome     Outcome `json:"outcome"`
	// Value is the value the step moved or would have moved: the saved
	// value, a route's default, setColumn's new value.
	Value any `json:"value"`
	// Existing is the value already at the destination (kept-existing,
	// dropped-old-key).
	Existing any `json:"existing,omitempty"`
	// Count is the number of rows setColumn changed (0 for other steps).
	Count int `json:"count"`
	// By is the text a route read its words from, and Matched the
	// destinations of the cases those words named.
	By      any      `json:"by,omitempty"`
	Matched []string `json:"matched,omitempty"`
	// Shown lists the routeLive cases the migrated sheet shows.
	Shown []string `json:"shown,omitempty"`
	// Changes is the diff of the save around this step.
	Changes []Change `json:"changes"`

	order int
}

// EntryRun says whether an entry's build steps ran on a save (its routeLive
// steps run on every save).
type EntryRun struct {
	Entry int  `json:"entry"`
	From  int  `json:"from"`
	Ran   bool `json:"ran"`
}

// Result is a save rehearsed through a ruleset's migrations.
type Result struct {
	File string `json:"file"`
	// From is the save's version, To the version of Sheet: sheet.version,
	// or the save's own version when it could not be migrated.
	From int  `json:"from"`
	To   int  `json:"to"`
	OK   bool `json:"ok"`
	// Migrated tells whether the chain ran (the save could be read and was
	// not newer than the ruleset); Sheet is then at sheet.version.
	Migrated bool `json:"migrated"`
	// Sheet is the migrated save, or the save as read when it was not
	// migrated (empty, with a nil Build, when it could not be read). It
	// shares the values no step changed with the input save: Clone it before
	// editing either.
	Sheet State `json:"sheet"`
	// Trace lists every step that ran, entries in ascending from, steps in
	// file order.
	Trace   []StepTrace `json:"trace"`
	Entries []EntryRun  `json:"entries"`
	// Diagnostics are the findings about this save, located in it.
	Diagnostics []model.Diagnostic `json:"diagnostics"`
	// Original is the save as read.
	Original State `json:"-"`
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

// Migrator applies one ruleset's migrations to saves. It is made once per
// ruleset and may be used for any number of saves, from one goroutine at a
// time or several (Apply does not change it).
type Migrator struct {
	rs      *model.Ruleset
	plan    []Entry
	steps   []compiled
	version int
}

// compiled is a step with what can be worked out once per ruleset.
type compiled struct {
	chainStep
	from  int
	order int
	// route: each case's words, folded
	words [][]string
	// routeLive track: where the value is stored (wounds or tracks)
	livePart string
	// source and destination paths for the trace
	source, dest string
}

// New prepares a ruleset's migrations for Apply.
func New(rs *model.Ruleset) *Migrator {
	m := &Migrator{rs: rs}
	if rs == nil {
		return m
	}
	m.version = rs.Sheet.Version
	m.plan = Plan(rs)
	for i, cs := range chain(m.plan) {
		c := compiled{chainStep: cs, order: i}
		for _, e := range m.plan {
			if e.Index == cs.entry {
				c.from = e.From
			}
		}
		s := cs.step
		switch s.Op {
		case model.StepRename:
			rec := renameRecord[s.What]
			c.source, c.dest = "build."+rec+"."+s.From, "build."+rec+"."+s.To
		case model.StepRoute:
			c.source = "build.fields." + s.Field
			for _, rc := range s.Cases {
				var ws []string
				for _, w := range rc.Words {
					ws = append(ws, Fold(w))
				}
				c.words = append(c.words, ws)
			}
		case model.StepRouteLive:
			c.livePart = "pools"
			if s.What == "track" {
				c.livePart = m.trackPart(s)
			}
			c.source = "live." + c.livePart + "." + s.From
		case model.StepSetColumn:
			c.source = "build.lists." + s.List
			c.dest = c.source + ".*." + s.Column
		}
		m.steps = append(m.steps, c)
	}
	return m
}

// trackPart says where a routeLive track step's values live: under wounds
// when its destinations are wound tracks, under tracks when plain.
func (m *Migrator) trackPart(s *model.Step) string {
	for _, id := range append(append([]string(nil), s.LiveCases...), s.Else) {
		if t := m.rs.Sheet.Track(id); t != nil {
			if t.Wound() {
				return "wounds"
			}
			return "tracks"
		}
	}
	return "tracks"
}

// Entries returns the entries in the order they run.
func (m *Migrator) Entries() []Entry { return m.plan }

// The build record each rename kind works on.
var renameRecord = map[string]string{"ability": "abilities", "skill": "skills", "save": "saves", "field": "fields"}

// Apply rehearses the ruleset's migrations on a save (decisions §4).
func Apply(rs *model.Ruleset, s *model.Save) *Result { return New(rs).Apply(s) }

// Apply rehearses the migrations on a save: the build steps of every entry
// whose from is at or above the save's v, in ascending from, then the
// routeLive steps of every entry, whatever the save's v; the result is at
// sheet.version. The input save is never changed.
func (m *Migrator) Apply(s *model.Save) *Result {
	r := &Result{Trace: []StepTrace{}, Entries: []EntryRun{}, Diagnostics: []model.Diagnostic{}}
	if s == nil {
		s = &model.Save{}
	}
	r.File = s.File
	r.From, r.To = s.V, s.V
	r.Original = State{V: s.V, Build: s.Build, Live: s.Live}
	r.Sheet = r.Original
	switch {
	case m.rs == nil:
		r.errorf(s, model.RootPath, "migration-no-ruleset", "there is no ruleset to migrate the save with")
	case m.version < 1:
		r.errorf(s, model.RootPath, "migration-no-version", "the ruleset has no valid sheet.version, so saves cannot be migrated")
	case s.V < 1:
		r.errorf(s, "v", "save-version", "the save has no valid version v, so it cannot be migrated")
	case s.V > m.version:
		r.errorf(s, "v", "save-newer",
			"the save was written under sheet version %d, newer than this ruleset's sheet.version %d; it cannot be migrated back", s.V, m.version)
	default:
		m.run(s, r)
	}
	r.OK = !model.HasErrors(r.Diagnostics)
	return r
}

// Rehearse reads a save file's bytes with model.DecodeSave and applies the
// migrations to it. The findings made reading the save come first among the
// result's diagnostics; a save that cannot be read (not JSON, no valid v, no
// build object) is not migrated.
func (m *Migrator) Rehearse(file string, data []byte) *Result {
	s, read := model.DecodeSave(file, data)
	var r *Result
	if s.Root == nil || s.V < 1 || s.Build == nil {
		// Sheet stays empty: there is no stored sheet to show.
		r = &Result{File: file, From: s.V, To: s.V, Trace: []StepTrace{}, Entries: []EntryRun{}, Diagnostics: []model.Diagnostic{}}
		if !model.HasErrors(read) {
			r.errorf(s, model.RootPath, "save-unreadable", "the save has no valid v and build, so it cannot be migrated")
		}
	} else {
		r = m.Apply(s)
	}
	r.Diagnostics = append(read, r.Diagnostics...)
	if r.Diagnostics == nil {
		r.Diagnostics = []model.Diagnostic{}
	}
	r.OK = !model.HasErrors(r.Diagnostics)
	return r
}

func (r *Result) errorf(s *model.Save, path, code, format string, args ...any) {
	d := model.Errorf(s.File, path, code, format, args...)
	if s.Root != nil {
		model.Locate(&d, s.Root)
	} else {
		d.Line, d.Column = 1, 1
	}
	r.Diagnostics = append(r.Diagnostics, d)
}

// run applies the chain to a save that can be migrated.
func (m *Migrator) run(s *model.Save, r *Result) {
	a := &applier{m: m, save: s, r: r}
	a.build = maps.Clone(s.Build)
	if a.build == nil {
		a.build = map[string]any{}
	}
	if s.Live != nil {
		a.live = maps.Clone(s.Live)
	}
	for _, e := range m.plan {
		r.Entries = append(r.Entries, EntryRun{Entry: e.Index, From: e.From, Ran: s.V <= e.From})
	}
	// Build steps first: routeLive reads the migrated build, and build and
	// live steps touch different parts, so the trace can then be merged back
	// into running order.
	var built, lived []StepTrace
	for i := range m.steps {
		c := &m.steps[i]
		if c.step.Op != model.StepRouteLive && s.V <= c.from {
			built = append(built, a.buildStep(c))
		}
	}
	for i := range m.steps {
		c := &m.steps[i]
		if c.step.Op == model.StepRouteLive {
			lived = append(lived, a.routeLive(c))
		}
	}
	r.Trace = merge(built, lived)
	r.To, r.Migrated = m.version, true
	r.Sheet = State{V: m.version, Build: a.build, Live: a.live}
	if len(built) > 0 && a.buildChanged {
		if size := sheetSize(m.version, a.build); size > model.MaxSheetBytes {
			r.errorf(s, "build", "sheet-size",
				"the migrated sheet is %d bytes; the Engine keeps at most %d, so it would drop it (copies never delete the old values)", size, model.MaxSheetBytes)
		}
	}
}

// merge interleaves two traces, each in running order.
func merge(a, b []StepTrace) []StepTrace {
	out := make([]StepTrace, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].order < b[0].order {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// applier holds one save being migrated. Containers are copied the first
// time a step writes to them, so the input save stays as it was.
type applier struct {
	m            *Migrator
	save         *model.Save
	r            *Result
	build, live  map[string]any
	owned        map[string]bool
	buildChanged bool
	view         *view
}

func (c *compiled) trace() StepTrace {
	return StepTrace{Entry: c.entry, From: c.from, Step: c.index, Path: c.path(""), Op: c.step.Op, Kind: c.step.What,
		Source: c.source, Destination: c.dest, Changes: []Change{}, order: c.order}
}

func (a *applier) buildStep(c *compiled) StepTrace {
	t := c.trace()
	switch c.step.Op {
	case model.StepRename:
		a.rename(c, &t)
	case model.StepRoute:
		a.route(c, &t)
	case model.StepSetColumn:
		a.setColumn(c, &t)
	}
	return t
}

// writable returns top[key] as a map this save owns, copying or making it
// first; nil when the value there is not an object.
func (a *applier) writable(top map[string]any, part, key string) map[string]any {
	name := part + "." + key
	if a.owned[name] {
		return top[key].(map[string]any)
	}
	var m map[string]any
	switch x := top[key].(type) {
	case nil:
		if _, present := top[key]; present {
			return nil
		}
		m = map[string]any{}
	case map[string]any:
		m = maps.Clone(x)
	default:
		return nil
	}
	top[key] = m
	if a.owned == nil {
		a.owned = map[string]bool{}
	}
	a.owned[name] = true
	return m
}

// copyValue copies build[rec][from] to build[rec][to] unless to already
// holds a value, and records the change.
func (a *applier) copyValue(t *StepTrace, rec, from, to string) (Outcome, any, any) {
	src := record(a.build, rec)
	v, ok := src[from]
	if !ok {
		return NoValue, nil, nil
	}
	if old, ok := src[to]; ok {
		return KeptExisting, v, old
	}
	dst := a.writable(a.build, "build", rec)
	dst[to] = v
	a.buildChanged = true
	t.Changes = append(t.Changes, Change{Path: "build." + rec + "." + to, Op: ChangeAdd, New: v, segs: []string{"build", rec, to}})
	return Moved, v, nil
}

func (a *applier) rename(c *compiled, t *StepTrace) {
	s := c.step
	rec := renameRecord[s.What]
	if rec == "" || s.From == "" || s.To == "" {
		t.Outcome = NoValue
		return
	}
	t.Outcome, t.Value, t.Existing = a.copyValue(t, rec, s.From, s.To)
	if s.What != "skill" && s.What != "save" {
		return
	}
	// Skills and saves carry their bonus along.
	bo, bv, bold := a.copyValue(t, "bonuses", s.From, s.To)
	switch {
	case t.Outcome == Moved || bo == Moved:
		t.Outcome = Moved
	case t.Outcome == KeptExisting || bo == KeptExisting:
		t.Outcome = KeptExisting
	}
	if t.Value == nil {
		t.Value, t.Existing = bv, bold
	}
}

func (a *applier) route(c *compiled, t *StepTrace) {
	s := c.step
	fields := record(a.build, "fields")
	// by is read as saved (an id an earlier entry renamed away is still
	// there: renames copy); without a saved value, the field's default.
	by, ok := fields[s.By]
	if !ok {
		if f := a.m.rs.Sheet.Field(s.By); f != nil {
			by = fieldDefault(f)
		}
	}
	t.By = by
	dest := s.Else
	var matched []string
	if text, ok := by.(string); ok {
		words := Words(text)
		for k, caseWords := range c.words {
			if anyShared(caseWords, words) {
				matched = append(matched, s.Cases[k].To)
			}
		}
	}
	t.Matched = matched
	if len(matched) == 1 {
		dest = matched[0]
	}
	t.Destination = "build.fields." + dest
	v, have := fields[s.Field]
	switch {
	case have:
		t.Outcome = Moved
		if len(matched) != 1 {
			t.Outcome = Else
		}
	case s.HasDefault:
		v, t.Outcome = s.Default, Default
	default:
		t.Outcome = NoValue
		return
	}
	t.Value = v
	if dest == "" {
		t.Outcome = NoValue
		return
	}
	if old, ok := fields[dest]; ok {
		t.Outcome, t.Existing = KeptExisting, old
		return
	}
	dst := a.writable(a.build, "build", "fields")
	if dst == nil {
		t.Outcome = NoValue
		return
	}
	dst[dest] = v
	a.buildChanged = true
	t.Changes = append(t.Changes, Change{Path: t.Destination, Op: ChangeAdd, New: v, segs: []string{"build", "fields", dest}})
}

// anyShared tells whether the two word lists share a word.
func anyShared(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func (a *applier) setColumn(c *compiled, t *StepTrace) {
	s := c.step
	t.Value = s.Value
	t.Outcome = NoValue
	rows, ok := record(a.build, "lists")[s.List].([]any)
	if !ok || s.Column == "" {
		return
	}
	var out []any // the list's rows, copied at the first change
	matched := false
	for i, r := range rows {
		row, ok := r.(map[string]any)
		if !ok || !a.rowMatches(s, row) {
			continue
		}
		matched = true
		old, had := row[s.Column]
		if had && sameValue(old, s.Value) {
			continue
		}
		if out == nil {
			lists := a.writable(a.build, "build", "lists")
			out = append([]any(nil), rows...)
			lists[s.List] = out
		}
		row = maps.Clone(row)
		row[s.Column] = s.Value
		out[i] = row
		ch := Change{Path: fmt.Sprintf("build.lists.%s.%d.%s", s.List, i, s.Column), Op: ChangeReplace, Old: old, New: s.Value,
			segs: []string{"build", "lists", s.List, strconv.Itoa(i), s.Column}}
		if !had {
			ch.Op, ch.Old = ChangeAdd, nil
		}
		t.Changes = append(t.Changes, ch)
		t.Count++
	}
	if matched {
		t.Outcome = Set
	}
	if t.Count > 0 {
		a.buildChanged = true
	}
}

// rowMatches: each where column holds one of its values (text ignoring case
// and surrounding spaces, numbers and booleans exactly). A row without the
// column does not match.
func (a *applier) rowMatches(s *model.Step, row map[string]any) bool {
	for _, w := range s.Where {
		cell, ok := row[w.Column]
		if !ok {
			return false
		}
		hit := false
		for _, want := range w.Values {
			if whereEqual(cell, want) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

func whereEqual(cell, want any) bool {
	if ws, ok := want.(string); ok {
		cs, ok := cell.(string)
		return ok && (cs == ws || foldTrim(cs) == foldTrim(ws))
	}
	return sameValue(cell, want)
}

// sameValue compares two scalars exactly.
func sameValue(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

func (a *applier) routeLive(c *compiled) StepTrace {
	t := c.trace()
	s := c.step
	part := record(a.live, c.livePart)
	old, ok := part[s.From]
	if !ok || s.From == "" {
		t.Outcome = NoValue
		if c.livePart != "pools" {
			other := "tracks"
			if c.livePart == "tracks" {
				other = "wounds"
			}
			if x, found := record(a.live, other)[s.From]; found {
				a.r.Diagnostics = append(a.r.Diagnostics, a.warnAt("live."+other+"."+s.From, "migration-live-kind",
					"%s holds %s, but the step's tracks carry %s (%s); the value is not moved",
					"live."+other+"."+s.From, kind(x), map[string]string{"wounds": "marks", "tracks": "numbers"}[c.livePart], t.Path))
			}
		}
		return t
	}
	t.Value = old
	if a.view == nil {
		a.view = newView(a.m.rs, a.build)
	}
	for _, id := range s.LiveCases {
		if (s.What == "pool" && a.view.poolShown(id)) || (s.What == "track" && a.view.trackShown(id)) {
			t.Shown = append(t.Shown, id)
		}
	}
	dest := s.Else
	if len(t.Shown) > 0 {
		dest = t.Shown[0]
	}
	if len(t.Shown) > 1 {
		a.r.Diagnostics = append(a.r.Diagnostics, a.warnAt(t.Source, "migration-several-shown",
			"the migrated sheet shows %d of the cases of %s (%s); the first, %q, takes the value",
			len(t.Shown), t.Path, strings.Join(t.Shown, ", "), dest))
	}
	t.Destination = "live." + c.livePart + "." + dest
	w := a.writableLive(c.livePart)
	if w == nil || dest == "" {
		t.Outcome = NoValue
		return t
	}
	delete(w, s.From)
	t.Changes = append(t.Changes, Change{Path: t.Source, Op: ChangeRemove, Old: old, segs: []string{"live", c.livePart, s.From}})
	if cur, exists := w[dest]; exists {
		t.Outcome, t.Existing = DroppedOldKey, cur
		return t
	}
	w[dest] = old
	t.Changes = append(t.Changes, Change{Path: t.Destination, Op: ChangeAdd, New: old, segs: []string{"live", c.livePart, dest}})
	t.Outcome = Moved
	return t
}

func (a *applier) writableLive(part string) map[string]any {
	if a.live == nil {
		return nil
	}
	return a.writable(a.live, "live", part)
}

func (a *applier) warnAt(path, code, format string, args ...any) model.Diagnostic {
	d := model.Warnf(a.save.File, path, code, format, args...)
	if a.save.Root != nil {
		model.Locate(&d, a.save.Root)
	}
	return d
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
