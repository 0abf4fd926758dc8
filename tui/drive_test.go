package tui

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestDriveInTmux runs e2e/drive.sh: the workbench driven in tmux as a
// user would, on a copy of the bundled example (a layer changing a price,
// the pt-BR untranslated strings, stepping through a save, an edit seen
// without a restart, q). It needs tmux and go, and is left out by -short.
func TestDriveInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the tmux drive is left out")
	}
	for _, tool := range []string{"tmux", "go", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the tmux drive cannot run", tool)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "bash", "e2e/drive.sh").CombinedOutput()
	t.Logf("drive.sh:\n%s", out)
	if err != nil {
		t.Fatalf("drive.sh failed: %v", err)
	}
	for _, want := range []string{"PASS toggle a layer and see a price change", "PASS edit the ruleset and see the change without a restart", "drive.sh: PASS"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("drive.sh did not report %q", want)
		}
	}
}
