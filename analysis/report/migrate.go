package report

import (
	"rulebench/migrate"
	"rulebench/model"
)

// Migrate is the JSON document of `rulebench migrate --json`.
type Migrate struct {
	SchemaVersion int    `json:"schemaVersion"`
	OK            bool   `json:"ok"`
	Ruleset       string `json:"ruleset"`
	SheetVersion  int    `json:"sheetVersion"`
	// Diagnostics are the findings about the ruleset: reading it and the
	// migration import checks.
	Diagnostics []model.Diagnostic `json:"diagnostics"`
	Saves       []*MigrateSave     `json:"saves"`
}

// MigrateSave is one save rehearsed: the save's versions, whether it
// migrated, every step's trace, which entries ran, its findings, the sheet
// (null when the save could not be read) and the file written with --out.
type MigrateSave struct {
	File        string             `json:"file"`
	From        int                `json:"from"`
	To          int                `json:"to"`
	OK          bool               `json:"ok"`
	Migrated    bool               `json:"migrated"`
	Trace       []*Step            `json:"trace"`
	Entries     []EntryRun         `json:"entries"`
	Diagnostics []model.Diagnostic `json:"diagnostics"`
	Sheet       *Sheet             `json:"sheet"`
	Written     string             `json:"written,omitempty"`
}

// Sheet is a stored sheet and its live state, as a save file holds them.
type Sheet struct {
	V     int            `json:"v"`
	Build map[string]any `json:"build"`
	Live  map[string]any `json:"live,omitempty"`
}

// StepHead says which step a trace line is about.
type StepHead struct {
	Entry  int    `json:"entry"`
	From   int    `json:"from"`
	Step   int    `json:"step"`
	Path   string `json:"path"`
	Op     string `json:"op"`
	Kind   string `json:"kind,omitempty"`
	Source string `json:"source"`
}

// Step is what one step did to one save (decisions §4). The head is
// written flat; it is absent only for a step the migrator did not name.
type Step struct {
	*StepHead
	Destination string          `json:"destination"`
	Outcome     migrate.Outcome `json:"outcome"`
	Value       any             `json:"value"`
	Existing    any             `json:"existing,omitempty"`
	Count       int             `json:"count"`
	By          any             `json:"by,omitempty"`
	Matched     []string        `json:"matched,omitempty"`
	Shown       []string        `json:"shown,omitempty"`
	Changes     []Change        `json:"changes"`
}

// Change is one value a step changed: its path, add, remove or replace,
// and the values before and after.
type Change struct {
	Path string `json:"path"`
	Op   string `json:"op"`
	Old  any    `json:"old,omitempty"`
	New  any    `json:"new,omitempty"`
}

// EntryRun says whether an entry's build steps ran on a save.
type EntryRun struct {
	Entry int  `json:"entry"`
	From  int  `json:"from"`
	Ran   bool `json:"ran"`
}

// NewSheet is a migrate state as a save file writes it.
func NewSheet(s migrate.State) *Sheet {
	return &Sheet{V: s.V, Build: s.Build, Live: s.Live}
}

// NewMigrateSave builds the document of one rehearsal. The sheet is given
// when the save migrated or could at least be read.
func NewMigrateSave(r *migrate.Result) *MigrateSave {
	sd := &MigrateSave{File: r.File, From: r.From, To: r.To, OK: r.OK, Migrated: r.Migrated,
		Trace: make([]*Step, 0, len(r.Trace)), Entries: make([]EntryRun, 0, len(r.Entries)), Diagnostics: r.Diagnostics}
	if r.Trace == nil {
		sd.Trace = nil
	}
	if r.Entries == nil {
		sd.Entries = nil
	}
	for _, t := range r.Trace {
		st := &Step{Destination: t.Destination, Outcome: t.Outcome, Value: t.Value, Existing: t.Existing, Count: t.Count,
			By: t.By, Matched: t.Matched, Shown: t.Shown}
		if t.StepInfo != nil {
			i := t.StepInfo
			st.StepHead = &StepHead{Entry: i.Entry, From: i.From, Step: i.Step, Path: i.Path, Op: i.Op, Kind: i.Kind, Source: i.Source}
		}
		if t.Changes != nil {
			st.Changes = make([]Change, 0, len(t.Changes))
			for _, c := range t.Changes {
				st.Changes = append(st.Changes, Change{Path: c.Path, Op: c.Op, Old: c.Old, New: c.New})
			}
		}
		sd.Trace = append(sd.Trace, st)
	}
	for _, e := range r.Entries {
		sd.Entries = append(sd.Entries, EntryRun{Entry: e.Entry, From: e.From, Ran: e.Ran})
	}
	if r.Migrated || r.Sheet.Build != nil {
		sd.Sheet = NewSheet(r.Sheet)
	}
	return sd
}

// NewMigrate builds the migrate document: the ruleset's findings and each
// rehearsal; OK when none of them holds an error.
func NewMigrate(ws *model.Workspace, ds []model.Diagnostic, saves []*MigrateSave) *Migrate {
	doc := &Migrate{SchemaVersion: 1, Ruleset: ws.RulesetFile, Diagnostics: diagnostics(ds), Saves: saves}
	if ws.Ruleset != nil {
		doc.SheetVersion = ws.Ruleset.Sheet.Version
	}
	doc.OK = !model.HasErrors(doc.Diagnostics)
	for _, s := range saves {
		doc.OK = doc.OK && !model.HasErrors(s.Diagnostics)
	}
	return doc
}
