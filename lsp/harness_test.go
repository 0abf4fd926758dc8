package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

// client drives a server in-process over pipes, as an editor would: it
// writes framed requests and reads framed answers and notifications.
type client struct {
	t      testing.TB
	s      *Server
	in     *io.PipeWriter
	out    *bufio.Reader
	nextID int
	// notes are the notifications read so far and not yet taken.
	notes []message
	done  chan error
	// incoming are the messages the server wrote, read as they come, as
	// an editor reads them.
	incoming chan incomingMessage
	root     string
	// transcript is what the golden files hold.
	transcript bytes.Buffer
}

// newClient starts a server on pipes, with the workspace folder root.
func newClient(t testing.TB, root string, cfg Config) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	if cfg.Debounce == 0 {
		cfg.Debounce = -1
	}
	c := &client{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1), root: root, incoming: make(chan incomingMessage, 1<<16)}
	c.s = New(inR, outW, cfg)
	go func() {
		for {
			body, err := readMessage(c.out, MaxMessageBytes)
			if err != nil {
				close(c.incoming)
				return
			}
			c.incoming <- incomingMessage{body: body}
		}
	}()
	go func() {
		err := c.s.Run(context.Background())
		outW.Close()
		c.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			t.Error("the server did not stop")
		}
	})
	return c
}

func (c *client) send(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

// incomingMessage is one message the server wrote, as read.
type incomingMessage struct{ body []byte }

// read takes the next message from the server.
func (c *client) read() message {
	c.t.Helper()
	select {
	case in, ok := <-c.incoming:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		checkNoRawControls(c.t, in.body)
		var m message
		if err := json.Unmarshal(in.body, &m); err != nil {
			c.t.Fatalf("the server wrote %q: %v", in.body, err)
		}
		return m
	case <-time.After(20 * time.Second):
		c.t.Fatal("no message from the server")
	}
	return message{}
}

// call sends a request and returns its response, keeping the
// notifications read on the way.
func (c *client) call(method string, params any) message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for {
		m := c.read()
		if m.Method != "" {
			c.notes = append(c.notes, m)
			continue
		}
		if string(m.ID) != fmt.Sprint(id) {
			c.t.Fatalf("response to %s for id %s", method, m.ID)
		}
		return m
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// sync makes sure the server has handled everything sent so far.
func (c *client) sync() { c.call("rulebench/sync", nil) }

// diagnostics returns the last diagnostics published for uri among the
// notifications read (after a sync), and whether any was.
func (c *client) diagnostics(uri string) ([]Diagnostic, bool) {
	c.t.Helper()
	c.sync()
	var last []Diagnostic
	found := false
	for _, m := range c.notes {
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			last, found = p.Diagnostics, true
		}
	}
	return last, found
}

func (c *client) initialize(opts map[string]any) message {
	c.t.Helper()
	params := map[string]any{"processId": nil, "rootUri": uriOf(c.root), "capabilities": map[string]any{},
		"initializationOptions": opts}
	m := c.call("initialize", params)
	c.notify("initialized", map[string]any{})
	return m
}

func (c *client) uri(name string) string { return uriOf(filepath.ToSlash(filepath.Join(c.root, name))) }

func (c *client) open(name string) string {
	c.t.Helper()
	data, err := os.ReadFile(filepath.Join(c.root, name))
	if err != nil {
		c.t.Fatal(err)
	}
	uri := c.uri(name)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": string(data)}})
	return uri
}

// record adds an exchange to the transcript, with the workspace folder
// written as $ROOT.
func (c *client) record(what string, v any) {
	c.t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		c.t.Fatal(err)
	}
	text := strings.ReplaceAll(string(b), uriOf(c.root), "file://$ROOT")
	text = strings.ReplaceAll(text, c.root, "$ROOT")
	fmt.Fprintf(&c.transcript, "== %s\n%s\n", what, text)
}

// exchange sends a request, records it and its answer, and returns the
// answer's result.
func (c *client) exchange(method string, params any) json.RawMessage {
	c.t.Helper()
	c.record("--> "+method, params)
	m := c.call(method, params)
	if m.Error != nil {
		c.record("<-- error", m.Error)
		return nil
	}
	var v any
	_ = json.Unmarshal(m.Result, &v)
	c.record("<-- result", v)
	return m.Result
}

// golden compares the transcript with testdata/name.golden.
func (c *client) golden(name string) {
	c.t.Helper()
	file := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(file, c.transcript.Bytes(), 0o644); err != nil {
			c.t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		c.t.Fatalf("%v (run go test ./lsp -update to write it)", err)
	}
	if got := c.transcript.String(); got != string(want) {
		c.t.Errorf("the transcript differs from %s (go test ./lsp -update rewrites it):\n%s", file, firstDiff(string(want), got))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, w, g)
		}
	}
	return ""
}

// checkNoRawControls fails on a raw control character in a message.
func checkNoRawControls(t testing.TB, body []byte) {
	t.Helper()
	for _, r := range string(body) {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x2028 || r == 0x2029 {
			t.Errorf("a raw control character %U in %.200q", r, body)
			return
		}
	}
}

// copyExample copies a bundled example into a new folder and returns it.
func copyExample(t testing.TB, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	src := filepath.Join("..", "examples", name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(dst)
	if err != nil {
		t.Fatal(err)
	}
	return real
}
