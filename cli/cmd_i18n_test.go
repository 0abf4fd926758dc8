package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"rulebench/model/modeltest"
	"strings"
	"testing"
)

// i18nCLI runs `rulebench i18n args...` with buffers.
func i18nCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"i18n"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// i18nJSON is the part of the --json document the tests read.
type i18nJSON struct {
	SchemaVersion int `json:"schemaVersion"`
	Strings       int `json:"strings"`
	Words         int `json:"words"`
	Languages     []struct {
		Lang       string  `json:"lang"`
		File       *string `json:"file"`
		Translated int     `json:"translated"`
		Empty      int     `json:"empty"`
		Missing    int     `json:"missing"`
		ViaBase    int     `json:"viaBase"`
		Stale      int     `json:"stale"`
		Percent    float64 `json:"percent"`
		Detail     []struct {
			English, State, Shown, From string
		} `json:"detail"`
	} `json:"languages"`
	Import *struct {
		EngineLang string   `json:"engineLang"`
		Kept       []string `json:"kept"`
		Discarded  []string `json:"discarded"`
		Refused    []string `json:"refused"`
	} `json:"import"`
	Diagnostics []struct {
		Severity, Code, Path, File string
		Line, Column               int
	} `json:"diagnostics"`
}

func runI18nJSON(t *testing.T, wantCode int, args ...string) i18nJSON {
	t.Helper()
	code, out, errOut := i18nCLI(append([]string{"--json"}, args...)...)
	if code != wantCode {
		t.Fatalf("exit %d, want %d\n%s%s", code, wantCode, out, errOut)
	}
	var doc i18nJSON
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.SchemaVersion != 1 {
		t.Errorf("schemaVersion %d", doc.SchemaVersion)
	}
	return doc
}

// langRow is one language's counts as the golden tests state them.
type langRow struct {
	lang                                       string
	translated, viaBase, empty, missing, stale int
	percent                                    float64
}

