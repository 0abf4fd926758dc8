package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"rulebench/analysis/diff"
	"rulebench/analysis/diff/difftest"
	"rulebench/migrate/migratetest"
)

// lanternNext is lantern-road's next version, with the four changes of
// difftest, kept in testdata for the golden cases.
const lanternNext = "testdata/cli/lantern-road-next"

// The copy in testdata is what difftest derives from the example now;
// -update writes it again.
func TestLanternNextIsUpToDate(t *testing.T) {
	fresh := filepath.Join(t.TempDir(), "next")
	if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", fresh); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.RemoveAll(lanternNext); err != nil {
			t.Fatal(err)
		}
		if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", lanternNext); err != nil {
			t.Fatal(err)
		}
		return
	}
	err := filepath.WalkDir(fresh, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(fresh, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(lanternNext, rel))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from what difftest derives (go test ./cli -run TestLanternNextIsUpToDate -update)", filepath.Join(lanternNext, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// parseMarkdown parses Markdown as GitHub does (tables, strikethrough,
// autolinks).
func parseMarkdown(src []byte) ast.Node {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	return md.Parser().Parse(text.NewReader(src))
}

// renderMarkdown renders Markdown to HTML as GitHub does.
func renderMarkdown(t *testing.T, src []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(src, &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// htmlTags are the tags of rendered HTML.
var htmlTags = regexp.MustCompile(`<[^>]*>`)

// nodeText is the text a node renders to, tags left out and entities
// decoded: the node's lines rendered alone.
func nodeText(t *testing.T, n ast.Node, src []byte) string {
	t.Helper()
	var part []byte
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			part = append(part, seg.Value(src)...)
		}
	} else {
		part = src
	}
	return html.UnescapeString(htmlTags.ReplaceAllString(renderMarkdown(t, part), ""))
}

// Issue 28, item 2: --format markdown renders: a level-2 heading, a
// level-3 heading and a table for the base and for each layer that
// changes more, a list of the display strings, a coverage table, and the
// cells hold the changes' texts with the escapes undone.
func TestDiffMarkdownParses(t *testing.T) {
	code, out, errOut := runCLI("diff", "--format", "markdown", examplesDir+"/lantern-road", lanternNext)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	src := []byte(out)
	doc := parseMarkdown(src)
	var h2, h3 []string
	var tables, lists int
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level == 2 {
				h2 = append(h2, strings.TrimSpace(nodeText(t, n, src)))
			} else if n.Level == 3 {
				h3 = append(h3, strings.TrimSpace(nodeText(t, n, src)))
			}
		case *east.Table:
			tables++
		case *ast.List:
			lists++
		}
		return ast.WalkContinue, nil
	})
	if len(h2) != 1 || h2[0] != "Lantern Road: 1.6.0 → 1.7.0" {
		t.Errorf("level-2 headings: %q", h2)
	}
	wantH3 := []string{"With no layer on", "Under the layer long_dark (The long dark)",
		"Under the layer fog_bound (Fog-bound road), new in this version", "Display strings", "Stored ids"}
	if strings.Join(h3, "\n") != strings.Join(wantH3, "\n") {
		t.Errorf("level-3 headings:\n%s", strings.Join(h3, "\n"))
	}
	if tables != 4 || lists != 1 {
		t.Errorf("%d tables and %d lists, want 4 (base, two layers, coverage) and 1", tables, lists)
	}
	rendered := renderMarkdown(t, src)
	for _, want := range []string{"wares/tin-lantern, own price", "6 groats", "7 groats", "lantern_kind, value brass", "seller peddler", "fr", "pt-BR"} {
		if !strings.Contains(rendered, "<td>"+want+"</td>") {
			t.Errorf("no table cell reads %q", want)
		}
	}
	if !strings.Contains(html.UnescapeString(rendered), "changed “Lantern carried” → “Lamp carried”") {
		t.Errorf("the renamed label is not listed")
	}
}

