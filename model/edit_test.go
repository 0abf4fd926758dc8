package model_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"rulebench/model"
	"rulebench/model/modeltest"
)

const editDoc = `{
  "$comment": "kept \"as\" is \\ {]",
  "sha256": "abc",
  "bytes": 12,
  "n": -1.5e3, "t": true, "f": false, "z": null,
  "files": [
    {"path": "a.json", "bytes": 1}
  ],
  "one": {"a": 1, "b": [1, 2]},
  "empty": {},
  "none": [ ],
  "text": "é\u00e9\n"
}
`

func parseDoc(t *testing.T, text string) *model.Node {
	t.Helper()
	root, ds := model.Parse("doc.json", []byte(text))
	if root == nil || len(ds) > 0 {
		t.Fatalf("parse: %v", ds)
	}
	return root
}

// Every value's span, cut out of the file, is that value.
func TestValueEndEveryNode(t *testing.T) {
	for _, text := range []string{editDoc, string(modeltest.Base())} {
		valueEndEveryNode(t, text)
	}
	if _, err := model.ValueEnd([]byte("{}"), 2); err == nil {
		t.Error("an offset past the end is an error")
	}
	if _, err := model.ValueEnd([]byte(`"open`), 0); err == nil {
		t.Error("an unclosed string is an error")
	}
}

