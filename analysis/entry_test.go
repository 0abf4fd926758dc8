package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/model/modeltest"
	"rulebench/rules"
)

// tollwayNeed is the Capability API minor the test package needs.
func tollwayNeed(t *testing.T) int {
	t.Helper()
	files := modeltest.PackageFiles("1.2.0", 20)
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys["p/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return rules.NeededCapability(loadFS(t, fsys, "p"))
}

// codesAt lists the findings as "code path".
func codesAt(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, string(d.Code)+" "+d.Path)
	}
	return out
}

// A catalog entry as today's catalog publishes it, checked on its own with
// the package archive beside it (decisions §1).
func TestEntryWithArchive(t *testing.T) {
	need := tollwayNeed(t)
	files := modeltest.PackageFiles("1.2.0", need)
	archive := modeltest.Zip(files)
	other := modeltest.Zip(modeltest.PackageFiles("1.2.0", need+1))
	entry := func(minor int, version string, listed []byte) string {
		return modeltest.Entry(modeltest.Manifest(version, minor), version, listed)
	}
	for _, tc := range []struct {
		name  string
		entry string
		zip   []byte // nil: no archive beside
		want  []string
	}{
		{"clean", entry(need, "1.2.0", archive), archive, nil},
		{"clean without the archive", entry(need, "1.2.0", archive), nil, nil},
		{"a manifest below what the files need", entry(need-1, "1.2.0", archive), archive,
			[]string{"entry-capability manifest.capabilityApi.minor", "entry-manifest manifest.capabilityApi"}},
		{"another archive beside", entry(need, "1.2.0", archive), other,
			[]string{"entry-manifest manifest.capabilityApi", "entry-sha256 artifact.sha256"}},
		{"an archive of another size", entry(need, "1.2.0", archive), append(append([]byte{}, archive...), 0), []string{"entry-bytes artifact.bytes", "entry-sha256 artifact.sha256"}},
		{"an archive that is no zip", entry(need, "1.2.0", []byte("not a zip")), []byte("not a zip"), []string{"entry-archive artifact.url"}},
		{"an artifact named after another version", strings.Replace(entry(need, "1.2.0", archive), "tollway-1.2.0.zip", "tollway-1.3.0.zip", 1), nil,
			[]string{"entry-manifest artifact.url"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"cat/ruleset-tollway-1.2.0.entry.json": {Data: []byte(tc.entry)}}
			if tc.zip != nil {
				fsys["cat/ruleset-tollway-1.2.0.zip"] = &fstest.MapFile{Data: tc.zip}
			}
			r := Run(loadFS(t, fsys, "cat/ruleset-tollway-1.2.0.entry.json"), Options{})
			got := codesAt(r.Findings)
			slices.Sort(got)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("findings %q, want %q\n%v", got, tc.want, r.Findings)
			}
			for _, d := range r.Findings {
				if d.Line < 1 || d.File != "cat/ruleset-tollway-1.2.0.entry.json" {
					t.Errorf("unplaced: %s", d)
				}
			}
			if tc.zip != nil && tc.name == "clean" && r.Capability != need {
				t.Errorf("capability 1.%d, want 1.%d", r.Capability, need)
			}
		})
	}
}

