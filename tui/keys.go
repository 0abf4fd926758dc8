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
	// Edit opens $VISUAL or $EDITOR at the selection.
	Edit key.Binding
	// Fix makes the selected finding's fix (Problems).
	Fix key.Binding
	// Copy copies the selection to the clipboard, through the terminal.
	Copy key.Binding
	// translations: the string filters and the search; Quality goes
	// through the quality checks' filters one at a time
	Untranslated, ViaBase, Stale, AllStrings, Quality, Search key.Binding
	// migrations: stepping through a save; NextGroup and PrevGroup also
	// jump between the Effective tab's sections
	NextStep, PrevStep, NextGroup, PrevGroup, RunAll, ChangesOnly key.Binding
	// problems: the severity shown
	Severity key.Binding
	// effective: the market price level shown when they do not all fit
	NextLevel, PrevLevel key.Binding
	// view
	NextTab, PrevTab key.Binding
	// Tabs go to each tab by its number, in the order of tabTable.
	Tabs []key.Binding
	// TabsHelp stands for all of Tabs in the help; Update never matches it.
	TabsHelp key.Binding
	// app
	Help, Quit, Interrupt key.Binding
}

// newKeyMap returns the workbench's key bindings, all enabled; with ascii
// the help names keys in plain ASCII.
func newKeyMap(ascii bool) keyMap {
	up, down, right, left, shiftTab := "↑", "↓", "→", "←", "⇧tab"
	if ascii {
		up, down, right, left, shiftTab = "up", "down", "right", "left", "shift+tab"
	}
	k := keyMap{
		Up:           key.NewBinding(key.WithKeys("up", "k"), key.WithHelp(up+"/k", "up")),
		Down:         key.NewBinding(key.WithKeys("down", "j"), key.WithHelp(down+"/j", "down")),
		PageUp:       key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown:     key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		Top:          key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		Bottom:       key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),
		Toggle:       key.NewBinding(key.WithKeys("space", "x"), key.WithHelp("space", "toggle")),
		Open:         key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "source")),
		Close:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Reload:       key.NewBinding(key.WithKeys("r", "ctrl+r"), key.WithHelp("r", "reload")),
		Edit:         key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Fix:          key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "fix")),
		Copy:         key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy")),
		Untranslated: key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "untranslated")),
		ViaBase:      key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "via base")),
		Stale:        key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "stale keys")),
		AllStrings:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all strings")),
		Quality:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "checks")),
		Search:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		NextStep:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next step")),
		PrevStep:     key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "step back")),
		NextGroup:    key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next entry")),
		PrevGroup:    key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous entry")),
		RunAll:       key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "whole chain")),
		ChangesOnly:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "changes only")),
		NextLevel:    key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "next price level")),
		Severity:     key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "errors only")),
		PrevLevel:    key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "previous price level")),
		NextTab:      key.NewBinding(key.WithKeys("tab", "right", "l"), key.WithHelp("tab/"+right, "next tab")),
		PrevTab:      key.NewBinding(key.WithKeys("shift+tab", "left", "h"), key.WithHelp(shiftTab+"/"+left, "previous tab")),
		Help:         key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		Quit:         key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		Interrupt:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "interrupt (exit 130)")),
	}
	var numbers []string
	k.Tabs = make([]key.Binding, paneCount)
	for i := range k.Tabs {
		n := string(rune('1' + i))
		numbers = append(numbers, n)
		k.Tabs[i] = key.NewBinding(key.WithKeys(n), key.WithHelp(n, paneID(i).String()))
	}
	k.TabsHelp = key.NewBinding(key.WithKeys(numbers...), key.WithHelp("1-"+numbers[len(numbers)-1], "go to tab"))
	return k
}

// movement are the keys that move a cursor or a document.
func (k *keyMap) movement() []*key.Binding {
	return []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom}
}

// tabOwned are the keys the tabs own: the App disables them all before the
// focused tab enables its own (tab.syncKeys).
func (k *keyMap) tabOwned() []*key.Binding {
	return append(k.movement(), &k.Toggle, &k.Open, &k.Close,
		&k.Untranslated, &k.ViaBase, &k.Stale, &k.AllStrings, &k.Quality, &k.Search,
		&k.NextStep, &k.PrevStep, &k.NextGroup, &k.PrevGroup, &k.RunAll, &k.ChangesOnly, &k.NextLevel, &k.PrevLevel, &k.Severity)
}

// helpView is what the help bubble draws: the key map as it stands.
type helpView struct{ k keyMap }

// ShortHelp implements help.KeyMap: the pane's own keys, then help and
// quit, then the rest; a line too long is cut from the end.
func (h helpView) ShortHelp() []key.Binding {
	k := h.k
	return []key.Binding{k.Toggle, k.Open, k.Close, k.Fix, k.Edit, k.NextStep, k.PrevStep, k.RunAll, k.ChangesOnly, k.NextGroup, k.PrevGroup,
		k.NextLevel, k.PrevLevel, k.Severity, k.Untranslated, k.Stale, k.Search, k.Help, k.Quit, k.Copy, k.NextTab, k.Reload}
}

// FullHelp implements help.KeyMap: the keys grouped by purpose, the
// application's own first, so that a small terminal cuts movement keys
// before the way out.
func (h helpView) FullHelp() [][]key.Binding {
	k := h.k
	help := k.Help
	help.SetHelp("?", "close help")
	return [][]key.Binding{
		{help, k.Quit, k.Interrupt},
		{k.NextTab, k.PrevTab, k.TabsHelp},
		{k.Toggle, k.Open, k.Close, k.Fix, k.Edit, k.Copy, k.Reload},
		{k.Untranslated, k.ViaBase, k.Stale, k.AllStrings, k.Quality, k.Search, k.Severity},
		{k.NextStep, k.PrevStep, k.NextGroup, k.PrevGroup, k.RunAll, k.ChangesOnly, k.NextLevel, k.PrevLevel},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
	}
}

