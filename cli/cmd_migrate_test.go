package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/internal/atomicfile"
	"rulebench/model"
	"rulebench/model/modeltest"
)

const lanternRoadDir = "../examples/lantern-road"

func needLanternRoad(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(lanternRoadDir, "saves")); err != nil {
		t.Skip("../examples/lantern-road/saves is not there")
	}
}

func runMigrateCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"migrate"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestMigrateText(t *testing.T) {
	needLanternRoad(t)
	code, out, _ := runMigrateCLI(lanternRoadDir)
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (future.json is newer than the ruleset)", code)
	}
	for _, want := range []string{
		"saves/fighter3.json: v1 → v4",
		`set 2 rows to "deft"`,
		"build.fields.level → build.fields.level_other   two cases matched (level_fighter, level_wizard), so it goes to else; copied 5 (the old key stays)",
		"the sheet has no class, so it goes to else; copied 2 (the old key stays)",
		"build.abilities.quick → build.abilities.deft         copied 7 (the old key stays)",
		"live.tracks.shadow → live.tracks.shadow_lit          moved 3; the sheet shows shadow_lit",
		`the new key holds {"value":1} already, so the old key's {"value":3} is dropped`,
		"saves/current.json: v4, already current",
		"saves/future.json: v9, not migrated",
		"error: v: the save was written under sheet version 9",
		"7 saves, 6 migrated, 1 not; 1 error, 0 warnings",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// migrateJSON runs the command with --json and decodes the document.
func migrateJSON(t *testing.T, args ...string) (int, map[string]any) {
	t.Helper()
	code, out, errOut := runMigrateCLI(append([]string{"--json"}, args...)...)
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON (exit %d, stderr %q): %v\n%s", code, errOut, err, out)
	}
	return code, doc
}

func TestMigrateJSON(t *testing.T) {
	needLanternRoad(t)
	code, doc := migrateJSON(t, lanternRoadDir)
	if code != exitFindings || doc["schemaVersion"] != 1.0 || doc["ok"] != false {
		t.Fatalf("exit %d, schemaVersion %v, ok %v", code, doc["schemaVersion"], doc["ok"])
	}
	saves, _ := doc["saves"].([]any)
	if len(saves) != 7 {
		t.Fatalf("%d saves, want 7", len(saves))
	}
	byFile := map[string]map[string]any{}
	for _, s := range saves {
		sd := s.(map[string]any)
		for _, key := range []string{"file", "from", "to", "ok", "sheet", "trace", "diagnostics"} {
			if _, ok := sd[key]; !ok {
				t.Errorf("save %v lacks %q", sd["file"], key)
			}
		}
		for _, st := range sd["trace"].([]any) {
			for _, key := range []string{"entry", "step", "op", "source", "destination", "outcome", "value"} {
				if _, ok := st.(map[string]any)[key]; !ok {
					t.Errorf("a step of %v lacks %q", sd["file"], key)
				}
			}
		}
		byFile[filepath.Base(sd["file"].(string))] = sd
	}
	f3 := byFile["fighter3.json"]
	if f3["from"] != 1.0 || f3["to"] != 4.0 || f3["ok"] != true {
		t.Errorf("fighter3: %v → %v ok %v", f3["from"], f3["to"], f3["ok"])
	}
	var outcomes []string
	for _, st := range f3["trace"].([]any) {
		outcomes = append(outcomes, st.(map[string]any)["outcome"].(string))
	}
	if want := []string{"moved", "moved", "moved", "set", "moved", "moved", "moved", "moved", "moved"}; !slices.Equal(outcomes, want) {
		t.Errorf("fighter3 outcomes %v", outcomes)
	}
	fields := f3["sheet"].(map[string]any)["build"].(map[string]any)["fields"].(map[string]any)
	if fields["level_fighter"] != 3.0 || fields["experience"] != 1450.0 || fields["xp"] != 1450.0 {
		t.Errorf("fighter3 fields %v", fields)
	}
	future := byFile["future.json"]
	diags := future["diagnostics"].([]any)
	if future["ok"] != false || len(diags) != 1 || diags[0].(map[string]any)["code"] != "save-newer" || diags[0].(map[string]any)["line"] == 0.0 {
		t.Errorf("future: ok %v, %v", future["ok"], diags)
	}
}

