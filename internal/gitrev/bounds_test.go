package gitrev_test

import (
	"io/fs"
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

// Files read together come out each under its own id, identical files
// (one object) included, and an id git does not have is left out.
func TestCatBatch(t *testing.T) {
	r := gitrevtest.New(t)
	r.Write("saves/a.json", []byte(`{"v": 1}`))
	r.Write("saves/b.json", []byte(`{"v": 1}`))
	r.Write("saves/c.json", []byte("{\"v\": 2}\n"))
	r.Write("big.json", []byte(strings.Repeat(" ", 10000)))
	r.Commit("saves")
	a := strings.TrimSpace(r.Git("rev-parse", "HEAD:saves/a.json"))
	c := strings.TrimSpace(r.Git("rev-parse", "HEAD:saves/c.json"))
	missing := strings.Repeat("0", len(a))
	blobs, err := gitrev.CatBatch(r.Dir, []string{a, c, missing}, 17)
	if err != nil || len(blobs) != 2 || string(blobs[a]) != `{"v": 1}` || string(blobs[c]) != "{\"v\": 2}\n" {
		t.Errorf("%q, %v", blobs, err)
	}
	// A size far below what git gives: refused, not read on.
	big := strings.TrimSpace(r.Git("rev-parse", "HEAD:big.json"))
	if _, err := gitrev.CatBatch(r.Dir, []string{a, big}, 8); err == nil {
		t.Error("more output than asked for is read")
	}
	// Two identical saves at a revision are both read.
	repo, err := gitrev.Find(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := repo.At("HEAD", "saves")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"b.json", "a.json", "c.json", "a.json"} {
		data, err := fs.ReadFile(tree, "HEAD:saves/"+name)
		if err != nil || !strings.HasPrefix(string(data), `{"v": `) {
			t.Errorf("%s: %q, %v", name, data, err)
		}
	}
}