// Text from the files cannot make Markdown: emphasis, links, HTML, code,
// table cells, mentions and escape sequences in labels come out as the
// literal text, in the Markdown and in the changelog entry.
func TestDiffMarkdownEscapesFileText(t *testing.T) {
	dir := t.TempDir()
	oldPath, newPath := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", newPath); err != nil {
		t.Fatal(err)
	}
	if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", oldPath); err != nil {
		t.Fatal(err)
	}
	hostile := "**b** [l](https://e.x) <b>x</b> `c` a|b @u #12 1. \x1b[31mr" // short enough to be shown whole
	rs := filepath.Join(newPath, "ruleset.json")
	data, err := os.ReadFile(rs)
	if err != nil {
		t.Fatal(err)
	}
	label, _ := json.Marshal(hostile)
	data = bytes.Replace(data, []byte(`"label": "`+difftest.NewLayerLabel+`"`), []byte(`"label": `+string(label)), 1)
	if err := os.WriteFile(rs, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// text and JSON: the escape character is shown, never sent
	for _, args := range [][]string{{"diff", oldPath, newPath}, {"diff", "--json", oldPath, newPath}} {
		code, out, _ := runCLI(args...)
		if code != exitOK || strings.ContainsRune(out, 0x1b) || !strings.Contains(out, `\x1b[31mr`) && !strings.Contains(out, `\\x1b[31mr`) {
			t.Errorf("%v: exit %d, the label not shown escaped:\n%s", args, code, out)
		}
	}
	for _, args := range [][]string{
		{"diff", "--format", "markdown", oldPath, newPath},
		{"changelog", "--date", "2026-12-08", oldPath, newPath},
	} {
		code, out, errOut := runCLI(args...)
		if code != exitOK {
			t.Fatalf("%s: exit %d, %s", args[0], code, errOut)
		}
		if strings.ContainsRune(out, 0x1b) {
			t.Errorf("%s: an escape character reaches the output", args[0])
		}
		src := []byte(out)
		doc := parseMarkdown(src)
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			switch n.(type) {
			case *ast.Emphasis, *ast.Link, *ast.AutoLink, *ast.RawHTML, *ast.HTMLBlock, *ast.CodeSpan, *east.Strikethrough:
				if entering {
					t.Errorf("%s: the label made a %s", args[0], n.Kind())
				}
			}
			return ast.WalkContinue, nil
		})
		want := strings.ReplaceAll(hostile, "\x1b", `\x1b`)
		rendered := renderMarkdown(t, src)
		if strings.Contains(rendered, "<b>") || !strings.Contains(html.UnescapeString(htmlTags.ReplaceAllString(rendered, "")), want) {
			t.Errorf("%s: the label is not shown as written (%q):\n%s", args[0], want, out)
		}
	}
}

// Exit codes: changes are not an error unless --exit-code asks; OLD and
// NEW of two rulesets, the wrong count of paths, an unreadable path and a
// bad --date are usage errors (2); a version that is not a ruleset is a
// finding (1).
func TestDiffExitCodes(t *testing.T) {
	lantern := examplesDir + "/lantern-road"
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	// the same ruleset version with an older sheet
	data, err := os.ReadFile(lantern + "/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	sheetDown := filepath.Join(t.TempDir(), "ruleset.json")
	if err := os.WriteFile(sheetDown, bytes.Replace(data, []byte("\"version\": 4,"), []byte("\"version\": 3,"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"diff", lantern, lanternNext}, exitOK, ""},
		{[]string{"diff", "--exit-code", lantern, lanternNext}, exitFindings, ""},
		{[]string{"diff", "--exit-code", lantern, lantern}, exitOK, ""},
		{[]string{"diff", "--exit-code", "--json", lantern, lanternNext}, exitFindings, ""},
		{[]string{"diff", lantern}, exitUsage, "diff takes 2 paths, OLD and NEW; not 1"},
		{[]string{"diff", lantern, lantern, lantern}, exitUsage, "not 3"},
		{[]string{"diff", lantern, "nowhere/at/all"}, exitUsage, "nowhere/at/all"},
		{[]string{"diff", lantern, examplesDir + "/mirefall/mirefall-1.0.0.ruleset.json"}, exitUsage, "two versions of the same ruleset"},
		{[]string{"diff", lanternNext, lantern + "/ruleset.json"}, exitUsage, "give the older version first"},
		{[]string{"diff", broken, lantern}, exitFindings, "is not a readable ruleset"},
		{[]string{"diff", "testdata/cli/unreadable", lantern}, exitFindings, "[json-syntax]"},
		{[]string{"diff", "testdata/cli/broken-road", "testdata/cli/broken-road"}, exitOK, ""},
		{[]string{"diff", lantern + "/ruleset.json", sheetDown}, exitUsage, "OLD's sheet.version 4 is newer than NEW's 3"},
		{[]string{"diff", "--format", "sarif", lantern, lantern}, exitUsage, `has no format "sarif"`},
		{[]string{"changelog", lantern, lanternNext}, exitOK, ""},
		{[]string{"changelog", "--date", "08/12/2026", lantern, lanternNext}, exitUsage, "YYYY-MM-DD"},
		{[]string{"changelog", "--json", lantern, lanternNext}, exitUsage, "unknown flag --json"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.stderr)
		}
	}
	// --format json is --json
	_, withJSON, _ := runCLI("diff", "--json", lantern, lanternNext)
	_, withFormat, _ := runCLI("diff", "--format", "json", lantern, lanternNext)
	if withJSON == "" || withJSON != withFormat || !json.Valid([]byte(withJSON)) {
		t.Errorf("diff --format json differs from --json, or is not JSON")
	}
	// markdown is offered by diff only
	if code, _, errOut := runCLI("layers", "--format", "markdown", lantern); code != exitUsage || !strings.Contains(errOut, `has no format "markdown"`) {
		t.Errorf("layers --format markdown: exit %d, %q", code, errOut)
	}
}

