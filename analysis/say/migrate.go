package say

import (
	"fmt"
	"strings"

	"rulebench/migrate"
	"rulebench/model"
)

// valueLimit is how many characters of a saved value a sentence shows.
const valueLimit = 60

// smallNumbers are the counts written as words.
var smallNumbers = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// Number writes a count as a word up to ten ("two"), else in digits.
func Number(n int) string {
	if n >= 0 && n < len(smallNumbers) {
		return smallNumbers[n]
	}
	return fmt.Sprint(n)
}

// keeps tells whether a step leaves the old key in the save: renames and
// routes copy (the Engine keeps the old key), routeLive moves.
func keeps(st migrate.StepTrace) bool {
	return st.StepInfo == nil || st.Op != model.StepRouteLive
}

// Outcome says in words what a migration step did to a save, and why:
// "copied 7 (the old key stays)", "moved 3; the sheet shows shadow_lit",
// "two cases matched (level_witch, level_warden), so it goes to else;
// copied 5 (the old key stays)", "the sheet has no class, so it goes to
// else; ...", "not copied: the new key holds 2 already (4 stays in the old
// key)", `set 2 rows to "deft"`. The commands and the workbench both
// print it.
func Outcome(st migrate.StepTrace) string {
	verb, nothing := "copied", "nothing to copy"
	if !keeps(st) {
		verb, nothing = "moved", "nothing to move"
	}
	v := Value(st.Value, valueLimit)
	var out string
	switch st.Outcome {
	case migrate.Moved, migrate.Else:
		out = verb + " " + v
		if keeps(st) {
			out += " (the old key stays)"
		}
	case migrate.Default:
		out = "the save has no value, so the default " + v + " is written"
		if st.StepInfo != nil && st.Source != "" {
			out = "the save has no " + model.Visible(st.Source) + ", so the default " + v + " is written"
		}
	case migrate.KeptExisting:
		out = fmt.Sprintf("not %s: the new key holds %s already (%s stays in the old key)", verb, Value(st.Existing, valueLimit), v)
	case migrate.DroppedOldKey:
		out = fmt.Sprintf("the new key holds %s already, so the old key's %s is dropped", Value(st.Existing, valueLimit), v)
	case migrate.Set:
		out = fmt.Sprintf("set %s to %s", Count(st.Count, "row"), v)
	case migrate.NoValue:
		switch {
		case st.StepInfo != nil && st.Op == model.StepSetColumn:
			out = "no row to set"
		case st.Value != nil && st.Destination == "":
			out = "not " + verb + ": the step names no case for it and no else"
		case st.StepInfo != nil && st.Source != "":
			out = nothing + ": the save has no " + model.Visible(st.Source)
		default:
			out = nothing
		}
	default:
		out = string(st.Outcome)
	}
	if st.StepInfo == nil {
		return out
	}
	switch st.Op {
	case model.StepRoute:
		if why := routeWhy(st); why != "" {
			out = why + "; " + out
		}
	case model.StepRouteLive:
		if st.Outcome != migrate.NoValue && len(st.Shown) > 0 {
			out += "; the sheet shows " + And(st.Shown)
		}
		if st.Outcome == migrate.Moved {
			if note := liveShapeNote(st); note != "" {
				out += "; " + note
			}
		}
	}
	return out
}

// liveShapeNote says, of a value a routeLive step moved, that it is not of
// the shape its part of live state holds (a pool's {"value": N}, a plain
// track's number, a wound track's {"marks": [...]}): the move is what the
// Engine does, and the save's own error at the old key (expected an
// object, a number) still stands, so the save is not migrated. "" when the
// value has the right shape.
func liveShapeNote(st migrate.StepTrace) string {
	parts := strings.SplitN(st.Source, ".", 3)
	if len(parts) != 3 || parts[0] != "live" {
		return ""
	}
	obj, isObj := st.Value.(map[string]any)
	var want string
	switch parts[1] {
	case "pools":
		if _, ok := obj["value"].(float64); isObj && ok {
			return ""
		}
		want = `a pool's live value, {"value": N}`
	case "tracks":
		if _, ok := st.Value.(float64); ok {
			return ""
		}
		want = "a track's live value, a number"
	case "wounds":
		if _, ok := obj["marks"].([]any); isObj && ok {
			return ""
		}
		want = `a wound track's live value, {"marks": [...]}`
	default:
		return ""
	}
	return fmt.Sprintf("but %s is not %s: the save's error at %s stands, and the save is not migrated",
		Value(st.Value, valueLimit), want, model.Visible(st.Source))
}

