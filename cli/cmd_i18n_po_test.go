package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gettextTool returns the path of a gettext program, skipping the test
// when gettext is not installed (.ci/run installs it).
func gettextTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed (gettext): the PO conventions are checked with it", name)
	}
	return p
}

// fixedClock sets the clock of the PO headers for the test.
func fixedClock(t *testing.T) {
	t.Helper()
	old := now
	now = func() time.Time { return time.Date(2026, 3, 4, 5, 6, 0, 0, time.UTC) }
	t.Cleanup(func() { now = old })
}

// writePOFile runs rulebench i18n with args and --out into a new file in a
// temporary folder, and returns its name and stderr.
func writePOFile(t *testing.T, dir string, args ...string) (string, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "out.po")
	code, out, errOut := runCLI(append(append([]string{"i18n"}, args...), "--out", file, dir)...)
	if code != exitOK || out != file+"\n" {
		t.Fatalf("i18n %v: exit %d, %q %s", args, code, out, errOut)
	}
	return file, errOut
}

// Issue 27, must hold 3: the header is complete, so that msgfmt
// --check-header --check-format says nothing; its dates are the clock's.
func TestPOHeaderComplete(t *testing.T) {
	msgfmt := gettextTool(t, "msgfmt")
	fixedClock(t)
	for _, lang := range []string{"pt-BR", "fr", "ru"} {
		file, _ := writePOFile(t, "../examples/lantern-road", "--po", lang)
		out, err := exec.Command(msgfmt, "--check-header", "--check-format", "-o", os.DevNull, file).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("--po %s: msgfmt --check-header --check-format: %v\n%s", lang, err, out)
		}
		po := readText(t, file)
		for _, want := range []string{`"PO-Revision-Date: 2026-03-04 05:06+0000\n"`, `"Last-Translator: `, `"Language-Team: `} {
			if !strings.Contains(po, want) {
				t.Errorf("--po %s: no %s in the header", lang, want)
			}
		}
	}
}

// Issue 27, must hold 3: a file just made by --new, whose package section
// holds the English as it is, has nothing translated in its PO: msgfmt
// counts no translated message (the package's name and description
// included), and every msgstr is empty.
func TestPOUntranslatedIsEmpty(t *testing.T) {
	msgfmt := gettextTool(t, "msgfmt")
	dir := copyExample(t, "lantern-road")
	if code, _, errOut := runCLI("i18n", "--new", "ru", "-w", dir); code != exitOK {
		t.Fatalf("--new ru -w: %s", errOut)
	}
	file, _ := writePOFile(t, dir, "--po", "ru")
	out, err := exec.Command(msgfmt, "--statistics", "-o", os.DevNull, file).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "0 translated messages") {
		t.Errorf("msgfmt --statistics: %v %s", err, out)
	}
	// The round trip keeps the file as --new wrote it.
	before := readText(t, filepath.Join(dir, "locales", "ru.json"))
	if code, merged, errOut := runCLI("i18n", "--from-po", file, dir); code != exitOK || merged != before {
		t.Errorf("--from-po: exit %d %s\n%s", code, errOut, merged)
	}
}

// Issue 27, must hold 3: --po en is refused (English is the ruleset's
// own), and --pot writes the template: no language, nothing translated,
// no obsolete messages, every display string.
func TestPOTemplateAndEnglish(t *testing.T) {
	code, out, errOut := runCLI("i18n", "--po", "en", "../examples/lantern-road")
	if code != exitUsage || out != "" || !strings.Contains(errOut, "--pot") {
		t.Errorf("--po en: exit %d %q %s", code, out, errOut)
	}
	file, _ := writePOFile(t, "../examples/lantern-road", "--pot")
	pot := readText(t, file)
	if !strings.Contains(pot, `"Language: \n"`) || strings.Contains(pot, "#~") {
		t.Errorf("the template has a language or obsolete messages:\n%.600s", pot)
	}
	strs, _, _ := displayStrings(t, "../examples/lantern-road")
	if got := strings.Count(pot, "\nmsgstr \"\"\n"); got != len(strs)+3 { // + the header and the package's name and description
		t.Errorf("%d empty msgstr, want %d", got, len(strs)+3)
	}
	if msgfmt, err := exec.LookPath("msgfmt"); err == nil {
		if out, err := exec.Command(msgfmt, "--check-format", "-o", os.DevNull, file).CombinedOutput(); err != nil {
			t.Errorf("msgfmt --check-format on the template: %v\n%s", err, out)
		}
	}
}

