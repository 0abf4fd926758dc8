package model

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// A text holding more values than the parser may keep gives no tree and one
// too-many-values finding; one holding exactly that many is read whole.
func TestParseRefusesTooManyValues(t *testing.T) {
	text := "[" + strings.Repeat("1,", 99) + "1]" // 101 values
	if root, ds := parse("x.json", text, 101); root == nil || len(ds) != 0 || values(root) != 101 {
		t.Fatalf("at the limit: %v, %v", root, ds)
	}
	root, ds := parse("x.json", text, 100)
	if root != nil || len(ds) != 1 || ds[0].Code != CodeTooManyValues || ds[0].Severity != Error {
		t.Fatalf("past the limit: %v, %v", root, ds)
	}
	if !strings.Contains(ds[0].Message, "the 100 left") || ds[0].Line != 1 || ds[0].Column != 200 {
		t.Errorf("finding %s", ds[0])
	}
	if root, ds := parse("x.json", text, MaxValues); root == nil || len(ds) != 0 {
		t.Errorf("under MaxValues: %v", ds)
	}
}

// The values of every file a workspace reads count toward MaxValues: with
// the budget nearly spent, the next file is refused, and the files read
// before it stay.
func TestWorkspaceValuesAddUp(t *testing.T) {
	ws := &Workspace{Sources: map[string]*Node{}, Files: map[string]*File{}}
	ws.values = MaxValues - 3
	fsys := fstest.MapFS{"a.json": {Data: []byte(`[1, 2]`)}, "b.json": {Data: []byte(`[1, 2]`)}}
	if f, ok := ws.parseFile(fsys, "a.json", Reading); !ok || f.Root == nil || ws.values != MaxValues {
		t.Fatalf("a.json: %v, values %d", ok, ws.values)
	}
	if f, ok := ws.parseFile(fsys, "b.json", Reading); !ok || f.Root != nil {
		t.Fatalf("b.json was kept: %v", ok)
	}
	if len(ws.Diagnostics) != 1 || ws.Diagnostics[0].Code != CodeTooManyValues || ws.Diagnostics[0].File != "b.json" {
		t.Errorf("findings %v", ws.Diagnostics)
	}
}

// In an object of many members, where a table finds repeated names, every
// repeat is found (escaped names too), the earlier members say Overridden
// and Get gives the last.
func TestParseFindsRepeatsAmongManyMembers(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 200 {
		switch i {
		case 50:
			b.WriteString(`"k5": "second",`)
		case 120:
			b.WriteString(`"k\u0035": "third",`)
		case 199:
			b.WriteString(`"k7": "last"`)
		default:
			fmt.Fprintf(&b, `"k%d": %d,`, i, i)
		}
	}
	b.WriteString("}")
	root, ds := parse("x.json", b.String(), MaxValues)
	if root == nil {
		t.Fatal(ds)
	}
	if len(ds) != 3 {
		t.Fatalf("%d findings, want 3: %v", len(ds), ds)
	}
	for _, d := range ds {
		if d.Code != CodeJSONDuplicateKey {
			t.Errorf("finding %s", d)
		}
	}
	kids := root.Children()
	for i, want := range map[int]bool{5: true, 50: true, 120: false, 7: true, 199: false, 6: false} {
		if kids[i].Overridden() != want {
			t.Errorf("member %d (%s) overridden %v", i, kids[i].Key(), !want)
		}
	}
	if got := root.Get("k5").Str(); got != "third" {
		t.Errorf("k5 is %q", got)
	}
	if got := root.Get("k7").Str(); got != "last" {
		t.Errorf("k7 is %q", got)
	}
}

// A save is measured as the Engine stores it only when six bytes for each
// of its own could pass MaxSheetBytes: no text of the characters and
// numbers that grow most when written again grows more.
func TestSheetSizeGrowsAtMostSixfold(t *testing.T) {
	for _, part := range []string{`"<>&"`, `"\u0001"`, "\"\xff\"", `"` + "\u2028" + `"`, `1e20`, `9e20`, `1e5`, `-0`, `1E+2`, `0.1000`, `true`, `null`, `[]`, `{}`} {
		src := `{"v":1,"build":{"fields":{"a":[` + strings.Repeat(part+",", 200) + part + `]}}}`
		s, _ := decodeSave("s.json", src, MaxValues)
		if s.Root == nil {
			t.Fatalf("%s: not read", part)
		}
		if size := sheetSize(s.V, s.Build()); size > maxExpansion*len(src) {
			t.Errorf("%s: %d bytes written for %d read", part, size, len(src))
		}
	}
}
