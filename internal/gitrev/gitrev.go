// Package gitrev reads a file or a folder as it was at a revision of a git
// repository, through the git program: no network, no working tree touched,
// every read bounded. A Tree is an fs.FS of that revision confined to one
// folder (a package folder, or the folder of a single file), which
// model.Load reads as it reads a folder on disk.
//
// The names a Tree answers to are written as git writes a path at a
// revision, "REV:path" ("HEAD~1:examples/road/ruleset.json"), so that what
// a finding names says where it was read. A path at the top of the
// repository is written "REV:./name" when it is a file, so that path.Dir of
// it stays in the revision.
package gitrev

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"rulebench/model"
)

// The kinds of failure, each wrapped by an *Error that says it in one
// sentence: errors.Is tells them apart.
var (
	// ErrNoGit: the git program is not installed or not on PATH.
	ErrNoGit = errors.New("git is not installed")
	// ErrNotRepository: the folder is not inside a git repository.
	ErrNotRepository = errors.New("not in a git repository")
	// ErrUnknownRevision: the repository has no commit of that name.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrNotInRevision: the revision has no file or folder at that path.
	ErrNotInRevision = errors.New("not in the revision")
	// ErrOutside: a path on disk lies outside the repository.
	ErrOutside = errors.New("outside the repository")
	// ErrTooLarge: a folder lists more entries than a Tree reads.
	ErrTooLarge = errors.New("too large")
)

// Error is a failure of gitrev, said in one sentence (Sentence), with its
// kind (one of the Err* values, for errors.Is).
type Error struct {
	Kind     error
	Sentence string
}

func (e *Error) Error() string { return e.Sentence }

// Unwrap returns the kind.
func (e *Error) Unwrap() error { return e.Kind }

func fail(kind error, format string, args ...any) *Error {
	return &Error{Kind: kind, Sentence: fmt.Sprintf(format, args...)}
}

// Bounds of what a Tree reads: a folder's listing (git ls-tree's output),
// a file (one byte more than model.MaxReadBytes, so that model.Load tells
// a file too large as it does on disk) and the files read together in one
// git process; and how long one git command may take.
const (
	MaxListingBytes = 4 << 20
	MaxBlobBytes    = model.MaxReadBytes + 1
	MaxBatchBytes   = model.MaxReadBytes
	Timeout         = 30 * time.Second
)

// Repo is a git repository on disk. It remembers the revisions it resolved
// and the folders it listed, so that the Trees of one command share them:
// find the repository again to see later commits. A Repo may be used from
// several goroutines.
type Repo struct {
	// Top is the repository's top folder, absolute, with its links resolved.
	Top string

	mu       sync.Mutex
	resolved map[string]string  // revision → commit
	lists    map[string][]entry // "commit:folder" → its entries
}

// Find returns the repository holding dir (a folder on disk).
func Find(dir string) (*Repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fail(ErrNoGit, "reading a revision needs the git program, which is not installed (or not on PATH)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fail(ErrNotRepository, "%s is not a folder that can be looked up: %v", dir, err)
	}
	out, err := run(abs, 4096, nil, "rev-parse", "--show-toplevel")
	if err != nil {
		if strings.Contains(err.Error(), "dubious ownership") {
			return nil, fail(ErrNotRepository, "git refuses to read the repository holding %s, as another user owns it (git config --global --add safe.directory names a repository to trust)", dir)
		}
		if dir == "." {
			return nil, fail(ErrNotRepository, "the current folder is not inside a git repository")
		}
		return nil, fail(ErrNotRepository, "%s is not inside a git repository", dir)
	}
	top := strings.TrimRight(string(out), "\n")
	if top == "" {
		return nil, fail(ErrNotRepository, "%s is not inside a git repository's working tree", dir)
	}
	if resolved, err := filepath.EvalSymlinks(top); err == nil {
		top = resolved
	}
	return &Repo{Top: top, resolved: map[string]string{}, lists: map[string][]entry{}}, nil
}

// Resolve returns the commit that rev names (a branch, a tag, HEAD~1, a
// hash), as its full hash.
func (r *Repo) Resolve(rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n") {
		return "", fail(ErrUnknownRevision, "%q is not a revision name", rev)
	}
	r.mu.Lock()
	hash, ok := r.resolved[rev]
	r.mu.Unlock()
	if ok {
		return hash, nil
	}
	out, err := run(r.Top, 4096, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	hash = strings.TrimSpace(string(out))
	if err != nil || hash == "" {
		return "", fail(ErrUnknownRevision, "the git repository at %s has no revision %q", r.Top, rev)
	}
	r.mu.Lock()
	r.resolved[rev] = hash
	r.mu.Unlock()
	return hash, nil
}

