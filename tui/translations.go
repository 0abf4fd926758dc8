package tui

import (
	"fmt"
	"strings"

	"rulebench/i18n"
	"rulebench/model"
)

// translationsPane lists the languages with their coverage; the detail of
// a language shows its files, its counts, its stale keys and every display
// string as a player of that language sees it.
type translationsPane struct {
	listPane
	s     *snapshot
	langs []*i18n.Language
	// extra marks the previewed language when it has no file of its own.
	extra bool
	// placed is set once the cursor has been put on the previewed language.
	placed bool
}

func newTranslationsPane() translationsPane { return translationsPane{listPane: newListPane()} }

func (p *translationsPane) scroller() *scroller           { return p.active() }
func (p *translationsPane) scrollerAt(x, y int) *scroller { return p.at(x, y) }

func (p *translationsPane) set(s *snapshot, st *styles, body rect, wide bool) {
	p.s, p.langs, p.extra = s, nil, false
	if s.report != nil {
		p.langs = append(p.langs, s.report.Languages...)
	}
	if s.preview != nil && !p.has(s.preview.Lang) {
		p.langs, p.extra = append(p.langs, s.preview), true
	}
	p.place(body, wide, len(p.langs), 40, st)
	if !p.placed && s.preview != nil {
		p.placed = true
		p.selectLang(s.preview.Lang)
	}
	p.settle()
}

// has tells whether a language is listed.
func (p *translationsPane) has(lang string) bool {
	for _, l := range p.langs {
		if l.Lang == lang {
			return true
		}
	}
	return false
}

// selectLang puts the cursor on a language.
func (p *translationsPane) selectLang(lang string) {
	for i, l := range p.langs {
		if l.Lang == lang {
			p.list.cursor = i
			p.list.clamp()
			p.settle()
			return
		}
	}
}

func (p *translationsPane) settle() {
	head, order := p.languageDetail()
	l, _ := p.selected()
	p.setLazyDetail(len(head)+len(order), func(i int) string {
		if i < len(head) {
			return head[i]
		}
		return p.stringLine(l, order[i-len(head)])
	})
}

func (p *translationsPane) selected() (*i18n.Language, bool) {
	if p.list.cursor < len(p.langs) {
		return p.langs[p.list.cursor], true
	}
	return nil, false
}

func (p *translationsPane) view() string {
	st := p.st
	if len(p.langs) == 0 {
		return block(p.empty(), p.lr.W, p.lr.H+p.dr.H+1, st.g.ellipsis)
	}
	var rows []string
	start, end := p.list.window()
	for i := start; i < end; i++ {
		l := p.langs[i]
		if i == p.list.cursor && !p.inDetail {
			rows = append(rows, selectedRow(p.row(l, false), p.lr.W, st))
			continue
		}
		rows = append(rows, plainRow(p.row(l, true)))
	}
	return p.render(rows)
}

// empty explains an empty list.
func (p *translationsPane) empty() []string {
	st := p.st
	where := "a locales/<language>.json file beside ruleset.json, listed in the manifest"
	if p.s.ws != nil && p.s.ws.Kind == model.Artifact {
		where = "language packs <id>-<version>.<language>.json beside the artifact"
	}
	if p.s.pending {
		return []string{"", " " + st.muted.Render("Reading the translations"+st.g.ellipsis)}
	}
	out := []string{"", " " + st.muted.Render("No translations. A translation is "+where+".")}
	if p.s.report != nil {
		out = append(out, " "+st.muted.Render(fmt.Sprintf("The ruleset has %s (%s) to translate.",
			plural(len(p.s.report.Strings), "display string", "display strings"), plural(p.s.report.Words, "word", "words"))))
	}
	return out
}

// row writes a language's line: its tag, a coverage bar and its counts.
func (p *translationsPane) row(l *i18n.Language, styled bool) string {
	st := p.st
	c := l.Coverage
	pct := fmt.Sprintf("%5.1f%%", c.Percent())
	counts := fmt.Sprintf("%d of %d strings", c.Translated+c.ViaBase, c.Strings)
	if l.Own == nil {
		counts += ", no file of its own"
	}
	if !styled {
		return fmt.Sprintf("%s %s %s  %s", padRight(vis(l.Lang), 7), coverageBar(c, st), pct, counts)
	}
	style := st.ok
	if c.Percent() < 100 {
		style = st.warn
	}
	return st.bold.Render(padRight(vis(l.Lang), 7)) + " " + style.Render(coverageBar(c, st)) + " " + style.Render(pct) + "  " + st.muted.Render(counts)
}

