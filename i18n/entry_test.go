package i18n

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

const (
	artifactURL = "https://raw.example.com/owner/repo/main/artifacts/demo-1.0.0.ruleset.json"
	packFolder  = "https://raw.example.com/owner/repo/main/artifacts/"
)

// manyLanguages are 42 valid language tags, none of them en.
const manyLanguages = "af ar bg bn ca cs cy da de el es et eu fa fi fr ga gl he hi hr hu hy id is it ja ka ko lt lv mk ms mt nl pl pt ro ru sk sl sq"

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// validEntry is a catalog entry listing one correct fr pack.
func validEntry() map[string]any {
	fr := localeJSON("fr", `"Demo": "Démo"`)
	return map[string]any{
		"artifact": map[string]any{"url": artifactURL, "sha256": sum(tinyRuleset), "bytes": len(tinyRuleset)},
		"locales": map[string]any{
			"fr": map[string]any{"url": packFolder + "demo-1.0.0.fr.json", "sha256": sum(fr), "bytes": len(fr), "name": "Démo", "description": "Une démo."},
		},
	}
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fr(e map[string]any) map[string]any {
	return e["locales"].(map[string]any)["fr"].(map[string]any)
}

func TestEntryShape(t *testing.T) {
	tests := []struct {
		name string
		edit func(e map[string]any)
		want []string
		path string
	}{
		{name: "valid", edit: func(map[string]any) {}},
		{name: "artifact as a bare URL", edit: func(e map[string]any) { e["artifact"] = artifactURL }},
		{name: "no locales", edit: func(e map[string]any) { delete(e, "locales") }},
		{name: "artifact missing", edit: func(e map[string]any) { delete(e, "artifact") },
			want: []string{"error required"}, path: "artifact"},
		{name: "artifact url missing", edit: func(e map[string]any) { e["artifact"] = map[string]any{} },
			want: []string{"error required"}, path: "artifact.url"},
		{name: "artifact not .ruleset.json", edit: func(e map[string]any) { e["artifact"] = packFolder + "demo.json" },
			want: []string{"error entry-url"}, path: "artifact"},
		{name: "artifact over http", edit: func(e map[string]any) { e["artifact"] = "http://example.com/demo-1.0.0.ruleset.json" },
			want: []string{"error entry-url"}, path: "artifact"},
		{name: "artifact a number", edit: func(e map[string]any) { e["artifact"] = 3 },
			want: []string{"error type"}, path: "artifact"},
		{name: "artifact sha256 in capitals", edit: func(e map[string]any) {
			e["artifact"].(map[string]any)["sha256"] = strings.ToUpper(sum(tinyRuleset))
		}, want: []string{"error entry-sha256"}, path: "artifact.sha256"},
		{name: "locales not an object", edit: func(e map[string]any) { e["locales"] = []any{} },
			want: []string{"error type"}, path: "locales"},
		{name: "41 packs", edit: func(e map[string]any) {
			locs := map[string]any{}
			for _, lang := range strings.Fields(manyLanguages)[:41] {
				locs[lang] = map[string]any{"url": packFolder + "demo-1.0.0." + lang + ".json", "sha256": strings.Repeat("a", 64), "bytes": 10, "name": "n", "description": "d"}
			}
			e["locales"] = locs
		}, want: []string{"error entry-packs"}, path: "locales"},
		{name: "40 packs", edit: func(e map[string]any) {
			locs := map[string]any{}
			for _, lang := range strings.Fields(manyLanguages)[:40] {
				locs[lang] = map[string]any{"url": packFolder + "demo-1.0.0." + lang + ".json", "sha256": strings.Repeat("a", 64), "bytes": 10, "name": "n", "description": "d"}
			}
			e["locales"] = locs
		}},
		{name: "an en pack", edit: func(e map[string]any) { e["locales"].(map[string]any)["en"] = fr(e) },
			want: []string{"error entry-en"}, path: "locales.en"},
		{name: "an EN pack", edit: func(e map[string]any) { e["locales"].(map[string]any)["EN"] = fr(e) },
			want: []string{"error entry-en"}, path: "locales.EN"},
		{name: "key with underscore", edit: func(e map[string]any) { e["locales"].(map[string]any)["pt_BR"] = fr(e) },
			want: []string{"error entry-lang"}, path: "locales.pt_BR"},
		{name: "key not canonical", edit: func(e map[string]any) {
			p := map[string]any{"url": packFolder + "demo-1.0.0.pt-BR.json", "sha256": strings.Repeat("a", 64), "bytes": 10, "name": "n", "description": "d"}
			e["locales"].(map[string]any)["pt-br"] = p
		}, want: []string{"warning entry-lang"}, path: "locales.pt-br"},
		{name: "the same language twice", edit: func(e map[string]any) {
			e["locales"].(map[string]any)["FR"] = fr(e)
		}, want: []string{"warning entry-lang", "error entry-duplicate"}}, // FR sorts first
		{name: "url over http", edit: func(e map[string]any) {
			fr(e)["url"] = "http://raw.example.com/owner/repo/main/artifacts/demo-1.0.0.fr.json"
		},
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url on another host", edit: func(e map[string]any) {
			fr(e)["url"] = "https://cdn.example.com/owner/repo/main/artifacts/demo-1.0.0.fr.json"
		},
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url host in another case", edit: func(e map[string]any) {
			fr(e)["url"] = "https://RAW.example.com/owner/repo/main/artifacts/demo-1.0.0.fr.json"
		}},
		{name: "url in another folder", edit: func(e map[string]any) {
			fr(e)["url"] = "https://raw.example.com/owner/repo/main/packs/demo-1.0.0.fr.json"
		},
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url with another version", edit: func(e map[string]any) { fr(e)["url"] = packFolder + "demo-1.0.1.fr.json" },
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url with another language", edit: func(e map[string]any) { fr(e)["url"] = packFolder + "demo-1.0.0.de.json" },
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url with a query", edit: func(e map[string]any) { fr(e)["url"] = packFolder + "demo-1.0.0.fr.json?raw=1" },
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url not a URL", edit: func(e map[string]any) { fr(e)["url"] = "demo-1.0.0.fr.json" },
			want: []string{"error entry-url"}, path: "locales.fr.url"},
		{name: "url not text", edit: func(e map[string]any) { fr(e)["url"] = 1 },
			want: []string{"error type"}, path: "locales.fr.url"},
		{name: "sha256 too short", edit: func(e map[string]any) { fr(e)["sha256"] = "abc" },
			want: []string{"error entry-sha256"}, path: "locales.fr.sha256"},
		{name: "sha256 in capitals", edit: func(e map[string]any) { fr(e)["sha256"] = strings.Repeat("A", 64) },
			want: []string{"error entry-sha256"}, path: "locales.fr.sha256"},
		{name: "sha256 not hex", edit: func(e map[string]any) { fr(e)["sha256"] = strings.Repeat("g", 64) },
			want: []string{"error entry-sha256"}, path: "locales.fr.sha256"},
		{name: "bytes 0", edit: func(e map[string]any) { fr(e)["bytes"] = 0 },
			want: []string{"error entry-bytes"}, path: "locales.fr.bytes"},
		{name: "bytes 8 MiB is allowed", edit: func(e map[string]any) { fr(e)["bytes"] = 8388608 },
			want: []string{}},
		{name: "bytes over 8 MiB", edit: func(e map[string]any) { fr(e)["bytes"] = 8388609 },
			want: []string{"error entry-bytes"}, path: "locales.fr.bytes"},
		{name: "bytes not whole", edit: func(e map[string]any) { fr(e)["bytes"] = 10.5 },
			want: []string{"error entry-bytes"}, path: "locales.fr.bytes"},
		{name: "bytes as text", edit: func(e map[string]any) { fr(e)["bytes"] = "10" },
			want: []string{"error type"}, path: "locales.fr.bytes"},
		{name: "name empty", edit: func(e map[string]any) { fr(e)["name"] = "" },
			want: []string{"error entry-text"}, path: "locales.fr.name"},
		{name: "description blank", edit: func(e map[string]any) { fr(e)["description"] = "  " },
			want: []string{"error entry-text"}, path: "locales.fr.description"},
		{name: "description missing", edit: func(e map[string]any) { delete(fr(e), "description") },
			want: []string{"error required"}, path: "locales.fr.description"},
		{name: "name not text", edit: func(e map[string]any) { fr(e)["name"] = true },
			want: []string{"error type"}, path: "locales.fr.name"},
		{name: "unknown key in a listing", edit: func(e map[string]any) { fr(e)["size"] = 3 },
			want: []string{"error unknown-key"}, path: "locales.fr"},
		{name: "a listing not an object", edit: func(e map[string]any) { e["locales"].(map[string]any)["fr"] = "x" },
			want: []string{"error type"}, path: "locales.fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := validEntry()
			tt.edit(e)
			_, ds := ParseEntry("entry.json", marshal(t, e))
			onlyCodes(t, ds, tt.want...)
			for _, d := range ds {
				if d.File != "entry.json" || d.Line == 0 || d.Message == "" {
					t.Errorf("finding without file, position or message: %+v", d)
				}
			}
			if tt.path != "" && ds[0].Path != tt.path {
				t.Errorf("path %q, want %q", ds[0].Path, tt.path)
			}
		})
	}
}

