package cli

import (
	"fmt"
	"io"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/diff"
	"rulebench/analysis/report"
	"rulebench/model"
)

// diffCommand shows what a player will see change between two versions.
var diffCommand = &command{
	name:    "diff",
	summary: "what a player will see change between two versions",
	usage:   []string{"diff [--format F] [--exit-code] OLD NEW"},
	about: "Compares two versions of the same ruleset (each a ruleset file, package folder or\n" +
		"catalog artifact) as a player sees them: with no layer on, then under each layer\n" +
		"either version declares (listing only what differs from the first list), the\n" +
		"layers, guidance, difficulty ladder, enum values and defaults, catalog entries and\n" +
		"the ones hidden, coins, each item's price and its price at each market price level,\n" +
		"sellers and loot tables; then the display strings added, removed and changed, with\n" +
		"each language's coverage before and after and the new strings it shows in English;\n" +
		"then the stored ids of the sheet lost, moved by the migrations, and added (as\n" +
		"migrate --since compares them). --format markdown writes it for a pull request\n" +
		"comment or $GITHUB_STEP_SUMMARY.\n" +
		"Exit 0: compared (changes are not an error); 1: with --exit-code, a player would\n" +
		"see something change, or either version is not a readable ruleset; 2: bad usage,\n" +
		"unreadable input, or OLD and NEW are not two versions of one ruleset.\n" + oldArgHelp,
	args: argSpec{name: "OLD and NEW", min: 2, max: 2, values: files},
	bind: func(fs *flagSet) runner {
		fs.Format(false, report.Markdown)
		exitCode := fs.Bool("exit-code", "exit 1 when a player would see anything change (like git diff --exit-code)")
		return func(c *call, pos []string) int { return runDiff(c, pos, fs.chosenFormat(), *exitCode) }
	},
}

// loadVersion reads OLD or NEW of diff and changelog: a ruleset file,
// package folder or catalog artifact on disk, or for OLD, a git revision
// (loadOld: REV is NEW as it was at REV, REV:path that path). An unreadable
// version is reported on stderr and gives exit 2. It is the one place
// these commands read a version.
func loadVersion(arg, newPath string, stderr io.Writer) (*model.Workspace, int, bool) {
	if newPath == "" {
		return loadPath(arg, stderr)
	}
	ws, err := loadOld(arg, newPath)
	if err != nil {
		complain(stderr, "rulebench: %v", err)
		return nil, exitUsage, false
	}
	return ws, exitOK, true
}

// compareVersions loads OLD and NEW (pos) and works out the diff. When it
// cannot, it has said why on stderr and returns the exit code.
func compareVersions(name string, pos []string, stderr io.Writer) (*diff.Diff, int, bool) {
	oldWS, code, ok := loadVersion(pos[0], pos[1], stderr)
	if !ok {
		return nil, code, false
	}
	newWS, code, ok := loadVersion(pos[1], "", stderr)
	if !ok {
		return nil, code, false
	}
	for i, ws := range []*model.Workspace{oldWS, newWS} {
		if ws.Ruleset == nil {
			complain(stderr, "rulebench %s: %s is not a readable ruleset; nothing to compare:", name, pos[i])
			var errs []model.Diagnostic
			for _, d := range ws.Diagnostics {
				if d.Severity == model.Error {
					errs = append(errs, d)
				}
			}
			writeDiagnostics(stderr, errs)
			return nil, exitFindings, false
		}
	}
	if msg := versionsRefusal(oldWS.Ruleset, newWS.Ruleset); msg != "" {
		complain(stderr, "rulebench %s: %s", name, msg)
		return nil, exitUsage, false
	}
	oldR, oldWhole := analyse(oldWS, analysis.Options{}, stderr)
	newR, newWhole := analyse(newWS, analysis.Options{Since: oldWS}, stderr)
	var d *diff.Diff
	var failed string
	analysis.Guard(&failed, "comparison of the two versions", func() { d = diff.Compare(oldR, newR) })
	if failed != "" {
		complain(stderr, "rulebench: %s", failed)
		return nil, exitUsage, false
	}
	if f := newR.Failed(); f != "" && newWhole {
		complain(stderr, "rulebench: %s", f) // the comparison of stored ids failed
		newWhole = false
	}
	if !oldWhole || !newWhole {
		return d, exitUsage, true
	}
	return d, exitOK, true
}

