package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fuzzSeparator splits a fuzz input into the bodies of its messages.
const fuzzSeparator = "\n--\n"

// fuzzSeeds are sessions an editor could send, over lantern-road
// ($ROOT): each message a JSON body, some with the framing broken.
var fuzzSeeds = []string{
	strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://$ROOT","capabilities":{"general":{"positionEncodings":["utf-8"]}}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json","languageId":"json","version":1,"text":"{\"id\": \"x\", \"sheet\": {\"skills\": [{\"id\": \"a\", \"label\": \"\\u001b[31mA\u202e\"}]}, \"x\": {\"skillMod\": \"a\"}}"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":0,"character":94}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":5},"end":{"line":0,"character":9}},"text":"\"é\u2028"}]}}`,
		`{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":0,"character":12}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"textDocument/rename","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":0,"character":50},"newName":"b"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	}, fuzzSeparator),
	strings.Join([]string{
		`{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"workspaceFolders":[{"uri":"file://$ROOT","name":"w"}],"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://$ROOT/manifest.json","languageId":"json","version":1,"text":"{\"files\": [{\"path\": \"../../etc/passwd\"}]}"}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file://$ROOT/manifest.json"}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file://$ROOT/manifest.json"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[]}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"textDocument/references","params":{"textDocument":{"uri":"file://$ROOT/manifest.json"},"position":{"line":-1,"character":99999},"context":{"includeDeclaration":true}}}`,
		`{"jsonrpc":"2.0","id":[],"method":"textDocument/definition"}`,
		`not json at all`,
	}, fuzzSeparator),
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":null}` + fuzzSeparator + `{"jsonrpc":"2.0","id":2,"method":"workspace/executeCommand","params":{"command":"rulebench.workbench","arguments":["file://$ROOT/ruleset.json"]}}`,
}

// fuzzPrelude, unless an input starts with "NOPRELUDE", comes before the
// input's messages: initialize and lantern-road's ruleset opened, so that
// the fuzzer's requests reach the features over a real text.
var fuzzPrelude = []string{
	`{"jsonrpc":"2.0","id":1000,"method":"initialize","params":{"rootUri":"file://$ROOT","capabilities":{}}}`,
	`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json","languageId":"json","version":1,"text":$TEXT}}}`,
}

// fuzzPreludeSeeds are requests over lantern-road's ruleset, opened by
// the prelude.
var fuzzPreludeSeeds = []string{
	strings.Join([]string{
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":279,"character":46}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":279,"character":44}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json","version":2},"contentChanges":[{"range":{"start":{"line":279,"character":44},"end":{"line":279,"character":50}},"text":"{\"\u0000"}]}}`,
		`{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":279,"character":46}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"range":{"start":{"line":0,"character":0},"end":{"line":2000,"character":0}},"context":{"diagnostics":[]}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"}}}`,
	}, fuzzSeparator),
	strings.Join([]string{
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/rename","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":66,"character":16},"newName":"way"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"textDocument/references","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":931,"character":32},"context":{"includeDeclaration":true}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$ROOT/ruleset.json"},"position":{"line":931,"character":32}}}`,
		`RAW Content-Length: 99999999999\r\n\r\n{}`,
	}, fuzzSeparator),
}

// FuzzSession sends the server a sequence of messages (the input split at
// fuzzSeparator, $ROOT the copy of lantern-road; a message starting "RAW "
// is sent as it is, unframed) and holds it to the protocol: it never
// panics or hangs, every message it writes is framed JSON-RPC, and none
// holds a raw control character.
func FuzzSession(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add("NOPRELUDE" + fuzzSeparator + s)
	}
	for _, s := range fuzzPreludeSeeds {
		f.Add(s)
	}
	root := copyExample(f, "lantern-road")
	text, err := os.ReadFile(filepath.Join(root, "ruleset.json"))
	if err != nil {
		f.Fatal(err)
	}
	quoted, _ := json.Marshal(string(text))
	f.Fuzz(func(t *testing.T, input string) {
		var in bytes.Buffer
		bodies := strings.Split(strings.ReplaceAll(input, "$ROOT", root), fuzzSeparator)
		if bodies[0] == "NOPRELUDE" {
			bodies = bodies[1:]
		} else {
			for _, p := range fuzzPrelude {
				p = strings.ReplaceAll(strings.ReplaceAll(p, "$ROOT", root), "$TEXT", string(quoted))
				in.WriteString("Content-Length: " + strconv.Itoa(len(p)) + "\r\n\r\n" + p)
			}
		}
		for i, body := range bodies {
			if i >= 40 {
				break
			}
			if strings.HasPrefix(body, "RAW ") {
				in.WriteString(body[4:]) // framing as the input gives it
				continue
			}
			in.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
		}
		var out bytes.Buffer
		s := New(&in, &out, Config{Debounce: -1})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		// A handler that never returns would hold Run past its context: a
		// watchdog fails the input with every goroutine's stack.
		watchdog := time.AfterFunc(30*time.Second, func() {
			debug.SetTraceback("all")
			panic("the session hangs on " + strconv.Quote(input))
		})
		err := s.Run(ctx)
		watchdog.Stop()
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatal("the session did not end with its input")
		}
		checkOutput(t, out.Bytes())
	})
}

// checkOutput holds what a server wrote to the protocol: framed JSON-RPC
// 2.0 messages with no raw control character.
func checkOutput(t *testing.T, out []byte) {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		body, err := readMessage(r, MaxMessageBytes)
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("the server wrote a message that is not framed: %v", err)
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
			t.Fatalf("the server wrote %q", body)
		}
		checkNoRawControls(t, body)
	}
}
