package model_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// Where Parse and encoding/json knowingly differ (the fuzz targets below
// hold Parse to encoding/json everywhere else):
//
//   - Nesting deeper than model.MaxDepth (512) is refused; encoding/json
//     allows 10,000 levels. Real rulesets nest fewer than twenty.
//   - A leading byte-order mark is an error finding, but the tree after it
//     is still read, so the rest of the file can be checked; json.Valid
//     refuses such a file outright.
//   - Numbers too large for a float64 read as ±Inf (as JSON.parse reads
//     them) and the decoder reports them; encoding/json refuses to decode
//     them into any.
//   - Invalid UTF-8 is an error finding; the tree is still read with each
//     bad byte as U+FFFD, exactly as encoding/json decodes it.
//   - A NUL byte among the first 8000 makes the file "binary": one
//     finding, no tree. Such a file is never valid JSON anyway.

// assertSameAsEncodingJSON checks that Parse builds the tree encoding/json
// decodes from valid JSON.
func assertSameAsEncodingJSON(t *testing.T, name string, data []byte) {
	t.Helper()
	var want any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	root, diags := model.Parse(name, data)
	if root == nil {
		t.Fatalf("%s: Parse refused valid JSON: %v", name, diags)
	}
	if got := root.Interface(); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: Parse and encoding/json disagree", name)
	}
}

// fuzzSeeds are inputs worth starting from: parts of real rulesets, the
// base test ruleset, and the shapes of bad input the parser must survive.
func fuzzSeeds(f *testing.F) {
	for _, seed := range fixtureParts(f) {
		f.Add(seed)
	}
	base := string(modeltest.Base())
	f.Add([]byte(base))
	for _, s := range []string{
		"", " ", "{}", "[]", "null", "0", `"x"`, "{,}", "[1,]", `{"a":1,}`, `{"a" 1}`, "[01]", "[-]", "[1.]", "[1e]",
		"[1e400]", "[-1e400]", "[1e-400]", `["\ud83d\ude00"]`, `["\ud83d"]`, `["\ud83d\u0041"]`, `["\u12"]`, `["\q"]`,
		"\"a\nb\"", `{"a":1,"a":2}`, "\uFEFF{}", "\uFEFF", "[\"\xff\"]", "{\"\xc3\":1}", "\xde\xad\xbe\xef",
		"\x00\x01\x02", "[" + "\x00" + "]", "{\"a\": tru}", "[nul]", "// c\n{}", "{}{}", "[\"\x7f\"]",
		strings.Repeat("[", 600) + strings.Repeat("]", 600),
		strings.Repeat(`{"a":`, 520) + "1" + strings.Repeat("}", 520),
		strings.Replace(base, `"removeValues": ["tinker"]`, `"removeValues": ["tinker", 7]`, 1),
		strings.Replace(base, `"label": "Lean times"`, `"label": "Lean\ntimes"`, 1),
		strings.Replace(base, `"name": "Tollway"`, "\"name\": \"Toll\xffway\"", 1),
		strings.Replace(base, `"dc": 8 }`, `"dc": 8, }`, 1),
		strings.Replace(base, `"version": 3`, `"version": 1e999`, 1),
		strings.Replace(base, `"values": ["guard", "tinker", "drover"]`, `"values": {}`, 1),
		strings.Replace(base, `"layers": [`, `"layers": 7, "x": [`, 1),
		strings.Replace(base, `"items": {`, `"items": [], "y": {`, 1),
		strings.Replace(base, `"sheet": {`, `"sheet": null, "z": {`, 1),
	} {
		f.Add([]byte(s))
	}
}

// maxSeed is the largest seed given to the fuzzer: whole fixture files
// (40-60 KB) stall Go's coverage-guided fuzzing, so the fixtures are cut
// into documents holding one top-level part each (one catalog at a time,
// long catalogs cut to their first entries). The whole files are tested
// apart, in TestFixturesLoadClean and TestFixturesRoundTrip.
const maxSeed = 8 << 10

