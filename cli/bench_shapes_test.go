package cli

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// BenchmarkCheckShapes loads and checks each of the worst shapes a 256 KB
// ruleset can take (modeltest.Shapes), as `rulebench check` does. The
// target: each within 5x BenchmarkCheckLarge, so that no input under the
// caps costs more than linear time in its size.
func BenchmarkCheckShapes(b *testing.B) {
	for _, s := range modeltest.Shapes() {
		b.Run(s.Name, func(b *testing.B) {
			fsys := fstest.MapFS{"shape.json": {Data: s.Data}}
			b.SetBytes(int64(len(s.Data)))
			b.ReportAllocs()
			for b.Loop() {
				ws, err := model.Load(fsys, "shape.json")
				if err != nil {
					b.Fatal(err)
				}
				checkAll(ws)
			}
		})
	}
}

// TestCheckLinearOnShapes: on every worst shape, loading and checking
// compares at most 16 object members with a key per byte of input (the
// large ruleset: 0.7 a byte; the object of 23,000 keys: 7). A walk that looks every member up again
// in its own object compares hundreds a byte on the shapes with many keys.
func TestCheckLinearOnShapes(t *testing.T) {
	for _, s := range modeltest.Shapes() {
		fsys := fstest.MapFS{"shape.json": {Data: s.Data}}
		var ws *model.Workspace
		n := model.CountLookups(func() {
			var err error
			if ws, err = model.Load(fsys, "shape.json"); err == nil {
				checkAll(ws)
			}
		})
		if ws == nil || ws.Ruleset == nil {
			t.Errorf("%s: not read as a ruleset", s.Name)
			continue
		}
		if perByte := float64(n) / float64(len(s.Data)); perByte > 16 {
			t.Errorf("%s: %d members compared for %d bytes, %.1f a byte; at most 16 are allowed", s.Name, n, len(s.Data), perByte)
		}
	}
}
