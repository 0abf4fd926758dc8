package pack_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"rulebench/analysis/pack"
	"rulebench/analysis/scaffold"
	"rulebench/i18n"
	"rulebench/model"
)

// skeleton is a new dice-sum package in a map, under pkg/, with the
// locale files given added (and listed in the manifest when listed).
func skeleton(t *testing.T, locales map[string]string, listed bool) fstest.MapFS {
	t.Helper()
	files, err := scaffold.New(scaffold.Options{ID: "reed-road", Date: time.Date(2026, 12, 8, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	var manifest map[string]any
	for _, f := range files {
		fsys["pkg/"+f.Path] = &fstest.MapFile{Data: f.Data}
		if f.Path == "manifest.json" {
			if err := json.Unmarshal(f.Data, &manifest); err != nil {
				t.Fatal(err)
			}
		}
	}
	for lang, text := range locales {
		fsys["pkg/locales/"+lang+".json"] = &fstest.MapFile{Data: []byte(text)}
		if listed {
			sum := sha256.Sum256([]byte(text))
			manifest["files"] = append(manifest["files"].([]any), map[string]any{"path": "locales/" + lang + ".json", "sha256": hex.EncodeToString(sum[:]), "bytes": len(text)})
		}
	}
	manifest["capabilityApi"] = map[string]any{"major": 1, "minor": 811}
	data, _ := json.Marshal(manifest)
	fsys["pkg/manifest.json"] = &fstest.MapFile{Data: data}
	return fsys
}

func load(t *testing.T, fsys fstest.MapFS) *model.Workspace {
	t.Helper()
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func locale(lang, pkg, ruleset string) string {
	return `{"_meta": {"locale": "` + lang + `", "direction": "ltr"},` + pkg + `
  "ruleset": {` + ruleset + `
  }
}
`
}

const card = `"package": {"name": "Route", "description": "Une route."},`

// TestBuildFillsFromBase: a regional pack gets the base language's
// translations it lacks, as a new member or in place of its "", and says
// how many; a pack with nothing to add is the file as it is.
func TestBuildFillsFromBase(t *testing.T) {
	pt := locale("pt", `"package": {"name": "Estrada", "description": "Uma estrada."},`, `
    "Might": "Força",
    "Wits": "Astúcia",
    "Heart": "Coração"`)
	br := locale("pt-BR", `"package": {"name": "Estrada", "description": "Uma estrada."},`, `
    "Might": "Potência",
    "Wits": ""`)
	ws := load(t, skeleton(t, map[string]string{"pt": pt, "pt-BR": br}, true))
	res, err := pack.Build(ws, pack.Options{URLBase: "https://example.org/a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packs) != 2 || res.Packs[0].Lang != "pt" || res.Packs[1].Lang != "pt-BR" {
		t.Fatalf("packs %+v", res.Packs)
	}
	if string(res.Packs[0].Data) != pt {
		t.Error("the pt pack is not its file as it is")
	}
	var doc struct{ Ruleset map[string]string }
	if err := json.Unmarshal(res.Packs[1].Data, &doc); err != nil {
		t.Fatalf("the pt-BR pack is not JSON: %v\n%s", err, res.Packs[1].Data)
	}
	want := map[string]string{"Might": "Potência", "Wits": "Astúcia", "Heart": "Coração"}
	for k, v := range want {
		if doc.Ruleset[k] != v {
			t.Errorf("pt-BR %q = %q, want %q", k, doc.Ruleset[k], v)
		}
	}
	if len(doc.Ruleset) != 3 {
		t.Errorf("pt-BR holds %d keys, want 3: %v", len(doc.Ruleset), doc.Ruleset)
	}
	found := false
	for _, n := range res.Notes {
		if n.File == "pkg/locales/pt-BR.json" && strings.Contains(n.Message, "the 2 translations that the package leaves to pkg/locales/pt.json") && !n.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("no note of the 2 strings filled in: %+v", res.Notes)
	}
	ds, err := pack.Verify(res, "dist")
	if err != nil || len(ds) != 0 {
		t.Fatalf("the pack does not check clean: %v %v", err, ds)
	}
	art := artifact(t, res)
	lang, err := i18n.Analyze(art).Language("pt-BR")
	if err != nil || lang.Coverage.ViaBase != 0 || lang.Coverage.Translated != 3 {
		t.Errorf("the pt-BR pack as published: %+v, %v", lang.Coverage, err)
	}
}

// artifact loads a built pack as a catalog artifact.
func artifact(t *testing.T, res *pack.Result) *model.Workspace {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range res.Files() {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	ws, err := model.Load(fsys, res.Artifact.Name)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// TestBuildNotes: CRLF endings and a byte-order mark in a file packed, a
// pack without a store card's name, and translations left out are each
// said, with the file; the card falls back to the manifest's English.
func TestBuildNotes(t *testing.T) {
	fr := strings.ReplaceAll(locale("fr", "", `"Might": "Force"`), "\n", "\r\n")
	de := "\uFEFF" + locale("de", card, `"Might": "Kraft"`)
	ws := load(t, skeleton(t, map[string]string{"fr": fr, "de": de}, true))
	res, err := pack.Build(ws, pack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range res.Notes {
		notes = append(notes, n.File+": "+n.Message)
	}
	all := strings.Join(notes, "\n")
	for _, want := range []string{
		"pkg/locales/fr.json: CRLF line endings (4 lines)",
		"pkg/locales/de.json: the file starts with a byte-order mark",
		"pkg/locales/fr.json: no package name or description, so the store card in fr shows the manifest's English name and description",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no note %q in:\n%s", want, all)
		}
	}
	var entry struct {
		Locales map[string]struct{ URL, Name, Description string }
	}
	if err := json.Unmarshal(res.Entry.Data, &entry); err != nil {
		t.Fatal(err)
	}
	if entry.Locales["fr"].Name != "Reed Road" || !strings.HasPrefix(entry.Locales["fr"].Description, "A dice-sum ruleset") {
		t.Errorf("the fr card: %+v", entry.Locales["fr"])
	}
	if entry.Locales["de"].URL != pack.DefaultURLBase+"reed-road-0.1.0.de.json" {
		t.Errorf("the de URL %q is not in the default folder", entry.Locales["de"].URL)
	}

	unlisted := load(t, skeleton(t, map[string]string{"fr": locale("fr", card, `"Might": "Force"`)}, false))
	res, err = pack.Build(unlisted, pack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packs) != 0 || len(res.Notes) != 1 || !strings.Contains(res.Notes[0].Message, "the manifest does not list it") {
		t.Errorf("an unlisted translation: packs %d, notes %+v", len(res.Packs), res.Notes)
	}
	if strings.Contains(string(res.Entry.Data), `"locales"`) {
		t.Errorf("an entry with no pack lists locales:\n%s", res.Entry.Data)
	}
}

// TestBuildRefuses: what is not a package, a manifest whose version names
// no artifact, and URL bases that are not https folders.
func TestBuildRefuses(t *testing.T) {
	if _, err := pack.Build(&model.Workspace{Kind: model.SingleFile}, pack.Options{}); err != pack.ErrNotPackage {
		t.Errorf("a single file: %v", err)
	}
	fsys := skeleton(t, nil, true)
	ws := load(t, fsys)
	for _, base := range []string{"ftp://example.org/a/", "https://example.org/a/#x", "https://user@example.org/a/", "example.org/a"} {
		if _, err := pack.Build(ws, pack.Options{URLBase: base}); err == nil {
			t.Errorf("--url-base %q was taken", base)
		}
	}
	fsys["pkg/manifest.json"].Data = []byte(strings.Replace(string(fsys["pkg/manifest.json"].Data), `"version":"0.1.0"`, `"version":"../1"`, 1))
	if _, err := pack.Build(load(t, fsys), pack.Options{}); err == nil || !strings.Contains(err.Error(), "is not a version") {
		t.Errorf("a version ../1: %v", err)
	}
}

// TestBuildBaseCard: a regional pack without a store card takes its base
// language's before the manifest's English, with no warning; and a base
// language file the manifest does not list fills nothing in.
func TestBuildBaseCard(t *testing.T) {
	pt := locale("pt", `"package": {"name": "Estrada", "description": "Uma estrada."},`, `"Might": "Força"`)
	br := locale("pt-BR", "", `"Wits": "Astúcia"`)
	res, err := pack.Build(load(t, skeleton(t, map[string]string{"pt": pt, "pt-BR": br}, true)), pack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var entry struct {
		Locales map[string]struct{ Name, Description string }
	}
	if err := json.Unmarshal(res.Entry.Data, &entry); err != nil {
		t.Fatal(err)
	}
	if c := entry.Locales["pt-BR"]; c.Name != "Estrada" || c.Description != "Uma estrada." {
		t.Errorf("the pt-BR card %+v is not pt's", c)
	}
	for _, n := range res.Notes {
		if n.Warning {
			t.Errorf("a warning: %+v", n)
		}
	}

	fsys := skeleton(t, map[string]string{"pt-BR": locale("pt-BR", card, `"Wits": "Astúcia"`)}, true)
	fsys["pkg/locales/pt.json"] = &fstest.MapFile{Data: []byte(pt)} // not listed
	res, err = pack.Build(load(t, fsys), pack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packs) != 1 || string(res.Packs[0].Data) != string(fsys["pkg/locales/pt-BR.json"].Data) {
		t.Errorf("pt-BR took strings from an unlisted pt: %+v", res.Packs)
	}
}
