package model_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// assetSplit turns the base ruleset's inline wares catalog into an asset:
// it returns the ruleset naming catalogs/wares.json and that file.
func assetSplit(t *testing.T) (ruleset, asset string) {
	t.Helper()
	base := string(modeltest.Base())
	const open = `"entries": [` + "\n" + `      { "id": "rope"`
	const close = "\n    ] },\n    { \"id\": \"beasts\""
	i, j := strings.Index(base, open), strings.Index(base, close)
	if i < 0 || j < 0 {
		t.Fatal("the base ruleset changed shape")
	}
	entries := base[i+len(`"entries": [`) : j]
	ruleset = base[:i] + `"asset": "catalogs/wares.json" }` + base[j+len("\n    ] }"):]
	asset = `{ "$comment": "the wares", "schemaVersion": 1, "catalog": "wares", "entries": [` + entries + "\n] }\n"
	return ruleset, asset
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type listed struct {
	path, text string
	bytes      int // 0: the real size
	sha        string
}

func manifest(files ...listed) string {
	var parts []string
	for _, f := range files {
		n, s := len(f.text), sum(f.text)
		if f.bytes != 0 {
			n = f.bytes
		}
		if f.sha != "" {
			s = f.sha
		}
		parts = append(parts, fmt.Sprintf(`{"path": %q, "sha256": %q, "bytes": %d}`, f.path, s, n))
	}
	return `{"schemaVersion": 2, "id": "tollway", "name": "Tollway", "version": "1.0.0", "description": "A test package.",
  "capabilityApi": {"major": 1, "minor": 813}, "kind": ["ruleset"], "entrypoints": {},
  "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/wares.json"]}},
  "files": [` + strings.Join(parts, ", ") + `], "permissions": [], "restartRequired": false}`
}

const locale = `{"_meta": {"locale": "fr", "direction": "ltr"}, "ruleset": {"Rope": "Corde"}}`

func packageFS(t *testing.T, edit func(fsys fstest.MapFS, rs, asset string)) fstest.MapFS {
	t.Helper()
	rs, asset := assetSplit(t)
	fsys := fstest.MapFS{
		"pkg/ruleset.json":         {Data: []byte(rs)},
		"pkg/catalogs/wares.json":  {Data: []byte(asset)},
		"pkg/locales/fr.json":      {Data: []byte(locale)},
		"pkg/saves/old.json":       {Data: []byte(`{"v": 1, "build": {"fields": {"oil": 3}}}`)},
		"pkg/manifest.json":        {Data: []byte(manifest(listed{path: "ruleset.json", text: rs}, listed{path: "catalogs/wares.json", text: asset}, listed{path: "locales/fr.json", text: locale}))},
		"pkg/README.md":            {Data: []byte("not listed, not read")},
		"pkg/catalogs/notes.txt":   {Data: []byte("not JSON, not a catalog")},
		"pkg/locales/nested/x.txt": {Data: []byte("ignored")},
	}
	if edit != nil {
		edit(fsys, rs, asset)
	}
	return fsys
}

func codes(ds []model.Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s %s %s %d:%d", d.Code, d.File, d.Path, d.Line, d.Column))
	}
	return strings.Join(out, "\n")
}

func TestLoadPackage(t *testing.T) {
	for _, p := range []string{"pkg", "pkg/manifest.json"} {
		ws, err := model.Load(packageFS(t, nil), p)
		if err != nil {
			t.Fatal(err)
		}
		if len(ws.Diagnostics) != 0 {
			t.Fatalf("%s: findings:\n%s", p, codes(ws.Diagnostics))
		}
		if ws.Kind != model.Package || ws.Path != "pkg" || ws.RulesetFile != "pkg/ruleset.json" || ws.Manifest == nil {
			t.Errorf("%s: workspace %+v", p, ws)
		}
		m := ws.Manifest
		if m.ID != "tollway" || !m.HasCapability || m.CapabilityMajor != 1 || m.CapabilityMinor != 813 || len(m.Files) != 3 || !m.Lists("locales/fr.json") || m.Lists("README.md") {
			t.Errorf("manifest %+v", m)
		}
		wares := ws.Ruleset.Catalog("wares")
		if wares == nil || wares.Asset != "catalogs/wares.json" || len(wares.Entries) != 2 || wares.EntriesFile != "pkg/catalogs/wares.json" ||
			wares.Entry("rope") == nil || wares.Entry("rope").Item.Cost.Unit != "copper" {
			t.Errorf("the asset's entries are not read: %+v", wares)
		}
		if len(ws.Locales) != 1 || ws.Locales[0].Lang != "fr" || ws.Locales[0].Root == nil || ws.Locales[0].SHA256() != sum(locale) || ws.Locales[0].Bytes != int64(len(locale)) {
			t.Errorf("locales %+v", ws.Locales)
		}
		if len(ws.Saves) != 1 || ws.Saves[0].V != 1 {
			t.Errorf("saves %+v", ws.Saves)
		}
		for _, name := range []string{"pkg/ruleset.json", "pkg/catalogs/wares.json", "pkg/manifest.json", "pkg/locales/fr.json", "pkg/saves/old.json"} {
			if ws.Sources[name] == nil {
				t.Errorf("no source for %s", name)
			}
		}
	}
}

