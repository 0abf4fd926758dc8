package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"rulebench/internal/atomicfile"
	"rulebench/model/modeltest"
)

// readOnlyEnv names, in the child process readOnlyFolder starts, the
// read-only folder made by the parent.
const readOnlyEnv = "RULEBENCH_TEST_READONLY_DIR"

// readOnlyFolder makes a folder holding files (name → content) that the
// test may not write in, and returns it. Root writes anywhere, so under root
// the test function runs again in a child process as the user nobody, on
// the same folder, and readOnlyFolder returns "" in the parent once the
// child has passed: the caller then returns.
func readOnlyFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	if dir := os.Getenv(readOnlyEnv); dir != "" {
		return dir
	}
	base, err := os.MkdirTemp("", "rulebench-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.Walk(base, func(p string, _ os.FileInfo, _ error) error { return os.Chmod(p, 0o755) })
		os.RemoveAll(base)
	})
	dir := filepath.Join(base, "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	modeltest.WriteTree(t, dir, files)
	filepath.Walk(dir, func(p string, info os.FileInfo, _ error) error {
		if info != nil && info.IsDir() {
			return os.Chmod(p, 0o555)
		}
		return nil
	})
	os.Chmod(base, 0o755)
	if os.Geteuid() != 0 {
		return dir
	}
	// As root: copy the test binary where nobody may run it, and run this
	// test again as nobody.
	bin := filepath.Join(base, "test.bin")
	if err := copyFile(os.Args[0], bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1")
	cmd.Dir = base
	cmd.Env = append(os.Environ(), readOnlyEnv+"="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("run as nobody: %v\n%s", err, out)
	}
	return ""
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// leftovers lists the files of dir other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range entries {
		if !strings.Contains(strings.Join(want, "\x00")+"\x00", e.Name()+"\x00") {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

// TestWriteReadOnlyFolder: in a folder that may not be written, neither a
// new file nor a replacement is written, and nothing is left behind (not
// even the lock file).
func TestWriteReadOnlyFolder(t *testing.T) {
	dir := readOnlyFolder(t, map[string]string{"a.json": "old"})
	if dir == "" {
		return
	}
	target := filepath.Join(dir, "a.json")
	_, err := atomicfile.Write(dir, []atomicfile.Change{{Name: target, Old: []byte("old"), Data: []byte("new")}}, atomicfile.Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("replaced a file in a read-only folder: %v", err)
	}
	if err := writeNew(filepath.Join(dir, "b.json"), []byte("new"), nil, "rulebench test", io.Discard); err == nil {
		t.Error("wrote a new file in a read-only folder")
	}
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Errorf("the file changed: %q", got)
	}
	if extra := leftovers(t, dir, "a.json"); len(extra) > 0 {
		t.Errorf("files left: %v", extra)
	}
}
