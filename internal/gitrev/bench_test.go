package gitrev_test

import (
	"testing"

	"rulebench/internal/gitrev"
	"rulebench/model"
)

// BenchmarkLoadPackageAtRevision reads lantern-road (12 files in four
// folders) at HEAD~1 through git, from finding the repository to the
// loaded workspace: what migrate --since HEAD~1 adds to reading OLD from
// disk.
func BenchmarkLoadPackageAtRevision(b *testing.B) {
	r := twoCommits(b)
	for b.Loop() {
		repo, err := gitrev.Find(r.Path("pkg"))
		if err != nil {
			b.Fatal(err)
		}
		tree, err := repo.At("HEAD~1", "pkg")
		if err != nil {
			b.Fatal(err)
		}
		if ws, err := model.Load(tree, tree.Name()); err != nil || ws.Ruleset == nil {
			b.Fatal(err)
		}
	}
}