func checkLanguages(t *testing.T, doc i18nJSON, want []langRow) {
	t.Helper()
	var got []langRow
	for _, l := range doc.Languages {
		got = append(got, langRow{l.Lang, l.Translated, l.ViaBase, l.Empty, l.Missing, l.Stale, l.Percent})
	}
	if len(got) != len(want) {
		t.Fatalf("languages\n got %+v\nwant %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("language %d\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// The counts below are the ones examples/README.md designed (§1.6, §2.1);
// percent is (translated + via base) / strings, rounded down to a tenth;
// words follow i18n.CountWords (the README counts 1264 and 379 words split
// at spaces; hyphens and apostrophes make the difference).
func TestI18nGoldenLanternRoad(t *testing.T) {
	doc := runI18nJSON(t, exitOK, "../examples/lantern-road")
	if doc.Strings != 325 || doc.Words != 1291 {
		t.Errorf("strings %d, words %d; want 325 and 1291", doc.Strings, doc.Words)
	}
	checkLanguages(t, doc, []langRow{
		{"fr", 194, 0, 1, 130, 0, 59.6},     // 194/325
		{"pt-BR", 127, 95, 2, 101, 2, 68.3}, // 222/325
		{"pt", 97, 0, 0, 228, 0, 29.8},      // 97/325
	})
	if doc.Import != nil {
		t.Error("no import without --engine-lang")
	}
	if len(doc.Diagnostics) != 2 {
		t.Fatalf("%d findings, want the two stale pt-BR keys", len(doc.Diagnostics))
	}
	for _, d := range doc.Diagnostics {
		if d.Severity != "warning" || d.Code != "locale-stale" || d.File != "../examples/lantern-road/locales/pt-BR.json" || d.Line == 0 {
			t.Errorf("finding %+v", d)
		}
	}
	if p := doc.Diagnostics[0].Path; p != "ruleset.Road luck die" {
		t.Errorf("first stale key at %q", p)
	}
}

func TestI18nGoldenMirefallEntry(t *testing.T) {
	doc := runI18nJSON(t, exitFindings, "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if doc.Strings != 129 || doc.Words != 390 {
		t.Errorf("strings %d, words %d; want 129 and 390", doc.Strings, doc.Words)
	}
	checkLanguages(t, doc, []langRow{
		{"de", 66, 0, 0, 63, 0, 51.1},     // 66/129
		{"pt-BR", 115, 0, 0, 14, 0, 89.1}, // 115/129
	})
	if len(doc.Diagnostics) != 1 {
		t.Fatalf("%d findings, want exactly the de checksum: %+v", len(doc.Diagnostics), doc.Diagnostics)
	}
	d := doc.Diagnostics[0]
	if d.Severity != "error" || d.Code != "entry-sha256" || d.Path != "locales.de.sha256" ||
		d.File != "../examples/mirefall/mirefall-1.0.0.entry.json" || d.Line != 17 || d.Column != 17 {
		t.Errorf("finding %+v", d)
	}
	// Without --entry, the entry beside the artifact is checked the same way.
	doc = runI18nJSON(t, exitFindings, "../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Code != "entry-sha256" || len(doc.Languages) != 2 {
		t.Errorf("without --entry: %+v", doc)
	}
}

func TestI18nImport(t *testing.T) {
	tests := []struct {
		args                     []string
		code                     int
		kept, discarded, refused string
	}{
		{[]string{"--engine-lang", "pt-BR", "../examples/lantern-road"}, exitOK, "pt-BR pt", "fr", ""},
		{[]string{"--engine-lang", "fr", "../examples/lantern-road"}, exitOK, "fr", "pt pt-BR", ""},
		{[]string{"--engine-lang", "de", "../examples/lantern-road"}, exitOK, "", "fr pt pt-BR", ""},
		{[]string{"--engine-lang", "pt-br", "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json"},
			exitFindings, "pt-BR", "de", ""},
		{[]string{"--engine-lang", "de", "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json"},
			exitFindings, "", "de pt-BR", "de"},
	}
	for _, tt := range tests {
		doc := runI18nJSON(t, tt.code, tt.args...)
		if doc.Import == nil {
			t.Fatalf("%v: no import", tt.args)
		}
		imp := doc.Import
		if imp.Kept == nil || imp.Discarded == nil {
			t.Errorf("%v: kept and discarded are lists, never null", tt.args)
		}
		if strings.Join(imp.Kept, " ") != tt.kept || strings.Join(imp.Discarded, " ") != tt.discarded || strings.Join(imp.Refused, " ") != tt.refused {
			t.Errorf("%v: import %+v, want kept [%s], discarded [%s], refused [%s]", tt.args, imp, tt.kept, tt.discarded, tt.refused)
		}
	}
}

func TestI18nLang(t *testing.T) {
	doc := runI18nJSON(t, exitOK, "--lang", "pt-br", "../examples/lantern-road")
	checkLanguages(t, doc, []langRow{{"pt-BR", 127, 95, 2, 101, 2, 68.3}})
	detail := map[string][3]string{}
	for _, s := range doc.Languages[0].Detail {
		detail[s.English] = [3]string{s.State, s.Shown, s.From}
	}
	if len(detail) != 325 {
		t.Errorf("%d strings in the detail, want 325", len(detail))
	}
	for english, want := range map[string][3]string{
		"Glasswork":    {"empty", "Glasswork", "en"},
		"Will-o'-wick": {"via base", "Fogo-fátuo de pavio", "pt"},
		"Ghoul":        {"translated", "Carniçal", "pt-BR"},
		"Guild favor":  {"missing", "Guild favor", "en"},
	} {
		if detail[english] != want {
			t.Errorf("%q: %v, want %v", english, detail[english], want)
		}
	}
	// A language with no file of its own reads through its base.
	doc = runI18nJSON(t, exitOK, "--lang", "pt-PT", "../examples/lantern-road")
	l := doc.Languages[0]
	if l.File != nil || l.ViaBase != 97 || l.Missing != 228 {
		t.Errorf("pt-PT: %+v", l)
	}

	code, out, _ := i18nCLI("--lang", "pt-BR", "../examples/lantern-road")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"../examples/lantern-road: 325 display strings, 1291 words",
		"pt-BR from ../examples/lantern-road/locales/pt-BR.json, then pt from ../examples/lantern-road/locales/pt.json, then English",
		`  empty       "Glasswork"`,
		`  via base    "Will-o'-wick" → "Fogo-fátuo de pavio" (pt)`,
		`  translated  "Ghoul" → "Carniçal"`,
		`  missing     "Guild favor"`,
		`  stale       "Guild favour", nearest current string "Guild favor"`,
		"0 errors, 2 warnings",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q\n%s", want, out)
		}
	}
}

func TestI18nText(t *testing.T) {
	code, out, _ := i18nCLI("--engine-lang", "pt-BR", "../examples/lantern-road")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"language  translated  via base  empty  missing  stale  strings    words",
		"fr               194         0      1      130      0    59.6%",
		"pt-BR            127        95      2      101      2    68.3%",
		"On import, an Engine set to pt-BR keeps pt-BR, pt; discards fr.",
		"../examples/lantern-road/locales/pt-BR.json:73:5: warning: ruleset.Road luck die:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q\n%s", want, out)
		}
	}
	_, out, _ = i18nCLI("--engine-lang", "de", "--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if !strings.Contains(out, "On import, an Engine set to de fetches the de pack and refuses it (it differs from the catalog entry's listing): the ruleset stays in English.") {
		t.Errorf("text output:\n%s", out)
	}
}

