package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// positionOf is the protocol position (UTF-16) of the n-th occurrence
// (from 1) of needle in a file of the workspace, plus shift characters.
func positionOf(t testing.TB, root, name, needle string, n, shift int) map[string]int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	off := -1
	for i := 0; i < n; i++ {
		j := strings.Index(text[off+1:], needle)
		if j < 0 {
			t.Fatalf("%q occurs fewer than %d times in %s", needle, n, name)
		}
		off += 1 + j
	}
	p := newLines(text).position(off, encodingUTF16)
	return map[string]int{"line": p.Line, "character": p.Character + shift}
}

func posParams(uri string, pos map[string]int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos}
}

// opts are the test's initialization options: diagnostics at once, and a
// fixed explanation address.
var testOptions = map[string]any{"explainBase": "https://rulebench.example/rules.md", "layers": []string{"long_dark"}}

func TestInitializeTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{Version: "test"})
	c.record("--> initialize", "(rootUri $ROOT, no capabilities)")
	m := c.initialize(testOptions)
	var v any
	_ = json.Unmarshal(m.Result, &v)
	c.record("<-- result", v)
	c.exchange("shutdown", nil)
	c.golden("initialize")
}

func TestDiagnosticsTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	ds, _ := c.diagnostics(uri)
	if len(ds) != 0 {
		t.Errorf("the example's ruleset has findings: %+v", ds)
	}
	// The stale locale keys of pt-BR.json, a file not open, are published.
	stale, ok := c.diagnostics(c.uri("locales/pt-BR.json"))
	if !ok || len(stale) != 2 || stale[0].Code != "locale-stale" || len(stale[0].Tags) != 1 || stale[0].Tags[0] != TagUnnecessary {
		t.Errorf("pt-BR.json's diagnostics: %+v", stale)
	}
	if len(stale) > 0 && (len(stale[0].RelatedInformation) == 0 || !strings.HasSuffix(stale[0].RelatedInformation[0].Location.URI, "/ruleset.json")) {
		t.Errorf("a stale key does not point at the nearest string: %+v", stale[0].RelatedInformation)
	}
	c.record("pt-BR.json, not open", stale)
	// Type an unknown skill id into the skillMod.
	pos := positionOf(t, root, "ruleset.json", `"pathfinding"}]`, 1, 12)
	c.record("--> didChange", map[string]any{"insert x at": pos})
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": pos}, "text": "x"}}})
	ds, _ = c.diagnostics(uri)
	c.record("<-- ruleset.json", ds)
	if len(ds) != 1 || ds[0].Code != "unknown-ref" || ds[0].Range.Start.Line != pos["line"] || ds[0].CodeDescription == nil {
		t.Errorf("after the edit: %+v", ds)
	}
	// Hover where the finding is explains its code.
	res := c.exchange("textDocument/hover", posParams(uri, pos))
	if !strings.Contains(string(res), "**unknown-ref**: ") || !strings.Contains(string(res), "Fix: ") {
		t.Errorf("hover on the finding: %s", res)
	}
	// The manifest's checksum of ruleset.json no longer holds: the
	// manifest, not open, gets a finding with a fix.
	man, _ := c.diagnostics(c.uri("manifest.json"))
	c.record("<-- manifest.json", man)
	if len(man) == 0 {
		t.Error("no finding on the manifest after the ruleset changed")
	}
	c.golden("diagnostics")
}

func TestHoverTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	for _, h := range []struct {
		what   string
		needle string
		n      int
		shift  int
	}{
		{"a skill id in a skillMod", `"pathfinding"}]`, 1, 3},
		{"a price", `"amount": 6, "unit": "groat"`, 1, 11},
		{"a key", `"combat": {`, 1, 2},
		{"a display string", `"Lantern Road"`, 1, 2},
		{"an enum value a layer removes", `"fenward", "stonegate"`, 1, 2},
		{"a migration step", `{"rename": "skill", "from": "scouting"`, 1, 3},
	} {
		c.record("hover on "+h.what, nil)
		res := c.exchange("textDocument/hover", posParams(uri, positionOf(t, root, "ruleset.json", h.needle, h.n, h.shift)))
		if string(res) == "null" || len(res) == 0 {
			t.Errorf("no hover on %s", h.what)
		}
	}
	fr := c.open("locales/pt-BR.json")
	for _, h := range []struct{ what, needle string }{{"a locale key", `"Lantern Road"`}, {"a stale locale key", `"Guild favour"`}} {
		c.record("hover on "+h.what, nil)
		res := c.exchange("textDocument/hover", posParams(fr, positionOf(t, root, "locales/pt-BR.json", h.needle, 1, 2)))
		if !strings.Contains(string(res), "Display string") && !strings.Contains(string(res), "Stale key") {
			t.Errorf("hover on %s: %s", h.what, res)
		}
	}
	c.golden("hover")
}

func TestCompletionTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	c.record("completion inside a skillMod's value", nil)
	res := c.exchange("textDocument/completion", posParams(uri, positionOf(t, root, "ruleset.json", `"pathfinding"}]`, 1, 1)))
	var list CompletionList
	_ = json.Unmarshal(res, &list)
	if len(list.Items) == 0 || !strings.Contains(string(res), `"label":"pathfinding"`) {
		t.Errorf("the skills are not offered: %s", res)
	}
	c.record("completion of a key in the resolution object", nil)
	res = c.exchange("textDocument/completion", posParams(uri, positionOf(t, root, "ruleset.json", `"kind": "dice-sum"`, 1, 1)))
	if !strings.Contains(string(res), `"label":"kind"`) || strings.Contains(string(res), `"label":"dice"`) {
		t.Errorf("the keys offered are not resolution's: %s", res)
	}
	c.record("completion of a key in an entry of a catalog file", nil)
	knacks := c.open("catalogs/knacks.json")
	res = c.exchange("textDocument/completion", posParams(knacks, positionOf(t, root, "catalogs/knacks.json", `"label": "Long Stride"`, 1, 1)))
	if !strings.Contains(string(res), `"label":"label"`) || strings.Contains(string(res), `"label":"catalog"`) {
		t.Errorf("the keys offered are not an entry's: %s", res)
	}
	c.record("completion of a key in a locale file's ruleset section", nil)
	pt := c.open("locales/pt.json")
	res = c.exchange("textDocument/completion", posParams(pt, positionOf(t, root, "locales/pt.json", `"Road rank"`, 1, 1)))
	if !strings.Contains(string(res), `"label":"Road rank"`) || strings.Contains(string(res), `"label":"Total level"`) ||
		!strings.Contains(string(res), `"label":"Lantern Road"`) || !strings.Contains(string(res), `"detail":"used at name (ruleset.json)"`) {
		t.Errorf("the display strings offered are not those pt.json lacks: %s", res)
	}
	c.record("completion of a key in the manifest (without restartRequired) and in one of its files", nil)
	manifestFile := filepath.Join(root, "manifest.json")
	data, err := os.ReadFile(manifestFile)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `"permissions": [],
  "restartRequired": false`, `"permissions": []`, 1))
	if err := os.WriteFile(manifestFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := c.open("manifest.json")
	res = c.exchange("textDocument/completion", posParams(manifest, positionOf(t, root, "manifest.json", `"id"`, 1, 1)))
	for _, want := range []string{`"label":"id"`, `"label":"restartRequired"`} {
		if !strings.Contains(string(res), want) {
			t.Errorf("the manifest's keys do not offer %s: %s", want, res)
		}
	}
	if strings.Contains(string(res), `"label":"name"`) || strings.Contains(string(res), `"label":"permissions"`) || strings.Contains(string(res), `"label":"sha256"`) {
		t.Errorf("the manifest's keys offer one it has, or one of a file's: %s", res)
	}
	res = c.exchange("textDocument/completion", posParams(manifest, positionOf(t, root, "manifest.json", `"sha256"`, 1, 1)))
	if !strings.Contains(string(res), `"label":"sha256"`) || strings.Contains(string(res), `"label":"bytes"`) || strings.Contains(string(res), `"label":"id"`) {
		t.Errorf("a file's keys are not offered: %s", res)
	}
	c.golden("completion")
}

func TestNavigationTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	ref := posParams(uri, positionOf(t, root, "ruleset.json", `"pathfinding"}]`, 1, 3))
	c.exchange("textDocument/definition", ref)
	ref["context"] = map[string]any{"includeDeclaration": true}
	res := c.exchange("textDocument/references", ref)
	var locs []Location
	_ = json.Unmarshal(res, &locs)
	if len(locs) < 3 {
		t.Errorf("references of pathfinding: %s", res)
	}
	c.record("definition of a skill a sample save stores a value under", nil)
	save := c.open("saves/current.json")
	res = c.exchange("textDocument/definition", posParams(save, positionOf(t, root, "saves/current.json", `"pathfinding"`, 1, 2)))
	if !strings.Contains(string(res), "ruleset.json") {
		t.Errorf("definition from a save's key: %s", res)
	}
	c.record("definition of a display string: its locale keys", nil)
	c.exchange("textDocument/definition", posParams(uri, positionOf(t, root, "ruleset.json", `"Lantern Road"`, 1, 2)))
	c.record("references of a display string: its uses and its locale keys", nil)
	label := posParams(uri, positionOf(t, root, "ruleset.json", `"Who they are"`, 1, 2))
	label["context"] = map[string]any{"includeDeclaration": true}
	res = c.exchange("textDocument/references", label)
	if strings.Count(string(res), `"uri"`) < 3 {
		t.Errorf("references of a display string: %s", res)
	}
	c.golden("navigation")
}

func TestRenameTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	pos := posParams(uri, positionOf(t, root, "ruleset.json", `"pathfinding"}]`, 1, 3))
	c.exchange("textDocument/prepareRename", pos)
	pos["newName"] = "wayfinding"
	res := c.exchange("textDocument/rename", pos)
	if !strings.Contains(string(res), `"rename\": \"skill\", \"from\": \"pathfinding\", \"to\": \"wayfinding\"`) &&
		!strings.Contains(string(res), `{\"rename\": \"skill\", \"from\": \"pathfinding\", \"to\": \"wayfinding\"}`) {
		t.Errorf("no rename step: %s", res)
	}
	pos["newName"] = "Way Finding"
	c.exchange("textDocument/rename", pos)
	pos["newName"] = "parley"
	if m := c.call("textDocument/rename", pos); m.Error == nil || !strings.Contains(m.Error.Message, "already declared") {
		t.Errorf("a rename onto a declared skill: %+v", m)
	}
	c.record("rename of a display string: its uses and its keys in every locale file", nil)
	label := posParams(uri, positionOf(t, root, "ruleset.json", `"Who they are"`, 1, 2))
	label["newName"] = "Who they <are>"
	res = c.exchange("textDocument/rename", label)
	for _, file := range []string{"fr.json", "pt-BR.json", "ruleset.json"} {
		if !strings.Contains(string(res), file+`":[{"range"`) {
			t.Errorf("the rename does not change %s: %s", file, res)
		}
	}
	if !strings.Contains(string(res), `"newText":"\"Who they \u003care\u003e\""`) && !strings.Contains(string(res), `Who they <are>`) {
		t.Errorf("the new text: %s", res)
	}
	c.golden("rename")
}

func TestSymbolsAndActionsTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	c.open("ruleset.json")
	man := c.open("manifest.json")
	c.exchange("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": man}})
	// Change the manifest's recorded size of ruleset.json: the finding
	// carries a fix, offered as a quick fix.
	pos := positionOf(t, root, "manifest.json", `"bytes": 53280`, 1, 9)
	end := map[string]int{"line": pos["line"], "character": pos["character"] + 5}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": man, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": end}, "text": "53281"}}})
	res := c.exchange("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": man},
		"range": map[string]any{"start": pos, "end": pos}, "context": map[string]any{"diagnostics": []any{}}})
	if !strings.Contains(string(res), `"quickfix"`) || !strings.Contains(string(res), `"newText":"53280"`) {
		t.Errorf("no quick fix setting the size back: %s", res)
	}
	c.golden("symbols-actions")
}

// Renaming a stored id by hand (the skill pathfinding to wayfinding in its
// declaration) offers the step migrate --since drafts, appended to
// sheet.migrations with sheet.version raised.
func TestLostIDActionTranscript(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	pos := positionOf(t, root, "ruleset.json", `{"id": "pathfinding"`, 1, 8)
	end := map[string]int{"line": pos["line"], "character": pos["character"] + len("pathfinding")}
	c.record("--> didChange", map[string]any{"replace": pos, "with": "wayfinding"})
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": end}, "text": "wayfinding"}}})
	res := c.exchange("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": pos, "end": pos}, "context": map[string]any{"diagnostics": []any{}}})
	if !strings.Contains(string(res), `\"from\":\"pathfinding\"`) && !strings.Contains(string(res), `\"from\": \"pathfinding\"`) {
		t.Errorf("no drafted rename step: %s", res)
	}
	c.golden("lost-id-action")
}

// Diagnostics wait for the typing to stop: five changes in quick
// succession publish once, after the debounce, from the last text (sent
// whole: full synchronisation works beside incremental).
func TestDiagnosticsAreDebounced(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{Debounce: 150 * time.Millisecond})
	c.initialize(map[string]any{})
	uri := c.open("ruleset.json")
	data, err := os.ReadFile(filepath.Join(root, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		text := strings.Replace(string(data), `{"skillMod": "pathfinding"}`, `{"skillMod": "pathfinding`+strings.Repeat("x", i+1)+`"}`, 1)
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2 + i},
			"contentChanges": []any{map[string]any{"text": text}}})
	}
	time.Sleep(600 * time.Millisecond)
	c.sync()
	var got []PublishDiagnosticsParams
	for _, m := range c.notes {
		var p PublishDiagnosticsParams
		if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &p) == nil && p.URI == uri {
			got = append(got, p)
		}
	}
	if len(got) != 1 || got[0].Version == nil || *got[0].Version != 6 || len(got[0].Diagnostics) != 1 ||
		!strings.Contains(got[0].Diagnostics[0].Message, `"pathfindingxxxxx"`) {
		t.Errorf("published %+v", got)
	}
}

// A language pack of a catalog artifact (mirefall) is read with its
// artifact: its diagnostics are the artifact's findings about it, and the
// entry's wrong checksum of the de pack is published on the entry, not
// open.
func TestArtifactLanguagePack(t *testing.T) {
	root := copyExample(t, "mirefall")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	de := c.open("mirefall-1.0.0.de.json")
	if ds, ok := c.diagnostics(de); ok && len(ds) > 0 {
		t.Errorf("the de pack read as a ruleset of its own: %+v", ds)
	}
	entry, ok := c.diagnostics(c.uri("mirefall-1.0.0.entry.json"))
	if !ok || len(entry) != 1 || entry[0].Code != "entry-sha256" {
		t.Errorf("the entry's findings: %+v", entry)
	}
}
