package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rulebench/migrate/migratetest"
)

// sinceFiles writes a derived case's two versions into a new folder and
// returns their paths and the sample saves' paths.
func sinceFiles(t *testing.T, c migratetest.Case) (oldPath, newPath string, saves []string) {
	t.Helper()
	oldPath, newPath, err := c.Write(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range c.Saves {
		saves = append(saves, filepath.Join(lanternRoadDir, "saves", s))
	}
	return oldPath, newPath, saves
}

func lanternCases(t *testing.T) []migratetest.Case {
	t.Helper()
	needLanternRoad(t)
	cases, err := migratetest.LanternCases(lanternRoadDir)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// pasteDraft writes the new version with the document's draft pasted as a
// designer would: a new entry at the end of sheet.migrations, or its steps
// at the end of the entry it names (addTo), with sheet.version raised when
// it had not gone up.
func pasteDraft(t *testing.T, newPath string, since map[string]any) string {
	t.Helper()
	data, err := os.ReadFile(newPath)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	sheet := doc["sheet"].(map[string]any)
	if draft, ok := since["draft"].(map[string]any); ok {
		migrations, _ := sheet["migrations"].([]any)
		if at, ok := since["addTo"].(float64); ok {
			entry := migrations[int(at)].(map[string]any)
			entry["steps"] = append(entry["steps"].([]any), draft["steps"].([]any)...)
		} else {
			sheet["migrations"] = append(migrations, draft)
		}
		if since["unchanged"] == true {
			sheet["version"] = draft["from"].(float64) + 1
		}
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(filepath.Dir(newPath), "pasted.json")
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Each derived case through the command: the exit code and the since
// member; then the draft pasted into the new version passes `rulebench
// check`, and `rulebench migrate` on it gives every save the sheet and the
// trace the rehearsal showed.
func TestMigrateSinceCases(t *testing.T) {
	want := map[string]struct {
		exit      int
		lost      int
		draft     bool
		undecided int
	}{
		migratetest.Rename:           {exitFindings, 1, true, 0},
		migratetest.RenameWritten:    {exitOK, 0, false, 0},
		migratetest.VersionUnchanged: {exitFindings, 1, true, 0},
		migratetest.LevelSplit:       {exitFindings, 2, true, 0},
		migratetest.PoolSplit:        {exitFindings, 1, true, 0},
		migratetest.Removed:          {exitFindings, 1, false, 1},
		migratetest.EnumDropped:      {exitOK, 0, false, 0},
	}
	cases := lanternCases(t)
	if len(cases) != len(want) {
		t.Fatalf("%d cases, want %d", len(cases), len(want))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			w := want[c.Name]
			oldPath, newPath, saves := sinceFiles(t, c)
			code, doc := migrateJSON(t, append([]string{"--since", oldPath, newPath}, saves...)...)
			since, _ := doc["since"].(map[string]any)
			if code != w.exit || since == nil {
				t.Fatalf("exit %d, want %d; since %v", code, w.exit, since)
			}
			for _, key := range []string{"from", "to", "lost", "unchanged", "draft", "undecided"} {
				if _, ok := since[key]; !ok {
					t.Errorf("since lacks %q", key)
				}
			}
			lost, _ := since["lost"].([]any)
			undecided, _ := since["undecided"].([]any)
			if len(lost) != w.lost || (since["draft"] != nil) != w.draft || len(undecided) != w.undecided {
				t.Errorf("lost %v, draft %v, undecided %v", lost, since["draft"], undecided)
			}
			for _, l := range lost {
				lm := l.(map[string]any)
				if _, ok := lm["saves"].(float64); !ok || lm["kind"] == nil || lm["id"] == nil {
					t.Errorf("lost entry %v", lm)
				}
			}
			rehearsed, _ := doc["saves"].([]any)
			if len(rehearsed) != len(saves) {
				t.Fatalf("%d saves in the document, want %d", len(rehearsed), len(saves))
			}

			pasted := pasteDraft(t, newPath, since)
			var out, errOut bytes.Buffer
			if code := run([]string{"check", pasted}, strings.NewReader(""), &out, &errOut); code != exitOK {
				t.Fatalf("check on the pasted draft: exit %d\n%s%s", code, out.String(), errOut.String())
			}
			code, after := migrateJSON(t, append([]string{pasted}, saves...)...)
			if code != exitOK {
				t.Errorf("migrate on the pasted draft: exit %d", code)
			}
			again, _ := after["saves"].([]any)
			for i := range rehearsed {
				r, a := rehearsed[i].(map[string]any), again[i].(map[string]any)
				if !reflect.DeepEqual(r["sheet"], a["sheet"]) || !reflect.DeepEqual(r["trace"], a["trace"]) {
					t.Errorf("%v: the rehearsal and migrate on the pasted draft differ:\n%v\n%v", r["file"], r["sheet"], a["sheet"])
				}
			}
		})
	}
}

// The text for people: the findings, what is lost, the draft to paste and
// the rehearsal.
func TestMigrateSinceText(t *testing.T) {
	for _, c := range lanternCases(t) {
		if c.Name != migratetest.LevelSplit {
			continue
		}
		oldPath, newPath, saves := sinceFiles(t, c)
		code, out, _ := runMigrateCLI(append([]string{"--since", oldPath, newPath}, saves...)...)
		if code != exitFindings {
			t.Errorf("exit %d, want 1", code)
		}
		for _, want := range []string{
			`error: sheet.fields.2: the field "level" (Level) of sheet version 3 is gone in version 4`,
			"since sheet version 3 (now 4): 2 stored ids lost",
			"field level: 4 saves hold a value, the draft keeps 3",
			"draft: a new entry for sheet.migrations:",
			`      "route": "level",`,
			`      "by": "class",`,
			"the draft passes the import checks",
			"the sample saves, rehearsed with the draft pasted into " + newPath,
			`build.fields.level → build.fields.level_fighter`,
			`"Fighter3" names level_fighter; copied 3 (the old key stays)`,
			"5 saves, 5 migrated, 0 not; 2 errors, 0 warnings",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
	}
}

// With no SAVE, the saves beside OLD are rehearsed; those OLD cannot read
// (newer than it) are not counted.
func TestMigrateSinceOldSaves(t *testing.T) {
	for _, c := range lanternCases(t) {
		if c.Name != migratetest.Rename {
			continue
		}
		_, newPath, _ := sinceFiles(t, c)
		code, doc := migrateJSON(t, "--since", lanternRoadDir, newPath)
		saves, _ := doc["saves"].([]any)
		lost, _ := doc["since"].(map[string]any)["lost"].([]any)
		if code != exitFindings || len(saves) != 7 || len(lost) != 1 || lost[0].(map[string]any)["saves"] != 6.0 {
			t.Errorf("exit %d, %d saves, lost %v", code, len(saves), lost)
		}
	}
}

// An OLD that is newer, of another ruleset or unreadable, and --out with
// --since: exit 2 with a clear message.
func TestMigrateSinceRefuses(t *testing.T) {
	var split migratetest.Case
	for _, c := range lanternCases(t) {
		if c.Name == migratetest.LevelSplit {
			split = c
		}
	}
	oldPath, newPath, _ := sinceFiles(t, split)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"newer", []string{"--since", newPath, oldPath}, "sheet.version 4 is newer than this ruleset's 3"},
		{"another ruleset", []string{"--since", oldPath, "../examples/mirefall"}, `the ruleset "lantern-road", not "mirefall"`},
		{"unreadable", []string{"--since", filepath.Join(t.TempDir(), "none.json"), newPath}, "none.json"},
		{"--out", []string{"--since", oldPath, "--out", t.TempDir(), newPath}, "cannot be used with --since"},
	} {
		code, out, errOut := runMigrateCLI(tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want exit 2 and %q", tc.name, code, out, errOut, tc.want)
		}
	}
}
