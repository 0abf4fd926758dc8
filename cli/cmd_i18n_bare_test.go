package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 27, must hold 1: on a ruleset file on its own, every writer of
// locale files refuses with one sentence naming the ways that have a
// place for translations, and writes nothing; the coverage listing says
// the same instead of a bare "no translations". The walk is the
// translator's loop: --new -w, the listing, --update -w, --new -w again.
func TestI18nBareFileNamesTheWaysForward(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "examples", "lantern-road", "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "gravewatch.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	refuses := func(args ...string) {
		t.Helper()
		code, out, errOut := runCLI(append([]string{"i18n"}, append(args, file)...)...)
		if code != exitUsage || out != "" {
			t.Errorf("i18n %v: exit %d, stdout %q; want exit %d and nothing printed", args, code, out, exitUsage)
		}
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if len(lines) != 1 || !strings.Contains(errOut, "no place for translations") ||
			!strings.Contains(errOut, "rulebench new --from "+file+" DIR") || !strings.Contains(errOut, "rulebench pack") ||
			!strings.Contains(errOut, "nothing was written") {
			t.Errorf("i18n %v: stderr %q; want one sentence naming `rulebench new --from FILE DIR` and `rulebench pack`", args, errOut)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("i18n %v wrote beside the file: %d entries in its folder", args, len(entries))
		}
	}
	refuses("--new", "ru", "-w")
	code, out, _ := runCLI("i18n", file)
	if code != exitOK || !strings.Contains(out, "no translations: "+file+" is a ruleset file on its own") || !strings.Contains(out, "rulebench pack") {
		t.Errorf("i18n FILE: exit %d, %q; want the listing to say the file has no place for translations and the ways", code, out)
	}
	refuses("--update", "ru", "-w")
	refuses("--new", "ru", "-w")
	refuses("--new", "ru")
	refuses("--schema", "ru")
	refuses("--update", "ru", "--out", filepath.Join(dir, "ru.json"))
	po := filepath.Join(t.TempDir(), "ru.po")
	if err := os.WriteFile(po, []byte("msgid \"\"\nmsgstr \"Language: ru\\n\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	refuses("--from-po", po, "-w")
}
