package modeltest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"rulebench/model"
)

// ReportedCodesFile is where a package's tests keep the finding codes they
// report without the shared data, one a line, sorted:
// testdata/codes-reported.txt beside the package. The code registry's test
// reads every package's file, so every code is held to a test the project
// owns.
const ReportedCodesFile = "testdata/codes-reported.txt"

// UpdateCodesEnv is the environment variable that, set to 1, has
// RunTracingCodes rewrite ReportedCodesFile instead of comparing with it.
const UpdateCodesEnv = "RULEBENCH_UPDATE_CODES"

// RunTracingCodes runs a package's tests (m.Run, from TestMain) while
// noting the code of every finding made, and holds the set to the package's
// ReportedCodesFile: a run of the whole suite that passes fails when the
// codes reported differ from the file, naming the codes gained and lost
// (RULEBENCH_UPDATE_CODES=1 rewrites it, even after a failing test, so
// that a new package's first run can write it). The file records what the
// project's own tests reach: a run that used the shared data (Shared) may
// report more codes than it lists, never fewer, and is not allowed to
// rewrite it. A run narrowed by -run, -skip, -short, -fuzz or -list is
// only run.
func RunTracingCodes(m *testing.M) int {
	var mu sync.Mutex
	seen := map[model.Code]bool{}
	stop := model.TraceCodes(func(c model.Code) {
		mu.Lock()
		seen[c] = true
		mu.Unlock()
	})
	status := m.Run()
	stop()
	update := os.Getenv(UpdateCodesEnv) == "1"
	if (status != 0 && !update) || narrowed() {
		return status
	}
	mu.Lock()
	got := make([]string, 0, len(seen))
	for c := range seen {
		got = append(got, string(c))
	}
	mu.Unlock()
	slices.Sort(got)
	if update && sharedUsed.Load() {
		fmt.Fprintf(os.Stderr, "%s records what the tests report without the shared data; rewrite it with %s=1 %s=none go test\n",
			ReportedCodesFile, UpdateCodesEnv, SharedEnv)
		return 1
	}
	if err := holdCodes(ReportedCodesFile, got, update, sharedUsed.Load()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return status
}

// narrowed tells whether the test flags run only part of the suite.
func narrowed() bool {
	for _, name := range []string{"test.run", "test.skip", "test.fuzz", "test.list"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	return testing.Short()
}

// holdCodes compares the codes reported with the file (or writes them to
// it when update is set). With extra set, codes beyond the file's are
// allowed: the run reached them through the shared data.
func holdCodes(file string, got []string, update, extra bool) error {
	text := strings.Join(got, "\n") + "\n"
	if len(got) == 0 {
		text = ""
	}
	if update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		return os.WriteFile(file, []byte(text), 0o644)
	}
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	var want []string
	for line := range strings.SplitSeq(string(data), "\n") {
		if line != "" {
			want = append(want, line)
		}
	}
	var gained, lost []string
	for _, c := range got {
		if !slices.Contains(want, c) {
			gained = append(gained, c)
		}
	}
	for _, c := range want {
		if !slices.Contains(got, c) {
			lost = append(lost, c)
		}
	}
	if len(lost) == 0 && (len(gained) == 0 || extra) {
		return nil
	}
	return fmt.Errorf("the finding codes these tests report differ from %s (%s=1 go test rewrites it):\n  newly reported: %s\n  no longer reported: %s",
		file, UpdateCodesEnv, listOrNone(gained), listOrNone(lost))
}

func listOrNone(codes []string) string {
	if len(codes) == 0 {
		return "(none)"
	}
	return strings.Join(codes, " ")
}
