package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"rulebench/analysis/pack"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestNewSkeletonsCheckClean: each kind's skeleton checks with no finding
// at all, migrates its sample save, holds the files the issue names, and
// opens in the workbench.
func TestNewSkeletonsCheckClean(t *testing.T) {
	for _, kind := range []string{"dice-sum", "dice-pool"} {
		t.Run(kind, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "reed-"+kind)
			code, out, errOut := runCLI("new", "--kind", kind, dir)
			if code != exitOK || errOut != "" {
				t.Fatalf("new: exit %d, stderr %q", code, errOut)
			}
			for _, f := range []string{"manifest.json", "ruleset.json", "locales/en.json", "saves/sample.json", "CHANGELOG.md"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("the skeleton lacks %s: %v", f, err)
				}
				if !strings.Contains(out, f) {
					t.Errorf("new does not name %s in its output:\n%s", f, out)
				}
			}
			ws := modeltest.Load(t, dir)
			if ds := checkAll(ws); len(ds) != 0 {
				t.Fatalf("the %s skeleton has findings: %v", kind, ds)
			}
			if ws.Ruleset.Resolution.Kind != kind {
				t.Errorf("resolution kind %q, want %q", ws.Ruleset.Resolution.Kind, kind)
			}
			if ws.Manifest.ID != "reed-"+kind || ws.Ruleset.ID != "reed-"+kind {
				t.Errorf("ids %q and %q, want both reed-%s (from the folder's name)", ws.Manifest.ID, ws.Ruleset.ID, kind)
			}
			if code, out, _ := runCLI("migrate", dir); code != exitOK || !strings.Contains(out, "1 save") {
				t.Errorf("migrate on the skeleton: exit %d\n%s", code, out)
			}
			changelog, _ := os.ReadFile(filepath.Join(dir, "CHANGELOG.md"))
			if !changelogShape(string(changelog), ws.Manifest.CapabilityMinor) {
				t.Errorf("CHANGELOG.md is not in the catalog's format:\n%s", changelog)
			}
			var wbOut, wbErr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run([]string{"--no-mouse", dir}, strings.NewReader("q"), &wbOut, &wbErr) }()
			select {
			case got := <-done:
				if got != exitOK {
					t.Errorf("the workbench on the skeleton: exit %d, stderr %q", got, wbErr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the workbench did not stop")
			}
		})
	}
}

// changelogShape tells whether a changelog has, after its title, entries
// headed "## <version> — <YYYY-MM-DD>" of at most 1,000 characters, each a
// list of changes whose last item is the Capability API line for minor.
func changelogShape(s string, minor int) bool {
	parts := strings.Split(s, "\n## ")
	if len(parts) < 2 || !strings.HasPrefix(parts[0], "# ") {
		return false
	}
	for _, e := range parts[1:] {
		head, body, _ := strings.Cut(e, "\n")
		version, date, ok := strings.Cut(head, " — ")
		if !ok || version == "" {
			return false
		}
		if _, err := time.Parse("2006-01-02", date); err != nil {
			return false
		}
		lines := strings.Split(strings.TrimSpace(body), "\n")
		for _, l := range lines {
			if !strings.HasPrefix(l, "- ") {
				return false
			}
		}
		if len([]rune(e)) > 1000 || lines[len(lines)-1] != fmt.Sprintf("- Needs an Engine with Capability API 1.%d.", minor) {
			return false
		}
	}
	return true
}

// TestNewRefuses: a folder that is not empty, a file, an unknown kind, and
// --kind with --from are refused with exit 2, and nothing is written.
func TestNewRefuses(t *testing.T) {
	tmp := t.TempDir()
	full := filepath.Join(tmp, "full")
	if err := os.MkdirAll(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	notJSON := file
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"new", full}, "is not empty (it holds notes.txt)"},
		{[]string{"new", file}, "is a file"},
		{[]string{"new", "--kind", "dice-roll", filepath.Join(tmp, "a")}, "dice-roll"},
		{[]string{"new", "--kind", "dice-pool", "--from", "../examples/mirefall/mirefall-1.0.0.ruleset.json", filepath.Join(tmp, "b")}, "give one of them"},
		{[]string{"new", "--from", "../examples/lantern-road", filepath.Join(tmp, "c")}, "a package is one already"},
		{[]string{"new", "--from", notJSON, filepath.Join(tmp, "d")}, "is not a ruleset that can be read as JSON"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code == exitOK || !strings.Contains(errOut, tc.says) {
			t.Errorf("%v: exit %d, stderr %q; want a refusal saying %q", tc.args, code, errOut, tc.says)
		}
	}
	entries, _ := os.ReadDir(tmp)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"file", "full"}) {
		t.Errorf("refused runs left %v in the folder", names)
	}
	if data, _ := os.ReadFile(filepath.Join(full, "notes.txt")); string(data) != "mine" {
		t.Error("the file in the non-empty folder changed")
	}
}

// TestNewFromFixtures: a package made of each published ruleset, and of
// each machine-made variant, checks exactly as the file does on its own.
func TestNewFromFixtures(t *testing.T) {
	for _, f := range modeltest.FixtureFiles(t, true) {
		t.Run(filepath.Base(f), func(t *testing.T) { holdNewFrom(t, f) })
	}
}

