package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// writeFiles writes files (name → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// list lists the names in dir, recursively, with slashes; folders end in /.
func list(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if info.IsDir() {
			rel += "/"
		}
		names = append(names, rel)
		return nil
	})
	slices.Sort(names)
	return names
}

// symlink makes a symbolic link, or skips the test where there are none.
func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skip("no symbolic links here:", err)
	}
}

func TestWriteReplacesAndCreates(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.json": "old"})
	target := filepath.Join(dir, "a.json")
	os.Chmod(target, 0o600)
	fresh := filepath.Join(dir, "locales", "de.json")
	res, err := Write(dir, []Change{
		{Name: fresh, Data: []byte("de")},
		{Name: target, Old: []byte("old"), Data: []byte("new")},
		{Name: filepath.Join(dir, "same.json"), Old: []byte("x"), Data: []byte("x")}, // not written, not even checked
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Written, []string{fresh, target}) {
		t.Errorf("written %q", res.Written)
	}
	info, _ := os.Stat(target)
	if read(t, target) != "new" || info.Mode().Perm() != 0o600 {
		t.Errorf("after replacing: %q, mode %v; want new, 0600 kept", read(t, target), info.Mode().Perm())
	}
	if info, _ := os.Stat(fresh); read(t, fresh) != "de" || info.Mode().Perm() != 0o644 {
		t.Errorf("the new file: %q, mode %v", read(t, fresh), info.Mode().Perm())
	}
	if got := list(t, dir); !slices.Equal(got, []string{"a.json", "locales/", "locales/de.json"}) {
		t.Errorf("the folder holds %v (temporary files or the lock left?)", got)
	}
	// A write that changes nothing does not touch the folder (here one
	// that is not there), so it succeeds where nothing may be written.
	missing := filepath.Join(dir, "missing")
	if res, err := Write(missing, []Change{{Name: filepath.Join(missing, "a.json"), Old: []byte("x"), Data: []byte("x")}}, Options{}); err != nil || len(res.Written) != 0 {
		t.Errorf("a write of nothing: %v, %v", res, err)
	}
	// A new file whose name is taken, and a file to replace that is gone.
	if _, err := Write(dir, []Change{{Name: target, Data: []byte("x")}}, Options{}); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "already exists; refusing to overwrite it") {
		t.Errorf("a new file over an existing one: %v", err)
	}
	if _, err := Write(dir, []Change{{Name: filepath.Join(dir, "gone.json"), Old: []byte("x"), Data: []byte("y")}}, Options{}); !errors.Is(err, ErrChanged) {
		t.Errorf("replacing a file that is gone: %v", err)
	}
	if _, err := Write(dir, []Change{{Name: target, Old: []byte("new"), Data: []byte("1")}, {Name: filepath.Join(dir, ".", "a.json"), Old: []byte("new"), Data: []byte("2")}}, Options{}); !errors.Is(err, ErrTwice) {
		t.Errorf("one file twice: %v", err)
	}
}

// killEnv runs, in the child process TestKillLeavesOldOrNew starts, a loop
// that writes the file it names over and over.
const killEnv = "RULEBENCH_ATOMICFILE_KILL"

// The two contents the child alternates, large enough that writing one
// takes a while (1 MiB).
func killContent(i int) []byte {
	return bytes.Repeat([]byte{"ab"[i%2]}, 1<<20)
}

