package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rulebench/i18n"
	"rulebench/model"
)

// docPane is a tab showing a document that scrolls, without a cursor:
// the Overview and Effective tabs. The document is divided into sections,
// which ] and [ jump between.
type docPane struct {
	keys   *keyMap
	build  func(s *snapshot, st *styles, width int) document
	s      *snapshot
	body   rect
	lines  []string
	starts []int // the first line of each section
	scroll scroller
	width  int
	st     *styles
}

// document is a docPane's text: its lines, and where each section starts.
type document struct {
	lines    []string
	sections []int
}

// add appends lines to the document.
func (d *document) add(lines ...string) { d.lines = append(d.lines, lines...) }

// section starts a section at the next line.
func (d *document) section() { d.sections = append(d.sections, len(d.lines)) }

func newDocPane(k *keyMap, build func(*snapshot, *styles, int) document) *docPane {
	return &docPane{keys: k, build: build}
}

// jump scrolls to the start of the next (dir > 0) or previous section.
func (p *docPane) jump(dir int) {
	top := p.scroll.offset
	if dir > 0 {
		for _, s := range p.starts {
			if s > top {
				p.scroll.offset = s
				p.scroll.clamp()
				return
			}
		}
		return
	}
	p.scroll.offset = 0 // the top, before the first section
	for i := len(p.starts) - 1; i >= 0; i-- {
		if p.starts[i] < top {
			p.scroll.offset = p.starts[i]
			break
		}
	}
	p.scroll.clamp()
}

// canJump tells whether jump(dir) would move the view.
func (p *docPane) canJump(dir int) bool {
	top := p.scroll.offset
	if dir > 0 {
		return top < p.scroll.maxOffset() && len(p.starts) > 0 && p.starts[len(p.starts)-1] > top
	}
	return top > 0
}

func (p *docPane) scroller() *scroller           { return &p.scroll }
func (p *docPane) scrollerAt(x, y int) *scroller { return &p.scroll }
func (p *docPane) settle() tea.Cmd               { return nil }
func (p *docPane) typing() bool                  { return false }
func (p *docPane) hint() string                  { return "" }

func (p *docPane) set(s *snapshot, st *styles, body rect, _ bool) {
	p.s, p.st, p.body = s, st, body
	p.rebuild()
}

// rebuild draws the document again for what it was last set to, keeping
// the view where it is.
func (p *docPane) rebuild() {
	p.width = p.body.W
	d := p.build(p.s, p.st, p.body.W)
	p.lines, p.starts = d.lines, d.sections
	p.scroll.setHeight(p.body.H)
	p.scroll.setLen(len(p.lines))
}

// syncKeys offers the movement keys when the document does not fit, and
// ] and [ while there is a section to jump to.
func (p *docPane) syncKeys() {
	k := p.keys
	navKeys(k, &p.scroll)
	k.NextGroup.SetEnabled(p.canJump(1))
	k.PrevGroup.SetEnabled(p.canJump(-1))
	k.NextGroup.SetHelp("]", "next section")
	k.PrevGroup.SetHelp("[", "previous section")
}

// update scrolls the document and jumps between its sections.
func (p *docPane) update(_ host, msg tea.Msg) tea.Cmd {
	m, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch k := p.keys; {
	case key.Matches(m, k.NextGroup):
		p.jump(1)
	case key.Matches(m, k.PrevGroup):
		p.jump(-1)
	default:
		navKey(k, &p.scroll, m)
	}
	return nil
}

func (p *docPane) view() string {
	start, end := p.scroll.window()
	return block(p.lines[start:end], p.width, p.scroll.height, p.st.g.ellipsis)
}

// maxBrokenErrors is how many errors the Overview of a ruleset that could
// not be read lists.
const maxBrokenErrors = 5

// maxOverviewFindings is how many findings the overview lists before
// pointing at the Problems tab.
const maxOverviewFindings = 12

