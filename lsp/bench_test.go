package lsp

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"rulebench/model/modeltest"
)

// benchServer is a server answering in-process, its output thrown away:
// what the benchmarks time is the server's own work.
type benchServer struct {
	tb  testing.TB
	s   *Server
	id  int
	enc string
}

func newBenchServer(tb testing.TB, root string) *benchServer {
	b := &benchServer{tb: tb, s: New(strings.NewReader(""), io.Discard, Config{Debounce: -1})}
	b.request("initialize", map[string]any{"rootUri": uriOf(root), "capabilities": map[string]any{}})
	return b
}

// request handles one message as Run would.
func (b *benchServer) request(method string, params any) {
	b.id++
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": b.id, "method": method, "params": params})
	if err != nil {
		b.tb.Fatal(err)
	}
	b.s.handle(body)
}

func (b *benchServer) notify(method string, params any) {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	b.s.handle(body)
}

// largeWorkspace writes the 256 KB ruleset into a new folder.
func largeWorkspace(tb testing.TB) (root, file string, text string) {
	root, err := filepath.EvalSymlinks(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	file = filepath.Join(root, "large.json")
	data := modeltest.Large()
	if err := os.WriteFile(file, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return root, file, string(data)
}

func change(uri string, version int, start, end Position, text string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": Range{Start: start, End: end}, "text": text}}}
}

// BenchmarkEditDiagnostics is a one-character edit of the 256 KB ruleset
// (typed, then taken back) up to its diagnostics written: the change
// applied, the workspace read from the overlay, analysed and the
// findings turned into the protocol's. Target: at most 30 ms.
func BenchmarkEditDiagnostics(b *testing.B) {
	root, file, text := largeWorkspace(b)
	bs := newBenchServer(b, root)
	uri := uriOf(file)
	bs.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": text}})
	at := newLines(text).position(strings.Index(text, `"label":"`)+9, encodingUTF16)
	next := Position{Line: at.Line, Character: at.Character + 1}
	version := 1
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		version++
		if version%2 == 0 {
			bs.notify("textDocument/didChange", change(uri, version, at, at, "x"))
		} else {
			bs.notify("textDocument/didChange", change(uri, version, at, next, ""))
		}
	}
	if len(bs.s.published) == 0 && len(bs.s.ws.entries) == 0 {
		b.Fatal("nothing was analysed")
	}
}

// BenchmarkHoverAfterEdit is hover on an ability id (an abilityMod) of the 256 KB ruleset
// after each one-character edit, once its diagnostics are published (the
// analysis is the one they were worked out from; the index of ids is made
// again). Target: at most 10 ms.
func BenchmarkHoverAfterEdit(b *testing.B) {
	benchAfterEdit(b, "textDocument/hover")
}

// BenchmarkCompletionAfterEdit is completion of an abilityMod's value in the
// 256 KB ruleset after each one-character edit, as BenchmarkHoverAfterEdit.
// Target: at most 10 ms.
func BenchmarkCompletionAfterEdit(b *testing.B) {
	benchAfterEdit(b, "textDocument/completion")
}

func benchAfterEdit(b *testing.B, method string) {
	root, file, text := largeWorkspace(b)
	bs := newBenchServer(b, root)
	uri := uriOf(file)
	bs.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": text}})
	l := newLines(text)
	ref := strings.Index(text, `"abilityMod":"`)
	if ref < 0 {
		b.Fatal("no abilityMod in the large ruleset")
	}
	pos := l.position(ref+len(`"abilityMod":"`)+1, encodingUTF16)
	at := l.position(strings.Index(text, `"label":"`)+9, encodingUTF16)
	next := Position{Line: at.Line, Character: at.Character + 1}
	version := 1
	b.ReportAllocs()
	var cpu time.Duration
	defer func() { b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op") }()
	for b.Loop() {
		b.StopTimer()
		version++
		if version%2 == 0 {
			bs.notify("textDocument/didChange", change(uri, version, at, at, "x"))
		} else {
			bs.notify("textDocument/didChange", change(uri, version, at, next, ""))
		}
		b.StartTimer()
		start := cpuTime()
		bs.request(method, map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos})
		cpu += cpuTime() - start
	}
}

// BenchmarkFiftyOpenDocuments opens 50 copies of the 256 KB ruleset, each
// its own workspace, and reports the live heap after the last one's
// diagnostics (MB-live): the documents' text, and at most maxWorkspaces
// analyses.
func BenchmarkFiftyOpenDocuments(b *testing.B) {
	root, _, text := largeWorkspace(b)
	for b.Loop() {
		bs := newBenchServer(b, root)
		openFifty(b, bs, root, text)
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "MB-live")
		runtime.KeepAlive(bs)
	}
}

func openFifty(tb testing.TB, bs *benchServer, root, text string) {
	for i := range 50 {
		dir := filepath.Join(root, fmt.Sprintf("w%02d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.Fatal(err)
		}
		file := filepath.Join(dir, "ruleset.json")
		bs.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uriOf(file), "languageId": "json", "version": 1, "text": text}})
	}
}

// With 50 documents open, each its own workspace, the server keeps at
// most maxWorkspaces analyses, and still answers hover on the first.
func TestFiftyOpenDocumentsKeepFewAnalyses(t *testing.T) {
	root, _, text := largeWorkspace(t)
	bs := newBenchServer(t, root)
	openFifty(t, bs, root, text)
	if n := len(bs.s.ws.entries); n > maxWorkspaces {
		t.Errorf("%d analyses kept, at most %d wanted", n, maxWorkspaces)
	}
	if len(bs.s.docs) != 50 {
		t.Errorf("%d documents open", len(bs.s.docs))
	}
}

// cpuTime is the CPU time the process has used (user and system): on a
// shared, busy machine it says what the server's work costs better than
// the wall clock, which counts the time other processes held the cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time a loop iteration took since start, in ms.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}
