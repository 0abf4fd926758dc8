package model_test

import (
	"strings"
	"testing"

	"rulebench/model"
)

// A manifest entry that names no file inside the package is a finding at
// its path, never silently ignored.
func TestManifestListingOutsideThePackage(t *testing.T) {
	for _, p := range []string{"/etc/passwd", "../../x.json", "locales/../../x.json", "./ruleset.json", `locales\de.json`, "a//b.json"} {
		doc := `{"schemaVersion": 2, "id": "x", "name": "X", "version": "1.0.0",
  "files": [
    {"path": ` + strconvQuote(p) + `, "sha256": "", "bytes": 1}
  ]}`
		root, ds := model.Parse("manifest.json", []byte(doc))
		if len(ds) > 0 {
			t.Fatalf("%s: %v", p, ds)
		}
		_, ds = model.DecodeManifest("manifest.json", root)
		var found bool
		for _, d := range ds {
			if d.Code == model.CodeManifestOutside {
				found = true
				if d.Line != 3 || d.Path != "files.0.path" || !strings.Contains(d.Message, "not a path inside the package") {
					t.Errorf("%s: %+v", p, d)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s finding in %v", p, model.CodeManifestOutside, ds)
		}
	}
	for _, p := range []string{"ruleset.json", "locales/de.json", "catalogs/a-b.json"} {
		doc := `{"schemaVersion": 2, "id": "x", "name": "X", "version": "1.0.0", "capabilityApi": {"major": 1, "minor": 20}, "files": [{"path": "` + p + `", "bytes": 1}]}`
		root, _ := model.Parse("manifest.json", []byte(doc))
		if _, ds := model.DecodeManifest("manifest.json", root); len(ds) != 0 {
			t.Errorf("%s: %v", p, ds)
		}
	}
}

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, `\`, `\\`) + `"` }
