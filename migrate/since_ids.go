package migrate

import (
	"fmt"
	"strings"

	"rulebench/model"
)

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
	// toks is the id split at its underscores and hyphens; joined is the
	// id without them, folded the label case-folded and trimmed: what tier
	// compares.
	toks           []string
	joined, folded string
	k              string // see key
}

// key tells the id apart from every other of the sheet: its kind, list and
// id (made once, by storedIDs).
func (s *sid) key() string { return s.k }

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
		s.joined, s.folded = strings.Join(s.toks, ""), foldTrim(s.label)
		s.k = s.kind + "\x00" + s.list + "\x00" + s.id
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
