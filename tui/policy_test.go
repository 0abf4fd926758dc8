package tui

import (
	"testing"

	core "rulebench/analysis"
)

// The workbench follows the project's rulebench.json as check does: a code
// it ignores is not among the findings shown, and is kept as suppressed.
func TestWorkbenchFollowsThePolicy(t *testing.T) {
	ws := loadFerry(t, ferryFS())
	all := analyseSince(ws, nil, nil, nil)
	if len(all.diags) == 0 {
		t.Fatal("the ferry package has no findings to suppress")
	}
	code := string(all.diags[0].Code)
	policy, ds := core.ParseConfig("rulebench.json", []byte(`{"ignore": ["`+code+`"]}`))
	if policy == nil || len(ds) != 0 {
		t.Fatalf("the policy: %v", ds)
	}
	some := analyseSince(ws, nil, nil, policy)
	for _, d := range some.diags {
		if string(d.Code) == code {
			t.Fatalf("%s is still shown: %v", code, d)
		}
	}
	if len(some.res.Suppressed) == 0 {
		t.Errorf("nothing kept as suppressed")
	}
}