func TestEntryNotJSON(t *testing.T) {
	for _, data := range []string{"", "[]", `{"artifact": `, "\x00\x01"} {
		e, ds := ParseEntry("entry.json", []byte(data))
		if e == nil || len(ds) == 0 || !model.HasErrors(ds) {
			t.Errorf("%q: entry %v, findings %v", data, e, ds)
		}
	}
}

func TestLoadEntry(t *testing.T) {
	fsys := fstest.MapFS{
		"entry.json": {Data: marshal(t, validEntry())},
		"big.json":   {Data: []byte(`{"x": "` + strings.Repeat("y", MaxEntryBytes) + `"}`)},
	}
	e, ds, err := LoadEntry(fsys, "entry.json")
	if err != nil || len(ds) != 0 || len(e.Packs) != 1 || e.Packs[0].Lang != "fr" || e.Packs[0].Name != "Démo" {
		t.Fatalf("LoadEntry = %+v, %v, %v", e, ds, err)
	}
	if e.Artifact.URL != artifactURL || e.Artifact.Bytes != int64(len(tinyRuleset)) {
		t.Errorf("artifact %+v", e.Artifact)
	}
	_, ds, err = LoadEntry(fsys, "big.json")
	if err != nil {
		t.Fatal(err)
	}
	onlyCodes(t, ds, "error entry-size")
	if _, _, err := LoadEntry(fsys, "absent.json"); err == nil {
		t.Error("a missing entry file is an error")
	}
}

