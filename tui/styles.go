package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"rulebench/themes"
)

// glyphs are the symbols the workbench draws, in Unicode or in plain ASCII
// (--ascii).
type glyphs struct {
	on, off, blocked string // layer toggles
	dropped          string // a layer chosen but not applied
	cursor, noCursor string // the selected row's marker
	ellipsis         string
	sep              string // between items on one line
	rule             string // a horizontal rule
	arrow            string
	vbar             string // between the line numbers and the source
	lquote, rquote   string // around quoted file text
	textCursor       string // the cursor of a text being typed
	dash             string // between a language's English and own names
	fixable          string // a finding with a fix
}

func newGlyphs(ascii bool) glyphs {
	if ascii {
		return glyphs{on: "[x]", off: "[ ]", blocked: "[-]", dropped: "[!]", cursor: ">", noCursor: " ",
			ellipsis: "...", sep: " - ", rule: "-", arrow: "->", vbar: "|",
			lquote: `"`, rquote: `"`, textCursor: "_", dash: " - ", fixable: "*"}
	}
	return glyphs{on: "[●]", off: "[ ]", blocked: "[⊘]", dropped: "[!]", cursor: "▸", noCursor: " ",
		ellipsis: "…", sep: " · ", rule: "─", arrow: "→", vbar: "│",
		lquote: "“", rquote: "”", textCursor: "▏", dash: " — ", fixable: "✎"}
}

// styles are every style the workbench draws with, derived from one theme
// and the background. Colours come only from the theme.
type styles struct {
	g glyphs

	text, muted, accent, ok, warn, err lipgloss.Style
	bold, title, heading, label        lipgloss.Style

	brand, headerFile lipgloss.Style

	tab, tabActive, tabRule lipgloss.Style

	row, rowSelected, rowMuted lipgloss.Style

	status, statusErr, statusInfo lipgloss.Style

	lineNo, lineMark lipgloss.Style

	// fix marks a finding with a fix, and says what the fix does.
	fix lipgloss.Style

	help help.Styles
}

// newStyles builds the styles for a theme on a dark or light background.
// The result is shared by the App and its panes and never changed.
func newStyles(t themes.Theme, isDark, ascii bool) *styles {
	pick := func(p themes.Pair) color.Color {
		if t.Mono {
			return lipgloss.NoColor{}
		}
		return p.Pick(isDark)
	}
	base := lipgloss.NewStyle()
	fg := func(p themes.Pair) lipgloss.Style { return base.Foreground(pick(p)) }

	s := &styles{g: newGlyphs(ascii)}
	s.text = fg(t.Text)
	s.muted = fg(t.Muted)
	s.accent = fg(t.Accent)
	s.ok = fg(t.OK)
	s.warn = fg(t.Warn).Bold(true)
	s.err = fg(t.Error).Bold(true)
	s.bold = s.text.Bold(true)
	s.title = s.accent.Bold(true)
	s.heading = s.accent.Bold(true)
	s.label = s.muted
	// The brand is the text colour of the other background on the accent,
	// not reverse video, which some renderers of captured screens drop.
	s.brand = base.Foreground(pick(t.Text.Opposite())).Background(pick(t.Accent)).Bold(true).Padding(0, 1)
	s.headerFile = s.muted

	s.tab = s.muted.Padding(0, 1)
	s.tabActive = s.accent.Bold(true).Underline(true).Padding(0, 1)
	s.tabRule = fg(t.Border)

	s.row = s.text
	s.rowSelected = base.Foreground(pick(t.SelectionText)).Background(pick(t.Selection)).Bold(true)
	s.rowMuted = s.muted
	if t.Mono {
		s.muted = s.muted.Faint(true)
		s.rowMuted = s.muted
		s.rowSelected = s.rowSelected.Reverse(true)
		s.warn = s.warn.Underline(true)
		s.tabActive = s.tabActive.Reverse(true)
		s.brand = s.brand.Reverse(true)
	}

	s.status = s.muted
	s.statusErr = s.err
	s.statusInfo = s.ok

	s.lineNo = s.muted
	s.lineMark = s.err

	s.fix = s.ok.Bold(true)

	key := s.accent
	desc := s.muted
	s.help = help.Styles{
		ShortKey: key, ShortDesc: desc, ShortSeparator: s.tabRule,
		FullKey: key, FullDesc: desc, FullSeparator: s.tabRule,
		Ellipsis: s.tabRule,
	}
	return s
}
