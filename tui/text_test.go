package tui

import (
	"slices"
	"testing"
)

// D3: wrap breaks at spaces, never at a hyphen: a language tag, an id or
// a negative number stays whole; a word wider than the line is still cut.
func TestWrapKeepsHyphenatedWordsWhole(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  []string
	}{
		{"an Engine set to pt-BR keeps pt-BR", 20, []string{"an Engine set to", "pt-BR keeps pt-BR"}},
		{"takes off sale wares/black-lantern", 28, []string{"takes off sale", "wares/black-lantern"}},
		{"bonus of -5 here", 10, []string{"bonus of", "-5 here"}},
		{"abcdefghij-klm", 6, []string{"abcdef", "ghij-k", "lm"}},
		{"no hyphen at all", 9, []string{"no hyphen", "at all"}},
		{"keeps \u2011 \u2010 \u2012 and pt-BR", 12, []string{"keeps \u2011 \u2010 \u2012", "and pt-BR"}},
	} {
		if got := wrap(c.text, c.width); !slices.Equal(got, c.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}
