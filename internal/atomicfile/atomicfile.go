// Package atomicfile is the one way rulebench writes files: `fix -w`, the
// i18n writers, `migrate --out` and the workbench all go through Write.
//
// A write is a list of changes to files inside one folder (the package
// folder, a catalog artifact's folder, or the folder named with --out).
// Write keeps these promises:
//
//   - Atomic: each file is written to a temporary file in its own folder,
//     synced, then renamed into place, and the folder is synced; a kill at
//     any moment leaves the old file or the new one, never a part.
//   - Never through a link: the file, and every folder on its way inside
//     the folder being written, must not be a symbolic link; a file to be
//     replaced must be a regular file that may be written (not 0444); a new
//     file must not exist, nor be one of the inputs.
//   - Confined: every name must lie inside the folder being written, and is
//     opened through an os.Root of it, so that a link swapped in meanwhile
//     cannot lead out either.
//   - No lost update: the caller gives the bytes it read (Change.Old), and a
//     file that no longer holds them is refused. The whole write, from the
//     first check to the last rename, holds an exclusive lock on the folder
//     (the file LockName in it), so that two runs changing the same files
//     (two i18n writers both rewriting the manifest's files[]) never both
//     succeed with one update lost: the second waits for the first, finds
//     the file changed, and fails with a sentence saying so.
//   - Temporary files are named .rulebench-<pid>-<random>.tmp; each write
//     removes, in the folders it writes into, those it can prove stale (the
//     run that made them is no longer alive on this machine, or they are
//     older than StaleAge), never another live run's.
//   - Multi-file changes are written in the order given (listed files
//     before their listings), all or nothing: every temporary file is
//     staged before the first rename, and a failure takes back what the
//     write had already put in place.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// LockName is the lock file a write holds in the folder it writes; it is
// removed when the write ends.
const LockName = ".rulebench.lock"

// DefaultWait is how long a write waits for another run's lock on its
// folder before it gives up with ErrBusy.
const DefaultWait = 10 * time.Second

// StaleAge is the age past which a temporary file of rulebench's is stale
// whatever its pid says (the pid may have been reused).
const StaleAge = 24 * time.Hour

// tempPrefix and tempSuffix frame the names of temporary files:
// .rulebench-<pid>-<random>.tmp.
const (
	tempPrefix = ".rulebench-"
	tempSuffix = ".tmp"
)

// stageWorkers is how many files are staged at once. Each is synced to disk
// before any is renamed; one after the other, 3,000 syncs took 2.4 s here,
// 16 at a time 0.7 s (the file system commits waiting syncs together).
const stageWorkers = 16

// Change is one file a write changes.
type Change struct {
	// Name is the file's path as the caller names it (relative to the
	// working folder, or absolute); it must lie inside the folder written.
	Name string
	// Old is the file's bytes as the caller read them, nil for a new file,
	// which must not exist. A file whose Old equals Data is not written
	// (nor checked).
	Old []byte
	// Data are the bytes the file is to hold.
	Data []byte
}

// Options adjust a write. The zero Options is the usual one.
type Options struct {
	// MakeDir makes the folder written, and the folders above it, when
	// missing; a failed write removes again those it made.
	MakeDir bool
	// Inputs are the files read: a new file must not be one of them (a
	// different sentence than for any file that exists).
	Inputs []string
	// Wait is how long to wait for another run's lock; 0 is DefaultWait,
	// a negative Wait does not wait.
	Wait time.Duration
	// Fault, for tests, is called before each step on each file (step is
	// StepStage or StepPlace, name the Change's Name); an error it returns
	// makes that step fail as if the system had returned it.
	Fault func(step, name string) error
}

// Result is what a write did.
type Result struct {
	// Written are the files written, in the order of the changes (those
	// whose bytes did not change are left out). After a failure, those it
	// could not take back.
	Written []string
	// Stale are the stale temporary files removed, as the caller would
	// name them.
	Stale []string
}

// Write writes the changes, every one inside dir, as one change: checked,
// staged, then renamed into place in the order given, under dir's lock.
// On error, nothing was written (the *Error says what was taken back),
// except what its Kept lists.
func Write(dir string, changes []Change, opt Options) (Result, error) {
	w := &writer{dir: dir, opt: opt}
	if w.opt.Wait == 0 {
		w.opt.Wait = DefaultWait
	}
	err := w.run(changes)
	return w.res, err
}

