package gitrev_test

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/internal/gitrev"
	"rulebench/internal/gitrev/gitrevtest"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// twoCommits makes a repository with a package folder (a copy of the
// example lantern-road) committed twice: first as it is, then with its
// ruleset's name changed and a save added.
func twoCommits(t testing.TB) *gitrevtest.Repo {
	t.Helper()
	r := gitrevtest.New(t)
	if err := os.CopyFS(r.Path("pkg"), os.DirFS("../../examples/lantern-road")); err != nil {
		t.Fatal(err)
	}
	r.Write("top.json", []byte("{}\n"))
	r.Commit("first")
	data, err := os.ReadFile(r.Path("pkg/ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.Write("pkg/ruleset.json", []byte(strings.Replace(string(data), `"name": "`, `"name": "New `, 1)))
	r.Write("pkg/saves/added.json", []byte(`{"v": 1, "sheet": {}}`))
	r.Commit("second")
	return r
}

// A package folder at HEAD~1 loads as the folder on disk did then: the
// same files with the same bytes, under names that say the revision.
func TestPackageAtRevisionLoadsAsOnDisk(t *testing.T) {
	r := twoCommits(t)
	repo, err := gitrev.Find(r.Path("pkg"))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := repo.At("HEAD~1", "pkg")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Name() != "HEAD~1:pkg" {
		t.Errorf("name %q", tree.Name())
	}
	old, err := model.Load(tree, tree.Name())
	if err != nil {
		t.Fatal(err)
	}
	disk := modeltest.Load(t, "../../examples/lantern-road")
	if old.Kind != model.Package || old.RulesetFile != "HEAD~1:pkg/ruleset.json" {
		t.Errorf("kind %v, ruleset file %q", old.Kind, old.RulesetFile)
	}
	if len(old.Files) != len(disk.Files) || len(old.Saves) != len(disk.Saves) || len(old.Locales) != len(disk.Locales) {
		t.Errorf("%d files, %d saves, %d locales; on disk %d, %d, %d", len(old.Files), len(old.Saves), len(old.Locales), len(disk.Files), len(disk.Saves), len(disk.Locales))
	}
	for name, f := range disk.Files {
		g := old.Files["HEAD~1:pkg"+strings.TrimPrefix(name, "../../examples/lantern-road")]
		if g == nil || string(g.Data) != string(f.Data) {
			t.Errorf("%s: not read the same at the revision", name)
		}
	}
	if len(old.Diagnostics) != len(disk.Diagnostics) {
		t.Errorf("%d findings reading the revision, %d on disk", len(old.Diagnostics), len(disk.Diagnostics))
	}
	now, err := repo.At("HEAD", "pkg")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := model.Load(now, now.Name())
	if err != nil {
		t.Fatal(err)
	}
	if len(cur.Saves) != len(disk.Saves)+1 || !strings.HasPrefix(cur.Ruleset.Name, "New ") || strings.HasPrefix(old.Ruleset.Name, "New ") {
		t.Errorf("HEAD: %d saves, name %q; HEAD~1: name %q", len(cur.Saves), cur.Ruleset.Name, old.Ruleset.Name)
	}
}

// A single file at the top is named REV:./file, so that the folder of the
// name stays in the revision; the tree is confined to the file's folder.
func TestFileAtTop(t *testing.T) {
	r := twoCommits(t)
	repo, err := gitrev.Find(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := repo.At("HEAD", "top.json")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Name() != "HEAD:./top.json" || filepath.ToSlash(filepath.Dir(tree.Name())) != "HEAD:." {
		t.Errorf("name %q", tree.Name())
	}
	data, err := fs.ReadFile(tree, tree.Name())
	if err != nil || string(data) != "{}\n" {
		t.Errorf("read %q, %v", data, err)
	}
	es, err := fs.ReadDir(tree, "HEAD:.")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"pkg", "top.json"}) {
		t.Errorf("top folder lists %v", names)
	}
	// Confined to the package folder: a name beside it, or above it, is
	// not there to read.
	pkg, err := repo.At("HEAD", "pkg/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"HEAD:./top.json", "HEAD:pkg/../top.json", "HEAD:pkg/../../x", "HEAD~1:pkg/ruleset.json", "pkg/ruleset.json"} {
		if _, err := fs.ReadFile(pkg, name); err == nil {
			t.Errorf("%s is read through a tree confined to pkg", name)
		}
	}
	if _, err := fs.ReadFile(pkg, "HEAD:pkg/saves/added.json"); err != nil {
		t.Errorf("a file inside the folder: %v", err)
	}
}

// Each failure is one sentence of its kind.
func TestErrors(t *testing.T) {
	r := twoCommits(t)
	outside := t.TempDir()
	_, err := gitrev.Find(outside)
	if !errors.Is(err, gitrev.ErrNotRepository) || !strings.Contains(err.Error(), "not inside a git repository") {
		t.Errorf("outside a repository: %v", err)
	}
	repo, err := gitrev.Find(r.Path("pkg/locales"))
	if err != nil {
		t.Fatal(err)
	}
	if rel, err := repo.Rel(r.Path("pkg/locales")); err != nil || rel != "pkg/locales" {
		t.Errorf("Rel %q, %v", rel, err)
	}
	if _, err := repo.Rel(outside); !errors.Is(err, gitrev.ErrOutside) {
		t.Errorf("Rel outside: %v", err)
	}
	for _, rev := range []string{"HEAD~5", "no-such-branch", "--output=/tmp/x", ""} {
		_, err := repo.At(rev, "pkg")
		if !errors.Is(err, gitrev.ErrUnknownRevision) {
			t.Errorf("%q: %v", rev, err)
		}
	}
	_, err = repo.At("HEAD~1", "pkg/saves/added.json")
	if !errors.Is(err, gitrev.ErrNotInRevision) || err.Error() != "pkg/saves/added.json does not exist at revision HEAD~1" {
		t.Errorf("a path added later: %v", err)
	}
}

// A link in the tree is stated as a link and never read through; a file
// is read whole, and model.Load refuses a link as it does on disk.
func TestLinkNotFollowed(t *testing.T) {
	r := twoCommits(t)
	if err := os.Symlink("../top.json", r.Path("pkg/saves/link.json")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	r.Commit("link")
	repo, err := gitrev.Find(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := repo.At("HEAD", "pkg")
	if err != nil {
		t.Fatal(err)
	}
	info, err := tree.Stat("HEAD:pkg/saves/link.json")
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("stat %v, %v", info, err)
	}
	if _, err := tree.Open("HEAD:pkg/saves/link.json"); err == nil {
		t.Error("a link is opened")
	}
	ws, err := model.Load(tree, tree.Name())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range ws.Diagnostics {
		found = found || strings.HasSuffix(d.File, "link.json")
	}
	if !found {
		t.Errorf("the link is not reported: %v", ws.Diagnostics)
	}
}

// Run from a git hook (GIT_DIR and GIT_INDEX_FILE set to another
// repository), a revision is still read from the repository holding the
// path.
func TestHookEnvironment(t *testing.T) {
	r := twoCommits(t)
	other := gitrevtest.New(t)
	t.Setenv("GIT_DIR", filepath.Join(other.Dir, ".git"))
	t.Setenv("GIT_INDEX_FILE", filepath.Join(other.Dir, ".git", "index"))
	repo, err := gitrev.Find(r.Path("pkg"))
	if err != nil || repo.Top != resolvedDir(t, r.Dir) {
		t.Fatalf("found %v, %v", repo, err)
	}
	if _, err := repo.At("HEAD~1", "pkg/ruleset.json"); err != nil {
		t.Error(err)
	}
}

func resolvedDir(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A repository another user owns is refused by git; Find says so rather
// than that there is no repository. (It needs to run as root to hand the
// folder to another user.)
func TestRepositoryOfAnotherUser(t *testing.T) {
	r := twoCommits(t)
	if err := os.Chown(r.Dir, 54321, 54321); err != nil {
		t.Skip("cannot give the folder to another user:", err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", "/dev/null") // no safe.directory of the user's
	_, err := gitrev.Find(r.Path("pkg"))
	if !errors.Is(err, gitrev.ErrNotRepository) || !strings.Contains(err.Error(), "as another user owns it") {
		t.Errorf("%v", err)
	}
}

// Without git on PATH, Find says git is needed.
func TestNoGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("PATH", t.TempDir())
	_, err := gitrev.Find(".")
	if !errors.Is(err, gitrev.ErrNoGit) || !strings.Contains(err.Error(), "needs the git program") {
		t.Errorf("%v", err)
	}
}
