package modeltest

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"rulebench/model"
)

// SharedEnv names the environment variable that, when set, gives the
// folder of the shared data (fixtures, parity corpus) instead of the
// default, "shared" beside the module's root. Set it to a folder that does
// not exist to run the suite as a fresh clone would.
const SharedEnv = "RULEBENCH_SHARED"

// sharedUsed records that some test of this run found and used the shared
// data, so that the codes it made reachable may go beyond the package's
// record (see RunTracingCodes).
var sharedUsed atomic.Bool

// SharedDir returns the folder of the shared data that sits beside a
// checkout (../shared from the module's root), or "" when there is none.
func SharedDir() string {
	if dir, ok := os.LookupEnv(SharedEnv); ok {
		if isDir(dir) {
			return dir
		}
		return ""
	}
	root := moduleRoot()
	if root == "" {
		return ""
	}
	dir := filepath.Join(filepath.Dir(root), "shared")
	if !isDir(dir) {
		return ""
	}
	return dir
}

// Shared returns the path of parts inside the shared data, skipping the
// test with a reason when that path does not exist: the project's own tests
// must pass on a clone with nothing beside it.
func Shared(t testing.TB, parts ...string) string {
	t.Helper()
	dir := SharedDir()
	if dir == "" {
		t.Skip("needs the shared data beside the checkout (../shared), which this clone does not have")
	}
	p := filepath.Join(append([]string{dir}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("needs %s from the shared data, which is not there", filepath.Join(parts...))
	}
	sharedUsed.Store(true)
	return p
}

// Fixtures returns the folder of the Marinara Engine's published rulesets
// in the shared data, skipping the test when it is absent.
func Fixtures(t testing.TB) string {
	t.Helper()
	return Shared(t, "fixtures", "marinara")
}

// FixtureFiles returns the published rulesets (*.json in the fixtures
// folder), with the machine-made variants after them when variants is set,
// skipping the test when there are none.
func FixtureFiles(t testing.TB, variants bool) []string {
	t.Helper()
	dir := Fixtures(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if variants {
		more, _ := filepath.Glob(filepath.Join(dir, "variants", "*.json"))
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Skip("the shared fixtures folder holds no rulesets")
	}
	return files
}

// moduleRoot returns the folder holding go.mod at or above the working
// directory, "" when there is none.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// WriteTree writes files (a path below root, slash-separated, to its
// content) under root, making the folders they need.
func WriteTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Load loads the workspace at p from disk (a ruleset file, a package or
// an artifact), failing the test when it cannot be read at all. Its
// ruleset is nil when the ruleset file is broken; the findings say why.
func Load(t testing.TB, p string) *model.Workspace {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}
