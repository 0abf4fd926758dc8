package modeltest_test

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestLargePackage checks that the 60 MB package is what it says: within
// the limits, every catalog an asset of 2,000 entries under 1 MB, and read
// without a finding.
func TestLargePackage(t *testing.T) {
	if testing.Short() {
		t.Skip("60 MB")
	}
	const size = 60 << 20
	files := modeltest.LargePackage(size)
	fsys := fstest.MapFS{}
	total := 0
	for name, data := range files {
		fsys["pkg/"+name] = &fstest.MapFile{Data: data}
		total += len(data)
		if len(name) > 9 && name[:9] == "catalogs/" && len(data) > model.MaxCatalogBytes {
			t.Errorf("%s is %d bytes", name, len(data))
		}
	}
	if total > size || total < size-size/10 {
		t.Errorf("%d bytes in all, want just under %d", total, size)
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ws.Diagnostics {
		t.Errorf("%s", d)
	}
	if ws.Ruleset == nil {
		t.Fatal("no ruleset")
	}
	for _, c := range ws.Ruleset.Catalogs {
		if c.Asset == "" || len(c.Entries) != modeltest.LargePackageEntries {
			t.Errorf("catalog %s: asset %q, %d entries", c.ID, c.Asset, len(c.Entries))
		}
	}
	if len(ws.Locales) < 5 || len(ws.Saves) != modeltest.LargePackageSaves {
		t.Errorf("%d locales, %d saves", len(ws.Locales), len(ws.Saves))
	}
}