func TestVerifyEntry(t *testing.T) {
	frPack := localeJSON("fr", `"Demo": "Démo"`)
	dePack := localeJSON("de", `"Demo": "Demo de"`)
	tests := []struct {
		name   string
		beside map[string]string
		edit   func(e map[string]any)
		want   []string
		file   string // the file of the first finding, when checked
	}{
		{name: "all matches", beside: map[string]string{"demo-1.0.0.fr.json": frPack}},
		{name: "size differs", beside: map[string]string{"demo-1.0.0.fr.json": frPack + " "},
			want: []string{"error entry-bytes", "error entry-sha256"}, file: "entry.json"},
		{name: "checksum differs", beside: map[string]string{"demo-1.0.0.fr.json": frPack},
			edit: func(e map[string]any) { fr(e)["sha256"] = strings.Repeat("0", 64) },
			want: []string{"error entry-sha256"}},
		{name: "language differs", beside: map[string]string{"demo-1.0.0.fr.json": localeJSON("de", `"Demo": "Démo"`)},
			edit: func(e map[string]any) {
				c := localeJSON("de", `"Demo": "Démo"`)
				fr(e)["sha256"], fr(e)["bytes"] = sum(c), len(c)
			},
			// the pack itself is wrong (its own finding) and does not match its listing
			want: []string{"error locale-meta", "error entry-pack-locale"}},
		{name: "listed pack not beside the artifact", beside: map[string]string{},
			want: []string{"warning entry-pack-absent"}, file: "entry.json"},
		{name: "pack beside the artifact not listed", beside: map[string]string{"demo-1.0.0.fr.json": frPack, "demo-1.0.0.de.json": dePack},
			want: []string{"warning entry-pack-unlisted"}, file: "art/demo-1.0.0.de.json"},
		{name: "artifact of another ruleset", beside: map[string]string{"demo-1.0.0.fr.json": frPack},
			edit: func(e map[string]any) {
				e["artifact"].(map[string]any)["url"] = packFolder + "other-1.0.0.ruleset.json"
				fr(e)["url"] = packFolder + "other-1.0.0.fr.json"
			},
			want: []string{"error entry-artifact"}},
		{name: "artifact size and checksum differ", beside: map[string]string{"demo-1.0.0.fr.json": frPack},
			edit: func(e map[string]any) {
				e["artifact"].(map[string]any)["bytes"] = 5
				e["artifact"].(map[string]any)["sha256"] = strings.Repeat("1", 64)
			},
			want: []string{"error entry-bytes", "error entry-sha256"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := artifactWS(t, tinyRuleset, tt.beside)
			e := validEntry()
			if tt.edit != nil {
				tt.edit(e)
			}
			entry, eds := ParseEntry("entry.json", marshal(t, e))
			onlyCodes(t, eds)
			r := Analyze(ws)
			artifact := &model.File{Name: "art/demo-1.0.0.ruleset.json", Data: []byte(tinyRuleset), Bytes: int64(len(tinyRuleset))}
			ds := r.Findings(ws, entry, artifact)
			onlyCodes(t, ds, tt.want...)
			if tt.file != "" && ds[0].File != tt.file {
				t.Errorf("first finding in %s, want %s", ds[0].File, tt.file)
			}
			for _, d := range ds {
				if d.Line == 0 || d.Path == "" {
					t.Errorf("finding without position or path: %+v", d)
				}
			}
		})
	}
}

