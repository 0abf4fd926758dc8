package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A document outside the workspace folder is kept but never analysed: no
// diagnostics, no hover, nothing read beside it.
func TestNoReadOutsideTheWorkspace(t *testing.T) {
	root := copyExample(t, "lantern-road")
	outside := t.TempDir()
	secret := filepath.Join(outside, "ruleset.json")
	if err := os.WriteFile(secret, []byte(`{"id": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// The package's catalog asset is a link that leads outside: its target
	// (with a marker of its own) is never read.
	knacks := filepath.Join(root, "catalogs", "knacks.json")
	data, err := os.ReadFile(knacks)
	if err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(outside, "knacks.json")
	marked := strings.Replace(string(data), `"label": "Long Stride"`, `"label": "OUTSIDE-MARKER"`, 1)
	if err := os.WriteFile(moved, []byte(marked), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(knacks); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(moved, knacks); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := uriOf(secret)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": `{"id": 1}`}})
	if ds, ok := c.diagnostics(uri); ok {
		t.Errorf("a document outside the workspace was analysed: %+v", ds)
	}
	if m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{}}); string(m.Result) != "null" {
		t.Errorf("hover outside the workspace: %s %+v", m.Result, m.Error)
	}
	// The workspace's own ruleset, opened, names the linked file by a path
	// leading out: the analysis refuses it, and no diagnostic names it.
	c.open("ruleset.json")
	c.sync()
	refused := false
	for _, m := range c.notes {
		if strings.Contains(string(m.Params), "OUTSIDE-MARKER") {
			t.Errorf("a message holds text read outside the workspace: %s", m.Params)
		}
		refused = refused || strings.Contains(string(m.Params), "knacks.json") && strings.Contains(string(m.Params), "outside")
	}
	if !refused {
		t.Error("no finding says the linked catalog leads outside")
	}
	hover := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": c.uri("ruleset.json")},
		"position": positionOf(t, root, "ruleset.json", `"feeds"`, 1, 2)})
	if strings.Contains(string(hover.Result), "OUTSIDE-MARKER") {
		t.Errorf("hover holds text read outside: %s", hover.Result)
	}
	// A workspace folder that is itself a link out of the folder given.
	for p := range c.s.ws.entries {
		if !strings.HasPrefix(p, root) {
			t.Errorf("a workspace outside the folder was read: %s", p)
		}
	}
}

// A message longer than the bound is skipped, and the session goes on; a
// panic while answering is an error response, and the session goes on.
func TestBoundsAndPanics(t *testing.T) {
	handlers["rulebench/test-panic"] = func(*Server, json.RawMessage) (any, error) { panic("a test panic \x1b[31m") }
	defer delete(handlers, "rulebench/test-panic")
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{MaxMessage: 1 << 10})
	c.initialize(testOptions)
	big := strings.Repeat("x", 4<<10)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": map[string]any{"pad": big}})
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body)
	m := c.call("rulebench/test-panic", nil)
	if m.Error == nil || m.Error.Code != codeInternalError || !strings.Contains(m.Error.Message, `test panic \x1b`) {
		t.Errorf("the panic's answer: %+v", m)
	}
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Errorf("shutdown after a panic: %+v", m.Error)
	}
	logged := false
	for _, n := range c.notes {
		logged = logged || n.Method == "window/logMessage" && strings.Contains(string(n.Params), "too large")
	}
	if !logged {
		t.Error("the message too large was not noted")
	}
}

// Positions past the end of a line or of the document, negative ones and
// requests about documents not open are answered, not failed on.
func TestPositionsOutOfRange(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	c.initialize(testOptions)
	uri := c.open("ruleset.json")
	for _, p := range []Position{{-1, -1}, {0, 1 << 30}, {1 << 30, 0}, {279, 1000}} {
		for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/prepareRename"} {
			if m := c.call(method, map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}); m.Error != nil {
				t.Errorf("%s at %+v: %+v", method, p, m.Error)
			}
		}
	}
	if m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": c.uri("nope.json")}, "position": Position{}}); m.Error == nil {
		t.Error("hover in a document not open was not refused")
	}
}

// Positions count UTF-16 code units by default and bytes when the client
// offers UTF-8; the model's columns count characters.
func TestPositionEncodings(t *testing.T) {
	text := "{\"a\": \"é😀\", \"b\": 1}\r\n"
	l := newLines(text)
	off := strings.Index(text, `"b"`)
	if p := l.position(off, encodingUTF16); p.Character != 13 {
		t.Errorf("UTF-16: %+v", p)
	}
	if p := l.position(off, encodingUTF8); p.Character != 16 {
		t.Errorf("UTF-8: %+v", p)
	}
	if got := l.charOffset(1, 13); got != off {
		t.Errorf("the model's column 13 is at %d, want %d", got, off)
	}
	for _, enc := range []string{encodingUTF8, encodingUTF16} {
		if back := l.offset(l.position(off, enc), enc); back != off {
			t.Errorf("%s: %d back as %d", enc, off, back)
		}
	}
	if p := newLines("a\rb\r\nc\nd").position(7, encodingUTF16); p.Line != 3 || p.Character != 0 {
		t.Errorf("line ends: %+v", p)
	}
}

// A client offering UTF-8 gets it, and positions in bytes.
func TestNegotiatesUTF8(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{})
	m := c.call("initialize", map[string]any{"rootUri": uriOf(root), "capabilities": map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}}}})
	var res InitializeResult
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Capabilities.PositionEncoding != "utf-8" {
		t.Errorf("initialize: %s", m.Result)
	}
}

// A panic while publishing after the debounce (off any request) is noted,
// and the session goes on.
func TestPanicWhilePublishing(t *testing.T) {
	root := copyExample(t, "lantern-road")
	c := newClient(t, root, Config{Debounce: 20 * time.Millisecond})
	c.s.afterPublish = func() { panic("a test panic after publishing") }
	c.initialize(map[string]any{})
	c.open("ruleset.json")
	time.Sleep(300 * time.Millisecond)
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Errorf("shutdown after the panic: %+v", m.Error)
	}
	noted := false
	for _, n := range c.notes {
		noted = noted || n.Method == "window/logMessage" && strings.Contains(string(n.Params), "publishing diagnostics panicked")
	}
	if !noted {
		t.Error("the panic was not noted")
	}
}
