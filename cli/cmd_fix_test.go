package cli

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/rules"
)

// copyExample copies examples/NAME into a temporary folder and returns the
// copy's path.
func copyExample(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("../examples", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// editFile replaces the one occurrence of old in a file with new.
func editFile(t *testing.T, name, old, new string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), old) != 1 {
		t.Fatalf("%s holds %q %d times, want once", name, old, strings.Count(string(data), old))
	}
	if err := os.WriteFile(name, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// checkCodes runs check --json and returns the exit code and the findings'
// "severity code path" lines, with fixable ones marked "(fixable)".
func checkCodes(t *testing.T, path string) (int, []string) {
	t.Helper()
	code, out, errOut := runCLI("check", "--json", path)
	var doc struct {
		Diagnostics []struct {
			Severity, Code, Path string
			Fixable              bool
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check --json: %v\n%s%s", err, out, errOut)
	}
	var got []string
	for _, d := range doc.Diagnostics {
		if d.Severity == "error" {
			s := fmt.Sprintf("%s %s", d.Code, d.Path)
			if d.Fixable {
				s += " (fixable)"
			}
			got = append(got, s)
		}
	}
	return code, got
}

// diffLines returns the changed lines of a unified diff: those starting
// with - or + (the file headers left out).
func diffLines(diff string) []string {
	var out []string
	for line := range strings.Lines(diff) {
		if (strings.HasPrefix(line, "-") || strings.HasPrefix(line, "+")) && !strings.HasPrefix(line, "---") && !strings.HasPrefix(line, "+++") {
			out = append(out, strings.TrimRight(line, "\n"))
		}
	}
	return out
}

func sha256Of(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s))) }

var listingLine = regexp.MustCompile(`^[-+]\s+"(sha256|bytes)": ("[0-9a-f]{64}"|[0-9]+),?$`)

// Must hold 1: one translation added to pt-BR; check reports the manifest
// mismatch, fix shows a diff of the two values and exits 1, fix -w makes
// check clean, and a second fix exits 0.
func TestFixLanternRoadTranslation(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	manifest := filepath.Join(dir, "manifest.json")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	before := readText(t, manifest)
	editFile(t, locale, `"Glasswork": ""`, `"Glasswork": "Vidraria"`)

	code, got := checkCodes(t, dir)
	want := []string{"manifest-bytes files.5 (fixable)", "manifest-sha256 files.5 (fixable)"}
	if code != exitFindings || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("check: exit %d, %q; want 1, %q", code, got, want)
	}

	code, out, errOut := runCLI("fix", dir)
	if code != exitFindings {
		t.Fatalf("fix: exit %d, want 1\n%s%s", code, out, errOut)
	}
	if !strings.HasPrefix(out, "--- "+manifest+"\n+++ "+manifest+"\n") || strings.Count(out, "\n--- ") > 0 {
		t.Errorf("the diff is not of the manifest alone:\n%s", out)
	}
	lines := diffLines(out)
	if len(lines) != 4 {
		t.Fatalf("the diff changes %d lines, want 2 removed and 2 added:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if !listingLine.MatchString(l) {
			t.Errorf("a changed line that is not a sha256 or bytes value: %q", l)
		}
	}
	if readText(t, manifest) != before {
		t.Error("fix without -w changed the manifest")
	}

	code, out, errOut = runCLI("fix", "-w", dir)
	if code != exitOK || out != manifest+"\n" {
		t.Fatalf("fix -w: exit %d, printed %q (%s); want 0 and the manifest's name", code, out, errOut)
	}
	data := readText(t, locale)
	after := readText(t, manifest)
	wantManifest := strings.NewReplacer(
		`"sha256": "68b2a0631e09489b00a8c192472ad5785b628cd137d380c3e4a51d7fbed19819"`, `"sha256": "`+sha256Of(data)+`"`,
		`"bytes": 5044`, fmt.Sprintf(`"bytes": %d`, len(data)),
	).Replace(before)
	if after != wantManifest {
		t.Errorf("the manifest after fix -w is not the old one with the two values changed:\n%s", after)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check after fix -w: exit %d, %q", code, got)
	}
	if code, out, _ := runCLI("fix", dir); code != exitOK || out != "" {
		t.Errorf("a second fix: exit %d, %q; want 0 and nothing", code, out)
	}
	if code, out, _ := runCLI("fix", "-w", dir); code != exitOK || out != "" {
		t.Errorf("a second fix -w: exit %d, %q; want 0 and nothing", code, out)
	}
}

