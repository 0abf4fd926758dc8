package tui

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis/say"
	"rulebench/model"
)

// vis makes text from a file safe to draw: escape sequences and other
// control characters become visible escapes. Every string read from a file
// goes through it before reaching the screen.
func vis(s string) string { return model.Visible(s) }

func itoa(n int) string { return strconv.Itoa(n) }

// plural writes "1 layer" or "3 layers" (say.Plural).
func plural(n int, one, many string) string { return say.Plural(n, one, many) }

// fit cuts a (possibly styled) line to width cells, ending it with the
// ellipsis when something was cut.
func fit(s string, width int, ellipsis string) string {
	if width <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, ellipsis)
}

// padRight pads a plain or styled string with spaces to width cells.
func padRight(s string, width int) string {
	if w := ansi.StringWidth(s); w < width {
		return s + strings.Repeat(" ", width-w)
	}
	return s
}

// block makes exactly height lines of at most width cells from lines,
// cutting or padding with empty lines.
func block(lines []string, width, height int, ellipsis string) string {
	out := make([]string, height)
	for i := range out {
		if i < len(lines) {
			out[i] = fit(lines[i], width, ellipsis)
		}
	}
	return strings.Join(out, "\n")
}

// wrap breaks plain text into lines of at most width cells, at spaces; a
// word wider than a line is broken where it must be. A hyphen is not a
// place to break: "pt-BR", "wares/black-lantern" and "-5" stay whole.
func wrap(s string, width int) []string {
	if width <= 0 {
		return nil
	}
	hold := keptHyphen(s)
	if hold == "" {
		return strings.Split(ansi.Wrap(s, width, ""), "\n")
	}
	wrapped := ansi.Wrap(strings.ReplaceAll(s, "-", hold), width, "")
	return strings.Split(strings.ReplaceAll(wrapped, hold, "-"), "\n")
}

// keptHyphen is a character as wide as a hyphen that ansi.Wrap does not
// break at and s does not hold, to stand for its hyphens while it is
// wrapped; "" when s has no hyphen.
func keptHyphen(s string) string {
	if !strings.Contains(s, "-") {
		return ""
	}
	for _, c := range []string{"\u2011", "\u2010", "\u2012"} { // non-breaking hyphen, hyphen, figure dash
		if !strings.Contains(s, c) {
			return c
		}
	}
	return ""
}

// number writes a float without a trailing .0.
func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// quoteList writes ids or values separated by commas (say.List).
func quoteList(items []string) string { return say.List(items) }

// location is file:line:column, the file relative to the workspace.
func location(d model.Diagnostic, ws *model.Workspace) string {
	return fmt.Sprintf("%s:%d:%d", vis(relFile(d.File, ws)), d.Line, d.Column)
}

// relFile shortens a file name to its path inside the folder holding the
// ruleset (the package folder, or the folder of a single file).
func relFile(file string, ws *model.Workspace) string {
	if ws == nil || ws.RulesetFile == "" {
		return file
	}
	dir := path.Dir(ws.RulesetFile)
	if dir == "." || dir == "/" {
		return file
	}
	if rest, ok := strings.CutPrefix(file, dir+"/"); ok && rest != "" {
		return rest
	}
	return file
}