func TestLoadPackageFindings(t *testing.T) {
	tests := []struct {
		name       string
		edit       func(fsys fstest.MapFS, rs, asset string)
		code       model.Code
		file, path string
		warning    bool
	}{
		{
			name: "a listed size that is wrong",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/manifest.json"].Data = []byte(manifest(listed{path: "ruleset.json", text: rs, bytes: 12}, listed{path: "catalogs/wares.json", text: asset}, listed{path: "locales/fr.json", text: locale}))
			},
			code: "manifest-bytes", file: "pkg/manifest.json", path: "files.0",
		},
		{
			name: "a listed checksum that is wrong",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/manifest.json"].Data = []byte(manifest(listed{path: "ruleset.json", text: rs}, listed{path: "catalogs/wares.json", text: asset, sha: strings.Repeat("0", 64)}, listed{path: "locales/fr.json", text: locale}))
			},
			code: "manifest-sha256", file: "pkg/manifest.json", path: "files.1",
		},
		{
			name: "an unlisted locale",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/locales/de.json"] = &fstest.MapFile{Data: []byte(`{"_meta": {"locale": "de"}, "ruleset": {}}`)}
			},
			code: "unlisted-file", file: "pkg/locales/de.json", path: model.RootPath, warning: true,
		},
		{
			name: "an unlisted catalog file",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/catalogs/spare.json"] = &fstest.MapFile{Data: []byte(`{}`)}
			},
			code: "unlisted-file", file: "pkg/catalogs/spare.json", path: model.RootPath, warning: true,
		},
		{
			name: "an asset for another catalog",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/catalogs/wares.json"].Data = []byte(strings.Replace(asset, `"catalog": "wares"`, `"catalog": "goods"`, 1))
			},
			code: "asset-catalog", file: "pkg/catalogs/wares.json", path: "catalog",
		},
		{
			name: "an asset entry with a bad id",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/catalogs/wares.json"].Data = []byte(strings.Replace(asset, `"id": "rope"`, `"id": "Rope"`, 1))
			},
			code: "id-pattern", file: "pkg/catalogs/wares.json", path: "entries.0.id",
		},
		{
			name: "an asset with an unknown key",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/catalogs/wares.json"].Data = []byte(strings.Replace(asset, `"schemaVersion": 1,`, `"schemaVersion": 1, "label": "x",`, 1))
			},
			code: "unknown-key", file: "pkg/catalogs/wares.json", path: "(root)",
		},
		{
			name: "an asset over 1 MB",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				big := strings.Replace(asset, `"the wares"`, `"`+strings.Repeat("w", model.MaxCatalogBytes)+`"`, 1)
				fsys["pkg/catalogs/wares.json"].Data = []byte(big)
				fsys["pkg/manifest.json"].Data = []byte(manifest(listed{path: "ruleset.json", text: rs}, listed{path: "catalogs/wares.json", text: big}, listed{path: "locales/fr.json", text: locale}))
			},
			code: "catalog-size", file: "pkg/catalogs/wares.json", path: model.RootPath,
		},
		{
			name: "a missing asset",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				delete(fsys, "pkg/catalogs/wares.json")
			},
			code: "unreadable", file: "pkg/catalogs/wares.json", path: model.RootPath,
		},
		{
			name: "a manifest of schema 1",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/manifest.json"].Data = []byte(strings.Replace(string(fsys["pkg/manifest.json"].Data), `"schemaVersion": 2`, `"schemaVersion": 1`, 1))
			},
			code: "range", file: "pkg/manifest.json", path: "schemaVersion",
		},
		{
			name: "a manifest without capabilityApi",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/manifest.json"].Data = []byte(strings.Replace(string(fsys["pkg/manifest.json"].Data), `"capabilityApi"`, `"capability"`, 1))
			},
			code: "required", file: "pkg/manifest.json", path: "capabilityApi",
		},
		{
			name: "a manifest that is not JSON",
			edit: func(fsys fstest.MapFS, rs, asset string) {
				fsys["pkg/manifest.json"].Data = []byte(`{"schemaVersion": 2,`)
			},
			code: "json-syntax", file: "pkg/manifest.json", path: model.RootPath,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := model.Load(packageFS(t, tt.edit), "pkg")
			if err != nil {
				t.Fatal(err)
			}
			sev := model.Error
			if tt.warning {
				sev = model.Warning
			}
			found := false
			for _, d := range ws.Diagnostics {
				if d.Line < 1 || d.Column < 1 {
					t.Errorf("unplaced: %s", d)
				}
				if d.Code == tt.code && d.File == tt.file && d.Path == tt.path && d.Severity == sev {
					found = true
					if root := ws.Sources[d.File]; root != nil {
						assertPlaced(t, root, d)
					}
				}
			}
			if !found {
				t.Errorf("no %s %s at %s %s; findings:\n%s", sev, tt.code, tt.file, tt.path, codes(ws.Diagnostics))
			}
			if ws.Ruleset == nil {
				t.Error("the ruleset is still read")
			}
		})
	}
}

