package scaffold

import "testing"

func TestIDFrom(t *testing.T) {
	for in, want := range map[string]string{
		"Bog Runners":    "bog-runners",
		"--reed__road--": "reed-road",
		"Über 2 Rivers":  "ber-2-rivers",
		"":               "my-ruleset",
		"traditional":    "my-ruleset",
		"___":            "my-ruleset",
	} {
		if got := IDFrom(in); got != want {
			t.Errorf("IDFrom(%q) = %q, want %q", in, got, want)
		}
	}
}
