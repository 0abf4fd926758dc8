package model_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
)

func fileEdit(file string, start, end int, new string) model.FileEdit {
	return model.FileEdit{File: file, Start: start, End: end, New: new}
}

// ApplyFixes takes each fix whose edits overlap none taken before it, and
// changes only the files the fixes name.
func TestApplyFixes(t *testing.T) {
	files := map[string][]byte{"a": []byte("0123456789"), "b": []byte("abc"), "c": []byte("untouched")}
	one := &model.Fix{Description: "one", Edits: []model.FileEdit{fileEdit("a", 2, 4, "XY"), fileEdit("b", 0, 1, "A")}}
	clash := &model.Fix{Description: "overlaps one", Edits: []model.FileEdit{fileEdit("a", 3, 5, "??")}}
	two := &model.Fix{Description: "two", Edits: []model.FileEdit{fileEdit("a", 8, 10, "!")}}
	insert := &model.Fix{Description: "insert at the end of two", Edits: []model.FileEdit{fileEdit("a", 10, 10, "+")}}
	out, taken, err := model.ApplyFixes(files, []*model.Fix{one, clash, nil, two, insert})
	if err != nil {
		t.Fatal(err)
	}
	if len(taken) != 2 || taken[0] != one || taken[1] != two {
		t.Errorf("taken %v", taken)
	}
	if string(out["a"]) != "01XY4567!" || string(out["b"]) != "Abc" || len(out) != 2 {
		t.Errorf("out %q", out)
	}
	if string(files["a"]) != "0123456789" {
		t.Errorf("the bytes given changed: %q", files["a"])
	}
	if got := one.Files(); strings.Join(got, ",") != "a,b" {
		t.Errorf("Files %v", got)
	}
	// A fix whose own edits overlap is never taken.
	self := &model.Fix{Edits: []model.FileEdit{fileEdit("a", 1, 3, "x"), fileEdit("a", 2, 4, "y")}}
	if _, taken, _ := model.ApplyFixes(files, []*model.Fix{self}); len(taken) != 0 {
		t.Errorf("a fix overlapping itself was taken")
	}
}

func TestApplyFixesErrors(t *testing.T) {
	files := map[string][]byte{"a": []byte("short")}
	if _, _, err := model.ApplyFixes(files, []*model.Fix{{Edits: []model.FileEdit{fileEdit("a", 3, 99, "x")}}}); !errors.Is(err, model.ErrStale) {
		t.Errorf("an edit past the end: %v", err)
	}
	if _, _, err := model.ApplyFixes(files, []*model.Fix{{Edits: []model.FileEdit{fileEdit("other", 0, 0, "x")}}}); err == nil {
		t.Error("an edit of a file not given: no error")
	}
}

// NewFix replaces exactly the bytes of one value.
func TestNewFix(t *testing.T) {
	data := []byte(`{"a": {"sha256": "old", "bytes": 12}}`)
	root, _ := model.Parse("f.json", data)
	n, _ := root.Find("a.bytes")
	fix, err := model.NewFix("set bytes", "f.json", data, n, 1234)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := model.ApplyFixes(map[string][]byte{"f.json": data}, []*model.Fix{fix})
	if err != nil || string(out["f.json"]) != `{"a": {"sha256": "old", "bytes": 1234}}` {
		t.Errorf("%q %v", out["f.json"], err)
	}
}

// "fixable" is worked out from Fix: there is no flag to set apart from it.
func TestDiagnosticJSONFixable(t *testing.T) {
	d := model.Diagnostic{Code: "x", File: "f", Message: "m"}
	b, _ := json.Marshal(d)
	if strings.Contains(string(b), "fix") {
		t.Errorf("a finding without a fix: %s", b)
	}
	d.Fix = &model.Fix{Description: "mend it", Edits: []model.FileEdit{fileEdit("f", 1, 2, `"y"`)}}
	b, _ = json.Marshal(d)
	want := `"message":"m","fixable":true,"fix":{"description":"mend it","edits":[{"file":"f","start":1,"end":2,"new":"\"y\""}]}}`
	if !strings.HasSuffix(string(b), want) || !d.Fixable() {
		t.Errorf("got %s\nwant …%s", b, want)
	}
	var back model.Diagnostic
	if err := json.Unmarshal(b, &back); err != nil || !back.Fixable() || back.Fix.Edits[0] != d.Fix.Edits[0] || back.Message != "m" {
		t.Errorf("read back: %+v %v", back, err)
	}
}

// A workspace read through an Overlay sees the overlay's bytes, and is
// confined as one read from OSFS: a link leading outside is still refused.
func TestOverlayLoad(t *testing.T) {
	root := diskPackage(t)
	pkg := filepath.Join(root, "pkg")
	outside := filepath.Join(t.TempDir(), "de.json")
	fr := filepath.Join(pkg, "locales", "fr.json")
	data, err := os.ReadFile(fr)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(outside, data, 0o644)
	symlink(t, outside, filepath.Join(pkg, "locales", "de.json"))
	changed := append([]byte(nil), data...)
	changed = append(changed, '\n')
	ws, err := model.Load(model.Overlay{Base: model.OSFS{}, Files: map[string][]byte{fr: changed}}, pkg)
	if err != nil {
		t.Fatal(err)
	}
	if f := ws.Files[fr]; f == nil || string(f.Data) != string(changed) || f.Bytes != int64(len(changed)) {
		t.Errorf("the overlay's bytes were not read: %+v", f)
	}
	var got []string
	for _, d := range ws.Diagnostics {
		got = append(got, string(d.Code)+" "+filepath.Base(d.File))
	}
	if s := strings.Join(got, ","); !strings.Contains(s, "link-outside-package de.json") || !strings.Contains(s, "manifest-bytes manifest.json") {
		t.Errorf("findings %q: want the link refused and the listing of the changed file wrong", s)
	}
	if on, _ := os.ReadFile(fr); string(on) != string(data) {
		t.Error("the file on disk changed")
	}
}
