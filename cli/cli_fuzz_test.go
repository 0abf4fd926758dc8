package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/model/modeltest"
)

// cliFuzzRuleset is a small package ruleset for FuzzCLI. @A@ stands for the
// fuzzed text, written into JSON strings (see modeltest.RawJSONText): the name, an
// unknown key, labels, an enum value, a layer's label, summary and
// guidance, a catalog entry and a migration's target, so that the reports
// and the findings quote it.
const cliFuzzRuleset = `{"schemaVersion":1,"id":"quarry","version":2,"name":"Quarry @A@","@A@":true,
"coverage":{"checks":true,"summary":"Stone and dust."},
"resolution":{"kind":"dice-sum","dice":{"count":2,"sides":6},"abilityModifier":{"op":"identity"},
 "proficiencyTiers":[{"id":"raw","label":"Raw"}],
 "difficultyLadder":[{"label":"Soft","dc":6},{"label":"Granite @A@","dc":10}]},
"sheet":{"version":2,
 "abilities":[{"id":"back","label":"Back @A@","min":0,"max":4,"default":1}],
 "fields":[{"id":"seam","label":"Seam","type":"enum","values":["chalk","slate","@A@"],"default":"chalk"}],
 "migrations":[{"from":1,"steps":[{"rename":"field","from":"vein","to":"seam"},{"rename":"field","from":"@A@","to":"seam"}]}]},
"gm":{"checkGuidance":"Roll when rock fights back. @A@"},
"items":{"categories":[{"id":"tool","label":"Tool"}],
 "currencies":[{"id":"coin","label":"Coin","units":[{"id":"chip","label":"chips","value":1},{"id":"block","label":"blocks @A@","value":10}]}]},
"catalogs":[{"id":"tools","label":"Tools","holds":"items","entries":[{"id":"pick","label":"Pick @A@","item":{"category":"tool","cost":{"amount":3,"unit":"block"}}}]}],
"layers":[
 {"id":"dust","label":"Dust @A@","summary":"Dry @A@","conflicts":["rain"],"gm":{"guidance":"Cough. @A@"},"fields":[{"id":"seam","removeValues":["@A@"]}]},
 {"id":"rain","label":"Rain","currencies":{"removeUnits":["block"]}}]}`

const cliFuzzManifest = `{"schemaVersion":2,"id":"quarry","name":"Quarry @A@","version":"1.0.0","capabilityApi":{"major":1,"minor":813}}`

// cliFuzzLocale translates the name, holds a stale key and a value made of
// the fuzzed text.
const cliFuzzLocale = `{"_meta":{"locale":"de","direction":"ltr"},"ruleset":{"Quarry @A@":"Steinbruch @A@","@A@ old":"x","Back @A@":"@A@"}}`

// cliFuzzSave is a version 1 save the migration carries forward.
const cliFuzzSave = `{"v":1,"build":{"fields":{"vein":"@A@","@A@":"slate"}}}`

// cliRawControl reports the first rune of s that would act on a terminal
// rather than show (line feeds and tabs are text in command output).
func cliRawControl(s string) (rune, int, bool) { return modeltest.RawControl(s, "\n\t") }

// cliRawC0 reports the first C0 control of s other than a line feed or a
// tab.
func cliRawC0(s string) (rune, int, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\n' && c != '\t' && c < 0x20 {
			return rune(c), i, true
		}
	}
	return 0, 0, false
}

// cliFuzzCommands are the command lines FuzzCLI runs: PKG is the package
// folder, SAVE its sample save, A the fuzzed text (as a flag value, a file
// name, an unknown flag), MISSING a path under PKG named by it that does
// not exist.
var cliFuzzCommands = [][]string{
	{"check", "PKG"},
	{"check", "PKG/ruleset.json"},
	{"check", "MISSING"},
	{"check", "--A", "PKG"},
	{"check", "--fail-on", "A", "PKG"},
	{"check", "--format", "A", "PKG"},
	{"layers", "PKG"},
	{"layers", "--on", "dust,A", "PKG"},
	{"layers", "--on", "rain", "PKG", "SAVE"},
	{"i18n", "PKG"},
	{"i18n", "--lang", "de", "PKG"},
	{"i18n", "--lang", "A", "PKG"},
	{"i18n", "--entry", "MISSING", "PKG"},
	{"i18n", "--engine-lang", "de", "PKG"},
	{"i18n", "--lang", "de", "--only", "A", "PKG"},
	{"i18n", "--po", "de", "PKG"},
	{"i18n", "--new", "fr", "PKG"},
	{"i18n", "--update", "de", "PKG"},
	{"i18n", "--from-po", "MISSING", "PKG"},
	{"migrate", "PKG"},
	{"migrate", "PKG", "SAVE"},
	{"migrate", "PKG", "MISSING"},
	{"migrate", "--since", "PKG/ruleset.json", "PKG"},
	{"check", "--json", "PKG"},
	{"check", "--format", "sarif", "PKG"},
	{"check", "--format", "github", "PKG"},
	{"layers", "--json", "--on", "dust,A", "PKG", "SAVE"},
	{"i18n", "--json", "--lang", "de", "PKG"},
	{"migrate", "--json", "PKG", "SAVE"},
	{"diff", "OLD", "PKG"},
	{"diff", "--format", "markdown", "OLD", "PKG"},
	{"diff", "--json", "OLD", "PKG"},
	{"changelog", "--date", "2026-12-08", "OLD", "PKG"},
}