// coverageBar draws the share of strings a player sees translated in ten
// cells.
func coverageBar(c i18n.Coverage, st *styles) string {
	n := int(c.Percent()) / 10
	full, empty := "█", "░"
	if st.g.rule == "-" {
		full, empty = "#", "."
	}
	return strings.Repeat(full, n) + strings.Repeat(empty, 10-n)
}

// stateMark is the one-character sign of a string's state.
func stateMark(s i18n.State, st *styles) string {
	ascii := st.g.rule == "-"
	switch s {
	case i18n.Translated:
		if ascii {
			return st.ok.Render("+")
		}
		return st.ok.Render("✓")
	case i18n.ViaBase:
		if ascii {
			return st.accent.Render("^")
		}
		return st.accent.Render("↑")
	case i18n.Empty:
		return st.warn.Render("o")
	}
	return st.err.Render("x")
}

// languageDetail describes the selected language: the head of the detail
// (files, counts, stale keys), then the order in which to list the display
// strings (untranslated first), drawn on demand by stringLine.
func (p *translationsPane) languageDetail() (out []string, order []int) {
	st := p.st
	l, ok := p.selected()
	if !ok || p.s.report == nil {
		return nil, nil
	}
	width := p.dr.W
	ws := p.s.ws
	file := func(loc *i18n.Locale) string {
		if loc == nil {
			return "none"
		}
		return vis(relFile(loc.Name(), ws))
	}
	out = []string{" " + st.title.Render(vis(l.Lang)) + "  " + st.muted.Render("file "+file(l.Own))}
	if l.Base != "" {
		out = append(out, " "+st.muted.Render(fmt.Sprintf("base %s, file %s", vis(l.Base), file(l.BaseLocale))))
	}
	c := l.Coverage
	out = append(out,
		" "+st.label.Render("Coverage  ")+st.text.Render(fmt.Sprintf("%.1f%% of %d strings, %.1f%% of %d words", c.Percent(), c.Strings, c.WordsPercent(), c.Words)),
		" "+st.label.Render("          ")+st.text.Render(fmt.Sprintf("%d translated, %d via base, %d empty, %d missing", c.Translated, c.ViaBase, c.Empty, c.Missing)))
	if len(l.Stale) > 0 {
		out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Stale keys (%d)", len(l.Stale))))
		for _, k := range l.Stale {
			text := fmt.Sprintf("%q matches no display string", k.English)
			if near := p.s.report.Nearest(k.English); near != "" {
				text += fmt.Sprintf("; nearest %q", near)
			}
			out = append(out, bulleted(vis(text), width, " ", st, st.text.Render)...)
		}
	}
	strs := p.s.report.Strings
	out = append(out, "", " "+st.heading.Render(fmt.Sprintf("Strings (%d)", len(strs)))+"  "+
		st.muted.Render("untranslated first; ")+stateMark(i18n.Translated, st)+st.muted.Render(" translated ")+
		stateMark(i18n.ViaBase, st)+st.muted.Render(" via base ")+stateMark(i18n.Empty, st)+st.muted.Render(" empty ")+
		stateMark(i18n.Missing, st)+st.muted.Render(" missing"))
	order = make([]int, 0, len(strs))
	for _, state := range []i18n.State{i18n.Missing, i18n.Empty, i18n.ViaBase, i18n.Translated} {
		for i := range strs {
			if i < len(l.States) && l.States[i] == state {
				order = append(order, i)
			}
		}
	}
	return out, order
}

// stringLine draws display string i as a player of the language sees it.
func (p *translationsPane) stringLine(l *i18n.Language, i int) string {
	st := p.st
	text := p.s.report.Strings[i].Text
	state := l.States[i]
	line := " " + stateMark(state, st) + " " + st.text.Render(vis(text))
	switch state {
	case i18n.Translated, i18n.ViaBase:
		line += st.muted.Render(" "+st.g.arrow+" ") + st.ok.Render(vis(l.Show(text).Text))
	case i18n.Empty:
		line += st.muted.Render("  (empty: shown in English)")
	}
	return line
}
