package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rulebench/migrate"
	"rulebench/model"
)

// TestSinceHeader: the header names the comparison's errors, or that there
// is no comparison, and says nothing without --since or when all is well.
func TestSinceHeader(t *testing.T) {
	st := newStyles(mustTheme(t, "dark"), true, false)
	old := &model.Workspace{Path: "old"}
	lost := []model.Diagnostic{{Severity: model.Error}, {Severity: model.Warning}, {Severity: model.Error}}
	for _, tc := range []struct {
		name string
		s    *snapshot
		want string
	}{
		{"no --since", &snapshot{}, ""},
		{"not compared", &snapshot{analysis: analysis{sinceWS: old}}, "not compared with --since"},
		{"all kept", &snapshot{analysis: analysis{sinceWS: old, since: &migrate.SinceReport{From: 3}}}, ""},
		{"two errors", &snapshot{analysis: analysis{sinceWS: old, since: &migrate.SinceReport{From: 3, Diagnostics: lost}}}, "2 errors since sheet v3"},
	} {
		if got := ansi.Strip(sinceHeader(tc.s, st)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	line := ansi.Strip(headerView(&snapshot{analysis: analysis{sinceWS: old, since: &migrate.SinceReport{From: 3, Diagnostics: lost}}}, st, 80))
	if !strings.HasSuffix(line, "no findings · 2 errors since sheet v3") {
		t.Errorf("header %q", line)
	}
}
