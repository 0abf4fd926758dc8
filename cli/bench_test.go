package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/migrate"
	"rulebench/migrate/migratetest"
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

// TestLargeSavesMigrate: the sample saves made for the large ruleset all
// migrate without a finding, and between them every step kind moves or sets
// something.
func TestLargeSavesMigrate(t *testing.T) {
	ws, err := model.Load(fstest.MapFS{"large.json": {Data: modeltest.Large()}}, "large.json")
	if err != nil || ws.Ruleset == nil {
		t.Fatal(err)
	}
	m := migrate.New(ws.Ruleset)
	outcomes := map[string]bool{}
	for i, data := range modeltest.LargeSaves(30) {
		s, ds := model.DecodeSave(fmt.Sprintf("save-%d.json", i), data)
		if len(ds) != 0 {
			t.Fatalf("save %d: %v", i, ds)
		}
		r := m.Apply(s)
		if !r.OK || !r.Migrated || r.To != modeltest.LargeSheetVersion || len(r.Diagnostics) != 0 {
			t.Errorf("save %d: ok %v, migrated %v, to %d, findings %v", i, r.OK, r.Migrated, r.To, r.Diagnostics)
		}
		for _, st := range r.Trace {
			outcomes[st.Op+" "+string(st.Outcome)] = true
		}
	}
	var got []string
	for k := range outcomes {
		got = append(got, k)
	}
	sort.Strings(got)
	all := strings.Join(got, ", ")
	for _, want := range []string{"rename moved", "route moved", "route else", "route default", "routeLive moved", "setColumn set"} {
		if !outcomes[want] {
			t.Errorf("no %q among the outcomes: %s", want, all)
		}
	}
}

// BenchmarkCheckLarge loads the generated 256 KB ruleset from an in-memory
// file system and runs every check on it, as `rulebench check` does, with
// Go's default GC. The target is at most 5 ms a run and at most 20 times the
// input's size allocated (x-input).
func BenchmarkCheckLarge(b *testing.B) {
	fsys := fstest.MapFS{"large.json": {Data: modeltest.Large()}}
	size := len(fsys["large.json"].Data)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := modeltest.CPUTime()
	for b.Loop() {
		ws, err := model.Load(fsys, "large.json")
		if err != nil {
			b.Fatal(err)
		}
		if ds := checkAll(ws); len(ds) != 0 {
			b.Fatalf("%d findings", len(ds))
		}
	}
	// CPU time beside wall time: a busy machine stretches the wall time.
	b.ReportMetric(float64(modeltest.CPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(size), "x-input")
}

// largeRenamed is the large ruleset with every stored id renamed and
// sheet.version raised, what BenchmarkMigrateSinceLarge compares with the
// large ruleset.
func largeRenamed(t testing.TB) []byte {
	t.Helper()
	data, err := migratetest.RenameAll(modeltest.Large())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// BenchmarkMigrateSinceLarge is `rulebench migrate --since` on the 256 KB
// ruleset against itself with every stored id renamed, without the
// printing: both files loaded, compared, the draft made, import-checked
// and rehearsed on 30 sample saves. The target is under 50 ms.
func BenchmarkMigrateSinceLarge(b *testing.B) {
	fsys := fstest.MapFS{"old/large.json": {Data: modeltest.Large()}, "new/large.json": {Data: largeRenamed(b)}}
	var saves []migrate.SaveFile
	for i, data := range modeltest.LargeSaves(30) {
		saves = append(saves, migrate.SaveFile{File: fmt.Sprintf("save-%d.json", i), Data: data})
	}
	b.ReportAllocs()
	for b.Loop() {
		old, err := model.Load(fsys, "old/large.json")
		if err != nil {
			b.Fatal(err)
		}
		cur, err := model.Load(fsys, "new/large.json")
		if err != nil {
			b.Fatal(err)
		}
		rep, err := migrate.Since(old.Ruleset, cur.Ruleset, saves)
		if err != nil || rep.Draft == nil {
			b.Fatalf("no draft: %v", err)
		}
	}
}

// BenchmarkSaves75000 runs `rulebench check` and `rulebench migrate --json`
// on the large ruleset with 75,000 small sample saves (52 MB; the last
// 6,000 pass model.MaxValues and are refused), under the command's memory
// limit, and reports the most memory the process held meanwhile (peak-MB,
// see modeltest.PeakMemory). The target: at most 512.
func BenchmarkSaves75000(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "large.json"), modeltest.Large(), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "saves"), 0o755); err != nil {
		b.Fatal(err)
	}
	for i, data := range modeltest.LargeSaves(75000) {
		if err := os.WriteFile(filepath.Join(dir, "saves", fmt.Sprintf("s%05d.json", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(MemoryLimit))
	for _, args := range [][]string{{"check"}, {"migrate", "--json"}} {
		b.Run(strings.Join(args, " "), func(b *testing.B) {
			var peak uint64
			for b.Loop() {
				runtime.GC()
				peak = max(peak, modeltest.PeakMemory(func() {
					run(append(args, filepath.Join(dir, "large.json")), strings.NewReader(""), io.Discard, io.Discard)
				}))
			}
			b.ReportMetric(float64(peak)/1e6, "peak-MB")
		})
	}
}

// BenchmarkCheckManyTargets checks a folder of 1,000 and one of 10,000
// rulesets (copies of modeltest.Base, walked as `rulebench check DIR`
// does) and reports the most memory the process held for each (see
// modeltest.PeakMemory): each outcome is written and dropped as it comes,
// so the peak is bounded by a few workspaces, not their sum, and the two
// are alike.
func BenchmarkCheckManyTargets(b *testing.B) {
	folder := func(n int) string {
		dir := b.TempDir()
		for i := range n {
			sub := filepath.Join(dir, fmt.Sprintf("d%03d", i/100))
			if err := os.MkdirAll(sub, 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("r%05d.json", i)), modeltest.Base(), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		return dir
	}
	small, large := folder(1000), folder(10000)
	var peakSmall, peakLarge uint64
	for b.Loop() {
		for _, f := range []struct {
			dir  string
			peak *uint64
		}{{small, &peakSmall}, {large, &peakLarge}} {
			runtime.GC()
			*f.peak = max(*f.peak, modeltest.PeakMemory(func() {
				run([]string{"check", f.dir}, strings.NewReader(""), io.Discard, io.Discard)
			}))
		}
	}
	b.ReportMetric(float64(peakSmall)/1e6, "peak-MB@1000")
	b.ReportMetric(float64(peakLarge)/1e6, "peak-MB@10000")
}
