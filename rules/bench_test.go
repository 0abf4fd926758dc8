package rules

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// BenchmarkRulesChecks times the rules part of `rulebench check` on each
// published ruleset of the shared data, loaded once: the format, layer and
// capability checks.
func BenchmarkRulesChecks(b *testing.B) {
	fixtures := modeltest.Fixtures(b)
	for _, name := range []string{"5e-2014", "ember-roads", "gravewatch"} {
		data, err := os.ReadFile(filepath.Join(fixtures, name+".json"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			ws, err := model.Load(fstest.MapFS{name + ".json": {Data: data}}, name+".json")
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				CheckFormat(ws.Ruleset)
				CheckLayers(ws.Ruleset)
				CheckNeeds(ws, CapabilityNeeds(ws))
			}
		})
	}
}
