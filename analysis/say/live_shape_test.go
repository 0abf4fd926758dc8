package say

import (
	"strings"
	"testing"

	"rulebench/migrate"
	"rulebench/model"
)

// A routeLive step that moves a value of the wrong shape for its part of
// live state says so; one of the right shape says nothing more.
func TestOutcomeLiveShape(t *testing.T) {
	for _, tc := range []struct {
		source string
		value  any
		wrong  bool
	}{
		{"live.pools.hp", map[string]any{"value": 3.0}, false},
		{"live.pools.hp", 3.0, true},
		{"live.pools.hp", map[string]any{"temp": 3.0}, true},
		{"live.tracks.shadow", 2.0, false},
		{"live.tracks.shadow", map[string]any{"value": 2.0}, true},
		{"live.wounds.body", map[string]any{"marks": []any{"gash"}}, false},
		{"live.wounds.body", []any{"gash"}, true},
	} {
		st := migrate.StepTrace{StepInfo: &migrate.StepInfo{Op: model.StepRouteLive, Source: tc.source}, Outcome: migrate.Moved, Value: tc.value}
		got := Outcome(st)
		if wrong := strings.Contains(got, "is not a"); wrong != tc.wrong || !strings.HasPrefix(got, "moved ") {
			t.Errorf("%s %v: %q", tc.source, tc.value, got)
		}
	}
}
