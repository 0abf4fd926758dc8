package say

import (
	"fmt"
	"strings"

	"rulebench/model"
	"rulebench/rules"
)

// MarketNotes says what the layers did to the market that a list of
// sellers does not show: seller removals skipped because they would leave
// no seller, and hidden items still priced.
func MarketNotes(e *rules.Effective) []string {
	notes := []string{}
	for _, s := range e.Market.Skipped {
		notes = append(notes, fmt.Sprintf("%s: its seller removal (%s) is not made, because it would leave the market with no seller; its other effects still apply",
			s.Layer.ID, strings.Join(s.Sellers, ", ")))
	}
	if hidden := e.HiddenPriced(); hidden > 0 && e.Market.Declared {
		they, them := "they are", "them"
		if hidden == 1 {
			they, them = "it is", "it"
		}
		notes = append(notes, fmt.Sprintf("%s hidden from the item picker by a layer; %s still listed here, since whether the Engine's market leaves %s out is not established",
			Plural(hidden, "priced item is", "priced items are"), they, them))
	}
	return notes
}

// LadderStep writes a ladder step's numbers: "dc 14", "2 successes,
// target 8".
func LadderStep(s model.LadderStep) string {
	switch {
	case s.HasDC:
		return fmt.Sprintf("dc %d", s.DC)
	case s.HasTarget:
		return fmt.Sprintf("%s, target %d", Count(s.Successes, "success"), s.Target)
	}
	return Count(s.Successes, "success")
}
