package tui

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// largeFS is a package around the large test ruleset (256 KB, 12 layers,
// 2,000 catalog entries): a French locale translating every other display
// string, and 24 sample saves.
func largeFS(tb testing.TB) fstest.MapFS {
	tb.Helper()
	data := modeltest.Large()
	fsys := fstest.MapFS{
		"large/manifest.json": {Data: []byte(`{"schemaVersion":2,"id":"large","name":"Large","version":"1.0.0","capabilityApi":{"major":1,"minor":813}}`)},
		"large/ruleset.json":  {Data: data},
	}
	root, _ := model.Parse("large/ruleset.json", data)
	rs, _ := model.DecodeRuleset("large/ruleset.json", root)
	fr := map[string]string{}
	for i, s := range i18n.Strings(rs) {
		if i%2 == 0 {
			fr[s.Text] = "fr " + s.Text
		}
	}
	loc, err := json.Marshal(map[string]any{"_meta": map[string]string{"locale": "fr", "direction": "ltr"}, "ruleset": fr})
	if err != nil {
		tb.Fatal(err)
	}
	fsys["large/locales/fr.json"] = &fstest.MapFile{Data: loc}
	for i, s := range modeltest.LargeSaves(24) {
		fsys[fmt.Sprintf("large/saves/s%02d.json", i)] = &fstest.MapFile{Data: s}
	}
	return fsys
}

func largeConfig(tb testing.TB, fsys fstest.MapFS) Config {
	return packageConfig(tb, fsys, "large")
}

// packageConfig is the workbench's configuration over the package in the
// folder dir of fsys, read before it starts.
func packageConfig(tb testing.TB, fsys fstest.MapFS, dir string) Config {
	ws, err := model.Load(fsys, dir)
	if err != nil {
		tb.Fatal(err)
	}
	return Config{Workspace: ws, FS: fsys, Theme: "dark",
		Reload: func() (*model.Workspace, error) { return model.Load(fsys, dir) }}
}

// hugePackageBytes is the size of the largest package benchmarked: about
// the most a workspace may read (model.MaxWorkspaceBytes is 64 MB).
const hugePackageBytes = 60 << 20

var (
	hugeOnce sync.Once
	hugeMap  fstest.MapFS
)

// hugeFS is the package modeltest.LargePackage makes at 60 MB, in the
// folder "huge": the large ruleset with its 12 catalogs as assets of 2,000
// entries each, 24 saves and 7 locales of 24,000 strings each. It is made
// once per test binary.
func hugeFS(tb testing.TB) fstest.MapFS {
	tb.Helper()
	hugeOnce.Do(func() {
		hugeMap = fstest.MapFS{}
		for name, data := range modeltest.LargePackage(hugePackageBytes) {
			hugeMap["huge/"+name] = &fstest.MapFile{Data: data}
		}
	})
	return hugeMap
}

// benchPackage is a package the workbench's benchmarks run on.
type benchPackage struct {
	name string
	fsys func(testing.TB) fstest.MapFS
	dir  string
}

// benchPackages are the 256 KB ruleset's package and the 60 MB one.
var benchPackages = []benchPackage{
	{"256KB", largeFS, "large"},
	{"60MB", hugeFS, "huge"},
}

// BenchmarkView draws one frame of each tab of the large ruleset at
// 200x60, with every layer that can be on switched on. Target: 16 ms.
//
// Each state is reached from an App of its own: keys change the App they
// are sent to, so a shared one would leave each sub-benchmark where the
// one before it went.
func BenchmarkView(b *testing.B) { benchViews(b, largeFS(b), "large") }

// BenchmarkView60MB is BenchmarkView on the 60 MB package.
func BenchmarkView60MB(b *testing.B) { benchViews(b, hugeFS(b), "huge") }

// benchViews draws one frame of each tab of the package in the folder dir
// of fsys, every layer that can be on switched on.
func benchViews(b *testing.B, fsys fstest.MapFS, dir string) {
	allOn := func(b *testing.B) *App {
		a := keysTo(b, newTestApp(b, packageConfig(b, fsys, dir), 200, 60), "2")
		for range a.snap.toggles {
			a = keysTo(b, a, "space", "down")
		}
		return a
	}
	states := []struct {
		name string
		pane paneID
		keys []string
	}{
		{"Overview", paneOverview, []string{"1"}},
		{"Layers", paneLayers, []string{"2"}},
		{"Effective", paneEffective, []string{"3"}},
		{"Translations", paneTranslations, []string{"4"}},
		{"TranslationsStrings", paneTranslations, []string{"4", "enter"}},
		{"TranslationsSearch", paneTranslations, []string{"4", "enter", "/", "f", "r", "e"}},
		{"Migrations", paneMigrations, []string{"5"}},
		{"MigrationsStep", paneMigrations, []string{"5", "end", "enter", "n"}},
		{"Problems", paneProblems, []string{"6", "enter"}},
	}
	for _, s := range states {
		b.Run(s.name, func(b *testing.B) {
			a := keysTo(b, allOn(b), s.keys...)
			if a.focus != s.pane {
				b.Fatalf("the keys led to %v", a.focus)
			}
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				_ = a.View()
			}
			cpu.report()
		})
	}
}

