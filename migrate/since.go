package migrate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// The kinds of stored ids Since compares: what a stored sheet or a card's
// live state keeps values under.
const (
	KindAbility = "ability"
	KindSkill   = "skill"
	KindSave    = "save"
	KindField   = "field"
	KindList    = "list"
	KindColumn  = "column"
	KindPool    = "pool"
	KindTrack   = "track"
)

// SinceError says why a ruleset cannot be compared with the version given
// as its previous one (a usage error: rulebench exits 2).
type SinceError struct{ Reason string }

func (e *SinceError) Error() string { return e.Reason }

// SaveFile is a sample save file as read: its name and bytes.
type SaveFile struct {
	File string
	Data []byte
}

// SinceReport compares a ruleset's sheet with the sheet of its previous
// published version: the values saved under the old layout that the new
// one would lose, a draft entry that keeps them, and that draft rehearsed.
type SinceReport struct {
	// From is the old sheet.version (vo), To the new one (vn).
	From int `json:"from"`
	To   int `json:"to"`
	// Lost lists every stored id of the old sheet that the new one no longer
	// declares and that the chain from vo to vn does not move.
	Lost []Lost `json:"lost"`
	// Unchanged tells that sheet.version did not go up.
	Unchanged bool `json:"unchanged"`
	// Draft is the entry that would keep the lost values, nil when no step
	// could be drafted.
	Draft *Draft `json:"draft"`
	// Undecided lists the lost ids the draft does not move, with why.
	Undecided []Undecided `json:"undecided"`
	// AddTo is the index in sheet.migrations of the new ruleset's entry from
	// vo, when it has one: the draft's steps then go at the end of that
	// entry instead of making a new one (two entries may not share a from).
	AddTo *int `json:"addTo"`
	// DraftDiagnostics are the import checks on the new ruleset with the
	// draft pasted in, located in DraftText (file "draft", paths from the
	// top of the draft entry).
	DraftDiagnostics []model.Diagnostic `json:"draftDiagnostics"`
	// DraftText is the draft entry as JSON, indented by two spaces, as it
	// would be pasted.
	DraftText string `json:"-"`
	// Diagnostics are the comparison's findings: lost ids (errors, in the
	// old ruleset's file at their declaration), ids gone while
	// sheet.version did not go up (an error) and enum values no longer
	// offered that sample saves hold (warnings, in the new ruleset's file).
	Diagnostics []model.Diagnostic `json:"-"`
	// Ruleset is the new ruleset with the draft pasted in (sheet.version
	// raised to vo+1 when it had not gone up), and Migrator its migrations:
	// what the rehearsal ran. Without a draft it is the new ruleset itself.
	Ruleset  *model.Ruleset `json:"-"`
	Migrator *Migrator      `json:"-"`
	// Saves are the sample saves rehearsed through Migrator, in the order
	// given, each as Rehearse makes it.
	Saves []*Result `json:"-"`
}

// Lost is a stored id of the old sheet whose values the new one loses.
type Lost struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
	// List is the list of a column.
	List  string `json:"list,omitempty"`
	Label string `json:"label"`
	// Saves is how many sample saves, moved to vo by the old ruleset, hold
	// a value there; Kept how many of those the rehearsal of the draft
	// carries over unchanged to an id of the new sheet.
	Saves int `json:"saves"`
	Kept  int `json:"kept"`
	// Path is the id's declaration in the old ruleset.
	Path string `json:"-"`
	// Step is the index of the draft step that moves it, -1 when none does.
	Step int `json:"-"`
}

// Undecided is a lost id the draft does not move, and why.
type Undecided struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	List   string `json:"list,omitempty"`
	Reason string `json:"reason"`
}

// Draft is a drafted sheet.migrations entry.
type Draft struct {
	From  int         `json:"from"`
	Steps []DraftStep `json:"steps"`
}

// DraftStep is one drafted step. It is written in JSON as a migration step
// of the format, with Why as its $comment, so the draft can be pasted as it
// is printed.
type DraftStep struct {
	// Op is rename, route or routeLive; Kind the rename kind (ability,
	// skill, save, field) or the routeLive kind (pool, track).
	Op   string
	Kind string
	// From is the id read (for route, the routed field); To a rename's
	// destination.
	From, To string
	// route
	By         string
	Cases      []DraftCase
	Default    any
	HasDefault bool
	// routeLive
	LiveCases []string
	Else      string
	// Why says why the step was proposed.
	Why string
}

