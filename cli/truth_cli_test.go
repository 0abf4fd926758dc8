package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A7: a manifest's empty or missing sha256 is a finding, and fix -w
// writes the file's checksum into an empty one.
func TestManifestEmptySHA256(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	if err := os.CopyFS(dir, os.DirFS("../examples/lantern-road")); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, "manifest.json")
	listed := regexp.MustCompile(`"sha256": "[0-9a-f]{64}"`)
	data := readText(t, manifest)
	sum := strings.TrimSuffix(strings.TrimPrefix(listed.FindString(data), `"sha256": "`), `"`)
	if err := os.WriteFile(manifest, []byte(listed.ReplaceAllLiteralString(data, `"sha256": ""`)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("check", dir)
	if code != exitFindings || !strings.Contains(out, "the manifest's sha256 for ruleset.json is empty; the file's is "+sum+" [manifest-sha256]") {
		t.Fatalf("check: exit %d\n%s", code, out)
	}
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix: exit %d %s", code, errOut)
	}
	if got := readText(t, manifest); got != data {
		t.Errorf("fix -w did not write the checksums back:\n%s", got)
	}
	// A listing with no sha256 at all is reported too.
	noSum := strings.Replace(data, `"sha256": "`+sum+`",`, "", 1)
	if err := os.WriteFile(manifest, []byte(noSum), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI("check", "-q", dir); code != exitFindings || !strings.Contains(out, "the manifest lists ruleset.json without its sha256") {
		t.Errorf("no sha256: exit %d\n%s", code, out)
	}
}

// A11: a save whose live pool is a number: the trace that moves it and the
// save's error say the same thing of it, and the save is not migrated.
func TestMigrateWrongLiveShapeAgrees(t *testing.T) {
	save := readText(t, "../examples/lantern-road/saves/fighter3.json")
	bad := strings.Replace(save, `"hit_dice": {"value": 2}`, `"hit_dice": 2`, 1)
	if bad == save {
		t.Fatal("the example save has no hit_dice pool to break")
	}
	name := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(name, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("migrate", "../examples/lantern-road", name)
	for _, want := range []string{
		`moved 2; the sheet shows hit_dice_d10; but 2 is not a pool's live value, {"value": N}: the save's error at live.pools.hit_dice stands, and the save is not migrated`,
		`error: live.pools.hit_dice: a pool's live value is an object, {"value": N}, not a number [type]`,
		"1 save, 0 migrated, 1 not",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if code != exitFindings {
		t.Errorf("exit %d", code)
	}
}

// C9: --only takes the workbench's word, untranslated: missing and empty.
func TestI18nOnlyUntranslated(t *testing.T) {
	code, got, errOut := runCLI("i18n", "--lang", "pt-BR", "--only", "untranslated", "../examples/lantern-road")
	_, want, _ := runCLI("i18n", "--lang", "pt-BR", "--only", "missing,empty", "../examples/lantern-road")
	if code != exitOK || got != want || errOut != "" {
		t.Errorf("exit %d %s\n%s\nwant\n%s", code, errOut, got, want)
	}
}

// D: an unknown flag is named once, as typed, after one prefix.
func TestUnknownFlagNamedAsTyped(t *testing.T) {
	for _, args := range [][]string{{"layers", "--format2", "x"}, {"explain", "-format", "x"}, {"--formt"}} {
		_, _, errOut := runCLI(args...)
		typed := args[len(args)-1]
		if len(args) > 1 {
			typed = args[1]
		}
		if strings.Count(errOut, "rulebench:") != 1 || !strings.Contains(errOut, "unknown flag "+typed+"\n") {
			t.Errorf("%q: %q", args, errOut)
		}
	}
	if code, out, _ := runCLI("version"); code != exitOK || !strings.HasPrefix(out, "rulebench ") {
		t.Errorf("version: exit %d %q", code, out)
	}
}
