package gitrev_test

import (
	"strings"
	"testing"

	"rulebench/internal/gitrev"
	"rulebench/internal/gitrev/gitrevtest"
)

// run stops reading at its limit (and stops git), so that a blob or a
// listing larger than the bound is never read whole.
func TestRunBounded(t *testing.T) {
	r := gitrevtest.New(t)
	r.Write("big.json", []byte(strings.Repeat("0,", 1<<20)))
	r.Commit("big")
	oid := strings.TrimSpace(r.Git("rev-parse", "HEAD:big.json"))
	out, err := gitrev.Run(r.Dir, 1000, "cat-file", "blob", oid)
	if err != nil || len(out) != 1000 {
		t.Errorf("%d bytes, %v", len(out), err)
	}
	out, err = gitrev.Run(r.Dir, 4<<20, "cat-file", "blob", oid)
	if err != nil || len(out) != 2<<20 {
		t.Errorf("whole: %d bytes, %v", len(out), err)
	}
}

// A listing git should not give is refused, not guessed at.
func TestParseListing(t *testing.T) {
	es, err := gitrev.ParseListing([]byte("100644 blob abc 12\tb.json\x00040000 tree def -\ta\x00120000 blob 123 5\tl\x00160000 commit 456 -\tsub\x00"))
	if err != nil || len(es) != 4 || es[0].Name != "a" || !es[0].Mode.IsDir() || es[1].Size != 12 || es[2].Mode.IsRegular() || es[3].Mode.IsRegular() {
		t.Errorf("%+v, %v", es, err)
	}
	for _, bad := range []string{"100644 blob abc 12 b.json\x00", "100644 blob abc x\tb\x00", "100644 blob abc 1\ta/b\x00", "100644 blob abc -5\tb\x00"} {
		if _, err := gitrev.ParseListing([]byte(bad)); err == nil {
			t.Errorf("%q is read", bad)
		}
	}
}