func TestLoadArtifact(t *testing.T) {
	base := string(modeltest.Base())
	pack := `{"_meta": {"locale": "pt-BR"}, "ruleset": {"Rope": "Corda"}}`
	fsys := fstest.MapFS{
		"art/tollway-1.0.0.ruleset.json": {Data: []byte(base)},
		"art/tollway-1.0.0.pt-BR.json":   {Data: []byte(pack)},
		"art/tollway-1.0.0.de.json":      {Data: []byte(`{"_meta": {"locale": "de"}, "ruleset": {}}`)},
		"art/tollway-1.0.0.entry.json":   {Data: []byte(`{"artifact": {}, "locales": {}}`)},
		"art/tollway-1.0.0.x.y.json":     {Data: []byte(`{}`)},
		"art/other-2.0.0.fr.json":        {Data: []byte(`{}`)},
	}
	for _, p := range []string{"art", "art/tollway-1.0.0.ruleset.json"} {
		ws, err := model.Load(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		if ws.Kind != model.Artifact || ws.Ruleset == nil || len(ws.Diagnostics) != 0 {
			t.Fatalf("%s: %v, findings:\n%s", p, ws.Kind, codes(ws.Diagnostics))
		}
		var langs []string
		for _, l := range ws.Locales {
			langs = append(langs, l.Lang)
		}
		// The catalog entry beside the artifact is read, but it is not a
		// language pack.
		if got := strings.Join(langs, ","); got != "de,pt-BR" {
			t.Errorf("%s: packs %s", p, got)
		}
		if ws.Entry == nil || ws.Entry.Name != "art/tollway-1.0.0.entry.json" || ws.Entry.Root == nil || ws.Sources[ws.Entry.Name] == nil {
			t.Errorf("%s: entry %+v", p, ws.Entry)
		}
	}
	fsys["art/locales/fr.json"] = &fstest.MapFile{Data: []byte(`{}`)}
	ws, _ := model.Load(fsys, "art")
	if !strings.Contains(codes(ws.Diagnostics), "artifact-locales art/locales (root)") {
		t.Errorf("a locales folder beside an artifact: %s", codes(ws.Diagnostics))
	}
}

func TestLoadSingleFileWithSaves(t *testing.T) {
	fsys := fstest.MapFS{
		"dir/r.json":          {Data: modeltest.Base()},
		"dir/saves/a.json":    {Data: []byte(`{"v": 1, "build": {}}`)},
		"dir/saves/b.json":    {Data: []byte(`{"v": 0, "build": {}}`)},
		"dir/saves/notes.txt": {Data: []byte(`not a save`)},
	}
	ws, err := model.Load(fsys, "dir/r.json")
	if err != nil {
		t.Fatal(err)
	}
	if ws.Kind != model.SingleFile || len(ws.Saves) != 2 || ws.Saves[0].File != "dir/saves/a.json" {
		t.Fatalf("workspace %+v", ws)
	}
	if got := codes(ws.Diagnostics); got != "range dir/saves/b.json v 1:7" {
		t.Errorf("findings %s", got)
	}
}

func TestLoadUnreadable(t *testing.T) {
	fsys := fstest.MapFS{
		"empty/readme.txt":          {Data: []byte("x")},
		"two/a-1.ruleset.json":      {Data: []byte("{}")},
		"two/b-1.ruleset.json":      {Data: []byte("{}")},
		"glob[x]/c-1.ruleset.json":  {Data: modeltest.Base()},
		"star*/d-1.ruleset.json":    {Data: modeltest.Base()},
		"star*/zz/e-1.ruleset.json": {Data: modeltest.Base()},
	}
	for _, p := range []string{"missing.json", "empty", "two"} {
		if _, err := model.Load(fsys, p); !errors.Is(err, model.ErrUnreadable) {
			t.Errorf("Load(%s) = %v, want ErrUnreadable", p, err)
		}
	}
	// Folder names with glob characters are taken literally.
	for _, p := range []string{"glob[x]", "star*"} {
		if ws, err := model.Load(fsys, p); err != nil || ws.Kind != model.Artifact || ws.Ruleset == nil {
			t.Errorf("Load(%s): %v", p, err)
		}
	}
}

// TestDecodeSave covers what a sample save must hold.
func TestDecodeSave(t *testing.T) {
	big := `{"v": 1, "build": {"fields": {"notes": "` + strings.Repeat("n", model.MaxSheetBytes) + `"}}}`
	rows := strings.TrimSuffix(strings.Repeat(`{"name": "x"},`, 501), ",")
	tests := []struct {
		name, text string
		code       model.Code // "" when clean
		path       string
	}{
		{"minimal", `{"v": 1, "build": {}}`, "", ""},
		{"everything", `{"v": 3, "build": {"abilities": {"grip": 2}, "skills": {"climb": "trained"}, "saves": {"endure": "none"},
			"bonuses": {"climb": -1}, "fields": {"calling": "guard", "lamp": 2, "sworn": true}, "lists": {"gear": [{"name": "Rope", "_catalog": "wares/rope"}]},
			"extra": {"kept": true}},
			"live": {"pools": {"stamina": {"value": 3, "temp": 2}}, "tracks": {"fatigue": 1}, "wounds": {"harm": {"marks": ["cut"], "overflow": 1}},
			"text": {"focus": "x"}, "conditions": ["winded"], "states": {"stance": "bold"}}}`, "", ""},
		{"v missing", `{"build": {}}`, "required", "v"},
		{"v zero", `{"v": 0, "build": {}}`, "range", "v"},
		{"v as text", `{"v": "1", "build": {}}`, "type", "v"},
		{"build missing", `{"v": 1}`, "required", "build"},
		{"build a list", `{"v": 1, "build": []}`, "type", "build"},
		{"an unknown top key", `{"v": 1, "build": {}, "sheet": {}}`, "unknown-key", "(root)"},
		{"an ability as text", `{"v": 1, "build": {"abilities": {"grip": "2"}}}`, "type", "build.abilities.grip"},
		{"a skill tier as a number", `{"v": 1, "build": {"skills": {"climb": 1}}}`, "type", "build.skills.climb"},
		{"a field as a list", `{"v": 1, "build": {"fields": {"calling": []}}}`, "type", "build.fields.calling"},
		{"a row not an object", `{"v": 1, "build": {"lists": {"gear": [1]}}}`, "type", "build.lists.gear.0"},
		{"a cell as an object", `{"v": 1, "build": {"lists": {"gear": [{"name": {}}]}}}`, "type", "build.lists.gear.0.name"},
		{"501 rows", `{"v": 1, "build": {"lists": {"gear": [` + rows + `]}}}`, "count", "build.lists.gear"},
		{"over 64 KB", big, "sheet-size", "build"},
		{"a pool without value", `{"v": 1, "build": {}, "live": {"pools": {"stamina": {}}}}`, "required", "live.pools.stamina.value"},
		{"a track as text", `{"v": 1, "build": {}, "live": {"tracks": {"fatigue": "1"}}}`, "type", "live.tracks.fatigue"},
		{"wound marks missing", `{"v": 1, "build": {}, "live": {"wounds": {"harm": {}}}}`, "required", "live.wounds.harm.marks"},
		{"an unknown live part", `{"v": 1, "build": {}, "live": {"mood": {}}}`, "unknown-key", "live"},
		{"not JSON", `{"v": 1,`, "json-syntax", model.RootPath},
		{"a list at the top", `[]`, "type", model.RootPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ds := model.DecodeSave("s.json", []byte(tt.text))
			if tt.code == "" {
				if len(ds) != 0 {
					t.Fatalf("findings:\n%s", codes(ds))
				}
				if s.Root == nil || s.Build() == nil || s.V < 1 {
					t.Errorf("save %+v", s)
				}
				return
			}
			found := false
			for _, d := range ds {
				if d.Code == tt.code && d.Path == tt.path && d.Severity == model.Error {
					found = true
					if s.Root != nil {
						assertPlaced(t, s.Root, d)
					}
				}
			}
			if !found {
				t.Errorf("no %s at %s; findings:\n%s", tt.code, tt.path, codes(ds))
			}
		})
	}
	// Unknown keys in the build are kept as they are.
	s, _ := model.DecodeSave("s.json", []byte(`{"v": 2, "build": {"extra": {"kept": [1, "a"]}, "fields": {"a": 1}}, "live": {"conditions": ["x"]}}`))
	if fmt.Sprint(s.Build()["extra"]) != "map[kept:[1 a]]" || s.Live()["conditions"] == nil || s.V != 2 {
		t.Errorf("build %v live %v", s.Build(), s.Live())
	}
}