// versionsRefusal says why two rulesets are not two versions of one
// ruleset, OLD first, or "" when they are.
func versionsRefusal(old, cur *model.Ruleset) string {
	switch {
	case old.ID != cur.ID:
		return sprintf("OLD is the ruleset %q and NEW the ruleset %q: give two versions of the same ruleset", old.ID, cur.ID)
	case old.Version > cur.Version:
		return sprintf("OLD is ruleset version %d, newer than NEW's %d: give the older version first", old.Version, cur.Version)
	case old.Sheet.Version > cur.Sheet.Version:
		return sprintf("OLD's sheet.version %d is newer than NEW's %d: give the older version first", old.Sheet.Version, cur.Sheet.Version)
	}
	return ""
}

// diffDoc is the JSON document of `rulebench diff`.
type diffDoc struct {
	SchemaVersion int `json:"schemaVersion"`
	// Changes counts the changes listed; 0 when a player sees nothing
	// change.
	Changes int `json:"changes"`
	*diff.Diff
}

// runDiff runs `rulebench diff OLD NEW`.
func runDiff(c *call, pos []string, format string, exitCode bool) int {
	d, code, ok := compareVersions("diff", pos, c.stderr)
	if !ok {
		return code
	}
	switch format {
	case report.JSON:
		if err := writeJSON(c.stdout, diffDoc{SchemaVersion: 1, Changes: d.Count(), Diff: d}); err != nil {
			return exitUsage
		}
	case report.Markdown:
		writeDiffMarkdown(c.stdout, d, markdownLimit)
	default:
		writeDiffText(c.stdout, pos, d)
	}
	if code == exitOK && exitCode && !d.Empty() {
		code = exitFindings
	}
	return code
}

// viewTitle names a view: "With no layer on", "Under the layer long_dark
// (The long dark)", with "new in this version" or "gone in this version".
func viewTitle(vw diff.View, quote func(string) string) string {
	if vw.Layer == "" {
		return "With no layer on"
	}
	t := "Under the layer " + quote(vw.Layer)
	if vw.Label != "" && vw.Label != vw.Layer {
		t += " (" + vw.Label + ")"
	}
	switch vw.Status {
	case diff.Added:
		t += ", new in this version"
	case diff.Removed:
		t += ", gone in this version"
	}
	return t
}

// percentText writes a coverage as "93.1% (162 of 174)", "none" for nil.
func percentText(c *diff.Coverage) string {
	if c == nil {
		return "no file"
	}
	return fmt.Sprintf("%.1f%% (%d of %d)", c.Percent, c.Translated, c.Strings)
}

// storedText says what a stored id is: "field xp (XP)", "column
// weight of the list gear".
func storedText(kind, id, list, label string) string {
	out := kind + " " + id
	if list != "" {
		out = "column " + id + " of the list " + list
	}
	if label != "" && label != id {
		out += " (" + label + ")"
	}
	return out
}

// quietLayers lists the ids of the layers under which nothing more
// changes than with no layer on.
func quietLayers(d *diff.Diff) []string {
	var out []string
	for _, l := range d.Layers {
		if len(l.Changes) == 0 {
			out = append(out, l.Layer)
		}
	}
	return out
}

