package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulebench/i18n"
	"rulebench/model"
)

// displayStrings loads a workspace and returns its display strings in
// order, as `i18n --json` counts them, with the translation report.
func displayStrings(t *testing.T, p string) ([]string, *i18n.Report, *model.Workspace) {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		t.Fatal(err)
	}
	r := i18n.Analyze(ws)
	var out []string
	for _, s := range r.Strings {
		out = append(out, s.Text)
	}
	return out, r, ws
}

// i18nStringCount is the strings count of `i18n --json`.
func i18nStringCount(t *testing.T, p string) int {
	t.Helper()
	_, out, _ := runCLI("i18n", "--json", p)
	var doc struct{ Strings int }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Strings
}

// localeKeys returns a locale file's ruleset keys in file order, and its
// values.
func localeKeys(t *testing.T, name, lang string, data []byte, pack bool) ([]string, map[string]string, []model.Diagnostic) {
	t.Helper()
	l, ds := i18n.ParseLocale(name, lang, data, pack)
	var keys []string
	values := map[string]string{}
	for _, k := range l.Keys {
		keys = append(keys, k.English)
		values[k.English] = k.Value
	}
	return keys, values, ds
}

// checkDoc returns the findings of `check --json` as "severity code file
// path" lines.
func checkFindings(t *testing.T, p string) []string {
	t.Helper()
	_, out, _ := runCLI("check", "--json", p)
	var doc struct {
		Diagnostics []struct{ Severity, Code, File, Path string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check --json: %v\n%s", err, out)
	}
	var got []string
	for _, d := range doc.Diagnostics {
		got = append(got, d.Severity+" "+d.Code+" "+filepath.Base(d.File)+" "+d.Path)
	}
	return got
}

// Must hold 2: --new for every Engine language on both examples loads with
// no finding, and its keys are exactly the display strings i18n --json
// counts, in the order of first use, every value "".
func TestI18nNewEveryEngineLanguage(t *testing.T) {
	for _, ex := range []struct {
		dir  string
		pack bool
	}{{"examples/lantern-road", false}, {"examples/mirefall", true}} {
		want, r, ws := displayStrings(t, ex.dir)
		if n := i18nStringCount(t, ex.dir); n != len(want) || n == 0 {
			t.Fatalf("%s: i18n --json counts %d strings, the report %d", ex.dir, n, len(want))
		}
		for _, lang := range i18n.EngineLanguages {
			code, out, errOut := runCLI("i18n", "--new", lang, ex.dir)
			if lang == "en" && ex.pack {
				if code != exitUsage || out != "" || !strings.Contains(errOut, "never has an en pack") {
					t.Errorf("%s en: exit %d, %q %q; want 2 and no pack", ex.dir, code, out, errOut)
				}
				continue
			}
			if code != exitOK {
				t.Fatalf("%s %s: exit %d: %s", ex.dir, lang, code, errOut)
			}
			name := i18n.LocaleTarget(ws, r, lang)
			keys, values, ds := localeKeys(t, name, lang, []byte(out), ex.pack)
			if len(ds) > 0 {
				t.Errorf("%s %s: the new file has findings: %v\n%s", ex.dir, lang, ds, out)
			}
			if lang == "en" {
				if keys != nil || strings.Contains(out, `"ruleset"`) {
					t.Errorf("%s en: the English introduction has a ruleset section", ex.dir)
				}
				continue
			}
			if !slices.Equal(keys, want) {
				t.Errorf("%s %s: %d keys, want the %d display strings in order", ex.dir, lang, len(keys), len(want))
			}
			for k, v := range values {
				if v != "" {
					t.Errorf("%s %s: %q has the value %q", ex.dir, lang, k, v)
				}
			}
			var meta struct {
				Meta    struct{ Locale, Direction string } `json:"_meta"`
				Package *struct{ Name, Description string }
			}
			if err := json.Unmarshal([]byte(out), &meta); err != nil {
				t.Fatal(err)
			}
			wantDir := map[bool]string{true: "rtl", false: "ltr"}[lang == "ar"]
			if meta.Meta.Locale != lang || meta.Meta.Direction != wantDir {
				t.Errorf("%s %s: _meta %+v", ex.dir, lang, meta.Meta)
			}
			if (meta.Package != nil) != !ex.pack || (meta.Package != nil && meta.Package.Name != ws.Manifest.Name) {
				t.Errorf("%s %s: package section %+v", ex.dir, lang, meta.Package)
			}
		}
	}
}

// --new -w writes locales/LANG.json, lists it in the manifest with its
// checksum and size, and leaves check as it was; the language reads 0%.
func TestI18nNewWrite(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	before := checkFindings(t, dir)
	manifest := filepath.Join(dir, "manifest.json")
	oldManifest := readText(t, manifest)
	code, out, errOut := runCLI("i18n", "--new", "de", "-w", dir)
	target := filepath.Join(dir, "locales", "de.json")
	if code != exitOK || out != target+"\n"+manifest+"\n" {
		t.Fatalf("exit %d, %q (%s); want 0 and the two files", code, out, errOut)
	}
	data := readText(t, target)
	if after := checkFindings(t, dir); !slices.Equal(after, before) {
		t.Errorf("check after --new -w: %q, before %q", after, before)
	}
	listing := "    {\n      \"path\": \"locales/de.json\",\n      \"sha256\": \"" + sha256Of(data) + "\",\n      \"bytes\": " + strconv.Itoa(len(data)) + "\n    }"
	if newManifest := readText(t, manifest); !strings.Contains(newManifest, "},\n"+listing+"\n  ]") ||
		len(newManifest) != len(oldManifest)+len(",\n"+listing) {
		t.Errorf("the manifest does not list the new file like its neighbours, and nothing else:\n%s", newManifest)
	}
	doc := runI18nJSON(t, exitOK, "--lang", "de", dir)
	if l := doc.Languages[0]; l.Lang != "de" || l.Percent != 0 || l.Empty != doc.Strings {
		t.Errorf("de after --new: %+v", l)
	}
	// A second --new -w refuses: the file exists now.
	code, out, errOut = runCLI("i18n", "--new", "de", "-w", dir)
	if code != exitUsage || out != "" || !strings.Contains(errOut, "already has a locale file") || readText(t, target) != data {
		t.Errorf("second --new -w: exit %d, %q %q", code, out, errOut)
	}
}

// A package without translations declares a Capability API below 1.811;
// --new -w raises it, as fix would.
func TestI18nNewRaisesCapability(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "ruleset.json"), []byte(`{"name": "Tiny", "edition": "One"}`), 0o644)
	ruleset := readText(t, filepath.Join(dir, "ruleset.json"))
	manifest := `{
  "schemaVersion": 2, "id": "tiny", "name": "Tiny", "version": "1.0.0", "description": "A tiny package.",
  "capabilityApi": {"major": 1, "minor": 20},
  "kind": ["ruleset"],
  "files": [{"path": "ruleset.json", "sha256": "` + sha256Of(ruleset) + `", "bytes": ` + strconv.Itoa(len(ruleset)) + `}]
}
`
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(manifest), 0o644)
	code, _, errOut := runCLI("i18n", "--new", "fr", "-w", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	text := readText(t, filepath.Join(dir, "manifest.json"))
	if !strings.Contains(text, `"minor": 811`) || !strings.Contains(text, `}, {"path": "locales/fr.json", "sha256": "`) {
		t.Errorf("the manifest was not refreshed:\n%s", text)
	}
	// The tiny ruleset lacks much, but nothing about the manifest is wrong.
	_, got := checkCodes(t, dir)
	for _, c := range got {
		if strings.HasPrefix(c, "manifest-") || strings.HasPrefix(c, "capability") {
			t.Errorf("check: %s", c)
		}
	}
}

