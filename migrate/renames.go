package migrate

import (
	"strings"

	"rulebench/model"
)

// Rename is an id the migrations rename, followed through every later
// rename of the same kind to the id it ends as.
type Rename struct {
	// What is the kind of id renamed: ability, skill, save or field.
	What string
	// From is the id a rename step first moves away from; To the id the
	// last rename of its chain leaves it as.
	From, To string
	// Label is To's label on the ruleset's sheet; "" when the sheet has no
	// such id or it has no label.
	Label string
}

// Renames replays the rename steps of a ruleset's migrations in the order
// a migration runs them (Plan: entries by ascending from, steps in file
// order) and returns every id they rename, in the order each is first
// renamed, with where its chain of renames ends: renaming toll to fare and
// later fare to bank takes toll to bank; an id renamed away and back again
// ends where it began. A rename with no from or no to moves nothing. It
// returns nil for a nil ruleset or one whose migrations rename nothing.
func Renames(rs *model.Ruleset) []Rename {
	if rs == nil {
		return nil
	}
	type old struct{ what, id string }
	at := map[old]string{} // (kind, old id) → the id it is now
	var order []old
	for _, e := range Plan(rs) {
		for _, st := range e.Migration.Steps {
			if st == nil || st.Op != model.StepRename || st.From == "" || st.To == "" {
				continue
			}
			for k, now := range at {
				if k.what == st.What && now == st.From {
					at[k] = st.To
				}
			}
			if k := (old{st.What, st.From}); at[k] == "" {
				at[k] = st.To
				order = append(order, k)
			}
		}
	}
	var out []Rename
	for _, k := range order {
		out = append(out, Rename{What: k.what, From: k.id, To: at[k], Label: sheetLabel(&rs.Sheet, k.what, at[k])})
	}
	return out
}

// sheetLabel is the label of an id of a rename kind on a sheet, or "".
func sheetLabel(sh *model.Sheet, what, id string) string {
	switch what {
	case KindAbility:
		for _, a := range sh.Abilities {
			if a.ID == id {
				return a.Label
			}
		}
	case KindSkill, KindSave:
		list := sh.Skills
		if what == KindSave {
			list = sh.Saves
		}
		for _, k := range list {
			if k.ID == id {
				return k.Label
			}
		}
	case KindField:
		if f := sh.Field(id); f != nil {
			return f.Label
		}
	}
	return ""
}

// RenameOfKey finds the rename a stale locale key most likely comes from:
// one whose old id is spelt like the key (ignoring case and the spaces
// around it, with spaces and hyphens read as underscores: "Road XP" is
// road_xp) and whose final id has a label, which the key then translated
// under its old name. When several match, the last renamed wins. ok is
// false when none matches.
func RenameOfKey(renames []Rename, key string) (r Rename, ok bool) {
	want := idSpelling(key)
	for _, c := range renames {
		if c.Label != "" && idSpelling(c.From) == want {
			r, ok = c, true
		}
	}
	return r, ok
}

// idSpelling is how a text is compared with an id: lower case, trimmed,
// with spaces and hyphens as underscores.
func idSpelling(s string) string {
	return strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
}