// overviewLines builds the first screen for a width: the ruleset's outline
// (name, version, resolution, counts), then its layers with their state, its
// languages, its migrations and sample saves, and its findings.
func overviewLines(s *snapshot, st *styles, width int) document {
	var d document
	add := d.add
	ws, rs := s.ws, s.ruleset()
	if s.loading {
		add(" " + st.muted.Render("Reading the files"+st.g.ellipsis))
		return d
	}
	if rs == nil {
		add(" "+st.err.Render("The ruleset could not be read."), "")
		// Its first errors, so that the first screen says what to mend.
		shown := 0
		for _, f := range s.diags {
			if f.Severity != model.Error {
				continue
			}
			if shown == maxBrokenErrors {
				break
			}
			for i, line := range wrap(location(f, ws)+"  "+vis(f.Message), max(width-4, 10)) {
				lead := "   "
				if i == 0 {
					lead = " " + st.err.Render(bullet(st)) + " "
				}
				add(lead + st.text.Render(line))
			}
			shown++
		}
		if n := model.Count(s.diags, model.Error); n > shown {
			add("   " + st.muted.Render(fmt.Sprintf("and %s more", plural(n-shown, "error", "errors"))))
		}
		add("", " "+st.muted.Render("The Problems tab lists every finding, with the source around it."))
		return d
	}
	name := vis(rs.Name)
	if name == "" {
		name = "(no name)"
	}
	add(" " + st.title.Render(name) + "  " + st.muted.Render(fmt.Sprintf("%s, version %d", vis(rs.ID), rs.Version)))
	if s.preview != nil {
		if sh := s.preview.Show(rs.Name); sh.State == i18n.Translated || sh.State == i18n.ViaBase {
			add(" " + st.muted.Render(vis(s.preview.Lang)+": ") + st.text.Render(vis(sh.Text)))
		}
	}
	if rs.Edition != "" {
		add(" " + st.muted.Render(vis(rs.Edition)))
	}
	add(" "+st.muted.Render(fmt.Sprintf("%s %s", ws.Kind, vis(ws.Path))), "")

	field := func(label, value string) {
		const lw = 13
		text := wrap(value, max(width-lw-3, 10))
		for i, t := range text {
			if i == 0 {
				add("   " + st.label.Render(padRight(label, lw)) + st.text.Render(t))
			} else {
				add("   " + strings.Repeat(" ", lw) + st.text.Render(t))
			}
		}
	}
	heading := func(h string) {
		d.section()
		add(" " + st.heading.Render(h))
	}

	heading("Outline")
	field("Resolution", describeResolution(rs.Resolution))
	field("Sheet", describeSheet(rs.Sheet))
	field("Catalogs", describeCatalogs(rs.Catalogs))
	field("Coins", describeCoins(rs.Items))
	field("Layers", fmt.Sprintf("%s, %d on", plural(len(rs.Layers), "layer", "layers"), s.onCount()))
	field("Languages", describeLanguages(s))
	field("Migrations", describeMigrations(rs.Sheet))
	field("Saves", plural(len(ws.Saves), "sample save", "sample saves"))
	if s.pending {
		field("Findings", "checking"+st.g.ellipsis)
	} else {
		field("Findings", describeFindings(s.diags))
	}
	switch {
	case s.unreadable != "":
		add("", "   "+st.err.Render("The files cannot be read now ("+s.unreadable+"); this is the last version that could be read."))
	case s.broken:
		add("", "   "+st.err.Render("The files on disk are broken; this is the last version that could be read."))
	}

	if len(s.toggles) > 0 {
		add("")
		d.section()
		add(" " + st.heading.Render("Layers") + "  " + st.muted.Render("switch them in the Layers tab"))
		cols := measureToggles(s.toggles)
		for _, t := range s.toggles {
			add("   " + toggleLine(t, st, cols, false))
		}
	}
	if s.report() != nil && len(s.report().Locales) > 0 {
		add("")
		heading("Languages")
		for _, l := range s.report().Locales {
			for i, line := range wrap(localeSummary(l, s), max(width-11, 10)) {
				lead := strings.Repeat(" ", 11)
				if i == 0 {
					lead = "   " + st.text.Render(padRight(vis(l.Lang), 8))
				}
				add(lead + st.muted.Render(line))
			}
		}
	}
	if len(rs.Sheet.Migrations) > 0 || len(ws.Saves) > 0 {
		add("")
		heading("Migrations")
		for _, m := range rs.Sheet.Migrations {
			add(fmt.Sprintf("   %s  %s", st.text.Render(padRight(fmt.Sprintf("%d %s %d", m.From, st.g.arrow, m.From+1), 8)),
				st.muted.Render(plural(len(m.Steps), "step", "steps"))))
		}
		for _, sv := range ws.Saves {
			add("   " + saveLine(sv, rs, ws, st))
		}
	}
	if lines := sinceOverview(s, st, width); len(lines) > 0 {
		add("")
		heading("Since the previous version")
		add(lines...)
	}

	add("")
	heading(fmt.Sprintf("Findings (%d)", len(s.diags)))
	if len(s.diags) == 0 {
		add("   " + st.ok.Render("No findings: the Engine would accept this ruleset."))
	}
	for i, f := range s.diags {
		if i == maxOverviewFindings {
			add("   " + st.muted.Render(fmt.Sprintf("and %d more in the Problems tab", len(s.diags)-i)))
			break
		}
		add("   " + findingLine(f, ws, st))
	}
	return d
}