// fixtureParts cuts the published rulesets of the shared data into seeds.
// They are seeds among others: on a clone without the shared data there
// are none, and the fuzz targets run on the other seeds instead of
// skipping.
func fixtureParts(tb testing.TB) [][]byte {
	tb.Helper()
	if modeltest.SharedDir() == "" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(modeltest.Fixtures(tb), "*.json"))
	var out [][]byte
	add := func(doc map[string]any) {
		if b, err := json.Marshal(doc); err == nil && len(b) <= maxSeed {
			out = append(out, b)
		}
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		var whole map[string]any
		if json.Unmarshal(data, &whole) != nil {
			continue
		}
		for _, key := range slices.Sorted(maps.Keys(whole)) {
			value := whole[key]
			if key != "catalogs" {
				add(map[string]any{"schemaVersion": 1, "id": whole["id"], key: value})
				continue
			}
			cats, _ := value.([]any)
			for _, c := range cats {
				cat, _ := c.(map[string]any)
				if entries, ok := cat["entries"].([]any); ok && len(entries) > 3 {
					cat["entries"] = entries[:3]
				}
				add(map[string]any{"catalogs": []any{cat}})
			}
		}
	}
	return out
}

// FuzzLoad feeds bytes to Parse, DecodeRuleset and Load. None may panic or
// hang; every finding has a place; Parse accepts exactly what json.Valid
// accepts (apart from the documented differences) and builds the tree
// encoding/json decodes; every node's position is where its value starts.
func FuzzLoad(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		root, diags := model.Parse("f.json", data)
		checkFindings(t, diags)
		checkAgainstEncodingJSON(t, data, root, diags)
		if root != nil {
			checkPositions(t, data, root)
			_, decoded := model.DecodeRuleset("f.json", root)
			checkFindings(t, decoded)
		}
		ws, err := model.Load(fstest.MapFS{"f.json": {Data: data}}, "f.json")
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		checkFindings(t, ws.Diagnostics)
		if (ws.Ruleset != nil) != (root != nil) {
			t.Errorf("Load read a ruleset: %v, Parse a tree: %v", ws.Ruleset != nil, root != nil)
		}
	})
}

// FuzzSave feeds bytes to DecodeSave.
func FuzzSave(f *testing.F) {
	for _, s := range []string{
		`{"v": 1, "build": {}}`,
		`{"v": 2, "build": {"abilities": {"grip": 3}, "skills": {"climb": "trained"}, "saves": {}, "bonuses": {"climb": 1},
		  "fields": {"calling": "guard", "lamp": 2, "brave": true}, "lists": {"gear": [{"name": "Rope", "_catalog": "wares/rope", "weight": 2}]}},
		  "live": {"pools": {"stamina": {"value": 3, "temp": 1}}, "tracks": {"fatigue": 1}, "wounds": {"harm": {"marks": ["cut"], "overflow": 0}},
		  "text": {}, "conditions": ["winded"], "states": {"mood": "calm"}}}`,
		`{"v": 0, "build": []}`, `{"v": "1"}`, `{"build": {"lists": {"gear": [1, [], {"a": {}}]}}}`, `[]`, ``, "\xff",
		`{"v": 1, "build": {"fields": {"a": 1e999}}}`, `{"v": 1, "build": {}, "live": {"pools": {"p": {}}, "wounds": {"w": {"marks": 1}}}}`,
		`{"v": 1e300, "build": {}}`, `{"v": 1, "build": {}, "extra": 1}`,
	} {
		f.Add([]byte(s))
	}
	for _, s := range modeltest.LargeSaves(3) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, diags := model.DecodeSave("s.json", data)
		checkFindings(t, diags)
		if s == nil || s.File != "s.json" {
			t.Fatalf("DecodeSave returned %+v", s)
		}
		if s.Root != nil && s.Build() == nil && !model.HasErrors(diags) {
			t.Errorf("a save read without errors has a build")
		}
		if !model.HasErrors(diags) && s.V < 1 {
			t.Errorf("a save without errors has v %d", s.V)
		}
	})
}

// checkFindings asserts that every finding says where and what.
func checkFindings(t *testing.T, ds []model.Diagnostic) {
	t.Helper()
	for _, d := range ds {
		if d.File == "" || d.Line < 1 || d.Column < 1 || d.Path == "" || d.Code == "" || d.Message == "" {
			t.Errorf("a finding without its place or words: %+v", d)
		}
	}
}

func hasCode(ds []model.Diagnostic, code model.Code, words string) bool {
	for _, d := range ds {
		if d.Code == code && strings.Contains(d.Message, words) {
			return true
		}
	}
	return false
}

