package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"rulebench/internal/gitrev"
	"rulebench/model"
)

// oldArgHelp is what every command that takes OLD says about it.
const oldArgHelp = `OLD is a file, package folder or catalog artifact on disk, or a git revision:
REV reads PATH as it was at REV (HEAD~1, a tag, a branch, a hash), and REV:path
reads that path at REV (from the repository's top, or from the current folder
when it starts with ./ or ../). An existing file or folder named OLD is read
first, and so is an absolute path, one starting with ./ or ../, or a name ending
in .json or .zip without a colon.`

// loadOld reads OLD, the previous version of the ruleset at newPath, as
// every command that compares two versions takes it (migrate --since, the
// workbench's --since, check --base): a path on disk when one exists by
// that name, read as PATH is; otherwise a git revision, REV (newPath as it
// was at REV) or REV:path. A revision is read through git without touching
// the working tree, confined to the package folder (or the folder of a
// single file) at that revision; the workspace's names say where each file
// came from (REV:path/ruleset.json). newPath may be "" when there is no
// PATH on disk (REV alone then cannot be read). The error is one sentence:
// the command exits 2 on it.
func loadOld(arg, newPath string) (*model.Workspace, error) {
	ws, _, err := loadOldFS(arg, newPath)
	return ws, err
}

// loadOldFS is loadOld that also returns the revision's tree the workspace
// was read from, to read more of its files (nil for a path on disk).
func loadOldFS(arg, newPath string) (*model.Workspace, fs.FS, error) {
	return (&oldReader{}).load(arg, newPath)
}

// oldReader reads OLD versions as loadOld does, keeping the repositories
// it found by folder (and so what each resolved and listed), so that the
// many PATHs of one check --base share them. It may be used from several
// goroutines.
type oldReader struct {
	mu    sync.Mutex
	repos map[string]*gitrev.Repo
}

// find returns the repository holding dir, found once per folder.
func (o *oldReader) find(dir string) (*gitrev.Repo, error) {
	o.mu.Lock()
	repo, ok := o.repos[dir]
	o.mu.Unlock()
	if ok {
		return repo, nil
	}
	repo, err := gitrev.Find(dir)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	if o.repos == nil {
		o.repos = map[string]*gitrev.Repo{}
	}
	o.repos[dir] = repo
	o.mu.Unlock()
	return repo, nil
}

// load is loadOldFS.
func (o *oldReader) load(arg, newPath string) (*model.Workspace, fs.FS, error) {
	if _, err := os.Lstat(arg); err == nil || looksLikePath(arg) {
		ws, err := model.Load(model.OSFS{}, arg)
		return ws, nil, err
	}
	tree, err := o.tree(arg, newPath)
	if err != nil {
		return nil, nil, err
	}
	ws, err := model.Load(tree, tree.Name())
	if err != nil {
		return nil, nil, err
	}
	return ws, tree, nil
}

// loadSince reads the workbench's --since OLD (loadOld) and returns with it
// how to read it again when its files change: nil for a revision, which
// does not change, so that it is read once and not watched.
func loadSince(arg, newPath string) (*model.Workspace, func() (*model.Workspace, error), error) {
	ws, revision, err := loadOldFS(arg, newPath)
	if err != nil || revision != nil {
		return ws, nil, err
	}
	return ws, func() (*model.Workspace, error) { return loadOld(arg, newPath) }, nil
}

// readOldSave reads a sample save of OLD by the name its workspace gives
// it, as readSaveFile reads one on disk: from the revision's tree when
// OLD was read from one (fsys), refusing what is not a regular file and
// what is over model.MaxReadBytes.
func readOldSave(fsys fs.FS, name string) ([]byte, error) {
	if fsys == nil {
		return readSaveFile(name)
	}
	info, err := fs.Stat(fsys, name)
	switch {
	case err != nil:
		return nil, unwrapPath(err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%w at that revision (a link or a submodule)", model.ErrNotRegular)
	case info.Size() > model.MaxReadBytes:
		return nil, errTooLarge
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	return readAtMost(f)
}

// looksLikePath tells whether OLD, not on disk, is meant as a path all the
// same: empty, absolute, starting with ./ or ../, or a name ending in .json
// or .zip without a colon. Its error is then that of a missing file.
func looksLikePath(arg string) bool {
	switch {
	case arg == "" || filepath.IsAbs(arg) || strings.HasPrefix(arg, "./") || strings.HasPrefix(arg, "../"):
		return true
	case strings.Contains(arg, ":"):
		return false
	}
	return strings.HasSuffix(arg, ".json") || strings.HasSuffix(arg, ".zip")
}

// tree finds the revision OLD names and the path it reads there.
func (o *oldReader) tree(arg, newPath string) (*gitrev.Tree, error) {
	notOnDisk := func(err error) error {
		return fmt.Errorf("%s is not a file or folder, and cannot be read as a git revision: %w", arg, err)
	}
	rev, rel, withPath := strings.Cut(arg, ":")
	if withPath && rev == "" {
		return nil, fmt.Errorf("%s is not a file or folder, and names no revision before the colon (write REV:path, such as HEAD~1:%s)", arg, rel)
	}
	var repo *gitrev.Repo
	var err error
	if withPath {
		if repo, err = o.find("."); err != nil {
			return nil, notOnDisk(err)
		}
		if rel, err = repoPath(repo, rel); err != nil {
			return nil, err
		}
	} else {
		if newPath == "" {
			return nil, fmt.Errorf("%s is not a file or folder, and a revision alone needs a PATH on disk to read at it (or write REV:path)", arg)
		}
		dir := newPath
		if info, statErr := os.Stat(newPath); statErr != nil || !info.IsDir() {
			dir = filepath.Dir(newPath)
		}
		if repo, err = o.find(dir); err != nil {
			return nil, notOnDisk(err)
		}
		if rel, err = repo.Rel(newPath); err != nil {
			return nil, err
		}
	}
	if _, err := repo.Resolve(rev); err != nil {
		return nil, notOnDisk(err)
	}
	return repo.At(rev, rel)
}

// repoPath reads the path of REV:path as git does: from the repository's
// top, or from the current folder when it starts with ./ or ../ (or is .
// or ..); an absolute path is read as a path on disk.
func repoPath(repo *gitrev.Repo, p string) (string, error) {
	if filepath.IsAbs(p) {
		return repo.Rel(p)
	}
	if p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		here, err := repo.Rel(".")
		if err != nil {
			return "", err
		}
		p = path.Join(here, p)
	}
	p = path.Clean(p)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", fmt.Errorf("%s lies outside the git repository at %s", p, repo.Top)
	}
	if p == "." {
		p = ""
	}
	return p, nil
}
