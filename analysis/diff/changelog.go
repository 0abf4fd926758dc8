package diff

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxChangelog is the most characters a catalog CHANGELOG.md entry may
// hold.
const MaxChangelog = 1000

// Changelog drafts the catalog's CHANGELOG.md entry for NEW from a diff:
// the heading "## <version> — <date>", one bullet a change a player sees
// (the layers added and removed, each change with no layer on, each
// change under a layer beyond those, the display strings rewritten, the
// translations' coverage, the stored ids lost and moved), and the line
// "Needs an Engine with Capability API 1.NN" with NEW's need. It holds at
// most limit characters (MaxChangelog when limit is 0): bullets that do
// not fit are counted in a last "…and N more" bullet. Text from the files
// is passed through escape (Markdown escaping for the catalog's file).
func Changelog(d *Diff, date string, limit int, escape func(string) string) string {
	if limit <= 0 {
		limit = MaxChangelog
	}
	head := fmt.Sprintf("## %s — %s\n\n", escape(cut(d.New.Version, 40)), escape(cut(date, 20)))
	tail := "\nNeeds an Engine with Capability API " + d.New.CapabilityAPI
	bullets := changelogBullets(d, escape)
	if len(bullets) == 0 {
		bullets = []string{"- Nothing a player sees changes."}
	}
	size := func(n int, more bool) int {
		total := utf8.RuneCountInString(head) + utf8.RuneCountInString(tail)
		for _, b := range bullets[:n] {
			total += utf8.RuneCountInString(b) + 1
		}
		if more {
			total += utf8.RuneCountInString(moreLine(len(bullets)-n)) + 1
		}
		return total
	}
	n := len(bullets)
	for n > 0 && size(n, n < len(bullets)) > limit {
		n--
	}
	var b strings.Builder
	b.WriteString(head)
	for _, line := range bullets[:n] {
		b.WriteString(line + "\n")
	}
	if n < len(bullets) {
		b.WriteString(moreLine(len(bullets)-n) + "\n")
	}
	b.WriteString(tail)
	return b.String()
}

func moreLine(n int) string { return fmt.Sprintf("- …and %d more", n) }

// bulletRunes is the longest a bullet may be; a longer one is cut.
const bulletRunes = 280

// changelogBullets lists the entry's bullets, most telling first.
func changelogBullets(d *Diff, esc func(string) string) []string {
	var out []string
	add := func(s string) { out = append(out, "- "+cut(s, bulletRunes)) }
	for _, c := range d.Base.Changes {
		if c.Section != SectionLayers {
			continue
		}
		switch c.Kind {
		case Added:
			add(fmt.Sprintf("New layer “%s” (%s).", esc(c.New), esc(c.Subject)))
		case Removed:
			add(fmt.Sprintf("Layer “%s” (%s) removed.", esc(c.Old), esc(c.Subject)))
		}
	}
	for _, c := range d.Base.Changes {
		if c.Section != SectionLayers && !followsOwnPrice(c, d.Base.Changes) {
			add(esc(c.Sentence()))
		}
	}
	for _, l := range d.Layers {
		if l.Status == Added {
			continue // its bullet says it is new
		}
		both := append(slices.Clone(d.Base.Changes), l.Changes...)
		for _, c := range l.Changes {
			if !followsOwnPrice(c, both) && !inBase(c, d.Base.Changes) {
				add(fmt.Sprintf("With “%s” on: %s", esc(orID(l.Label, l.Layer)), esc(c.Sentence())))
			}
		}
	}
	for _, c := range d.Strings.Changed {
		old, cur := Brief(c.Old, c.New, 60)
		add(fmt.Sprintf("“%s” is now “%s”.", esc(old), esc(cur)))
	}
	if n := len(d.Strings.Added); n > 0 {
		add(fmt.Sprintf("%s to translate.", plural(n, "new display string", "new display strings")))
	}
	var langs []string
	for _, l := range d.Strings.Languages {
		if l.Old != nil && l.New != nil && l.Old.Percent != l.New.Percent {
			langs = append(langs, fmt.Sprintf("%s %.1f%% → %.1f%%", esc(l.Lang), l.Old.Percent, l.New.Percent))
		}
	}
	if len(langs) > 0 {
		add("Translations: " + strings.Join(langs, ", ") + ".")
	}
	for _, l := range d.Stored.Lost {
		add(fmt.Sprintf("Saves lose the %s %s.", esc(l.Kind), esc(l.ID)))
	}
	for _, m := range d.Stored.Moved {
		add(fmt.Sprintf("Saves keep the %s %s as %s.", esc(m.Kind), esc(m.ID), esc(strings.Join(m.To, ", "))))
	}
	if len(d.Stored.Added) > 0 {
		ids := make([]string, len(d.Stored.Added))
		for i, a := range d.Stored.Added {
			ids[i] = a.ID
			if a.List != "" {
				ids[i] = a.List + "." + a.ID
			}
		}
		add(fmt.Sprintf("New on the sheet: %s.", esc(strings.Join(ids, ", "))))
	}
	return out
}

// followsOwnPrice tells whether c is a price that follows from another
// change among changes, whose bullet says it: a market price from the
// item's own price or the price level's multiplier; any price of an item,
// and whether a seller offers it, from the item being added or removed.
func followsOwnPrice(c Change, changes []Change) bool {
	if c.Section != SectionPrices && c.Section != SectionMarket {
		return false
	}
	level, atLevel := strings.CutPrefix(c.Aspect, "at ")
	for _, o := range changes {
		switch {
		case o.Section == SectionEntries && o.Subject == c.Subject && o.Aspect == "" && o.Kind == c.Kind:
			return true
		case !atLevel || c.Section != SectionPrices:
		case o.Section == SectionPrices && o.Subject == c.Subject && o.Aspect == "own price",
			o.Section == SectionMarket && o.Subject == "price level "+level && o.Kind == Changed:
			return true
		}
	}
	return false
}

// inBase tells whether the base view lists the same change of the same
// thing (a layer's view then only adds a detail, such as why a loot line
// drops nothing).
func inBase(c Change, base []Change) bool {
	for _, b := range base {
		if b.Section == c.Section && b.Subject == c.Subject && b.Aspect == c.Aspect && b.Kind == c.Kind {
			return true
		}
	}
	return false
}

func orID(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// cut shortens s to at most n runes, the last of them "…" when it is cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// plural writes a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
