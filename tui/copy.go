package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The y key copies what is selected, as text to paste elsewhere: a
// finding as rulebench check writes it, a layer's id, an Effective row, a
// string's English text or a language's tag, a migration entry's or
// step's JSON path, a save's file. It goes to the clipboard through the
// terminal (OSC 52, tea.SetClipboard), so it works over ssh too. Text from
// files is copied as the screen shows it: control characters escaped.

// copier is a tab whose selection can be copied: the text, and what it is
// for the status line.
type copier interface {
	copyText(s *snapshot) (text, what string, ok bool)
}

// copyText is the selected finding, as a line of rulebench check's text
// output: file:line:col: severity: path: message (code).
func (p *problemsPane) copyText(*snapshot) (string, string, bool) {
	d, ok := p.selected()
	if !ok {
		return "", "", false
	}
	return vis(d.String()) + " (" + vis(string(d.Code)) + ")", "the finding", true
}

// copyText is the selected layer's id, as --layers and a ruleset's
// conflicts name it.
func (p *layersPane) copyText(*snapshot) (string, string, bool) {
	t, ok := p.selected()
	if !ok || t.layer == nil {
		return "", "", false
	}
	return vis(t.layer.ID), "the layer's id", true
}

// copyText is the selected Effective row as it reads, on one line.
func (p *effectivePane) copyText(*snapshot) (string, string, bool) {
	if len(p.rows) == 0 || p.cursor >= len(p.rows) {
		return "", "", false
	}
	l := p.rows[p.cursor]
	var words []string
	for i := l; i < len(p.tags) && i < len(p.lines) && p.tags[i].id == p.tags[l].id; i++ {
		words = append(words, strings.Fields(ansi.Strip(p.lines[i]))...)
	}
	if len(words) == 0 {
		return "", "", false
	}
	return strings.Join(words, " "), "the row", true
}

// copyText is, in the strings table, the selected string's English text;
// in the picker, the selected language's tag.
func (p *translationsPane) copyText(s *snapshot) (string, string, bool) {
	if p.mode != browseStrings || p.lang == nil {
		l, ok := p.selectedLang()
		if !ok || l == nil || l.Lang == "" {
			return "", "", false
		}
		return vis(l.Lang), "the language tag", true
	}
	c := p.table.list.cursor
	if c >= len(p.rows) || p.filter == filterStale || s.report() == nil {
		return "", "", false
	}
	if row := p.rows[c]; row < len(s.report().Strings()) {
		return vis(s.report().Strings()[row].Text), "the English text", true
	}
	return "", "", false
}

// copyText is, while stepping through a save, the JSON path of the step
// shown (the save's file for the whole chain); in the list, the selected
// migration entry's JSON path, or the selected save's file.
func (p *migrationsPane) copyText(s *snapshot) (string, string, bool) {
	rs := s.ruleset()
	if rs == nil {
		return "", "", false
	}
	i := p.sel()
	if p.stepping {
		if t := p.step.current(); t != nil && p.draftStep(i, t) == nil && t.Entry >= 0 && t.Entry < len(rs.Sheet.Migrations) {
			return fmt.Sprintf("sheet.migrations.%d.steps.%d", t.Entry, t.Step), "the step's path", true
		}
	}
	if kind, _, ok := p.sinceAt(i); ok && kind != sinceSave {
		return "", "", false
	}
	if i >= 0 && i < len(p.entries) && p.entries[i].Node != nil {
		return vis(p.entries[i].Node.Path()), "the entry's path", true
	}
	if sv, _, ok := p.save(i); ok && sv != nil {
		return vis(sv.File), "the save's file", true
	}
	return "", "", false
}

// copyText is, in the Overview (the one docPane of its own; Effective has
// its own copyText), the path of the ruleset shown.
func (p *docPane) copyText(s *snapshot) (string, string, bool) {
	if s.ws == nil || s.ws.Path == "" {
		return "", "", false
	}
	return vis(s.ws.Path), "the path", true
}

// copyable tells whether the focused tab has a selection y copies.
func (a *App) copyable() bool {
	c, ok := a.tab().(copier)
	if !ok {
		return false
	}
	_, _, ok = c.copyText(&a.snap)
	return ok
}

// maxCopyShown is how much of the text copied the status line repeats.
const maxCopyShown = 60

// copySelection copies the focused tab's selection to the clipboard,
// through the terminal, and says what was copied.
func (a *App) copySelection() tea.Cmd {
	c, ok := a.tab().(copier)
	if !ok {
		a.status = statusLine{text: "Nothing here to copy"}
		return nil
	}
	text, what, ok := c.copyText(&a.snap)
	if !ok {
		a.status = statusLine{text: "Nothing selected to copy"}
		return nil
	}
	shown := fit(text, maxCopyShown, a.styles.g.ellipsis)
	// The terminal is asked to copy (OSC 52); one that does not support it
	// ignores the request unseen, so the line says what was sent.
	a.status = statusLine{text: "Sent " + what + " to the terminal's clipboard (OSC 52): " + shown}
	return tea.SetClipboard(text)
}
