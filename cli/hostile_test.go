package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulebench/model/modeltest"
)

// runGuarded runs the program with input on stdin, failing the test when it
// does not return; a run blocked on a named pipe is let go by opening the
// pipe for writing.
func runGuarded(t *testing.T, input string, pipes []string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, strings.NewReader(input), &out, &errOut) }()
	select {
	case code := <-done:
		return code, out.String(), errOut.String()
	case <-time.After(15 * time.Second):
		modeltest.Unblock(pipes...)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
		t.Fatalf("%v did not return: it blocked on a named pipe", args)
		return 0, "", ""
	}
}

func TestNamedPipesAreNeverRead(t *testing.T) {
	dir := t.TempDir()
	pipe := modeltest.MakeFIFO(t, filepath.Join(dir, "pipe.json"))
	pkg := copyExample(t, "lantern-road")
	inSaves := modeltest.MakeFIFO(t, filepath.Join(pkg, "saves", "pipe.json"))
	pipes := []string{pipe, inSaves}
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		// want is in stdout (or stderr, for the workbench).
		want string
	}{
		{"check on a pipe", "", []string{"check", pipe}, exitFindings, "not a regular file (a named pipe)"},
		{"check on a package with a pipe in saves/", "", []string{"check", "--json", pkg}, exitFindings, `"code": "not-regular-file"`},
		{"layers on a pipe", "", []string{"layers", pipe}, exitFindings, "not a regular file"},
		{"i18n with a pipe as --entry", "", []string{"i18n", "--json", "--entry", pipe, filepath.Join("../examples", "mirefall")}, exitFindings, `"code": "not-regular-file"`},
		{"migrate with a pipe as SAVE", "", []string{"migrate", "--json", filepath.Join("../examples", "lantern-road"), pipe}, exitFindings, `"code": "not-regular-file"`},
		{"the workbench on a pipe quits with q", "q", []string{"--no-mouse", pipe}, exitOK, ""},
		{"the workbench on a package with a pipe quits with q", "q", []string{"--no-mouse", pkg}, exitOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runGuarded(t, tt.input, pipes, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("stdout lacks %q:\n%s", tt.want, out)
			}
		})
	}
}