// Issue 27, must hold 3: stale keys are obsolete (#~) messages; after
// --prune has removed them from the file, merging the PO changes nothing
// while their strings are gone, and brings them back once the string
// returns. The PO survives msgcat's re-wrapping and msgmerge against the
// template: merged back, each leaves the file as it was.
func TestPOObsoleteKeptAndRestored(t *testing.T) {
	msgcat := gettextTool(t, "msgcat")
	msgmerge := gettextTool(t, "msgmerge")
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	original := readText(t, locale)
	file, notes := writePOFile(t, dir, "--po", "pt-BR")
	po := readText(t, file)
	if !strings.Contains(po, "#~ msgid \"Road luck die\"\n#~ msgstr \"Dado de sorte de estrada\"\n") {
		t.Fatalf("no obsolete message for the stale key:\n%s", po[len(po)-400:])
	}
	if !strings.Contains(notes, "2 stale translations kept as obsolete (#~)") {
		t.Errorf("stderr: %s", notes)
	}

	// Re-wrapped by msgcat and merged by msgmerge, the PO merges back to
	// the file as it was.
	wrapped := filepath.Join(t.TempDir(), "wrapped.po")
	if out, err := exec.Command(msgcat, "-w", "30", "-o", wrapped, file).CombinedOutput(); err != nil {
		t.Fatalf("msgcat: %v %s", err, out)
	}
	pot, _ := writePOFile(t, dir, "--pot")
	merged := filepath.Join(t.TempDir(), "merged.po")
	if out, err := exec.Command(msgmerge, "-q", "-o", merged, file, pot).CombinedOutput(); err != nil {
		t.Fatalf("msgmerge: %v %s", err, out)
	}
	for _, p := range []string{file, wrapped, merged} {
		if code, out, errOut := runCLI("i18n", "--from-po", p, dir); code != exitOK || out != original {
			t.Errorf("--from-po %s: exit %d %s; the file changed", filepath.Base(p), code, errOut)
		}
	}

	if code, _, errOut := runCLI("i18n", "--update", "pt-BR", "--prune", "-w", dir); code != exitOK {
		t.Fatalf("--prune: %s", errOut)
	}
	pruned := readText(t, locale)
	if strings.Contains(pruned, "Road luck die") {
		t.Fatal("--prune kept the stale key")
	}
	if code, out, errOut := runCLI("i18n", "--from-po", wrapped, dir); code != exitOK || out != pruned {
		t.Errorf("--from-po with the strings still gone: exit %d %s; the file changed:\n%s", code, errOut, out)
	}
	editFile(t, filepath.Join(dir, "ruleset.json"), `"label": "Road-luck die"`, `"label": "Road luck die"`)
	code, out, errOut := runCLI("i18n", "--from-po", wrapped, "-w", dir)
	if code != exitOK || !strings.Contains(errOut, "1 of them brought back from obsolete (#~) messages") {
		t.Errorf("--from-po once the string is back: exit %d %s", code, errOut)
	}
	_, values, _ := localeKeys(t, locale, "pt-BR", []byte(readText(t, locale)), false)
	if values["Road luck die"] != "Dado de sorte de estrada" {
		t.Errorf("not restored: %q (%s)", values["Road luck die"], out)
	}
}

// Issue 26, A3: --from-po with --out names the file it wrote, not the
// locale file it left alone.
func TestFromPOOutNamesTheFileWritten(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	file, _ := writePOFile(t, dir, "--po", "fr")
	out := filepath.Join(t.TempDir(), "fr.merged.json")
	code, stdout, errOut := runCLI("i18n", "--from-po", file, "--out", out, dir)
	if code != exitOK || stdout != out+"\n" {
		t.Fatalf("exit %d %q %s", code, stdout, errOut)
	}
	if !strings.Contains(errOut, "merged into "+out) || strings.Contains(errOut, "merged into "+filepath.Join(dir, "locales", "fr.json")) {
		t.Errorf("stderr does not name the file written: %s", errOut)
	}
}
