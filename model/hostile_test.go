package model_test

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// diskPackage writes the test package of packageFS to a fresh folder and
// returns the folder holding pkg/.
func diskPackage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, f := range packageFS(t, nil) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make a link: %v", err)
	}
}

// loadGuarded loads p, failing the test when the load does not return: a
// load blocked on a named pipe is let go by opening the pipes for writing.
func loadGuarded(t *testing.T, p string, pipes ...string) *model.Workspace {
	t.Helper()
	type result struct {
		ws  *model.Workspace
		err error
	}
	done := make(chan result, 1)
	go func() {
		ws, err := model.Load(model.OSFS{}, p)
		done <- result{ws, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("Load(%s): %v", p, r.err)
		}
		return r.ws
	case <-time.After(10 * time.Second):
		modeltest.Unblock(pipes...)
		<-done
		t.Fatalf("Load(%s) blocked on a named pipe", p)
		return nil
	}
}

// finding returns the finding of a code about a file, failing when there is
// none.
func finding(t *testing.T, ws *model.Workspace, code model.Code, file string) model.Diagnostic {
	t.Helper()
	for _, d := range ws.Diagnostics {
		if d.Code == code && d.File == file {
			return d
		}
	}
	t.Fatalf("no %s finding for %s; findings:\n%s", code, file, codes(ws.Diagnostics))
	return model.Diagnostic{}
}

func TestLoadRefusesWhatIsNotARegularFile(t *testing.T) {
	tests := []struct {
		name string
		// make puts the odd file in the package under dir and returns the
		// name the finding is about (relative to dir, slash-separated) and
		// the path to load.
		make func(t *testing.T, dir string) (file, load string)
	}{
		{"a named pipe as PATH", func(t *testing.T, dir string) (string, string) {
			modeltest.MakeFIFO(t, filepath.Join(dir, "rules.json"))
			return "rules.json", "rules.json"
		}},
		{"a named pipe as a package's manifest", func(t *testing.T, dir string) (string, string) {
			os.Remove(filepath.Join(dir, "pkg", "manifest.json"))
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "manifest.json"))
			return "pkg/manifest.json", "pkg"
		}},
		{"a named pipe in saves/", func(t *testing.T, dir string) (string, string) {
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "saves", "pipe.json"))
			return "pkg/saves/pipe.json", "pkg"
		}},
		{"a named pipe in locales/", func(t *testing.T, dir string) (string, string) {
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "locales", "de.json"))
			return "pkg/locales/de.json", "pkg"
		}},
		{"a named pipe as a catalog the ruleset names", func(t *testing.T, dir string) (string, string) {
			os.Remove(filepath.Join(dir, "pkg", "catalogs", "wares.json"))
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "catalogs", "wares.json"))
			return "pkg/catalogs/wares.json", "pkg"
		}},
		{"a named pipe in catalogs/ no one names", func(t *testing.T, dir string) (string, string) {
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "catalogs", "extra.json"))
			return "pkg/catalogs/extra.json", "pkg"
		}},
		{"a link in saves/ to a named pipe in the package", func(t *testing.T, dir string) (string, string) {
			modeltest.MakeFIFO(t, filepath.Join(dir, "pkg", "pipe"))
			symlink(t, "../pipe", filepath.Join(dir, "pkg", "saves", "linked.json"))
			return "pkg/saves/linked.json", "pkg"
		}},
		{"a socket in saves/", func(t *testing.T, dir string) (string, string) {
			p := filepath.Join(dir, "pkg", "saves", "s.json")
			l, err := net.Listen("unix", p)
			if err != nil {
				t.Skipf("cannot make a socket: %v", err)
			}
			t.Cleanup(func() { l.Close() })
			return "pkg/saves/s.json", "pkg"
		}},
		{"a device as PATH", func(t *testing.T, dir string) (string, string) {
			if _, err := os.Stat(os.DevNull); err != nil {
				t.Skip("no null device")
			}
			return os.DevNull, os.DevNull
		}},
		{"a folder as a locale", func(t *testing.T, dir string) (string, string) {
			if err := os.Mkdir(filepath.Join(dir, "pkg", "real"), 0o755); err != nil {
				t.Fatal(err)
			}
			symlink(t, "../real", filepath.Join(dir, "pkg", "locales", "it.json"))
			return "pkg/locales/it.json", "pkg"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := diskPackage(t)
			t.Chdir(dir)
			file, load := tt.make(t, dir)
			var pipes []string
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && d.Type()&fs.ModeNamedPipe != 0 {
					pipes = append(pipes, p)
				}
				return nil
			})
			ws := loadGuarded(t, load, pipes...)
			d := finding(t, ws, model.CodeNotRegular, file)
			if d.Severity != model.Error || !strings.Contains(d.Message, "not a regular file") {
				t.Errorf("finding %+v", d)
			}
			n := 0
			for _, x := range ws.Diagnostics {
				if x.File == file {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d findings about %s, want 1:\n%s", n, file, codes(ws.Diagnostics))
			}
		})
	}
}

