// Package say writes domain values as plain English, once, for both front
// ends: a count with its noun, a list, a saved value, what a migration step
// did, what an Engine keeps of the translations on import. The commands
// print these sentences and the workbench draws them, so the two never
// phrase the same value differently.
//
// Text from files is made safe for a terminal (model.Visible) where it
// enters a sentence; nothing here styles or colours.
package say

import (
	"encoding/json"
	"fmt"
	"strings"

	"rulebench/model"
)

// Count writes a count with its noun, plural when the count is not one:
// "1 error", "2 errors", "3 successes", "2 entries".
func Count(n int, noun string) string {
	return Plural(n, noun, pluralOf(noun))
}

// Plural writes a count with the singular or the plural given: "1 display
// string", "3 display strings".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pluralOf is the regular English plural of a noun.
func pluralOf(noun string) string {
	switch {
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsAny(noun[len(noun)-2:len(noun)-1], "aeiou"):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// List writes ids or values separated by commas, made safe for a terminal.
func List(items []string) string { return model.Visible(strings.Join(items, ", ")) }

// ListOr is List, or none when there are no items.
func ListOr(items []string, none string) string {
	if len(items) == 0 {
		return none
	}
	return List(items)
}

// Quoted puts file text in double quotes, made safe for a terminal.
func Quoted(s string) string { return `"` + model.Visible(s) + `"` }

// Value writes a saved value compactly as JSON, made safe for a terminal
// and cut to at most limit characters (the cut ending in "...").
func Value(v any, limit int) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	s := fmt.Sprint(v)
	if err := enc.Encode(v); err == nil {
		s = strings.TrimSuffix(b.String(), "\n")
	}
	if r := []rune(s); limit > 3 && len(r) > limit {
		s = string(r[:limit-3]) + "..."
	}
	return model.Visible(s)
}