// TestKillLeavesOldOrNew kills a process that keeps replacing a 1 MiB file
// at moments spread over its writes: the file is always one of the two
// contents whole, never a part of one, and so is every read made while it
// writes.
func TestKillLeavesOldOrNew(t *testing.T) {
	if target := os.Getenv(killEnv); target != "" {
		dir := filepath.Dir(target)
		old := killContent(0)
		for i := 1; ; i++ {
			data := killContent(i)
			if _, err := Write(dir, []Change{{Name: target, Old: old, Data: data}}, Options{}); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
			fmt.Println("written")
			old = data
		}
	}
	if runtime.GOOS == "windows" || testing.Short() {
		t.Skip("kills a child process")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "big.json")
	if err := os.WriteFile(target, killContent(0), 0o644); err != nil {
		t.Fatal(err)
	}
	a, b := killContent(0), killContent(1)
	check := func(round int, what string) {
		got, err := os.ReadFile(target)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, a) && !bytes.Equal(got, b) {
			t.Fatalf("round %d: %s, the file is %d bytes of neither content", round, what, len(got))
		}
	}
	writes := 0
	for round := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillLeavesOldOrNew$")
		cmd.Env = append(os.Environ(), killEnv+"="+target)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Once the child has written a first time, it is killed after
		// round writes more, at a moment that moves from round to round.
		var n atomic.Int64
		go func() {
			buf := make([]byte, 8)
			for {
				k, err := out.Read(buf)
				n.Add(int64(bytes.Count(buf[:k], []byte("\n"))))
				if err != nil {
					return
				}
			}
		}()
		deadline := time.Now().Add(10 * time.Second)
		for n.Load() < int64(1+round) && time.Now().Before(deadline) {
			check(round, "read while the child writes")
		}
		time.Sleep(time.Duration(round*round) * 100 * time.Microsecond)
		cmd.Process.Kill()
		cmd.Wait()
		if stderr.Len() > 0 {
			t.Fatalf("round %d: the writer failed: %s", round, stderr.String())
		}
		writes += int(n.Load())
		check(round, "after the kill")
		// The next run starts from what is there.
		if got, _ := os.ReadFile(target); !bytes.Equal(got, a) {
			os.WriteFile(target, a, 0o644)
		}
	}
	if writes < 12 {
		t.Errorf("the children wrote %d times in all; the test did not test", writes)
	}
	// The killed runs' temporary files are stale now: the next write
	// removes them.
	res, err := Write(dir, []Change{{Name: target, Old: a, Data: []byte("{}")}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := list(t, dir); !slices.Equal(got, []string{"big.json"}) {
		t.Errorf("left %v after removing %v", got, res.Stale)
	}
}

// TestRefusesLinks: the file, or a folder on its way inside the folder
// written, being a symbolic link (to a file inside, to one outside, or to
// nothing) is refused and nothing is written; the folder written may
// itself be named through a link.
func TestRefusesLinks(t *testing.T) {
	base := t.TempDir()
	pkg := filepath.Join(base, "pkg")
	outside := filepath.Join(base, "outside")
	writeFiles(t, base, map[string]string{
		"pkg/manifest.json":      "m",
		"pkg/real/pt-BR.json":    "pt",
		"outside/victim.json":    "victim",
		"pkg/catalogs/herb.json": "h",
	})
	symlink(t, filepath.Join(pkg, "real", "pt-BR.json"), filepath.Join(pkg, "link.json"))
	symlink(t, filepath.Join(pkg, "nowhere.json"), filepath.Join(pkg, "dangling.json"))
	symlink(t, filepath.Join(pkg, "real"), filepath.Join(pkg, "locales"))
	symlink(t, outside, filepath.Join(pkg, "ext"))
	tests := []struct {
		name    string
		change  Change
		outside bool
	}{
		{"a link to a file inside", Change{Name: filepath.Join(pkg, "link.json"), Old: []byte("pt"), Data: []byte("x")}, false},
		{"a dangling link", Change{Name: filepath.Join(pkg, "dangling.json"), Old: []byte(""), Data: []byte("x")}, false},
		{"a folder that is a link inside", Change{Name: filepath.Join(pkg, "locales", "pt-BR.json"), Old: []byte("pt"), Data: []byte("x")}, false},
		{"a new file in a folder that is a link inside", Change{Name: filepath.Join(pkg, "locales", "de.json"), Data: []byte("x")}, false},
		{"a new file through a link outside", Change{Name: filepath.Join(pkg, "ext", "de.json"), Data: []byte("x")}, true},
		{"a file through a link outside", Change{Name: filepath.Join(pkg, "ext", "victim.json"), Old: []byte("victim"), Data: []byte("x")}, true},
	}
	before := list(t, base)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Write(pkg, []Change{{Name: filepath.Join(pkg, "manifest.json"), Old: []byte("m"), Data: []byte("M")}, tt.change}, Options{})
			if !errors.Is(err, ErrLink) || errors.Is(err, ErrOutside) != tt.outside {
				t.Fatalf("err %v; want a link refused (outside %v)", err, tt.outside)
			}
			if tt.outside && !strings.Contains(err.Error(), "outside") {
				t.Errorf("the sentence does not say the link leads outside: %v", err)
			}
		})
	}
	if got := list(t, base); !slices.Equal(got, before) {
		t.Errorf("after refused writes the files are %v, were %v", got, before)
	}
	if read(t, filepath.Join(pkg, "manifest.json")) != "m" || read(t, filepath.Join(outside, "victim.json")) != "victim" {
		t.Error("a file was written")
	}
	// The folder itself named through a link is the folder.
	toPkg := filepath.Join(base, "to-pkg")
	symlink(t, pkg, toPkg)
	if _, err := Write(toPkg, []Change{{Name: filepath.Join(toPkg, "manifest.json"), Old: []byte("m"), Data: []byte("M")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(pkg, "manifest.json")) != "M" {
		t.Error("not written through the folder's own link")
	}
}

// TestConfined refuses a name outside the folder written, by its path.
func TestConfined(t *testing.T) {
	base := t.TempDir()
	writeFiles(t, base, map[string]string{"pkg/manifest.json": "m", "other.json": "o"})
	pkg := filepath.Join(base, "pkg")
	for _, name := range []string{filepath.Join(base, "other.json"), filepath.Join(pkg, "..", "other.json"), pkg} {
		_, err := Write(pkg, []Change{{Name: name, Old: []byte("o"), Data: []byte("x")}}, Options{})
		if !errors.Is(err, ErrOutside) || !strings.Contains(err.Error(), "outside "+pkg) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if read(t, filepath.Join(base, "other.json")) != "o" {
		t.Error("written outside")
	}
}

// TestRefusesReadOnlyAndOdd: a 0444 file is refused even in a folder that
// may be written (where a rename would replace it), and so is a file to
// replace that is a folder or a named pipe.
func TestRefusesReadOnlyAndOdd(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ro.json": "old", "sub/x": ""})
	ro := filepath.Join(dir, "ro.json")
	os.Chmod(ro, 0o444)
	_, err := Write(dir, []Change{{Name: ro, Old: []byte("old"), Data: []byte("new")}}, Options{})
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "ro.json is read-only; refusing to replace it") {
		t.Errorf("a 0444 file: %v", err)
	}
	if read(t, ro) != "old" {
		t.Error("the read-only file was replaced")
	}
	if _, err := Write(dir, []Change{{Name: filepath.Join(dir, "sub"), Old: []byte(""), Data: []byte("x")}}, Options{}); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a folder: %v", err)
	}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "pipe.json")
		if err := syscall.Mkfifo(fifo, 0o644); err == nil {
			if _, err := Write(dir, []Change{{Name: fifo, Old: []byte(""), Data: []byte("x")}}, Options{}); !errors.Is(err, ErrNotRegular) {
				t.Errorf("a named pipe: %v", err)
			}
		}
	}
	if _, err := Write(dir, []Change{{Name: filepath.Join(dir, "sub", "x", "y.json"), Data: []byte("x")}}, Options{}); !errors.Is(err, ErrNotFolder) {
		t.Errorf("a file on the way: %v", err)
	}
}

