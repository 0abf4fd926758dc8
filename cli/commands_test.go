package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"rulebench/analysis"
	"rulebench/model"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// Help, in every spelling, goes to stdout with exit 0 and nothing on stderr.
func TestHelpPrintsToStdout(t *testing.T) {
	for _, c := range visibleCommands() {
		forms := [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}}
		for _, args := range forms {
			code, out, errOut := runCLI(args...)
			want := "usage: rulebench " + c.name
			if code != exitOK || !strings.HasPrefix(out, want) || errOut != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want stdout starting %q", args, code, out, errOut, want)
			}
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, errOut := runCLI(args...)
		if code != exitOK || errOut != "" || !strings.Contains(out, "usage: rulebench [--theme NAME]") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		for _, c := range visibleCommands() {
			if !strings.Contains(out, "  "+c.name+" ") {
				t.Errorf("%v: the top-level help does not list %q:\n%s", args, c.name, out)
			}
		}
	}
}

// A usage error says what was wrong in a sentence, then the short usage,
// on stderr, with exit 2 and nothing on stdout.
func TestUsageErrorsSayWhatWasWrong(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check"}, "rulebench: check takes at least one PATH\n"},
		{[]string{"layers", "a.json", "b.json"}, `rulebench: layers takes one PATH, not 2: "a.json" "b.json"` + "\n"},
		{[]string{"check", "--format", "xml", "a.json"}, `rulebench: check has no format "xml"; it knows text, json, sarif, github` + "\n"},
		{[]string{"check", "--fail-on", "never", "a.json"}, `rulebench: --fail-on takes error, warning or info, not "never"` + "\n"},
		{[]string{"layers"}, "rulebench: layers takes one PATH\n"},
		{[]string{"migrate"}, "rulebench: migrate takes at least one PATH\n"},
		{[]string{"check", "--bogus", "x.json"}, "rulebench: check: unknown flag --bogus\n"},
		{[]string{"completion"}, "rulebench: completion takes one shell: bash, zsh or fish\n"},
		{[]string{"completion", "tcsh"}, `rulebench: completion knows bash, zsh and fish, not "tcsh"` + "\n"},
		{[]string{"help", "a", "b"}, "rulebench: help takes at most one COMMAND\n"},
		{[]string{"help", "--bogus"}, "rulebench: help: unknown flag --bogus\n"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want stderr starting %q", c.args, code, out, errOut, c.want)
			continue
		}
		if !strings.Contains(errOut, "\nusage: rulebench "+c.args[0]) {
			t.Errorf("%v: no short usage in %q", c.args, errOut)
		}
		if strings.Contains(errOut, "flags:") {
			t.Errorf("%v: a usage error prints the whole help:\n%s", c.args, errOut)
		}
	}
}

