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

// BenchmarkCheckShapesScaling loads and checks each worst shape at 1 MB and
// at 10 MB (modeltest.ShapesOf), as `rulebench check` does, round by
// round, and reports the CPU time per MB of each and the exponent (see
// modeltest.Scaling). The target: an exponent of at most 1.3 and under 2 s
// for the 10 MB case. At 10 MB the array is over model.MaxValues and is
// refused unread, so its figures say nothing about checking.
func BenchmarkCheckShapesScaling(b *testing.B) {
	small, large := modeltest.ShapesOf(modeltest.MB), modeltest.ShapesOf(10*modeltest.MB)
	for i := range small {
		b.Run(small[i].Name, func(b *testing.B) {
			check := func(data []byte) func() {
				fsys := fstest.MapFS{"shape.json": {Data: data}}
				return func() {
					ws, err := model.Load(fsys, "shape.json")
					if err != nil {
						b.Fatal(err)
					}
					checkAll(ws)
				}
			}
			modeltest.Scaling(b, "MB",
				modeltest.Scale{Size: float64(len(small[i].Data)) / modeltest.MB, Run: check(small[i].Data)},
				modeltest.Scale{Size: float64(len(large[i].Data)) / modeltest.MB, Run: check(large[i].Data)})
		})
	}
}
