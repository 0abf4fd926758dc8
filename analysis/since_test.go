package analysis

import (
	"errors"
	"os"
	"path"
	"testing"
	"testing/fstest"

	"rulebench/migrate"
	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// sinceCase finds a derived lantern-road case by name.
func sinceCase(t *testing.T, name string) migratetest.Case {
	t.Helper()
	c, err := migratetest.LanternCase("../examples/lantern-road", name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sinceFS holds a case's old version as old/ruleset.json and its new one
// as new/ruleset.json; the case's saves go under old/saves/ or, with
// savesWithNew, under new/saves/.
func sinceFS(t *testing.T, c migratetest.Case, savesWithNew bool) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{"old/ruleset.json": {Data: c.Old}, "new/ruleset.json": {Data: c.New}}
	dir := "old"
	if savesWithNew {
		dir = "new"
	}
	for _, s := range c.Saves {
		data, err := os.ReadFile("../examples/lantern-road/saves/" + s)
		if err != nil {
			t.Fatal(err)
		}
		fsys[path.Join(dir, "saves", s)] = &fstest.MapFile{Data: data}
	}
	return fsys
}

func loadFS(t *testing.T, fsys fstest.MapFS, p string) *model.Workspace {
	t.Helper()
	ws, err := model.Load(fsys, p)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// Since compares the workspace with Options.Since once, with the saves
// beside the old version, or the workspace's own when the old version has
// none, or the files given; its report is the one migrate.Since makes.
func TestSince(t *testing.T) {
	c := sinceCase(t, migratetest.Rename)
	for _, tt := range []struct {
		name         string
		savesWithNew bool
		files        bool
	}{{"old saves", false, false}, {"new saves", true, false}, {"files", false, true}} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := sinceFS(t, c, tt.savesWithNew)
			old, cur := loadFS(t, fsys, "old/ruleset.json"), loadFS(t, fsys, "new/ruleset.json")
			opts := Options{Since: old, Complete: true}
			var files []migrate.SaveFile
			if tt.files {
				for _, s := range old.Saves {
					files = append(files, migrate.SaveFile{File: s.File, Data: fsys[s.File].Data})
				}
				opts.SinceFiles = files
			}
			var r *Result
			counts := countParts(t, func() {
				r = Run(cur, opts)
				_, _ = r.Since()
			})
			if counts["comparison with the previous version"] != 1 {
				t.Errorf("the comparison ran %d times", counts["comparison with the previous version"])
			}
			rep, err := r.Since()
			if err != nil || rep == nil {
				t.Fatalf("Since: %v, %v", rep, err)
			}
			if len(rep.Lost) != 1 || rep.Lost[0].ID != "road_name" || rep.Lost[0].Saves != len(c.Saves) || rep.Draft == nil {
				t.Errorf("lost %+v, draft %v", rep.Lost, rep.Draft)
			}
			if len(rep.Saves) != len(c.Saves) {
				t.Errorf("%d saves rehearsed, want %d", len(rep.Saves), len(c.Saves))
			}
			saves := r.SinceSaves()
			switch {
			case tt.files && saves != nil:
				t.Errorf("saves given as files, yet SinceSaves is %d saves", len(saves))
			case !tt.files && tt.savesWithNew && (len(saves) != len(cur.Saves) || saves[0] != cur.Saves[0]):
				t.Errorf("the old version has no saves: SinceSaves should be the workspace's")
			case !tt.files && !tt.savesWithNew && (len(saves) != len(old.Saves) || saves[0] != old.Saves[0]):
				t.Errorf("SinceSaves should be the old version's")
			}
			// The same comparison as migrate.Since on the same bytes.
			var all []migrate.SaveFile
			for _, s := range c.Saves {
				data, _ := os.ReadFile("../examples/lantern-road/saves/" + s)
				all = append(all, migrate.SaveFile{File: s, Data: data})
			}
			want, err := migrate.Since(old.Ruleset, cur.Ruleset, all)
			if err != nil {
				t.Fatal(err)
			}
			if rep.DraftText != want.DraftText || len(rep.Diagnostics) != len(want.Diagnostics) {
				t.Errorf("draft %q, want %q", rep.DraftText, want.DraftText)
			}
			for i := range rep.Saves {
				if rep.Saves[i].OK != want.Saves[i].OK || len(rep.Saves[i].Trace) != len(want.Saves[i].Trace) {
					t.Errorf("save %d rehearsed otherwise than migrate.Since does", i)
				}
			}
		})
	}
}

// Without Options.Since there is no comparison; an old version of another
// ruleset or a newer one is a *migrate.SinceError, a version without a
// ruleset ErrSinceNoRuleset.
func TestSinceRefused(t *testing.T) {
	c := sinceCase(t, migratetest.Rename)
	fsys := sinceFS(t, c, false)
	old, cur := loadFS(t, fsys, "old/ruleset.json"), loadFS(t, fsys, "new/ruleset.json")
	if rep, err := Run(cur, Options{}).Since(); rep != nil || err != nil {
		t.Errorf("no Since: %v, %v", rep, err)
	}
	var se *migrate.SinceError
	if rep, err := Run(old, Options{Since: cur}).Since(); rep != nil || !errors.As(err, &se) {
		t.Errorf("a newer old version: %v, %v", rep, err)
	}
	fsys["broken/ruleset.json"] = &fstest.MapFile{Data: []byte("{")}
	if _, err := Run(cur, Options{Since: loadFS(t, fsys, "broken/ruleset.json")}).Since(); !errors.Is(err, ErrSinceNoRuleset) {
		t.Errorf("an old version without a ruleset: %v", err)
	}
}
