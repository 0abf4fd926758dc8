//go:build unix

package modeltest

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// MakeFIFO makes a named pipe at p, skipping the test where none can be
// made, and returns p.
func MakeFIFO(t testing.TB, p string) string {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	return p
}

// Unblock lets a reader blocked opening or reading a named pipe go on: it
// opens each pipe for writing, holds it a moment and closes it, so that the
// reader sees the end of the file. Tests call it when what they run did not
// return, to fail rather than hang.
func Unblock(pipes ...string) {
	for _, fifo := range pipes {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			time.Sleep(200 * time.Millisecond)
			f.Close()
		}
	}
}