func TestVerifyEntryOnlyForArtifacts(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{"fr.json": localeJSON("fr", `"Demo": "D"`)})
	entry, _ := ParseEntry("entry.json", marshal(t, validEntry()))
	if ds := Analyze(ws).VerifyEntry(ws, entry, nil); len(ds) != 0 {
		t.Errorf("a package has no catalog entry: %v", ds)
	}
}

func TestEntryBesideArtifactIsNotAPack(t *testing.T) {
	// demo-1.0.0.entry.json beside the artifact is the catalog entry, not a
	// pack named "entry"; Check reads it as an entry and checks it.
	ws := artifactWS(t, tinyRuleset, map[string]string{
		"demo-1.0.0.fr.json":    localeJSON("fr", `"Demo": "Démo"`),
		"demo-1.0.0.entry.json": `{"artifact": "https://example.com/x/demo-1.0.0.ruleset.json", "locales": {"fr": {}}}`,
	})
	r := Analyze(ws)
	// The fr listing is empty: its five keys are required.
	onlyCodes(t, Check(ws), "error required", "error required", "error required", "error required", "error required")
	if len(r.Locales) != 1 || r.Locales[0].Lang != "fr" {
		t.Errorf("locales %d, want only fr", len(r.Locales))
	}
}

// An entry listing an en pack is refused (the entry's own finding, and the
// en pack file beside the artifact is refused as a pack), but it does list
// that pack: no warning may say it does not.
func TestEntryListingEnIsNotUnlisted(t *testing.T) {
	en := localeJSON("en", `"Demo": "Demo"`)
	ws := artifactWS(t, tinyRuleset, map[string]string{"demo-1.0.0.fr.json": localeJSON("fr", `"Demo": "Démo"`), "demo-1.0.0.en.json": en})
	e := validEntry()
	e["locales"].(map[string]any)["en"] = map[string]any{"url": packFolder + "demo-1.0.0.en.json", "sha256": sum(en), "bytes": len(en), "name": "Demo", "description": "A demo."}
	entry, eds := ParseEntry("entry.json", marshal(t, e))
	ds := append(eds, Analyze(ws).Findings(ws, entry, nil)...)
	onlyCodes(t, ds, "error entry-en", "error locale-en")
}