// BenchmarkStep measures a step of a large save's migration: the save
// before and after it written, aligned and drawn.
func BenchmarkStep(b *testing.B) {
	a := keysTo(b, newTestApp(b, largeConfig(b, largeFS(b)), 200, 60), "5", "end", "enter")
	b.ReportAllocs()
	for b.Loop() {
		a = send(b, a, keyPress("n"), keyPress("p"))
		_ = a.View()
	}
}

// BenchmarkSearch measures typing a letter of a search in the strings of
// the large ruleset and of the 60 MB package, and a frame: what the key
// costs the UI goroutine (the matching runs in the background). Each op is
// two keys, a letter and backspace. Target: 16 ms a key.
func BenchmarkSearch(b *testing.B) {
	benchSearch(b, func(t testing.TB, a *App, m tea.Msg) *App { return send(t, a, m) })
}

// BenchmarkSearchShown measures a letter of a search until its matches
// are shown: the key, the matching in the background, and the frame.
func BenchmarkSearchShown(b *testing.B) { benchSearch(b, sendRun) }

// benchSearch types a letter of a search and takes it back, each followed
// by a frame, with deliver handing each key to the App.
func benchSearch(b *testing.B, deliver func(testing.TB, *App, tea.Msg) *App) {
	for _, pkg := range benchPackages {
		b.Run(pkg.name, func(b *testing.B) {
			a := keysTo(b, newTestApp(b, packageConfig(b, pkg.fsys(b), pkg.dir), 200, 60), "4", "enter", "/", "f", "r")
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				a = deliver(b, a, keyPress("e"))
				_ = a.View()
				a = deliver(b, a, keyPress("backspace"))
				_ = a.View()
			}
			cpu.report()
		})
	}
}

// BenchmarkFirstFrame measures start to first frame as the command line
// starts the workbench: making the App, which reads the files in the
// background (not timed), the layout and the first View, which says it is
// reading them. Target: 150 ms.
func BenchmarkFirstFrame(b *testing.B) {
	for _, pkg := range benchPackages {
		b.Run(pkg.name, func(b *testing.B) {
			cfg := backgroundConfig(pkg.fsys(b), pkg.dir)
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				a, err := New(cfg)
				if err != nil {
					b.Fatal(err)
				}
				next, _ := a.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
				if v := next.View(); !strings.Contains(ansi.Strip(v.Content), "Reading the files") {
					b.Fatalf("the first frame does not say the files are being read:\n%s", ansi.Strip(v.Content))
				}
			}
			cpu.report()
		})
	}
}

// backgroundConfig is the configuration the command line gives: the files
// are read by the workbench, in the background.
func backgroundConfig(fsys fstest.MapFS, dir string) Config {
	return Config{FS: fsys, Theme: "dark", Reload: func() (*model.Workspace, error) { return model.Load(fsys, dir) }}
}

// BenchmarkLoaded measures what taking in the files read in the background
// costs the UI goroutine: the workspace shown (its findings still being
// worked out) and a frame. Target: 16 ms.
func BenchmarkLoaded(b *testing.B) {
	for _, pkg := range benchPackages {
		b.Run(pkg.name, func(b *testing.B) {
			cfg := backgroundConfig(pkg.fsys(b), pkg.dir)
			msg := mustLoad(b, cfg)
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				cpu.pause()
				a, err := New(cfg)
				if err != nil {
					b.Fatal(err)
				}
				a = send(b, a, tea.WindowSizeMsg{Width: 200, Height: 60})
				cpu.resume()
				a = send(b, a, msg)
				_ = a.View()
			}
			cpu.report()
		})
	}
}

// mustLoad runs the reading an App of cfg starts with and returns its
// message.
func mustLoad(tb testing.TB, cfg Config) loadedMsg {
	a, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	msg, ok := a.loadCmd()().(loadedMsg)
	if !ok || msg.err != nil {
		tb.Fatalf("the files were not read: %v", msg.err)
	}
	return msg
}