func checkAgainstEncodingJSON(t *testing.T, data []byte, root *model.Node, diags []model.Diagnostic) {
	t.Helper()
	text := data
	bom := bytes.HasPrefix(data, []byte("\uFEFF"))
	if bom {
		text = data[3:]
	}
	valid := json.Valid(text)
	switch {
	case root != nil && !valid:
		t.Fatalf("Parse accepted what json.Valid refuses: %q", clip(data))
	case root == nil && valid:
		if hasCode(diags, "json-syntax", "nested more than") {
			return // deeper than MaxDepth: documented
		}
		t.Fatalf("Parse refused valid JSON: %q: %v", clip(data), diags)
	case root == nil:
		if !model.HasErrors(diags) {
			t.Fatalf("refused without an error: %q", clip(data))
		}
		return
	}
	if bom != hasCode(diags, "json-bom", "") {
		t.Errorf("BOM %v, but findings %v", bom, diags)
	}
	if utf8.Valid(data) == hasCode(diags, "json-utf8", "") {
		t.Errorf("valid UTF-8 %v, but findings %v", utf8.Valid(data), diags)
	}
	var want any
	if err := json.Unmarshal(text, &want); err != nil {
		// Only a number too large for a float64 makes valid JSON fail to
		// decode into any; Parse reads it as ±Inf.
		if !hasInf(root) {
			t.Fatalf("encoding/json: %v, and no number out of range in %q", err, clip(data))
		}
		return
	}
	if got := root.Interface(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Parse and encoding/json disagree on %q:\n got %#v\nwant %#v", clip(data), got, want)
	}
}

func hasInf(n *model.Node) bool {
	if n.Kind == model.Number && math.IsInf(n.Num(), 0) {
		return true
	}
	for _, c := range n.Children() {
		if hasInf(c) {
			return true
		}
	}
	return false
}

// checkPositions asserts that every node starts with the right byte at its
// offset, that its line and column are that offset's, and that every
// member's key position is where its quoted name starts.
func checkPositions(t *testing.T, data []byte, root *model.Node) {
	t.Helper()
	text := string(data)
	start := 0
	if strings.HasPrefix(text, "\uFEFF") {
		start = 3
	}
	// line and column of every offset, counted once
	lines := make([]int32, len(text)+1)
	cols := make([]int32, len(text)+1)
	line, col := int32(1), int32(1)
	for i := start; i < len(text); {
		_, size := utf8.DecodeRuneInString(text[i:])
		for k := 0; k < size; k++ {
			lines[i+k], cols[i+k] = line, col
		}
		if text[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	lines[len(text)], cols[len(text)] = line, col
	nodes := 0
	var walk func(n *model.Node)
	walk = func(n *model.Node) {
		nodes++
		if nodes > len(data)+1 {
			t.Fatalf("more nodes than bytes")
		}
		off := n.Pos().Offset
		if off < start || off >= len(text) {
			t.Fatalf("%s: offset %d outside the text", n.Path(), off)
		}
		want := map[model.Kind]string{model.Object: "{", model.Array: "[", model.String: `"`, model.Null: "n", model.Bool: "tf", model.Number: "-0123456789"}[n.Kind]
		if !strings.ContainsRune(want, rune(text[off])) {
			t.Fatalf("%s: %s starts with %q", n.Path(), n.Kind, text[off])
		}
		if n.Kind == model.Number && !strings.HasPrefix(text[off:], n.Raw()) {
			t.Fatalf("%s: the number %q is not at its offset", n.Path(), n.Raw())
		}
		if int(lines[off]) != n.Pos().Line || int(cols[off]) != n.Pos().Column {
			t.Fatalf("%s: at %d:%d, offset %d is %d:%d", n.Path(), n.Pos().Line, n.Pos().Column, off, lines[off], cols[off])
		}
		if n.Parent() != nil && n.Parent().Kind == model.Object {
			k := n.KeyPos()
			if k.Offset < start || k.Offset >= off || text[k.Offset] != '"' || int(lines[k.Offset]) != k.Line || int(cols[k.Offset]) != k.Column {
				t.Fatalf("%s: key position %+v", n.Path(), k)
			}
		}
		for i, c := range n.Children() {
			if c.Parent() != n || c.Index() != i {
				t.Fatalf("%s: child %d has parent %s index %d", n.Path(), i, c.Parent().Path(), c.Index())
			}
			walk(c)
		}
	}
	walk(root)
}

func clip(b []byte) []byte {
	if len(b) > 200 {
		return b[:200]
	}
	return b
}
