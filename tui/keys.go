package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key the workbench answers to. It is built once by
// newKeyMap and kept on the App; bindings are enabled and disabled as the
// state changes (App.syncKeys), so the help lists only keys that work now.
type keyMap struct {
	// navigate
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// act
	Toggle, Open, Close, Reload key.Binding
	// view
	NextTab, PrevTab key.Binding
	Tabs             [paneCount]key.Binding
	// TabsHelp stands for all of Tabs in the help; Update never matches it.
	TabsHelp key.Binding
	// app
	Help, Quit key.Binding
}

// newKeyMap returns the workbench's key bindings, all enabled; with ascii
// the help names keys in plain ASCII.
func newKeyMap(ascii bool) keyMap {
	up, down, right, left, shiftTab := "↑", "↓", "→", "←", "⇧tab"
	if ascii {
		up, down, right, left, shiftTab = "up", "down", "right", "left", "shift+tab"
	}
	k := keyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp(up+"/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp(down+"/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Toggle:   key.NewBinding(key.WithKeys("space", "x"), key.WithHelp("space", "toggle")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "source")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Reload:   key.NewBinding(key.WithKeys("r", "ctrl+r"), key.WithHelp("r", "reload")),
		NextTab:  key.NewBinding(key.WithKeys("tab", "right", "l"), key.WithHelp("tab/"+right, "next tab")),
		PrevTab:  key.NewBinding(key.WithKeys("shift+tab", "left", "h"), key.WithHelp(shiftTab+"/"+left, "previous tab")),
		Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		Quit:     key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
	var numbers []string
	for i := range k.Tabs {
		n := string(rune('1' + i))
		numbers = append(numbers, n)
		k.Tabs[i] = key.NewBinding(key.WithKeys(n), key.WithHelp(n, paneID(i).String()))
	}
	k.TabsHelp = key.NewBinding(key.WithKeys(numbers...), key.WithHelp("1-"+numbers[len(numbers)-1], "go to tab"))
	return k
}

// helpView is what the help bubble draws: the key map as it stands.
type helpView struct{ k keyMap }

// ShortHelp implements help.KeyMap: the pane's own keys, then help and
// quit, then the rest; a line too long is cut from the end.
func (h helpView) ShortHelp() []key.Binding {
	return []key.Binding{h.k.Toggle, h.k.Open, h.k.Close, h.k.Help, h.k.Quit, h.k.NextTab, h.k.Reload}
}

// FullHelp implements help.KeyMap: the keys grouped by purpose, the
// application's own first, so that a small terminal cuts movement keys
// before the way out.
func (h helpView) FullHelp() [][]key.Binding {
	help := h.k.Help
	help.SetHelp("?", "close help")
	return [][]key.Binding{
		{help, h.k.Quit},
		{h.k.NextTab, h.k.PrevTab, h.k.TabsHelp},
		{h.k.Toggle, h.k.Open, h.k.Close, h.k.Reload},
		{h.k.Up, h.k.Down, h.k.PageUp, h.k.PageDown, h.k.Top, h.k.Bottom},
	}
}
