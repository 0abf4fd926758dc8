package migrate

import (
	"encoding/json"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"rulebench/model"
)

// fiveEntries is a five-entry chain over the tests' base sheet (version 6)
// with every kind of step.
const fiveEntries = `[
  { "from": 1, "steps": [
    { "rename": "ability", "from": "might", "to": "str" },
    { "rename": "skill", "from": "climb", "to": "athletics" },
    { "rename": "field", "from": "xp", "to": "road_xp" } ] },
  { "from": 2, "steps": [
    { "rename": "field", "from": "road_xp", "to": "experience" },
    { "rename": "save", "from": "toughness", "to": "fort" },
    { "setColumn": { "list": "attacks", "where": { "name": ["Dagger", "Rapier"] }, "column": "ability", "to": "finesse" } } ] },
  { "from": 3, "steps": [
    { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "shadow_dark"], "else": "shadow_dark" },
    { "rename": "field", "from": "calling", "to": "class" } ] },
  { "from": 4, "steps": [
    { "route": "level", "by": "calling", "cases": [ { "words": ["fighter", "sellsword"], "to": "level_fighter" }, { "words": ["wizard", "witch"], "to": "level_wizard" } ],
      "else": "level_other", "default": 1 },
    { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d8", "hd_d10"], "else": "spare" } ] },
  { "from": 5, "steps": [
    { "routeLive": "track", "from": "hurt", "cases": ["wounds"], "else": "scars" },
    { "setColumn": { "list": "attacks", "where": { "trained": [true] }, "column": "bonus", "to": 1 } } ] }
]`

// benchSaves makes n saves at random versions 1..6 for the five-entry chain.
func benchSaves(b *testing.B, n int) (*Migrator, []*model.Save) {
	rs := withMigrations(b, 6, fiveEntries)
	if ds := Check(rs); model.HasErrors(ds) {
		b.Fatalf("the chain is refused: %s", messages(ds))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	saves := make([]*model.Save, n)
	for i := range saves {
		saves[i] = genSave(rng, i, 5)
	}
	return New(rs), saves
}

// One save through the five-entry chain.
func BenchmarkApply(b *testing.B) {
	m, saves := benchSaves(b, 10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.Apply(saves[i%len(saves)])
	}
}

// 10,000 saves through the five-entry chain per op (the target: ≤ 100 ms).
// Besides wall time it reports the CPU time the process spent (cpu-ms/op,
// GC included), which a busy shared machine disturbs less.
func BenchmarkApply10000(b *testing.B) {
	m, saves := benchSaves(b, 10000)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	n := 0
	for b.Loop() {
		for _, s := range saves {
			m.Apply(s)
		}
		n++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(n)/1e6, "cpu-ms/op")
}

// cpuTime is the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// One save file read and migrated, as the command does.
func BenchmarkRehearse(b *testing.B) {
	m, saves := benchSaves(b, 1000)
	files := make([][]byte, len(saves))
	for i, s := range saves {
		files[i], _ = json.Marshal(map[string]any{"v": s.V, "build": s.Build(), "live": s.Live()})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.Rehearse("save.json", files[i%len(files)])
	}
}

// The import checks of the five-entry chain.
func BenchmarkCheck(b *testing.B) {
	rs := withMigrations(b, 6, fiveEntries)
	b.ReportAllocs()
	for b.Loop() {
		Check(rs)
	}
}
