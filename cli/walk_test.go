package cli

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheckTargetsWalksAFolder(t *testing.T) {
	root := t.TempDir()
	const ruleset = `{"resolution": {}, "sheet": {}}`
	writeTree(t, root, map[string]string{
		"pkg/manifest.json":        `{}`,
		"pkg/ruleset.json":         ruleset,
		"pkg/locales/de.json":      `{}`,
		"pkg/nested/other.json":    ruleset, // inside a package: the package's business
		"cat/x-1.0.0.ruleset.json": ruleset,
		"cat/x-1.0.0.de.json":      ruleset, // a pack of x: belongs to it
		"cat/x-1.0.0.entry.json":   `{}`,
		"cat/y-2.0.0.ruleset.json": ruleset,
		"loose.json":               `{"sheet": {"abilities": []}, "id": "z", "resolution": {"dice": {}}}`,
		"notes.json":               `{"resolution": {}}`,
		"list.json":                `[{"resolution": {}, "sheet": {}}]`,
		"late-break.json":          `{"resolution": {}, "sheet": {}, oops`,
		"early-break.json":         `{"resolution": oops, "sheet": {}}`,
		"readme.txt":               ruleset,
		".git/objects/r.json":      ruleset,
		".hidden/r.json":           ruleset,
		"node_modules/dep/r.json":  ruleset,
		"deep/a/b/c.json":          ruleset,
		"deep/a/saves/s.json":      `{"v": 1, "build": {}, "live": {}}`,
		"one/z-1.0.0.ruleset.json": ruleset,
		"one/z-1.0.0.pt-BR.json":   `{}`,
	})
	if err := os.Symlink(filepath.Join(root, "pkg"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	got := checkTargets([]string{root})
	want := []string{
		filepath.Join(root, "late-break.json"),
		filepath.Join(root, "loose.json"),
		filepath.Join(root, "cat", "x-1.0.0.ruleset.json"),
		filepath.Join(root, "cat", "y-2.0.0.ruleset.json"),
		filepath.Join(root, "deep", "a", "b", "c.json"),
		filepath.Join(root, "one", "z-1.0.0.ruleset.json"),
		filepath.Join(root, "pkg"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("targets:\n%q\nwant:\n%q", got, want)
	}
}

// A PATH that is a file, a package or an artifact folder is checked as
// given; so is a folder with nothing to check, and a path that does not
// exist (reading it reports why).
func TestCheckTargetsKeepsUnits(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"pkg/manifest.json":        `{}`,
		"art/a-1.0.0.ruleset.json": `{}`,
		"empty/readme.txt":         "",
		"file.json":                `{}`,
	})
	in := []string{filepath.Join(root, "pkg"), filepath.Join(root, "art"), filepath.Join(root, "empty"),
		filepath.Join(root, "file.json"), filepath.Join(root, "missing")}
	if got := checkTargets(in); !slices.Equal(got, in) {
		t.Errorf("targets %q, want %q", got, in)
	}
}