// Must hold 2: --update keeps every translation in its place and adds
// exactly the missing strings; a second run changes nothing; --prune
// removes exactly the stale keys.
func TestI18nUpdate(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	manifest := filepath.Join(dir, "manifest.json")
	old := readText(t, locale)
	strs, r, _ := displayStrings(t, dir)
	view, _ := r.Language("pt-BR")
	var missing []string
	for i, s := range strs {
		if view.States[i] == i18n.Missing {
			missing = append(missing, s)
		}
	}
	var stale []string
	for _, s := range view.Stale {
		stale = append(stale, s.English)
	}
	if len(missing) == 0 || len(stale) == 0 || view.Coverage.ViaBase == 0 {
		t.Fatalf("the example should have missing (%d), stale (%d) and via-base strings", len(missing), len(stale))
	}
	oldKeys, oldValues, _ := localeKeys(t, locale, "pt-BR", []byte(old), false)

	code, out, errOut := runCLI("i18n", "--update", "pt-BR", dir)
	if code != exitOK || !strings.Contains(errOut, "stale key \"Road luck die\"") || !strings.Contains(errOut, `"Road-luck die"`) {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	if readText(t, locale) != old {
		t.Fatal("--update without -w wrote the file")
	}
	keys, values, _ := localeKeys(t, locale, "pt-BR", []byte(out), false)
	if !slices.Equal(keys, append(slices.Clone(oldKeys), missing...)) {
		t.Errorf("keys after --update: not the old ones followed by the %d missing strings", len(missing))
	}
	for k, v := range oldValues {
		if values[k] != v {
			t.Errorf("%q: %q became %q", k, v, values[k])
		}
	}
	// The old file, up to its last member, is kept byte for byte.
	cut := strings.LastIndex(old, `"`) + 1
	if !strings.HasPrefix(out, old[:cut]) {
		t.Error("the existing members did not stay byte for byte")
	}

	code, out, errOut = runCLI("i18n", "--update", "pt-BR", "-w", dir)
	if code != exitOK || out != locale+"\n"+manifest+"\n" {
		t.Fatalf("-w: exit %d, %q %s", code, out, errOut)
	}
	written := readText(t, locale)
	if strings.Count(written, `": ""`) != strings.Count(old, `": ""`)+len(missing) {
		t.Error("-w did not write what --update printed")
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check after --update -w: exit %d, %q", code, got)
	}
	doc := runI18nJSON(t, exitOK, "--lang", "pt-BR", dir)
	if l := doc.Languages[0]; l.Missing != 0 || l.ViaBase != view.Coverage.ViaBase || l.Translated != view.Coverage.Translated {
		t.Errorf("pt-BR after --update: %+v", l)
	}
	manifestText := readText(t, manifest)
	code, out, _ = runCLI("i18n", "--update", "pt-BR", "-w", dir)
	if code != exitOK || out != "" || readText(t, locale) != written || readText(t, manifest) != manifestText {
		t.Errorf("a second --update -w: exit %d, %q, or a file changed", code, out)
	}

	code, out, errOut = runCLI("i18n", "--update", "pt-BR", "--prune", "-w", dir)
	if code != exitOK || !strings.Contains(errOut, "2 stale keys removed") {
		t.Fatalf("--prune: exit %d, %q %s", code, out, errOut)
	}
	pruned, _, ds := localeKeys(t, locale, "pt-BR", []byte(readText(t, locale)), false)
	afterKeys, _, _ := localeKeys(t, locale, "pt-BR", []byte(written), false)
	wantKeys := slices.DeleteFunc(slices.Clone(afterKeys), func(k string) bool { return slices.Contains(stale, k) })
	if !slices.Equal(pruned, wantKeys) || len(ds) > 0 {
		t.Errorf("--prune left %d keys, want %d (%v)", len(pruned), len(wantKeys), ds)
	}
	if got := checkFindings(t, dir); len(got) > 0 {
		t.Errorf("check after --prune: %q", got)
	}
}

// --update of a language pack beside a catalog artifact refreshes the
// catalog entry's listing of it (mirefall's de listing is wrong on
// purpose).
func TestI18nUpdatePack(t *testing.T) {
	dir := copyExample(t, "mirefall")
	entry := filepath.Join(dir, "mirefall-1.0.0.entry.json")
	pack := filepath.Join(dir, "mirefall-1.0.0.de.json")
	code, out, errOut := runCLI("i18n", "--update", "de", "-w", dir)
	if code != exitOK || out != pack+"\n"+entry+"\n" {
		t.Fatalf("exit %d, %q %s", code, out, errOut)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check: exit %d, %q", code, got)
	}
	if code, _, _ := runCLI("i18n", "--update", "en", dir); code != exitUsage {
		t.Errorf("--update en of an artifact: exit %d, want 2", code)
	}
}

func TestI18nAuthorUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--new", "de", "--update", "fr", "examples/lantern-road"},
		{"--new", "pt_BR", "examples/lantern-road"},
		{"--new", "de", "--prune", "examples/lantern-road"},
		{"--new", "de", "-w", "--out", "x.json", "examples/lantern-road"},
		{"--new", "de", "--json", "examples/lantern-road"},
		{"--new", "de"},
		{"--update", "de", "examples/lantern-road"}, // no de file to update
		{"--new=", "examples/lantern-road"},
	} {
		code, out, errOut := runCLI(append([]string{"i18n"}, args...)...)
		if code != exitUsage || out != "" || errOut == "" {
			t.Errorf("%q: exit %d, %q %q; want 2 and a message", args, code, out, errOut)
		}
	}
	if code, out, _ := runCLI("i18n", "--help"); code != exitOK || !strings.Contains(out, "--update LANG [--prune]") || !strings.Contains(out, "-prune") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