func TestI18nUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{}, "usage:"},
		{[]string{"a", "b"}, "usage:"},
		{[]string{"--lang", "pt_BR", "../examples/lantern-road"}, "hyphen"},
		{[]string{"--engine-lang", "pt", "../examples/lantern-road"}, "not one of the Engine's languages"},
		{[]string{"--engine-lang", "pt_BR", "../examples/lantern-road"}, "hyphen"},
		{[]string{"--entry", "../examples/mirefall/mirefall-1.0.0.entry.json", "../examples/mirefall/mirefall-1.0.0.entry.json"}, "--entry is for a catalog artifact (<id>-<version>.ruleset.json) or a package"},
		{[]string{"--entry", filepath.Join(dir, "missing.json"), "../examples/mirefall/mirefall-1.0.0.ruleset.json"}, "cannot read"},
		{[]string{filepath.Join(dir, "missing")}, "cannot read"},
	} {
		code, _, errOut := i18nCLI(tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.err)
		}
	}
}

// A broken locale file is a finding (exit 1), and text from files is made
// safe for the terminal.
func TestI18nBrokenLocale(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) { modeltest.WriteTree(t, dir, map[string]string{name: content}) }
	ruleset, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	write("manifest.json", `{"schemaVersion": 2}`)
	write("ruleset.json", string(ruleset))
	write("locales/fr.json", `{"_meta": {"locale": "fr", "direction": "ltr"}, "ruleset": {"Mirefall": "Bourbier\u001b[31m"}}`)
	write("locales/de.json", `{"_meta": `)
	write("locales/pt_BR.json", `{"_meta": {"locale": "pt-BR", "direction": "ltr"}}`)
	code, out, _ := i18nCLI("--lang", "fr", dir)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if strings.Contains(out, "\x1b") || !strings.Contains(out, `"Bourbier\x1b[31m"`) {
		t.Errorf("file text must be shown escaped:\n%s", out)
	}
	for _, want := range []string{"locales/de.json:1:11: error: (root):", "locales/pt_BR.json:1:1: error: (root): the file name gives the language \"pt_BR\"", "warning: ruleset.Mirefall: the translation holds"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	doc := runI18nJSON(t, exitFindings, dir)
	if len(doc.Languages) != 2 { // de and fr; pt_BR gives no language
		t.Errorf("languages %+v", doc.Languages)
	}
}

// The manifest's listing of a locale file is a translation finding; the
// manifest's other problems are left to `rulebench check`.
func TestI18nManifestListing(t *testing.T) {
	dir := t.TempDir()
	ruleset, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"manifest.json":   `{"schemaVersion": 2, "files": [{"path": "locales/fr.json", "sha256": "` + strings.Repeat("0", 64) + `", "bytes": 3}]}`,
		"ruleset.json":    string(ruleset),
		"locales/fr.json": `{"_meta": {"locale": "fr", "direction": "ltr"}, "ruleset": {"Mirefall": "Bourbier"}}`,
		"locales/de.json": `{"_meta": {"locale": "de", "direction": "ltr"}, "ruleset": {"Mirefall": "Moorfall"}}`,
	}
	modeltest.WriteTree(t, dir, files)
	doc := runI18nJSON(t, exitFindings, dir)
	var got []string
	for _, d := range doc.Diagnostics {
		got = append(got, d.Severity+" "+d.Code+" "+filepath.Base(d.File))
	}
	want := "warning unlisted-file de.json|error manifest-bytes manifest.json|error manifest-sha256 manifest.json"
	if strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestI18nJSONContract holds `rulebench i18n --json` to decisions §5 key by