// DraftCase is one case of a drafted route.
type DraftCase struct {
	Words []string `json:"words"`
	To    string   `json:"to"`
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

// sid is one stored id of a sheet.
type sid struct {
	kind, id, list string
	label          string
	// typ is a field's type, "wound" or "plain" for a track, "" otherwise.
	typ   string
	path  string
	field *model.Field
	pool  *model.Pool
	track *model.Track
	// toks is the id split at its underscores.
	toks []string
}

func (s *sid) key() string { return s.kind + "\x00" + s.list + "\x00" + s.id }

// name says what the id is, for messages: the field "xp" ("XP").
func (s *sid) name() string {
	out := fmt.Sprintf("%s %q", s.kind, s.id)
	if s.kind == KindColumn {
		out = fmt.Sprintf("column %q of the list %q", s.id, s.list)
	}
	if s.label != "" && s.label != s.id {
		out += fmt.Sprintf(" (%s)", s.label)
	}
	return out
}

// storedIDs lists the ids a sheet keeps values under, in sheet order.
func storedIDs(sh *model.Sheet) []*sid {
	var out []*sid
	add := func(s *sid) {
		s.toks = strings.FieldsFunc(s.id, func(r rune) bool { return r == '_' || r == '-' })
		out = append(out, s)
	}
	for i, a := range sh.Abilities {
		add(&sid{kind: KindAbility, id: a.ID, label: a.Label, path: fmt.Sprintf("sheet.abilities.%d", i)})
	}
	for i, a := range sh.Skills {
		add(&sid{kind: KindSkill, id: a.ID, label: a.Label, path: fmt.Sprintf("sheet.skills.%d", i)})
	}
	for i, a := range sh.Saves {
		add(&sid{kind: KindSave, id: a.ID, label: a.Label, path: fmt.Sprintf("sheet.saves.%d", i)})
	}
	for i, f := range sh.Fields {
		if f != nil {
			add(&sid{kind: KindField, id: f.ID, label: f.Label, typ: f.Type, field: f, path: fmt.Sprintf("sheet.fields.%d", i)})
		}
	}
	for i, l := range sh.Lists {
		if l == nil {
			continue
		}
		add(&sid{kind: KindList, id: l.ID, label: l.Label, path: fmt.Sprintf("sheet.lists.%d", i)})
		for j, c := range l.Columns {
			if c != nil {
				add(&sid{kind: KindColumn, id: c.ID, list: l.ID, label: c.Label, typ: c.Type, field: c,
					path: fmt.Sprintf("sheet.lists.%d.columns.%d", i, j)})
			}
		}
	}
	for i, p := range sh.Live.Pools {
		if p != nil {
			add(&sid{kind: KindPool, id: p.ID, label: p.Label, pool: p, path: fmt.Sprintf("sheet.live.pools.%d", i)})
		}
	}
	for i, t := range sh.Live.Tracks {
		if t != nil {
			typ := "plain"
			if t.Wound() {
				typ = "wound"
			}
			add(&sid{kind: KindTrack, id: t.ID, label: t.Label, typ: typ, track: t, path: fmt.Sprintf("sheet.live.tracks.%d", i)})
		}
	}
	return out
}

// since holds one comparison while it is made.
type since struct {
	old, cur *model.Ruleset
	rep      *SinceReport
	saves    []*model.Save
	read     [][]model.Diagnostic
	// sheets are the saves moved to vo by the old ruleset (nil Build when
	// a save could not be).
	sheets []State
	// lost ids, and for each the draft step moving it (by key)
	lost    []*sid
	added   []*sid // ids of the new sheet the old one lacks, not yet written by the chain
	used    map[string]bool
	decided map[string]int    // lost key → draft step index
	why     map[string]string // lost key → why it is undecided
	steps   []DraftStep
	// splits found before the last renames: their by, else and cases are
	// worked out once every rename is known.
	splits []split
	// the fields renamed away by the new ruleset's chain
	chainRenamed map[string]bool
	chainElse    []string // route else fields of the new ruleset's chain
}

type split struct {
	from  *sid
	dests []*sid
	notes []string
}

// Since compares cur, a ruleset, with old, its previous published version
// (the same ruleset id, a sheet.version and ruleset version not above
// cur's), and rehearses the draft it makes on the sample saves (any
// versions; those the old ruleset can move to its sheet.version are the
// ones counted). It returns a *SinceError when the two cannot be compared.
func Since(old, cur *model.Ruleset, saves []SaveFile) (*SinceReport, error) {
	decoded := make([]*model.Save, len(saves))
	for i, f := range saves {
		s, read := model.DecodeSave(f.File, f.Data)
		s.Findings = read
		decoded[i] = s
	}
	return SinceSaves(old, cur, decoded)
}

// Comparable tells whether cur can be compared with old as its previous
// published version: nil, or a *SinceError saying why not (either is
// missing, another ruleset id, no valid sheet.version, or old is newer).
func Comparable(old, cur *model.Ruleset) error {
	switch {
	case old == nil || cur == nil:
		return &SinceError{"there is no ruleset to compare"}
	case old.ID != cur.ID:
		return &SinceError{fmt.Sprintf("the previous version is the ruleset %q, not %q: --since compares two versions of the same ruleset", old.ID, cur.ID)}
	case old.Sheet.Version < 1 || cur.Sheet.Version < 1:
		return &SinceError{"both versions need a valid sheet.version to be compared"}
	case old.Sheet.Version > cur.Sheet.Version:
		return &SinceError{fmt.Sprintf("the previous version's sheet.version %d is newer than this ruleset's %d: give the older version to --since", old.Sheet.Version, cur.Sheet.Version)}
	case old.Version > cur.Version:
		return &SinceError{fmt.Sprintf("the previous version is ruleset version %d, newer than this one's %d: give the older version to --since", old.Version, cur.Version)}
	}
	return nil
}

// SinceSaves is Since for sample saves already read (a workspace's, as
// model.Load reads them): each save's Findings are what reading it found,
// reported first in its rehearsal.
func SinceSaves(old, cur *model.Ruleset, saves []*model.Save) (*SinceReport, error) {
	if err := Comparable(old, cur); err != nil {
		return nil, err
	}
	a := &since{old: old, cur: cur, used: map[string]bool{}, decided: map[string]int{}, why: map[string]string{}}
	a.rep = &SinceReport{From: old.Sheet.Version, To: cur.Sheet.Version, Unchanged: old.Sheet.Version == cur.Sheet.Version,
		Lost: []Lost{}, Undecided: []Undecided{}, DraftDiagnostics: []model.Diagnostic{}, Diagnostics: []model.Diagnostic{}}
	a.readSaves(saves)
	a.findLost()
	a.draft()
	a.paste()
	a.rehearse()
	a.findings()
	return a.rep, nil
}

func (a *since) readSaves(saves []*model.Save) {
	om := New(a.old)
	a.saves = make([]*model.Save, len(saves))
	a.read = make([][]model.Diagnostic, len(saves))
	a.sheets = make([]State, len(saves))
	for i, s := range saves {
		if s == nil {
			s = &model.Save{Build: map[string]any{}}
		}
		a.saves[i], a.read[i] = s, s.Findings
		if s.Root == nil || s.V < 1 || s.Build == nil {
			continue
		}
		if r := om.Apply(s); r.Migrated {
			a.sheets[i] = r.Sheet
		}
	}
}

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
	if strings.Join(l.toks, "") == strings.Join(b.toks, "") {
		return tierSeparators
	}
	if l.label != "" && foldTrim(l.label) == foldTrim(b.label) {
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

func (a *since) draft() {
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
		for _, b := range a.added {
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

// findSplits finds the lost number fields, pools and tracks whose id
// several added ids extend (level → level_fighter, level_wizard).
func (a *since) findSplits() {
	open := a.open()
	owner := map[*sid]*sid{}
	for _, b := range a.added {
		if a.used[b.key()] {
			continue
		}
		var best *sid
		tie := false
		for _, l := range open {
			if l.kind != b.kind || l.typ != b.typ || !extends(b.toks, l.toks) {
				continue
			}
			if l.kind == KindField && l.typ != model.TypeNumber {
				continue
			}
			switch {
			case best == nil || len(l.toks) > len(best.toks):
				best, tie = l, false
			case len(l.toks) == len(best.toks):
				tie = true
			}
		}
		if best != nil && !tie {
			owner[b] = best
		}
	}
	for _, l := range open {
		var dests []*sid
		var notes []string
		for _, b := range a.added {
			if owner[b] != l {
				continue
			}
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
		if cf := a.cur.Sheet.Field(f.ID); cf == nil && !renamed[f.ID] && !a.chainRenamed[f.ID] {
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
		if f == nil || f.Type != model.TypeEnum || (a.cur.Sheet.Field(f.ID) == nil && !renamed[f.ID] && !a.chainRenamed[f.ID]) {
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

// paste makes the new ruleset with the draft in it, runs the import checks
// on it and keeps the findings about the draft.
func (a *since) paste() {
	var steps []DraftStep
	remap := make([]int, len(a.steps))
	for i, s := range a.steps {
		remap[i] = -1
		if s.Op != "" {
			remap[i] = len(steps)
			steps = append(steps, s)
		}
	}
	for i := range a.rep.Lost {
		if s := a.rep.Lost[i].Step; s >= 0 {
			a.rep.Lost[i].Step = remap[s]
		}
	}
	a.steps = steps
	if len(steps) == 0 {
		a.rep.Draft = nil
		a.rep.Ruleset, a.rep.Migrator = a.cur, New(a.cur)
		return
	}
	a.rep.Draft = &Draft{From: a.rep.From, Steps: steps}
	text, _ := marshalIndent(a.rep.Draft)
	a.rep.DraftText = text

	pasted := *a.cur
	pasted.Root = nil // findings about the draft are placed in its text
	pasted.Sheet.Migrations = slices.Clone(a.cur.Sheet.Migrations)
	if pasted.Sheet.Version <= a.rep.From {
		pasted.Sheet.Version = a.rep.From + 1
	}
	msteps := make([]*model.Step, len(steps))
	for i, s := range steps {
		msteps[i] = s.step()
	}
	entry, offset := len(pasted.Sheet.Migrations), 0
	for i, m := range pasted.Sheet.Migrations {
		if m != nil && m.From == a.rep.From {
			entry, offset = i, len(m.Steps)
			cp := *m
			cp.Steps = append(slices.Clone(m.Steps), msteps...)
			pasted.Sheet.Migrations[i] = &cp
			a.rep.AddTo = &entry
			break
		}
	}
	if a.rep.AddTo == nil {
		pasted.Sheet.Migrations = append(pasted.Sheet.Migrations, newMigration(a.rep.From, msteps))
	}
	a.rep.Ruleset, a.rep.Migrator = &pasted, New(&pasted)
	a.rep.DraftDiagnostics = draftFindings(Check(&pasted), entry, offset, text)
}

func newMigration(from int, steps []*model.Step) *model.Migration {
	return &model.Migration{From: from, Steps: steps}
}

// marshalIndent writes v as JSON indented by two spaces, without escaping
// <, > and &, ending in a newline.
func marshalIndent(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.String(), err
}

// draftFindings keeps the findings about the pasted entry's drafted steps,
// with paths from the top of the draft, located in its text.
func draftFindings(ds []model.Diagnostic, entry, offset int, text string) []model.Diagnostic {
	root, _ := model.Parse("draft", []byte(text))
	prefix := "sheet.migrations." + strconv.Itoa(entry) + "."
	out := []model.Diagnostic{}
	for _, d := range ds {
		rest, ok := strings.CutPrefix(d.Path, prefix)
		if !ok {
			continue
		}
		if after, ok := strings.CutPrefix(rest, "steps."); ok {
			num, tail, _ := strings.Cut(after, ".")
			k, err := strconv.Atoi(num)
			if err != nil || k < offset {
				continue
			}
			rest = "steps." + strconv.Itoa(k-offset)
			if tail != "" {
				rest += "." + tail
			}
		} else if rest != "from" || offset > 0 {
			continue
		}
		d.File, d.Path, d.Line, d.Column = "draft", rest, 0, 0
		model.Locate(&d, root)
		out = append(out, d)
	}
	return out
}

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
	for _, of := range a.old.Sheet.Fields {
		if of == nil || of.Type != model.TypeEnum {
			continue
		}
		id := of.ID
		if to, ok := renamed[id]; ok {
			id = to
		}
		for i, cf := range a.cur.Sheet.Fields {
			if cf != nil && cf.ID == id && cf.Type == model.TypeEnum {
				a.enumDropped(r, of, cf, fmt.Sprintf("sheet.fields.%d.values", i), func(sh State, v string) bool {
					x, _ := record(sh.Build, "fields")[of.ID].(string)
					return x == v
				}, fmt.Sprintf("the field %q", cf.ID))
			}
		}
	}
	for _, ol := range a.old.Sheet.Lists {
		if ol == nil {
			continue
		}
		for li, cl := range a.cur.Sheet.Lists {
			if cl == nil || cl.ID != ol.ID {
				continue
			}
			for _, oc := range ol.Columns {
				if oc == nil || oc.Type != model.TypeEnum {
					continue
				}
				for ci, cc := range cl.Columns {
					if cc != nil && cc.ID == oc.ID && cc.Type == model.TypeEnum {
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
}

func (a *since) enumDropped(r *model.Reporter, of, cf *model.Field, path string, holds func(State, string) bool, what string) {
	for _, v := range of.Values {
		if slices.Contains(cf.Values, v) {
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
