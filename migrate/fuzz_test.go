package migrate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"rulebench/model"
)

// seedSaves are save files to start the fuzzers from.
func seedSaves(f *testing.F) [][]byte {
	seeds := [][]byte{
		[]byte(`{"v": 1, "build": {"fields": {"class": "Fighter3", "level": 3, "xp": 10}, "lists": {"attacks": [{"name": "Dagger", "ability": "str"}]}}, "live": {"pools": {"hit_dice": {"value": 2}}, "tracks": {"shadow": 1}, "wounds": {"hurt": {"marks": ["cut"]}}}}`),
		[]byte(`{"v": 2, "build": {"abilities": {"might": 3}, "skills": {"climb": "trained"}, "bonuses": {"climb": 1}}}`),
		[]byte(`{"v": 9, "build": {}}`),
		[]byte(`{"v": 1, "build": {"fields": "x", "lists": {"attacks": [1, null, {"name": 3}]}}, "live": {"pools": []}}`),
		[]byte(`{"v": 1.5, "build": [], "live": null}`),
		[]byte(`[]`),
		[]byte(``),
	}
	files, _ := filepath.Glob(filepath.Join(lanternRoad, "saves", "*.json"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			seeds = append(seeds, data)
		}
	}
	return seeds
}

// checkResult asserts what must hold for any save: no panic (by getting
// here), a complete result, StateAt replaying to the sheet, and migrating a
// migrated save again changing nothing.
func checkResult(t *testing.T, m *Migrator, r *Result) {
	if r == nil || r.Trace == nil || r.Entries == nil || r.Diagnostics == nil {
		t.Fatalf("incomplete result %+v", r)
	}
	for _, d := range r.Diagnostics {
		// model's parser gives a key "" the path "": only migrate's own
		// findings are held to a non-empty path here.
		ours := strings.HasPrefix(string(d.Code), "migration-") || strings.HasPrefix(string(d.Code), "save-") || d.Code == "sheet-size"
		if d.File == "" || (ours && d.Path == "") || d.Message == "" || d.Line < 1 || d.Column < 1 {
			t.Fatalf("finding without a place: %+v", d)
		}
	}
	if !r.Migrated {
		return
	}
	if got := r.StateAt(len(r.Trace)); !reflect.DeepEqual(normal(got), normal(r.Sheet)) {
		t.Fatalf("StateAt(end) differs from the sheet:\n%#v\n%#v", got, r.Sheet)
	}
	again := m.Apply(saveOf(r.File, r.Sheet))
	for _, st := range again.Trace {
		if len(st.Changes) > 0 {
			t.Fatalf("migrating again changed %+v (%s)", st.Changes, st.Path)
		}
	}
}

// normal makes states comparable whether an empty container is nil or not.
func normal(s State) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func FuzzSave(f *testing.F) {
	for _, s := range seedSaves(f) {
		f.Add(s)
	}
	ws, err := model.Load(model.OSFS{}, lanternRoad)
	if err != nil || ws.Ruleset == nil {
		f.Skip("examples/lantern-road is not there")
	}
	m := New(ws.Ruleset)
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog()()
		s, ds := model.DecodeSave("fuzz.json", data)
		if s == nil {
			t.Fatal("DecodeSave returned no save")
		}
		for _, d := range ds {
			if d.File != "fuzz.json" || d.Message == "" {
				t.Fatalf("finding without a place: %+v", d)
			}
		}
		var pristine []byte
		if s.Root != nil {
			pristine, _ = json.Marshal(State{V: s.V, Build: s.Build(), Live: s.Live()})
		}
		r := m.Rehearse("fuzz.json", data)
		checkResult(t, m, r)
		if s.Root != nil {
			s2, _ := model.DecodeSave("fuzz.json", data)
			r2 := m.Apply(s2)
			after, _ := json.Marshal(State{V: s2.V, Build: s2.Build(), Live: s2.Live()})
			if string(after) != string(pristine) {
				t.Fatalf("Apply changed its input")
			}
			if normal(r2.Sheet) != normal(r.Sheet) && r.Migrated {
				t.Fatalf("Apply and Rehearse disagree")
			}
		}
	})
}