// keyDoc is one row of the key map as documented in the README.
type keyDoc struct{ Keys, Action, Where string }

// keyDocs lists every key of the map for the documentation, with where it
// works. It is built from the same bindings as the program's keys, so a
// test can hold the README to them.
func keyDocs(k keyMap) []keyDoc {
	keys := func(b key.Binding) string { return joinKeys(b.Keys()) }
	return []keyDoc{
		{keys(k.Help), "show or hide every key", "everywhere"},
		{keys(k.Quit), "quit", "everywhere"},
		{keys(k.Interrupt), "quit at once; the program exits with status 130", "everywhere"},
		{keys(k.NextTab), "next tab", "everywhere"},
		{keys(k.PrevTab), "previous tab", "everywhere"},
		{keys(k.TabsHelp), "go to tab 1 " + paneID(0).String() + " … " + itoa(int(paneCount)) + " " + (paneCount - 1).String(), "everywhere"},
		{keys(k.Reload), "read the files again (they are also watched)", "everywhere"},
		{keys(k.Edit), "open $VISUAL or $EDITOR at the file, line and column of the selection; the workbench waits, then reads the files again", "Layers, Effective (a price or an entry), Translations, Migrations, Problems"},
		{keys(k.Fix), "make the selected finding's fix, as rulebench fix would (a checksum, a size, a capability, a spelling), writing the file in place; the workbench then reads the files again", "Problems, a finding marked as fixable"},
		{keys(k.Copy), "copy the selection to the clipboard, through the terminal (OSC 52, so over ssh too): a finding as rulebench check writes it, a layer's id, an Effective row, a string's English text or a language's tag, a migration entry's or step's JSON path, a save's file, the Overview's path", "every tab with a selection"},
		{keys(k.Up), "up: the cursor, or the text (in Effective the cursor stops on rows: prices, entries, steps)", "lists and documents"},
		{keys(k.Down), "down", "lists and documents"},
		{keys(k.PageUp), "page up", "lists and documents"},
		{keys(k.PageDown), "page down", "lists and documents"},
		{keys(k.Top), "first row, or the top", "lists and documents"},
		{keys(k.Bottom), "last row, or the end", "lists and documents"},
		{keys(k.Toggle), "switch the selected layer on or off", "Layers"},
		{keys(k.Open), "choose the language; step through the save (or one rehearsed with the --since draft); scroll the detail; show the finding's source; how the selected price is worked out (again to hide it)", "Translations, Migrations, Layers, Problems, Effective"},
		{keys(k.Close), "back: to the list, to the languages, out of the save, close the source; show every row again after a filter", "wherever enter went somewhere, and a filtered list"},
		{keys(k.NextGroup), "next section", "Overview, Effective"},
		{keys(k.PrevGroup), "previous section", "Overview, Effective"},
		{keys(k.NextLevel), "the prices at the next market price level", "Effective, when the levels do not fit side by side"},
		{keys(k.PrevLevel), "the prices at the previous market price level", "Effective, when the levels do not fit side by side"},
		{keys(k.Untranslated), "only untranslated strings (missing or empty); again for all", "Translations, a language's strings"},
		{keys(k.ViaBase), "only strings shown through the base language", "Translations, a language's strings"},
		{keys(k.Stale), "only stale keys (matching no display string)", "Translations, a language's strings"},
		{keys(k.AllStrings), "every string", "Translations, a language's strings"},
		{keys(k.Quality), "only the translations a quality check questions: any check, then each check in turn (same as English, white space, end punctuation, numbers, brackets, far longer), then every string again", "Translations, a language's strings"},
		{keys(k.Search), "search the English and shown text: the strings either of which contains the text, in any case; enter keeps it, esc clears it", "Translations, a language's strings"},
		{keys(k.Search), "type a language tag, with a file or not (as --lang takes); enter shows its strings", "Translations, the language picker"},
		{keys(k.Search), "filter by text (file, code, path, message); enter keeps it, esc clears it", "Problems"},
		{keys(k.Search), "filter by text (label, id, summary, what it changes); enter keeps it, esc clears it", "Layers"},
		{keys(k.Search), "filter by item, entry or section (a section's heading keeps all of it); enter keeps it, esc clears it", "Effective"},
		{keys(k.Search), "filter by text (an entry's versions and steps, a save's file and status); enter keeps it, esc clears it", "Migrations"},
		{keys(k.Severity), "only errors, then warnings, then info, then all findings again", "Problems"},
		{keys(k.NextStep), "next migration step", "Migrations, stepping through a save"},
		{keys(k.PrevStep), "previous migration step", "Migrations, stepping through a save"},
		{keys(k.NextGroup), "first step of the next entry", "Migrations, stepping through a save"},
		{keys(k.PrevGroup), "first step of the previous entry", "Migrations, stepping through a save"},
		{keys(k.RunAll), "run the whole chain: the save as saved beside the migrated sheet", "Migrations, stepping through a save"},
		{keys(k.ChangesOnly), "show only the changed lines (and one around each), or every line again", "Migrations, stepping through a save"},
	}
}

// joinKeys writes a binding's keys for people: "space, x".
func joinKeys(ks []string) string {
	out := ""
	for i, k := range ks {
		if i > 0 {
			out += ", "
		}
		out += k
	}
	return out
}
