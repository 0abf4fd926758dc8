package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis/diff/difftest"
	"rulebench/internal/gitrev"
	"rulebench/internal/gitrev/gitrevtest"
	"rulebench/migrate"
	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// For each derived lantern-road case, migrate --since HEAD~1 PATH in a
// repository holding the two versions as two commits gives the same
// document, as text and as JSON, as migrate --since OLD PATH with the old
// version on disk: only the old file's name differs, and it says the
// revision.
func TestMigrateSinceRevisionAsOnDisk(t *testing.T) {
	cases := lanternCases(t)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			r := gitrevtest.New(t)
			r.Write("rulesets/r.json", c.Old)
			r.Commit("the published version")
			r.Write("rulesets/r.json", c.New)
			r.Commit("the next version")
			oldPath, _, saves := sinceFiles(t, c)
			newPath := r.Path("rulesets/r.json")
			for _, format := range []string{"text", "json"} {
				args := func(old string) []string {
					return append([]string{"migrate", "--since", old, "--format", format, newPath}, saves...)
				}
				diskCode, diskOut, diskErr := runCLI(args(oldPath)...)
				gitCode, gitOut, gitErr := runCLI(args("HEAD~1")...)
				if gitCode != diskCode || gitErr != diskErr {
					t.Fatalf("%s: exit %d, stderr %q; with the file on disk %d, %q", format, gitCode, gitErr, diskCode, diskErr)
				}
				if got := strings.ReplaceAll(gitOut, "HEAD~1:rulesets/r.json", oldPath); got != diskOut {
					t.Errorf("%s: the document differs from the one with the file on disk:\n%s\n---- on disk:\n%s", format, got, diskOut)
				}
				if c.Name != "same" && !strings.Contains(gitOut, "HEAD~1:rulesets/r.json") && strings.Contains(diskOut, oldPath) {
					t.Errorf("%s: the old file is not named by its revision", format)
				}
			}
		})
	}
}

// A package folder at a revision is compared with its own sample saves,
// read at that revision, as the same folder copied to disk is; REV and
// REV:path read the same.
func TestMigrateSincePackageRevision(t *testing.T) {
	needLanternRoad(t)
	r := gitrevtest.New(t)
	if err := os.CopyFS(r.Path("pkg"), os.DirFS(lanternRoadDir)); err != nil {
		t.Fatal(err)
	}
	r.Commit("published")
	disk := filepath.Join(t.TempDir(), "pkg")
	if err := os.CopyFS(disk, os.DirFS(lanternRoadDir)); err != nil {
		t.Fatal(err)
	}
	editRuleset(t, r.Path("pkg/ruleset.json"), func(doc map[string]any) {
		sheet := doc["sheet"].(map[string]any)
		sheet["migrations"] = sheet["migrations"].([]any)[1:]
		doc["version"] = doc["version"].(float64) + 1
	})
	r.Commit("the first entry deleted")
	pkg := r.Path("pkg")
	diskCode, diskOut, diskErr := runCLI("migrate", "--since", disk, "--json", pkg)
	if diskCode != exitFindings || diskErr != "" {
		t.Fatalf("on disk: exit %d, stderr %q", diskCode, diskErr)
	}
	want := strings.ReplaceAll(diskOut, disk, "HEAD~1:pkg")
	code, out, errOut := runCLI("migrate", "--since", "HEAD~1", "--json", pkg)
	if code != diskCode || errOut != "" || out != want {
		t.Errorf("--since HEAD~1: exit %d, stderr %q, the document differs:\n%s\n---- on disk, renamed:\n%s", code, errOut, out, want)
	}
	// REV:path reads the path from the top of the current folder's
	// repository, or from the current folder with ./ or ../.
	t.Chdir(r.Path("pkg/saves"))
	for _, old := range []string{"HEAD~1:pkg", "HEAD~1:..", "HEAD~1:../../pkg/"} {
		code, out, errOut := runCLI("migrate", "--since", old, "--json", pkg)
		if code != diskCode || errOut != "" || out != want {
			t.Errorf("--since %s: exit %d, stderr %q, the document differs:\n%s\n---- on disk, renamed:\n%s", old, code, errOut, out, want)
		}
	}
	var doc struct {
		Diagnostics []model.Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(diskOut), &doc); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(doc.Diagnostics, func(d model.Diagnostic) bool { return d.Code == migrate.CodeSinceEntryDeleted })
	if i < 0 || !strings.Contains(doc.Diagnostics[i].Message, "2 sample saves stranded: "+filepath.Join(disk, "saves", "fighter3.json")) {
		t.Errorf("the deleted entry is not reported with its stranded saves: %+v", doc.Diagnostics)
	}
	// As text: the finding where OLD declared the entry, naming the saves.
	code, out, _ = runCLI("migrate", "--since", "HEAD~1", pkg)
	want = fmt.Sprintf("HEAD~1:pkg/ruleset.json:%d:%d: error: sheet.migrations.0: the published entry from 1 is gone from this version, ", doc.Diagnostics[max(i, 0)].Line, doc.Diagnostics[max(i, 0)].Column) +
		"so saves at or below version 1 no longer reach the new ids (2 sample saves stranded: HEAD~1:pkg/saves/fighter3.json, HEAD~1:pkg/saves/no-class.json); " +
		"never delete a published entry: put it back as it was [since-entry-deleted]\n"
	if code != exitFindings || !strings.Contains(out, want) {
		t.Errorf("text: exit %d, no line %q in:\n%s", code, want, out)
	}
}

