package model_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// padded is a save of the given size: a small sheet followed by spaces.
func padded(size int) []byte {
	save := []byte(`{"v": 1, "build": {"fields": {"oil": 3}}}`)
	return append(save, bytes.Repeat([]byte(" "), size-len(save))...)
}

// A package's files are read up to 64 MiB in all: the save that would take
// the total past it is refused unread, with a finding naming it, and the
// saves before it are read.
func TestLoadCapsWhatOneWorkspaceReads(t *testing.T) {
	const size = 15 << 20
	fsys := packageFS(t, func(fsys fstest.MapFS, _, _ string) {
		for i := range 5 {
			fsys[fmt.Sprintf("pkg/saves/big%d.json", i)] = &fstest.MapFile{Data: padded(size)}
		}
	})
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	for _, d := range ws.Diagnostics {
		if d.Code == model.CodeWorkspaceTooLarge {
			refused = append(refused, d.File)
			if !strings.Contains(d.Message, "64 MiB") || d.Line != 1 {
				t.Errorf("finding %s", d)
			}
		} else {
			t.Errorf("another finding: %s", d)
		}
	}
	// The small files and four saves of 15 MiB make 60 MiB and more; the
	// fifth would pass 64 MiB.
	if len(refused) != 1 || refused[0] != "pkg/saves/big4.json" {
		t.Errorf("refused %v, want pkg/saves/big4.json alone", refused)
	}
	if len(ws.Saves) != 5 {
		t.Errorf("%d saves read, want the small one and four large", len(ws.Saves))
	}
}

// numbers is a JSON array of n zeros.
func numbers(n int) []byte {
	return append(append([]byte("["), bytes.Repeat([]byte("0,"), n-1)...), "0]"...)
}

// Loading a file costs a bounded number of bytes per JSON value, whatever
// the file's shape: an array of a quarter of a million numbers (two bytes of
// text each, the densest JSON there is) takes at most 56 bytes a value,
// the bytes read included. (It took about 190 with a tree of Go values.)
func TestLoadBytesPerValue(t *testing.T) {
	const n = 1 << 18
	fsys := fstest.MapFS{"numbers.json": {Data: numbers(n)}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ws, err := model.Load(fsys, "numbers.json")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	root := ws.Sources["numbers.json"]
	if root == nil || len(root.Children()) != n {
		t.Fatalf("the array was not read whole")
	}
	perValue := float64(after.TotalAlloc-before.TotalAlloc) / float64(n+1)
	t.Logf("%.1f bytes a value", perValue)
	if perValue > 56 {
		t.Errorf("loading took %.1f bytes a value; at most 56 are allowed", perValue)
	}
	runtime.KeepAlive(ws)
}

// Reading a file lists at most MaxFileFindings findings; one more counts
// the rest, with the severity of the worst of them, so that a file of a
// million unknown keys does not make a million findings.
func TestDecodeListsAtMostMaxFileFindings(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	const keys = 1500
	for i := range keys {
		fmt.Fprintf(&b, "%q: 0,", fmt.Sprintf("k%d", i))
	}
	b.WriteString(`"last": 0}`)
	_, ds := model.DecodeRuleset("keys.json", parseText(t, b.String()))
	if len(ds) != model.MaxFileFindings+1 {
		t.Fatalf("%d findings, want %d", len(ds), model.MaxFileFindings+1)
	}
	last := ds[len(ds)-1]
	// Every key is unknown and some keys are required: the rest of 1,501
	// and more are counted.
	if last.Code != model.CodeTooManyFindings || last.Severity != model.Error || last.Line != 1 ||
		!strings.Contains(last.Message, "more findings in this file are not listed") {
		t.Errorf("last finding %s", last)
	}
	var n int
	if _, err := fmt.Sscanf(last.Message, "%d more", &n); err != nil || n < keys+1-model.MaxFileFindings {
		t.Errorf("counted %d left out (%v), want at least %d", n, err, keys+1-model.MaxFileFindings)
	}
	for _, d := range ds[:len(ds)-1] {
		if d.Code == model.CodeTooManyFindings {
			t.Errorf("a count among the findings: %s", d)
		}
	}
}

func parseText(t *testing.T, text string) *model.Node {
	t.Helper()
	root, ds := model.Parse("keys.json", []byte(text))
	if root == nil {
		t.Fatal(ds)
	}
	return root
}

// LeftOut counts the findings past the room one at a time (Room) or many
// at once (Add), with the severity of the worst, in one finding.
func TestLeftOutCounts(t *testing.T) {
	var l model.LeftOut
	if !l.Room(model.MaxFileFindings-1, model.Error) || l.Room(model.MaxFileFindings, model.Info) {
		t.Fatal("room")
	}
	l.Add(0, model.Error)
	l.Add(3, model.Warning)
	ds := l.Close("f.json", nil)
	if len(ds) != 1 || ds[0].Code != model.CodeTooManyFindings || ds[0].Severity != model.Warning || !strings.HasPrefix(ds[0].Message, "4 more") {
		t.Errorf("%+v", ds)
	}
	var none model.LeftOut
	none.Add(0, model.Error)
	if ds := none.Close("f.json", nil); len(ds) != 0 {
		t.Errorf("nothing left out: %+v", ds)
	}
}