// An unlisted locale file is not part of the package: it is marked so, and
// warned about, except the package's English introduction (a locales/en.json
// with no ruleset section), which the catalog's builder leaves out on
// purpose and which is not reported at all (decisions §1).
func TestUnlistedLocales(t *testing.T) {
	ws, err := model.Load(packageFS(t, func(fsys fstest.MapFS, rs, asset string) {
		fsys["pkg/locales/en.json"] = &fstest.MapFile{Data: []byte(`{"_meta": {"locale": "en"}, "package": {"name": "Tollway"}}`)}
		fsys["pkg/locales/de.json"] = &fstest.MapFile{Data: []byte(`{"_meta": {"locale": "de"}, "ruleset": {}}`)}
	}), "pkg")
	if err != nil {
		t.Fatal(err)
	}
	var warned []string
	for _, d := range ws.Diagnostics {
		if d.Code == model.CodeUnlistedFile {
			warned = append(warned, d.File)
		}
	}
	if len(warned) != 1 || warned[0] != "pkg/locales/de.json" {
		t.Errorf("unlisted-file on %v, want only pkg/locales/de.json", warned)
	}
	unlisted := map[string]bool{}
	for _, f := range ws.Locales {
		unlisted[f.Lang] = f.Unlisted
	}
	if want := map[string]bool{"de": true, "en": true, "fr": false}; !reflect.DeepEqual(unlisted, want) {
		t.Errorf("unlisted %v, want %v", unlisted, want)
	}
	// An English file that translates the ruleset is still reported.
	ws, err = model.Load(packageFS(t, func(fsys fstest.MapFS, rs, asset string) {
		fsys["pkg/locales/en.json"] = &fstest.MapFile{Data: []byte(`{"_meta": {"locale": "en"}, "ruleset": {}}`)}
	}), "pkg")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(ws.Diagnostics, func(d model.Diagnostic) bool { return d.Code == model.CodeUnlistedFile }) {
		t.Error("an unlisted en.json with a ruleset section is not reported")
	}
}

// A ruleset read on its own, as a single file or a catalog artifact, whose
// catalog names a separate file is refused at that asset: only a package
// install reads one (decisions §1). As a package's ruleset.json it is fine.
func TestAssetAlone(t *testing.T) {
	fsys := packageFS(t, nil)
	fsys["art/tollway-3.ruleset.json"] = &fstest.MapFile{Data: fsys["pkg/ruleset.json"].Data}
	for _, p := range []string{"pkg/ruleset.json", "art/tollway-3.ruleset.json"} {
		ws, err := model.Load(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ws.Diagnostics {
			if d.Code == model.CodeAssetAlone {
				got = append(got, d.Path)
				if !strings.Contains(d.Message, `"wares"`) || d.Line < 1 {
					t.Errorf("%s: %s", p, d)
				}
			}
		}
		if fmt.Sprint(got) != "[catalogs.0.asset]" {
			t.Errorf("%s: asset-alone at %v, want [catalogs.0.asset]", p, got)
		}
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(ws.Diagnostics, func(d model.Diagnostic) bool { return d.Code == model.CodeAssetAlone }) {
		t.Error("a package's ruleset may keep its catalogs in separate files")
	}
}