// key and type by type: schemaVersion 1, strings, words, languages with
// lang, file, translated, empty, missing, viaBase, stale and percent,
// diagnostics with their seven keys, and import only with --engine-lang.
func TestI18nJSONContract(t *testing.T) {
	isNumber := func(v any) bool { _, ok := v.(float64); return ok }
	isInt := func(v any) bool { f, ok := v.(float64); return ok && f == float64(int64(f)) && f >= 0 }
	isString := func(v any) bool { _, ok := v.(string); return ok }
	strList := func(v any) ([]string, bool) {
		list, ok := v.([]any)
		if !ok {
			return nil, false
		}
		out := []string{}
		for _, x := range list {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	decode := func(args ...string) map[string]any {
		t.Helper()
		_, out, errOut := i18nCLI(append([]string{"--json"}, args...)...)
		var doc map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: not JSON: %v\n%s%s", args, err, out, errOut)
		}
		return doc
	}
	for _, tt := range []struct {
		args      []string
		languages []string // lang and file, as "fr examples/.../fr.json"
		kept      string   // "" for no import member at all
	}{
		{args: []string{"../examples/lantern-road"}, languages: []string{
			"fr ../examples/lantern-road/locales/fr.json", "pt-BR ../examples/lantern-road/locales/pt-BR.json", "pt ../examples/lantern-road/locales/pt.json"}},
		{args: []string{"--engine-lang", "pt-BR", "../examples/lantern-road"}, kept: "pt-BR pt", languages: []string{
			"fr ../examples/lantern-road/locales/fr.json", "pt-BR ../examples/lantern-road/locales/pt-BR.json", "pt ../examples/lantern-road/locales/pt.json"}},
		{args: []string{"--lang", "pt-PT", "--engine-lang", "ja", "../examples/lantern-road"}, kept: "-", languages: []string{"pt-PT <nil>"}},
		{args: []string{"../examples/mirefall/mirefall-1.0.0.ruleset.json"}, languages: []string{
			"de ../examples/mirefall/mirefall-1.0.0.de.json", "pt-BR ../examples/mirefall/mirefall-1.0.0.pt-BR.json"}},
	} {
		doc := decode(tt.args...)
		if doc["schemaVersion"] != 1.0 {
			t.Errorf("%v: schemaVersion %v", tt.args, doc["schemaVersion"])
		}
		for _, key := range []string{"strings", "words"} {
			if !isInt(doc[key]) {
				t.Errorf("%v: %s is %#v, want a whole number", tt.args, key, doc[key])
			}
		}
		langs, ok := doc["languages"].([]any)
		if !ok {
			t.Fatalf("%v: languages is %#v", tt.args, doc["languages"])
		}
		var got []string
		for _, l := range langs {
			lm, ok := l.(map[string]any)
			if !ok {
				t.Fatalf("%v: a language is %#v", tt.args, l)
			}
			file, hasFile := lm["file"]
			if !hasFile || (file != nil && !isString(file)) {
				t.Errorf("%v: file is %#v; want text, or null for a language without a file", tt.args, file)
			}
			got = append(got, fmt.Sprintf("%v %v", lm["lang"], file))
			for _, key := range []string{"translated", "empty", "missing", "viaBase", "stale"} {
				if !isInt(lm[key]) {
					t.Errorf("%v %v: %s is %#v, want a whole number", tt.args, lm["lang"], key, lm[key])
				}
			}
			if !isString(lm["lang"]) || !isNumber(lm["percent"]) {
				t.Errorf("%v: lang %#v, percent %#v", tt.args, lm["lang"], lm["percent"])
			}
			if sum := lm["translated"].(float64) + lm["empty"].(float64) + lm["missing"].(float64) + lm["viaBase"].(float64); sum != doc["strings"] {
				t.Errorf("%v %v: the four states add up to %v, not the %v strings", tt.args, lm["lang"], sum, doc["strings"])
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.languages, "|") {
			t.Errorf("%v: languages %q, want %q", tt.args, got, tt.languages)
		}
		imp, hasImport := doc["import"]
		switch {
		case tt.kept == "" && hasImport:
			t.Errorf("%v: import %v without --engine-lang", tt.args, imp)
		case tt.kept != "":
			im, ok := imp.(map[string]any)
			if !ok {
				t.Fatalf("%v: import is %#v", tt.args, imp)
			}
			kept, okK := strList(im["kept"])
			_, okD := strList(im["discarded"])
			if !isString(im["engineLang"]) || !okK || !okD {
				t.Errorf("%v: import %#v: want engineLang text, kept and discarded lists of tags", tt.args, im)
			}
			if want := strings.TrimPrefix(tt.kept, "-"); strings.Join(kept, " ") != want {
				t.Errorf("%v: kept %v, want [%s]", tt.args, kept, want)
			}
		}
		diags, ok := doc["diagnostics"].([]any)
		if !ok || len(diags) == 0 {
			t.Fatalf("%v: diagnostics %#v; these examples have findings", tt.args, doc["diagnostics"])
		}
		for _, d := range diags {
			dm := d.(map[string]any)
			if dm["severity"] != "error" && dm["severity"] != "warning" {
				t.Errorf("%v: severity %#v", tt.args, dm["severity"])
			}
			for _, key := range []string{"code", "path", "file", "message"} {
				if s, ok := dm[key].(string); !ok || s == "" {
					t.Errorf("%v: %s is %#v", tt.args, key, dm[key])
				}
			}
			for _, key := range []string{"line", "column"} {
				if f, ok := dm[key].(float64); !ok || f < 1 || f != float64(int64(f)) {
					t.Errorf("%v: %s is %#v", tt.args, key, dm[key])
				}
			}
		}
	}
}

// A catalog artifact that carries locales/ is an error (decisions §3), and
// a translation finding: `rulebench i18n` reports it.
func TestI18nArtifactWithLocales(t *testing.T) {
	dir := t.TempDir()
	ruleset, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	modeltest.WriteTree(t, dir, map[string]string{
		"mirefall-1.0.0.ruleset.json": string(ruleset),
		"locales/fr.json":             `{"_meta": {"locale": "fr", "direction": "ltr"}, "ruleset": {"Mirefall": "Bourbier"}}`,
	})
	doc := runI18nJSON(t, exitFindings, filepath.Join(dir, "mirefall-1.0.0.ruleset.json"))
	var got []string
	for _, d := range doc.Diagnostics {
		got = append(got, d.Severity+" "+d.Code)
	}
	if strings.Join(got, "|") != "error artifact-locales" {
		t.Errorf("findings %q, want the artifact's locales/ folder as the one error", got)
	}
	if len(doc.Languages) != 0 {
		t.Errorf("locales/ inside an artifact is not a translation: %+v", doc.Languages)
	}
}

// TestI18nStaleRenamed: a stale key spelt like an id the migrations rename
// gets the hint the Translations tab gives, in the --lang listing and in
// the JSON document's stale keys; one spelt like no renamed id gets none.
func TestI18nStaleRenamed(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"Lantern Road": "Estrada das Lanternas",`,
		`"Lantern Road": "Estrada das Lanternas", "Scouting": "Reconhecimento",`)
	// The manifest's size and digest of the file no longer match: exit 1.
	code, out, errOut := i18nCLI("--lang", "pt-BR", dir)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		`  stale       "Scouting" (the migrations rename the skill scouting to pathfinding, shown as "Pathfinding")` + "\n",
		`  stale       "Guild favour", nearest current string "Guild favor"` + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	code, out, errOut = i18nCLI("--json", "--lang", "pt-BR", dir)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var doc struct {
		Languages []struct {
			StaleKeys []struct {
				Key     string
				Nearest string
				Renamed *struct{ What, From, To, Label string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Languages) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	renamed := map[string]string{}
	for _, k := range doc.Languages[0].StaleKeys {
		if r := k.Renamed; r != nil {
			renamed[k.Key] = fmt.Sprintf("%s %s %s %s", r.What, r.From, r.To, r.Label)
		} else {
			renamed[k.Key] = ""
		}
	}
	if want := (map[string]string{"Scouting": "skill scouting pathfinding Pathfinding", "Road luck die": "", "Guild favour": ""}); fmt.Sprint(renamed) != fmt.Sprint(want) {
		t.Errorf("stale keys %v, want %v", renamed, want)
	}
	if strings.Count(out, `"renamed"`) != 1 {
		t.Errorf("a stale key with no rename has a renamed member:\n%s", out)
	}
}
