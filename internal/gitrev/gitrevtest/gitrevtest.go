// Package gitrevtest makes throwaway git repositories for tests: a folder
// with `git init`, files written and committed with a fixed author, so that
// a test can read a path at HEAD~1. Tests that need git skip with the
// reason when the git program is missing.
package gitrevtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/internal/gitrev"
)

// Repo is a git repository in a test's temporary folder.
type Repo struct {
	t testing.TB
	// Dir is the repository's top folder.
	Dir string
}

// New makes an empty repository in a new temporary folder, or skips the
// test when git is not installed.
func New(t testing.TB) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the tests of reading a revision need it (.ci/run installs it)")
	}
	r := &Repo{t: t, Dir: t.TempDir()}
	r.Git("init", "-q")
	return r
}

// Git runs git in the repository with a fixed author and no user or system
// settings, failing the test if it fails, and returns its output.
func (r *Repo) Git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.Dir, "-c", "user.name=Rulebench Test", "-c", "user.email=test@rulebench.invalid",
		"-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Env = append(gitrev.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Write writes a file of the working tree (making its folders), by a
// slash-separated path from the top.
func (r *Repo) Write(name string, data []byte) {
	r.t.Helper()
	p := filepath.Join(r.Dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// Commit stages everything and commits it with the message.
func (r *Repo) Commit(message string) {
	r.t.Helper()
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", message)
}

// Path is the path on disk of a slash-separated name from the top.
func (r *Repo) Path(name string) string { return filepath.Join(r.Dir, filepath.FromSlash(name)) }
