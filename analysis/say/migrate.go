package say

import (
	"fmt"

	"rulebench/migrate"
	"rulebench/model"
)

// valueLimit is how many characters of a saved value a sentence shows.
const valueLimit = 60

// Outcome says what a migration step did to a save, with the values it
// moved: "moved 7", "kept-existing (holds 2; 4 not moved)", "set 2 rows to
// \"deft\"", and for a route what its words named, for a routeLive the
// cases shown.
func Outcome(st migrate.StepTrace) string {
	out := string(st.Outcome)
	switch st.Outcome {
	case migrate.Moved, migrate.Default, migrate.Else:
		out += " " + Value(st.Value, valueLimit)
	case migrate.KeptExisting:
		out += fmt.Sprintf(" (holds %s; %s not moved)", Value(st.Existing, valueLimit), Value(st.Value, valueLimit))
	case migrate.DroppedOldKey:
		out += fmt.Sprintf(" (%s dropped; the new key holds %s)", Value(st.Value, valueLimit), Value(st.Existing, valueLimit))
	case migrate.Set:
		out += fmt.Sprintf(" %s to %s", Count(st.Count, "row"), Value(st.Value, valueLimit))
	}
	if st.StepInfo == nil {
		return out
	}
	switch st.Op {
	case model.StepRoute:
		out += fmt.Sprintf(", by %s names %s", Value(st.By, valueLimit), ListOr(st.Matched, "no case"))
	case model.StepRouteLive:
		if st.Outcome != migrate.NoValue {
			out += ", shown: " + ListOr(st.Shown, "no case")
		}
	}
	return out
}

// OutcomeBrief is the outcome in a word, with the count of rows for set:
// "moved", "set 2 rows", for a line too short for Outcome.
func OutcomeBrief(st migrate.StepTrace) string {
	if st.Outcome == migrate.Set {
		return "set " + Count(st.Count, "row")
	}
	return string(st.Outcome)
}
