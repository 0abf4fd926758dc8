package migrate

import (
	"maps"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rulebench/model"
)

// Migrator applies one ruleset's migrations to saves. It is made once per
// ruleset (New) and may then migrate any number of saves, from several
// goroutines at once: Apply does not change it.
type Migrator struct {
	rs      *model.Ruleset
	plan    []Entry
	steps   []compiled
	version int
}

// compiled is a step with what can be worked out once per ruleset.
type compiled struct {
	chainStep
	info StepInfo
	// source and destination paths for the trace (the destination of a
	// route or routeLive depends on the save: see dests)
	source, dest string
	// rename of a skill or save: where its bonus goes
	bonusTo string
	// the keys of source, dest and bonusTo, and of each of dests
	sourceKeys, destKeys, bonusKeys []string
	destsKeys                       [][]string
	// route: each case's words, folded, and the destination paths of the
	// cases (cases first, else last)
	words [][]string
	dests []string
	// routeLive: the part of live state the values are in, and the
	// destination paths (cases first, else last)
	livePart string
}

// New prepares a ruleset's migrations for Apply.
func New(rs *model.Ruleset) *Migrator {
	m := &Migrator{rs: rs}
	if rs == nil {
		return m
	}
	m.version = rs.Sheet.Version
	m.plan = Plan(rs)
	steps := chain(m.plan)
	m.steps = make([]compiled, 0, len(steps))
	for _, cs := range steps {
		c := compiled{chainStep: cs}
		s := cs.step
		switch s.Op {
		case model.StepRename:
			rec := renameRecord[s.What]
			c.source, c.dest = "build."+rec+"."+s.From, "build."+rec+"."+s.To
			c.destKeys = []string{"build", rec, s.To}
			c.bonusTo, c.bonusKeys = "build.bonuses."+s.To, []string{"build", "bonuses", s.To}
		case model.StepRoute:
			c.source = "build.fields." + s.Field
			for _, rc := range s.Cases {
				ws := make([]string, 0, len(rc.Words))
				for _, w := range rc.Words {
					ws = append(ws, Fold(w))
				}
				c.words = append(c.words, ws)
				c.dests = append(c.dests, "build.fields."+rc.To)
				c.destsKeys = append(c.destsKeys, []string{"build", "fields", rc.To})
			}
			c.dests = append(c.dests, "build.fields."+s.Else)
			c.destsKeys = append(c.destsKeys, []string{"build", "fields", s.Else})
		case model.StepRouteLive:
			c.livePart = "pools"
			if s.What == "track" {
				c.livePart = m.trackPart(s)
			}
			c.source = "live." + c.livePart + "." + s.From
			c.sourceKeys = []string{"live", c.livePart, s.From}
			for _, id := range append(append([]string(nil), s.LiveCases...), s.Else) {
				c.dests = append(c.dests, "live."+c.livePart+"."+id)
				c.destsKeys = append(c.destsKeys, []string{"live", c.livePart, id})
			}
		case model.StepSetColumn:
			c.source = "build.lists." + s.List
			c.dest = c.source + ".*." + s.Column
		}
		c.info = StepInfo{Entry: c.entry, From: c.from, Step: c.index, Path: cs.path(""), Op: s.Op, Kind: s.What, Source: c.source}
		if s.Op == model.StepRoute {
			c.info.ByField = s.By
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

// Apply rehearses a ruleset's migrations on a save (decisions §4). To
// migrate many saves, make a Migrator once with New.
func Apply(rs *model.Ruleset, s *model.Save) *Result { return New(rs).Apply(s) }

// Apply rehearses the migrations on a save: the build steps of every entry
// whose from is at or above the save's v, in ascending from, and the
// routeLive steps of every entry whatever the save's v, deciding on the
// migrated build; the result is at sheet.version. A save newer than
// sheet.version is an error and is not migrated. The input save is never
// changed.
func (m *Migrator) Apply(s *model.Save) *Result {
	r := &Result{Trace: []StepTrace{}, Entries: []EntryRun{}, Diagnostics: []model.Diagnostic{}}
	if s == nil {
		s = &model.Save{}
	}
	r.File = s.File
	r.From, r.To = s.V, s.V
	r.Original = State{V: s.V, Build: s.Build(), Live: s.Live()}
	r.Sheet = r.Original
	switch {
	case m.rs == nil:
		r.errorf(s, model.RootPath, CodeMigrationNoRuleset, "there is no ruleset to migrate the save with")
	case m.version < 1:
		r.errorf(s, model.RootPath, CodeMigrationNoVersion, "the ruleset has no valid sheet.version, so saves cannot be migrated")
	case s.V < 1:
		r.errorf(s, "v", CodeSaveVersion, "the save has no valid version v, so it cannot be migrated")
	case s.V > m.version:
		r.errorf(s, "v", CodeSaveNewer,
			"the save was written under sheet version %d, newer than this ruleset's sheet.version %d; it cannot be migrated back", s.V, m.version)
	default:
		m.run(s, r)
	}
	r.OK = !model.HasErrors(r.Diagnostics)
	return r
}

// Rehearse reads a save file's bytes with model.DecodeSave and applies the
// migrations to it (see RehearseSave).
func (m *Migrator) Rehearse(file string, data []byte) *Result {
	s, read := model.DecodeSave(file, data)
	return m.RehearseSave(s, read)
}

// RehearseSave applies the migrations to a save already read, whose
// reading found read (model.DecodeSave's findings). Those findings come
// first among the result's diagnostics; a save that could not be read (not
// JSON, no valid v, no build object) is not migrated.
func (m *Migrator) RehearseSave(s *model.Save, read []model.Diagnostic) *Result {
	var r *Result
	if s == nil {
		s = &model.Save{}
	}
	if s.Root == nil || s.V < 1 {
		// Sheet stays empty: there is no stored sheet to show.
		r = &Result{File: s.File, From: s.V, To: s.V, VOutOfRange: s.VOutOfRange, Trace: []StepTrace{}, Entries: []EntryRun{}, Diagnostics: []model.Diagnostic{}}
		if !model.HasErrors(read) {
			r.errorf(s, model.RootPath, CodeSaveUnreadable, "the save has no valid v and build, so it cannot be migrated")
		}
	} else {
		r = m.Apply(s)
	}
	r.Diagnostics = append(append([]model.Diagnostic(nil), read...), r.Diagnostics...)
	if len(r.Diagnostics) == 0 {
		r.Diagnostics = []model.Diagnostic{}
	}
	r.OK = !model.HasErrors(r.Diagnostics)
	return r
}

func (r *Result) errorf(s *model.Save, path string, code model.Code, format string, args ...any) {
	d := model.Errorf(s.File, path, code, format, args...)
	d.Category = model.Saves
	if s.Root != nil {
		model.Locate(&d, s.Root)
	} else {
		d.Line, d.Column = 1, 1
	}
	r.Diagnostics = append(r.Diagnostics, d)
}

// run applies the chain to a save that can be migrated. Build steps run in
// order; each routeLive step keeps its place in the trace but runs after
// the last build step, since it decides on the migrated build (build and
// live steps touch different parts of the save, so the result is the same
// as running them in order on a finished build).
func (m *Migrator) run(s *model.Save, r *Result) {
	a := &applier{m: m, save: s, r: r, build: r.Original.Build, live: r.Original.Live}
	r.Entries = make([]EntryRun, len(m.plan))
	for i, e := range m.plan {
		r.Entries[i] = EntryRun{Entry: e.Index, From: e.From, Ran: s.V <= e.From}
	}
	n := 0
	for i := range m.steps {
		if m.steps[i].step.Op == model.StepRouteLive || s.V <= m.steps[i].from {
			n++
		}
	}
	r.Trace = make([]StepTrace, 0, n)
	a.changes = make([]Change, 0, n)
	live := make([]int, 0, 8) // places in the trace of the routeLive steps
	for i := range m.steps {
		c := &m.steps[i]
		switch {
		case c.step.Op == model.StepRouteLive:
			live = append(live, len(r.Trace))
			r.Trace = append(r.Trace, StepTrace{})
		case s.V <= c.from:
			r.Trace = append(r.Trace, c.trace())
			t := &r.Trace[len(r.Trace)-1]
			start := len(a.changes)
			a.buildStep(c, t)
			t.Changes = a.changes[start:len(a.changes):len(a.changes)]
		}
	}
	k := 0
	for i := range m.steps {
		c := &m.steps[i]
		if c.step.Op != model.StepRouteLive {
			continue
		}
		t := &r.Trace[live[k]]
		k++
		*t = c.trace()
		start := len(a.changes)
		a.routeLive(c, t)
		t.Changes = a.changes[start:len(a.changes):len(a.changes)]
	}
	r.To, r.Migrated = m.version, true
	if a.build == nil {
		a.build = map[string]any{}
	}
	r.Sheet = State{V: m.version, Build: a.build, Live: a.live}
	if a.buildChanged {
		if size := sheetSize(m.version, a.build); size > model.MaxSheetBytes {
			r.errorf(s, "build", model.CodeSheetSize,
				"the migrated sheet is %d bytes; the Engine keeps at most %d, so it would drop it (copies never delete the old values)", size, model.MaxSheetBytes)
		}
	}
}

// applier holds one save being migrated. Containers are copied the first
// time a step writes to them (build and live themselves included), so the
// input save stays as it was.
type applier struct {
	m            *Migrator
	save         *model.Save
	r            *Result
	build, live  map[string]any
	ownBuild     bool // build and live are copies this save owns
	ownLive      bool
	owned        [12][2]string // containers already copied: {"build", "fields"}, {"live", "pools"}...
	nOwned       int
	changes      []Change // every step's changes, one after the other
	buildChanged bool
	view         *view
}

func (c *compiled) trace() StepTrace {
	return StepTrace{StepInfo: &c.info, Destination: c.dest}
}

func (a *applier) buildStep(c *compiled, t *StepTrace) {
	switch c.step.Op {
	case model.StepRename:
		a.rename(c, t)
	case model.StepRoute:
		a.route(c, t)
	case model.StepSetColumn:
		a.setColumn(c, t)
	}
}

func (a *applier) change(c Change) { a.changes = append(a.changes, c) }

// writable returns top[key] as a map this save owns, copying or making it
// first; nil when the value there is not an object.
func (a *applier) writable(root, key string) map[string]any {
	var top map[string]any
	switch root {
	case "build":
		if !a.ownBuild {
			a.build, a.ownBuild = maps.Clone(a.build), true
			if a.build == nil {
				a.build = map[string]any{}
			}
		}
		top = a.build
	default:
		if a.live == nil {
			return nil
		}
		if !a.ownLive {
			a.live, a.ownLive = maps.Clone(a.live), true
		}
		top = a.live
	}
	for _, o := range a.owned[:a.nOwned] {
		if o[0] == root && o[1] == key {
			m, _ := top[key].(map[string]any)
			return m
		}
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
	if a.nOwned < len(a.owned) {
		a.owned[a.nOwned] = [2]string{root, key}
		a.nOwned++
	}
	return m
}

// copyValue copies build[rec][from] to build[rec][to] unless to already
// holds a value, and records the change at path.
func (a *applier) copyValue(rec, from, to, path string, keys []string) (Outcome, any, any) {
	src := record(a.build, rec)
	v, ok := src[from]
	if !ok {
		return NoValue, nil, nil
	}
	if old, ok := src[to]; ok {
		return KeptExisting, v, old
	}
	dst := a.writable("build", rec)
	dst[to] = v
	a.buildChanged = true
	a.change(Change{Path: path, Op: ChangeAdd, New: v, segs: keys})
	return Moved, v, nil
}

func (a *applier) rename(c *compiled, t *StepTrace) {
	s := c.step
	rec := renameRecord[s.What]
	if rec == "" || s.From == "" || s.To == "" {
		t.Outcome = NoValue
		return
	}
	t.Outcome, t.Value, t.Existing = a.copyValue(rec, s.From, s.To, c.dest, c.destKeys)
	if s.What != "skill" && s.What != "save" {
		return
	}
	// Skills and saves carry their bonus along.
	bo, bv, bold := a.copyValue("bonuses", s.From, s.To, c.bonusTo, c.bonusKeys)
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
	chosen := len(c.dests) - 1 // else
	if text, ok := by.(string); ok {
		n := 0
		for k, caseWords := range c.words {
			if hasWord(text, caseWords) {
				t.Matched = append(t.Matched, s.Cases[k].To)
				chosen, n = k, n+1
			}
		}
		if n != 1 {
			chosen = len(c.dests) - 1
		}
	}
	dest := s.Else
	if chosen < len(s.Cases) {
		dest = s.Cases[chosen].To
	}
	t.Destination = c.dests[chosen]
	v, have := fields[s.Field]
	switch {
	case have:
		t.Outcome = Moved
		if chosen == len(c.dests)-1 {
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
	dst := a.writable("build", "fields")
	if dst == nil {
		t.Outcome = NoValue
		return
	}
	dst[dest] = v
	a.buildChanged = true
	a.change(Change{Path: t.Destination, Op: ChangeAdd, New: v, segs: c.destsKeys[chosen]})
}

// hasWord tells whether one of text's words (maximal runs of letters,
// folded) is one of the folded words. ASCII words are compared without
// making new strings.
func hasWord(text string, folded []string) bool {
	start := -1
	ascii := true
	for i := 0; i <= len(text); {
		r, size := rune(0), 1
		if i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if i < len(text) && unicode.IsLetter(r) {
			if start < 0 {
				start, ascii = i, true
			}
			if r >= utf8.RuneSelf {
				ascii = false
			}
			i += size
			continue
		}
		if start >= 0 {
			w := text[start:i]
			for _, f := range folded {
				if (ascii && asciiFoldEqual(w, f)) || (!ascii && Fold(w) == f) {
					return true
				}
			}
			start = -1
		}
		i += size
	}
	return false
}

// asciiFoldEqual compares an ASCII word with a folded word.
func asciiFoldEqual(w, folded string) bool {
	if len(w) != len(folded) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != folded[i] {
			return false
		}
	}
	return true
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
		if !ok || !rowMatches(s, row) {
			continue
		}
		matched = true
		old, had := row[s.Column]
		if had && model.SameScalar(old, s.Value) {
			continue
		}
		if out == nil {
			lists := a.writable("build", "lists")
			out = append([]any(nil), rows...)
			lists[s.List] = out
		}
		row = maps.Clone(row)
		row[s.Column] = s.Value
		out[i] = row
		ch := Change{Path: c.source + "." + strconv.Itoa(i) + "." + s.Column, Op: ChangeReplace, Old: old, New: s.Value,
			segs: []string{"build", "lists", s.List, strconv.Itoa(i), s.Column}}
		if !had {
			ch.Op, ch.Old = ChangeAdd, nil
		}
		a.change(ch)
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
func rowMatches(s *model.Step, row map[string]any) bool {
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
	return model.SameScalar(cell, want)
}

func (a *applier) routeLive(c *compiled, t *StepTrace) {
	s := c.step
	part := record(a.live, c.livePart)
	old, ok := part[s.From]
	if !ok || s.From == "" {
		t.Outcome = NoValue
		a.wrongPart(c, t)
		return
	}
	t.Value = old
	if a.view == nil {
		a.view = newView(a.m.rs, a.build)
	}
	chosen := len(c.dests) - 1 // else
	for k, id := range s.LiveCases {
		if (s.What == "pool" && a.view.poolShown(id)) || (s.What == "track" && a.view.trackShown(id)) {
			if t.Shown == nil {
				chosen = k
			}
			t.Shown = append(t.Shown, id)
		}
	}
	dest := s.Else
	if chosen < len(s.LiveCases) {
		dest = s.LiveCases[chosen]
	}
	if len(t.Shown) > 1 {
		a.r.Diagnostics = append(a.r.Diagnostics, a.warnAt(t.Source, CodeMigrationSeveralShown,
			"the migrated sheet shows %d of the cases of %s (%s); the first, %q, takes the value",
			len(t.Shown), t.Path, strings.Join(t.Shown, ", "), dest))
	}
	t.Destination = c.dests[chosen]
	w := a.writable("live", c.livePart)
	if w == nil || dest == "" {
		t.Outcome = NoValue
		return
	}
	delete(w, s.From)
	a.change(Change{Path: t.Source, Op: ChangeRemove, Old: old, segs: c.sourceKeys})
	if cur, exists := w[dest]; exists {
		t.Outcome, t.Existing = DroppedOldKey, cur
		return
	}
	w[dest] = old
	a.change(Change{Path: t.Destination, Op: ChangeAdd, New: old, segs: c.destsKeys[chosen]})
	t.Outcome = Moved
}

// wrongPart warns when a routeLive track step finds its old key in the other
// part of live state (a number where marks are wanted, or marks where a
// number is): it is not moved.
func (a *applier) wrongPart(c *compiled, t *StepTrace) {
	var other, carry string
	switch c.livePart {
	case "wounds":
		other, carry = "tracks", "marks"
	case "tracks":
		other, carry = "wounds", "numbers"
	default:
		return
	}
	x, found := record(a.live, other)[c.step.From]
	if !found || c.step.From == "" {
		return
	}
	path := "live." + other + "." + c.step.From
	a.r.Diagnostics = append(a.r.Diagnostics, a.warnAt(path, CodeMigrationLiveKind,
		"%s holds %s, but the tracks of %s carry %s; the value is not moved", path, kind(x), t.Path, carry))
}

func (a *applier) warnAt(path string, code model.Code, format string, args ...any) model.Diagnostic {
	d := model.Warnf(a.save.File, path, code, format, args...)
	d.Category = model.Saves
	if a.save.Root != nil {
		model.Locate(&d, a.save.Root)
	} else {
		d.Line, d.Column = 1, 1
	}
	return d
}