// Rel returns the path of a file or folder on disk inside the repository,
// with slashes ("" for the top), or an error when it lies outside.
func (r *Repo) Rel(diskPath string) (string, error) {
	abs, err := filepath.Abs(diskPath)
	if err != nil {
		return "", fail(ErrOutside, "%s cannot be looked up: %v", diskPath, err)
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil {
		abs = resolved
	}
	rel, err := filepath.Rel(r.Top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fail(ErrOutside, "%s is not inside the git repository at %s", diskPath, r.Top)
	}
	rel = filepath.ToSlash(rel)
	if rel == "." {
		rel = ""
	}
	return rel, nil
}

// Tree is the tree of one commit, confined to one folder of it: an fs.FS
// (with Stat and ReadDir) whose names are Name's. Folders are listed (once
// for every Tree of the Repo), and files read, when first asked for; a
// Tree may be used from several goroutines.
type Tree struct {
	repo   *Repo
	rev    string // as given, for the names
	commit string
	label  string // rev + ":"
	root   string // the confining folder, repository-relative ("" for the top)
	target string // the path asked for, repository-relative

	mu      sync.Mutex
	fetched map[string][]byte // files brought by a batch, by object id
	batched map[string]bool   // the folders whose files were brought
}

// entry is one line of git ls-tree -l.
type entry struct {
	name string
	mode fs.FileMode
	oid  string
	size int64
}

// At returns the tree of rev holding p, a repository-relative path with
// slashes ("" for the top): confined to p when it is a folder at rev, to
// the folder holding it when it is a file.
func (r *Repo) At(rev, p string) (*Tree, error) {
	commit, err := r.Resolve(rev)
	if err != nil {
		return nil, err
	}
	p = strings.Trim(path.Clean("/"+p), "/")
	t := &Tree{repo: r, rev: rev, commit: commit, label: rev + ":", target: p}
	info, err := t.statRepo(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fail(ErrNotInRevision, "%s does not exist at revision %s", displayPath(p), rev)
		}
		return nil, err
	}
	t.root = p
	if !info.IsDir() {
		t.root = parent(p)
	}
	return t, nil
}

// Name is the name of the path At was given, as the Tree answers to it
// (what to give model.Load).
func (t *Tree) Name() string {
	if t.target != t.root && !strings.Contains(t.target, "/") {
		return t.label + "./" + t.target // a file at the top
	}
	if t.target == "" {
		return t.label + "."
	}
	return t.label + t.target
}

// Commit is the full hash of the commit read.
func (t *Tree) Commit() string { return t.commit }

// repoPath reads one of the Tree's names back as a repository-relative
// path, refusing a name of another revision or outside the confining
// folder.
func (t *Tree) repoPath(op, name string) (string, error) {
	rest, ok := strings.CutPrefix(name, t.label)
	if !ok {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	rest = path.Clean(rest)
	if rest == "." {
		rest = ""
	}
	if rest == ".." || strings.HasPrefix(rest, "../") || strings.HasPrefix(rest, "/") {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	if t.root != "" && rest != t.root && !strings.HasPrefix(rest, t.root+"/") {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrPermission}
	}
	return rest, nil
}

// Stat implements fs.StatFS.
func (t *Tree) Stat(name string) (fs.FileInfo, error) {
	p, err := t.repoPath("stat", name)
	if err != nil {
		return nil, err
	}
	info, err := t.statRepo(p)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	return info, nil
}

// ReadDir implements fs.ReadDirFS: the folder's entries, sorted by name.
func (t *Tree) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := t.repoPath("readdir", name)
	if err != nil {
		return nil, err
	}
	info, err := t.statRepo(p)
	if err == nil && !info.IsDir() {
		err = errors.New("not a folder")
	}
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	es, err := t.list(p)
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	out := make([]fs.DirEntry, len(es))
	for i, e := range es {
		out[i] = fs.FileInfoToDirEntry(e.info())
	}
	return out, nil
}

// Open implements fs.FS: a file is read whole (at most MaxBlobBytes), a
// folder can be listed. A link or a submodule is not followed: it is
// stated, but opening it fails.
func (t *Tree) Open(name string) (fs.File, error) {
	p, err := t.repoPath("open", name)
	if err != nil {
		return nil, err
	}
	info, err := t.statRepo(p)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if info.IsDir() {
		es, err := t.list(p)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &dirFile{info: info, entries: es}, nil
	}
	e := info.Sys().(entry)
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	data, err := t.read(parent(p), e)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("git could not read it at revision %s", t.rev)}
	}
	return &blobFile{info: info, Reader: bytes.NewReader(data)}, nil
}

