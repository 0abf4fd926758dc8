package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// TestSinceHeader: the header names the comparison's errors, or that there
// is no comparison, and says nothing without --since or when all is well.
func TestSinceHeader(t *testing.T) {
	st := newStyles(mustTheme(t, "dark"), true, false)
	compared := func(name string) *snapshot {
		cfg := sinceConfig(t, name, false)
		a := analyseSince(cfg.Workspace, cfg.Since, nil, nil)
		a.diags = nil
		return &snapshot{analysis: a}
	}
	twoErrors := compared(migratetest.VersionUnchanged) // a field lost, and the version not raised
	for _, tc := range []struct {
		name string
		s    *snapshot
		want string
	}{
		{"no --since", &snapshot{}, ""},
		{"not compared", &snapshot{analysis: analysis{sinceWS: &model.Workspace{Path: "old"}}}, "not compared with --since"},
		{"all kept", compared(migratetest.EnumDropped), ""}, // a warning only
		{"two errors", twoErrors, "since sheet v4: 2 errors"},
	} {
		if got := ansi.Strip(sinceHeader(tc.s, st)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	line := ansi.Strip(headerView(twoErrors, st, 80))
	// Each count says whose it is (issue 26 D4): not "no findings · 2
	// errors", which reads as a contradiction.
	if !strings.HasSuffix(line, "check: clean · since sheet v4: 2 errors") {
		t.Errorf("header %q", line)
	}
}
