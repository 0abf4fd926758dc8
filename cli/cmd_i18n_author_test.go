package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
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
	for _, s := range r.Strings() {
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
	}{{"../examples/lantern-road", false}, {"../examples/mirefall", true}} {
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
		{"--new", "de", "--update", "fr", "../examples/lantern-road"},
		{"--new", "pt_BR", "../examples/lantern-road"},
		{"--new", "de", "--prune", "../examples/lantern-road"},
		{"--new", "de", "-w", "--out", "x.json", "../examples/lantern-road"},
		{"--new", "de", "--json", "../examples/lantern-road"},
		{"--new", "de"},
		{"--update", "de", "../examples/lantern-road"}, // no de file to update
		{"--new=", "../examples/lantern-road"},
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
	// The link leads to a file inside the package (one leading outside
	// is not read at all).
	elsewhere := filepath.Join(dir, "moved", "pt-BR.json")
	os.Mkdir(filepath.Dir(elsewhere), 0o755)
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
	src := "../examples/lantern-road"
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

// msgfmtCheck runs msgfmt --check-format on a PO file when gettext is
// installed (.ci/run installs it).
func msgfmtCheck(t *testing.T, name string) {
	t.Helper()
	msgfmt, err := exec.LookPath("msgfmt")
	if err != nil {
		return
	}
	if out, err := exec.Command(msgfmt, "--check-format", "-o", os.DevNull, name).CombinedOutput(); err != nil {
		t.Errorf("msgfmt --check-format %s: %v\n%s", name, err, out)
	}
}

// poRoundTrip writes the PO of lang for dir, checks it with msgfmt, merges
// it back unedited and returns the locale file --from-po prints.
func poRoundTrip(t *testing.T, dir, lang string) (po, merged string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), lang+".po")
	code, out, errOut := runCLI("i18n", "--po", lang, "--out", file, dir)
	if code != exitOK || out != file+"\n" {
		t.Fatalf("--po %s: exit %d, %q %s", lang, code, out, errOut)
	}
	msgfmtCheck(t, file)
	code, merged, errOut = runCLI("i18n", "--from-po", file, dir)
	if code != exitOK {
		t.Fatalf("--from-po %s: exit %d, %s", lang, code, errOut)
	}
	return readText(t, file), merged
}

// Must hold 3: the PO round trip leaves every locale file of both examples
// unchanged, and msgfmt accepts each PO.
func TestPORoundTripExamples(t *testing.T) {
	if _, err := exec.LookPath("msgfmt"); err != nil {
		t.Log("msgfmt is not installed: the PO files are not checked with it")
	}
	for _, dir := range []string{"../examples/lantern-road", "../examples/mirefall"} {
		_, r, _ := displayStrings(t, dir)
		if len(r.Locales) < 2 {
			t.Fatalf("%s: %d locale files", dir, len(r.Locales))
		}
		for _, l := range r.Locales {
			if l.Lang == "en" {
				continue // the ruleset's own language: --po en is refused
			}
			po, merged := poRoundTrip(t, dir, l.Lang)
			if merged != string(l.File.Data) {
				t.Errorf("%s %s: the round trip changed the file", dir, l.Lang)
			}
			if want := "Language: " + strings.ReplaceAll(l.Lang, "-", "_") + `\n`; !strings.Contains(po, want) {
				t.Errorf("%s %s: no %q header", dir, l.Lang, want)
			}
			// Every translation of the file is a msgstr.
			for _, k := range l.Keys {
				if _, current := r.Index(k.English); current && k.Value != "" && !strings.Contains(po, "msgstr "+strconv.Quote(k.Value)+"\n") && !strings.Contains(k.Value, "\n") {
					t.Errorf("%s %s: %q is not in the PO", dir, l.Lang, k.Value)
				}
			}
		}
	}
}