// secret is what a file outside the package holds; it must never be read.
const secret = `{"v": 1, "build": {"fields": {"password": "hunter2"}}}`

func TestLoadDoesNotFollowLinksOutOfThePackage(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "shadow.json"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		make func(t *testing.T, pkg string) (file string)
	}{
		{"a save linked to a file outside", func(t *testing.T, pkg string) string {
			symlink(t, filepath.Join(outside, "shadow.json"), filepath.Join(pkg, "saves", "x.json"))
			return "pkg/saves/x.json"
		}},
		{"a save linked by a relative path out", func(t *testing.T, pkg string) string {
			rel, err := filepath.Rel(filepath.Join(pkg, "saves"), filepath.Join(outside, "shadow.json"))
			if err != nil {
				t.Skip(err)
			}
			symlink(t, rel, filepath.Join(pkg, "saves", "x.json"))
			return "pkg/saves/x.json"
		}},
		{"a locale linked outside", func(t *testing.T, pkg string) string {
			symlink(t, filepath.Join(outside, "shadow.json"), filepath.Join(pkg, "locales", "de.json"))
			return "pkg/locales/de.json"
		}},
		{"the ruleset linked outside", func(t *testing.T, pkg string) string {
			os.Remove(filepath.Join(pkg, "ruleset.json"))
			symlink(t, filepath.Join(outside, "shadow.json"), filepath.Join(pkg, "ruleset.json"))
			return "pkg/ruleset.json"
		}},
		{"the saves folder linked outside", func(t *testing.T, pkg string) string {
			os.RemoveAll(filepath.Join(pkg, "saves"))
			symlink(t, outside, filepath.Join(pkg, "saves"))
			return "pkg/saves"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := diskPackage(t)
			t.Chdir(dir)
			file := tt.make(t, filepath.Join(dir, "pkg"))
			ws := loadGuarded(t, "pkg")
			d := finding(t, ws, model.CodeLinkOutside, file)
			if d.Severity != model.Error {
				t.Errorf("finding %+v", d)
			}
			for name, root := range ws.Sources {
				if strings.Contains(fmt.Sprint(root.Interface()), "hunter2") {
					t.Errorf("%s was read from outside the package", name)
				}
			}
			for _, s := range ws.Saves {
				if strings.Contains(s.File, "shadow") || s.File == file {
					t.Errorf("the save %s was read", s.File)
				}
			}
			if _, err := ws.ReadSource(model.OSFS{}, file); !errors.Is(err, model.ErrOutside) && file != "pkg/saves" {
				t.Errorf("ReadSource(%s) = %v, want ErrOutside", file, err)
			}
		})
	}
}

func TestLoadFollowsLinksInsideThePackage(t *testing.T) {
	dir := diskPackage(t)
	t.Chdir(dir)
	pkg := filepath.Join(dir, "pkg")
	if err := os.MkdirAll(filepath.Join(pkg, "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "keep", "b.json"), []byte(`{"v": 1, "build": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	symlink(t, "../keep/b.json", filepath.Join(pkg, "saves", "rel.json"))
	symlink(t, filepath.Join(pkg, "keep", "b.json"), filepath.Join(pkg, "saves", "abs.json"))
	// The package reached through a link to its folder is the same package.
	symlink(t, "pkg", filepath.Join(dir, "alias"))
	for _, load := range []string{"pkg", "alias"} {
		ws := loadGuarded(t, load)
		if len(ws.Diagnostics) != 0 {
			t.Fatalf("%s: findings:\n%s", load, codes(ws.Diagnostics))
		}
		if len(ws.Saves) != 3 {
			t.Errorf("%s: %d saves read, want 3", load, len(ws.Saves))
		}
		if _, err := ws.ReadSource(model.OSFS{}, load+"/saves/abs.json"); err != nil {
			t.Errorf("%s: ReadSource: %v", load, err)
		}
	}
}

func TestOSFSOpenRefusesANamedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe.json")
	modeltest.MakeFIFO(t, p)
	done := make(chan error, 1)
	go func() {
		f, err := model.OSFS{}.Open(p)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, model.ErrNotRegular) {
			t.Errorf("Open = %v, want ErrNotRegular", err)
		}
	case <-time.After(10 * time.Second):
		modeltest.Unblock(p)
		<-done
		t.Fatal("Open blocked on a named pipe")
	}
}