// FuzzCLI runs check, layers, i18n and migrate, in text form, on a small
// package whose texts are fuzzed (a text of up to 48 bytes repeated up to
// 64 times, written into the ruleset, the manifest, a
// locale file, a sample save and that save's file name) with the fuzzed
// text also given as a flag value, an unknown flag and a missing path. No
// run may panic, and no raw control character or escape sequence may reach
// stdout or stderr: text from the input is printed with visible escapes.
func FuzzCLI(f *testing.F) {
	f.Add(uint8(0), uint8(0), "granite")
	f.Add(uint8(4), uint8(40), "long words ")
	f.Add(uint8(1), uint8(0), "\x1b[2J\x1b]0;pwned\a")
	f.Add(uint8(2), uint8(0), "\x9b31m\u202eevil\r")
	f.Add(uint8(5), uint8(0), "bad\xff\xfe\x7f")
	f.Add(uint8(9), uint8(0), "pt-\x1b[31mBR")
	f.Add(uint8(13), uint8(0), "e\u0301\u200d👩‍👩‍👧\t")
	f.Add(uint8(15), uint8(0), "seam")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, which, rep uint8, a string) {
		// a long text is a short one repeated, so that the fuzzer's inputs
		// (and the work of its minimizer, quadratic in their length) stay
		// small
		a = strings.Repeat(a[:min(len(a), 48)], 1+int(rep)%64)
		pkg, err := os.MkdirTemp(dir, "pkg")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(pkg)
		fill := strings.NewReplacer("@A@", modeltest.RawJSONText(a))
		name := strings.NewReplacer("/", "_", "\x00", "_").Replace(a[:min(len(a), 200)]) // a file name has at most 255 bytes
		if name == "" || name == "." || name == ".." {
			name = "old"
		}
		save := filepath.Join(pkg, "saves", name+".json")
		for p, text := range map[string]string{
			"manifest.json":   cliFuzzManifest,
			"ruleset.json":    cliFuzzRuleset,
			"locales/de.json": cliFuzzLocale,
		} {
			writeFuzzFile(t, filepath.Join(pkg, p), fill.Replace(text))
		}
		writeFuzzFile(t, save, fill.Replace(cliFuzzSave))
		// the previous version, for diff and changelog: every fuzzed text
		// is new in PKG
		old := filepath.Join(dir, "old-"+filepath.Base(pkg)+".json")
		writeFuzzFile(t, old, strings.ReplaceAll(strings.Replace(cliFuzzRuleset, `"version":2`, `"version":1`, 1), "@A@", "x"))
		defer os.Remove(old)
		args := append([]string(nil), cliFuzzCommands[int(which)%len(cliFuzzCommands)]...)
		for i, arg := range args {
			arg = strings.ReplaceAll(arg, "PKG", pkg)
			arg = strings.ReplaceAll(arg, "SAVE", save)
			if arg == "OLD" {
				arg = old
			}
			arg = strings.ReplaceAll(arg, "MISSING", filepath.Join(pkg, "no "+name))
			if arg == "--A" {
				arg = "--" + a
			} else if arg == "A" || strings.HasSuffix(arg, ",A") {
				arg = strings.TrimSuffix(arg, "A") + a
			}
			args[i] = arg
		}
		var out, errOut bytes.Buffer
		run(args, strings.NewReader(""), &out, &errOut)
		// --po prints a PO file (for a redirect), which keeps the
		// translations' own characters: what could drive a terminal from
		// plain ASCII (ESC and the other C0 controls) must still never
		// show. The locale files --new and --update print, and the JSON
		// documents (--json, sarif), are held to the whole rule: their
		// controls are written as \u escapes.
		file := slices.Contains(args, "--po")
		for _, s := range []struct{ name, text string }{{"stdout", out.String()}, {"stderr", errOut.String()}} {
			check := cliRawControl
			if file && s.name == "stdout" {
				check = cliRawC0
			}
			if r, at, bad := check(s.text); bad {
				line := strings.Count(s.text[:at], "\n") + 1
				t.Fatalf("%q: %s line %d holds the raw %U:\n%q", args, s.name, line, r, strings.Split(s.text, "\n")[line-1])
			}
		}
	})
}

// writeFuzzFile writes a file, making its folder.
func writeFuzzFile(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
