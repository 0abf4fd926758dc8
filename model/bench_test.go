package model_test

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// The load benchmarks read the generated 256 KB ruleset (2,000 catalog
// entries, 12 layers). The target for loading and checking it all is 5 ms
// and 20 MB allocated per run; BenchmarkCheckLarge in the root package
// measures the whole check.

func BenchmarkLoadParse(b *testing.B) {
	data := modeltest.Large()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if root, _ := model.Parse("large.json", data); root == nil {
			b.Fatal("not parsed")
		}
	}
}

func BenchmarkLoadDecode(b *testing.B) {
	data := modeltest.Large()
	root, _ := model.Parse("large.json", data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ds := model.DecodeRuleset("large.json", root); len(ds) != 0 {
			b.Fatal(ds[0])
		}
	}
}

func BenchmarkLoadParseDecode(b *testing.B) {
	data := modeltest.Large()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		root, _ := model.Parse("large.json", data)
		if _, ds := model.DecodeRuleset("large.json", root); len(ds) != 0 {
			b.Fatal(ds[0])
		}
	}
}

func BenchmarkLoadWorkspace(b *testing.B) {
	fsys := fstest.MapFS{"large.json": {Data: modeltest.Large()}}
	b.SetBytes(int64(len(fsys["large.json"].Data)))
	b.ReportAllocs()
	for b.Loop() {
		ws, err := model.Load(fsys, "large.json")
		if err != nil || len(ws.Diagnostics) != 0 {
			b.Fatal(err, ws.Diagnostics)
		}
	}
}

func BenchmarkLoadSaves(b *testing.B) {
	saves := modeltest.LargeSaves(100)
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range saves {
			if _, ds := model.DecodeSave("s.json", data); len(ds) != 0 {
				b.Fatal(ds[0])
			}
		}
	}
}