// writer is one write in progress.
type writer struct {
	dir  string // as the caller named it
	real string // absolute, links resolved
	opt  Options
	root *os.Root
	lock *lock
	// madeAbove are the folders MakeDir made, dir last; made those made
	// inside the root, relative to it, in the order made.
	madeAbove []string
	made      []string
	files     []*file
	res       Result
}

// file is one change being written.
type file struct {
	Change
	rel    string // relative to the root, in the system's separators
	dirRel string // its folder, relative to the root ("." for the root)
	exists bool
	mode   fs.FileMode
	tmp    string      // the temporary file, relative to the root; "" when none
	info   fs.FileInfo // the temporary file's, to know it again
	placed bool
	linked bool // placed by a hard link: tmp is still there too
}

func (w *writer) run(changes []Change) (err error) {
	if err := w.prepare(changes); err != nil || len(w.files) == 0 {
		return err // nothing to write: the folder is not even locked
	}
	if err := w.open(); err != nil {
		w.removeMadeAbove()
		return err
	}
	defer func() {
		if err != nil {
			w.undo(err)
		}
		w.lock.release()
		w.root.Close()
		if err != nil {
			w.removeMadeAbove()
		}
	}()
	if err := w.checkAll(); err != nil {
		return err
	}
	w.removeStale()
	if err := w.stageAll(); err != nil {
		return err
	}
	// The files are checked again just before the first is replaced: an
	// editor may have saved one meanwhile (rulebench runs wait for the lock).
	if err := w.checkAll(); err != nil {
		return err
	}
	for _, f := range w.files {
		if err := w.place(f); err != nil {
			return &Error{Step: StepPlace, Name: f.Name, Dir: w.dir, Err: err}
		}
	}
	for _, f := range w.files {
		if f.linked {
			w.root.Remove(f.tmp)
		}
		f.tmp = ""
		w.res.Written = append(w.res.Written, f.Name)
	}
	w.syncDirs()
	return nil
}

// open makes the folder when asked to, opens it as a root, and takes its
// lock.
func (w *writer) open() error {
	abs, err := filepath.Abs(w.dir)
	if err != nil {
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: err}
	}
	if w.opt.MakeDir {
		if err := w.makeAbove(abs); err != nil {
			return &Error{Step: StepStage, Name: w.dir, Dir: w.dir, Err: err}
		}
	}
	info, err := os.Stat(abs)
	switch {
	case err != nil:
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: err}
	case !info.IsDir():
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: ErrNotFolder}
	}
	if w.real, err = filepath.EvalSymlinks(abs); err != nil {
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: err}
	}
	if w.root, err = os.OpenRoot(w.real); err != nil {
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: err}
	}
	if w.lock, err = takeLock(w.root, w.opt.Wait); err != nil {
		w.root.Close()
		return &Error{Step: StepLock, Name: filepath.Join(w.dir, LockName), Dir: w.dir, Err: err}
	}
	return nil
}

// makeAbove makes the folder abs and the folders above it that are
// missing, remembering which.
func (w *writer) makeAbove(abs string) error {
	var missing []string
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil || filepath.Dir(p) == p {
			break
		}
		missing = append([]string{p}, missing...)
	}
	for _, p := range missing {
		if err := os.Mkdir(p, 0o755); err != nil {
			return err
		}
		w.madeAbove = append(w.madeAbove, p)
	}
	return nil
}

// removeMadeAbove removes the folders MakeDir made, when empty.
func (w *writer) removeMadeAbove() {
	for i := len(w.madeAbove) - 1; i >= 0; i-- {
		os.Remove(w.madeAbove[i])
	}
	w.madeAbove = nil
}

// prepare works out where each change lies in the root, leaving out those
// that change nothing.
func (w *writer) prepare(changes []Change) error {
	absDir, err := filepath.Abs(w.dir)
	if err != nil {
		return &Error{Step: StepCheck, Name: w.dir, Dir: w.dir, Err: err}
	}
	seen := map[string]bool{}
	for _, c := range changes {
		if c.Old != nil && bytes.Equal(c.Old, c.Data) {
			continue
		}
		abs, err := filepath.Abs(c.Name)
		if err != nil {
			return &Error{Step: StepCheck, Name: c.Name, Dir: w.dir, Err: err}
		}
		rel, err := filepath.Rel(absDir, abs)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return &Error{Step: StepCheck, Name: c.Name, Dir: w.dir, Err: ErrOutside}
		}
		if seen[rel] {
			return &Error{Step: StepCheck, Name: c.Name, Dir: w.dir, Err: ErrTwice}
		}
		seen[rel] = true
		w.files = append(w.files, &file{Change: c, rel: rel, dirRel: filepath.Dir(rel)})
	}
	return nil
}