// BenchmarkFindingsShown measures start to the frame with the findings:
// the first frame, then every check, the analysis of layers, translations
// and 24 saves' migrations, and the frame that shows them.
func BenchmarkFindingsShown(b *testing.B) {
	fsys := largeFS(b)
	b.ReportAllocs()
	for b.Loop() {
		a, err := New(largeConfig(b, fsys))
		if err != nil {
			b.Fatal(err)
		}
		a = send(b, a, tea.WindowSizeMsg{Width: 200, Height: 60})
		_ = a.View()
		a = send(b, a, a.analyseCmd()())
		_ = a.View()
	}
}

// BenchmarkToggle measures switching a layer on and off: a new effective
// ruleset, the panes refreshed and a frame drawn. Target: 100 ms on the
// 60 MB package.
func BenchmarkToggle(b *testing.B) {
	for _, pkg := range benchPackages {
		b.Run(pkg.name, func(b *testing.B) {
			a := keysTo(b, newTestApp(b, packageConfig(b, pkg.fsys(b), pkg.dir), 200, 60), "2")
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				a = send(b, a, keyPress("space"))
				_ = a.View()
			}
			cpu.report()
		})
	}
}

// BenchmarkReload measures what taking in a file change costs the UI
// goroutine, once the package is read and analysed in the background (not
// timed): taking the result in and a frame, with each tab in view (the
// Translations tab with a language's strings searched, the Effective tab
// with a layer on). Target: 16 ms.
func BenchmarkReload(b *testing.B) {
	tabs := []struct {
		name string
		keys []string
	}{
		{"Overview", []string{"1"}},
		{"Layers", []string{"2", "space"}},
		{"Effective", []string{"2", "space", "3"}},
		{"Translations", []string{"4", "enter", "/", "f", "r", "enter"}},
		{"Migrations", []string{"5"}},
		{"Problems", []string{"6"}},
	}
	for _, pkg := range benchPackages {
		for _, tab := range tabs {
			b.Run(pkg.name+"/"+tab.name, func(b *testing.B) {
				a := keysTo(b, newTestApp(b, packageConfig(b, pkg.fsys(b), pkg.dir), 200, 60), tab.keys...)
				b.ReportAllocs()
				cpu := startCPU(b)
				for b.Loop() {
					cpu.pause()
					msg := a.startReload()()
					runtime.GC() // the garbage of the reading, not of taking it in
					cpu.resume()
					a = send(b, a, msg)
					_ = a.View()
				}
				cpu.report()
			})
		}
	}
}

// BenchmarkAnalysis measures the workbench's analysis of the large
// package alone: every check, the layer resolver and the base, the
// translation report, the import refusals and 24 saves' rehearsals.
func BenchmarkAnalysis(b *testing.B) {
	cfg := largeConfig(b, largeFS(b))
	b.ReportAllocs()
	for b.Loop() {
		_ = analyse(cfg.Workspace, cfg.Check)
	}
}

// BenchmarkToggleThenEffective measures switching a layer and then opening
// the Effective tab until it shows the effective ruleset it put off: the
// toggle, the drawing (off the UI goroutine), the tab's frame, and back to
// the Layers tab. Target: 100 ms.
func BenchmarkToggleThenEffective(b *testing.B) {
	for _, pkg := range benchPackages {
		b.Run(pkg.name, func(b *testing.B) {
			a := keysTo(b, newTestApp(b, packageConfig(b, pkg.fsys(b), pkg.dir), 200, 60), "2")
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				a = send(b, a, keyPress("space"))
				a = sendRun(b, a, keyPress("3"))
				_ = a.View()
				a = send(b, a, keyPress("2"))
			}
			cpu.report()
		})
	}
}

// cpuMeter reports the CPU time of a benchmark's timed part per op
// (cpu-ms/op) beside its wall time, which a busy machine stretches: the
// process's user and system time, the collector's included. pause and
// resume stop and start the benchmark's timer with it.
type cpuMeter struct {
	b            *testing.B
	start, total time.Duration
}

// startCPU starts measuring, just before a benchmark's loop.
func startCPU(b *testing.B) *cpuMeter { return &cpuMeter{b: b, start: modeltest.CPUTime()} }

func (m *cpuMeter) pause() {
	m.b.StopTimer()
	m.total += modeltest.CPUTime() - m.start
}

func (m *cpuMeter) resume() {
	m.start = modeltest.CPUTime()
	m.b.StartTimer()
}

// report reports the CPU time per op, after the loop.
func (m *cpuMeter) report() {
	m.total += modeltest.CPUTime() - m.start
	m.b.ReportMetric(float64(m.total)/float64(m.b.N)/1e6, "cpu-ms/op")
}
