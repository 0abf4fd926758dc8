// Package diff works out what a player will see change between two
// versions of a ruleset (rulebench diff OLD NEW, rulebench changelog):
// with no layer on, and under each layer either version declares, the
// guidance, the difficulty ladder, the values of enum fields, the catalog
// entries and the ones hidden, the coins and every price at each market
// price level, the sellers and the loot tables; then the display strings
// added, removed and changed, with what that does to each language's
// coverage; and the stored ids of the sheet lost, moved and added.
//
// It builds on what `rulebench layers` and `rulebench migrate --since`
// already work out: each side's effective ruleset under a layer selection
// (analysis.Result.Selection, laid out by package outline), the display
// strings and coverage of the translation report (i18n), and the
// comparison of stored ids (analysis.Result.Since, migrate.StoredMoves).
// Every text is made safe for a terminal (model.Visible). The package
// imports no UI code.
package diff

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/outline"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// Diff is what a player will see change from one version to the next.
type Diff struct {
	// ID is the ruleset's id.
	ID string `json:"id"`
	// Old and New are the two versions.
	Old Version `json:"old"`
	New Version `json:"new"`
	// Base is what changes with no layer on.
	Base View `json:"base"`
	// Layers is what changes under each layer either version declares
	// (NEW's in declaration order, then the ones only OLD has), each
	// listing only what the base view does not already say.
	Layers []View `json:"layers"`
	// Strings are the display strings added, removed and changed, and
	// each language's coverage before and after.
	Strings Strings `json:"strings"`
	// Stored are the stored ids of the sheet lost, moved and added.
	Stored Stored `json:"stored"`
}

// Version names one of the two versions.
type Version struct {
	// Version is the package's version: its manifest's; for a catalog
	// artifact, the manifest its entry embeds, else the version in its file
	// name (<id>-<version>.ruleset.json); else the ruleset's version number.
	Version string `json:"version"`
	Name    string `json:"name"`
	// CapabilityAPI is the Capability API version the version needs, as
	// `rulebench check` works it out ("1.813"); Capability its minor.
	CapabilityAPI string `json:"capabilityApi"`
	Capability    int    `json:"-"`
}

// View is what changes with one selection of layers on: none (the base),
// or one layer.
type View struct {
	// Layer is the layer's id ("" for the base view), Label its label in
	// the newest version that declares it.
	Layer string `json:"layer,omitempty"`
	Label string `json:"label,omitempty"`
	// Status is "added" for a layer only NEW declares, "removed" for one
	// only OLD declares, "" otherwise (and for the base).
	Status  string   `json:"status,omitempty"`
	Changes []Change `json:"changes"`
}