// read returns a file's bytes. The first file read in a folder of a
// package (any folder but that of a single file, which may hold many
// other rulesets) brings the folder's other *.json files with it, in one
// git process, up to MaxBatchBytes in all: model.Load reads them next.
// What is brought stays with the Tree (as the workspace read from it keeps
// the bytes anyway); any other file is read on its own.
func (t *Tree) read(dir string, e entry) ([]byte, error) {
	t.mu.Lock()
	data, ok := t.fetched[e.oid]
	batched := t.batched[dir]
	t.mu.Unlock()
	if ok {
		return data, nil
	}
	if batched || (dir == t.root && t.target != t.root) {
		return run(t.repo.Top, MaxBlobBytes, nil, "cat-file", "blob", e.oid)
	}
	es, err := t.list(dir)
	if err != nil {
		return nil, err
	}
	oids := []string{e.oid}
	total := e.size
	for _, o := range es {
		if o.mode.IsRegular() && strings.HasSuffix(o.name, ".json") && !slices.Contains(oids, o.oid) && total+o.size <= MaxBatchBytes {
			oids, total = append(oids, o.oid), total+o.size
		}
	}
	blobs, err := catBatch(t.repo.Top, oids, total)
	if err != nil {
		return nil, err
	}
	if data, ok = blobs[e.oid]; !ok {
		return nil, fmt.Errorf("git gave no object %s", e.oid)
	}
	t.mu.Lock()
	if t.fetched == nil {
		t.fetched, t.batched = map[string][]byte{}, map[string]bool{}
	}
	maps.Copy(t.fetched, blobs)
	t.batched[dir] = true
	t.mu.Unlock()
	return data, nil
}

// catBatch reads blobs by their ids in one git cat-file --batch, whose
// sizes add up to total: each is "ID blob SIZE\n" then its bytes and a
// line break. An object larger than MaxBlobBytes, or more output than
// total and the headers, is refused.
func catBatch(dir string, oids []string, total int64) (map[string][]byte, error) {
	limit := total + int64(len(oids))*128
	out, err := run(dir, limit+1, strings.NewReader(strings.Join(oids, "\n")+"\n"), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	if int64(len(out)) > limit {
		return nil, errors.New("git cat-file gave more than was asked for")
	}
	blobs := map[string][]byte{}
	for len(out) > 0 {
		head, rest, ok := bytes.Cut(out, []byte("\n"))
		fields := strings.Fields(string(head))
		if !ok || len(fields) != 3 || fields[1] != "blob" {
			if ok && len(fields) == 2 && fields[1] == "missing" {
				out = rest
				continue
			}
			return nil, fmt.Errorf("git cat-file gave a line it should not: %q", head)
		}
		n, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil || n < 0 || n > MaxBlobBytes || n+1 > int64(len(rest)) || rest[n] != '\n' {
			return nil, fmt.Errorf("git cat-file gave an object it should not: %q", head)
		}
		blobs[fields[0]] = rest[:n:n]
		out = rest[n+1:]
	}
	return blobs, nil
}

// statRepo looks up a repository-relative path in its folder's listing.
func (t *Tree) statRepo(p string) (fs.FileInfo, error) {
	if p == "" {
		return entry{name: ".", mode: fs.ModeDir | 0o755}.info(), nil
	}
	es, err := t.list(parent(p))
	if err != nil {
		return nil, err
	}
	base := path.Base(p)
	for _, e := range es {
		if e.name == base {
			return e.info(), nil
		}
	}
	return nil, fs.ErrNotExist
}

// list returns a folder's entries at the commit, listing it once.
func (t *Tree) list(dir string) ([]entry, error) {
	key := t.commit + ":" + dir
	t.repo.mu.Lock()
	es, ok := t.repo.lists[key]
	t.repo.mu.Unlock()
	if ok {
		return es, nil
	}
	if dir != "" {
		info, err := t.statRepo(dir)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			return nil, fs.ErrNotExist
		}
	}
	out, err := run(t.repo.Top, MaxListingBytes+1, nil, "ls-tree", "-z", "-l", "--end-of-options", t.commit+":"+dir)
	if err != nil {
		return nil, fmt.Errorf("git could not list %s at revision %s", displayPath(dir), t.rev)
	}
	if len(out) > MaxListingBytes {
		return nil, fail(ErrTooLarge, "%s lists more than %d bytes of entries at revision %s", displayPath(dir), MaxListingBytes, t.rev)
	}
	es, err = parseListing(out)
	if err != nil {
		return nil, err
	}
	t.repo.mu.Lock()
	t.repo.lists[key] = es
	t.repo.mu.Unlock()
	return es, nil
}

