package main

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestLargeChecksClean: the generated large ruleset passes every check, so
// the benchmark below measures a clean file, not the reporting of errors.
func TestLargeChecksClean(t *testing.T) {
	ws, err := model.Load(fstest.MapFS{"large.json": {Data: modeltest.Large()}}, "large.json")
	if err != nil {
		t.Fatal(err)
	}
	ds := checkAll(ws)
	if len(ds) != 0 {
		t.Errorf("%d findings on the large ruleset:\n%s", len(ds), findingList(ds))
	}
}

// BenchmarkCheckLarge loads the generated 256 KB ruleset from an in-memory
// file system and runs every check on it, as `rulebench check` does. The
// target is at most 5 ms and 20 MB allocated per run.
func BenchmarkCheckLarge(b *testing.B) {
	fsys := fstest.MapFS{"large.json": {Data: modeltest.Large()}}
	b.SetBytes(int64(len(fsys["large.json"].Data)))
	b.ReportAllocs()
	for b.Loop() {
		ws, err := model.Load(fsys, "large.json")
		if err != nil {
			b.Fatal(err)
		}
		if ds := checkAll(ws); len(ds) != 0 {
			b.Fatalf("%d findings", len(ds))
		}
	}
}
