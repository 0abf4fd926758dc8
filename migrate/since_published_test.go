package migrate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/model"
)

// lanternEdited is lantern-road's ruleset with edit made to its parsed
// JSON, written again (key order and layout change, which must not
// matter), and read as file.
func lanternEdited(t *testing.T, file string, edit func(sheet map[string]any)) *model.Ruleset {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(lanternRoad, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		edit(doc["sheet"].(map[string]any))
		if data, err = json.MarshalIndent(doc, "", "\t"); err != nil {
			t.Fatal(err)
		}
	}
	root, ds := model.Parse(file, data)
	rs, more := model.DecodeRuleset(file, root)
	if all := append(ds, more...); model.HasErrors(all) {
		t.Fatalf("%s has errors:\n%s", file, messages(all))
	}
	return rs
}

// lanternSaves reads lantern-road's sample saves (v 4, 3, 1, 9, 2, 1, 3).
func lanternSaves(t *testing.T) []*model.Save {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(lanternRoad, "saves", "*.json"))
	if err != nil || len(names) != 7 {
		t.Fatalf("%d saves: %v", len(names), err)
	}
	var saves []*model.Save
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := model.DecodeSave(filepath.Base(n), data)
		saves = append(saves, s)
	}
	return saves
}

func migrations(sheet map[string]any) []any { return sheet["migrations"].([]any) }

// An entry the previous version published that this one deleted, changed
// or moved to another from is an error naming it and the sample saves at
// or below its from; $comment and layout changes are not changes.
func TestPublishedEntries(t *testing.T) {
	old := lanternEdited(t, "old.json", nil)
	saves := lanternSaves(t)
	type want struct {
		code model.Code
		file string
		path string
		says []string
	}
	cases := []struct {
		name string
		edit func(sheet map[string]any)
		want []want
	}{
		{"rewritten, comments changed", func(sheet map[string]any) {
			for _, e := range migrations(sheet) {
				e.(map[string]any)["$comment"] = "reworded"
			}
			migrations(sheet)[1].(map[string]any)["steps"].([]any)[0].(map[string]any)["$comment"] = "a note"
		}, nil},
		{"deleted", func(sheet map[string]any) {
			sheet["migrations"] = migrations(sheet)[1:]
		}, []want{{CodeSinceEntryDeleted, "old.json", "sheet.migrations.0", []string{"the published entry from 1 is gone",
			"2 sample saves stranded: fighter3.json, no-class.json)"}}}},
		{"steps changed", func(sheet map[string]any) {
			migrations(sheet)[1].(map[string]any)["steps"].([]any)[0].(map[string]any)["to"] = "exp"
		}, []want{{CodeSinceEntryChanged, "new.json", "sheet.migrations.1", []string{"entry from 2 (sheet.migrations.1 of the previous version) has other steps",
			"3 sample saves stranded: fighter3.json, multiclass.json, no-class.json)"}}}},
		{"a step added to a published entry", func(sheet map[string]any) {
			e := migrations(sheet)[2].(map[string]any)
			e["steps"] = append(e["steps"].([]any), map[string]any{"rename": "field", "from": "old_notes", "to": "notes"})
		}, []want{{CodeSinceEntryChanged, "new.json", "sheet.migrations.2", []string{"entry from 3", "5 sample saves stranded: dest-set.json, fighter3.json, multiclass.json, no-class.json, no-level.json)"}}}},
		{"moved to another from", func(sheet map[string]any) {
			migrations(sheet)[2].(map[string]any)["from"] = 4.0
			sheet["version"] = 5.0
		}, []want{{CodeSinceEntryChanged, "new.json", "sheet.migrations.2", []string{"entry from 3 (sheet.migrations.2 of the previous version) now starts from 4"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cur := lanternEdited(t, "new.json", c.edit)
			ds := PublishedEntries(old, cur, saves)
			if len(ds) != len(c.want) {
				t.Fatalf("%d findings, want %d:\n%s", len(ds), len(c.want), messages(ds))
			}
			for i, w := range c.want {
				d := ds[i]
				if d.Code != w.code || d.File != w.file || d.Path != w.path || d.Severity != model.Error || d.Category != model.Migrations || d.Line < 2 {
					t.Errorf("finding %+v, want %s in %s at %s", d, w.code, w.file, w.path)
				}
				for _, s := range w.says {
					if !strings.Contains(d.Message, s) {
						t.Errorf("%q does not say %q", d.Message, s)
					}
				}
			}
		})
	}
}

// Since reports a deleted published entry with its other findings, so
// that migrate --since exits 1 on it.
func TestSinceReportsDeletedEntry(t *testing.T) {
	old := lanternEdited(t, "old.json", nil)
	cur := lanternEdited(t, "new.json", func(sheet map[string]any) { sheet["migrations"] = migrations(sheet)[:2] })
	rep, err := SinceSaves(old, cur, lanternSaves(t))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rep.Diagnostics, func(d model.Diagnostic) bool { return d.Code == CodeSinceEntryDeleted })
	if i < 0 || !strings.Contains(rep.Diagnostics[i].Message, "5 sample saves stranded") || rep.Diagnostics[i].Path != "sheet.migrations.2" {
		t.Errorf("findings:\n%s", messages(rep.Diagnostics))
	}
}

// More stranded saves than are named are counted.
func TestStrandedSavesCounted(t *testing.T) {
	var saves []*model.Save
	for i := range 8 {
		s, _ := model.DecodeSave(strings.Repeat("s", i+1)+".json", []byte(`{"v": 1}`))
		saves = append(saves, s)
	}
	got := strandedSaves(saves, 1)
	if !strings.HasPrefix(got, "8 sample saves stranded: s.json, ss.json") || !strings.HasSuffix(got, "sssss.json and 3 more") {
		t.Errorf("%q", got)
	}
	if got := strandedSaves(saves, 0); got != "no sample save is that old" {
		t.Errorf("%q", got)
	}
}
