package rules

import (
	"os"
	"testing"

	"rulebench/model/modeltest"
)

// TestMain runs the tests noting the finding codes they report, held to
// testdata/codes-reported.txt for the code registry's test.
func TestMain(m *testing.M) { os.Exit(modeltest.RunTracingCodes(m)) }
