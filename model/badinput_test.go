package model_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// loadText loads text as a single ruleset file r.json.
func loadText(t testing.TB, text string) *model.Workspace {
	t.Helper()
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: []byte(text)}}, "r.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return ws
}

// edit replaces the one occurrence of old in the base ruleset.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	base := string(modeltest.Base())
	if strings.Count(base, old) != 1 {
		t.Fatalf("%q occurs %d times in the base ruleset", old, strings.Count(base, old))
	}
	return strings.Replace(base, old, new, 1)
}

func TestBaseLoadsClean(t *testing.T) {
	ws := loadText(t, string(modeltest.Base()))
	if ws.Ruleset == nil || len(ws.Diagnostics) != 0 {
		t.Fatalf("the base ruleset has findings: %v", ws.Diagnostics)
	}
	rs := ws.Ruleset
	if rs.ID != "tollway" || len(rs.Layers) != 2 || len(rs.Catalogs) != 2 || rs.Items == nil || rs.Combat == nil ||
		len(rs.Sheet.Migrations) != 1 || len(rs.Items.Currencies) != 1 || len(rs.Combat.Threat) != 1 {
		t.Errorf("the base ruleset is not read whole: %+v", rs)
	}
}

// TestBadInput feeds broken variants of the base ruleset: each gives an
// error at the exact file, line, column and path, and loading goes on.
func TestBadInput(t *testing.T) {
	deepArrays := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	deepObjects := strings.Repeat(`{"a":`, 100_000) + "1" + strings.Repeat("}", 100_000)
	tests := []struct {
		name string
		text func(t *testing.T) string
		// the key finding
		code     model.Code
		path     string
		near, at string // its position: the first at after near
		// whether the ruleset is still read (the text was JSON)
		loaded bool
	}{
		{
			name: "trailing comma in a list",
			text: func(t *testing.T) string {
				return edit(t, `{ "label": "Hard", "dc": 14 }`, `{ "label": "Hard", "dc": 14 },`)
			},
			code: "json-syntax", path: "resolution.difficultyLadder", near: `"dc": 14 },`, at: "]",
		},
		{
			name: "trailing comma in an object",
			text: func(t *testing.T) string { return edit(t, `"dc": 8 }`, `"dc": 8, }`) },
			code: "json-syntax", path: "resolution.difficultyLadder.0", near: `"dc": 8,`, at: "}",
		},
		{
			name: "wrong type deep in a layer",
			text: func(t *testing.T) string {
				return edit(t, `"removeValues": ["tinker"]`, `"removeValues": ["tinker", 7]`)
			},
			code: "type", path: "layers.0.fields.0.removeValues.1", near: `"removeValues"`, at: "7", loaded: true,
		},
		{
			name: "unknown key in a layer",
			text: func(t *testing.T) string {
				return edit(t, `{ "id": "lean_times",`, `{ "id": "lean_times", "addValues": ["smith"],`)
			},
			code: "unknown-key", path: "layers.0", near: "", at: `"addValues"`, loaded: true,
		},
		{
			name: "label with a line break",
			text: func(t *testing.T) string { return edit(t, `"label": "Lean times"`, `"label": "Lean\ntimes"`) },
			code: "prompt-safe", path: "layers.0.label", near: `"id": "lean_times"`, at: `"Lean\ntimes"`, loaded: true,
		},
		{
			name: "label with a raw line separator",
			text: func(t *testing.T) string { return edit(t, `"label": "Lamp oil"`, "\"label\": \"Lamp\u2028oil\"") },
			code: "prompt-safe", path: "sheet.fields.1.label", near: `"id": "lamp"`, at: "\"Lamp\u2028", loaded: true,
		},
		{
			name: "label with a square bracket",
			text: func(t *testing.T) string { return edit(t, `"label": "Gear"`, `"label": "Gear [heavy]"`) },
			code: "prompt-safe", path: "sheet.lists.0.label", near: `"id": "gear"`, at: `"Gear [`, loaded: true,
		},
		{
			name: "name with double braces",
			text: func(t *testing.T) string { return edit(t, `"name": "Tollway"`, `"name": "Tollway {{user}}"`) },
			code: "prompt-safe", path: "name", near: "", at: `"Tollway {{`, loaded: true,
		},
		{
			name: "a file over 256 KB",
			text: func(t *testing.T) string {
				return edit(t, `"$comment": "A small`, `"$comment": "`+strings.Repeat("padding ", 300*1024/8)+`A small`)
			},
			code: "ruleset-size", path: model.RootPath, near: "", at: "{", loaded: true,
		},
		{
			name: "an empty file",
			text: func(t *testing.T) string { return "" },
			code: "json-empty", path: model.RootPath, near: "", at: "",
		},
		{
			name: "invalid UTF-8",
			text: func(t *testing.T) string { return edit(t, `"name": "Tollway"`, "\"name\": \"Toll\xffway\"") },
			code: "json-utf8", path: "name", near: `"name"`, at: "\xff", loaded: true,
		},
		{
			name: "binary garbage",
			text: func(t *testing.T) string {
				b := make([]byte, 4096)
				x := uint32(2463534242)
				for i := range b {
					x ^= x << 13
					x ^= x >> 17
					x ^= x << 5
					b[i] = byte(x)
				}
				b[100] = 0
				return string(b)
			},
			code: "json-binary", path: model.RootPath, near: "", at: "",
		},
		{
			name: "garbage without NUL bytes",
			text: func(t *testing.T) string { return "\xde\xad\xbe\xef garbage" },
			code: "json-syntax", path: model.RootPath, near: "", at: "",
		},
		{
			name: "arrays nested 100,000 deep",
			text: func(t *testing.T) string { return deepArrays },
			code: "json-syntax", path: strings.TrimSuffix(strings.Repeat("0.", model.MaxDepth-1), "."),
			near: strings.Repeat("[", model.MaxDepth), at: "[",
		},
		{
			name: "objects nested 100,000 deep",
			text: func(t *testing.T) string { return deepObjects },
			code: "json-syntax", path: strings.TrimSuffix(strings.Repeat("a.", model.MaxDepth-1), "."),
			near: strings.Repeat(`{"a":`, model.MaxDepth), at: "{",
		},
		{
			name: "a list at the top",
			text: func(t *testing.T) string { return "[\n  {}\n]" },
			code: "type", path: model.RootPath, near: "", at: "[", loaded: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text(t)
			start := time.Now()
			ws := loadText(t, text)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("loading took %v", d)
			}
			line, col := 1, 1
			if tt.at != "" {
				line, col = posOf(t, text, tt.near, tt.at)
			}
			found := false
			for _, d := range ws.Diagnostics {
				if d.File != "r.json" || d.Line < 1 || d.Column < 1 || d.Path == "" || d.Message == "" {
					t.Errorf("a finding without its place: %+v", d)
				}
				if d.Code == tt.code && d.Severity == model.Error && d.Path == tt.path && d.Line == line && d.Column == col {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s error at %s %d:%d; findings:\n%s", tt.code, tt.path, line, col, diagList(ws.Diagnostics))
			}
			if (ws.Ruleset != nil) != tt.loaded {
				t.Errorf("ruleset read = %v, want %v", ws.Ruleset != nil, tt.loaded)
			}
		})
	}
}

