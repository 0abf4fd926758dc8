package tui

import (
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

// TestLongNameAndHugeVersion opens a package whose ruleset name is 1 MB
// long and whose save has "v": 1e300: the window title and the header
// show a prefix of the name and "…", and the save reads as out of range,
// in the overview and the Migrations list.
func TestLongNameAndHugeVersion(t *testing.T) {
	fsys := ferryFS()
	name := strings.Repeat("Ferry ", 1<<20/6)
	fsys["ferry/ruleset.json"] = &fstest.MapFile{Data: []byte(strings.Replace(ferryRuleset, `"name": "Ferry Crossing"`, `"name": "`+name+`"`, 1))}
	fsys["ferry/saves/old.json"] = &fstest.MapFile{Data: []byte(`{ "v": 1e300, "build": { "fields": { "toll": 3 } } }`)}
	cfg := ferryConfig(t)
	cfg.Workspace = loadFerry(t, fsys)
	cfg.FS = fsys
	a := newTestApp(t, cfg, 100, 50) // tall enough for the whole overview
	title := a.View().WindowTitle
	if n := utf8.RuneCountInString(title); n > len("rulebench: ")+maxTitleName+1 || !strings.HasSuffix(title, "…") {
		t.Errorf("the window title is %d characters: %.120q", n, title)
	}
	s := screen(a)
	header := strings.SplitN(s, "\n", 2)[0]
	if !strings.Contains(header, "Ferry Ferry") || !strings.Contains(header, "…") {
		t.Errorf("the header: %q", header)
	}
	if !strings.Contains(s, "v out of range") || strings.Contains(s, "9223372036854775808") {
		t.Errorf("the overview does not say the save's v is out of range:\n%s", s)
	}
	a = keysTo(t, a, "5")
	if s := screen(a); !strings.Contains(s, "v out of range") || strings.Contains(s, "9223372036854775808") {
		t.Errorf("the Migrations list does not say the save's v is out of range:\n%s", s)
	}
}