// TestRefusesChanged: a file that no longer holds the bytes read is not
// replaced, and nothing else of the change is written.
func TestRefusesChanged(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"manifest.json": "edited by someone"})
	manifest := filepath.Join(dir, "manifest.json")
	_, err := Write(dir, []Change{
		{Name: filepath.Join(dir, "locales", "de.json"), Data: []byte("de")},
		{Name: manifest, Old: []byte("as read"), Data: []byte("listing de")},
	}, Options{})
	if !errors.Is(err, ErrChanged) || err.Error() != manifest+" changed since it was read; run again" {
		t.Errorf("err %v", err)
	}
	if got := list(t, dir); !slices.Equal(got, []string{"manifest.json"}) || read(t, manifest) != "edited by someone" {
		t.Errorf("after a refused write: %v, manifest %q", got, read(t, manifest))
	}
	// Changed between the check and the rename (an editor saving while the
	// files are staged): the check just before the first rename sees it.
	_, err = Write(dir, []Change{
		{Name: filepath.Join(dir, "locales", "de.json"), Data: []byte("de")},
		{Name: manifest, Old: []byte("edited by someone"), Data: []byte("listing de")},
	}, Options{Fault: func(step, name string) error {
		if step == StepStage && name == manifest {
			os.WriteFile(manifest, []byte("saved meanwhile"), 0o644)
		}
		return nil
	}})
	if !errors.Is(err, ErrChanged) {
		t.Errorf("changed while staging: %v", err)
	}
	if got := list(t, dir); !slices.Equal(got, []string{"manifest.json"}) || read(t, manifest) != "saved meanwhile" {
		t.Errorf("after a refused write: %v, manifest %q", got, read(t, manifest))
	}
}