// Must hold 3: a locale whose translations and English hold quotes,
// backslashes, line breaks, tabs and non-Latin text survives the round
// trip, and msgfmt accepts the PO.
func TestPORoundTripHardText(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "ruleset.json"), `"label": "Road skills"`, `"label": "Road \"skills\"\\ \tof\nthe way"`)
	locale := filepath.Join(dir, "locales", "fr.json")
	editFile(t, locale, `"Green": "`, `"Road \"skills\"\\ \tof\nthe way": "Compétences \"de la\" route\\\tà\nsuivre — дорога 道 طريق", "Green": "«\u00a0Vert\u00a0» \\n \"`)
	old := readText(t, locale)
	po, merged := poRoundTrip(t, dir, "fr")
	if merged != old {
		t.Errorf("the round trip changed the file:\n%s", merged)
	}
	for _, want := range []string{
		"msgid \"\"\n\"Road \\\"skills\\\"\\\\ \\tof\\n\"\n\"the way\"\n",
		"\"Compétences \\\"de la\\\" route\\\\\\tà\\n\"\n\"suivre — дорога 道 طريق\"\n",
	} {
		if !strings.Contains(po, want) {
			t.Errorf("the PO does not hold %q:\n%s", want, po)
		}
	}
	// An edit in the PO reaches the file, and only that value changes.
	file := filepath.Join(t.TempDir(), "fr.po")
	os.WriteFile(file, []byte(strings.Replace(po, "\"suivre — дорога 道 طريق\"", "\"suivre\\ttout \\\"droit\\\"\"", 1)), 0o644)
	code, out, errOut := runCLI("i18n", "--from-po", file, dir)
	want := strings.Replace(old, `suivre — дорога 道 طريق`, `suivre\ttout \"droit\"`, 1)
	if code != exitOK || out != want {
		t.Errorf("exit %d, %s\n%s", code, errOut, out)
	}
}

