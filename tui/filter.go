package tui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

// listFilter is the text a list tab is filtered by, typed after /: enter
// keeps it, esc drops it; a row is kept when its text holds the filter's,
// in any case. The Translations tab types its search with it too, matching
// the English and the shown text each on its own.
type listFilter struct {
	input textinput.Model
	// query is the text kept, lower-cased, as the rows were filtered by.
	query string
	st    *styles
}

func newListFilter() listFilter {
	in := textinput.New()
	in.Prompt = "/"
	in.CharLimit = maxQuery
	return listFilter{input: in}
}

// restyle draws the filter in the styles.
func (f *listFilter) restyle(st *styles) {
	if f.st != st {
		f.st = st
		f.input.SetStyles(searchStyles(st))
	}
}

// typing tells whether the filter is being typed.
func (f *listFilter) typing() bool { return f.input.Focused() }

// active tells whether the filter hides rows or is being typed.
func (f *listFilter) active() bool { return f.typing() || f.query != "" }

// start begins typing the filter, from what it holds.
func (f *listFilter) start() tea.Cmd {
	f.input.CursorEnd()
	return f.input.Focus()
}

// clear drops the filter.
func (f *listFilter) clear() {
	f.input.Blur()
	f.input.Reset()
	f.query = ""
}

// update takes a key or a paste while the filter is typed: enter keeps
// it, esc drops it, the text input takes the rest.
func (f *listFilter) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m, _ := msg.(tea.KeyPressMsg); {
	case m.Code == tea.KeyEnter && m.Mod == 0:
		f.input.Blur()
	case m.Code == tea.KeyEscape:
		f.clear()
	default:
		f.input, cmd = f.input.Update(msg)
		if v := model.Visible(f.input.Value()); v != f.input.Value() {
			f.input.SetValue(v)
		}
	}
	f.query = strings.ToLower(strings.TrimSpace(f.input.Value()))
	return cmd
}

// keeps tells whether a row of the given texts is kept.
func (f *listFilter) keeps(texts ...string) bool {
	if f.query == "" {
		return true
	}
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), f.query) {
			return true
		}
	}
	return false
}

// view draws the filter for the line above the list: the text being
// typed, or the one kept.
func (f *listFilter) view() string {
	if f.typing() {
		return f.input.View()
	}
	if f.query == "" {
		return ""
	}
	return f.st.muted.Render("filter ") + f.st.accent.Render(vis(f.input.Value()))
}

// syncKeys labels enter and esc while the filter is typed, and enables
// them; it tells whether it is typed (the tab then offers nothing else).
func (f *listFilter) syncKeys(k *keyMap) bool {
	if !f.typing() {
		k.Search.SetHelp("/", "filter")
		return false
	}
	k.Open.SetHelp("enter", "keep filter")
	k.Close.SetHelp("esc", "clear filter")
	k.Open.SetEnabled(true)
	k.Close.SetEnabled(true)
	return true
}
