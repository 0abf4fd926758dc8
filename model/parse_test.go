package model_test

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"rulebench/model"
)

// where gives the line and column of byte offset off in text, counting
// columns in characters; it is written apart from the parser so that the
// tests check the parser against something independent.
func where(text string, off int) (line, col int) {
	line, col = 1, 1
	for i, r := range text {
		if i >= off {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// posOf gives the line and column of the first at found after the end of
// the first near in text (near may be "" for the start).
func posOf(t *testing.T, text, near, at string) (line, col int) {
	t.Helper()
	i := strings.Index(text, near)
	if i < 0 {
		t.Fatalf("marker %q not in the text", near)
	}
	i += len(near)
	j := strings.Index(text[i:], at)
	if j < 0 {
		t.Fatalf("marker %q not after %q", at, near)
	}
	return where(text, i+j)
}

func mustParse(t *testing.T, text string) *model.Node {
	t.Helper()
	root, diags := model.Parse("t.json", []byte(text))
	if root == nil {
		t.Fatalf("Parse(%q) failed: %v", text, diags)
	}
	for _, d := range diags {
		if d.Severity == model.Error {
			t.Fatalf("Parse(%q): unexpected error %v", text, d)
		}
	}
	return root
}

func TestParsePositions(t *testing.T) {
	tests := []struct {
		name, text string
		path       string
		line, col  int
	}{
		{"ascii", `{"a": 1, "b": [true, null]}`, "b.1", 1, 22},
		{"two-byte letters count once", `{"é": "ü", "k": 1}`, "k", 1, 17},
		{"emoji count once", `{"a": "😀😀", "b": 2}`, "b", 1, 18},
		{"CJK", "{\"名前\": \"値\",\n \"x\": false}", "x", 2, 7},
		{"LF", "{\n  \"a\": {\n    \"b\": [1, 2]\n  }\n}", "a.b.1", 3, 14},
		{"CRLF", "{\r\n  \"a\": 1,\r\n  \"b\": \"x\"\r\n}", "b", 3, 8},
		{"tab counts one", "{\t\"a\":\t7}", "a", 1, 8},
		{"escapes before", `{"a": "\n\t\u00e9\"", "b": 0}`, "b", 1, 28},
		{"root", `  [1]`, model.RootPath, 1, 3},
		{"after BOM", "\uFEFF{\"a\": 1}", "a", 1, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, _ := model.Parse("t.json", []byte(tt.text))
			if root == nil {
				t.Fatalf("no tree")
			}
			n, ok := root.Find(tt.path)
			if !ok {
				t.Fatalf("path %s not found", tt.path)
			}
			if n.Pos().Line != tt.line || n.Pos().Column != tt.col {
				t.Errorf("%s at %d:%d, want %d:%d", tt.path, n.Pos().Line, n.Pos().Column, tt.line, tt.col)
			}
			if got := tt.text[n.Pos().Offset:]; !strings.HasPrefix(got, n.Raw()) && n.Kind == model.Number {
				t.Errorf("offset %d does not start the number %s", n.Pos().Offset, n.Raw())
			}
		})
	}
}

func TestParseKeyPositions(t *testing.T) {
	text := "{\n  \"alpha\": 1,\n  \"βeta\":   [2]\n}"
	root := mustParse(t, text)
	b := root.Get("βeta")
	if b.KeyPos().Line != 3 || b.KeyPos().Column != 3 {
		t.Errorf("key at %d:%d, want 3:3", b.KeyPos().Line, b.KeyPos().Column)
	}
	if b.Pos().Line != 3 || b.Pos().Column != 13 {
		t.Errorf("value at %d:%d, want 3:13", b.Pos().Line, b.Pos().Column)
	}
}

func TestParseStrings(t *testing.T) {
	tests := []struct{ text, want string }{
		{`"plain"`, "plain"},
		{`""`, ""},
		{`"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		{`"\u0041\u00e9\u20AC"`, "Aé€"},
		{`"\u0000"`, "\x00"},
		{`"\ud83d\ude00"`, "😀"},             // a surrogate pair
		{`"\uD83D\uDE00!"`, "😀!"},           // upper-case hex
		{`"\ud83d"`, "\uFFFD"},              // a lone high surrogate
		{`"\ude00x"`, "\uFFFDx"},            // a lone low surrogate
		{`"\ud83d\u0041"`, "\uFFFDA"},       // high then not low
		{`"\ud83d\ud83d\ude00"`, "\uFFFD😀"}, // high, then a pair
		{`"a\u2028b"`, "a\u2028b"},
		{"\"raw é 😀 \x7f\"", "raw é 😀 \x7f"}, // DEL needs no escape in JSON
	}
	for _, tt := range tests {
		root := mustParse(t, tt.text)
		if root.Kind != model.String || root.Str() != tt.want {
			t.Errorf("Parse(%s) = %q, want %q", tt.text, root.Str(), tt.want)
		}
	}
}

func TestParseNumbers(t *testing.T) {
	tests := []struct {
		text string
		want float64
	}{
		{"0", 0}, {"-0", 0}, {"12", 12}, {"-12", -12}, {"1.5", 1.5}, {"1.5e3", 1500},
		{"1E-2", 0.01}, {"2e+2", 200}, {"1e-400", 0}, {"123456789012345678901234567890", 1.2345678901234568e29},
	}
	for _, tt := range tests {
		root := mustParse(t, tt.text)
		if root.Kind != model.Number || root.Num() != tt.want || root.Raw() != tt.text {
			t.Errorf("Parse(%s) = %v (raw %q), want %v", tt.text, root.Num(), root.Raw(), tt.want)
		}
	}
	// Too large for a float64: JSON.parse gives Infinity; the decoder then
	// reports it as not finite.
	root := mustParse(t, "-1e400")
	if !math.IsInf(root.Num(), -1) {
		t.Errorf("-1e400 = %v, want -Inf", root.Num())
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line, col  int
		path       string
		words      string // part of the message
	}{
		{"trailing comma in a list", "[1, 2,]", 1, 7, model.RootPath, "trailing comma"},
		{"trailing comma in an object", "{\"a\": {\"b\": 1,\n}}", 2, 1, "a", "trailing comma"},
		{"missing comma", "{\"a\": 1\n \"b\": 2}", 2, 2, model.RootPath, "missing comma"},
		{"missing colon", `{"a" 1}`, 1, 6, model.RootPath, "':'"},
		{"unquoted key", `{a: 1}`, 1, 2, model.RootPath, "key in double quotes"},
		{"single quotes", `{"a": 'x'}`, 1, 7, model.RootPath, "single quotes"},
		{"unclosed text", `{"a": "xyz}`, 1, 7, model.RootPath, "never closed"},
		{"line break in text", "[\"ab\ncd\"]", 1, 5, model.RootPath, "line break"},
		{"tab in text", "[\"a\tb\"]", 1, 4, model.RootPath, "U+0009"},
		{"bad escape", `["a\qb"]`, 1, 4, model.RootPath, `\q`},
		{"short unicode escape", `["\u12"]`, 1, 3, model.RootPath, "four hex"},
		{"leading zero", `[01]`, 1, 2, model.RootPath, "leading zeros"},
		{"lone minus", `[-]`, 1, 3, model.RootPath, "digits after '-'"},
		{"bare point", `[1.]`, 1, 4, model.RootPath, "decimal point"},
		{"empty exponent", `[1e]`, 1, 4, model.RootPath, "exponent"},
		{"plus sign", `[+1]`, 1, 2, model.RootPath, "'+'"},
		{"hex", `[0x10]`, 1, 3, model.RootPath, "'x'"},
		{"NaN", `[NaN]`, 1, 2, model.RootPath, "'N'"},
		{"text after", "{}\n{}", 2, 1, model.RootPath, "after the end"},
		{"truncated", "{\"a\": [1, 2", 1, 12, "a", "ends inside a list"},
		{"truncated object", "{\"a\": 1", 1, 8, model.RootPath, "ends inside an object"},
		{"truncated after key", `{"a":`, 1, 6, model.RootPath, "ends where a value"},
		{"nested path", `{"a": [{"b": [1 2]}]}`, 1, 17, "a.0.b", "missing comma"},
		{"true typo", `[tru]`, 1, 2, model.RootPath, "'t'"},
		{"comment", "{\n  // note\n}", 2, 3, model.RootPath, "'/'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, diags := model.Parse("t.json", []byte(tt.text))
			if root != nil {
				t.Fatalf("Parse accepted %q", tt.text)
			}
			if len(diags) != 1 {
				t.Fatalf("want one finding, got %v", diags)
			}
			d := diags[0]
			if d.Severity != model.Error || d.Code != "json-syntax" || d.File != "t.json" {
				t.Errorf("finding %+v", d)
			}
			if d.Line != tt.line || d.Column != tt.col || d.Path != tt.path {
				t.Errorf("at %d:%d %s, want %d:%d %s (%s)", d.Line, d.Column, d.Path, tt.line, tt.col, tt.path, d.Message)
			}
			if !strings.Contains(d.Message, tt.words) {
				t.Errorf("message %q does not say %q", d.Message, tt.words)
			}
		})
	}
}

func TestParseDuplicateKeys(t *testing.T) {
	text := "{\"a\": 1,\n \"b\": 2,\n \"a\": 3}"
	root, diags := model.Parse("t.json", []byte(text))
	if root == nil {
		t.Fatal("no tree")
	}
	if len(diags) != 1 || diags[0].Code != "json-duplicate-key" || diags[0].Severity != model.Warning {
		t.Fatalf("findings %v", diags)
	}
	if d := diags[0]; d.Line != 3 || d.Column != 2 || d.Path != "a" {
		t.Errorf("at %d:%d %s, want 3:2 a", d.Line, d.Column, d.Path)
	}
	// The last one wins, as with JSON.parse.
	if got := root.Get("a").Num(); got != 3 {
		t.Errorf("Get(a) = %v, want 3", got)
	}
	if got := root.Interface().(map[string]any)["a"]; got != 3.0 {
		t.Errorf("Interface a = %v, want 3", got)
	}
	if len(root.Children()) != 3 {
		t.Errorf("every member is kept in file order: %d", len(root.Children()))
	}
}

func TestParseEncoding(t *testing.T) {
	t.Run("BOM", func(t *testing.T) {
		root, diags := model.Parse("t.json", []byte("\uFEFF{\"a\": 1}"))
		if root == nil || root.Get("a") == nil {
			t.Fatal("the tree after a BOM is still read")
		}
		if len(diags) != 1 || diags[0].Code != "json-bom" || diags[0].Severity != model.Error ||
			diags[0].Line != 1 || diags[0].Column != 1 {
			t.Errorf("findings %v", diags)
		}
	})
	t.Run("invalid UTF-8 in a value", func(t *testing.T) {
		text := "{\"a\": 1,\n \"name\": \"To\xffll\xfe\"}"
		root, diags := model.Parse("t.json", []byte(text))
		if root == nil {
			t.Fatal("no tree")
		}
		if len(diags) != 1 {
			t.Fatalf("findings %v", diags)
		}
		d := diags[0]
		if d.Code != "json-utf8" || d.Severity != model.Error || d.Path != "name" || d.Line != 2 || d.Column != 13 {
			t.Errorf("finding %+v", d)
		}
		if !strings.Contains(d.Message, "0xFF") || !strings.Contains(d.Message, "2 invalid bytes") {
			t.Errorf("message %q", d.Message)
		}
		if got := root.Get("name").Str(); got != "To\uFFFDll\uFFFD" {
			t.Errorf("text %q: each invalid byte reads as U+FFFD", got)
		}
	})
	t.Run("invalid UTF-8 in a key", func(t *testing.T) {
		root, diags := model.Parse("t.json", []byte("{\"x\": {\"k\xc3\": true}}"))
		if root == nil || len(diags) != 1 {
			t.Fatalf("findings %v", diags)
		}
		if d := diags[0]; d.Path != "x.k\uFFFD" || d.Column != 10 {
			t.Errorf("finding %+v", d)
		}
	})
	t.Run("invalid UTF-8 outside text", func(t *testing.T) {
		root, diags := model.Parse("t.json", []byte("{\"a\": \xff}"))
		if root != nil || len(diags) != 2 {
			t.Fatalf("findings %v", diags)
		}
		if diags[0].Code != "json-utf8" || diags[1].Code != "json-syntax" || diags[1].Column != 7 {
			t.Errorf("findings %v", diags)
		}
	})
	t.Run("binary", func(t *testing.T) {
		root, diags := model.Parse("t.json", []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"))
		if root != nil || len(diags) != 1 || diags[0].Code != "json-binary" || diags[0].Line != 1 || diags[0].Column != 1 {
			t.Errorf("findings %v", diags)
		}
	})
	t.Run("empty", func(t *testing.T) {
		for _, text := range []string{"", " \n\t\r\n"} {
			root, diags := model.Parse("t.json", []byte(text))
			if root != nil || len(diags) != 1 || diags[0].Code != "json-empty" || diags[0].Line != 1 || diags[0].Column != 1 {
				t.Errorf("Parse(%q): %v", text, diags)
			}
		}
	})
}

func TestParseDepth(t *testing.T) {
	ok := strings.Repeat("[", model.MaxDepth) + strings.Repeat("]", model.MaxDepth)
	mustParse(t, ok)
	objs := strings.Repeat(`{"a":`, model.MaxDepth) + "1" + strings.Repeat("}", model.MaxDepth)
	mustParse(t, objs)

	deep := strings.Repeat("[", model.MaxDepth+1) + strings.Repeat("]", model.MaxDepth+1)
	root, diags := model.Parse("t.json", []byte(deep))
	if root != nil || len(diags) != 1 {
		t.Fatalf("findings %v", diags)
	}
	if d := diags[0]; d.Line != 1 || d.Column != model.MaxDepth+1 || !strings.Contains(d.Message, "512") {
		t.Errorf("finding %+v", d)
	}
}

func TestNodePathAndFind(t *testing.T) {
	root := mustParse(t, `{"layers": [{"id": "a", "fields": [{"removeValues": ["x", "y"]}]}], "": {"e": 1}}`)
	tests := []struct {
		path    string
		found   bool
		reached string // the path of the node Find returns
	}{
		{model.RootPath, true, model.RootPath},
		{"", true, model.RootPath},
		{"layers", true, "layers"},
		{"layers.0.fields.0.removeValues.1", true, "layers.0.fields.0.removeValues.1"},
		{"layers.0.id", true, "layers.0.id"},
		{"layers.3.id", false, "layers"},
		{"layers.x", false, "layers"},
		{"layers.-1", false, "layers"},
		{"layers.0.nope.deeper", false, "layers.0"},
		{"layers.0.id.more", false, "layers.0.id"},
		{".e", true, ".e"}, // an empty key
	}
	for _, tt := range tests {
		n, found := root.Find(tt.path)
		if found != tt.found || n.Path() != tt.reached {
			t.Errorf("Find(%q) = %s, %v; want %s, %v", tt.path, n.Path(), found, tt.reached, tt.found)
		}
	}
	// A member named "" at the top has the empty path, written (root) as
	// the Engine writes it.
	if p := mustParse(t, `{"": 1}`).Get("").Path(); p != model.RootPath {
		t.Errorf("empty key at the top: %q", p)
	}
	var nilNode *model.Node
	if n, ok := nilNode.Find("a"); n != nil || ok {
		t.Error("Find on nil")
	}
	if nilNode.Path() != model.RootPath || nilNode.Get("a") != nil || nilNode.At(0) != nil || nilNode.Interface() != nil {
		t.Error("nil node helpers")
	}
}

func TestNodeHelpers(t *testing.T) {
	root := mustParse(t, `{"s": ["a", 1, "b", null], "n": 2.5, "t": true, "z": null}`)
	if got := root.Get("s").Strings(); strings.Join(got, ",") != "a,b" {
		t.Errorf("Strings = %v", got)
	}
	if root.Get("n").Scalar() != 2.5 || root.Get("t").Scalar() != true || root.Get("z").Scalar() != nil || root.Get("s").Scalar() != nil {
		t.Error("Scalar")
	}
	if root.Get("s").At(1).Num() != 1 || root.Get("s").At(4) != nil || root.At(0) != nil {
		t.Error("At")
	}
	if root.Get("s").Get("a") != nil {
		t.Error("Get on an array")
	}
	for k, want := range map[model.Kind]string{model.Null: "null", model.Object: "an object", model.String: "text", model.Kind(99): "unknown"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q", k, k.String())
		}
	}
}

// TestParseStringsAtEveryOffset puts the byte that ends the fast path of
// string reading (a closing quote, an escape, a raw control character, and
// a quote after a byte that is not special but looks it to a word-wide
// test) at every offset of the first words of a text and of a key, and
// compares the result with encoding/json.
func TestParseStringsAtEveryOffset(t *testing.T) {
	specials := []string{`"`, `\n"`, `\"x"`, `\u00e9"`, "\x01\"", "\n\"", "!\"", "\x1f\"", "\x7f\"", "\u00e9\""}
	for k := range 20 {
		for _, sp := range specials {
			text := strings.Repeat("a", k) + sp
			doc := `{"` + text + `: "` + text + `}`
			root, diags := model.Parse("s.json", []byte(doc))
			var want map[string]any
			err := json.Unmarshal([]byte(doc), &want)
			if (err == nil) != (root != nil) {
				t.Fatalf("%q: encoding/json error %v, rulebench tree %v (%v)", doc, err, root != nil, diags)
			}
			if root == nil {
				continue
			}
			if got := root.Interface(); !reflect.DeepEqual(got, any(want)) {
				t.Errorf("%q: got %#v, want %#v", doc, got, want)
			}
		}
	}
}
