package cli

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"rulebench/model"
)

// BenchmarkCheckFixtures loads and checks each published ruleset as
// `rulebench check` does and, in the same run, decodes the same bytes with
// encoding/json into any. It reports the ratio of the two times: the target
// is at most 0.7.
func BenchmarkCheckFixtures(b *testing.B) {
	dir := fixtures(b)
	for _, name := range []string{"5e-2014", "ember-roads", "gravewatch"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			fsys := fstest.MapFS{name + ".json": {Data: data}}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var check, unmarshal time.Duration
			for b.Loop() {
				start := time.Now()
				ws, err := model.Load(fsys, name+".json")
				if err != nil {
					b.Fatal(err)
				}
				if ds := checkAll(ws); model.HasErrors(ds) {
					b.Fatalf("%d findings", len(ds))
				}
				check += time.Since(start)
				start = time.Now()
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				unmarshal += time.Since(start)
			}
			b.ReportMetric(float64(check)/float64(unmarshal), "x-unmarshal")
			b.ReportMetric(float64(check.Nanoseconds())/float64(b.N), "check-ns/op")
			b.ReportMetric(float64(unmarshal.Nanoseconds())/float64(b.N), "unmarshal-ns/op")
		})
	}
}

// BenchmarkCheckCommandFixtures runs the whole `rulebench check PATH`
// command in-process on each published ruleset (reading the file through
// its safety checks, every check, and the text written out) and, round by
// round in the same run, os.ReadFile plus encoding/json Unmarshal into any
// of the same file. It reports the ratio of the two times: the target is at
// most 0.7.
func BenchmarkCheckCommandFixtures(b *testing.B) {
	dir := fixtures(b)
	for _, name := range []string{"5e-2014", "ember-roads", "gravewatch"} {
		path := filepath.Join(dir, name+".json")
		b.Run(name, func(b *testing.B) {
			var check, unmarshal time.Duration
			for b.Loop() {
				start := time.Now()
				if code := run([]string{"check", path}, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
				check += time.Since(start)
				start = time.Now()
				data, err := os.ReadFile(path)
				if err != nil {
					b.Fatal(err)
				}
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				unmarshal += time.Since(start)
			}
			b.ReportMetric(float64(check)/float64(unmarshal), "x-unmarshal")
			b.ReportMetric(float64(check.Nanoseconds())/float64(b.N), "check-ns/op")
			b.ReportMetric(float64(unmarshal.Nanoseconds())/float64(b.N), "unmarshal-ns/op")
		})
	}
}
