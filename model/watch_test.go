package model_test

import (
	"slices"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

func TestWatchPaths(t *testing.T) {
	art := fstest.MapFS{
		"art/road-1.0.0.ruleset.json": {Data: []byte(`{}`)},
		"art/road-1.0.0.fr.json":      {Data: []byte(`{}`)},
	}
	single := fstest.MapFS{"dir/a.json": {Data: []byte(`{}`)}, "dir/b.json": {Data: []byte(`{}`)}}
	tests := []struct {
		name       string
		fsys       fstest.MapFS
		path       string
		dirs       []string
		reads, not []string
	}{
		{"package", packageFS(t, nil), "pkg", []string{"pkg", "pkg/catalogs", "pkg/locales", "pkg/saves"},
			[]string{"pkg/ruleset.json", "pkg/manifest.json", "pkg/catalogs/new.json", "pkg/locales/de.json", "pkg/saves/s.json", "pkg/locales", "pkg/saves", "pkg/./ruleset.json"},
			[]string{"pkg/README.md", "pkg/other.json", "pkg/catalogs/notes.txt", "pkg/locales/nested/x.json", "pkg/other/x.json", "pkg", "other/ruleset.json"}},
		{"artifact", art, "art", []string{"art", "art/locales", "art/saves"},
			[]string{"art/road-1.0.0.ruleset.json", "art/road-1.0.0.de.json", "art/road-1.0.0.entry.json", "art/locales/fr.json", "art/saves/s.json", "art/locales"},
			[]string{"art/manifest.json", "art/other-1.0.0.fr.json", "art/catalogs/x.json", "art/catalogs"}},
		{"single file", single, "dir/a.json", []string{"dir", "dir/saves"},
			[]string{"dir/a.json", "dir/saves/s.json", "dir/saves"},
			[]string{"dir/b.json", "dir/locales/fr.json", "dir/locales", "dir/manifest.json"}},
	}
	for _, tt := range tests {
		ws, err := model.Load(tt.fsys, tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := ws.WatchPaths(); !slices.Equal(got, tt.dirs) {
			t.Errorf("%s: WatchPaths %q, want %q", tt.name, got, tt.dirs)
		}
		for _, n := range tt.reads {
			if !ws.Reads(n) {
				t.Errorf("%s: Reads(%s) is false", tt.name, n)
			}
		}
		for _, n := range tt.not {
			if ws.Reads(n) {
				t.Errorf("%s: Reads(%s) is true", tt.name, n)
			}
		}
		// Every file Load read is one Reads counts, in a folder watched.
		var read []string
		for name := range ws.Files {
			read = append(read, name)
		}
		for _, s := range ws.Saves {
			read = append(read, s.File)
		}
		for _, name := range read {
			if !ws.Reads(name) {
				t.Errorf("%s: Load read %s, but Reads says a change to it does not matter", tt.name, name)
			}
		}
	}
}