func diagList(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		s := d.String()
		if len(s) > 300 {
			s = s[:300] + "…"
		}
		b.WriteString("  " + model.Visible(s) + "\n")
	}
	return b.String()
}

// TestOversizeStillLoaded: a file over 256 KB is one error, and everything
// else in it is still read and checked.
func TestOversizeStillLoaded(t *testing.T) {
	text := edit(t, `"$comment": "A small`, `"$comment": "`+strings.Repeat("padding ", 300*1024/8)+`A small`)
	ws := loadText(t, text)
	if len(ws.Diagnostics) != 1 || ws.Ruleset == nil || len(ws.Ruleset.Layers) != 2 {
		t.Errorf("findings %v", diagList(ws.Diagnostics))
	}
	// Exactly at the limit is fine.
	base := string(modeltest.Base())
	pad := model.MaxRulesetBytes - len(base)
	exact := strings.Replace(base, `"$comment": "A small`, `"$comment": "`+strings.Repeat("x", pad)+`A small`, 1)
	if len(exact) != model.MaxRulesetBytes {
		t.Fatalf("built %d bytes", len(exact))
	}
	if ws := loadText(t, exact); len(ws.Diagnostics) != 0 {
		t.Errorf("262,144 bytes is allowed: %v", diagList(ws.Diagnostics))
	}
	if ws := loadText(t, exact+" "); len(ws.Diagnostics) != 1 || ws.Diagnostics[0].Code != "ruleset-size" {
		t.Errorf("262,145 bytes is one too many: %v", diagList(ws.Diagnostics))
	}
}

// TestHugeFileRefusedUnread: over 16 MiB the file is not read at all.
func TestHugeFileRefusedUnread(t *testing.T) {
	huge := make([]byte, model.MaxReadBytes+1)
	for i := range huge {
		huge[i] = ' '
	}
	fsys := fstest.MapFS{"r.json": {Data: huge}}
	ws, err := model.Load(fsys, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Diagnostics) != 1 || ws.Diagnostics[0].Code != "file-too-large" || ws.Ruleset != nil ||
		ws.Diagnostics[0].Line != 1 || ws.Diagnostics[0].Column != 1 || ws.Diagnostics[0].Path != model.RootPath {
		t.Errorf("findings %v", diagList(ws.Diagnostics))
	}
	// A file whose size is not known in advance (a pipe, /proc) is cut at
	// the limit while reading.
	ws, err = model.Load(sizelessFS{fsys}, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Diagnostics) != 1 || ws.Diagnostics[0].Code != "file-too-large" || ws.Ruleset != nil {
		t.Errorf("findings %v", diagList(ws.Diagnostics))
	}
}

// sizelessFS reports every file as empty, as a pipe or /proc file does.
type sizelessFS struct{ fs.FS }

func (s sizelessFS) Stat(name string) (fs.FileInfo, error) {
	info, err := fs.Stat(s.FS, name)
	if err != nil {
		return nil, err
	}
	return zeroSize{info}, nil
}

type zeroSize struct{ fs.FileInfo }

func (zeroSize) Size() int64 { return 0 }

// TestDuplicateLayerIDsDecode: two layers with one id is a cross-check
// (rules.CheckLayers); the model reads both.
func TestDuplicateLayerIDsDecode(t *testing.T) {
	text := edit(t, `{ "id": "high_road", "label": "High road", "conflicts": ["lean_times"] }`,
		`{ "id": "lean_times", "label": "High road" }`)
	ws := loadText(t, text)
	if len(ws.Diagnostics) != 0 || ws.Ruleset == nil || len(ws.Ruleset.Layers) != 2 ||
		ws.Ruleset.Layers[1].ID != "lean_times" || ws.Ruleset.Layers[1].Index != 1 {
		t.Errorf("findings %v", diagList(ws.Diagnostics))
	}
}