// writeDiffText prints the diff for people.
func writeDiffText(w io.Writer, pos []string, d *diff.Diff) {
	p := func(format string, args ...any) { printf(w, format, args...) }
	if d.Old.Name == d.New.Name {
		p("%s: %s %s → %s\n", d.ID, d.New.Name, d.Old.Version, d.New.Version)
	} else {
		p("%s: %s %s → %s %s\n", d.ID, d.Old.Name, d.Old.Version, d.New.Name, d.New.Version)
	}
	p("  OLD %s, NEW %s; Capability API %s → %s\n", pos[0], pos[1], d.Old.CapabilityAPI, d.New.CapabilityAPI)
	if d.Empty() {
		p("\nA player sees nothing change.\n")
		return
	}
	views := append([]diff.View{d.Base}, d.Layers...)
	for _, vw := range views {
		if len(vw.Changes) == 0 && vw.Layer != "" {
			continue
		}
		p("\n%s:\n", viewTitle(vw, func(s string) string { return s }))
		if len(vw.Changes) == 0 {
			p("  nothing changes\n")
		}
		for _, ch := range vw.Changes {
			p("  %s\n", ch.Line())
		}
	}
	if quiet := quietLayers(d); len(quiet) > 0 {
		p("\nUnder %s nothing more changes.\n", layerList(quiet))
	}
	s := d.Strings
	p("\nDisplay strings: %d added, %d removed, %d changed\n", len(s.Added), len(s.Removed), len(s.Changed))
	for _, c := range s.Changed {
		p("  changed %q → %q  (%s)\n", c.Old, c.New, c.Path)
	}
	for _, t := range s.Added {
		p("  added %q\n", t)
	}
	for _, t := range s.Removed {
		p("  removed %q\n", t)
	}
	if len(s.Languages) > 0 {
		p("Coverage:\n")
		for _, l := range s.Languages {
			p("  %s: %s → %s", l.Lang, percentText(l.Old), percentText(l.New))
			if n := len(l.Untranslated); n > 0 {
				p("; %s in English: %s", plural(n, "new string"), quotedList(l.Untranslated))
			}
			p("\n")
		}
	}
	st := d.Stored
	p("\nStored ids (sheet.version %d → %d):", st.From, st.To)
	switch {
	case st.NotCompared != "":
		p(" not compared: %s\n", st.NotCompared)
		return
	case len(st.Lost)+len(st.Moved)+len(st.Added) == 0:
		p(" nothing lost, moved or added\n")
		return
	}
	p("\n")
	for _, l := range st.Lost {
		p("  lost %s (%s)\n", storedText(l.Kind, l.ID, l.List, l.Label), heldIn(l.Saves))
	}
	if len(st.Lost) > 0 && st.Unchanged {
		p("  sheet.version did not go up (see rulebench migrate --since)\n")
	}
	for _, m := range st.Moved {
		p("  moved %s → %s (%s)\n", storedText(m.Kind, m.ID, m.List, m.Label), strings.Join(m.To, ", "), m.Op)
	}
	for _, a := range st.Added {
		p("  added %s\n", storedText(a.Kind, a.ID, a.List, a.Label))
	}
}

// layerList writes layer ids for a sentence: "the layer a", "the layers
// a, b and c".
func layerList(ids []string) string {
	if len(ids) == 1 {
		return "the layer " + ids[0]
	}
	return "the layers " + orAnd(ids)
}

// orAnd joins words as "a, b and c".
func orAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// quotedList quotes each text and joins them with commas.
func quotedList(texts []string) string {
	q := make([]string, len(texts))
	for i, t := range texts {
		q[i] = fmt.Sprintf("%q", t)
	}
	return strings.Join(q, ", ")
}

// markdownLimit is the most bytes diff --format markdown writes: a GitHub
// pull request comment holds at most 65,536 characters. Past it, each
// table and list ends with how many rows it leaves out.
const markdownLimit = 60000

// markdownOut writes Markdown within a budget of bytes for rows; headings
// and the notes of rows left out are always written (a reserve is kept for
// them).
type markdownOut struct {
	w          io.Writer
	n, rowsEnd int // bytes written; the most rows may take up to
	left       int // rows of the current table or list left out
}

func (o *markdownOut) p(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	o.n += len(s)
	io.WriteString(o.w, s)
}

// row writes a table row or list item when it fits, else counts it.
func (o *markdownOut) row(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if o.left > 0 || o.n+len(s) > o.rowsEnd {
		o.left++
		return
	}
	o.p("%s", s)
}

// end closes a table or list: how many rows it left out, if any.
func (o *markdownOut) end() {
	if o.left > 0 {
		o.p("\n…and %d more (too many for one comment; rulebench diff --json lists them all).\n", o.left)
		o.left = 0
	}
}

