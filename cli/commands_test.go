package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// Help, in every spelling, goes to stdout with exit 0 and nothing on stderr.
func TestHelpPrintsToStdout(t *testing.T) {
	for _, c := range commands() {
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
		for _, c := range commands() {
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
		{[]string{"check", "--bogus", "x.json"}, "rulebench: check: flag provided but not defined: -bogus\n"},
		{[]string{"completion"}, "rulebench: completion takes one shell: bash, zsh or fish\n"},
		{[]string{"completion", "tcsh"}, `rulebench: completion knows bash, zsh and fish, not "tcsh"` + "\n"},
		{[]string{"help", "a", "b"}, "rulebench: help takes at most one COMMAND\n"},
		{[]string{"help", "--bogus"}, "rulebench: help: flag provided but not defined: -bogus\n"},
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
		{"frobnicate", `rulebench: unknown command "frobnicate" (and no such file)`},
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

// Every command and every flag a command's help lists is in each script.
func TestCompletionScriptsCoverEveryFlag(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, script, errOut := runCLI("completion", shell)
		if code != exitOK || errOut != "" {
			t.Fatalf("completion %s: exit %d, stderr %q", shell, code, errOut)
		}
		for _, cf := range completionCommands() {
			if cf.cmd.name != "" && !strings.Contains(script, cf.cmd.name) {
				t.Errorf("%s: no command %q", shell, cf.cmd.name)
			}
			for _, f := range cf.flags {
				if !strings.Contains(script, f.name) {
					t.Errorf("%s: no flag %q of %q", shell, f.name, cf.cmd.name)
				}
			}
		}
		if bin, err := exec.LookPath(shell); err == nil && shell != "bash" {
			path := filepath.Join(t.TempDir(), "rulebench."+shell)
			if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(bin, "-n", path).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		}
	}
	if flags := completionCommands()[1].flags; !slices.ContainsFunc(flags, func(f flagHelp) bool { return f.name == "json" && !f.takesValue }) ||
		!slices.ContainsFunc(flags, func(f flagHelp) bool { return f.name == "format" && f.takesValue }) {
		t.Errorf("check's flags read from its help: %+v", flags)
	}
}

// The bash script completes for real: a command from its prefix, a
// command's flags, and the shells of completion.
func TestBashCompletionCompletes(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	_, script, _ := runCLI("completion", "bash")
	path := filepath.Join(t.TempDir(), "rulebench.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) string {
		t.Helper()
		line := "source " + path + "; COMP_WORDS=(" + strings.Join(words, " ") + "); COMP_CWORD=" +
			string(rune('0'+len(words)-1)) + `; _rulebench; echo "${COMPREPLY[*]}"`
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
		{[]string{"rulebench", "fix", "-"}, "--json -w --help"},
		{[]string{"rulebench", "completion", "f"}, "fish"},
		{[]string{"rulebench", "help", "mi"}, "migrate"},
	}
	for _, c := range cases {
		if got := complete(c.words...); got != c.want {
			t.Errorf("%v: completes to %q, want %q", c.words, got, c.want)
		}
	}
}
