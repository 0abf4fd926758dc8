package tui

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// tmuxEnv names the environment variable that opts in to the tmux drive:
// it takes seconds and needs tmux, so `go test ./...` leaves it out unless
// the variable is 1. `.ci/run` sets it.
const tmuxEnv = "RULEBENCH_TMUX"

// TestDriveInTmux runs e2e/drive.sh: the workbench driven in tmux as a
// user would, on a copy of the bundled example (a layer changing a price,
// the pt-BR untranslated strings, stepping through a save, an edit seen
// without a restart, q), then at 80x24 through each screen issue 13 fixed. It runs only with RULEBENCH_TMUX=1, and needs tmux
// and go.
func TestDriveInTmux(t *testing.T) {
	if os.Getenv(tmuxEnv) != "1" {
		t.Skipf("the tmux drive runs only with %s=1 (as .ci/run sets it)", tmuxEnv)
	}
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
	for _, want := range []string{"PASS toggle a layer and see a price change", "PASS edit the ruleset and see the change without a restart", "PASS e opens the editor at the finding",
		"PASS 80x24: Overview", "PASS 80x24: Layers", "PASS 80x24: Effective", "PASS 80x24: Translations", "PASS 80x24: Migrations", "PASS 80x24: Problems", "drive.sh: PASS"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("drive.sh did not report %q", want)
		}
	}
}
