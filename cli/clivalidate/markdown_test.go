package clivalidate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"rulebench/analysis/diff/difftest"
	"rulebench/migrate/migratetest"
)

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
	code, out, errOut := runCLI("diff", "--format", "markdown", "../../examples/lantern-road", "../testdata/cli/lantern-road-next")
	if code != 0 || errOut != "" {
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
	if err := difftest.WriteLanternNext("../../examples/lantern-road", newPath); err != nil {
		t.Fatal(err)
	}
	if err := difftest.WriteLanternNext("../../examples/lantern-road", oldPath); err != nil {
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
		if code != 0 || strings.ContainsRune(out, 0x1b) || !strings.Contains(out, `\x1b[31mr`) && !strings.Contains(out, `\\x1b[31mr`) {
			t.Errorf("%v: exit %d, the label not shown escaped:\n%s", args, code, out)
		}
	}
	for _, args := range [][]string{
		{"diff", "--format", "markdown", oldPath, newPath},
		{"changelog", "--date", "2026-12-08", oldPath, newPath},
	} {
		code, out, errOut := runCLI(args...)
		if code != 0 {
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

// Stored ids in the text and the Markdown: moved with the step, lost
// without it.
func TestDiffStoredIDsText(t *testing.T) {
	for name, want := range map[string]string{
		migratetest.RenameWritten: "moved field road_name (" + "%s) → " + migratetest.Renamed + " (rename)",
		migratetest.Rename:        "lost field road_name (" + "%s) (no sample save holds a value there)",
	} {
		c, err := migratetest.LanternCase("../../examples/lantern-road", name)
		if err != nil {
			t.Fatal(err)
		}
		oldPath, newPath, err := c.Write(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI("diff", oldPath, newPath)
		label := regexp.MustCompile(`road_name \(([^)]*)\)`).FindStringSubmatch(out)
		if code != 0 || label == nil || !strings.Contains(out, fmt.Sprintf(want, label[1])) || !strings.Contains(out, "added field "+migratetest.Renamed) {
			t.Errorf("%s: exit %d, %s\n%s", name, code, errOut, out)
		}
		_, md, _ := runCLI("diff", "--format", "markdown", oldPath, newPath)
		if !strings.Contains(html.UnescapeString(renderMarkdown(t, []byte(md))), "road_name") {
			t.Errorf("%s: the Markdown does not name road_name", name)
		}
	}
}
