package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rulebench/analysis"
	"rulebench/model"
)

// explainWidth is the column at which explain wraps its paragraphs.
const explainWidth = 78

// explainCommand prints what finding codes mean, from the code registry:
// with no CODE a list of every code and its summary, otherwise each CODE's
// meaning, why it is refused and how to fix it.
var explainCommand = &command{
	name:    "explain",
	summary: "what a finding code means, why it is refused, how to fix it",
	usage:   []string{"explain [CODE...]", "explain suppression"},
	about: "Prints what a finding code means, why the Engine (or the spec) refuses it, and an\n" +
		"example of the fix. With no CODE, lists every code with its summary. The same\n" +
		"text is in docs/rules.md. 'rulebench explain suppression' says how to suppress\n" +
		"findings: in the file, in rulebench.json, or with --select and --ignore.",
	args: argSpec{name: "CODE", min: 0, max: -1, values: findingCodes},
	bind: func(*flagSet) runner {
		return func(c *call, pos []string) int { return runExplain(c.stdout, c.stderr, pos) }
	},
}

// runExplain explains the codes in pos, or lists them all.
func runExplain(stdout, stderr io.Writer, pos []string) int {
	if len(pos) == 0 {
		writeCodeList(stdout, analysis.Codes())
		return exitOK
	}
	if len(pos) == 1 && pos[0] == suppressionTopic {
		writeSuppressionHelp(stdout)
		return exitOK
	}
	var infos []analysis.CodeInfo
	for _, arg := range pos {
		// Accept the code as the text output shows it: "[unknown-key]",
		// and an alias (the Engine's underscore codes with hyphens).
		c := model.Code(analysis.CanonicalCode(strings.Trim(strings.TrimSpace(arg), "[]")))
		info, ok := analysis.LookupCode(c)
		if !ok {
			msg := fmt.Sprintf("no finding code %q", string(c))
			if near := nearestCode(string(c)); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			}
			printf(stderr, "rulebench: %s\n", msg)
			fmt.Fprintln(stderr, "Run 'rulebench explain' for the list of codes.")
			return exitUsage
		}
		infos = append(infos, info)
	}
	for i, info := range infos {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		writeExplanation(stdout, info)
	}
	return exitOK
}

// writeCodeList writes one entry a code: the code, padded, and its
// summary, wrapped under itself when the line would pass explainWidth.
func writeCodeList(w io.Writer, codes []analysis.CodeInfo) {
	width := 0
	for _, c := range codes {
		width = max(width, len(c.Code))
	}
	indent := strings.Repeat(" ", width+2)
	for _, c := range codes {
		summary := wrapWords(c.Summary, explainWidth-len(indent))
		fmt.Fprintf(w, "%-*s  %s\n", width, c.Code, strings.ReplaceAll(summary, "\n", "\n"+indent))
	}
}

// writeExplanation writes the whole entry of one code, wrapped.
func writeExplanation(w io.Writer, c analysis.CodeInfo) {
	paragraph := func(text string) {
		fmt.Fprintln(w, wrapWords(text, explainWidth))
	}
	paragraph(string(c.Code) + ": " + c.Summary)
	if c.Why != "" {
		fmt.Fprintln(w)
		paragraph("Why: " + c.Why)
	}
	if c.Fix != "" {
		fmt.Fprintln(w)
		paragraph("Fix: " + c.Fix)
	}
	where := "Reported by " + c.Package
	if c.FixedCategory {
		where += ", in the category " + c.Category.String()
	}
	fmt.Fprintln(w)
	paragraph(where + ".")
}

// nearestCode returns the declared code closest to name, within a third
// of its length in edits (at least two), or one that name is a prefix of.
func nearestCode(name string) string {
	var codes []string
	for _, c := range analysis.Codes() {
		codes = append(codes, string(c.Code))
	}
	return nearest(name, codes, 3, max(2, len(name)/3))
}

// wrapWords wraps text at spaces only, so that ids and file names with
// hyphens (`<id>-<version>.json`) stay whole, into lines of at most limit
// columns where the words allow.
func wrapWords(text string, limit int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		w := ansi.StringWidth(word)
		switch {
		case i == 0:
		case line+1+w > limit:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += w
	}
	return b.String()
}
