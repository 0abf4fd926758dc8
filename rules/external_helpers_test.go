package rules_test

import . "rulebench/rules"

// The helpers of the tests that read the layers document (package report),
// which live outside package rules.

func appliedIDs(e *Effective) []string {
	out := []string{}
	for _, l := range e.Applied {
		out = append(out, l.ID)
	}
	return out
}
