package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// paneID names a tab of the workbench: its index in tabTable.
type paneID int

// The tabs, in the order of tabTable. Only tests and documentation name
// them; the App reaches every tab through the tab interface.
const (
	paneOverview paneID = iota
	paneLayers
	paneEffective
	paneTranslations
	paneMigrations
	paneProblems
)

// tabSpec is one entry of the tab table: the tab's name, the shorter one
// used when the names do not fit, and how the tab is made.
type tabSpec struct {
	name, short string
	make        func(k *keyMap, cfg Config) tab
}

// tabTable lists the workbench's tabs in the order shown. Adding a tab is
// an entry here and a file for the tab's type, which implements tab; the
// App, the tab bar, the number keys and the help follow the table.
var tabTable = [...]tabSpec{
	{"Overview", "Overview", func(k *keyMap, _ Config) tab { return newDocPane(k, overviewLines) }},
	{"Layers", "Layers", func(k *keyMap, _ Config) tab { return newLayersPane(k) }},
	{"Effective", "Effect", func(k *keyMap, _ Config) tab { return newEffectivePane(k) }},
	{"Translations", "Lang", func(k *keyMap, _ Config) tab { return newTranslationsPane(k) }},
	{"Migrations", "Migr", func(k *keyMap, _ Config) tab { return newMigrationsPane(k) }},
	{"Problems", "Problems", func(k *keyMap, cfg Config) tab { return newProblemsPane(k, cfg.FS) }},
}

// paneCount is the number of tabs.
const paneCount = paneID(len(tabTable))

func (p paneID) String() string {
	if p >= 0 && p < paneCount {
		return tabTable[p].name
	}
	return "pane " + itoa(int(p))
}

// tab is a tab of the workbench as a component, in the manner of
// soft-serve's pages: it draws itself, and owns its keys (which of them
// work now, how the help labels them, what they do), its mouse clicks and
// the hint on the status line. The App handles only the keys that work
// everywhere (quit, help, tabs, reload, interrupt) and forwards the rest
// to the focused tab.
type tab interface {
	// set gives the tab what it shows, the styles and its body (in the
	// tab's own coordinates, from 0, 0), and whether a detail goes beside
	// a list. It is called on every change of data, size or style; a tab
	// keeps its selection on the same thing across calls.
	set(s *snapshot, st *styles, body rect, wide bool)
	// update handles a message the App forwards: a key the App did not
	// take, a clickMsg in the body, a paste (to the focused tab), or a
	// result such as a sourceMsg (to every tab). h is the App, for the
	// choices every tab shows.
	update(h host, msg tea.Msg) tea.Cmd
	// settle rebuilds what depends on the cursor, after it may have moved,
	// and returns a command for what that needs (a file to read), or nil.
	settle() tea.Cmd
	// syncKeys enables and labels the tab's bindings for its state; the
	// App has disabled all of them first and calls it only when the body
	// is drawn.
	syncKeys()
	// typing tells whether every key goes to the tab as text (a search
	// being typed).
	typing() bool
	// hint is the status line's text when there is no message.
	hint() string
	// scroller is what the movement keys move now, for the position on
	// the status line; scrollerAt what the wheel moves at a cell.
	scroller() *scroller
	scrollerAt(x, y int) *scroller
	// view draws the tab at its size.
	view() string
}

// badged is a tab whose name in the tab bar carries a count (Problems).
type badged interface {
	badge() int
}

// host is what a tab may ask of the App: the choices that every tab shows.
type host interface {
	// chooseLayer switches a layer on or off and refreshes every tab.
	chooseLayer(id string, on bool)
	// previewLang shows the ruleset in a language and refreshes every tab.
	previewLang(code string)
	// say puts a message on the status line.
	say(text string)
}

// clickMsg is a left click in the body, in the tab's coordinates.
type clickMsg struct{ x, y int }

// navKeys enables the movement keys when the scroller has something to
// move.
func navKeys(k *keyMap, sc *scroller) {
	on := sc.scrollable()
	for _, b := range k.movement() {
		b.SetEnabled(on)
	}
}

// navKey moves a scroller for a movement key, and tells whether msg was
// one.
func navKey(k *keyMap, sc *scroller, msg tea.KeyPressMsg) bool {
	switch {
	case key.Matches(msg, k.Up):
		sc.move(-1)
	case key.Matches(msg, k.Down):
		sc.move(1)
	case key.Matches(msg, k.PageUp):
		sc.page(-1)
	case key.Matches(msg, k.PageDown):
		sc.page(1)
	case key.Matches(msg, k.Top):
		sc.top()
	case key.Matches(msg, k.Bottom):
		sc.bottom()
	default:
		return false
	}
	return true
}
