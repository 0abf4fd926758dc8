package migrate

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// sinceCase is one derived pair of lantern-road versions, read.
type sinceCase struct {
	old, cur *model.Ruleset
	saves    []SaveFile
}

// lanternSince derives the lantern-road cases and reads the one named.
func lanternSince(t *testing.T, name string) sinceCase {
	t.Helper()
	c, err := migratetest.LanternCase(lanternRoad, name)
	if err != nil {
		t.Fatal(err)
	}
	sc := sinceCase{old: decodeRuleset(t, "old.json", c.Old), cur: decodeRuleset(t, "new.json", c.New)}
	for _, n := range c.Saves {
		data, err := os.ReadFile(filepath.Join(lanternRoad, "saves", n))
		if err != nil {
			t.Fatal(err)
		}
		sc.saves = append(sc.saves, SaveFile{File: n, Data: data})
	}
	return sc
}

func decodeRuleset(t *testing.T, name string, data []byte) *model.Ruleset {
	t.Helper()
	root, ds := model.Parse(name, data)
	rs, more := model.DecodeRuleset(name, root)
	if all := append(ds, more...); model.HasErrors(all) {
		t.Fatalf("%s has errors:\n%s", name, messages(all))
	}
	if ds := Check(rs); model.HasErrors(ds) {
		t.Fatalf("%s: the migrations are refused:\n%s", name, messages(ds))
	}
	return rs
}