// A first word that is no command and no file is a mistyped command, with
// the nearest command suggested when one is close; a hostile word is shown
// with its control characters made visible.
func TestUnknownCommand(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	cases := []struct{ arg, want string }{
		{"chekc", `rulebench: unknown command "chekc"; did you mean "check"?`},
		{"layer", `rulebench: unknown command "layer"; did you mean "layers"?`},
		{"migrat", `rulebench: unknown command "migrat"; did you mean "migrate"?`},
		{"i18", `rulebench: unknown command "i18"; did you mean "i18n"?`},
		{"frobnicate", `rulebench: unknown command "frobnicate", and no file or folder has that name`},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.arg, "x.json")
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, c.want+"\n") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.arg, code, out, errOut, c.want)
		}
	}
	_, _, errOut := runCLI("\x1b[31mred", "x.json")
	if strings.ContainsRune(errOut, 0x1b) {
		t.Errorf("an escape sequence reached stderr raw: %q", errOut)
	}
	if code, _, errOut := runCLI("help", "chekc"); code != exitUsage || !strings.Contains(errOut, `did you mean "check"?`) {
		t.Errorf("help chekc: exit %d, stderr %q", code, errOut)
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"check", "check", 0}, {"chekc", "check", 1}, {"chck", "check", 1}, {"checks", "check", 1},
		{"xheck", "check", 1}, {"fix", "i18n", 4}, {"", "fix", 3}, {"layers", "", 6},
	}
	for _, c := range cases {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestVersionText(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "rulebench", Version: "v0.3.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "61c21f6abc"}, {Key: "vcs.time", Value: "2026-12-03T09:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	want := "rulebench " + Version + "\nmodule rulebench v0.3.0\nrevision 61c21f6abc (2026-12-03T09:00:00Z), with local changes\nbuilt with go1.26.8\n"
	if got := versionText(info, true); got != want {
		t.Errorf("versionText:\n%s\nwant:\n%s", got, want)
	}
	if got := versionText(nil, false); got != "rulebench "+Version+"\n" {
		t.Errorf("without build information: %q", got)
	}
	code, out, _ := runCLI("--version")
	if code != exitOK || !strings.HasPrefix(out, "rulebench "+Version+"\n") || !strings.Contains(out, "built with go") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// Help lists every flag as users type it, as usage does: --format, -w.
func TestHelpListsFlagsAsTyped(t *testing.T) {
	_, out, _ := runCLI("help", "check")
	for _, want := range []string{"\n  --format F\n", "\n  --fail-on S\n", "\n  --json\n", "usage: rulebench check [--format F]"} {
		if !strings.Contains(out, want) {
			t.Errorf("help check lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\n  -format") || strings.Contains(out, "\n  -json") {
		t.Errorf("help check spells a long flag with one dash:\n%s", out)
	}
	_, out, _ = runCLI("help", "fix")
	if !strings.Contains(out, "\n  -w\n") {
		t.Errorf("help fix does not list -w:\n%s", out)
	}
	// An unknown flag is named as typed, with the prefix once.
	_, _, errOut := runCLI("check", "--formt", "json", "x.json")
	if !strings.HasPrefix(errOut, "rulebench: check: unknown flag --formt\n") {
		t.Errorf("unknown flag: %q", errOut)
	}
	_, _, errOut = runCLI("--formt")
	if !strings.HasPrefix(errOut, "rulebench: unknown flag --formt\n") {
		t.Errorf("unknown flag of the workbench: %q", errOut)
	}
}

// completeWords runs `rulebench __complete WORDS...` and returns the
// candidates and the directive.
func completeWords(t *testing.T, words ...string) ([]string, string) {
	t.Helper()
	code, out, errOut := runCLI(append([]string{"__complete"}, words...)...)
	if code != exitOK || errOut != "" {
		t.Fatalf("__complete %q: exit %d, stderr %q", words, code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	return lines[:len(lines)-1], lines[len(lines)-1]
}

// Completion follows the flag definitions: values of --format and
// --fail-on, finding codes for explain, the workspace's languages and
// layers, flags as typed, and file names where a PATH goes.
func TestCompleteWords(t *testing.T) {
	lantern := examplesDir + "/lantern-road"
	cases := []struct {
		words     []string
		want      string // the candidates, space-separated
		directive string
	}{
		{[]string{"che"}, "check", directiveFiles},
		{[]string{"check", "--format", ""}, "text json sarif github", directiveNone},
		{[]string{"layers", "--format", ""}, "text json sarif github", directiveNone},
		{[]string{"fix", "--format", ""}, "text json", directiveNone},
		{[]string{"check", "--format=s"}, "--format=sarif", directiveNone},
		{[]string{"check", "--fail-on", "w"}, "warning", directiveNone},
		{[]string{"check", "--fail"}, "--fail-on", directiveNone},
		{[]string{"fix", "-"}, "-w --format --json --select --ignore --help", directiveNone},
		{[]string{"check", ""}, "", directiveFiles},
		{[]string{"explain", "unknown-ke"}, "unknown-key", directiveNone},
		{[]string{"i18n", lantern, "--lang", ""}, "en fr pt pt-BR", directiveNone},
		{[]string{"i18n", lantern, "--lang", "pt"}, "pt pt-BR", directiveNone},
		{[]string{"i18n", "--only", "missing,e"}, "missing,empty", directiveNone},
		{[]string{"--theme", "l"}, "light", directiveNone},
		{[]string{"completion", "f"}, "fish", directiveNone},
		{[]string{"help", "mi"}, "migrate", directiveNone},
		{[]string{"migrate", "--out", ""}, "", directiveFolders},
	}
	for _, c := range cases {
		got, directive := completeWords(t, c.words...)
		slices.Sort(got)
		want := strings.Fields(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) || directive != c.directive {
			t.Errorf("%q: %q %s, want %q %s", c.words, got, directive, want, c.directive)
		}
	}
	// Layers come from the PATH typed.
	got, _ := completeWords(t, "layers", lantern, "--on", "")
	if len(got) == 0 {
		t.Errorf("layers --on offers no layer of %s", lantern)
	}
	// Every code is offered to explain.
	got, _ = completeWords(t, "explain", "")
	if len(got) != len(analysis.Codes()) {
		t.Errorf("explain offers %d codes of %d", len(got), len(analysis.Codes()))
	}
}

// programEnv makes this test binary act as rulebench itself (see
// TestMain), so that the completion scripts can call it.
const programEnv = "RULEBENCH_TEST_AS_PROGRAM"

// The bash script completes for real, through `rulebench __complete`: a
// command from its prefix, a command's flags and their values, and codes.
func TestBashCompletionCompletes(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	_, script, _ := runCLI("completion", "bash")
	path := filepath.Join(t.TempDir(), "rulebench.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) string {
		t.Helper()
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = "'" + w + "'"
		}
		line := "rulebench() { " + programEnv + "=1 '" + self + "' \"$@\"; }; source " + path +
			"; COMP_WORDS=(" + strings.Join(quoted, " ") + "); COMP_CWORD=" + fmt.Sprint(len(words)-1) +
			`; _rulebench; echo "${COMPREPLY[*]}"`
		cmd := exec.Command(bash, "-c", line)
		cmd.Dir = t.TempDir() // no files to offer beside the commands
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	cases := []struct {
		words []string
		want  string
	}{
		{[]string{"rulebench", "che"}, "check"},
		{[]string{"rulebench", "--ver"}, "--version"},
		{[]string{"rulebench", "layers", "--o"}, "--on"},
		{[]string{"rulebench", "check", "--format", ""}, "text json sarif github"},
		{[]string{"rulebench", "explain", "unknown-ke"}, "unknown-key"},
		{[]string{"rulebench", "completion", "f"}, "fish"},
		{[]string{"rulebench", "help", "mi"}, "migrate"},
	}
	for _, c := range cases {
		if got := complete(c.words...); got != c.want {
			t.Errorf("%v: completes to %q, want %q", c.words, got, c.want)
		}
	}
}

// The zsh and fish scripts are valid for their shells, where installed.
func TestCompletionScriptsParse(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, script, errOut := runCLI("completion", shell)
		if code != exitOK || errOut != "" || !strings.Contains(script, "rulebench __complete") {
			t.Fatalf("completion %s: exit %d, stderr %q", shell, code, errOut)
		}
		bin, err := exec.LookPath(shell)
		if err != nil {
			continue
		}
		path := filepath.Join(t.TempDir(), "rulebench."+shell)
		if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(bin, "-n", path).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
	}
}

// Every command that prints a document takes --format: json gives the same
// document as --json, and a format it does not know is a usage error.
func TestFormatFlagEverywhere(t *testing.T) {
	lantern := examplesDir + "/lantern-road"
	for _, args := range [][]string{
		{"check", lantern},
		{"layers", lantern},
		{"i18n", lantern},
		{"migrate", lantern},
		{"fix", examplesDir + "/mirefall"},
	} {
		cmd, path := args[0], args[1]
		codeJSON, withJSON, _ := runCLI(cmd, "--json", path)
		codeFormat, withFormat, _ := runCLI(cmd, "--format", "json", path)
		if withJSON == "" || withJSON != withFormat || codeJSON != codeFormat {
			t.Errorf("%s: --format json (exit %d) differs from --json (exit %d)", cmd, codeFormat, codeJSON)
		}
		if !json.Valid([]byte(withFormat)) {
			t.Errorf("%s --format json: not JSON", cmd)
		}
		code, out, errOut := runCLI(cmd, "--format", "yaml", path)
		if code != exitUsage || out != "" || !strings.Contains(errOut, `has no format "yaml"`) {
			t.Errorf("%s --format yaml: exit %d, stdout %q, stderr %q", cmd, code, out, errOut)
		}
	}
	// The findings formats are offered where there are findings.
	for _, cmd := range []string{"layers", "i18n", "migrate"} {
		code, out, _ := runCLI(cmd, "--format", "sarif", lantern)
		if code == exitUsage || !strings.Contains(out, `"version": "2.1.0"`) {
			t.Errorf("%s --format sarif: exit %d\n%s", cmd, code, out)
		}
	}
	if code, _, errOut := runCLI("fix", "--format", "sarif", examplesDir+"/mirefall"); code != exitUsage || !strings.Contains(errOut, "it knows text, json") {
		t.Errorf("fix --format sarif: exit %d, %q", code, errOut)
	}
}

// The JSON writer escapes what Visible does, tag characters included, as
// valid JSON (a surrogate pair above U+FFFF) that decodes to the same text.
func TestJSONEscapesInvisibleCharacters(t *testing.T) {
	in := "a\u061cb\U000E0041c\u202ed"
	var buf bytes.Buffer
	if err := writeJSON(&buf, map[string]string{"s": in}); err != nil {
		t.Fatal(err)
	}
	for _, r := range buf.String() {
		if model.Escaped(r) && r != '\n' {
			t.Errorf("U+%04X reached the output raw: %q", r, buf.String())
		}
	}
	var back map[string]string
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back["s"] != in {
		t.Errorf("decoded %q, %v; want %q", back["s"], err, in)
	}
}
