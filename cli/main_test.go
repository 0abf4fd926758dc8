package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model/modeltest"
)

// examplesFS is what main embeds, read from the module's root: the bundled
// examples under examples/.
var examplesFS = os.DirFS("..")

// examplesDir is the bundled examples' folder, from this package's tests.
const examplesDir = "../examples"

// run is the program as main runs it, with the given streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Run(Streams{Stdin: stdin, Stdout: stdout, Stderr: stderr}, examplesFS, args)
}

// runCLI runs the program with buffers and returns its exit code and output.
func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// fixtures returns the folder of the Engine's published rulesets in the
// shared data, skipping the test when this clone has none beside it.
func fixtures(t testing.TB) string {
	t.Helper()
	return modeltest.Fixtures(t)
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI("--version")
	if code != exitOK || !strings.Contains(out, "rulebench "+Version) {
		t.Fatalf("--version: exit %d, output %q", code, out)
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, cmd := range [][]string{{"--help"}, {"check", "--help"}, {"layers", "--help"}, {"i18n", "--help"}, {"migrate", "--help"}} {
		code, out, errOut := runCLI(cmd...)
		if code != exitOK || !strings.Contains(out, "usage: rulebench") || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", cmd, code, out, errOut)
		}
	}
}

func TestCheckUsageErrors(t *testing.T) {
	if code, _, _ := runCLI("check"); code != exitUsage {
		t.Errorf("check without PATH: exit %d, want 2", code)
	}
	if code, _, _ := runCLI("check", "--bogus", "x.json"); code != exitUsage {
		t.Errorf("check with an unknown flag: exit %d, want 2", code)
	}
	code, _, errOut := runCLI("check", filepath.Join(t.TempDir(), "missing.json"))
	if code != exitUsage || !strings.Contains(errOut, "cannot read") {
		t.Errorf("check on a missing path: exit %d, stderr %q", code, errOut)
	}
}

// The three real rulesets published with the Engine load with no error.
func TestCheckFixturesClean(t *testing.T) {
	dir := fixtures(t)
	for _, name := range []string{"5e-2014.json", "ember-roads.json", "gravewatch.json"} {
		code, out, errOut := runCLI("check", "--json", filepath.Join(dir, name))
		if code != exitOK {
			t.Errorf("%s: exit %d\n%s%s", name, code, out, errOut)
			continue
		}
		var doc struct {
			SchemaVersion int    `json:"schemaVersion"`
			OK            bool   `json:"ok"`
			CapabilityAPI string `json:"capabilityApi"`
			Diagnostics   []struct {
				Severity string `json:"severity"`
			} `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: not JSON: %v", name, err)
		}
		if doc.SchemaVersion != 1 || !doc.OK || !strings.HasPrefix(doc.CapabilityAPI, "1.") {
			t.Errorf("%s: document %+v", name, doc)
		}
		for _, d := range doc.Diagnostics {
			if d.Severity == "error" {
				t.Errorf("%s: error finding %+v", name, d)
			}
		}
	}
}

// A text finding reads file:line:column: severity: path: message, and the
// exit code says errors were found.
func TestCheckTextFindings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(path, []byte("{\n  \"id\": \"x\",\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("check", path)
	if code != exitFindings {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	want := path + ":3:1: error: (root): a comma before '}'"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
}

// A hostile string in a file is printed with its escape sequences visible.
func TestCheckOutputIsTerminalSafe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.json")
	if err := os.WriteFile(path, []byte(`{"id": "x", "na\u001b[2Jme": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI("check", path)
	if strings.ContainsRune(out, 0x1b) {
		t.Fatalf("raw escape character in output: %q", out)
	}
	if !strings.Contains(out, `na\x1b[2Jme`) {
		t.Errorf("the key is not shown visibly:\n%s", out)
	}
}
