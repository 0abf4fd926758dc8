package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
	"rulebench/rules"
)

// fix -w on a catalog entry with its package archive beside it fills the
// artifact's sha256 and bytes from the archive and raises the embedded
// manifest to the Capability API the package needs; check then finds
// nothing but the manifest that still differs from the package's own.
func TestFixCatalogEntry(t *testing.T) {
	dir := t.TempDir()
	files := modeltest.PackageFiles("1.2.0", 20)
	archive := modeltest.Zip(files)
	entry := filepath.Join(dir, "ruleset-tollway-1.2.0.entry.json")
	// The entry lists an older build of the archive and a manifest of 1.20.
	if err := os.WriteFile(entry, []byte(modeltest.Entry(files["manifest.json"], "1.2.0", []byte("an older build"))), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ruleset-tollway-1.2.0.zip"), archive, 0o644); err != nil {
		t.Fatal(err)
	}
	code, before := checkCodes(t, entry)
	if code != exitFindings {
		t.Fatalf("before: exit %d %v", code, before)
	}
	want := map[string]bool{"entry-bytes artifact.bytes (fixable)": true, "entry-sha256 artifact.sha256 (fixable)": true,
		"entry-capability manifest.capabilityApi.minor (fixable)": true}
	for _, f := range before {
		delete(want, f)
	}
	if len(want) != 0 {
		t.Errorf("before: %v lacks %v", before, want)
	}
	if code, out, errOut := runCLI("fix", "-w", entry); code != exitOK && code != exitFindings {
		t.Fatalf("fix -w: exit %d\n%s%s", code, out, errOut)
	}
	ws, err := model.Load(model.OSFS{}, entry)
	if err != nil {
		t.Fatal(err)
	}
	a := ws.Archives["ruleset-tollway-1.2.0.zip"]
	if a == nil || a.Package == nil {
		t.Fatal("the archive is not read")
	}
	need := rules.NeededCapability(a.Package)
	text := readText(t, entry)
	for _, s := range []string{modeltest.Sum(archive), `"minor": ` + strconv.Itoa(need)} {
		if !strings.Contains(text, s) {
			t.Errorf("the entry after fix -w lacks %s:\n%s", s, text)
		}
	}
	_, after := checkCodes(t, entry)
	if len(after) != 1 || after[0] != "entry-manifest manifest.capabilityApi" {
		t.Errorf("after: %v", after)
	}
}
