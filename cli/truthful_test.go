package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"rulebench/model/modeltest"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSaveVersionOutOfRange migrates saves whose v is 1e300 and a whole
// number of a million digits: each is shown as out of range, never as the
// lowest int64, in the text and the JSON.
func TestSaveVersionOutOfRange(t *testing.T) {
	needLanternRoad(t)
	dir := t.TempDir()
	modeltest.WriteTree(t, dir, map[string]string{
		"e300.json":   `{"v": 1e300, "build": {}}`,
		"digits.json": `{"v": 1` + strings.Repeat("7", 1_000_000) + `, "build": {}}`,
		"minus.json":  `{"v": -1e300, "build": {}}`,
	})
	saves := []string{filepath.Join(dir, "e300.json"), filepath.Join(dir, "digits.json"), filepath.Join(dir, "minus.json")}
	code, out, _ := runMigrateCLI(append([]string{lanternRoadDir}, saves...)...)
	if code != exitFindings {
		t.Errorf("exit %d", code)
	}
	for _, s := range saves {
		if !strings.Contains(out, s+": v out of range, not migrated") {
			t.Errorf("the text does not say %s is out of range:\n%.2000s", s, out)
		}
	}
	if strings.Contains(out, "9223372036854775808") {
		t.Errorf("the text shows the lowest int64:\n%.2000s", out)
	}
	if len(out) > 4000 {
		t.Errorf("the text is %d bytes: the million digits are quoted whole", len(out))
	}
	_, doc := migrateJSON(t, append([]string{lanternRoadDir}, saves...)...)
	for _, s := range doc["saves"].([]any) {
		sd := s.(map[string]any)
		if sd["from"] != 0.0 || sd["to"] != 0.0 {
			t.Errorf("%v: from %v to %v, want 0 (no valid v)", sd["file"], sd["from"], sd["to"])
		}
		diags := sd["diagnostics"].([]any)
		if len(diags) != 1 || diags[0].(map[string]any)["code"] != "range" {
			t.Errorf("%v: findings %v, want one range", sd["file"], diags)
		}
	}
}

// TestFindingsQuoteShortPrefixes checks a ruleset with a 10 MB unknown
// key: the text, JSON and SARIF reports quote a prefix of it, with "…".
func TestFindingsQuoteShortPrefixes(t *testing.T) {
	needLanternRoad(t)
	data, err := os.ReadFile(filepath.Join(lanternRoadDir, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	key := strings.Repeat("K", 10<<20)
	src := strings.Replace(string(data), "{", `{"`+key+`": 1, `, 1)
	dir := t.TempDir()
	p, plain := filepath.Join(dir, "big.json"), filepath.Join(dir, "plain.json")
	modeltest.WriteTree(t, dir, map[string]string{"big.json": src, "plain.json": string(data)})
	for _, format := range []string{"text", "json", "sarif", "github"} {
		var out, base bytes.Buffer
		run([]string{"check", "--format", format, p}, nil, &out, io.Discard)
		run([]string{"check", "--format", format, plain}, nil, &base, io.Discard)
		if n := out.Len() - base.Len(); n > 4<<10 {
			t.Errorf("%s: %d bytes more of report for one long key", format, n)
		}
		if !strings.Contains(out.String(), strings.Repeat("K", 80)+"…") {
			t.Errorf("%s: the key's prefix and … are not quoted:\n%.500s", format, out.String())
		}
	}
}

// TestJSONEscapesC1 gives a layer label and a display string C1, DEL and
// bidirectional controls: no JSON output holds them raw; each is a \u
// escape of the same text.
func TestJSONEscapesC1(t *testing.T) {
	pkg := copyExample(t, "lantern-road")
	p := filepath.Join(pkg, "ruleset.json")
	var rs map[string]any
	data, _ := os.ReadFile(p)
	if err := json.Unmarshal(data, &rs); err != nil {
		t.Fatal(err)
	}
	label := "The long\u0085dark\u009b31m\u007f\u202e"
	rs["layers"].([]any)[0].(map[string]any)["label"] = label
	data, _ = json.Marshal(rs)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"layers", "--json", pkg}, {"i18n", "--json", "--lang", "fr", pkg}, {"check", "--json", pkg}} {
		var out, errOut bytes.Buffer
		run(args, nil, &out, &errOut)
		for _, r := range out.String() {
			if r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x202e {
				t.Errorf("%v: raw %U in the JSON", args, r)
				break
			}
		}
		if !utf8.Valid(out.Bytes()) {
			t.Errorf("%v: the JSON is not UTF-8", args)
		}
		var doc any
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Errorf("%v: not JSON: %v", args, err)
		}
		if args[0] == "layers" && !strings.Contains(out.String(), `"label": "The long\u0085dark\u009b31m\u007f\u202e"`) {
			t.Errorf("layers --json does not hold the label escaped:\n%.800s", out.String())
		}
	}
}