// The catalog entry of mirefall lists its de pack with a wrong checksum.
func TestFixMirefallEntry(t *testing.T) {
	dir := copyExample(t, "mirefall")
	entry := filepath.Join(dir, "mirefall-1.0.0.entry.json")
	before := readText(t, entry)
	code, got := checkCodes(t, dir)
	if code != exitFindings || strings.Join(got, "|") != "entry-sha256 locales.de.sha256 (fixable)" {
		t.Fatalf("check: exit %d, %q", code, got)
	}
	code, out, _ := runCLI("fix", dir)
	lines := diffLines(out)
	de := sha256Of(readText(t, filepath.Join(dir, "mirefall-1.0.0.de.json")))
	if code != exitFindings || len(lines) != 2 || !strings.Contains(lines[1], `"sha256": "`+de+`"`) {
		t.Fatalf("fix: exit %d, changed lines %q, want the de sha256 alone", code, lines)
	}
	if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatalf("fix -w: exit %d %s", code, errOut)
	}
	if after := readText(t, entry); after != strings.Replace(before, "65a9f21597150b1ca72a7b6deaa9fd7b9acecdf594118b71f6642d4371eebd41", de, 1) {
		t.Errorf("the entry after fix -w:\n%s", after)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check after fix -w: exit %d, %q", code, got)
	}
	if code, out, _ := runCLI("fix", dir); code != exitOK || out != "" {
		t.Errorf("a second fix: exit %d, %q", code, out)
	}
}

// Each kind of fix, and the fixes that depend on another converge in one
// run: a locale's _meta.locale fixed, then its checksum listed.
func TestFixKinds(t *testing.T) {
	tests := []struct {
		name, example string
		edit          func(t *testing.T, dir string)
		wantCheck     []string // the errors check reports before
		wantFiles     []string // the files fix changes, in order
	}{
		{name: "capability below the need", example: "lantern-road",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "manifest.json"), `"minor": 813`, `"minor": 20`)
			},
			wantCheck: []string{"capability-too-low capabilityApi.minor (fixable)"},
			wantFiles: []string{"manifest.json"}},
		{name: "ruleset and catalog listed wrong", example: "lantern-road",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "manifest.json"), `"bytes": 53280`, `"bytes": 1`)
				editFile(t, filepath.Join(dir, "manifest.json"), `"0690e54430493062ee9570cfe1b405ab3ea8f0026e02709d576dadd3b85729ac"`, `"`+strings.Repeat("0", 64)+`"`)
			},
			wantCheck: []string{"manifest-bytes files.0 (fixable)", "manifest-sha256 files.1 (fixable)"},
			wantFiles: []string{"manifest.json"}},
		{name: "package locale spelled another way", example: "lantern-road",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"locale": "pt-BR"`, `"locale": "PT-br"`)
				editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"Glasswork": ""`, `"Glasswork": "Vidraria"`)
			},
			// The spelling is a warning; the listing is of the file as fixed.
			wantCheck: []string{"manifest-bytes files.5 (fixable)", "manifest-sha256 files.5 (fixable)"},
			wantFiles: []string{"locales/pt-BR.json", "manifest.json"}},
		{name: "pack locale spelled another way", example: "mirefall",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "mirefall-1.0.0.pt-BR.json"), `"locale": "pt-BR", "direction": "ltr"}`, `"locale": "PT-br", "direction": "ltr" }`)
			},
			wantCheck: []string{"entry-sha256 locales.pt-BR.sha256 (fixable)", "entry-bytes locales.pt-BR.bytes (fixable)", "entry-sha256 locales.de.sha256 (fixable)"},
			wantFiles: []string{"mirefall-1.0.0.pt-BR.json", "mirefall-1.0.0.entry.json"}},
		{name: "artifact changed", example: "mirefall",
			edit: func(t *testing.T, dir string) {
				name := filepath.Join(dir, "mirefall-1.0.0.ruleset.json")
				os.WriteFile(name, []byte(readText(t, name)+"\n"), 0o644)
			},
			wantCheck: []string{"entry-sha256 artifact.sha256 (fixable)", "entry-bytes artifact.bytes (fixable)", "entry-sha256 locales.de.sha256 (fixable)"},
			wantFiles: []string{"mirefall-1.0.0.entry.json"}},
		{name: "entry checksum in capitals", example: "mirefall",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "mirefall-1.0.0.entry.json"), "208020cabc6f9fa2d2f1579d8b178b6dabfb7216932a100dd8cb9b6f5a53b7ab", "208020CABC6F9FA2D2F1579D8B178B6DABFB7216932A100DD8CB9B6F5A53B7AB")
			},
			wantCheck: []string{"entry-sha256 locales.pt-BR.sha256 (fixable)", "entry-sha256 locales.de.sha256 (fixable)"},
			wantFiles: []string{"mirefall-1.0.0.entry.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyExample(t, tt.example)
			tt.edit(t, dir)
			code, got := checkCodes(t, dir)
			if code != exitFindings || strings.Join(got, "|") != strings.Join(tt.wantCheck, "|") {
				t.Errorf("check: exit %d\n got  %q\n want %q", code, got, tt.wantCheck)
			}
			code, out, errOut := runCLI("fix", "-w", dir)
			var want string
			for _, f := range tt.wantFiles {
				want += filepath.Join(dir, f) + "\n"
			}
			if code != exitOK || out != want {
				t.Fatalf("fix -w: exit %d, printed\n%s%s\nwant\n%s", code, out, errOut, want)
			}
			if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
				t.Errorf("check after fix -w: exit %d, %q", code, got)
			}
			if code, out, _ := runCLI("fix", dir); code != exitOK || out != "" {
				t.Errorf("fix after fix -w: exit %d\n%s", code, out)
			}
		})
	}
}

