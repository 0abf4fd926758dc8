package rules

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// fixtures holds the published rulesets shared beside the checkout.
const fixtures = "../../shared/fixtures/marinara"

// BenchmarkRulesChecks times the rules part of `rulebench check` on each
// published ruleset, loaded once: the format, layer and capability checks.
func BenchmarkRulesChecks(b *testing.B) {
	for _, name := range []string{"5e-2014", "ember-roads", "gravewatch"} {
		data, err := os.ReadFile(filepath.Join(fixtures, name+".json"))
		if err != nil {
			b.Skip("the shared fixtures are not beside this checkout")
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