// name is how the caller would name a path relative to the root.
func (w *writer) name(rel string) string { return filepath.Join(w.dir, rel) }

// checkAll checks every file (check).
func (w *writer) checkAll() error {
	for _, f := range w.files {
		if err := w.check(f); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a file whose way holds a link or something that is not a
// folder, a new file whose name is taken, and a file to replace that is a
// link, not a regular file, read-only, or no longer holds the bytes read.
func (w *writer) check(f *file) error {
	refuse := func(name string, err error) error {
		return &Error{Step: StepCheck, Name: name, Dir: w.dir, Err: err}
	}
	parts := strings.Split(f.rel, string(filepath.Separator))
	for i := 1; i < len(parts); i++ {
		p := filepath.Join(parts[:i]...)
		info, err := w.root.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if f.Old != nil {
				return refuse(f.Name, ErrChanged)
			}
			f.exists = false
			return nil // made when staged
		case err != nil:
			return refuse(w.name(p), err)
		case info.Mode()&fs.ModeSymlink != 0:
			return refuse(w.name(p), w.linkReason(p))
		case !info.IsDir():
			return refuse(w.name(p), ErrNotFolder)
		}
	}
	info, err := w.root.Lstat(f.rel)
	switch {
	case errors.Is(err, fs.ErrNotExist) && f.Old == nil:
		f.exists = false
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return refuse(f.Name, ErrChanged)
	case err != nil:
		return refuse(f.Name, err)
	case f.Old == nil && w.isInput(info):
		return refuse(f.Name, ErrInput)
	case f.Old == nil && info.Mode()&fs.ModeSymlink != 0:
		return refuse(f.Name, errors.Join(ErrExists, ErrLink))
	case f.Old == nil:
		return refuse(f.Name, ErrExists)
	case info.Mode()&fs.ModeSymlink != 0:
		return refuse(f.Name, w.linkReason(f.rel))
	case !info.Mode().IsRegular():
		return refuse(f.Name, ErrNotRegular)
	case info.Mode().Perm()&0o222 == 0 || !writable(w.real, f.rel):
		return refuse(f.Name, ErrReadOnly)
	}
	same, err := w.holds(f.rel, f.Old)
	if err != nil {
		return refuse(f.Name, err)
	}
	if !same {
		return refuse(f.Name, ErrChanged)
	}
	f.exists, f.mode = true, info.Mode().Perm()
	return nil
}

// linkReason is ErrLink, joined with ErrOutside when the link leads
// outside the folder written.
func (w *writer) linkReason(rel string) error {
	to, err := filepath.EvalSymlinks(filepath.Join(w.real, rel))
	if err != nil {
		// A dangling link: judged by what it says.
		target, rerr := w.root.Readlink(rel)
		if rerr != nil {
			return ErrLink
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(w.real, filepath.Dir(rel), target)
		}
		to = filepath.Clean(target)
	}
	if r, err := filepath.Rel(w.real, to); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return errors.Join(ErrLink, ErrOutside)
	}
	return ErrLink
}

// isInput tells whether the file found at a new file's name is one of the
// inputs.
func (w *writer) isInput(info fs.FileInfo) bool {
	for _, in := range w.opt.Inputs {
		if i, err := os.Lstat(in); err == nil && os.SameFile(i, info) {
			return true
		}
		if i, err := os.Stat(in); err == nil && os.SameFile(i, info) {
			return true
		}
	}
	return false
}

// holds tells whether the file rel holds exactly want. It is opened without
// blocking and refused unless it is a regular file, so that a named pipe
// swapped in cannot hang the write.
func (w *writer) holds(rel string, want []byte) (bool, error) {
	fh, err := w.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false, err
	}
	defer fh.Close()
	if info, err := fh.Stat(); err != nil {
		return false, err
	} else if !info.Mode().IsRegular() {
		return false, ErrNotRegular
	}
	got, err := io.ReadAll(io.LimitReader(fh, int64(len(want))+1))
	if err != nil {
		return false, err
	}
	return bytes.Equal(got, want), nil
}