// TestNewFromExamples: the same for our own examples: Mirefall's artifact
// read as a single file, and Lantern Road's packed artifact (its catalog
// file written inline) read as a single file; and of Mirefall's artifact
// itself, whose packs become the package's locale files.
func TestNewFromExamples(t *testing.T) {
	tmp := t.TempDir()
	mire := filepath.Join(tmp, "mirefall.json")
	copyTestFile(t, "../examples/mirefall/mirefall-1.0.0.ruleset.json", mire)
	// Sample saves beside the files (Lantern Road's, so that Mirefall's
	// check has findings about them): the package takes them along.
	if err := os.CopyFS(filepath.Join(tmp, "saves"), os.DirFS("../examples/lantern-road/saves")); err != nil {
		t.Fatal(err)
	}
	t.Run("mirefall", func(t *testing.T) { holdNewFrom(t, mire) })

	road := filepath.Join(tmp, "road")
	if code, _, errOut := runCLI("pack", "--out", road, "../examples/lantern-road"); code != exitOK {
		t.Fatalf("pack lantern-road: exit %d, %s", code, errOut)
	}
	single := filepath.Join(tmp, "lantern-road.json")
	copyTestFile(t, filepath.Join(road, "lantern-road-1.6.0.ruleset.json"), single)
	t.Run("lantern-road", func(t *testing.T) { holdNewFrom(t, single) })

	t.Run("mirefall artifact", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pkg")
		if code, _, errOut := runCLI("new", "--from", "../examples/mirefall/mirefall-1.0.0.ruleset.json", dir); code != exitOK {
			t.Fatalf("new --from: exit %d, %s", code, errOut)
		}
		for _, lang := range []string{"de", "pt-BR"} {
			want, _ := os.ReadFile("../examples/mirefall/mirefall-1.0.0." + lang + ".json")
			got, err := os.ReadFile(filepath.Join(dir, "locales", lang+".json"))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("locales/%s.json is not the %s pack as it is (%v)", lang, lang, err)
			}
		}
		ws := modeltest.Load(t, dir)
		if !ws.Manifest.Lists("locales/de.json") || !ws.Manifest.Lists("locales/pt-BR.json") {
			t.Error("the manifest does not list the translations")
		}
		if ds := checkAll(ws); model.HasErrors(ds) {
			t.Errorf("the package of the artifact has errors: %v", ds)
		}
	})
}

// holdNewFrom makes a package of the ruleset file f and holds its check to
// the file's: the same findings (severity, code, path, position and
// message) with the file named ruleset.json, plus nothing.
func holdNewFrom(t *testing.T, f string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	code, _, errOut := runCLI("new", "--from", f, dir)
	if code != exitOK {
		t.Fatalf("new --from %s: exit %d, %s", f, code, errOut)
	}
	single := modeltest.Load(t, f)
	if single.Kind != model.SingleFile {
		t.Fatalf("%s loads as a %s", f, single.Kind)
	}
	pkg := modeltest.Load(t, dir)
	rel := func(d model.Diagnostic, file, root string) string {
		name := d.File
		switch {
		case name == file:
			name = "ruleset.json"
		case strings.HasPrefix(name, root+"/"):
			name = strings.TrimPrefix(name, root+"/")
		}
		return fmt.Sprintf("%s:%d:%d: %s %s %s: %s", name, d.Line, d.Column, d.Severity, d.Code, d.Path, d.Message)
	}
	var want, got []string
	for _, d := range checkAll(single) {
		want = append(want, rel(d, single.RulesetFile, filepath.ToSlash(filepath.Dir(f))))
	}
	for _, d := range checkAll(pkg) {
		got = append(got, rel(d, pkg.RulesetFile, filepath.ToSlash(dir)))
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		t.Errorf("the package's check differs from the file's\nfile:    %s\npackage: %s", strings.Join(want, "\n         "), strings.Join(got, "\n         "))
	}
	data, _ := os.ReadFile(filepath.Join(dir, "ruleset.json"))
	if !bytes.Equal(data, single.RulesetSource.Data) {
		t.Error("ruleset.json does not hold the file's bytes as they are")
	}
	if len(pkg.Saves) != len(single.Saves) {
		t.Errorf("the package has %d sample saves, the file %d", len(pkg.Saves), len(single.Saves))
	}
	if changelog, _ := os.ReadFile(filepath.Join(dir, "CHANGELOG.md")); !changelogShape(string(changelog), pkg.Manifest.CapabilityMinor) {
		t.Errorf("CHANGELOG.md is not in the catalog's format:\n%s", changelog)
	}
	// Packed again, the package gives back the file as its artifact.
	res, err := pack.Build(pkg, pack.Options{})
	if err != nil {
		t.Fatalf("pack.Build on the package of %s: %v", f, err)
	}
	if !bytes.Equal(res.Artifact.Data, single.RulesetSource.Data) {
		t.Error("the package's artifact is not the file it was made of")
	}
}

func copyTestFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