// Issue 28, item 3: the entry is at most 1,000 characters, today's date
// by default, and its last line names the Capability minor check gives
// NEW.
func TestChangelogNamesCheckCapability(t *testing.T) {
	code, out, _ := runCLI("changelog", examplesDir+"/lantern-road", lanternNext)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if n := utf8.RuneCountInString(strings.TrimSuffix(out, "\n")); n > 1000 {
		t.Errorf("%d characters", n)
	}
	if !regexp.MustCompile(`^## 1\\\.7\.0 — \d{4}-\d\d-\d\d\n`).MatchString(out) {
		t.Errorf("heading: %q", strings.SplitN(out, "\n", 2)[0])
	}
	_, checked, _ := runCLI("check", "--json", lanternNext)
	var doc struct {
		CapabilityAPI string `json:"capabilityApi"`
	}
	if err := json.Unmarshal([]byte(checked), &doc); err != nil || doc.CapabilityAPI == "" {
		t.Fatalf("check --json: %v", err)
	}
	if !strings.HasSuffix(out, "\nNeeds an Engine with Capability API "+doc.CapabilityAPI+"\n") {
		t.Errorf("want the line for %s:\n%s", doc.CapabilityAPI, out)
	}
}

// A diff too big for one pull request comment: the Markdown stays within
// the limit, every heading is there, and each table that is cut says how
// many rows it leaves out, so that the rows shown and the ones counted add
// up to every change.
func TestDiffMarkdownWithinLimit(t *testing.T) {
	d := &diff.Diff{ID: "big", Old: diff.Version{Version: "1.0.0"}, New: diff.Version{Version: "2.0.0", Name: "Big"}}
	const n = 3000
	for i := range n {
		d.Base.Changes = append(d.Base.Changes, diff.Change{Section: diff.SectionPrices, Subject: fmt.Sprintf("wares/item-%d", i),
			Aspect: "own price", Kind: diff.Changed, Old: "6 groats", New: "7 groats"})
	}
	d.Layers = []diff.View{{Layer: "dark", Changes: d.Base.Changes[:500]}}
	for i := range 800 {
		d.Strings.Added = append(d.Strings.Added, fmt.Sprintf("New label %d", i))
	}
	var b bytes.Buffer
	writeDiffMarkdown(&b, d, markdownLimit)
	if b.Len() > markdownLimit {
		t.Errorf("%d bytes, more than %d", b.Len(), markdownLimit)
	}
	src := b.Bytes()
	var h3 []string
	_ = ast.Walk(parseMarkdown(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering && h.Level == 3 {
			h3 = append(h3, strings.TrimSpace(nodeText(t, h, src)))
		}
		return ast.WalkContinue, nil
	})
	if strings.Join(h3, "|") != "With no layer on|Under the layer dark|Display strings|Stored ids" {
		t.Errorf("headings: %q", h3)
	}
	rows := strings.Count(b.String(), "| prices |")
	left := 0
	for _, m := range regexp.MustCompile(`…and (\d+) more`).FindAllStringSubmatch(b.String(), -1) {
		k, _ := strconv.Atoi(m[1])
		left += k
	}
	items := strings.Count(b.String(), "\n- added “New label")
	if rows+items+left != n+500+800 || left == 0 {
		t.Errorf("%d rows and %d items shown, %d left out; want %d in all", rows, items, left, n+500+800)
	}
}

// Stored ids in the text and the Markdown: moved with the step, lost
// without it.
func TestDiffStoredIDsText(t *testing.T) {
	for name, want := range map[string]string{
		migratetest.RenameWritten: "moved field road_name (" + "%s) → " + migratetest.Renamed + " (rename)",
		migratetest.Rename:        "lost field road_name (" + "%s) (no sample save holds a value there)",
	} {
		c, err := migratetest.LanternCase(examplesDir+"/lantern-road", name)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		oldPath, newPath := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
		if err := os.WriteFile(oldPath, c.Old, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(newPath, c.New, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI("diff", oldPath, newPath)
		label := regexp.MustCompile(`road_name \(([^)]*)\)`).FindStringSubmatch(out)
		if code != exitOK || label == nil || !strings.Contains(out, fmt.Sprintf(want, label[1])) || !strings.Contains(out, "added field "+migratetest.Renamed) {
			t.Errorf("%s: exit %d, %s\n%s", name, code, errOut, out)
		}
		_, md, _ := runCLI("diff", "--format", "markdown", oldPath, newPath)
		if !strings.Contains(html.UnescapeString(renderMarkdown(t, []byte(md))), "road_name") {
			t.Errorf("%s: the Markdown does not name road_name", name)
		}
	}
}