func TestMigrateGivenSaves(t *testing.T) {
	needLanternRoad(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("not json"), 0o644)
	code, doc := migrateJSON(t, lanternRoadDir, filepath.Join(lanternRoadDir, "saves", "fighter3.json"))
	if code != exitOK || len(doc["saves"].([]any)) != 1 {
		t.Errorf("one good save: exit %d, %d saves", code, len(doc["saves"].([]any)))
	}
	code, doc = migrateJSON(t, lanternRoadDir, bad)
	sd := doc["saves"].([]any)[0].(map[string]any)
	if code != exitFindings || sd["sheet"] != nil || sd["ok"] != false || len(sd["diagnostics"].([]any)) == 0 {
		t.Errorf("a save that is not JSON: exit %d, %v", code, sd)
	}
	if code, _, errOut := runMigrateCLI(lanternRoadDir, filepath.Join(dir, "missing.json")); code != exitUsage || !strings.Contains(errOut, "cannot read") {
		t.Errorf("a missing save: exit %d, %q", code, errOut)
	}
	if code, _, _ := runMigrateCLI(lanternRoadDir, dir); code != exitUsage {
		t.Errorf("a folder as SAVE: exit %d", code)
	}
	if code, _, _ := runMigrateCLI(); code != exitUsage {
		t.Errorf("no PATH: exit %d", code)
	}
	if code, _, _ := runMigrateCLI(filepath.Join(dir, "nothing")); code != exitUsage {
		t.Errorf("a PATH that does not exist: exit %d", code)
	}
	if code, _, errOut := runMigrateCLI(bad); code != exitUsage || !strings.Contains(errOut, "no SAVE given") {
		t.Errorf("no SAVE and no saves folder: exit %d, %q", code, errOut)
	}
}

// A ruleset whose migrations are refused: the finding, exit 1, and the saves
// are still rehearsed.
func TestMigrateRefusedRuleset(t *testing.T) {
	dir := t.TempDir()
	rs := `{"schemaVersion": 1, "id": "tiny", "version": 1, "name": "Tiny",
  "coverage": {"summary": "A tiny ruleset."},
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "identity"},
    "proficiencyTiers": [{"id": "none", "label": "None"}], "difficultyLadder": [{"label": "Easy", "dc": 10}]},
  "gm": {"checkGuidance": "Roll."},
  "sheet": {"version": 2,
    "fields": [{"id": "experience", "label": "Experience", "type": "number", "min": 0, "max": 999}],
    "migrations": [
      {"from": 1, "steps": [{"rename": "field", "from": "xp", "to": "experience"}]},
      {"from": 2, "steps": [{"rename": "field", "from": "xp", "to": "nowhere"}]}]}}`
	path := filepath.Join(dir, "tiny.json")
	os.WriteFile(path, []byte(rs), 0o644)
	savePath := filepath.Join(dir, "s.json")
	os.WriteFile(savePath, []byte(`{"v": 1, "build": {"fields": {"xp": 40, "note": "\u001b[31mred"}}}`), 0o644)
	code, doc := migrateJSON(t, path, savePath)
	var codes []string
	for _, d := range doc["diagnostics"].([]any) {
		dm := d.(map[string]any)
		codes = append(codes, dm["path"].(string)+" "+dm["code"].(string))
	}
	want := []string{"sheet.migrations.1.from migration-from-version", "sheet.migrations.1.steps.0.to migration-unknown-id"}
	if code != exitFindings || !slices.Equal(codes, want) {
		t.Errorf("exit %d, findings %v, want %v", code, codes, want)
	}
	sheet := doc["saves"].([]any)[0].(map[string]any)["sheet"].(map[string]any)
	if sheet["build"].(map[string]any)["fields"].(map[string]any)["experience"] != 40.0 {
		t.Errorf("the save was not rehearsed: %v", sheet)
	}
	_, out, _ := runMigrateCLI(path, savePath)
	if strings.ContainsRune(out, 0x1b) {
		t.Errorf("text output carries a raw escape character:\n%q", out)
	}
	if !strings.Contains(out, "tiny.json:") || !strings.Contains(out, "migration-from-version") && !strings.Contains(out, "sheet.migrations.1.from") {
		t.Errorf("text output lacks the ruleset finding:\n%s", out)
	}
}

