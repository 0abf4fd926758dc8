package i18n

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// This file works out which translations of stale keys belong to current
// display strings: carried for sure when the ruleset says the string was
// renamed (a rename in sheet.migrations), proposed for review when the
// stale key is merely the nearest.

// Carry is a translation a stale key of a locale file offers to a current
// display string that the file does not translate.
type Carry struct {
	// String is the current display string; From the stale key whose
	// translation is offered, and Translation that translation.
	String, From, Translation string
	// Renamed tells that the ruleset renames From to String (for sure: its
	// migrations, or its history, say so); otherwise From is only the stale key nearest to String, and the
	// translation is a proposal to review.
	Renamed bool
}

// Carries returns, for the locale file of lang, the translations its stale
// keys offer to the display strings it does not translate (no key, or
// ""), in the order of the stale keys: one per display string, the first
// stale key that offers one, a rename before a nearest. renamed maps a
// stale key to the display string the ruleset renames it to (the caller's,
// from sheet.migrations); a stale key with no translation offers nothing.
func Carries(r *Report, lang string, renamed map[string]string) []Carry {
	l := r.Locale(lang)
	view, err := r.Language(lang)
	if l == nil || err != nil {
		return nil
	}
	var sure, near []Carry
	for _, s := range view.Stale {
		k, ok := l.Lookup(s.English)
		if !ok || !k.Text || k.Value == "" {
			continue
		}
		if to, ok := renamed[s.English]; ok {
			if _, current := r.Index(to); current {
				sure = append(sure, Carry{String: to, From: s.English, Translation: k.Value, Renamed: true})
				continue
			}
		}
		if to := r.Nearest(s.English); to != "" {
			near = append(near, Carry{String: to, From: s.English, Translation: k.Value})
		}
	}
	var out []Carry
	taken := map[string]bool{}
	for _, c := range append(sure, near...) {
		if taken[c.String] {
			continue
		}
		if own, ok := l.Lookup(c.String); ok && own.Text && own.Value != "" {
			continue
		}
		taken[c.String] = true
		out = append(out, c)
	}
	return out
}

// RenamedSince maps each display string of an older version of the
// ruleset (old, with its workspace oldWS) that the current one (r, ws) no
// longer has to the current string at the same place (the same file and
// JSON path, an array item named by its id where it has one, so that an
// item moved or inserted before it changes nothing): the ruleset's history
// says it was reworded there. The first place found counts.
func RenamedSince(oldWS *model.Workspace, old *Report, ws *model.Workspace, r *Report) map[string]string {
	if oldWS == nil || old == nil || ws == nil || r == nil {
		return nil
	}
	place := func(ws *model.Workspace, u Use) string {
		file := path.Base(u.File)
		if u.File == ws.RulesetFile {
			file = "" // an artifact's name changes with its version
		}
		return file + "\x00" + idPath(u.Node)
	}
	now := map[string]string{}
	for _, s := range r.Strings() {
		for _, u := range s.Uses {
			if _, seen := now[place(ws, u)]; !seen {
				now[place(ws, u)] = s.Text
			}
		}
	}
	out := map[string]string{}
	for _, s := range old.Strings() {
		if _, current := r.Index(s.Text); current {
			continue
		}
		for _, u := range s.Uses {
			if to, ok := now[place(oldWS, u)]; ok {
				out[s.Text] = to
				break
			}
		}
	}
	return out
}

// idPath is a node's JSON path with each array item written as its id
// (#id) when it is an object with a text id, else as its position.
func idPath(n *model.Node) string {
	var parts []string
	for ; n != nil; n = n.Parent() {
		up := n.Parent()
		switch {
		case up == nil:
		case up.Kind == model.Array:
			if id := n.Get("id"); n.Kind == model.Object && id != nil && id.Kind == model.String {
				parts = append(parts, "#"+id.Str())
			} else {
				parts = append(parts, strconv.Itoa(n.Index()))
			}
		default:
			parts = append(parts, n.Key())
		}
	}
	slices.Reverse(parts)
	return strings.Join(parts, "\x00")
}