func FuzzApply(f *testing.F) {
	for i, s := range seedSaves(f) {
		migrations := []string{everyStep, liveMigrations, fmt.Sprintf(routeMigrations, `, "default": 1`), `[]`}[i%4]
		f.Add(migrations, s)
	}
	f.Add(`[{"from": 1, "steps": [{"routeLive": "pool", "from": "a", "cases": ["b"], "else": "spare"}]}, {"from": 2, "steps": [{"routeLive": "pool", "from": "b", "cases": ["a"], "else": "spare"}]}]`,
		[]byte(`{"v": 1, "build": {}, "live": {"pools": {"a": {"value": 1}}}}`))
	f.Fuzz(func(t *testing.T, migrations string, data []byte) {
		defer watchdog()()
		text := rulesetJSON(fmt.Sprintf(baseSheet, 4, migrations))
		root, _ := model.Parse("rules.json", []byte(text))
		if root == nil {
			return
		}
		rs, _ := model.DecodeRuleset("rules.json", root)
		ds := Check(rs)
		for _, d := range ds {
			if !strings.HasPrefix(d.Path, "sheet.migrations.") || d.Line < 1 || d.Message == "" {
				t.Fatalf("finding out of place: %+v", d)
			}
		}
		m := New(rs)
		r := m.Rehearse("fuzz.json", data)
		if model.HasErrors(ds) {
			// A refused chain still must not crash or lose the result.
			if r == nil || r.Trace == nil {
				t.Fatal("no result")
			}
			return
		}
		checkResult(t, m, r)
	})
}

// watchdog panics when one input runs for more than ten seconds, so that a
// hang is reported with its input like a crash; call the returned func when
// done.
func watchdog() func() {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			panic("one input ran for more than 10 s")
		}
	}()
	return func() { close(done) }
}

// FuzzSince compares two sheets the fuzzer writes (the tests' base ruleset
// around them) on a fuzzed save: Since never panics, every lost id is
// either moved by a draft step or undecided, and every drafted step moves
// a lost id.
func FuzzSince(f *testing.F) {
	base := fmt.Sprintf(baseSheet, 2, "[]")
	f.Add(base, strings.Replace(base, `"version": 2`, `"version": 3`, 1), []byte(`{"v": 2, "build": {"fields": {"notes": "x"}}}`))
	f.Add(strings.Replace(base, `"id": "notes"`, `"id": "old_notes"`, 1), strings.Replace(base, `"version": 2`, `"version": 3`, 1), []byte(`{"v": 2, "build": {"fields": {"old_notes": "x"}}}`))
	f.Add(strings.Replace(base, `"id": "hd_d6"`, `"id": "hd"`, 1), strings.Replace(base, `"version": 2`, `"version": 4`, 1), []byte(`{"v": 1, "build": {}, "live": {"pools": {"hd": {"value": 1}}}}`))
	for _, s := range seedSaves(f) {
		f.Add(base, base, s)
	}
	read := func(sheet string) *model.Ruleset {
		root, _ := model.Parse("r.json", []byte(rulesetJSON(sheet)))
		if root == nil {
			return nil
		}
		rs, _ := model.DecodeRuleset("r.json", root)
		return rs
	}
	f.Fuzz(func(t *testing.T, oldSheet, newSheet string, save []byte) {
		old, cur := read(oldSheet), read(newSheet)
		if old == nil || cur == nil {
			return
		}
		rep, err := Since(old, cur, []SaveFile{{File: "s.json", Data: save}})
		if err != nil {
			return
		}
		moving := map[int]bool{}
		undecided := 0
		for _, l := range rep.Lost {
			if l.Step >= 0 {
				moving[l.Step] = true
			} else {
				undecided++
			}
		}
		if undecided != len(rep.Undecided) {
			t.Errorf("%d lost ids without a step, %d undecided", undecided, len(rep.Undecided))
		}
		if rep.Draft != nil {
			for i := range rep.Draft.Steps {
				if !moving[i] {
					t.Errorf("draft step %d moves no lost id", i)
				}
			}
		}
		if len(rep.Saves) != 1 || rep.Migrator == nil || rep.Ruleset == nil {
			t.Errorf("saves %d, migrator %v", len(rep.Saves), rep.Migrator)
		}
	})
}
