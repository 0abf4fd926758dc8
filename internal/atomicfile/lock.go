package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"
)

// pollInterval is how often a write waiting for another run's lock tries
// again.
const pollInterval = 20 * time.Millisecond

// exclLockStaleAge is the age past which a lock file made by exclusive
// creation (takeExclLock) that names no pid is stale: its run wrote its pid
// right after making it, so it was killed in between.
const exclLockStaleAge = time.Minute

// lock is a folder's lock, held while f is open (and, unless excl, locked
// with flock).
type lock struct {
	root *os.Root
	f    *os.File
	excl bool
}

// release removes the lock file when it is still this lock's, then lets go
// of it. A run waiting for the lock finds the name gone or another file
// there, and tries again.
func (l *lock) release() {
	if l == nil {
		return
	}
	if mine, err := l.f.Stat(); err == nil {
		if now, err := l.root.Lstat(LockName); err == nil && os.SameFile(mine, now) {
			l.root.Remove(LockName)
		}
	}
	l.f.Close()
}

// notRegularLock refuses a lock file name that holds something other than
// a regular file (a link, a folder).
func notRegularLock(root *os.Root) error {
	if info, err := root.Lstat(LockName); err == nil && !info.Mode().IsRegular() {
		return errors.New("something other than a regular file has its name; remove it")
	}
	return nil
}

// writePid records the lock's run in the lock file, for people and for
// takeExclLock.
func writePid(f *os.File) {
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
}

// takeExclLock takes the lock by making the lock file with exclusive
// creation, where flock is not to be had. A lock file whose pid is not
// alive on this machine, or that names no pid and is older than
// exclLockStaleAge, or is older than StaleAge, is stale and removed.
func takeExclLock(root *os.Root, wait time.Duration) (*lock, error) {
	deadline := time.Now().Add(wait)
	for {
		if err := notRegularLock(root); err != nil {
			return nil, err
		}
		f, err := root.OpenFile(LockName, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			writePid(f)
			return &lock{root: root, f: f, excl: true}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if exclLockStale(root) {
			root.Remove(LockName)
			continue
		}
		if time.Now().After(deadline) {
			return nil, ErrBusy
		}
		time.Sleep(pollInterval)
	}
}

// exclLockStale tells whether the lock file there is one no run holds.
func exclLockStale(root *os.Root) bool {
	info, err := root.Lstat(LockName)
	if err != nil {
		return false
	}
	age := time.Since(info.ModTime())
	if age > StaleAge {
		return true
	}
	f, err := root.Open(LockName)
	if err != nil {
		return false
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 32))
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return age > exclLockStaleAge
	}
	return pid != os.Getpid() && !alive(pid)
}
