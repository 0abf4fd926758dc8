package model

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShortText(t *testing.T) {
	long := strings.Repeat("K", 10<<20)
	digits := "1" + strings.Repeat("7", 1_000_000)
	tests := []struct{ name, in, want string }{
		{"short text is kept", `unknown key "abc" here`, `unknown key "abc" here`},
		{"a long quoted key", `unknown key "` + long + `" here`, `unknown key "` + strings.Repeat("K", MaxQuoted) + `…" here`},
		{"a long number", "found " + digits + ", expected 1", "found 1" + strings.Repeat("7", MaxQuoted-1) + "… expected 1"},
		{"a long quoted text with spaces", `"` + strings.Repeat("ab ", 100) + `" is stale`, `"` + strings.Repeat("ab ", 26) + `ab…" is stale`},
		{"escapes in quotes are whole characters", `"` + strings.Repeat(`\x1b`, 100) + `"`, `"` + strings.Repeat(`\x1b`, MaxQuoted) + `…"`},
		{"an unclosed quote is text", `a "` + strings.Repeat("z", 200), `a "` + strings.Repeat("z", MaxQuoted-1) + "…"},
		{"a long list of short words is kept", strings.Repeat("id, ", 200), strings.Repeat("id, ", 200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ShortText(tt.in)
			if got != tt.want {
				if len(got) > 300 {
					got = got[:300]
				}
				t.Errorf("ShortText = %q\nwant          %q", got, tt.want)
			}
		})
	}
	if got := ShortText(strings.Repeat("word ", 1000)); utf8.RuneCountInString(got) != MaxMessage+1 || !strings.HasSuffix(got, "…") {
		t.Errorf("a long message is %d characters", utf8.RuneCountInString(got))
	}
}

// TestFindingsQuoteAShortPrefix reads a ruleset with a 10 MB unknown key,
// a million-digit number and a 1 MB key on the way to a finding: every
// finding's message and path stay short.
func TestFindingsQuoteAShortPrefix(t *testing.T) {
	key := strings.Repeat("K", 10<<20)
	src := `{"` + key + `": 1, "schemaVersion": 1` + strings.Repeat("7", 1_000_000) + `, "sheet": {"fields": [{"id": "a", "` + strings.Repeat("Q", 1<<20) + `": {"x": 1}}]}}`
	root, diags := Parse("big.json", []byte(src))
	if root == nil {
		t.Fatalf("not parsed: %v", diags)
	}
	d := &decoder{file: "big.json"}
	o := d.object(root, "schemaVersion", "sheet")
	o.integer("schemaVersion", true, 1, 1)
	if sheet := o.need("sheet", true); sheet != nil {
		if f := sheet.Get("fields"); f != nil && len(f.Children()) > 0 {
			field := f.Children()[0]
			d.object(field, "id")
			for _, c := range field.Children() {
				if c.Key() != "id" {
					r := NewReporter("big.json", root, Format)
					r.Errorf(c.Get("x"), CodeRange, "the value under %q", c.Key())
					d.diags = append(d.diags, r.Diagnostics()...)
					e := Errorf("big.json", c.Get("x").Path(), CodeRange, "found %s", c.Get("x").Raw())
					Locate(&e, root)
					d.diags = append(d.diags, e)
				}
			}
		}
	}
	if len(d.diags) < 4 {
		t.Fatalf("%d findings, want 4 or more: %v", len(d.diags), d.diags)
	}
	for _, f := range d.diags {
		if n := len(f.String()); n > 400 {
			t.Errorf("a finding of %d bytes: %.200s", n, f.String())
		}
		if !strings.Contains(f.Message+f.Path, "…") {
			t.Errorf("a finding does not say it was cut: %.200s", f.String())
		}
	}
	if d.diags[0].Line != 1 || d.diags[0].Column != 2 {
		t.Errorf("the unknown key is placed at %d:%d", d.diags[0].Line, d.diags[0].Column)
	}
}

// TestCROnlyLineBreaks places values in a file whose lines end in a lone
// \r, in \r\n (one of them split across a line-index mark) and in \n
// alike: each value is on the same line and column.
func TestCROnlyLineBreaks(t *testing.T) {
	var lines []string
	lines = append(lines, "{")
	for i := range 400 {
		lines = append(lines, `  "k`+strings.Repeat("x", i%7)+`_`+string(rune('a'+i%26))+strings.Repeat("y", i)+`": `+strings.Repeat(" ", i%3)+`1,`)
	}
	lines = append(lines, `  "last": "é"`, "}")
	lf := strings.Join(lines, "\n")
	positions := func(src string) []Pos {
		root, diags := Parse("f.json", []byte(src))
		if root == nil {
			t.Fatalf("not parsed: %v", diags)
		}
		var out []Pos
		for _, c := range root.Children() {
			out = append(out, c.KeyPos(), c.Pos())
		}
		return out
	}
	want := positions(lf)
	if last := want[len(want)-1]; last.Line != 402 || last.Column != 11 {
		t.Fatalf("with \\n the last value is at %d:%d, want 402:11", last.Line, last.Column)
	}
	// Every \r\n place tried against the marks: a split \r\n must not
	// count twice.
	for _, breaks := range []string{"\r", "\r\n"} {
		src := strings.Join(lines, breaks)
		got := positions(src)
		for i := range want {
			if got[i].Line != want[i].Line || got[i].Column != want[i].Column {
				t.Fatalf("with %q: value %d at %d:%d, want %d:%d", breaks, i/2, got[i].Line, got[i].Column, want[i].Line, want[i].Column)
			}
		}
		split := false
		for off := markEvery; off < len(src); off += markEvery {
			if breaks == "\r\n" && src[off-1] == '\r' && src[off] == '\n' {
				split = true
			}
		}
		if breaks == "\r\n" && !split {
			t.Error("no \\r\\n falls across a mark in this text any more: change the text")
		}
	}
}
