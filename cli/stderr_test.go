package cli

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model/modeltest"
)

// hostileText is user text that would restyle the terminal, retitle its
// window and ring its bell if it reached the terminal raw.
const hostileText = "x\x1b]0;owned\x07\x1b[31mred\x9b1m" // \x9b: a C1 CSI, as a lone byte

// TestStderrQuotesUserTextVisibly gives every command a path, a flag name
// and flag values holding ESC, BEL and a C1 control, and requires that
// what each prints on stderr holds none of them raw: they are shown the way
// the screen shows them (\x1b).
func TestStderrQuotesUserTextVisibly(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, hostileText)
	pkg := copyExample(t, "lantern-road")
	entryArtifact := filepath.Join("../examples", "mirefall", "mirefall-1.0.0.ruleset.json")
	type run struct {
		name string
		args []string
		// quoted is true when stderr must quote the hostile text (made
		// visible); otherwise it need only not hold it raw.
		quoted bool
	}
	runs := []run{
		{"workbench, missing PATH", []string{"--no-mouse", missing}, true},
		{"workbench, --lang", []string{"--no-mouse", "--lang", hostileText, pkg}, true},
		{"workbench, unknown flag", []string{"--" + hostileText}, true},
		{"unknown command", []string{hostileText}, true},
		{"help on an unknown command", []string{"help", hostileText}, true},
		{"i18n --entry that cannot be read", []string{"i18n", "--entry", missing, entryArtifact}, true},
		{"migrate, SAVE that cannot be read", []string{"migrate", pkg, missing}, true},
		{"migrate --since, OLD that cannot be read", []string{"migrate", "--since", missing, pkg}, true},
	}
	for _, name := range []string{"check", "layers", "i18n", "migrate", "fix"} {
		runs = append(runs,
			run{name + ", missing PATH", []string{name, missing}, true},
			run{name + ", unknown flag", []string{name, "--" + hostileText, pkg}, true})
	}
	// Every flag that takes a value, given a hostile one (a path under a
	// missing folder, so that nothing is written).
	for _, c := range append([]*command{workbenchCommand}, visibleCommands()...) {
		fs, _ := c.flags(io.Discard)
		for _, f := range fs.defs {
			if f.arg == "" {
				continue
			}
			args := []string{f.dashed(), filepath.Join(dir, "missing", hostileText), pkg}
			if c.name != "" {
				args = append([]string{c.name}, args...)
			} else {
				args = append([]string{"--no-mouse"}, args...)
			}
			runs = append(runs, run{strings.TrimSpace(c.name + " " + f.dashed()), args, false})
		}
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			_, _, errOut := runGuarded(t, "q", nil, r.args...)
			if c, _, raw := modeltest.RawControl(errOut, "\n"); raw {
				t.Errorf("%q: stderr holds a raw %U:\n%q", r.args, c, errOut)
			}
			if r.quoted && !strings.Contains(errOut, `\x1b]0;owned`) {
				t.Errorf("%q: stderr does not quote the text visibly:\n%q", r.args, errOut)
			}
		})
	}
}