// editRuleset rewrites a ruleset file with edit made to its JSON.
func editRuleset(t *testing.T, p string, edit func(doc map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	if data, err = json.MarshalIndent(doc, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Each way OLD cannot be read as a revision exits 2 with one line.
func TestOldRevisionRefused(t *testing.T) {
	needLanternRoad(t)
	r := gitrevtest.New(t)
	r.Write("r.json", []byte(`{}`))
	r.Commit("one")
	outside := t.TempDir()
	if _, err := gitrev.Find(outside); err == nil {
		t.Skip("the temporary folder is inside a git repository")
	}
	file := filepath.Join(outside, "r.json")
	if err := os.WriteFile(file, []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"outside a repository", []string{"migrate", "--since", "HEAD~1", file},
			"rulebench: HEAD~1 is not a file or folder, and cannot be read as a git revision: " + outside + " is not inside a git repository\n"},
		{"unknown revision", []string{"migrate", "--since", "HEAD~4", r.Path("r.json")},
			"rulebench: HEAD~4 is not a file or folder, and cannot be read as a git revision: the git repository at " + resolved(t, r.Dir) + " has no revision \"HEAD~4\"\n"},
		{"not in the revision", []string{"migrate", "--since", "HEAD", r.Path("new.json")},
			"rulebench: new.json does not exist at revision HEAD\n"},
		{"a missing file", []string{"migrate", "--since", filepath.Join(outside, "none.json"), file},
			"rulebench: cannot read " + filepath.Join(outside, "none.json") + ": no such file or directory\n"},
		{"no revision before the colon", []string{"migrate", "--since", ":r.json", file},
			"rulebench: :r.json is not a file or folder, and names no revision before the colon (write REV:path, such as HEAD~1:r.json)\n"},
		{"check outside a repository", []string{"check", "--base", "HEAD~1", file},
			"rulebench: --base HEAD~1: HEAD~1 is not a file or folder, and cannot be read as a git revision: " + outside + " is not inside a git repository\n"},
	}
	if err := os.WriteFile(r.Path("new.json"), []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(c.args...)
			if code != exitUsage || errOut != c.want {
				t.Errorf("exit %d, stderr %q; want 2, %q", code, errOut, c.want)
			}
		})
	}
}

func resolved(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The workbench takes a revision as --since: it opens on it (reading it
// once, so nothing says the revision is not watched), and outside a
// repository it does not start, with the sentence migrate gives.
func TestWorkbenchSinceRevision(t *testing.T) {
	needLanternRoad(t)
	c, err := migratetest.LanternCase(lanternRoadDir, migratetest.Rename)
	if err != nil {
		t.Fatal(err)
	}
	r := gitrevtest.New(t)
	r.Write("r.json", c.Old)
	r.Commit("published")
	r.Write("r.json", c.New)
	r.Commit("next")
	var out, errs bytes.Buffer
	code := run([]string{"--no-mouse", "--since", "HEAD~1", r.Path("r.json")}, strings.NewReader("q"), &out, &errs)
	if code != exitOK || errs.Len() > 0 {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
	old, reload, err := loadSince("HEAD~1", r.Path("r.json"))
	if err != nil || old.RulesetFile != "HEAD~1:./r.json" || reload != nil {
		t.Errorf("a revision: %v, read again: %v, %v", old.RulesetFile, reload != nil, err)
	}
	disk := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(disk, c.Old, 0o644); err != nil {
		t.Fatal(err)
	}
	if old, reload, err = loadSince(disk, r.Path("r.json")); err != nil || reload == nil {
		t.Fatalf("a file: read again %v, %v", reload != nil, err)
	}
	if again, err := reload(); err != nil || again.RulesetFile != old.RulesetFile {
		t.Errorf("read again: %v", err)
	}
	outside := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(outside, c.New, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	code = run([]string{"--no-mouse", "--since", "HEAD~1", outside}, strings.NewReader("q"), &out, &errs)
	if code != exitUsage || out.Len() > 0 || !strings.HasSuffix(errs.String(), "cannot be read as a git revision: "+filepath.Dir(outside)+" is not inside a git repository\n") {
		t.Errorf("outside a repository: exit %d, stderr %q", code, errs.String())
	}
}

// diff and changelog take OLD as a git revision too: lantern-road and its
// next version as two commits of one folder give the document the two
// folders on disk give, the old version named by its revision.
func TestDiffRevisionAsOnDisk(t *testing.T) {
	needLanternRoad(t)
	r := gitrevtest.New(t)
	if err := os.CopyFS(r.Path("pkg"), os.DirFS(lanternRoadDir)); err != nil {
		t.Fatal(err)
	}
	r.Commit("published")
	if err := os.RemoveAll(r.Path("pkg")); err != nil {
		t.Fatal(err)
	}
	if err := difftest.WriteLanternNext(lanternRoadDir, r.Path("pkg")); err != nil {
		t.Fatal(err)
	}
	r.Commit("the next version")
	pkg := r.Path("pkg")
	for _, args := range [][]string{{"diff", "--json"}, {"diff"}, {"changelog", "--date", "2026-12-08"}} {
		diskCode, diskOut, diskErr := runCLI(append(args, lanternRoadDir, pkg)...)
		gitCode, gitOut, gitErr := runCLI(append(args, "HEAD~1", pkg)...)
		if diskCode != exitOK || gitCode != diskCode || gitErr != diskErr {
			t.Fatalf("%v: exit %d, stderr %q; with the folder on disk %d, %q", args, gitCode, gitErr, diskCode, diskErr)
		}
		if got := strings.ReplaceAll(gitOut, "OLD HEAD~1,", "OLD "+lanternRoadDir+","); got != diskOut {
			t.Errorf("%v: the document differs from the one with the folder on disk:\n%s\n---- on disk:\n%s", args, gitOut, diskOut)
		}
	}
	outside := t.TempDir()
	if code, _, errOut := runCLI("diff", "HEAD~1", outside); code != exitUsage || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("outside git: exit %d, %q", code, errOut)
	}
}