// writeDiffMarkdown writes the diff as Markdown: a heading, a table of
// changes for each view, the display strings and coverage, and the stored
// ids, in at most about limit bytes. Every text from the files is escaped
// (markdownText).
func writeDiffMarkdown(w io.Writer, d *diff.Diff, limit int) {
	m := markdownText
	views := append([]diff.View{d.Base}, d.Layers...)
	// the reserve: every heading and note, about 300 bytes each
	o := &markdownOut{w: w, rowsEnd: limit - 300*(len(views)+8)}
	p := o.p
	p("## %s: %s → %s\n\n", m(d.New.Name), m(d.Old.Version), m(d.New.Version))
	p("Ruleset %s, Capability API %s → %s.\n", m(d.ID), m(d.Old.CapabilityAPI), m(d.New.CapabilityAPI))
	if d.Empty() {
		p("\nA player sees nothing change.\n")
		return
	}
	for _, vw := range views {
		if len(vw.Changes) == 0 && vw.Layer != "" {
			continue
		}
		p("\n### %s\n\n", m(viewTitle(vw, func(s string) string { return s })))
		if len(vw.Changes) == 0 {
			p("Nothing changes.\n")
			continue
		}
		p("| Section | What | Before | After |\n|---|---|---|---|\n")
		for _, ch := range vw.Changes {
			before, after := ch.Before(), ch.After()
			switch ch.Kind {
			case diff.Added:
				before = "—"
				if after == "" {
					after = "added"
				}
			case diff.Removed:
				after = "removed"
				if before == "" {
					before = "—"
				}
			}
			o.row("| %s | %s | %s | %s |\n", m(ch.Section), m(ch.What()), m(before), m(after))
		}
		o.end()
	}
	if quiet := quietLayers(d); len(quiet) > 0 {
		p("\nUnder %s nothing more changes.\n", m(cut(layerList(quiet), 200)))
	}
	s := d.Strings
	p("\n### Display strings\n\n%d added, %d removed, %d changed.\n\n", len(s.Added), len(s.Removed), len(s.Changed))
	for _, c := range s.Changed {
		o.row("- changed “%s” → “%s” (%s)\n", m(c.Old), m(c.New), m(c.Path))
	}
	for _, t := range s.Added {
		o.row("- added “%s”\n", m(t))
	}
	for _, t := range s.Removed {
		o.row("- removed “%s”\n", m(t))
	}
	o.end()
	if len(s.Languages) > 0 {
		p("\n| Language | Before | After | New strings in English |\n|---|---|---|---|\n")
		for _, l := range s.Languages {
			untranslated := make([]string, len(l.Untranslated))
			for i, t := range l.Untranslated {
				untranslated[i] = "“" + m(t) + "”"
			}
			o.row("| %s | %s | %s | %s |\n", m(l.Lang), m(percentText(l.Old)), m(percentText(l.New)), strings.Join(untranslated, ", "))
		}
		o.end()
	}
	st := d.Stored
	p("\n### Stored ids\n\nsheet.version %d → %d", st.From, st.To)
	switch {
	case st.NotCompared != "":
		p(": not compared: %s\n", m(st.NotCompared))
		return
	case len(st.Lost)+len(st.Moved)+len(st.Added) == 0:
		p(": nothing lost, moved or added.\n")
		return
	}
	p(".\n\n")
	for _, l := range st.Lost {
		o.row("- **lost** %s (%s)\n", m(storedText(l.Kind, l.ID, l.List, l.Label)), m(heldIn(l.Saves)))
	}
	for _, mv := range st.Moved {
		o.row("- moved %s → %s (%s)\n", m(storedText(mv.Kind, mv.ID, mv.List, mv.Label)), m(strings.Join(mv.To, ", ")), m(mv.Op))
	}
	for _, a := range st.Added {
		o.row("- added %s\n", m(storedText(a.Kind, a.ID, a.List, a.Label)))
	}
	o.end()
}

// heldIn says how many sample saves hold a value under a lost id.
func heldIn(saves int) string {
	if saves == 0 {
		return "no sample save holds a value there"
	}
	return "a value in " + plural(saves, "sample save")
}

// cut shortens s to at most n runes, the last of them "…" when it is cut.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// markdownText makes text from files inert in Markdown: control
// characters made visible (model.Visible), line breaks with them; every
// character Markdown could read as markup escaped with a backslash (`*_\
// [ ] < > | ~ & # @`), and "-", "+" or a digit run followed by "." or ")"
// at the start, which would begin a list; "://" loses its colon to an
// escape too, so that no address becomes a link.
func markdownText(s string) string {
	s = model.Visible(s)
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&', '#', '@':
			b.WriteByte('\\')
		case '-', '+':
			if i == 0 {
				b.WriteByte('\\')
			}
		case '.', ')':
			if i > 0 && strings.Trim(s[:i], "0123456789") == "" {
				b.WriteByte('\\')
			}
		case ':':
			if strings.HasPrefix(s[i:], "://") {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