// parseListing reads git ls-tree -z -l: "MODE TYPE OID SIZE\tNAME\x00"
// lines, SIZE "-" for what is not a blob.
func parseListing(out []byte) ([]entry, error) {
	var es []entry
	for line := range strings.SplitSeq(string(out), "\x00") {
		if line == "" {
			continue
		}
		head, name, ok := strings.Cut(line, "\t")
		fields := strings.Fields(head)
		if !ok || len(fields) != 4 || name == "" || strings.Contains(name, "/") {
			return nil, fmt.Errorf("git ls-tree gave a line it should not: %q", line)
		}
		e := entry{name: name, oid: fields[2]}
		switch fields[0] {
		case "040000":
			e.mode = fs.ModeDir | 0o755
		case "100644":
			e.mode = 0o644
		case "100755":
			e.mode = 0o755
		case "120000":
			e.mode = fs.ModeSymlink | 0o777
		default: // a submodule (160000): another repository's commit
			e.mode = fs.ModeIrregular
		}
		if fields[3] != "-" {
			n, err := strconv.ParseInt(fields[3], 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("git ls-tree gave a size it should not: %q", line)
			}
			e.size = n
		}
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	return es, nil
}

func parent(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

func displayPath(p string) string {
	if p == "" {
		return "the repository's top folder"
	}
	return p
}

// run runs git in dir with the environment that keeps it to the local
// repository and quiet, stdin as its input (nil for none), and returns at
// most limit bytes of its output (stopping it once it gives more).
func run(dir string, limit int64, stdin io.Reader, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir, "--no-pager", "--literal-pathspecs"}, args...)...)
	cmd.Env = append(Environ(),
		"GIT_TERMINAL_PROMPT=0",  // never ask for a password
		"GIT_NO_LAZY_FETCH=1",    // a partial clone does not fetch what it lacks
		"GIT_OPTIONAL_LOCKS=0",   // take no lock in the repository
		"GIT_CONFIG_NOSYSTEM=1",  // the system's settings play no part
		"LC_ALL=C", "LANGUAGE=C", // messages as the code expects them
	)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{w: &stderr, left: 4096}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	data, readErr := io.ReadAll(io.LimitReader(stdout, limit))
	if int64(len(data)) >= limit {
		_ = cmd.Process.Kill() // more than asked for: stop it
	}
	waitErr := cmd.Wait()
	if int64(len(data)) >= limit {
		return data, nil // the caller tells the output too large
	}
	if readErr != nil {
		return nil, readErr
	}
	if waitErr != nil {
		return data, fmt.Errorf("%w: %s", waitErr, strings.TrimSpace(stderr.String()))
	}
	return data, nil
}

// limitedWriter keeps the first bytes written to it and drops the rest.
type limitedWriter struct {
	w    io.Writer
	left int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	n := min(len(p), l.left)
	l.left -= n
	if n > 0 {
		if _, err := l.w.Write(p[:n]); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// repoLocation are the variables that tell git which repository to use
// whatever folder it runs in: a git hook sets some of them (GIT_DIR,
// GIT_INDEX_FILE), and rulebench run from one must still read the
// repository holding the path it was given.
var repoLocation = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_QUARANTINE_PATH"}

// Environ is the environment git runs in: the process's, without the
// variables that would point git at another repository than the one
// holding the folder it is run in.
func Environ() []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(repoLocation, name) {
			out = append(out, kv)
		}
	}
	return out
}

// info is the entry as a FileInfo (its Sys is the entry).
func (e entry) info() fs.FileInfo { return fileInfo{e} }

type fileInfo struct{ e entry }

func (i fileInfo) Name() string       { return i.e.name }
func (i fileInfo) Size() int64        { return i.e.size }
func (i fileInfo) Mode() fs.FileMode  { return i.e.mode }
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.e.mode.IsDir() }
func (i fileInfo) Sys() any           { return i.e }

// blobFile is a file of the tree, read whole.
type blobFile struct {
	info fs.FileInfo
	*bytes.Reader
}

func (f *blobFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *blobFile) Close() error               { return nil }

// dirFile is a folder of the tree, opened.
type dirFile struct {
	info    fs.FileInfo
	entries []entry
	read    int
}

func (d *dirFile) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *dirFile) Close() error               { return nil }
func (d *dirFile) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.Name(), Err: errors.New("is a folder")}
}

// ReadDir implements fs.ReadDirFile.
func (d *dirFile) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.read:]
	if n > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	if n > 0 && n < len(rest) {
		rest = rest[:n]
	}
	d.read += len(rest)
	out := make([]fs.DirEntry, len(rest))
	for i, e := range rest {
		out[i] = fs.FileInfoToDirEntry(e.info())
	}
	return out, nil
}