func valueEndEveryNode(t *testing.T, text string) {
	data := []byte(text)
	var walk func(n *model.Node)
	walk = func(n *model.Node) {
		end, err := model.ValueEnd(data, n.Pos().Offset)
		if err != nil {
			t.Fatalf("%s: %v", n.Path(), err)
		}
		var got any
		if err := json.Unmarshal(data[n.Pos().Offset:end], &got); err != nil {
			t.Fatalf("%s: span %q is not one value: %v", n.Path(), data[n.Pos().Offset:end], err)
		}
		if !reflect.DeepEqual(got, n.Interface()) {
			t.Errorf("%s: span holds %v, the node %v", n.Path(), got, n.Interface())
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(parseDoc(t, text))
}

func TestReplaceValueChangesOnlyThatValue(t *testing.T) {
	data := []byte(editDoc)
	root := parseDoc(t, editDoc)
	var edits []model.Edit
	for path, v := range map[string]any{"sha256": "0123", "bytes": 4096, "files.0.bytes": 77, "text": "a\"b<c>"} {
		n, ok := root.Find(path)
		if !ok {
			t.Fatal(path)
		}
		e, err := model.ReplaceValue(data, n, v)
		if err != nil {
			t.Fatal(err)
		}
		edits = append(edits, e)
	}
	out, err := model.Apply(data, edits)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(`"sha256": "abc"`, `"sha256": "0123"`, `"bytes": 12`, `"bytes": 4096`,
		`"bytes": 1}`, `"bytes": 77}`, `"text": "é\u00e9\n"`, `"text": "a\"b<c>"`).Replace(editDoc)
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestAppendMemberAndItem(t *testing.T) {
	out := appendToEditDoc(t, editDoc)
	want := strings.NewReplacer(
		`{"path": "a.json", "bytes": 1}`, `{"path": "a.json", "bytes": 1},`+"\n"+`    {"path": "b.json"}`,
		`"b": [1, 2]}`, `"b": [1, 2], "c": "x"}`,
		`"empty": {}`, "\"empty\": {\n    \"k\": \"\",\n    \"l\": \"\"\n  }",
		`"none": [ ]`, "\"none\": [\n    1\n  ]",
		`"text": "é\u00e9\n"`, `"text": "é\u00e9\n",`+"\n"+`  "last": true`,
	).Replace(editDoc)
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestAppendKeepsTheLineBreaks makes the same edits in the document
// written with CRLF and with lone CR line breaks: the lines written are
// laid out the same, and end the way the file's lines do.
func TestAppendKeepsTheLineBreaks(t *testing.T) {
	lf := appendToEditDoc(t, editDoc)
	for _, nl := range []string{"\r\n", "\r"} {
		doc := strings.ReplaceAll(editDoc, "\n", nl)
		if got, want := appendToEditDoc(t, doc), strings.ReplaceAll(lf, "\n", nl); got != want {
			t.Errorf("%q line breaks: got\n%q\nwant\n%q", nl, got, want)
		}
	}
}

// appendToEditDoc makes the append edits of TestAppendMemberAndItem in
// doc (editDoc, with any line breaks) and returns the result, which must
// be clean JSON.
func appendToEditDoc(t *testing.T, doc string) string {
	t.Helper()
	data := []byte(doc)
	root := parseDoc(t, doc)
	get := func(p string) *model.Node { n, _ := root.Find(p); return n }
	var edits []model.Edit
	add := func(e model.Edit, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		edits = append(edits, e)
	}
	add(model.AppendItem(data, get("files"), []any{model.RawJSON(`{"path": "b.json"}`)}))
	add(model.AppendMember(data, get("one"), []model.Member{{"c", "x"}}))
	add(model.AppendMember(data, get("empty"), []model.Member{{"k", ""}, {"l", ""}}))
	add(model.AppendItem(data, get("none"), []any{1}))
	add(model.AppendMember(data, root, []model.Member{{"last", true}}))
	out, err := model.Apply(data, edits)
	if err != nil {
		t.Fatal(err)
	}
	if _, ds := model.Parse("out.json", out); len(ds) > 0 {
		t.Errorf("the result is not clean JSON: %v", ds)
	}
	return string(out)
}

func TestApplyRefusesOverlaps(t *testing.T) {
	if _, err := model.Apply([]byte("abcdef"), []model.Edit{{Start: 1, End: 4, Text: "x"}, {Start: 3, End: 5, Text: "y"}}); err == nil {
		t.Error("overlapping edits must be refused")
	}
	if _, err := model.Apply([]byte("abc"), []model.Edit{{Start: 2, End: 9}}); err == nil {
		t.Error("an edit past the end must be refused")
	}
	out, err := model.Apply([]byte("ac"), []model.Edit{{Start: 1, End: 1, Text: "b"}, {Start: 1, End: 1, Text: "B"}})
	if err != nil || string(out) != "abBc" {
		t.Errorf("two inserts at one place: %q %v", out, err)
	}
}

func TestIndentUnit(t *testing.T) {
	for text, want := range map[string]string{"{\n\t\"a\": 1\n}": "\t", "{\n    \"a\": 1\n}": "    ", `{"a": 1}`: "  ", "{\n   \n  \"a\": 1}": "  ",
		"{\r\t\"a\": 1\r}": "\t", "{\r\n    \"a\": 1\r\n}": "    ", "{\r   \r  \"a\": 1}": "  "} {
		if got := model.IndentUnit([]byte(text)); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// Every subset of members removed, from an object written one member a
// line and from one written on one line: the rest is the object as if
// written without them, byte for byte.
func TestRemoveMembers(t *testing.T) {
	keys := []string{"a", "b", "c", "d"}
	layouts := []struct {
		open, sep, close string
		member           func(k string) string
	}{
		{"{\n  \"r\": {\n", ",\n", "\n  }\n}\n", func(k string) string { return `    "` + k + `": "` + strings.Repeat(k, 2) + `"` }},
		{`{"r": {`, ", ", "}}", func(k string) string { return `"` + k + `": [1, {"x": "` + k + `"}]` }},
	}
	for li, l := range layouts {
		write := func(kept []string) string {
			parts := make([]string, len(kept))
			for i, k := range kept {
				parts[i] = l.member(k)
			}
			if len(kept) == 0 {
				return strings.TrimRight(l.open, "\n ") + strings.TrimLeft(l.close, "\n ")
			}
			return l.open + strings.Join(parts, l.sep) + l.close
		}
		full := write(keys)
		root := parseDoc(t, full)
		obj := root.Get("r")
		for mask := 0; mask < 1<<len(keys); mask++ {
			var remove []*model.Node
			var kept []string
			for i, k := range keys {
				if mask&(1<<i) != 0 {
					remove = append(remove, obj.Get(k))
				} else {
					kept = append(kept, k)
				}
			}
			edits, err := model.RemoveMembers([]byte(full), obj, remove)
			if err != nil {
				t.Fatal(err)
			}
			out, err := model.Apply([]byte(full), edits)
			if err != nil {
				t.Fatalf("layout %d, mask %b: %v", li, mask, err)
			}
			want := write(kept)
			if len(kept) == 0 {
				// The emptied object keeps its brackets only.
				var v map[string]map[string]any
				if err := json.Unmarshal(out, &v); err != nil || len(v["r"]) != 0 {
					t.Errorf("layout %d, all removed: %q", li, out)
				}
				continue
			}
			if string(out) != want {
				t.Errorf("layout %d, mask %b:\n got %q\nwant %q", li, mask, out, want)
			}
		}
	}
	if _, err := model.RemoveMembers([]byte(`[1]`), parseDoc(t, `[1]`), nil); err == nil {
		t.Error("a list was taken for an object")
	}
}