// TestInputs: a new file named like an input says so.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ruleset.json": "r", "mine.json": "m"})
	in := filepath.Join(dir, "ruleset.json")
	_, err := Write(dir, []Change{{Name: in, Data: []byte("x")}}, Options{Inputs: []string{in}})
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "is an input; refusing to write over it") {
		t.Errorf("over an input: %v", err)
	}
	_, err = Write(dir, []Change{{Name: filepath.Join(dir, "mine.json"), Data: []byte("x")}}, Options{Inputs: []string{in}})
	if !errors.Is(err, ErrExists) {
		t.Errorf("over another file: %v", err)
	}
}

// TestOrderAndAllOrNothing: the files are placed in the order given, and a
// failure at any file takes back the ones before it (a new file removed, a
// replaced one put back as it was, the folders made removed), with no
// temporary file left; a failure while staging writes nothing.
func TestOrderAndAllOrNothing(t *testing.T) {
	setup := func(t *testing.T) (string, []Change) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"manifest.json": "m0", "locales/pt-BR.json": "pt0"})
		return dir, []Change{
			{Name: filepath.Join(dir, "locales", "pt-BR.json"), Old: []byte("pt0"), Data: []byte("pt1")},
			{Name: filepath.Join(dir, "catalogs", "new", "herbs.json"), Data: []byte("h")},
			{Name: filepath.Join(dir, "manifest.json"), Old: []byte("m0"), Data: []byte("m1")},
		}
	}
	dir, changes := setup(t)
	var order []string
	if _, err := Write(dir, changes, Options{Fault: func(step, name string) error {
		if step == StepPlace {
			order = append(order, filepath.Base(name))
		}
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, []string{"pt-BR.json", "herbs.json", "manifest.json"}) {
		t.Errorf("placed in the order %v", order)
	}
	for _, step := range []string{StepStage, StepPlace} {
		for at := range 3 {
			t.Run(fmt.Sprintf("%s fails at %d", step, at), func(t *testing.T) {
				dir, changes := setup(t)
				before := list(t, dir)
				_, err := Write(dir, changes, Options{Fault: func(s, name string) error {
					if s == step && name == changes[at].Name {
						return errors.New("no space left on device")
					}
					return nil
				}})
				var e *Error
				if !errors.As(err, &e) || e.Step != step || e.Name != changes[at].Name || !strings.Contains(err.Error(), "no space left on device") {
					t.Fatalf("err %v", err)
				}
				if step == StepPlace && len(e.Undone) != at {
					t.Errorf("took back %v, want the %d placed before", e.Undone, at)
				}
				if !strings.HasSuffix(err.Error(), "nothing was written") {
					t.Errorf("the sentence does not say nothing was written: %v", err)
				}
				if got := list(t, dir); !slices.Equal(got, before) {
					t.Errorf("after the failure the folder holds %v, held %v", got, before)
				}
				if read(t, filepath.Join(dir, "manifest.json")) != "m0" || read(t, filepath.Join(dir, "locales", "pt-BR.json")) != "pt0" {
					t.Error("a file was not put back")
				}
			})
		}
	}
	// The sentence after a failure at the third file.
	dir, changes = setup(t)
	_, err := Write(dir, changes, Options{Fault: func(s, name string) error {
		if s == StepPlace && name == changes[2].Name {
			return errors.New("input/output error")
		}
		return nil
	}})
	want := "cannot write " + changes[2].Name + ": input/output error; removed the 1 file this run had written and put back the 1 file this run had replaced, so nothing was written"
	if err == nil || err.Error() != want {
		t.Errorf("err %v\nwant %s", err, want)
	}
}

// TestPlaceRefusesATakenName: a new file's name taken after the check
// (by another program) is not replaced.
func TestPlaceRefusesATakenName(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	_, err := Write(dir, []Change{{Name: a, Data: []byte("mine a")}, {Name: b, Data: []byte("mine b")}}, Options{Fault: func(step, name string) error {
		if step == StepPlace && name == b {
			os.WriteFile(b, []byte("theirs"), 0o644)
		}
		return nil
	}})
	if !errors.Is(err, ErrExists) {
		t.Fatalf("err %v", err)
	}
	if read(t, b) != "theirs" {
		t.Errorf("the taken name was replaced: %q", read(t, b))
	}
	if got := list(t, dir); !slices.Equal(got, []string{"b.json"}) {
		t.Errorf("the folder holds %v", got)
	}
}

// TestMakeDir makes the folder and the ones above it, and removes them
// again after a failure.
func TestMakeDir(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "new", "out")
	change := []Change{{Name: filepath.Join(dir, "s.json"), Data: []byte("s")}}
	if _, err := Write(dir, change, Options{}); err == nil {
		t.Error("wrote into a missing folder without MakeDir")
	}
	_, err := Write(dir, change, Options{MakeDir: true, Fault: func(string, string) error { return errors.New("quota exceeded") }})
	if err == nil || len(list(t, base)) != 0 {
		t.Errorf("a failed write: %v, left %v", err, list(t, base))
	}
	if _, err := Write(dir, change, Options{MakeDir: true}); err != nil {
		t.Fatal(err)
	}
	if got := list(t, base); !slices.Equal(got, []string{"new/", "new/out/", "new/out/s.json"}) {
		t.Errorf("made %v", got)
	}
}