func TestMigrateOut(t *testing.T) {
	needLanternRoad(t)
	out := filepath.Join(t.TempDir(), "migrated")
	code, doc := migrateJSON(t, "--out", out, lanternRoadDir)
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (future.json)", code)
	}
	entries, _ := os.ReadDir(out)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"current.json", "dest-set.json", "fighter3.json", "multiclass.json", "no-class.json", "no-level.json"}
	if !slices.Equal(names, want) {
		t.Errorf("written %v, want %v (no future.json, no temporary file)", names, want)
	}
	for _, s := range doc["saves"].([]any) {
		sd := s.(map[string]any)
		written, _ := sd["written"].(string)
		if sd["ok"] == false {
			if written != "" {
				t.Errorf("%v written despite errors", sd["file"])
			}
			continue
		}
		data, err := os.ReadFile(written)
		if err != nil {
			t.Fatalf("%v: %v", sd["file"], err)
		}
		var got any
		json.Unmarshal(data, &got)
		if !jsonEqual(got, sd["sheet"]) {
			t.Errorf("%s holds another sheet than the document's", written)
		}
	}
	before, _ := os.ReadFile(filepath.Join(out, "fighter3.json"))
	// Again into the same folder: refused, nothing touched.
	code, _, errOut := runMigrateCLI("--out", out, lanternRoadDir)
	if code != exitUsage || !strings.Contains(errOut, "already exists") {
		t.Errorf("second run: exit %d, %q", code, errOut)
	}
	after, _ := os.ReadFile(filepath.Join(out, "fighter3.json"))
	if !bytes.Equal(before, after) {
		t.Errorf("a refused run changed an earlier output")
	}
	// Into the saves' own folder: inside the package read.
	savesDir := filepath.Join(lanternRoadDir, "saves")
	code, _, errOut = runMigrateCLI("--out", savesDir, lanternRoadDir)
	if code != exitUsage || !strings.Contains(errOut, "is inside ../examples/lantern-road") {
		t.Errorf("--out onto the inputs: exit %d, %q", code, errOut)
	}
	// Two saves with one name.
	dir := t.TempDir()
	for _, sub := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		os.WriteFile(filepath.Join(dir, sub, "s.json"), []byte(`{"v": 4, "build": {}}`), 0o644)
	}
	empty := filepath.Join(dir, "out")
	code, _, errOut = runMigrateCLI("--out", empty, lanternRoadDir, filepath.Join(dir, "a", "s.json"), filepath.Join(dir, "b", "s.json"))
	if code != exitUsage || !strings.Contains(errOut, "would both be written") {
		t.Errorf("two saves, one name: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(empty); err == nil {
		t.Errorf("a refused run made the --out folder")
	}
	// --out naming a file.
	file := filepath.Join(dir, "a", "s.json")
	if code, _, _ := runMigrateCLI("--out", file, lanternRoadDir, filepath.Join(dir, "b", "s.json")); code != exitUsage {
		t.Errorf("--out onto a file: exit %d", code)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestMigrateJSONContract holds `rulebench migrate --json` to decisions §5
// (types included) and every save of Lantern Road to the trace
// examples/README.md §1.7 designed.
func TestMigrateJSONContract(t *testing.T) {
	needLanternRoad(t)
	_, doc := migrateJSON(t, lanternRoadDir)
	outcomes := []string{"moved", "kept-existing", "no-value", "default", "else", "set", "dropped-old-key"}
	ops := []string{"rename", "route", "routeLive", "setColumn"}
	want := map[string]string{ // the outcomes in trace order
		"fighter3.json":   "moved moved moved set moved moved moved moved moved",
		"multiclass.json": "moved moved moved else moved",
		"no-class.json":   "moved no-value moved set moved no-value no-value else moved",
		"no-level.json":   "moved default moved",
		"dest-set.json":   "no-value kept-existing dropped-old-key",
		"current.json":    "no-value no-value",
		"future.json":     "",
	}
	isInt := func(v any) bool { f, ok := v.(float64); return ok && f == float64(int64(f)) }
	seen := 0
	for _, s := range doc["saves"].([]any) {
		sd := s.(map[string]any)
		file, _ := sd["file"].(string)
		name := filepath.Base(file)
		if !isInt(sd["from"]) || !isInt(sd["to"]) {
			t.Errorf("%s: from %#v, to %#v", name, sd["from"], sd["to"])
		}
		ok, isBool := sd["ok"].(bool)
		if !isBool {
			t.Errorf("%s: ok is %#v", name, sd["ok"])
		}
		if sheet, isObject := sd["sheet"].(map[string]any); !isObject || !isInt(sheet["v"]) {
			t.Errorf("%s: sheet is %#v", name, sd["sheet"])
		}
		if _, isList := sd["diagnostics"].([]any); !isList {
			t.Errorf("%s: diagnostics is %#v", name, sd["diagnostics"])
		}
		trace, isList := sd["trace"].([]any)
		if !isList {
			t.Fatalf("%s: trace is %#v", name, sd["trace"])
		}
		var got []string
		for _, st := range trace {
			step := st.(map[string]any)
			if !isInt(step["entry"]) || !isInt(step["step"]) {
				t.Errorf("%s: entry %#v, step %#v", name, step["entry"], step["step"])
			}
			for _, key := range []string{"op", "source", "destination", "outcome"} {
				s, isText := step[key].(string)
				// A routeLive with no old key has nowhere to send it: "".
				empty := key == "destination" && step["op"] == "routeLive" && step["outcome"] == "no-value"
				if !isText || (s == "") != empty {
					t.Errorf("%s: %s is %#v (%v %v)", name, key, step[key], step["op"], step["outcome"])
				}
			}
			if _, has := step["value"]; !has {
				t.Errorf("%s: a step without value", name)
			}
			if !slices.Contains(ops, step["op"].(string)) || !slices.Contains(outcomes, step["outcome"].(string)) {
				t.Errorf("%s: op %v, outcome %v", name, step["op"], step["outcome"])
			}
			got = append(got, step["outcome"].(string))
		}
		w, known := want[name]
		if !known {
			t.Errorf("unexpected save %s", name)
			continue
		}
		seen++
		if strings.Join(got, " ") != w {
			t.Errorf("%s: outcomes %q, want %q", name, strings.Join(got, " "), w)
		}
		if ok != (name != "future.json") {
			t.Errorf("%s: ok %v", name, ok)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d saves", seen, len(want))
	}
}

// listDir lists the names in dir, "" entries for a missing folder.
func listDir(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// --out writes only new files: it refuses before writing anything when any
// target exists (a file or a dangling link), never writes over the ruleset,
// and writes no save with errors, even one that migrated.
func TestMigrateOutNeverOverwrites(t *testing.T) {
	needLanternRoad(t)
	saves := filepath.Join(lanternRoadDir, "saves")
	fighter, multi := filepath.Join(saves, "fighter3.json"), filepath.Join(saves, "multiclass.json")

	// One target of two exists: nothing is written, the file is untouched.
	out := t.TempDir()
	modeltest.WriteTree(t, out, map[string]string{"multiclass.json": "mine"})
	code, _, errOut := runMigrateCLI("--out", out, lanternRoadDir, fighter, multi)
	if code != exitUsage || !strings.Contains(errOut, "already exists") {
		t.Errorf("one target exists: exit %d, %q", code, errOut)
	}
	if got := listDir(out); !slices.Equal(got, []string{"multiclass.json"}) {
		t.Errorf("folder holds %v after a refused run", got)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "multiclass.json")); string(data) != "mine" {
		t.Errorf("the existing file became %q", data)
	}

	// A dangling link at the target is not followed.
	out = t.TempDir()
	elsewhere := filepath.Join(t.TempDir(), "victim.json")
	if err := os.Symlink(elsewhere, filepath.Join(out, "fighter3.json")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, _, errOut := runMigrateCLI("--out", out, lanternRoadDir, fighter); code != exitUsage || !strings.Contains(errOut, "already exists") {
		t.Errorf("a link at the target: exit %d, %q", code, errOut)
	}
	if _, err := os.Lstat(elsewhere); err == nil {
		t.Errorf("the link was followed and %s written", elsewhere)
	}

	// A save named like the ruleset, into the ruleset's folder.
	dir := t.TempDir()
	rules, err := os.ReadFile(filepath.Join(lanternRoadDir, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	modeltest.WriteTree(t, dir, map[string]string{
		"rules/lantern.json": string(rules),
		"saves/lantern.json": `{"v": 4, "build": {}}`,
	})
	rulesPath := filepath.Join(dir, "rules", "lantern.json")
	code, _, errOut = runMigrateCLI("--out", filepath.Join(dir, "rules"), rulesPath, filepath.Join(dir, "saves", "lantern.json"))
	if code != exitUsage || !strings.Contains(errOut, "is an input") {
		t.Errorf("onto the ruleset: exit %d, %q", code, errOut)
	}
	if data, _ := os.ReadFile(rulesPath); string(data) != string(rules) {
		t.Errorf("the ruleset was changed")
	}

	// A save that migrates but carries an error (a score that is text) is
	// not written; the good one beside it is, and no temporary file stays.
	modeltest.WriteTree(t, dir, map[string]string{"bad/odd.json": `{"v": 3, "build": {"abilities": {"vigor": "strong"}}}`})
	out = filepath.Join(dir, "out")
	code, doc := migrateJSON(t, "--out", out, lanternRoadDir, filepath.Join(dir, "bad", "odd.json"), fighter)
	if code != exitFindings {
		t.Errorf("a save with an error: exit %d", code)
	}
	if got := listDir(out); !slices.Equal(got, []string{"fighter3.json"}) {
		t.Errorf("written %v, want only fighter3.json", got)
	}
	for _, s := range doc["saves"].([]any) {
		sd := s.(map[string]any)
		if sd["migrated"] == true && sd["ok"] == false && sd["written"] != nil {
			t.Errorf("%v written despite its error", sd["file"])
		}
	}
}

// Placing a staged save refuses a name that is taken, even when it was
// free when the command checked: the file is moved into place by a rename
// that never replaces, or linked; what the run had written is removed.
func TestPlaceRefusesATakenName(t *testing.T) {
	pkg := manySaves(t, 2)
	out := t.TempDir()
	target := filepath.Join(out, "s00001.json")
	defer func() { writeFault = nil }()
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace && name == target {
			os.WriteFile(target, []byte("first"), 0o644)
		}
		return nil
	}
	code, stdout, errOut := runMigrateCLI("--out", out, pkg)
	if code != exitUsage || stdout != "" || !strings.Contains(errOut, target+" already exists; refusing to overwrite it; removed the 1 file this run had written, so nothing was written") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	if data, _ := os.ReadFile(target); string(data) != "first" {
		t.Errorf("the file became %q", data)
	}
	if got := listDir(out); !slices.Equal(got, []string{"s00001.json"}) {
		t.Errorf("the folder holds %v, want only the file that was there", got)
	}
	writeFault = nil
	os.Remove(target)
	if code, _, errOut := runMigrateCLI("--out", out, pkg); code != exitOK {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	data, _ := os.ReadFile(target)
	var back map[string]any
	if err := json.Unmarshal(data, &back); err != nil || back["v"] == nil {
		t.Errorf("written %s (%v)", data, err)
	}
	if info, err := os.Stat(target); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", info.Mode(), err)
	}
}

// A save over 16 MiB is refused unread (decisions §1): a finding for that
// save, exit 1, and the other saves are still rehearsed.
func TestMigrateSaveTooLarge(t *testing.T) {
	needLanternRoad(t)
	big := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(16<<20 + 1); err != nil { // sparse: nothing is written
		t.Fatal(err)
	}
	f.Close()
	code, doc := migrateJSON(t, lanternRoadDir, big, filepath.Join(lanternRoadDir, "saves", "current.json"))
	saves := doc["saves"].([]any)
	if code != exitFindings || len(saves) != 2 {
		t.Fatalf("exit %d, %d saves", code, len(saves))
	}
	huge, current := saves[0].(map[string]any), saves[1].(map[string]any)
	diags := huge["diagnostics"].([]any)
	if huge["ok"] != false || huge["sheet"] != nil || len(diags) != 1 || diags[0].(map[string]any)["code"] != "file-too-large" {
		t.Errorf("the large save: %v", huge)
	}
	if current["ok"] != true {
		t.Errorf("the save beside it: %v", current)
	}
}

// TestCheckCountsCasesFromOne: the check names a route's cases counted
// from 1, as the workbench does (issue 13, item 16).
func TestCheckCountsCasesFromOne(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	file := filepath.Join(dir, "ruleset.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), `{"words": ["wizard", "witch"], "to": "level_wizard"}`, `{"words": ["wizard", "witch", "warden"], "to": "level_wizard"}`, 1)
	if edited == string(data) {
		t.Fatal("lantern-road's route has no wizard case to edit")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI("check", dir)
	if !strings.Contains(out, `the word "warden" is in case 1 and case 2; a word may name only one case`) {
		t.Errorf("the cases are not counted from 1:\n%s", out)
	}
}

// migrate --json writes its document one save at a time, each rehearsed
// as it is written: the same bytes as the whole document written at once,
// with no save, one, or several (one of them holding a control character
// that the writer escapes).
func TestMigrateJSONWrittenBySave(t *testing.T) {
	ws, err := model.Load(model.OSFS{}, lanternRoadDir)
	if err != nil || len(ws.Saves) < 2 {
		t.Fatalf("lantern-road: %v, %d saves", err, len(ws.Saves))
	}
	extra, _ := model.DecodeSave("bell\u0085.json", []byte(`{"v": 1, "build": {"fields": {"motto": "a\u0085b"}}}`))
	ws.Saves = append(ws.Saves, extra)
	a, _ := analyse(ws, analysis.Options{}, io.Discard)
	ds := rulesetFindings(a)
	for _, n := range []int{0, 1, len(ws.Saves)} {
		saves, _ := migrateSaves(a, nil, io.Discard)
		saves.n = n
		all := append([]model.Diagnostic(nil), ds...)
		var docs []*report.MigrateSave
		for i := range n {
			r := saves.at(i)
			all = append(all, r.Diagnostics...)
			docs = append(docs, report.NewMigrateSave(r.Result))
		}
		var whole, streamed bytes.Buffer
		doc := report.NewMigrate(ws, ds, docs)
		if n == 0 {
			doc.Saves = []*report.MigrateSave{}
		}
		if err := writeJSON(&whole, doc); err != nil {
			t.Fatal(err)
		}
		if err := writeMigrateJSON(&streamed, ws, ds, all, saves); err != nil {
			t.Fatal(err)
		}
		if whole.String() != streamed.String() {
			t.Errorf("%d saves: written by save:\n%s\nwhole:\n%s", n, streamed.String(), whole.String())
		}
	}
}
