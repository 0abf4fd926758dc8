package rules

import (
	"os"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// FuzzLayers feeds arbitrary files through everything this package does:
// the format checks, the layer import checks, resolution of every layer and
// of a subset, the JSON document, kept save values and the capability
// needs. None may panic or hang.
func FuzzLayers(f *testing.F) {
	// small seeds only: the fuzzer minimizes every new input, which is slow
	// on the 40-60 KB example files (their layers are in the tests above)
	if data, err := os.ReadFile(mirefall); err == nil && len(data) < 32*1024 {
		f.Add(data, uint16(0xffff))
	}
	f.Add([]byte(sumBase), uint16(3))
	f.Add([]byte(poolBase), uint16(1))
	f.Add(modeltest.Base(), uint16(5))
	if data, err := os.ReadFile("testdata/format-base.json"); err == nil {
		f.Add(data, uint16(0))
	}
	f.Add([]byte(`{"layers":[{"id":"a","conflicts":["a"],"fields":[{"id":"x","removeValues":[]}],"catalogs":[{"id":"k","hide":{}}]}]}`), uint16(1))
	save := []byte(`{"v":1,"build":{"fields":{"road":"rust"},"lists":{"knacks":[{"_catalog":"knacks/a"}]},"purse":{"crown":1}}}`)
	f.Fuzz(func(t *testing.T, data []byte, mask uint16) {
		root, _ := model.Parse("fuzz.json", data)
		if root == nil {
			return
		}
		rs, _ := model.DecodeRuleset("fuzz.json", root)
		CheckFormat(rs)
		CheckLayers(rs)
		var all, some []string
		for i, l := range rs.Layers {
			all = append(all, l.ID)
			if mask&(1<<(i%16)) != 0 {
				some = append(some, l.ID)
			}
		}
		r := NewResolver(rs)
		for _, sel := range [][]string{all, some, {"nope"}} {
			e := r.Resolve(sel)
			e.HiddenPriced()
			e.LadderChanges()
			s, _ := model.DecodeSave("s.json", save)
			e.KeptInSave(s)
			NewGameIssues(rs, LayerOptions(sel))
		}
		ws := &model.Workspace{Kind: model.Package, Ruleset: rs, Manifest: &model.Manifest{HasCapability: true, CapabilityMinor: 20}}
		CheckCapability(ws)
	})
}