// helperEnv runs, in a child process, one writer of
// TestConcurrentProcesses: it reads the manifest, waits for the start
// file, then lists its own file in it.
const helperEnv = "RULEBENCH_ATOMICFILE_WRITER"

// listingChange is what one writer of the concurrency tests does: a new
// file, and the manifest with a line naming it added to what was read.
func listingChange(dir, lang string, manifest []byte) []Change {
	return []Change{
		{Name: filepath.Join(dir, "locales", lang+".json"), Data: []byte(lang)},
		{Name: filepath.Join(dir, "manifest.json"), Old: manifest, Data: append(bytes.Clone(manifest), lang+"\n"...)},
	}
}

// checkNoLostUpdate checks a package after two writers: each that
// succeeded is listed in the manifest; each that failed said the manifest
// changed and left no file.
func checkNoLostUpdate(t *testing.T, dir string, results map[string]error) (succeeded int) {
	t.Helper()
	manifest := read(t, filepath.Join(dir, "manifest.json"))
	for lang, err := range results {
		_, statErr := os.Stat(filepath.Join(dir, "locales", lang+".json"))
		listed := strings.Contains(manifest, lang+"\n")
		switch {
		case err == nil && !listed:
			t.Errorf("%s succeeded, but the manifest %q does not list it: a lost update", lang, manifest)
		case err == nil:
			succeeded++
		case !errors.Is(err, ErrChanged):
			t.Errorf("%s failed with %v; want the manifest changed", lang, err)
		case statErr == nil || listed:
			t.Errorf("%s failed but is written", lang)
		}
	}
	return succeeded
}

// TestConcurrentWriters runs two writers at once on one folder, each
// adding its file and its line to the manifest both read, many times: one
// of them succeeds and the other says the manifest changed, never both
// with one line lost. A pause between the check and the renames (the
// Fault hook) makes the race certain without the lock.
func TestConcurrentWriters(t *testing.T) {
	for i := range 50 {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"manifest.json": "files:\n"})
		manifest := []byte(read(t, filepath.Join(dir, "manifest.json")))
		results := map[string]error{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, lang := range []string{"de", "es"} {
			wg.Go(func() {
				_, err := Write(dir, listingChange(dir, lang, manifest), Options{Fault: func(step, name string) error {
					if step == StepPlace && i%2 == 0 {
						time.Sleep(time.Millisecond)
					}
					return nil
				}})
				mu.Lock()
				results[lang] = err
				mu.Unlock()
			})
		}
		wg.Wait()
		if n := checkNoLostUpdate(t, dir, results); n != 1 {
			t.Fatalf("round %d: %d writers succeeded; want exactly 1: %v", i, n, results)
		}
		if got := list(t, dir); slices.Contains(got, LockName) {
			t.Errorf("the lock file stays: %v", got)
		}
	}
}