// --from-po writes what the PO translates and reports, without writing,
// what it cannot: a msgid that is no display string (with the nearest),
// another msgctxt, plural forms, a fuzzy translation, a msgid given twice.
func TestFromPOFindings(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	po := `msgid ""
msgstr "Language: pt-BR\n"

msgid "Glasswork"
msgstr "Vidraria"

msgid "Guild favor"
msgstr "Favor da guilda"

msgid "Road luck dice"
msgstr "Dado da sorte"

msgctxt "menu"
msgid "Kit"
msgstr "Kit"

msgid "Kit"
msgid_plural "Kits"
msgstr[0] "Kit"
msgstr[1] "Kits"

#, fuzzy
msgid "Caravan"
msgstr "Caravanas"

msgid "Glasswork"
msgstr "Vidro"

msgctxt "package.name"
msgid "Lantern Road"
msgstr ""
`
	file := filepath.Join(t.TempDir(), "pt-BR.po")
	os.WriteFile(file, []byte(po), 0o644)
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	old := readText(t, locale)
	code, out, errOut := runCLI("i18n", "--from-po", file, "-w", dir)
	if code != exitOK || out != locale+"\n"+filepath.Join(dir, "manifest.json")+"\n" {
		t.Fatalf("exit %d, %q\n%s", code, out, errOut)
	}
	for _, want := range []string{
		file + ":10:1: warning: msgid: \"Road luck dice\" is no display string of the ruleset; it was not written (the nearest is \"Road-luck die\")",
		file + ":14:1: warning: msgctxt: msgctxt \"menu\"",
		file + ":17:1: warning: msgid_plural:",
		file + ":23:1: warning: msgstr: the translation of \"Caravan\" is marked fuzzy",
		file + ":26:1: warning: msgid: \"Glasswork\" is given again (first on line 4)",
		"3 values merged into " + locale,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	got := readText(t, locale)
	want := strings.NewReplacer(`"Glasswork": ""`, `"Glasswork": "Vidraria"`,
		"    \"name\": \"Estrada das Lanternas\",\n", "").Replace(old)
	want = strings.Replace(want, "\n  }\n}", ",\n    \"Guild favor\": \"Favor da guilda\"\n  }\n}", 1)
	if got != want {
		t.Errorf("the merged file:\n%s", got)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check after --from-po -w: exit %d, %q", code, got)
	}
}

// A malformed PO is reported with its line, exit 1, and nothing is
// written; a PO with no Language is refused.
func TestFromPORefuses(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	old := readText(t, locale)
	bad := filepath.Join(t.TempDir(), "bad.po")
	os.WriteFile(bad, []byte("msgid \"\"\nmsgstr \"Language: pt_BR\\n\"\n\nmsgid \"Green\"\nmsgstr \"Novato\n"), 0o644)
	code, out, errOut := runCLI("i18n", "--from-po", bad, "-w", dir)
	if code != exitFindings || out != "" || !strings.Contains(errOut, bad+":5:8: error:") || readText(t, locale) != old {
		t.Errorf("malformed: exit %d, %q %q", code, out, errOut)
	}
	nolang := filepath.Join(t.TempDir(), "nolang.po")
	os.WriteFile(nolang, []byte("msgid \"Green\"\nmsgstr \"Novato\"\n"), 0o644)
	if code, out, errOut := runCLI("i18n", "--from-po", nolang, "-w", dir); code != exitFindings || out != "" || !strings.Contains(errOut, "no Language") {
		t.Errorf("no Language: exit %d, %q %q", code, out, errOut)
	}
	if code, _, errOut := runCLI("i18n", "--from-po", filepath.Join(dir, "nowhere.po"), dir); code != exitUsage || !strings.Contains(errOut, "cannot read") {
		t.Errorf("missing PO: exit %d, %q", code, errOut)
	}
	// --out may not name the PO itself.
	good := filepath.Join(t.TempDir(), "good.po")
	os.WriteFile(good, []byte("msgid \"\"\nmsgstr \"Language: pt_BR\\n\"\n"), 0o644)
	if code, _, errOut := runCLI("i18n", "--from-po", good, "--out", good, dir); code != exitUsage || !strings.Contains(errOut, "input") {
		t.Errorf("--out the PO: exit %d, %q", code, errOut)
	}
}

// A PO for a language with no file yet makes the file: -w writes it and
// lists it in the manifest.
func TestFromPONewLanguage(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	po, _ := poRoundTrip(t, dir, "de")
	po = strings.Replace(po, "msgid \"Green\"\nmsgstr \"\"", "msgid \"Green\"\nmsgstr \"Grün\"", 1)
	file := filepath.Join(t.TempDir(), "de.po")
	os.WriteFile(file, []byte(po), 0o644)
	code, out, errOut := runCLI("i18n", "--from-po", file, "-w", dir)
	target := filepath.Join(dir, "locales", "de.json")
	if code != exitOK || out != target+"\n"+filepath.Join(dir, "manifest.json")+"\n" {
		t.Fatalf("exit %d, %q %s", code, out, errOut)
	}
	doc := runI18nJSON(t, exitOK, "--lang", "de", dir)
	if l := doc.Languages[0]; l.Translated != 1 || l.Empty != doc.Strings-1 {
		t.Errorf("de: %+v", l)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check: exit %d, %q", code, got)
	}
}

// --only lists the strings in the states named, in text and JSON.
func TestI18nOnly(t *testing.T) {
	dir := "../examples/lantern-road"
	full := runI18nJSON(t, exitOK, "--lang", "pt-BR", dir)
	for _, only := range []string{"missing", "empty", "via-base", "translated", "stale", "missing,empty,via-base,stale"} {
		doc := runI18nJSON(t, exitOK, "--lang", "pt-BR", "--only", only, dir)
		states := strings.Split(strings.ReplaceAll(only, "via-base", "via base"), ",")
		want := 0
		for _, d := range full.Languages[0].Detail {
			if slices.Contains(states, d.State) {
				want++
			}
		}
		l := doc.Languages[0]
		if len(l.Detail) != want || l.Missing != full.Languages[0].Missing {
			t.Errorf("--only %s: %d strings, want %d", only, len(l.Detail), want)
		}
		for _, d := range l.Detail {
			if !slices.Contains(states, d.State) {
				t.Errorf("--only %s lists a %s string", only, d.State)
			}
		}
		_, text, _ := runCLI("i18n", "--lang", "pt-BR", "--only", only, dir)
		stale := strings.Count(text, "\n  stale ")
		if wantStale := map[bool]int{true: 2, false: 0}[slices.Contains(states, "stale")]; stale != wantStale {
			t.Errorf("--only %s: %d stale lines in the text, want %d", only, stale, wantStale)
		}
		if lines := strings.Count(text, "\n  ") - stale; lines != want {
			t.Errorf("--only %s: %d string lines in the text, want %d", only, lines, want)
		}
	}
	for _, args := range [][]string{{"--only", "missing", dir}, {"--lang", "fr", "--only", "lost", dir}} {
		if code, _, _ := runCLI(append([]string{"i18n"}, args...)...); code != exitUsage {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// The bug of issue 11: a catalog entry that lists an en pack is refused
// twice (the listing, and the en pack file beside the artifact), and is
// not also warned that it does not list that en pack, through check and
// i18n, with the entry beside the artifact or given with --entry.
func TestEntryListingEnIsNotCalledUnlisted(t *testing.T) {
	dir := copyExample(t, "mirefall")
	en := strings.Replace(readText(t, filepath.Join(dir, "mirefall-1.0.0.pt-BR.json")), `"locale": "pt-BR"`, `"locale": "en"`, 1)
	os.WriteFile(filepath.Join(dir, "mirefall-1.0.0.en.json"), []byte(en), 0o644)
	entry := filepath.Join(dir, "mirefall-1.0.0.entry.json")
	editFile(t, entry, "\n  \"locales\": {\n", "\n  \"locales\": {\n    \"en\": {\"url\": \"https://raw.githubusercontent.com/peatsmoke-games/marinara-rulesets/main/artifacts/mirefall-1.0.0.en.json\", \"sha256\": \""+sha256Of(en)+"\", \"bytes\": "+strconv.Itoa(len(en))+", \"name\": \"Mirefall\", \"description\": \"Reed-cutters.\"},\n")
	given := filepath.Join(t.TempDir(), "entry.json")
	os.WriteFile(given, []byte(readText(t, entry)), 0o644)
	for _, args := range [][]string{{"check", "--json", dir}, {"i18n", "--json", dir}, {"i18n", "--json", "--entry", given, filepath.Join(dir, "mirefall-1.0.0.ruleset.json")}} {
		_, out, _ := runCLI(args...)
		var doc struct {
			Diagnostics []struct{ Severity, Code, File, Path string }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		var en []string
		for _, d := range doc.Diagnostics {
			if strings.HasSuffix(d.File, ".en.json") || strings.HasPrefix(d.Path, "locales.en") {
				en = append(en, d.Severity+" "+d.Code)
			}
		}
		slices.Sort(en)
		if want := []string{"error entry-en", "error locale-en"}; !slices.Equal(en, want) {
			t.Errorf("%q: the findings about en are %q, want %q", args, en, want)
		}
	}
}

// --new -w beside a catalog artifact writes the pack, and says what the
// catalog entry needs to list it (the entry is not written: its name and
// description in the language are the author's).
func TestI18nNewPackNotesTheEntry(t *testing.T) {
	dir := copyExample(t, "mirefall")
	entry := filepath.Join(dir, "mirefall-1.0.0.entry.json")
	old := readText(t, entry)
	code, out, errOut := runCLI("i18n", "--new", "fr", "-w", dir)
	pack := filepath.Join(dir, "mirefall-1.0.0.fr.json")
	if code != exitOK || out != pack+"\n" {
		t.Fatalf("exit %d, %q %s", code, out, errOut)
	}
	data := readText(t, pack)
	if !strings.Contains(errOut, "does not list the fr pack") || !strings.Contains(errOut, `"sha256": "`+sha256Of(data)+`", "bytes": `+strconv.Itoa(len(data))) ||
		!strings.Contains(errOut, `artifacts/mirefall-1.0.0.fr.json"`) {
		t.Errorf("no note of the listing to add:\n%s", errOut)
	}
	if readText(t, entry) != old {
		t.Error("the entry was written")
	}
	if keys, _, ds := localeKeys(t, pack, "fr", []byte(data), true); len(keys) == 0 || len(ds) > 0 {
		t.Errorf("the pack: %d keys, %v", len(keys), ds)
	}
}

// A locale file printed by --update keeps its meaning but never drives a
// terminal: the C1, DEL and bidirectional controls of a translation it
// copies are written as \u escapes, and a byte that is not UTF-8 as
// \ufffd; with --out the file keeps its own bytes.
func TestI18nUpdatePrintsNoRawControls(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	data, err := os.ReadFile(locale)
	if err != nil {
		t.Fatal(err)
	}
	hostile := "Nov\u009b2Jato\u007f\u202e"
	data = bytes.Replace(data, []byte(`"Green": "Novato"`), []byte(`"Green": "`+hostile+`"`), 1)
	if err := os.WriteFile(locale, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"i18n", "--update", "pt-BR", dir}, nil, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, r := range []rune{0x9b, 0x7f, 0x202e} {
		if strings.ContainsRune(out.String(), r) {
			t.Errorf("stdout holds the raw %U", r)
		}
	}
	var doc struct {
		Ruleset map[string]string `json:"ruleset"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Ruleset["Green"] != hostile {
		t.Errorf("the translation printed is %q, want %q", doc.Ruleset["Green"], hostile)
	}
	target := filepath.Join(t.TempDir(), "pt-BR.json")
	if code := run([]string{"i18n", "--update", "pt-BR", "--out", target, dir}, nil, &out, &errOut); code != exitOK {
		t.Fatalf("--out: exit %d: %s", code, errOut.String())
	}
	written, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(written, []byte(hostile)) {
		t.Errorf("--out did not keep the translation's own bytes")
	}
	if got := terminalSafeJSON([]byte("\"a\x9bb\"")); string(got) != `"a\ufffdb"` {
		t.Errorf("a lone byte: %q", got)
	}
}

// The usage names --schema (its output is checked against a real JSON
// Schema validator in package clivalidate).
func TestI18nUsageNamesSchema(t *testing.T) {
	if !slices.Contains(i18nAuthorUsage, "i18n --schema LANG|all [--vscode] [--out FILE] PATH") {
		t.Error("the usage lacks --schema")
	}
}
