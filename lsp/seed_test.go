package lsp

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
)

// The first fuzz seed is a whole session: every request is answered, the
// hover says what the skill is with its label's escape made visible, and
// diagnostics are published.
func TestFuzzSeedSession(t *testing.T) {
	root := copyExample(t, "lantern-road")
	var in bytes.Buffer
	for _, body := range strings.Split(strings.ReplaceAll(fuzzSeeds[0], "$ROOT", root), fuzzSeparator) {
		in.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
	}
	var out bytes.Buffer
	if err := New(&in, &out, Config{Debounce: -1}).Run(context.Background()); err != nil {
		t.Fatalf("the session ended with %v", err)
	}
	got := out.String()
	for _, want := range []string{`"id":1,"result"`, `"id":2,"result"`, `"id":3,"result"`, `"id":4,`, `"id":5,"result":null`,
		`textDocument/publishDiagnostics`, `\\\\x1b\\[31mA\\\\u202e`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in %s", want, got)
		}
	}
	checkOutput(t, out.Bytes())
}