// A catalog index holds several entries; each is checked.
func TestEntryIndex(t *testing.T) {
	need := tollwayNeed(t)
	archive := modeltest.Zip(modeltest.PackageFiles("1.2.0", need))
	low := modeltest.Entry(modeltest.Manifest("1.2.0", need-1), "1.2.0", archive)
	agent := `{"manifest": {"schemaVersion": 2, "id": "helper", "name": "Helper", "version": "1.0.0", "kind": ["agent"], "capabilityApi": {"major": 1, "minor": 1}},
	  "artifact": {"url": "https://example.org/artifacts/helper-1.0.0.zip", "sha256": "` + strings.Repeat("0", 64) + `", "bytes": 10}}`
	fsys := fstest.MapFS{
		"cat/catalog.json":              {Data: []byte(`{"schemaVersion": 1, "packages": [` + agent + `, ` + low + `]}`)},
		"cat/ruleset-tollway-1.2.0.zip": {Data: archive},
	}
	r := Run(loadFS(t, fsys, "cat/catalog.json"), Options{})
	if got := codesAt(r.Findings); fmt.Sprint(got) != "[entry-capability packages.1.manifest.capabilityApi.minor entry-manifest packages.1.manifest.capabilityApi]" &&
		fmt.Sprint(got) != "[entry-manifest packages.1.manifest.capabilityApi entry-capability packages.1.manifest.capabilityApi.minor]" {
		t.Errorf("findings %q", got)
	}
	if len(r.Entries) != 2 {
		t.Errorf("%d entries", len(r.Entries))
	}
}

// The behaviour spec's form, beside a catalog artifact: the embedded
// manifest must cover what the artifact needs, and 1.811 as soon as the
// entry lists a pack (decisions §1).
func TestEntryOfAnArtifactEmbedsTheNeed(t *testing.T) {
	pack := `{"_meta": {"locale": "de", "direction": "ltr"}, "ruleset": {"Tollway": "Mautweg"}}`
	rs := string(modeltest.Base())
	entry := func(minor int) string {
		m := strings.Replace(modeltest.Manifest("3", minor), `"ruleset-tollway"`, `"tollway"`, 1)
		return fmt.Sprintf(`{"manifest": %s, "artifact": {"url": "https://example.org/a/tollway-3.ruleset.json", "sha256": %q, "bytes": %d},
		  "locales": {"de": {"url": "https://example.org/a/tollway-3.de.json", "sha256": %q, "bytes": %d, "name": "Mautweg", "description": "Ein Test."}}}`,
			m, modeltest.Sum([]byte(rs)), len(rs), modeltest.Sum([]byte(pack)), len(pack))
	}
	for _, tc := range []struct {
		minor int
		want  string
	}{{27, "[entry-capability manifest.capabilityApi.minor]"}, {811, "[]"}} {
		fsys := fstest.MapFS{
			"a/tollway-3.ruleset.json": {Data: []byte(rs)},
			"a/tollway-3.de.json":      {Data: []byte(pack)},
			"a/tollway-3.entry.json":   {Data: []byte(entry(tc.minor))},
		}
		r := Run(loadFS(t, fsys, "a/tollway-3.ruleset.json"), Options{})
		var got []string
		for _, d := range r.Findings {
			if d.Category == model.Translations {
				got = append(got, string(d.Code)+" "+d.Path)
			}
		}
		if fmt.Sprint(got) != tc.want && !(tc.want == "[]" && len(got) == 0) {
			t.Errorf("1.%d: %q, want %s", tc.minor, got, tc.want)
		}
	}
}

// A package checked with its catalog entry (i18n --entry): the embedded
// manifest must be the package's manifest.json.
func TestEntryOfAPackage(t *testing.T) {
	need := tollwayNeed(t)
	files := modeltest.PackageFiles("1.2.0", need)
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys["p/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	ws := loadFS(t, fsys, "p")
	for _, tc := range []struct {
		manifest string
		want     string
	}{
		{files["manifest.json"], "[]"},
		{strings.Replace(files["manifest.json"], `"Tollway"`, `"Tollway!"`, 1), "[entry-manifest manifest.name]"},
	} {
		e, ds := i18n.ParseEntry(filepath.Join("e.json"), []byte(modeltest.Entry(tc.manifest, "1.2.0", []byte("zip"))))
		r := Run(ws, Options{EntryGiven: true, Entry: e, EntryFindings: ds})
		got := codesAt(r.Select(model.Translations, model.Packaging))
		if fmt.Sprint(got) != tc.want && !(tc.want == "[]" && len(got) == 0) {
			t.Errorf("findings %q, want %s", got, tc.want)
		}
	}
}
