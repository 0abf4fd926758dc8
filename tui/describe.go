package tui

import (
	"fmt"
	"strings"

	"rulebench/analysis/say"
	"rulebench/model"
)

// This file turns model values into short plain-English descriptions. The
// results hold file text already made visible with vis.

// describeResolution says how checks are rolled: "dice-sum, 1d20, ladder of
// 5 steps".
func describeResolution(r model.Resolution) string {
	var parts []string
	switch r.Kind {
	case model.DiceSum:
		parts = append(parts, "dice-sum", fmt.Sprintf("%dd%d", r.DiceCount, r.DiceSides))
	case model.DicePool:
		parts = append(parts, "dice-pool", fmt.Sprintf("d%d pool %d-%d", r.DieSides, r.PoolMin, r.PoolMax))
		if r.HasTarget {
			parts = append(parts, fmt.Sprintf("target %d (%d-%d)", r.TargetDefault, r.TargetMin, r.TargetMax))
		}
	default:
		parts = append(parts, "unknown kind "+vis(r.Kind))
	}
	parts = append(parts, "ladder of "+plural(len(r.Ladder), "step", "steps"))
	return strings.Join(parts, ", ")
}

// describeLadder lists a ladder's steps: "Easy 7, Hard 11".
func describeLadder(steps []model.LadderStep) string {
	var parts []string
	for _, s := range steps {
		switch {
		case s.HasDC:
			parts = append(parts, fmt.Sprintf("%s %d", vis(s.Label), s.DC))
		case s.HasSuccesses && s.HasTarget:
			parts = append(parts, fmt.Sprintf("%s %d (target %d)", vis(s.Label), s.Successes, s.Target))
		case s.HasSuccesses:
			parts = append(parts, fmt.Sprintf("%s %d", vis(s.Label), s.Successes))
		default:
			parts = append(parts, vis(s.Label))
		}
	}
	return strings.Join(parts, ", ")
}

// describeSheet counts the sheet's parts.
func describeSheet(s model.Sheet) string {
	enums := 0
	for _, f := range s.Fields {
		if f.Type == model.TypeEnum {
			enums++
		}
	}
	fields := plural(len(s.Fields), "field", "fields")
	if enums > 0 {
		fields += fmt.Sprintf(" (%d enum)", enums)
	}
	return strings.Join([]string{
		"version " + itoa(s.Version), fields,
		plural(len(s.Abilities), "ability", "abilities"),
		plural(len(s.Skills), "skill", "skills"),
		plural(len(s.Derived), "derived value", "derived values"),
		plural(len(s.Lists), "list", "lists"),
	}, ", ")
}

// describeCatalogs lists the catalogs with their entry counts.
func describeCatalogs(cs []*model.Catalog) string {
	if len(cs) == 0 {
		return "none"
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s (%s, %s)", vis(c.ID), vis(c.Holds), plural(len(c.Entries), "entry", "entries")))
	}
	return itoa(len(cs)) + ": " + strings.Join(parts, ", ")
}

// describeCoins lists the coins by family.
func describeCoins(it *model.Items) string {
	if it == nil || len(it.Currencies) == 0 {
		return "none"
	}
	n := 0
	var fams []string
	for _, f := range it.Currencies {
		var units []string
		for _, u := range f.Units {
			units = append(units, vis(u.ID))
		}
		n += len(f.Units)
		fams = append(fams, fmt.Sprintf("%s (%s)", vis(f.ID), strings.Join(units, ", ")))
	}
	return fmt.Sprintf("%s in %s: %s", plural(n, "coin", "coins"), plural(len(it.Currencies), "family", "families"), strings.Join(fams, "; "))
}

// describeMigrations counts the migration entries and says which versions
// they start from.
func describeMigrations(s model.Sheet) string {
	if len(s.Migrations) == 0 {
		return "none"
	}
	var froms []string
	for _, m := range s.Migrations {
		froms = append(froms, itoa(m.From))
	}
	return fmt.Sprintf("%s, from version %s to %d", plural(len(s.Migrations), "entry", "entries"), strings.Join(froms, ", "), s.Version)
}

// describeFindings counts findings by severity: "2 errors, 1 warning".
func describeFindings(ds []model.Diagnostic) string {
	e, w, i := model.Count(ds, model.Error), model.Count(ds, model.Warning), model.Count(ds, model.Info)
	if e+w+i == 0 {
		return "no findings"
	}
	var parts []string
	if e > 0 {
		parts = append(parts, plural(e, "error", "errors"))
	}
	if w > 0 {
		parts = append(parts, plural(w, "warning", "warnings"))
	}
	if i > 0 {
		parts = append(parts, plural(i, "info", "info"))
	}
	return strings.Join(parts, ", ")
}

// describeFilter writes an item filter: "rarity rare, tag magical".
func describeFilter(f model.ItemFilter) string {
	var parts []string
	if f.Category != "" {
		parts = append(parts, "category "+vis(f.Category))
	}
	if f.Rarity != "" {
		parts = append(parts, "rarity "+vis(f.Rarity))
	}
	if f.Tag != "" {
		parts = append(parts, "tag "+vis(f.Tag))
	}
	return strings.Join(parts, " and ")
}

// effectNames is the short form of say.LayerEffects: "ladder, coins,
// guidance".
func effectNames(l *model.Layer) string {
	var out []string
	if l.Ladder != nil {
		out = append(out, "ladder")
	}
	if len(l.Fields) > 0 {
		out = append(out, "fields")
	}
	if len(l.Catalogs) > 0 {
		out = append(out, "catalogs")
	}
	if l.Currencies != nil {
		out = append(out, "coins")
	}
	if l.Items != nil {
		out = append(out, "items")
	}
	if l.Guidance != nil || l.WorldGuidance != nil {
		out = append(out, "guidance")
	}
	if len(out) == 0 {
		return "no effects"
	}
	return strings.Join(out, ", ")
}

// describeStep writes one migration step in words, as the commands do.
func describeStep(s *model.Step) string { return say.Step(s) }