// --out writes a new file; it refuses an existing one, an input and a link.
func TestI18nOutRefuses(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	other := t.TempDir()
	existing := filepath.Join(other, "de.json")
	os.WriteFile(existing, []byte("mine"), 0o644)
	link := filepath.Join(other, "link.json")
	linked := filepath.Join(other, "nowhere.json")
	symlinks := os.Symlink(linked, link) == nil
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	old := readText(t, locale)
	for _, target := range []string{existing, locale, filepath.Join(dir, "manifest.json"), link} {
		if target == link && !symlinks {
			continue
		}
		code, out, errOut := runCLI("i18n", "--update", "pt-BR", "--out", target, dir)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "refusing") {
			t.Errorf("--out %s: exit %d, %q %q", target, code, out, errOut)
		}
	}
	if readText(t, existing) != "mine" || readText(t, locale) != old {
		t.Error("a file was written over")
	}
	if _, err := os.Lstat(linked); err == nil {
		t.Error("a file was written through the link")
	}
	fresh := filepath.Join(other, "fresh.json")
	if code, out, _ := runCLI("i18n", "--new", "de", "--out", fresh, dir); code != exitOK || out != fresh+"\n" {
		t.Errorf("--out to a new file: exit %d, %q", code, out)
	}
	if keys, _, ds := localeKeys(t, "de.json", "de", []byte(readText(t, fresh)), false); len(keys) == 0 || len(ds) > 0 {
		t.Errorf("--out wrote %d keys, %v", len(keys), ds)
	}
}

