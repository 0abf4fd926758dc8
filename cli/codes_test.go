package cli

import (
	"os"
	"testing"

	"rulebench/analysis"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestMain runs the tests noting the finding codes they report, held to
// testdata/codes-reported.txt for the code registry's test.
// With RULEBENCH_TEST_AS_PROGRAM=1 the test binary is rulebench itself,
// for the tests that run the completion scripts in a real shell.
func TestMain(m *testing.M) {
	if os.Getenv(programEnv) == "1" {
		os.Exit(Run(Streams{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, examplesFS, os.Args[1:]))
	}
	os.Exit(modeltest.RunTracingCodes(m))
}

// A workspace with no ruleset and no finding that says why (none that the
// loader makes, but the analysis may be given one) still gets an error from
// migrate: there is nothing to migrate with.
func TestRulesetFindingsWithoutRuleset(t *testing.T) {
	ds := rulesetFindings(analysis.Run(&model.Workspace{RulesetFile: "r.json"}, analysis.Options{}))
	if len(ds) != 1 || ds[0].Code != analysis.CodeNoRuleset || ds[0].File != "r.json" || ds[0].Category != model.Migrations ||
		ds[0].Line != 1 || ds[0].Severity != model.Error {
		t.Errorf("findings %+v", ds)
	}
}
