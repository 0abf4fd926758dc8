package diff

import (
	"strings"
	"unicode/utf8"
)

// What names what changed: the subject and the aspect ("wares/tin-lantern,
// own price"; "lantern_kind, value brass").
func (c Change) What() string {
	if c.Aspect == "" {
		return c.Subject
	}
	return c.Subject + ", " + c.Aspect
}

// Before and After are the values to show on either side, shortened to
// the part that differs when they are long (guidance); "" for a side that
// has none, or when the value only says the thing is there.
func (c Change) Before() string {
	b, _ := c.brief()
	return b
}

// After is Before for the new value.
func (c Change) After() string {
	_, a := c.brief()
	return a
}

func (c Change) brief() (string, string) {
	old, cur := c.shown(c.Old), c.shown(c.New)
	return Brief(old, cur, briefRunes)
}

// shown is a value as the change shows it: "" when it only tells that the
// thing is there (the aspect or subject names it already).
func (c Change) shown(value string) string {
	switch {
	case c.Section == SectionEnums && strings.HasPrefix(c.Aspect, "value "):
		return ""
	case c.Section == SectionCoins && strings.HasPrefix(c.Aspect, "coin "):
		return ""
	}
	return value
}

// Outcome says what happened to it: "added", "removed", "6 groats → 7
// groats", "added: 7 groats".
func (c Change) Outcome() string {
	before, after := c.Before(), c.After()
	switch c.Kind {
	case Added:
		if after != "" {
			return "added: " + after
		}
		return "added"
	case Removed:
		if before != "" {
			return "removed (was " + before + ")"
		}
		return "removed"
	}
	return orNone(before) + " → " + orNone(after)
}

// Line is the change in one line: "prices: wares/tin-lantern, own price: 6
// groats → 7 groats".
func (c Change) Line() string {
	return c.Section + ": " + c.What() + ": " + c.Outcome()
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// briefRunes is the length past which Before and After shorten a value.
const briefRunes = 72

// Brief shortens two long texts to the part where they differ, with a
// little of what they share around it and at most twice limit runes of
// each, marking what is left out with "…"; texts of at most limit runes
// are left as they are.
func Brief(old, cur string, limit int) (string, string) {
	if utf8.RuneCountInString(old) <= limit && utf8.RuneCountInString(cur) <= limit {
		return old, cur
	}
	o, n := []rune(old), []rune(cur)
	pre := 0
	for pre < len(o) && pre < len(n) && o[pre] == n[pre] {
		pre++
	}
	suf := 0
	for suf < len(o)-pre && suf < len(n)-pre && o[len(o)-1-suf] == n[len(n)-1-suf] {
		suf++
	}
	const context = 16
	cut := func(r []rune) string {
		start, end := max(0, pre-context), len(r)-max(0, suf-context)
		// begin and end at a word where the shared context allows
		for i := start; start > 0 && i < pre && i < len(r); i++ {
			if r[i] == ' ' {
				start = i + 1
				break
			}
		}
		for i := end - 1; end < len(r) && i >= len(r)-suf && i > start; i-- {
			if r[i] == ' ' {
				end = i
				break
			}
		}
		if end-start > 2*limit {
			end = start + 2*limit
			for i := end - 1; i > end-limit/4 && i > start; i-- {
				if r[i] == ' ' {
					end = i
					break
				}
			}
		}
		if start >= end && len(r) > 0 {
			return ""
		}
		out := string(r[start:end])
		if start > 0 {
			out = "…" + out
		}
		if end < len(r) {
			out += "…"
		}
		return out
	}
	return cut(o), cut(n)
}

// Sentence says the change in a sentence for a changelog: "wares/tin-lantern
// costs 7 groats (was 6 groats).", "lantern_kind no longer offers brass.";
// the changes it has no sentence for read as their Line.
func (c Change) Sentence() string {
	before, after := c.Before(), c.After()
	was := ""
	if before != "" {
		was = " (was " + before + ")"
	}
	switch {
	case c.Section == SectionGuidance:
		switch c.Kind {
		case Added:
			return "New " + c.Subject + "."
		case Removed:
			return "No " + c.Subject + " any more."
		}
		return "Changed " + c.Subject + "."
	case c.Section == SectionPrices && c.Aspect == "own price":
		switch c.Kind {
		case Added:
			return c.Subject + " costs " + after + "."
		case Removed:
			return c.Subject + " has no price" + was + "."
		}
		return c.Subject + " costs " + after + was + "."
	case c.Section == SectionEnums && strings.HasPrefix(c.Aspect, "value "):
		value := strings.TrimPrefix(c.Aspect, "value ")
		if c.Kind == Removed {
			return c.Subject + " no longer offers " + value + "."
		}
		return c.Subject + " offers " + value + "."
	case c.Section == SectionEnums && c.Aspect == "default" && c.Kind == Changed:
		return c.Subject + " defaults to " + after + was + "."
	case c.Section == SectionEntries && c.Aspect == "":
		if c.Kind == Added {
			return "New entry " + c.Subject + "."
		}
		return "Entry " + c.Subject + " removed."
	case c.Section == SectionEntries && c.Kind == Added:
		return c.Subject + " is hidden from the pickers."
	case c.Section == SectionEntries && c.Kind == Removed:
		return c.Subject + " is no longer hidden from the pickers."
	case c.Section == SectionMarket && strings.HasPrefix(c.Subject, "seller "):
		if c.Kind == Added {
			return "New " + c.Subject + "."
		}
		return strings.ToUpper(c.Subject[:1]) + c.Subject[1:] + " removed."
	case c.Section == SectionLadder && c.Kind == Changed:
		return "Ladder step " + c.Subject + ": " + after + was + "."
	}
	return c.Line()
}
