//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// takeLock takes the folder's lock: flock on the lock file, which the
// system lets go of when the run ends, killed or not. Where the file
// system has no flock, the lock is taken by exclusive creation
// (takeExclLock).
func takeLock(root *os.Root, wait time.Duration) (*lock, error) {
	deadline := time.Now().Add(wait)
	for {
		if err := notRegularLock(root); err != nil {
			return nil, err
		}
		f, err := root.OpenFile(LockName, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			// The run that held the lock removes the file just before it
			// lets go: a lock on a name no longer there locks nothing.
			mine, err1 := f.Stat()
			now, err2 := root.Lstat(LockName)
			if err1 == nil && err2 == nil && os.SameFile(mine, now) {
				writePid(f)
				return &lock{root: root, f: f}, nil
			}
			f.Close()
			continue
		}
		f.Close()
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
			return takeExclLock(root, time.Until(deadline))
		}
		if time.Now().After(deadline) {
			return nil, ErrBusy
		}
		time.Sleep(pollInterval)
	}
}

// alive tells whether a process of that pid runs on this machine (one of
// another user's counts).
func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}

// writable tells whether this process may write the file rel of the folder
// real (without opening it, which watchers would see as a write).
func writable(real, rel string) bool {
	err := unix.Access(filepath.Join(real, rel), unix.W_OK)
	return !errors.Is(err, unix.EACCES) && !errors.Is(err, unix.EPERM) && !errors.Is(err, unix.EROFS)
}
