package migrate

import (
	"fmt"
	"testing"

	"rulebench/migrate/migratetest"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// largePair is the large ruleset and the same with every stored id renamed,
// read, and 30 of its sample saves.
func largePair(t testing.TB) (*model.Ruleset, *model.Ruleset, []SaveFile) {
	t.Helper()
	renamed, err := migratetest.RenameAll(modeltest.Large())
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string, data []byte) *model.Ruleset {
		root, ds := model.Parse(name, data)
		rs, more := model.DecodeRuleset(name, root)
		if all := append(ds, more...); model.HasErrors(all) {
			t.Fatalf("%s: %s", name, messages(all))
		}
		return rs
	}
	var saves []SaveFile
	for i, data := range modeltest.LargeSaves(30) {
		saves = append(saves, SaveFile{File: fmt.Sprintf("save-%d.json", i), Data: data})
	}
	return read("large.json", modeltest.Large()), read("renamed.json", renamed), saves
}

// Every id renamed with its label kept: a rename for every ability, skill,
// save and field, a routeLive for every pool and track, and the lists
// (which no step moves) undecided; the draft passes the import checks and
// keeps every value.
func TestSinceLarge(t *testing.T) {
	old, cur, saves := largePair(t)
	rep, err := Since(old, cur, saves)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, s := range rep.Draft.Steps {
		n[s.Op+" "+s.Kind]++
	}
	sh := &old.Sheet
	want := map[string]int{
		"rename ability": len(sh.Abilities), "rename skill": len(sh.Skills), "rename save": len(sh.Saves), "rename field": len(sh.Fields),
		"routeLive pool": len(sh.Live.Pools), "routeLive track": len(sh.Live.Tracks),
	}
	if fmt.Sprint(n) != fmt.Sprint(want) {
		t.Errorf("draft steps %v, want %v", n, want)
	}
	if len(rep.Undecided) != len(sh.Lists) || len(rep.DraftDiagnostics) != 0 {
		t.Errorf("undecided %v; draft findings:\n%s", rep.Undecided, messages(rep.DraftDiagnostics))
	}
	// The published routeLive from vigour sends to the first of breath and
	// sea_breath that the migrated sheet shows; renamed, neither is
	// declared, so its values go to its else (stamina) and from there on.
	fedLive := map[string]bool{}
	for _, e := range old.Sheet.Migrations {
		for _, s := range e.Steps {
			for _, c := range s.LiveCases {
				fedLive[c] = c != s.Else
			}
		}
	}
	for _, l := range rep.Lost {
		if l.Kind != KindList && !fedLive[l.ID] && l.Kept != l.Saves {
			t.Errorf("%s %s: %d saves hold a value, the draft keeps %d", l.Kind, l.ID, l.Saves, l.Kept)
		}
	}
	for _, r := range rep.Saves {
		if !r.OK || !r.Migrated {
			t.Errorf("%s: %s", r.File, messages(r.Diagnostics))
		}
	}
}

// The 256 KB ruleset against itself with every stored id renamed, 30 sample
// saves (the target: under 50 ms).
func BenchmarkSinceLarge(b *testing.B) {
	old, cur, saves := largePair(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Since(old, cur, saves); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSinceScaling compares a sheet of 10,000 and of 100,000 number
// fields (modeltest.Fields, 0.7 and 6.7 MB) with the same sheet under new
// ids, labels kept, round by round, and reports the CPU time per thousand
// fields of each and the exponent (see modeltest.Scaling): every field is
// lost, and paired by its label. The target: an exponent of at most 1.3
// and under 2 s for 100,000 fields.
func BenchmarkSinceScaling(b *testing.B) {
	pair := func(n int) modeltest.Scale {
		old := modeltest.Fields(n)
		cur, err := migratetest.RenameAll(old)
		if err != nil {
			b.Fatal(err)
		}
		return modeltest.Scale{Size: float64(n) / 1000, Run: func() {
			rep, err := Since(decodeAny(b, "old.json", old), decodeAny(b, "new.json", cur), nil)
			if err != nil || rep.Draft == nil || len(rep.Draft.Steps) < n {
				b.Fatalf("no draft of %d steps: %v", n, err)
			}
		}}
	}
	modeltest.Scaling(b, "k-fields", pair(10000), pair(100000))
}

// decodeAny reads a ruleset whatever its findings.
func decodeAny(t testing.TB, name string, data []byte) *model.Ruleset {
	t.Helper()
	root, _ := model.Parse(name, data)
	rs, _ := model.DecodeRuleset(name, root)
	if rs == nil {
		t.Fatalf("%s: not read", name)
	}
	return rs
}
