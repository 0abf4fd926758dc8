//go:build !unix

package atomicfile

import (
	"os"
	"runtime"
	"time"
)

// takeLock takes the folder's lock by exclusive creation of the lock file
// (takeExclLock): there is no flock here.
func takeLock(root *os.Root, wait time.Duration) (*lock, error) {
	return takeExclLock(root, wait)
}

// alive tells whether a process of that pid runs on this machine. Where
// that cannot be told, every pid is alive, and only age makes a file stale.
func alive(pid int) bool {
	if runtime.GOOS != "windows" {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}

// writable tells whether this process may write the file rel of the folder
// real: here only its mode says (checked by the caller).
func writable(real, rel string) bool { return true }