func (sc sinceCase) run(t *testing.T) *SinceReport {
	t.Helper()
	rep, err := Since(sc.old, sc.cur, sc.saves)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// savedField is a field's value in a save file as written.
func savedField(t *testing.T, f SaveFile, id string) (any, bool) {
	t.Helper()
	var s State
	if err := json.Unmarshal(f.Data, &s); err != nil {
		t.Fatal(err)
	}
	v, ok := record(s.Build, "fields")[id]
	return v, ok
}

func draftJSON(t *testing.T, d *Draft) string {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lostList(rep *SinceReport) string {
	var out []string
	for _, l := range rep.Lost {
		out = append(out, fmt.Sprintf("%s %s%s saves=%d kept=%d", l.Kind, l.List, l.ID, l.Saves, l.Kept))
	}
	return strings.Join(out, "; ")
}

// A field renamed without a step is lost; the draft renames it, and the
// rehearsal keeps every save's value at the new id.
func TestSinceRename(t *testing.T) {
	sc := lanternSince(t, migratetest.Rename)
	rep := sc.run(t)
	if got := lostList(rep); got != "field road_name saves=6 kept=6" {
		t.Errorf("lost: %s", got)
	}
	want := `{"from":4,"steps":[{"$comment":"\"road_name\" is gone and \"traveler_name\" was added with the same label, \"Road name\"","rename":"field","from":"road_name","to":"traveler_name"}]}`
	if got := draftJSON(t, rep.Draft); got != want {
		t.Errorf("draft:\n%s\nwant\n%s", got, want)
	}
	if len(rep.Undecided) != 0 || len(rep.DraftDiagnostics) != 0 || rep.AddTo != nil || rep.Unchanged {
		t.Errorf("undecided %v, draft findings %v, addTo %v, unchanged %v", rep.Undecided, rep.DraftDiagnostics, rep.AddTo, rep.Unchanged)
	}
	if got := joinLines(codesAt(rep.Diagnostics)); got != "error sheet.fields.0 since-lost" {
		t.Errorf("findings:\n%s", got)
	}
	if d := rep.Diagnostics[0]; d.File != "old.json" || d.Line < 2 || !strings.Contains(d.Message, `"road_name" (Road name)`) || !strings.Contains(d.Message, "6 of 6 sample saves") {
		t.Errorf("finding: %s", d)
	}
	for i, r := range rep.Saves {
		was, ok := savedField(t, sc.saves[i], "road_name")
		if !ok {
			t.Fatalf("%s holds no road_name", r.File)
		}
		if now := record(r.Sheet.Build, "fields")[migratetest.Renamed]; !r.Migrated || r.To != 5 || now != was {
			t.Errorf("%s: migrated %v to %d, %s = %v, want %v", r.File, r.Migrated, r.To, migratetest.Renamed, now, was)
		}
	}
}

// With the step written, nothing is lost and there is no draft.
func TestSinceRenameWritten(t *testing.T) {
	rep := lanternSince(t, migratetest.RenameWritten).run(t)
	if len(rep.Lost) != 0 || rep.Draft != nil || len(rep.Undecided) != 0 || len(rep.Diagnostics) != 0 {
		t.Errorf("lost %s, draft %v, undecided %v, findings %v", lostList(rep), rep.Draft, rep.Undecided, rep.Diagnostics)
	}
	for _, r := range rep.Saves {
		if v := record(r.Sheet.Build, "fields")[migratetest.Renamed]; v == nil {
			t.Errorf("%s: the written step did not run", r.File)
		}
	}
}

// sheet.version not raised: an error, and the draft is rehearsed with the
// version raised by one.
func TestSinceVersionUnchanged(t *testing.T) {
	rep := lanternSince(t, migratetest.VersionUnchanged).run(t)
	if !rep.Unchanged || rep.From != 4 || rep.To != 4 {
		t.Errorf("unchanged %v, %d → %d", rep.Unchanged, rep.From, rep.To)
	}
	got := joinLines(codesAt(rep.Diagnostics))
	if got != "error sheet.fields.0 since-lost\nerror sheet.version since-version-unchanged" {
		t.Errorf("findings:\n%s", got)
	}
	if rep.Draft == nil || len(rep.Draft.Steps) != 1 || rep.Ruleset.Sheet.Version != 5 {
		t.Fatalf("draft %v, pasted version %d", rep.Draft, rep.Ruleset.Sheet.Version)
	}
	for _, r := range rep.Saves {
		if r.To != 5 || record(r.Sheet.Build, "fields")[migratetest.Renamed] == nil {
			t.Errorf("%s: to %d, fields %v", r.File, r.To, record(r.Sheet.Build, "fields"))
		}
	}
}

// One level split into a level per calling and one hit-dice pool into a
// pool per die: the draft is the example's own entry from 3, less the
// words no save uses, and moves every save's values as that entry does.
func TestSinceLevelSplit(t *testing.T) {
	sc := lanternSince(t, migratetest.LevelSplit)
	rep := sc.run(t)
	// dest-set.json already holds level_fighter and hit_dice_d10: the
	// steps keep what is there.
	if got := lostList(rep); got != "field level saves=4 kept=3; pool hit_dice saves=5 kept=4" {
		t.Errorf("lost: %s", got)
	}
	if rep.Draft == nil || len(rep.Draft.Steps) != 2 {
		t.Fatalf("draft: %+v", rep.Draft)
	}
	route, live := rep.Draft.Steps[0], rep.Draft.Steps[1]
	wantCases := []DraftCase{{Words: []string{"fighter"}, To: "level_fighter"}, {Words: []string{"wizard"}, To: "level_wizard"}}
	if route.Op != model.StepRoute || route.From != "level" || route.By != "class" || route.Else != "level_other" ||
		!reflect.DeepEqual(route.Cases, wantCases) || !route.HasDefault || route.Default != 1.0 {
		t.Errorf("route: %+v", route)
	}
	if !strings.Contains(route.Why, `by "class"`) || !strings.Contains(route.Why, `"other" names the rest`) {
		t.Errorf("route's why: %s", route.Why)
	}
	if live.Op != model.StepRouteLive || live.Kind != "pool" || live.From != "hit_dice" || live.Else != "hit_dice_d8" ||
		!reflect.DeepEqual(live.LiveCases, []string{"hit_dice_d6", "hit_dice_d8", "hit_dice_d10"}) {
		t.Errorf("routeLive: %+v", live)
	}
	if len(rep.Undecided) != 0 || len(rep.DraftDiagnostics) != 0 {
		t.Errorf("undecided %v, draft findings %v", rep.Undecided, rep.DraftDiagnostics)
	}
	// The example itself, with its entry from 3, moves the same saves to the
	// same values.
	ws := loadExample(t, lanternRoad)
	m := New(ws.Ruleset)
	for i, r := range rep.Saves {
		want := m.Rehearse(sc.saves[i].File, sc.saves[i].Data)
		for _, id := range []string{"level_fighter", "level_wizard", "level_other"} {
			if g, w := record(r.Sheet.Build, "fields")[id], record(want.Sheet.Build, "fields")[id]; !reflect.DeepEqual(g, w) {
				t.Errorf("%s: %s = %v, the example's entry gives %v", r.File, id, g, w)
			}
		}
		for _, id := range []string{"hit_dice_d6", "hit_dice_d8", "hit_dice_d10"} {
			if g, w := record(r.Sheet.Live, "pools")[id], record(want.Sheet.Live, "pools")[id]; !reflect.DeepEqual(g, w) {
				t.Errorf("%s: %s = %v, the example's entry gives %v", r.File, id, g, w)
			}
		}
	}
}

// A pool split in two: a routeLive to the one the sheet shows.
func TestSincePoolSplit(t *testing.T) {
	rep := lanternSince(t, migratetest.PoolSplit).run(t)
	if got := lostList(rep); got != "pool luck saves=1 kept=1" {
		t.Errorf("lost: %s", got)
	}
	want := `{"routeLive":"pool","from":"luck","cases":["luck_lamplit","luck_other"],"else":"luck_other"}`
	if rep.Draft == nil || len(rep.Draft.Steps) != 1 {
		t.Fatalf("draft: %+v", rep.Draft)
	}
	st := rep.Draft.Steps[0]
	st.Why = ""
	if got, _ := json.Marshal(st); string(got) != want {
		t.Errorf("step %s, want %s", got, want)
	}
	for _, r := range rep.Saves {
		if r.File != "multiclass.json" {
			continue
		}
		// multiclass.json carries no lantern, so luck by lamplight is hidden.
		pools := record(r.Sheet.Live, "pools")
		if _, old := pools["luck"]; old || !reflect.DeepEqual(pools["luck_other"], map[string]any{"value": 1.0}) {
			t.Errorf("pools: %v", pools)
		}
	}
}

// A field removed with nothing to take its values: undecided, no draft.
func TestSinceRemoved(t *testing.T) {
	rep := lanternSince(t, migratetest.Removed).run(t)
	if got := lostList(rep); got != "field road_story saves=1 kept=0" {
		t.Errorf("lost: %s", got)
	}
	if rep.Draft != nil || len(rep.Undecided) != 1 || rep.Undecided[0].ID != "road_story" ||
		!strings.Contains(rep.Undecided[0].Reason, "no longtext field") {
		t.Errorf("draft %v, undecided %+v", rep.Draft, rep.Undecided)
	}
	if !strings.Contains(rep.Diagnostics[0].Message, "needs a decision") {
		t.Errorf("finding: %s", rep.Diagnostics[0])
	}
}

// An enum value dropped that a save holds: a warning at the field's values.
func TestSinceEnumDropped(t *testing.T) {
	rep := lanternSince(t, migratetest.EnumDropped).run(t)
	if len(rep.Lost) != 0 || rep.Draft != nil {
		t.Errorf("lost %s, draft %v", lostList(rep), rep.Draft)
	}
	got := joinLines(codesAt(rep.Diagnostics))
	if !strings.HasPrefix(got, "warning sheet.fields.") || !strings.HasSuffix(got, ".values since-enum-value") || len(rep.Diagnostics) != 1 {
		t.Fatalf("findings:\n%s", got)
	}
	if d := rep.Diagnostics[0]; d.File != "new.json" || !strings.Contains(d.Message, `"lantern_kind" no longer offers "ghostglass"`) || !strings.Contains(d.Message, "1 sample save holds it") {
		t.Errorf("finding: %s", d)
	}
}

// Versions that cannot be compared.
func TestSinceRefuses(t *testing.T) {
	a := withMigrations(t, 3, "[]")
	for _, tc := range []struct {
		name     string
		old, cur *model.Ruleset
		want     string
	}{
		{"another ruleset", parseRuleset(t, strings.Replace(rulesetJSON(fmt.Sprintf(baseSheet, 2, "[]")), `"test-rules"`, `"other-rules"`, 1)), a, `"other-rules", not "test-rules"`},
		{"newer sheet", withMigrations(t, 4, "[]"), a, "sheet.version 4 is newer than this ruleset's 3"},
		{"newer ruleset", parseRuleset(t, strings.Replace(rulesetJSON(fmt.Sprintf(baseSheet, 2, "[]")), `"version": 1,`, `"version": 2,`, 1)), a, "ruleset version 2, newer"},
		{"nothing", nil, a, "no ruleset"},
	} {
		rep, err := Since(tc.old, tc.cur, nil)
		var se *SinceError
		if rep != nil || !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a SinceError with %q", tc.name, err, tc.want)
		}
	}
}

// edits applies old → new replacements to the tests' base ruleset text.
func edited(t *testing.T, version int, migrations string, edits ...string) *model.Ruleset {
	t.Helper()
	text := rulesetJSON(fmt.Sprintf(baseSheet, version, migrations))
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("the base has no %q", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	return parseRuleset(t, text)
}

// Ids that differ only by separators, a skill by its label with its bonus,
// an ambiguous pair and a column, which no step can move.
func TestSinceMatching(t *testing.T) {
	old := withMigrations(t, 2, "[]")
	cur := edited(t, 3, "[]",
		`"id": "level_other", "label": "Other levels"`, `"id": "levelother", "label": "Levels, other"`,
		`{ "field": "level_other" }`, `{ "field": "levelother" }`,
		`"id": "stealth", "label": "Stealth"`, `"id": "sneak", "label": "Stealth"`,
		`{ "id": "notes", "label": "Notes", "type": "text", "maxLength": 500 }`,
		`{ "id": "notes_a", "label": "Notes", "type": "text", "maxLength": 500 }, { "id": "notes_b", "label": "Notes", "type": "text", "maxLength": 500 }`,
		`{ "id": "trained", "label": "Trained", "type": "boolean" }`, `{ "id": "drilled", "label": "Drilled", "type": "boolean" }`)
	save := `{"v": 2, "build": {"skills": {"stealth": "trained"}, "bonuses": {"stealth": 2}, "fields": {"level_other": 3, "notes": "hi"},
	  "lists": {"attacks": [{"name": "Axe", "trained": true}]}}}`
	rep, err := Since(old, cur, []SaveFile{{File: "s.json", Data: []byte(save)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := lostList(rep); got != "skill stealth saves=1 kept=1; field level_other saves=1 kept=1; field notes saves=1 kept=0; column attackstrained saves=1 kept=0" {
		t.Errorf("lost: %s", got)
	}
	var ops []string
	for _, s := range rep.Draft.Steps {
		ops = append(ops, fmt.Sprintf("%s %s %s→%s", s.Op, s.Kind, s.From, s.To))
	}
	if got := strings.Join(ops, "; "); got != "rename skill stealth→sneak; rename field level_other→levelother" {
		t.Errorf("draft: %s", got)
	}
	if !strings.Contains(rep.Draft.Steps[1].Why, "differ only by separators") || !strings.Contains(rep.Draft.Steps[0].Why, "bonus goes along") {
		t.Errorf("why: %q, %q", rep.Draft.Steps[0].Why, rep.Draft.Steps[1].Why)
	}
	var und []string
	for _, u := range rep.Undecided {
		und = append(und, u.Kind+" "+u.List+"."+u.ID+": "+u.Reason)
	}
	if len(und) != 2 || !strings.Contains(und[0], `"notes_a" and "notes_b"`) || !strings.HasPrefix(und[1], "column attacks.trained: no migration step moves a column") {
		t.Errorf("undecided:\n%s", strings.Join(und, "\n"))
	}
	r := rep.Saves[0]
	if record(r.Sheet.Build, "skills")["sneak"] != "trained" || record(r.Sheet.Build, "bonuses")["sneak"] != 2.0 || record(r.Sheet.Build, "fields")["levelother"] != 3.0 {
		t.Errorf("migrated: %v", r.Sheet.Build)
	}
}

// A track split, drafted into the entry the new ruleset already has from
// the old version: the steps go at the end of it.
func TestSinceAddTo(t *testing.T) {
	old := edited(t, 2, "[]",
		`{ "id": "shadow_lit", "label": "Shadow, lit", "min": 0, "max": 6, "hideWhen": { "field": "lamp", "equals": "none" } },
      { "id": "shadow_dark", "label": "Shadow, dark", "min": 0, "max": 6, "hideWhen": { "field": "lamp", "notEquals": "none" } },`,
		`{ "id": "shadow", "label": "Shadow", "min": 0, "max": 6 },`)
	cur := withMigrations(t, 3, `[{ "from": 2, "steps": [{ "rename": "field", "from": "saying", "to": "motto" }] }]`)
	save := `{"v": 2, "build": {"fields": {"lamp": "none"}}, "live": {"tracks": {"shadow": 2}}}`
	rep, err := Since(old, cur, []SaveFile{{File: "s.json", Data: []byte(save)}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.AddTo == nil || *rep.AddTo != 0 || rep.Draft == nil || len(rep.Draft.Steps) != 1 {
		t.Fatalf("addTo %v, draft %+v", rep.AddTo, rep.Draft)
	}
	st := rep.Draft.Steps[0]
	if st.Op != model.StepRouteLive || st.Kind != "track" || st.Else != "shadow_dark" || !reflect.DeepEqual(st.LiveCases, []string{"shadow_lit", "shadow_dark"}) {
		t.Errorf("step: %+v", st)
	}
	if len(rep.DraftDiagnostics) != 0 || len(rep.Ruleset.Sheet.Migrations) != 1 || len(rep.Ruleset.Sheet.Migrations[0].Steps) != 2 {
		t.Errorf("draft findings %v; pasted entries %d", rep.DraftDiagnostics, len(rep.Ruleset.Sheet.Migrations))
	}
	if len(cur.Sheet.Migrations[0].Steps) != 1 {
		t.Error("pasting changed the new ruleset itself")
	}
	r := rep.Saves[0]
	if got := record(r.Sheet.Live, "tracks")["shadow_dark"]; got != 2.0 || len(r.Trace) != 2 || r.Trace[1].Outcome != Moved {
		t.Errorf("tracks %v, trace %+v", record(r.Sheet.Live, "tracks"), r.Trace)
	}
	if got := lostList(rep); got != "track shadow saves=1 kept=1" {
		t.Errorf("lost: %s", got)
	}
}

// A level split whose route no saved text can decide is left undecided.
func TestSinceRouteWithoutBy(t *testing.T) {
	old := edited(t, 2, "[]",
		`{ "id": "level_fighter", "label": "Fighter levels", "type": "number", "min": 0, "max": 20 },
    { "id": "level_wizard", "label": "Wizard levels", "type": "number", "min": 0, "max": 20 },
    { "id": "level_other", "label": "Other levels", "type": "number", "min": 0, "max": 20, "default": 0 },`,
		`{ "id": "level", "label": "Level", "type": "number", "min": 0, "max": 20 },`,
		`{ "field": "level_wizard" }`, `{ "field": "level" }`,
		`{ "field": "level_other" }`, `{ "field": "level" }`,
		`{ "field": "level_fighter" }`, `{ "field": "level" }`)
	cur := withMigrations(t, 3, "[]")
	rep, err := Since(old, cur, []SaveFile{{File: "s.json", Data: []byte(`{"v": 2, "build": {"fields": {"level": 3}}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Draft != nil || len(rep.Undecided) != 1 || !strings.Contains(rep.Undecided[0].Reason, `no text field's saved words name "fighter", "other" and "wizard"`) {
		t.Errorf("draft %+v, undecided %+v", rep.Draft, rep.Undecided)
	}
}

// The draft's import findings are placed in the draft's text, their paths
// from the top of the drafted entry.
func TestDraftFindings(t *testing.T) {
	d := &Draft{From: 2, Steps: []DraftStep{{Op: model.StepRename, Kind: "field", From: "a", To: "b", Why: "why"}}}
	text, err := marshalIndent(d)
	if err != nil {
		t.Fatal(err)
	}
	ds := []model.Diagnostic{
		{Severity: model.Error, Code: "x", Path: "sheet.migrations.1.steps.2.to"},
		{Severity: model.Error, Code: "y", Path: "sheet.migrations.1.steps.1.to"}, // a step of the entry as written
		{Severity: model.Error, Code: "z", Path: "sheet.migrations.0.from"},
	}
	got := draftFindings(ds, 1, 2, text)
	line := 0
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, `"to": "b"`) {
			line = i + 1
		}
	}
	if len(got) != 1 || got[0].Path != "steps.0.to" || got[0].File != "draft" || got[0].Line != line || line == 0 {
		t.Errorf("findings %+v (the to is on line %d of\n%s)", got, line, text)
	}
}

// A ruleset compared with itself loses nothing and needs no draft; its
// rehearsal is its own migrate rehearsal.
func TestSinceSelf(t *testing.T) {
	ws := loadExample(t, lanternRoad)
	var saves []SaveFile
	for _, s := range ws.Saves {
		data, err := os.ReadFile(s.File)
		if err != nil {
			t.Fatal(err)
		}
		saves = append(saves, SaveFile{File: s.File, Data: data})
	}
	rep, err := Since(ws.Ruleset, ws.Ruleset, saves)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Lost) != 0 || rep.Draft != nil || len(rep.Undecided) != 0 || len(rep.Diagnostics) != 0 || !rep.Unchanged {
		t.Errorf("lost %s, draft %v, undecided %v, findings %v, unchanged %v", lostList(rep), rep.Draft, rep.Undecided, rep.Diagnostics, rep.Unchanged)
	}
	m := New(ws.Ruleset)
	for i, r := range rep.Saves {
		want := m.Rehearse(saves[i].File, saves[i].Data)
		if !reflect.DeepEqual(r.Sheet, want.Sheet) || len(r.Trace) != len(want.Trace) {
			t.Errorf("%s: the rehearsal differs from migrate's", r.File)
		}
	}
}