// TestConcurrentProcesses is TestConcurrentWriters with two processes.
func TestConcurrentProcesses(t *testing.T) {
	if spec := os.Getenv(helperEnv); spec != "" {
		dir, lang, _ := strings.Cut(spec, ",")
		manifest, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			os.Exit(3)
		}
		os.WriteFile(filepath.Join(dir, "ready-"+lang), nil, 0o644)
		for {
			if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
				break
			}
			time.Sleep(time.Millisecond)
		}
		pause := Options{Fault: func(step, name string) error {
			if step == StepPlace {
				time.Sleep(time.Millisecond) // widens the race a lock must close
			}
			return nil
		}}
		if _, err := Write(dir, listingChange(dir, lang, manifest), pause); err != nil {
			fmt.Print(err)
			if errors.Is(err, ErrChanged) {
				os.Exit(1)
			}
			os.Exit(2)
		}
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("starts processes")
	}
	for round := range 10 {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"manifest.json": "files:\n"})
		cmds := map[string]*exec.Cmd{}
		outs := map[string]*bytes.Buffer{}
		for _, lang := range []string{"de", "es"} {
			cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentProcesses$")
			cmd.Env = append(os.Environ(), helperEnv+"="+dir+","+lang)
			outs[lang] = &bytes.Buffer{}
			cmd.Stdout = outs[lang]
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds[lang] = cmd
		}
		for _, lang := range []string{"de", "es"} { // both have read the manifest
			for {
				if _, err := os.Stat(filepath.Join(dir, "ready-"+lang)); err == nil {
					break
				}
				time.Sleep(time.Millisecond)
			}
		}
		writeFiles(t, dir, map[string]string{"go": ""})
		results := map[string]error{}
		for lang, cmd := range cmds {
			err := cmd.Wait()
			var ee *exec.ExitError
			switch {
			case err == nil:
				results[lang] = nil
			case errors.As(err, &ee) && ee.ExitCode() == 1:
				results[lang] = &Error{Err: ErrChanged}
			default:
				t.Fatalf("round %d: %s: %v %s", round, lang, err, outs[lang])
			}
		}
		if n := checkNoLostUpdate(t, dir, results); n != 1 {
			t.Fatalf("round %d: %d writers succeeded; want exactly 1", round, n)
		}
	}
}

// TestLockWaits: a write waits for the lock another run holds, and gives up
// with a sentence after Options.Wait; the lock file goes with the write.
func TestLockWaits(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	held, err := takeLock(root, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	change := []Change{{Name: filepath.Join(dir, "a.json"), Data: []byte("a")}}
	_, err = Write(dir, change, Options{Wait: 30 * time.Millisecond})
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "another rulebench run is writing in "+dir) {
		t.Errorf("err %v", err)
	}
	var done atomic.Bool
	go func() {
		time.Sleep(50 * time.Millisecond)
		done.Store(true)
		held.release()
	}()
	if _, err := Write(dir, change, Options{}); err != nil || !done.Load() {
		t.Errorf("after waiting: %v (released %v)", err, done.Load())
	}
	if got := list(t, dir); !slices.Equal(got, []string{"a.json"}) {
		t.Errorf("the folder holds %v", got)
	}
}

