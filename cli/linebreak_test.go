package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileLine is user text that tries to start a line of its own (a GitHub
// workflow command), to return the cursor, to smuggle an encoded line break
// and to change colours and the direction of text.
const hostileLine = `\n::error::MARK\r%0A\u001b[31m\u202e`

// No output of any command, in any format, carries a raw line break or a
// control character from user text: a label, an id, a flag value and a
// file name all hold hostileLine.
func TestNoRawLineBreakFromUserText(t *testing.T) {
	pkg := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(pkg, "ruleset.json"), `"name": "Lantern Road"`, `"name": "Lantern Road`+hostileLine+`"`)
	editFile(t, filepath.Join(pkg, "ruleset.json"), `"conflicts": ["midsummer"]`, `"conflicts": ["midsummer", "ghost`+hostileLine+`"]`)
	save, err := os.ReadFile(filepath.Join(pkg, "saves", "fighter3.json"))
	if err != nil {
		t.Fatal(err)
	}
	badName := filepath.Join(pkg, "saves", "s\n::error::MARK\r\x1b[31m.json")
	if err := os.WriteFile(badName, save, 0o644); err != nil {
		t.Fatal(err)
	}
	flagValue := "x\n::error::MARK\r\x1b[2J\u202e"
	runs := [][]string{
		{"explain", flagValue},
		{"help", flagValue},
		{"fix", pkg},
		{"fix", "--json", pkg},
		{"i18n", "--lang", "pt-BR", pkg},
		{"i18n", "--lang", flagValue, pkg},
		{"migrate", pkg, badName},
		{"migrate", "--since", flagValue, pkg},
		{"layers", "--on", flagValue, pkg},
		{"check", flagValue},
	}
	for _, cmd := range []string{"check", "layers", "i18n", "migrate"} {
		for _, format := range []string{"text", "json", "sarif", "github"} {
			runs = append(runs, []string{cmd, "--format", format, pkg})
		}
	}
	shown := 0
	for _, args := range runs {
		_, out, errOut := runCLI(args...)
		if strings.Contains(out+errOut, "MARK") {
			shown++
		}
		for stream, text := range map[string]string{"stdout": out, "stderr": errOut} {
			for line := range strings.Lines(text) {
				if strings.HasPrefix(line, "::error::MARK") || strings.HasPrefix(line, "MARK") {
					t.Errorf("%q: %s has a line started by user text: %q", args, stream, line)
				}
			}
			if i := strings.IndexAny(text, "\r\x1b\u202e"); i >= 0 {
				t.Errorf("%q: %s holds a raw control character at %d: %q", args, stream, i, text[max(0, i-40):min(len(text), i+40)])
			}
		}
	}
	// The test means something only if the text is shown, made visible.
	if shown < len(runs)*3/4 {
		t.Errorf("only %d of %d runs show the hostile text at all", shown, len(runs))
	}
}

// Two file names that differ only in bytes that are not UTF-8 stay two in
// the JSON document, and GitHub's output names each visibly.
func TestNonUTF8NamesStayDistinct(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile("../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(good), `"sheet"`, `"sheet": {}, "oops"`, 1)
	a, b := filepath.Join(dir, "r\xff.json"), filepath.Join(dir, "r\xfe.json")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
			t.Skipf("this file system refuses names that are not UTF-8: %v", err)
		}
	}
	_, out, _ := runCLI("check", "--json", a, b)
	if !strings.Contains(out, `r\\xff.json`) || !strings.Contains(out, `r\\xfe.json`) || strings.Contains(out, `\ufffd`) {
		t.Errorf("the names are not kept apart:\n%s", out)
	}
	_, out, _ = runCLI("check", "--format", "github", a, b)
	if !strings.Contains(out, `file=`+filepath.ToSlash(dir)+`/r\xff.json`) || !strings.Contains(out, `r\xfe.json`) || !utf8.ValidString(out) {
		t.Errorf("GitHub output does not name each file:\n%s", out)
	}
}
