package rules

import (
	"os"
	"strconv"
	"testing"

	"rulebench/model"
)

const (
	lanternRoad = "../examples/lantern-road"
	mirefall    = "../examples/mirefall/mirefall-1.0.0.ruleset.json"
)

// loadWS loads a workspace, skipping the test when it is not there.
func loadWS(t testing.TB, p string) *model.Workspace {
	t.Helper()
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is not here: %v", p, err)
	}
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Fatal(err)
	}
	if ws.Ruleset == nil {
		t.Fatalf("%s: no ruleset: %v", p, ws.Diagnostics)
	}
	return ws
}

func itoa(n int) string { return strconv.Itoa(n) }