// stageAll makes the missing folders, then writes every file to a synced
// temporary file beside its name, stageWorkers at a time.
func (w *writer) stageAll() error {
	for _, f := range w.files {
		if err := w.makeDirs(f); err != nil {
			return err
		}
	}
	errs := make([]error, len(w.files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(stageWorkers, len(w.files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = w.stage(w.files[i], w.files[i].Data)
			}
		}()
	}
	for i := range w.files {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return &Error{Step: StepStage, Name: w.files[i].Name, Dir: w.dir, Err: err}
		}
	}
	return nil
}

// makeDirs makes the folders missing on a new file's way, one at a time,
// remembering which (a failed write removes them again).
func (w *writer) makeDirs(f *file) error {
	if f.exists {
		return nil
	}
	parts := strings.Split(f.dirRel, string(filepath.Separator))
	if f.dirRel == "." {
		return nil
	}
	for i := 1; i <= len(parts); i++ {
		p := filepath.Join(parts[:i]...)
		if _, err := w.root.Lstat(p); err == nil {
			continue
		}
		if err := w.root.Mkdir(p, 0o755); err != nil {
			return &Error{Step: StepStage, Name: w.name(p), Dir: w.dir, Err: err}
		}
		w.made = append(w.made, p)
	}
	return nil
}

// fault is the test's failure for a step, or nil.
func (w *writer) fault(step, name string) error {
	if w.opt.Fault == nil {
		return nil
	}
	return w.opt.Fault(step, name)
}

// stage writes data to a new temporary file in f's folder, with f's mode
// (0644 for a new file), synced to disk; f.tmp names it once it exists.
func (w *writer) stage(f *file, data []byte) error {
	if err := w.fault(StepStage, f.Name); err != nil {
		return err
	}
	return w.writeTemp(f, data)
}