// The capability is raised exactly to what the package needs.
func TestFixCapabilityValue(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	manifest := filepath.Join(dir, "manifest.json")
	editFile(t, manifest, `"minor": 813`, `"minor": 20`)
	ws, err := model.Load(model.OSFS{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	need := rules.NeededCapability(ws)
	if need <= 20 {
		t.Fatalf("lantern-road needs %d; the test needs an example that needs more than 20", need)
	}
	if code, _, _ := runCLI("fix", "-w", dir); code != exitOK {
		t.Fatal("fix -w failed")
	}
	if !strings.Contains(readText(t, manifest), fmt.Sprintf(`"capabilityApi": {"major": 1, "minor": %d}`, need)) {
		t.Errorf("capabilityApi after fix:\n%s", readText(t, manifest))
	}
}

func TestFixJSON(t *testing.T) {
	dir := copyExample(t, "mirefall")
	code, out, _ := runCLI("fix", "--json", dir)
	var doc struct {
		SchemaVersion    int
		Changed, Written bool
		Files            []struct {
			File    string
			Changes []map[string]any
			Diff    string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if code != exitFindings || doc.SchemaVersion != 1 || !doc.Changed || doc.Written || len(doc.Files) != 1 {
		t.Fatalf("exit %d, %+v", code, doc)
	}
	f := doc.Files[0]
	c := f.Changes
	if len(c) != 1 || c[0]["path"] != "locales.de.sha256" || c[0]["code"] != "entry-sha256" ||
		c[0]["old"] != "65a9f21597150b1ca72a7b6deaa9fd7b9acecdf594118b71f6642d4371eebd41" || len(diffLines(f.Diff)) != 2 {
		t.Errorf("file %+v", f)
	}
	code, out, _ = runCLI("fix", "--json", "-w", dir)
	if code != exitOK || !strings.Contains(out, `"written": true`) {
		t.Errorf("--json -w: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("fix", "--json", dir)
	if code != exitOK || !strings.Contains(out, `"changed": false`) || !strings.Contains(out, `"files": []`) {
		t.Errorf("nothing to fix: exit %d\n%s", code, out)
	}
}

// fix -w writes nothing when one of the files is a link or the folder is
// read-only, and says why (exit 2).
func TestFixRefusesLinks(t *testing.T) {
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
	editFile(t, elsewhere, `"locale": "pt-BR"`, `"locale": "PT-br"`)
	manifest := readText(t, filepath.Join(dir, "manifest.json"))
	target := readText(t, elsewhere)
	code, _, errOut := runCLI("fix", "-w", dir)
	if code != exitUsage || !strings.Contains(errOut, "link") {
		t.Errorf("exit %d, %q; want 2 and a word on the link", code, errOut)
	}
	if readText(t, filepath.Join(dir, "manifest.json")) != manifest || readText(t, elsewhere) != target {
		t.Error("a file was written")
	}
}

func TestFixReadOnlyFolder(t *testing.T) {
	files := map[string]string{}
	src := "../examples/mirefall"
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		files[e.Name()] = readText(t, filepath.Join(src, e.Name()))
	}
	dir := readOnlyFolder(t, files)
	if dir == "" {
		return
	}
	code, _, errOut := runCLI("fix", "-w", dir)
	if code != exitUsage || !strings.Contains(errOut, "cannot write") {
		t.Errorf("exit %d, %q; want 2", code, errOut)
	}
	for name, content := range files {
		if readText(t, filepath.Join(dir, name)) != content {
			t.Errorf("%s changed", name)
		}
	}
	if extra := leftovers(t, dir, "mirefall-1.0.0.de.json", "mirefall-1.0.0.entry.json", "mirefall-1.0.0.pt-BR.json", "mirefall-1.0.0.ruleset.json"); len(extra) > 0 {
		t.Errorf("files left: %v", extra)
	}
}

func TestFixUsage(t *testing.T) {
	if code, _, _ := runCLI("fix"); code != exitUsage {
		t.Errorf("no PATH: exit %d", code)
	}
	if code, _, _ := runCLI("fix", "no/such/place"); code != exitUsage {
		t.Errorf("an unreadable PATH: exit %d", code)
	}
	if code, out, _ := runCLI("fix", "--help"); code != exitOK || !strings.Contains(out, "rulebench fix [-w] [--format F] [--select CODES] [--ignore CODES] PATH...") {
		t.Errorf("--help: exit %d %s", code, out)
	}
}

// A locale whose only change is a spelling fix comes back to the bytes the
// manifest lists: the checksum finding is mended without a change to the
// manifest (its checksum, fixed in the first round, is fixed back in the
// second).
func TestFixSpellingAloneMendsTheListing(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"locale": "pt-BR"`, `"locale": "PT-br"`)
	if code, got := checkCodes(t, dir); code != exitFindings || strings.Join(got, "|") != "manifest-sha256 files.5 (fixable)" {
		t.Errorf("check: exit %d, %q", code, got)
	}
	code, out, _ := runCLI("fix", "-w", dir)
	if code != exitOK || out != filepath.Join(dir, "locales", "pt-BR.json")+"\n" {
		t.Errorf("fix -w: exit %d, %q", code, out)
	}
	if code, got := checkCodes(t, dir); code != exitOK || len(got) > 0 {
		t.Errorf("check after: exit %d, %q", code, got)
	}
}

// A file name holding a line break stays on the diff's header line, so a
// name cannot start a line of its own (a GitHub workflow command, say).
func TestFixDiffHeaderKeepsNameOnOneLine(t *testing.T) {
	ff := &fixedFile{Name: "ev\n::error::x-1.0.0.entry.json", Old: []byte("{\"a\": 1}\n"), New: []byte("{\"a\": 2}\n")}
	d := fileDiff(ff)
	if d == "" {
		t.Fatal("no diff")
	}
	for line := range strings.Lines(d) {
		if strings.HasPrefix(line, "::") {
			t.Errorf("a line starts with the name's text: %q in\n%s", line, d)
		}
	}
	if !strings.Contains(d, `--- ev\n::error::x-1.0.0.entry.json`) {
		t.Errorf("the header does not name the file visibly:\n%s", d)
	}
}
