package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestWorkbenchExitCodes runs the workbench with keys on its input: q
// quits with 0, ctrl+c with 130 (as a shell reports SIGINT), and bad
// flags give 2 before anything is drawn.
func TestWorkbenchExitCodes(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		want  int
	}{
		{"q", []string{"--no-mouse", "examples/lantern-road"}, "q", exitOK},
		{"ctrl+c", []string{"--no-mouse", "examples/lantern-road"}, "\x03", exitInterrupted},
		{"keys then ctrl+c", []string{"--no-mouse", "--ascii", "examples/mirefall/mirefall-1.0.0.ruleset.json"}, "24/xy\x03", exitInterrupted},
		{"unknown theme", []string{"--theme", "neon", "examples/lantern-road"}, "q", exitUsage},
		{"two paths", []string{"a", "b"}, "q", exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- runWorkbench(tt.args, strings.NewReader(tt.input), &out, &errs) }()
			select {
			case got := <-done:
				if got != tt.want {
					t.Errorf("exit %d, want %d; stderr %q", got, tt.want, errs.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the workbench did not stop")
			}
		})
	}
}

// TestWorkbenchThemeFlag checks that --help lists every theme and that the
// default follows the terminal.
func TestWorkbenchThemeFlag(t *testing.T) {
	var out, errs bytes.Buffer
	runWorkbench([]string{"--help"}, strings.NewReader(""), &out, &errs)
	help := out.String() + errs.String()
	for _, w := range []string{"auto, dark, light, high-contrast", `(default "auto")`} {
		if !strings.Contains(help, w) {
			t.Errorf("the workbench's help lacks %q:\n%s", w, help)
		}
	}
}