// TestExclLock: where flock is not to be had, the lock is a file made by
// exclusive creation; one left by a dead run is stale and taken over.
func TestExclLock(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	held, err := takeExclLock(root, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := takeExclLock(root, 20*time.Millisecond); !errors.Is(err, ErrBusy) {
		t.Errorf("a second lock: %v", err)
	}
	held.release()
	if runtime.GOOS != "windows" {
		writeFiles(t, dir, map[string]string{LockName: fmt.Sprintln(deadPid(t))})
		l, err := takeExclLock(root, 20*time.Millisecond)
		if err != nil {
			t.Fatalf("a dead run's lock: %v", err)
		}
		l.release()
	}
	if got := list(t, dir); len(got) != 0 {
		t.Errorf("left %v", got)
	}
}

// deadPid is the pid of a process that has ended.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestStaleTemporaryFiles: a write removes, in the folders it writes into,
// the temporary files of runs no longer alive and those older than
// StaleAge (a link of such a name removed, not followed), and keeps a live
// run's, this process's and other files.
func TestStaleTemporaryFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("pids")
	}
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.json")
	writeFiles(t, filepath.Dir(victim), map[string]string{"victim.json": "kept"})
	live := exec.Command(os.Args[0], "-test.run=^TestStaleTemporaryFiles$")
	live.Env = append(os.Environ(), "RULEBENCH_ATOMICFILE_SLEEP=1")
	if os.Getenv("RULEBENCH_ATOMICFILE_SLEEP") != "" {
		time.Sleep(time.Minute)
		return
	}
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	dead := deadPid(t)
	name := func(pid int, random string) string { return fmt.Sprintf(".rulebench-%d-%s.tmp", pid, random) }
	deadFile := name(dead, "0123456789abcdef")
	deadLink := name(dead, "fedcba9876543210")
	liveFile := name(live.Process.Pid, "0123456789abcdef")
	ownFile := name(os.Getpid(), "0123456789abcdef")
	writeFiles(t, dir, map[string]string{
		deadFile:                         "{",
		liveFile:                         "{",
		ownFile:                          "{",
		".rulebench-migrate-1234567.tmp": "{", // an earlier version's, fresh
		".rulebench-888.tmp":             "{", // an earlier version's, old
		"notes.tmp":                      "mine",
		"sub/" + deadFile:                "{", // not a folder written into
	})
	old := time.Now().Add(-StaleAge - time.Hour)
	os.Chtimes(filepath.Join(dir, ".rulebench-888.tmp"), old, old)
	symlink(t, victim, filepath.Join(dir, deadLink))
	res, err := Write(dir, []Change{{Name: filepath.Join(dir, "a.json"), Data: []byte("a")}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(res.Stale)
	wantStale := []string{filepath.Join(dir, ".rulebench-888.tmp"), filepath.Join(dir, deadFile), filepath.Join(dir, deadLink)}
	slices.Sort(wantStale)
	if !slices.Equal(res.Stale, wantStale) {
		t.Errorf("removed %v, want %v", res.Stale, wantStale)
	}
	want := []string{".rulebench-migrate-1234567.tmp", liveFile, ownFile, "a.json", "notes.tmp", "sub/", "sub/" + deadFile}
	slices.Sort(want)
	if got := list(t, dir); !slices.Equal(got, want) {
		t.Errorf("the folder holds %v, want %v", got, want)
	}
	if read(t, victim) != "kept" {
		t.Error("the link was followed")
	}
}

func TestStaleNames(t *testing.T) {
	now := time.Now()
	for _, name := range []string{"x.tmp", ".rulebench-.tmp", ".rulebench-12-0123.tmp", ".rulebench-012-0123456789abcdef.tmp", ".rulebench-12-0123456789ABCDEF.tmp", ".rulebench-12-0123456789abcdef.json", ".rulebench.lock"} {
		if Stale(name, now, now) && name != ".rulebench-.tmp" {
			t.Errorf("%s is stale", name)
		}
	}
	if Stale(fmt.Sprintf(".rulebench-%d-0123456789abcdef.tmp", os.Getpid()), now, now) {
		t.Error("this process's file is stale")
	}
	if !Stale(fmt.Sprintf(".rulebench-%d-0123456789abcdef.tmp", os.Getpid()), now.Add(-StaleAge-time.Second), now) {
		t.Error("a file older than StaleAge is not stale")
	}
	if tempName() == tempName() || !strings.HasPrefix(tempName(), fmt.Sprintf(".rulebench-%d-", os.Getpid())) {
		t.Errorf("names %s", tempName())
	}
}

// TestVisibleNames: a sentence shows the control characters of a name as
// escapes.
func TestVisibleNames(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil\x1b[31m.json")
	writeFiles(t, dir, map[string]string{"evil\x1b[31m.json": "x"})
	_, err := Write(dir, []Change{{Name: name, Data: []byte("y")}}, Options{})
	if err == nil || strings.ContainsRune(err.Error(), 0x1b) || !strings.Contains(err.Error(), `evil\x1b[31m.json`) {
		t.Errorf("err %q", err)
	}
}