// routeWhy says why a route sent its value where it did: the case its
// words named, or why it went to else.
func routeWhy(st migrate.StepTrace) string {
	if st.Outcome == migrate.NoValue && st.Value == nil {
		return ""
	}
	field := model.Visible(st.ByField)
	if field == "" {
		field = "field it reads"
	}
	text, isText := st.By.(string)
	switch {
	case st.By == nil || (isText && strings.TrimSpace(text) == ""):
		return "the sheet has no " + field + ", so it goes to else"
	case !isText:
		return fmt.Sprintf("the sheet's %s is %s, not text, so it goes to else", field, Value(st.By, valueLimit))
	case len(st.Matched) == 1:
		return fmt.Sprintf("%s names %s", Quoted(text), model.Visible(st.Matched[0]))
	case len(st.Matched) == 0:
		return fmt.Sprintf("no case matched %s, so it goes to else", Quoted(text))
	}
	return fmt.Sprintf("%s cases matched (%s), so it goes to else", Number(len(st.Matched)), List(st.Matched))
}

// OutcomeBrief is the outcome in a word, for a line too short for
// Outcome: "copied" (a rename's or a route's value, the old key kept),
// "moved" (a routeLive's), "else", "set 2 rows", or the outcome's own word.
func OutcomeBrief(st migrate.StepTrace) string {
	switch st.Outcome {
	case migrate.Set:
		return "set " + Count(st.Count, "row")
	case migrate.Moved:
		if keeps(st) {
			return "copied"
		}
		return "moved"
	}
	return string(st.Outcome)
}

// valueList writes saved values as a list, texts quoted and the rest as
// JSON: ["Ash Ward", "Salt Ring", 3].
func valueList(items []any) string {
	parts := make([]string, len(items))
	for i, x := range items {
		if s, ok := x.(string); ok {
			parts[i] = Quoted(s)
		} else {
			parts[i] = Value(x, valueLimit)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Step says what a migration step does: "rename field xp to road_xp",
// `set column ability of attacks to "deft" where ability in ["quick"]`.
func Step(s *model.Step) string {
	v := model.Visible
	switch s.Op {
	case model.StepRename:
		return fmt.Sprintf("rename %s %s to %s", v(s.What), v(s.From), v(s.To))
	case model.StepRoute:
		var cases []string
		for _, c := range s.Cases {
			cases = append(cases, fmt.Sprintf("%s to %s", List(c.Words), v(c.To)))
		}
		txt := fmt.Sprintf("route %s by %s: %s, else %s", v(s.Field), v(s.By), strings.Join(cases, "; "), v(s.Else))
		if s.HasDefault {
			txt += ", default " + Value(s.Default, valueLimit)
		}
		return txt
	case model.StepRouteLive:
		return fmt.Sprintf("route live %s %s to the first shown of %s, else %s", v(s.What), v(s.From), List(s.LiveCases), v(s.Else))
	case model.StepSetColumn:
		var where []string
		for _, w := range s.Where {
			where = append(where, fmt.Sprintf("%s in %s", v(w.Column), valueList(w.Values)))
		}
		return fmt.Sprintf("set column %s of %s to %s where %s", v(s.Column), v(s.List), Value(s.Value, valueLimit), strings.Join(where, " and "))
	}
	return "unknown step"
}

// Renamed says where the migrations take an id a stale locale key is spelt
// like (migrate.RenameOfKey), the final id's label put in quotes by quote:
// `the migrations rename the skill row to steer, shown as "Steer"`. The
// commands and the workbench both give it as the hint for the key.
func Renamed(r migrate.Rename, quote func(string) string) string {
	return fmt.Sprintf("the migrations rename the %s %s to %s, shown as %s", r.What, model.Visible(r.From), model.Visible(r.To), quote(r.Label))
}