// describeLanguages lists the translated languages with their coverage.
func describeLanguages(s *snapshot) string {
	if s.report() == nil || len(s.report().Languages) == 0 {
		return "none"
	}
	var langs []string
	for _, l := range s.report().Languages {
		langs = append(langs, fmt.Sprintf("%s %.1f%%", vis(l.Lang), l.Coverage.Percent()))
	}
	return fmt.Sprintf("%d: %s", len(langs), strings.Join(langs, ", "))
}

// localeSummary says what a locale file holds: its file, and how much of
// the ruleset it translates.
func localeSummary(l *i18n.Locale, s *snapshot) string {
	name := vis(relFile(l.Name(), s.ws))
	if !l.HasRuleset {
		return name + ", no ruleset section (translates nothing)"
	}
	for _, lang := range s.report().Languages {
		if lang.Own == l {
			// The file's own translations apart from those a player sees
			// through the base language's file.
			c := lang.Coverage
			if c.ViaBase == 0 {
				return fmt.Sprintf("%s, %d of %d strings translated (%.1f%%)", name, c.Translated, c.Strings, c.Percent())
			}
			return fmt.Sprintf("%s, %d of %d strings its own, %d more through %s (%.1f%% shown translated)",
				name, c.Translated, c.Strings, c.ViaBase, vis(lang.Base), c.Percent())
		}
	}
	return fmt.Sprintf("%s, %s", name, plural(len(l.Keys), "key", "keys"))
}

// saveLine says which version a sample save is at and where migration takes
// it.
func saveLine(sv *model.Save, rs *model.Ruleset, ws *model.Workspace, st *styles) string {
	name := st.text.Render(vis(relFile(sv.File, ws)))
	switch {
	case sv.VOutOfRange:
		return name + "  " + st.err.Render("v out of range")
	case sv.V == 0:
		return name + "  " + st.err.Render("no readable version")
	case sv.V > rs.Sheet.Version:
		return name + "  " + st.err.Render(fmt.Sprintf("v%d is newer than the sheet (version %d)", sv.V, rs.Sheet.Version))
	case sv.V == rs.Sheet.Version:
		return name + "  " + st.muted.Render(fmt.Sprintf("v%d, current", sv.V))
	}
	return name + "  " + st.muted.Render(fmt.Sprintf("v%d %s %d", sv.V, st.g.arrow, rs.Sheet.Version))
}

// severityStyle picks the style of a severity.
func severityStyle(sev model.Severity, st *styles) func(...string) string {
	switch sev {
	case model.Error:
		return st.err.Render
	case model.Warning:
		return st.warn.Render
	}
	return st.accent.Render
}

// findingLine writes a finding on one line: severity, file:line:col, path
// and message.
func findingLine(d model.Diagnostic, ws *model.Workspace, st *styles) string {
	return severityStyle(d.Severity, st)(padRight(d.Severity.String(), 8)) +
		st.muted.Render(location(d, ws)) + " " +
		st.accent.Render(vis(d.Path)) + " " +
		st.text.Render(vis(d.Message))
}
