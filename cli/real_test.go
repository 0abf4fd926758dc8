package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rulebench/model/modeltest"
)

// The real published files (fixtures/marinara/real of the shared data):
// each 5e package reports only its three catalog files, which the copy
// leaves out; the Capability API its files need is at most what its
// manifest declares; the catalog index and its 5e entry check clean, and
// the entry is the 0.5.0 package's manifest and covers what that package
// needs.
func TestRealPublishedFiles(t *testing.T) {
	real := filepath.Join(modeltest.Fixtures(t), "real")
	for _, pkg := range []string{"ruleset-5e-2014-0.5.0", "ruleset-5e-2014-0.9.1"} {
		dir := filepath.Join(real, pkg)
		if _, err := os.Stat(dir); err != nil {
			t.Skipf("no %s", pkg)
		}
		code, out, errOut := runCLI("check", "--json", dir)
		var doc struct {
			CapabilityAPI string `json:"capabilityApi"`
			Diagnostics   []struct{ Code, File string }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", pkg, err, errOut)
		}
		var files []string
		for _, d := range doc.Diagnostics {
			if d.Code != "unreadable" {
				t.Errorf("%s: %s on %s", pkg, d.Code, d.File)
			}
			files = append(files, filepath.Base(d.File))
		}
		slices.Sort(files)
		if code != exitFindings || strings.Join(files, " ") != "creatures.json features.json spells.json" {
			t.Errorf("%s: exit %d, findings on %v", pkg, code, files)
		}
		var m struct{ CapabilityAPI struct{ Minor int } }
		data, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		need, _ := strconv.Atoi(strings.TrimPrefix(doc.CapabilityAPI, "1."))
		if need == 0 || need > m.CapabilityAPI.Minor {
			t.Errorf("%s: needs %s, declares 1.%d", pkg, doc.CapabilityAPI, m.CapabilityAPI.Minor)
		}
		t.Logf("%s: needs %s, declares 1.%d", pkg, doc.CapabilityAPI, m.CapabilityAPI.Minor)
	}
	index := filepath.Join(real, "catalog-preview-v3", "catalog.json")
	if code, out, errOut := runCLI("check", index); code != exitOK {
		t.Errorf("the catalog index: exit %d\n%s%s", code, out, errOut)
	}
	// The 5e entry on its own, and against the package it publishes.
	data, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	var cat struct{ Packages []json.RawMessage }
	if err := json.Unmarshal(data, &cat); err != nil || len(cat.Packages) == 0 {
		t.Fatalf("the index: %v", err)
	}
	entry := filepath.Join(t.TempDir(), "ruleset-5e-2014-0.5.0.entry.json")
	if err := os.WriteFile(entry, cat.Packages[0], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI("check", entry); code != exitOK {
		t.Errorf("the 5e entry: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI("i18n", "--entry", entry, filepath.Join(real, "ruleset-5e-2014-0.5.0")); code != exitOK {
		t.Errorf("the 5e entry against the 0.5.0 package: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ := runCLI("i18n", "--entry", entry, filepath.Join(real, "ruleset-5e-2014-0.9.1")); code != exitFindings || !strings.Contains(out, "[entry-manifest]") {
		t.Errorf("the 5e 0.5.0 entry against the 0.9.1 package: exit %d\n%s", code, out)
	}
}