// -w refuses to write through a link, and writes nothing then.
func TestI18nWriteRefusesLinks(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	elsewhere := filepath.Join(t.TempDir(), "pt-BR.json")
	os.Rename(locale, elsewhere)
	if err := os.Symlink(elsewhere, locale); err != nil {
		t.Skip("no symbolic links:", err)
	}
	manifest := readText(t, filepath.Join(dir, "manifest.json"))
	target := readText(t, elsewhere)
	code, _, errOut := runCLI("i18n", "--update", "pt-BR", "-w", dir)
	if code != exitUsage || !strings.Contains(errOut, "link") {
		t.Errorf("exit %d, %q; want 2 and a word on the link", code, errOut)
	}
	if readText(t, filepath.Join(dir, "manifest.json")) != manifest || readText(t, elsewhere) != target {
		t.Error("a file was written")
	}
}

// In a folder that may not be written, -w fails with exit 2 and leaves
// every file as it was, with no temporary file behind.
func TestI18nWriteReadOnlyFolder(t *testing.T) {
	files := map[string]string{}
	src := "examples/lantern-road"
	filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			rel, _ := filepath.Rel(src, p)
			files[rel] = readText(t, p)
		}
		return nil
	})
	dir := readOnlyFolder(t, files)
	if dir == "" {
		return
	}
	for _, args := range [][]string{{"--new", "de", "-w"}, {"--update", "pt-BR", "-w"}} {
		code, out, errOut := runCLI(append(append([]string{"i18n"}, args...), dir)...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "cannot write") {
			t.Errorf("%q: exit %d, %q %q; want 2", args, code, out, errOut)
		}
	}
	for name, content := range files {
		if readText(t, filepath.Join(dir, name)) != content {
			t.Errorf("%s changed", name)
		}
	}
	if extra := leftovers(t, filepath.Join(dir, "locales"), "en.json", "fr.json", "pt.json", "pt-BR.json"); len(extra) > 0 {
		t.Errorf("files left: %v", extra)
	}
}