// Both entry forms are read (decisions §1): an artifact that is a package
// archive <id>-<version>.zip, with the embedded manifest decoded, as well
// as <id>-<version>.ruleset.json; any other file name is refused.
func TestEntryForms(t *testing.T) {
	manifest := `{"schemaVersion": 2, "id": "ruleset-demo", "name": "Demo", "version": "1.0.0", "kind": ["ruleset"], "capabilityApi": {"major": 1, "minor": 30}}`
	sha := strings.Repeat("a", 64)
	for _, tc := range []struct {
		name, url string
		zip       bool
		codes     string
	}{
		{"a package archive", "https://example.org/a/ruleset-demo-1.0.0.zip", true, ""},
		{"a ruleset file", "https://example.org/a/ruleset-demo-1.0.0.ruleset.json", false, ""},
		{"a tarball", "https://example.org/a/ruleset-demo-1.0.0.tar.gz", false, "error entry-url"},
		{"a bare .zip", "https://example.org/a/.zip", false, "error entry-url"},
	} {
		e, ds := ParseEntry("e.json", []byte(`{"manifest": `+manifest+`, "category": "misc", "artifact": {"url": "`+tc.url+`", "sha256": "`+sha+`", "bytes": 5}}`))
		if got := strings.Join(codes(ds), ","); got != tc.codes {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.codes)
		}
		if e.Zip != tc.zip || e.Manifest == nil || e.Manifest.CapabilityMinor != 30 || e.Manifest.ID != "ruleset-demo" {
			t.Errorf("%s: zip %v, manifest %+v", tc.name, e.Zip, e.Manifest)
		}
		if tc.zip && e.ArchiveName() != "ruleset-demo-1.0.0.zip" {
			t.Errorf("%s: archive %q", tc.name, e.ArchiveName())
		}
	}
	// The embedded manifest is checked as a package manifest is, and the
	// icon and documentation are https URLs (a documentation page may have
	// a fragment).
	_, ds := ParseEntry("e.json", []byte(`{"manifest": {"schemaVersion": 2}, "category": 3, "iconUrl": "http://x.org/i.png", "documentationUrl": "https://x.org/d#part",
	  "artifact": {"url": "https://example.org/a/demo-1.0.0.zip", "sha256": "`+sha+`", "bytes": 5}}`))
	if got := strings.Join(codes(ds), ","); got != "error required,error required,error required,error required,error type,error entry-url" {
		t.Errorf("%q", got)
	}
	// The index of a catalog holds its entries under packages.
	root, _ := model.Parse("c.json", []byte(`{"packages": [{"artifact": "https://example.org/a/x-1.zip"}, {"name": "not an entry"}, {"artifact": "https://example.org/a/y-2.ruleset.json"}]}`))
	entries, ds := ReadEntries("c.json", root)
	if len(entries) != 2 || len(ds) != 0 || !entries[0].Zip || entries[1].Zip || entries[1].Prefix() != "y-2" {
		t.Errorf("index: %d entries, %v", len(entries), ds)
	}
}
