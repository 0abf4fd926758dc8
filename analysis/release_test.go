package analysis

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/migrate"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// releasePair copies lantern-road twice, edits the second copy's files
// (name → edit of its text), and loads both.
func releasePair(t *testing.T, edits map[string]func(string) string) (old, cur *model.Workspace) {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"old", "new"} {
		if err := os.CopyFS(filepath.Join(dir, name), os.DirFS("../examples/lantern-road")); err != nil {
			t.Fatal(err)
		}
	}
	for name, edit := range edits {
		p := filepath.Join(dir, "new", filepath.FromSlash(name))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(edit(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return modeltest.Load(t, filepath.Join(dir, "old")), modeltest.Load(t, filepath.Join(dir, "new"))
}

func replaceOnce(old, new string) func(string) string {
	return func(s string) string { return strings.Replace(s, old, new, 1) }
}

// The files that make up a version are the ruleset and its package's
// catalog files; translations are not part of it. version must go up when
// they change, and going down is said as such.
func TestReleaseVersion(t *testing.T) {
	raise := replaceOnce(`"version": 6,`, `"version": 7,`)
	lower := replaceOnce(`"version": 6,`, `"version": 5,`)
	cases := []struct {
		name  string
		edits map[string]func(string) string
		want  string // "" for no finding
	}{
		{"nothing changed", nil, ""},
		{"a translation changed", map[string]func(string) string{"locales/fr.json": replaceOnce(`": "`, `": "x`)}, ""},
		{"a catalog file changed", map[string]func(string) string{"catalogs/knacks.json": replaceOnce(`"label": "`, `"label": "x`)},
			"catalogs/knacks.json changed since "},
		{"both changed", map[string]func(string) string{"catalogs/knacks.json": replaceOnce(`"label": "`, `"label": "x`), "ruleset.json": replaceOnce(`"name": "`, `"name": "x`)},
			"ruleset.json and catalogs/knacks.json changed since "},
		{"changed and raised", map[string]func(string) string{"ruleset.json": func(s string) string { return raise(replaceOnce(`"name": "`, `"name": "x`)(s)) }}, ""},
		{"lowered", map[string]func(string) string{"ruleset.json": lower}, "version went down from 6 to 5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old, cur := releasePair(t, c.edits)
			ds, err := Release(old, cur)
			if err != nil {
				t.Fatal(err)
			}
			var got []model.Diagnostic
			for _, d := range ds {
				if d.Code == CodeReleaseVersionUnchanged {
					got = append(got, d)
				}
			}
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("unexpected: %v", got)
			case c.want != "" && (len(got) != 1 || !strings.Contains(got[0].Message, c.want) || got[0].Path != "version" ||
				got[0].File != cur.RulesetFile || got[0].Category != model.Packaging || got[0].Severity != model.Error):
				t.Errorf("got %+v, want one saying %q", got, c.want)
			}
		})
	}
}

// Another ruleset is not an earlier version: Release says why, as
// migrate --since does.
func TestReleaseOtherRuleset(t *testing.T) {
	old, cur := releasePair(t, map[string]func(string) string{"ruleset.json": replaceOnce(`"id": "lantern-road"`, `"id": "lantern-lane"`)})
	var se *migrate.SinceError
	if _, err := Release(old, cur); !errors.As(err, &se) || !strings.Contains(se.Reason, `"lantern-road", not "lantern-lane"`) {
		t.Errorf("%v", err)
	}
	if ds, err := Release(old, &model.Workspace{}); ds != nil || err != nil {
		t.Errorf("no ruleset: %v, %v", ds, err)
	}
}