// writeTemp is stage without the test's faults.
func (w *writer) writeTemp(f *file, data []byte) error {
	fh, tmp, err := createTemp(w.root, f.dirRel)
	if err != nil {
		return err
	}
	f.tmp = tmp
	mode := f.mode
	if !f.exists {
		mode = 0o644
	}
	f.info, err = fh.Stat()
	if err == nil {
		_, err = fh.Write(data)
	}
	if err == nil {
		err = fh.Chmod(mode)
	}
	if err == nil {
		err = fh.Sync()
	}
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

// createTemp makes a new temporary file in the folder dirRel of the root.
func createTemp(root *os.Root, dirRel string) (*os.File, string, error) {
	for try := 0; ; try++ {
		rel := filepath.Join(dirRel, tempName())
		fh, err := root.OpenFile(rel, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return fh, rel, err
	}
}

// tempName is a new name of the temporary files' pattern.
func tempName() string {
	return fmt.Sprintf("%s%d-%016x%s", tempPrefix, os.Getpid(), rand.Uint64(), tempSuffix)
}

// place gives a staged file its name: a file to replace by rename, a new
// one by a rename or link that never replaces a file (placeNew).
func (w *writer) place(f *file) error {
	if err := w.fault(StepPlace, f.Name); err != nil {
		return err
	}
	if f.exists {
		if err := w.root.Rename(f.tmp, f.rel); err != nil {
			return err
		}
		f.placed = true
		return nil
	}
	linked, err := placeNew(w.root, f.dirRel, f.tmp, f.rel)
	if errors.Is(err, fs.ErrExist) {
		return ErrExists
	}
	if err != nil {
		return err
	}
	f.placed, f.linked = true, linked
	return nil
}

// placeNew moves tmp to the name target, never replacing a file there: by
// a rename that refuses to replace where the system has one, else by a
// link (which fails if the name is taken; tmp is then still there), else,
// where links are not supported either, by a rename after looking again
// that the name is free.
func placeNew(root *os.Root, dirRel, tmp, target string) (linked bool, err error) {
	err = renameNoReplace(root, dirRel, filepath.Base(tmp), filepath.Base(target))
	if !errors.Is(err, errNoReplaceUnsupported) {
		return false, err
	}
	err = root.Link(tmp, target)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err == nil, err
	}
	if _, statErr := root.Lstat(target); !errors.Is(statErr, fs.ErrNotExist) {
		return false, fs.ErrExist
	}
	return false, root.Rename(tmp, target)
}

// errNoReplaceUnsupported says that the system cannot rename without
// replacing in one step.
var errNoReplaceUnsupported = errors.New("no rename without replacing here")

// undo takes back what a failed write did: each file put in place that is
// still the one written is removed (a new file) or given its old bytes
// again (a replaced one), last first; the temporary files and the folders
// made are removed. What cannot be taken back is added to the *Error.
func (w *writer) undo(err error) {
	var e *Error
	if !errors.As(err, &e) {
		return
	}
	for i := len(w.files) - 1; i >= 0; i-- {
		f := w.files[i]
		if !f.placed {
			continue
		}
		if f.linked {
			w.root.Remove(f.tmp)
		}
		f.tmp = ""
		if cur, lerr := w.root.Lstat(f.rel); lerr != nil || !os.SameFile(cur, f.info) {
			continue // no longer the file this write put there
		}
		if !f.exists {
			if rerr := w.root.Remove(f.rel); rerr != nil {
				e.Kept = append(e.Kept, fmt.Errorf("could not remove %s, which this run wrote: %v", f.Name, cause(rerr)))
				w.res.Written = append(w.res.Written, f.Name)
				continue
			}
			e.Undone = append(e.Undone, Undone{Name: f.Name})
			continue
		}
		if rerr := w.restore(f); rerr != nil {
			e.Kept = append(e.Kept, fmt.Errorf("could not put back %s as it was: %v", f.Name, cause(rerr)))
			w.res.Written = append(w.res.Written, f.Name)
			continue
		}
		e.Undone = append(e.Undone, Undone{Name: f.Name, Replaced: true})
	}
	for _, f := range w.files {
		if f.tmp != "" {
			if rerr := w.root.Remove(f.tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
				e.Kept = append(e.Kept, fmt.Errorf("could not remove the temporary file %s: %v", w.name(f.tmp), cause(rerr)))
			}
			f.tmp = ""
		}
	}
	for i := len(w.made) - 1; i >= 0; i-- {
		w.root.Remove(w.made[i]) // only when empty
	}
	w.syncDirs()
}

// restore puts a replaced file's old bytes back, atomically.
func (w *writer) restore(f *file) error {
	back := *f
	if err := w.writeTemp(&back, f.Old); err != nil {
		if back.tmp != "" {
			w.root.Remove(back.tmp)
		}
		return err
	}
	if err := w.root.Rename(back.tmp, f.rel); err != nil {
		w.root.Remove(back.tmp)
		return err
	}
	return nil
}

// syncDirs asks for the new names in each folder written to reach the
// disk; where that cannot be done, the files are there all the same.
func (w *writer) syncDirs() {
	dirs := map[string]bool{}
	for _, f := range w.files {
		dirs[f.dirRel] = true
	}
	for _, m := range w.made {
		dirs[filepath.Dir(m)] = true
	}
	for d := range dirs {
		if fh, err := w.root.Open(d); err == nil {
			fh.Sync()
			fh.Close()
		}
	}
}

// removeStale removes, in each existing folder written to, the temporary
// files of the pattern that are stale (stale).
func (w *writer) removeStale() {
	dirs := map[string]bool{}
	for _, f := range w.files {
		if dirs[f.dirRel] {
			continue
		}
		dirs[f.dirRel] = true
		d, err := w.root.Open(f.dirRel)
		if err != nil {
			continue
		}
		entries, _ := d.ReadDir(-1)
		d.Close()
		for _, e := range entries {
			rel := filepath.Join(f.dirRel, e.Name())
			info, err := w.root.Lstat(rel)
			if err != nil || info.IsDir() || !Stale(e.Name(), info.ModTime(), time.Now()) {
				continue
			}
			if w.root.Remove(rel) == nil {
				w.res.Stale = append(w.res.Stale, w.name(rel))
			}
		}
	}
}

// Stale tells whether a file named name, last changed at mod, is a
// temporary file of rulebench's that no run will finish: one of the
// pattern .rulebench-<pid>-<random>.tmp whose pid is not alive on this
// machine (and is not this process's), or any .rulebench-*.tmp (the names
// of earlier versions too) older than StaleAge.
func Stale(name string, mod, now time.Time) bool {
	mid, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return false
	}
	if mid, ok = strings.CutSuffix(mid, tempSuffix); !ok {
		return false
	}
	if now.Sub(mod) > StaleAge {
		return true
	}
	pid, random, ok := strings.Cut(mid, "-")
	if !ok || len(random) != 16 || strings.Trim(random, "0123456789abcdef") != "" {
		return false
	}
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 || strconv.Itoa(n) != pid {
		return false
	}
	return n != os.Getpid() && !alive(n)
}