// The kinds of change, and of layer status.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// Change is one thing a player sees differently.
type Change struct {
	// Section is one of the Section constants; Subject what changed (a
	// field id, "<catalog>/<entry>", a seller, a loot table, a ladder
	// step's label); Aspect which part of it ("value tin", "own price",
	// "at posted price"), "" for the subject itself.
	Section string `json:"section"`
	Subject string `json:"subject"`
	Aspect  string `json:"aspect,omitempty"`
	// Kind is Added, Removed or Changed; Old and New the values before and
	// after ("" for the side that has none).
	Kind string `json:"kind"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Strings are the display strings that changed.
type Strings struct {
	// Added and Removed are texts only one version shows; Changed pairs a
	// removed text with the added one written in its place.
	Added   []string       `json:"added"`
	Removed []string       `json:"removed"`
	Changed []StringChange `json:"changed"`
	// Languages are the languages either version translates to, NEW's
	// first, in file order.
	Languages []Language `json:"languages"`
}

// StringChange is a display string rewritten in place.
type StringChange struct {
	// Path is where NEW writes it (the first such place).
	Path string `json:"path"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Language is one language's coverage before and after.
type Language struct {
	Lang string `json:"lang"`
	// Old and New are the coverage in each version; nil when that version
	// has no file for the language.
	Old *Coverage `json:"old"`
	New *Coverage `json:"new"`
	// Untranslated are the texts NEW adds or changes that a player of the
	// language sees in English.
	Untranslated []string `json:"untranslated"`
}

// Coverage is a language's share of display strings shown translated.
type Coverage struct {
	Strings    int     `json:"strings"`
	Translated int     `json:"translated"`
	Percent    float64 `json:"percent"`
}

// Stored are the stored ids of the sheet that changed.
type Stored struct {
	// From and To are the two sheet.versions.
	From int `json:"from"`
	To   int `json:"to"`
	// Unchanged tells that sheet.version did not go up.
	Unchanged bool `json:"unchanged"`
	// Lost are the ids OLD stores that NEW neither declares nor moves
	// (migrate --since's), Moved the ones NEW's migrations move, Added the
	// ids only NEW declares.
	Lost  []migrate.Lost     `json:"lost"`
	Moved []migrate.Move     `json:"moved"`
	Added []migrate.StoredID `json:"added"`
	// NotCompared says why the stored ids could not be compared ("" when
	// they were).
	NotCompared string `json:"notCompared,omitempty"`
}

// Empty tells whether a player would see nothing change.
func (d *Diff) Empty() bool {
	if len(d.Base.Changes) > 0 || len(d.Strings.Added)+len(d.Strings.Removed)+len(d.Strings.Changed) > 0 {
		return false
	}
	if len(d.Stored.Lost)+len(d.Stored.Moved)+len(d.Stored.Added) > 0 {
		return false
	}
	for _, l := range d.Layers {
		if len(l.Changes) > 0 {
			return false
		}
	}
	return true
}

// Count is how many changes the diff lists: in every view, of display
// strings and of stored ids.
func (d *Diff) Count() int {
	n := len(d.Base.Changes) + len(d.Strings.Added) + len(d.Strings.Removed) + len(d.Strings.Changed)
	n += len(d.Stored.Lost) + len(d.Stored.Moved) + len(d.Stored.Added)
	for _, l := range d.Layers {
		n += len(l.Changes)
	}
	return n
}

// Compare works out the diff between two analysed versions of a ruleset.
// cur should be analysed with Options.Since set to old's workspace, for
// the stored ids (without it they are left out). Both need a ruleset; a
// version without one is compared as an empty ruleset.
func Compare(old, cur *analysis.Result) *Diff {
	d := &Diff{Old: version(old), New: version(cur)}
	oldRS, curRS := ruleset(old), ruleset(cur)
	d.ID = v(curRS.ID)
	oldRes, curRes := old.Resolver(), cur.Resolver()
	if oldRes == nil {
		oldRes = rules.NewResolver(oldRS)
	}
	if curRes == nil {
		curRes = rules.NewResolver(curRS)
	}
	oldBase, curBase := oldRes.Resolve(nil), curRes.Resolve(nil)
	oo, co := outline.New(oldBase, oldBase, nil), outline.New(curBase, curBase, nil)
	d.Base.Changes = compareFacts(layerFacts(oldRS), layerFacts(curRS))
	d.Base.Changes = append(d.Base.Changes, compareFacts(outlineFacts(oo), outlineFacts(co))...)

	for _, l := range layerList(oldRS, curRS) {
		view := View{Layer: v(l.id), Label: v(l.label), Status: l.status}
		oe, ce := oldRes.Resolve([]string{l.id}), curRes.Resolve([]string{l.id})
		of, cf := outlineFacts(outline.New(oe, oldBase, nil)), outlineFacts(outline.New(ce, curBase, nil))
		droppedFact(of, oe, l.id)
		droppedFact(cf, ce, l.id)
		changes := compareFacts(of, cf)
		view.Changes = beyond(changes, d.Base.Changes)
		d.Layers = append(d.Layers, view)
	}
	d.Strings = compareStrings(old, cur, oldRS, curRS)
	d.Stored = compareStored(cur, oldRS, curRS)
	return d
}

// ruleset is a result's ruleset, an empty one when it has none.
func ruleset(r *analysis.Result) *model.Ruleset {
	if r != nil && r.Workspace != nil && r.Workspace.Ruleset != nil {
		return r.Workspace.Ruleset
	}
	return &model.Ruleset{}
}

// version names an analysed version.
func version(r *analysis.Result) Version {
	ver := Version{Capability: r.Capability, CapabilityAPI: "1." + strconv.Itoa(r.Capability)}
	rs := ruleset(r)
	ver.Name = v(rs.Name)
	ver.Version = strconv.Itoa(rs.Version)
	m := (*model.Manifest)(nil)
	if ws := r.Workspace; ws != nil && ws.Manifest != nil {
		m = ws.Manifest
	} else if r.Entry != nil && r.Entry.Manifest != nil {
		m = r.Entry.Manifest // an artifact's catalog entry
	}
	if m != nil && m.Version != "" {
		ver.Version = v(m.Version)
		if m.Name != "" {
			ver.Name = v(m.Name)
		}
	} else if ws := r.Workspace; ws != nil && ws.Kind == model.Artifact {
		// <id>-<version>.ruleset.json
		name := strings.TrimSuffix(path.Base(filepath.ToSlash(ws.RulesetFile)), ".ruleset.json")
		if after, ok := strings.CutPrefix(name, rs.ID+"-"); ok && after != "" {
			ver.Version = v(after)
		}
	}
	return ver
}

// aLayer is a layer either version declares.
type aLayer struct {
	id, label, status string
}

// layerList lists the layers of cur in declaration order (the added ones
// marked), then those only old declares; each id once.
func layerList(old, cur *model.Ruleset) []aLayer {
	inOld := map[string]*model.Layer{}
	for _, l := range old.Layers {
		if l != nil {
			if _, ok := inOld[l.ID]; !ok {
				inOld[l.ID] = l
			}
		}
	}
	var out []aLayer
	seen := map[string]bool{}
	for _, l := range cur.Layers {
		if l == nil || seen[l.ID] {
			continue
		}
		seen[l.ID] = true
		st := ""
		if inOld[l.ID] == nil {
			st = Added
		}
		out = append(out, aLayer{id: l.ID, label: l.Label, status: st})
	}
	for _, l := range old.Layers {
		if l == nil || seen[l.ID] {
			continue
		}
		seen[l.ID] = true
		out = append(out, aLayer{id: l.ID, label: l.Label, status: Removed})
	}
	return out
}

// compareFacts lists the changes from old's facts to cur's, section by
// section: in each, cur's facts in order (added or changed), then the
// ones only old has (removed).
func compareFacts(old, cur *facts) []Change {
	oldAt := map[string]int{}
	for i, f := range old.list {
		oldAt[f.key()] = i
	}
	curAt := map[string]bool{}
	for _, f := range cur.list {
		curAt[f.key()] = true
	}
	var out []Change
	for _, sec := range sections {
		for _, f := range cur.list {
			if f.section != sec {
				continue
			}
			i, ok := oldAt[f.key()]
			switch {
			case !ok:
				out = append(out, Change{Section: sec, Subject: f.subject, Aspect: f.aspect, Kind: Added, New: f.value})
			case old.list[i].value != f.value:
				out = append(out, Change{Section: sec, Subject: f.subject, Aspect: f.aspect, Kind: Changed, Old: old.list[i].value, New: f.value})
			}
		}
		for _, f := range old.list {
			if f.section == sec && !curAt[f.key()] {
				out = append(out, Change{Section: sec, Subject: f.subject, Aspect: f.aspect, Kind: Removed, Old: f.value})
			}
		}
	}
	return out
}

// beyond keeps the changes of a layer's view that the base view does not
// already list as they are.
func beyond(changes, base []Change) []Change {
	out := []Change{}
	for _, c := range changes {
		if !slices.Contains(base, c) {
			out = append(out, c)
		}
	}
	return out
}

// compareStrings lists the display strings added, removed and changed,
// and each language's coverage before and after.
func compareStrings(old, cur *analysis.Result, oldRS, curRS *model.Ruleset) Strings {
	s := Strings{Added: []string{}, Removed: []string{}, Changed: []StringChange{}, Languages: []Language{}}
	oldStrs, curStrs := i18n.Strings(oldRS), i18n.Strings(curRS)
	inOld := make(map[string]bool, len(oldStrs))
	for _, ds := range oldStrs {
		inOld[ds.Text] = true
	}
	inCur := make(map[string]bool, len(curStrs))
	for _, ds := range curStrs {
		inCur[ds.Text] = true
	}
	// an added text written where a removed one was is a change
	removedAt := map[string]string{} // path → removed text
	for _, ds := range oldStrs {
		if !inCur[ds.Text] {
			for _, u := range ds.Uses {
				if u.Node != nil {
					removedAt[u.Path()] = ds.Text
				}
			}
		}
	}
	paired := map[string]bool{} // removed texts paired
	var fresh []string          // texts NEW adds or changes, as written
	for _, ds := range curStrs {
		if inOld[ds.Text] {
			continue
		}
		fresh = append(fresh, ds.Text)
		change := false
		for _, u := range ds.Uses {
			if u.Node == nil {
				continue
			}
			if was, ok := removedAt[u.Path()]; ok && !paired[was] {
				paired[was] = true
				s.Changed = append(s.Changed, StringChange{Path: v(u.Path()), Old: v(was), New: v(ds.Text)})
				change = true
				break
			}
		}
		if !change {
			s.Added = append(s.Added, v(ds.Text))
		}
	}
	for _, ds := range oldStrs {
		if !inCur[ds.Text] && !paired[ds.Text] {
			s.Removed = append(s.Removed, v(ds.Text))
		}
	}
	s.Languages = compareCoverage(old.Translations, cur.Translations, fresh)
	return s
}

// compareCoverage is each language's coverage in both versions, with the
// texts of fresh that NEW shows the language in English.
func compareCoverage(old, cur *i18n.Report, fresh []string) []Language {
	out := []Language{}
	at := map[string]int{}
	add := func(rep *i18n.Report, isNew bool) {
		if rep == nil {
			return
		}
		for _, l := range rep.Languages {
			i, ok := at[l.Lang]
			if !ok {
				i = len(out)
				at[l.Lang] = i
				out = append(out, Language{Lang: v(l.Lang), Untranslated: []string{}})
			}
			c := &Coverage{Strings: l.Coverage.Strings, Translated: l.Coverage.Translated + l.Coverage.ViaBase, Percent: l.Coverage.Percent()}
			if !isNew {
				out[i].Old = c
				continue
			}
			out[i].New = c
			for _, text := range fresh {
				if j, ok := rep.Index(text); ok && j < len(l.States) && l.States[j] != i18n.Translated && l.States[j] != i18n.ViaBase {
					out[i].Untranslated = append(out[i].Untranslated, v(text))
				}
			}
		}
	}
	add(cur, true)
	add(old, false)
	return out
}

// compareStored lists the stored ids lost, moved and added, as `migrate
// --since` compares them.
func compareStored(cur *analysis.Result, oldRS, curRS *model.Ruleset) Stored {
	st := Stored{From: oldRS.Sheet.Version, To: curRS.Sheet.Version, Lost: []migrate.Lost{}, Moved: []migrate.Move{}, Added: []migrate.StoredID{}}
	st.Unchanged = st.From == st.To
	if err := migrate.Comparable(oldRS, curRS); err != nil {
		st.NotCompared = v(err.Error())
		return st
	}
	if rep, err := cur.Since(); err == nil && rep != nil {
		for _, l := range rep.Lost {
			l.ID, l.List, l.Label = v(l.ID), v(l.List), v(l.Label)
			st.Lost = append(st.Lost, l)
		}
	}
	moved, added := migrate.StoredMoves(oldRS, curRS)
	for _, m := range moved {
		m.StoredID = visibleID(m.StoredID)
		for i := range m.To {
			m.To[i] = v(m.To[i])
		}
		st.Moved = append(st.Moved, m)
	}
	for _, a := range added {
		st.Added = append(st.Added, visibleID(a))
	}
	return st
}

func visibleID(s migrate.StoredID) migrate.StoredID {
	s.ID, s.List, s.Label = v(s.ID), v(s.List), v(s.Label)
	return s
}
