package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rulebench/internal/atomicfile"
)

// TestI18nWriteConfined: a package whose locales/ is a link to a folder
// outside it gets no locale file written there (before, `i18n --new de -w`
// wrote outside/de.json and listed it): the write is refused with a
// sentence saying why, and nothing is written, inside or out.
func TestI18nWriteConfined(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.Rename(filepath.Join(dir, "locales"), outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "locales")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	manifest := readText(t, filepath.Join(dir, "manifest.json"))
	before := listDir(outside)
	for _, args := range [][]string{{"--new", "de", "-w"}, {"--from-po", writePO(t, "de"), "-w"}} {
		code, out, errOut := runCLI(append(append([]string{"i18n"}, args...), dir)...)
		want := filepath.Join(dir, "locales") + " is a symbolic link to a place outside " + dir + "; rulebench writes only inside " + dir + " and never through a link, so it wrote nothing"
		if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, %q %q; want 2 and %q", args, code, out, errOut, want)
		}
	}
	if got := listDir(outside); !slices.Equal(got, before) {
		t.Errorf("the folder outside holds %v, held %v", got, before)
	}
	if readText(t, filepath.Join(dir, "manifest.json")) != manifest {
		t.Error("the manifest was written")
	}
}

// writePO writes a PO file for lang with no translation, and names it.
func writePO(t *testing.T, lang string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), lang+".po")
	po := fmt.Sprintf("msgid \"\"\nmsgstr \"\"\n\"Language: %s\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n", lang)
	if err := os.WriteFile(name, []byte(po), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestI18nConcurrentWriters runs `i18n --new de -w` and `--new es -w` on
// one package at once, many times: both rewrite the manifest's files[].
// Each run that succeeds has its file listed; one that fails says the
// manifest changed and leaves no file. Before the lock, 61 of 200 such
// pairs of processes lost an update (both succeeded, one listing lost).
func TestI18nConcurrentWriters(t *testing.T) {
	rounds := 15
	if testing.Short() {
		rounds = 5
	}
	// A pause between the last check and the renames (a slow disk) makes
	// the race certain without the lock.
	defer func() { writeFault = nil }()
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace {
			time.Sleep(time.Millisecond)
		}
		return nil
	}
	for round := range rounds {
		dir := copyExample(t, "lantern-road")
		type outcome struct {
			code   int
			errOut string
		}
		got := map[string]outcome{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, lang := range []string{"de", "es"} {
			wg.Go(func() {
				code, _, errOut := runCLI("i18n", "--new", lang, "-w", dir)
				mu.Lock()
				got[lang] = outcome{code, errOut}
				mu.Unlock()
			})
		}
		wg.Wait()
		manifest := readText(t, filepath.Join(dir, "manifest.json"))
		for lang, o := range got {
			listed := strings.Contains(manifest, `"locales/`+lang+`.json"`)
			_, statErr := os.Stat(filepath.Join(dir, "locales", lang+".json"))
			switch {
			case o.code == exitOK && !listed:
				t.Fatalf("round %d: --new %s -w succeeded but the manifest does not list it: a lost update", round, lang)
			case o.code == exitOK:
			case !strings.Contains(o.errOut, "manifest.json changed since it was read; run again"):
				t.Fatalf("round %d: --new %s -w: exit %d, %q", round, lang, o.code, o.errOut)
			case listed || statErr == nil:
				t.Fatalf("round %d: --new %s -w failed, but its file is written or listed", round, lang)
			}
		}
		if code, codes := checkCodes(t, dir); code != exitOK && slices.ContainsFunc(codes, func(c string) bool { return strings.Contains(c, "manifest") || strings.Contains(c, "unlisted") }) {
			t.Fatalf("round %d: check after the two writers: %v", round, codes)
		}
	}
}

// TestFixRefusesReadOnlyFile: fix -w does not replace a 0444 file even
// though its folder may be written (a rename would replace it), and writes
// nothing else either.
func TestFixRefusesReadOnlyFile(t *testing.T) {
	dir := copyExample(t, "mirefall")
	entry := filepath.Join(dir, "mirefall-1.0.0.entry.json")
	if err := os.Chmod(entry, 0o444); err != nil {
		t.Fatal(err)
	}
	before := readText(t, entry)
	code, out, errOut := runCLI("fix", "-w", dir)
	if code != exitUsage || out != "" || !strings.Contains(errOut, entry+" is read-only; refusing to replace it") {
		t.Errorf("exit %d, %q %q", code, out, errOut)
	}
	if readText(t, entry) != before {
		t.Error("the read-only file was replaced")
	}
}

// TestWritersListFilesFirst: fix -w and i18n -w write the listed file
// before its listing, and when the listing cannot be written the file
// written before it is taken back, so the package is as it was.
func TestWritersListFilesFirst(t *testing.T) {
	defer func() { writeFault = nil }()
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	manifest := filepath.Join(dir, "manifest.json")
	editFile(t, locale, `"locale": "pt-BR", `, `"locale": "PT-br",  `) // the spelling and a size to list
	var order []string
	var mu sync.Mutex
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace {
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}
		return nil
	}
	if code, out, errOut := runCLI("fix", "-w", dir); code != exitOK || out != locale+"\n"+manifest+"\n" {
		t.Fatalf("fix -w: exit %d, %q %q", code, out, errOut)
	}
	if !slices.Equal(order, []string{locale, manifest}) {
		t.Errorf("fix -w placed %q", order)
	}

	oldManifest := readText(t, manifest)
	writeFault = func(step, name string) error {
		if step == atomicfile.StepPlace && name == manifest {
			return errors.New("input/output error")
		}
		return nil
	}
	de := filepath.Join(dir, "locales", "de.json")
	code, out, errOut := runCLI("i18n", "--new", "de", "-w", dir)
	want := "rulebench i18n: cannot write " + manifest + ": input/output error; removed the 1 file this run had written, so nothing was written"
	if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("a failing manifest: exit %d, %q %q; want %q", code, out, errOut, want)
	}
	if _, err := os.Stat(de); err == nil || readText(t, manifest) != oldManifest {
		t.Error("the package changed")
	}
	if extra := leftovers(t, filepath.Join(dir, "locales"), "en.json", "fr.json", "pt-BR.json", "pt.json"); len(extra) > 0 {
		t.Errorf("left in locales/: %v", extra)
	}
}
