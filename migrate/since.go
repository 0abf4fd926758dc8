package migrate

import (
	"fmt"
	"slices"

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
	// offered that sample saves hold (warnings, in the new ruleset's file),
	// then the published entries deleted or changed (PublishedEntries).
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
	// index finds the added ids by what pairing compares, curFields the
	// new sheet's fields by id (the first of each)
	index     *addedIndex
	curFields map[string]*model.Field
	// the fields renamed away by the new ruleset's chain
	chainRenamed map[string]bool
	chainElse    []string // route else fields of the new ruleset's chain
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
	a.curFields = make(map[string]*model.Field, len(cur.Sheet.Fields))
	for _, f := range slices.Backward(cur.Sheet.Fields) {
		if f != nil {
			a.curFields[f.ID] = f // the first of each id is written last
		}
	}
	a.readSaves(saves)
	a.findLost()
	a.draft()
	a.paste()
	a.rehearse()
	a.findings()
	a.rep.Diagnostics = append(a.rep.Diagnostics, PublishedEntries(old, cur, a.saves)...)
	return a.rep, nil
}

func (a *since) readSaves(saves []*model.Save) {
	om := New(a.old)
	a.saves = make([]*model.Save, len(saves))
	a.read = make([][]model.Diagnostic, len(saves))
	a.sheets = make([]State, len(saves))
	for i, s := range saves {
		if s == nil {
			s = &model.Save{}
		}
		a.saves[i], a.read[i] = s, s.Findings
		if s.Root == nil || s.V < 1 {
			continue
		}
		if r := om.Apply(s); r.Migrated {
			a.sheets[i] = r.Sheet
		}
	}
}
