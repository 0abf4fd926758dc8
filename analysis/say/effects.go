package say

import (
	"fmt"
	"strconv"
	"strings"

	"rulebench/model"
	"rulebench/rules"
)

// And joins items as English does: "a", "a and b", "a, b and c"; made
// safe for a terminal.
func And(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return model.Visible(items[0])
	}
	return model.Visible(strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1])
}

// Or joins items with "or": "a, b or c".
func Or(items []string) string {
	if len(items) < 2 {
		return And(items)
	}
	return model.Visible(strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1])
}

// Named writes a noun with the ids it names, singular for one: "the coin
// groat", "the coins groat and noble".
func Named(one, many string, ids []string) string {
	if len(ids) == 1 {
		return "the " + one + " " + model.Visible(ids[0])
	}
	return "the " + many + " " + And(ids)
}

// number writes a rule's number without a needless fraction: "1", "2.5".
func number(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// HideTest writes what a hide rule compares, as the end of "whose ...":
// "oil is above 1", `road is "Fen causeway"`, `callings are not among
// "Fighter" and "Drover"`.
func HideTest(h model.HideRule) string {
	what := model.Visible(h.Filter)
	is := " is "
	if strings.HasSuffix(h.Filter, "s") && !strings.HasSuffix(h.Filter, "ss") {
		is = " are " // "whose tags are", "whose callings are"
	}
	switch h.Op {
	case model.HideAbove:
		return what + is + "above " + number(h.Number)
	case model.HideBelow:
		return what + is + "below " + number(h.Number)
	case model.HideEquals:
		return what + is + Quoted(h.Text)
	case model.HideNotIn:
		quoted := make([]string, len(h.List))
		for i, s := range h.List {
			quoted[i] = Quoted(s)
		}
		return what + is + "not among " + And(quoted)
	}
	return what + is + "set"
}

// hiddenCount counts the entries of the base ruleset a hide rule hides.
func hiddenCount(rs *model.Ruleset, h model.HideRule) (int, bool) {
	if rs == nil {
		return 0, false
	}
	for _, c := range rs.Catalogs {
		if c.ID != h.Catalog {
			continue
		}
		n := 0
		for _, e := range c.Entries {
			if rules.Hides(h, e) {
				n++
			}
		}
		return n, true
	}
	return 0, false
}

// LayerEffects says what a layer does, one sentence a change, naming each
// thing by its id (the layer's own label is the reader's heading): what it
// changes first, the guidance prose it appends last, so that a long text
// does not push the changes out of sight. rs, the base ruleset, gives the
// count of entries each hide rule hides (nil leaves the counts out).
// "hides the knacks whose oil is above 1 (3 entries)", "removes the coin
// groat". Text from files is made safe for a terminal.
func LayerEffects(l *model.Layer, rs *model.Ruleset) []string {
	var out []string
	if l.Ladder != nil {
		out = append(out, "replaces the difficulty ladder with "+Count(len(l.Ladder), "step")+": "+ladderSteps(l.Ladder))
	}
	for _, f := range l.Fields {
		s := fmt.Sprintf("removes %s from the field %s", Named("value", "values", f.RemoveValues), model.Visible(f.ID))
		if f.Default != nil {
			s += " and makes " + model.Visible(*f.Default) + " its default"
		}
		out = append(out, s)
	}
	for _, h := range l.Catalogs {
		s := fmt.Sprintf("hides the %s whose %s", model.Visible(h.Catalog), HideTest(h))
		if n, ok := hiddenCount(rs, h); ok {
			s += " (" + Count(n, "entry") + ")"
		}
		out = append(out, s)
	}
	if c := l.Currencies; c != nil {
		if len(c.RemoveUnits) > 0 {
			out = append(out, "removes "+Named("coin", "coins", c.RemoveUnits))
		}
		if len(c.RemoveFamilies) > 0 {
			out = append(out, "removes "+Named("coin family", "coin families", c.RemoveFamilies))
		}
	}
	if it := l.Items; it != nil {
		if len(it.RemoveSellers) > 0 {
			out = append(out, "removes "+Named("seller", "sellers", it.RemoveSellers))
		}
		for _, f := range it.Unsold {
			out = append(out, "takes the items of "+ItemFilter(f)+" off sale")
		}
		for _, t := range it.LootTables {
			out = append(out, fmt.Sprintf("replaces the loot table %s with one of %s", model.Visible(t.ID), Count(len(t.Entries), "line")))
		}
	}
	if len(l.Conflicts) > 0 {
		out = append(out, "conflicts with "+Named("layer", "layers", l.Conflicts))
	}
	if l.Guidance != nil {
		out = append(out, "appends to the check guidance: "+model.Visible(*l.Guidance))
	}
	if l.WorldGuidance != nil {
		out = append(out, "appends to the world guidance: "+model.Visible(*l.WorldGuidance))
	}
	return out
}

// ItemFilter writes an item filter: "the category provisions", "the
// rarity rare and the tag magical".
func ItemFilter(f model.ItemFilter) string {
	var parts []string
	if f.Category != "" {
		parts = append(parts, "category "+model.Visible(f.Category))
	}
	if f.Rarity != "" {
		parts = append(parts, "rarity "+model.Visible(f.Rarity))
	}
	if f.Tag != "" {
		parts = append(parts, "tag "+model.Visible(f.Tag))
	}
	if len(parts) == 0 {
		return "any kind"
	}
	return And(parts)
}

// ladderSteps lists a ladder's steps: "Easy 7, Hard 11".
func ladderSteps(steps []model.LadderStep) string {
	var parts []string
	for _, s := range steps {
		switch {
		case s.HasDC:
			parts = append(parts, fmt.Sprintf("%s %d", s.Label, s.DC))
		case s.HasSuccesses && s.HasTarget:
			parts = append(parts, fmt.Sprintf("%s %s (target %d)", s.Label, Count(s.Successes, "success"), s.Target))
		case s.HasSuccesses:
			parts = append(parts, fmt.Sprintf("%s %s", s.Label, Count(s.Successes, "success")))
		default:
			parts = append(parts, s.Label)
		}
	}
	return model.Visible(strings.Join(parts, ", "))
}

// DroppedReason says why a chosen layer does not apply, naming the other
// layers as name does (by label in the workbench, by id in the commands),
// so that one sentence never names layers both ways.
func DroppedReason(d rules.Dropped, name func(id string) string) string {
	with := make([]string, len(d.With))
	for i, id := range d.With {
		with[i] = name(id)
	}
	switch d.Cause {
	case rules.DropUnknown:
		return fmt.Sprintf("the ruleset declares no layer %s", Quoted(d.ID))
	case rules.DropConflict:
		verb := "is declared earlier and is on"
		if len(with) > 1 {
			verb = "are declared earlier and are on"
		}
		return fmt.Sprintf("it conflicts with %s, which %s", And(with), verb)
	}
	if len(with) == 0 {
		return "on its own, the layered ruleset would fail the Engine's checks: " + model.Visible(d.Problem)
	}
	return fmt.Sprintf("together with %s, the layered ruleset would fail the Engine's checks: %s", And(with), model.Visible(d.Problem))
}
