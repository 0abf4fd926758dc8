package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/themes"
)

// wheelStep is how many rows one turn of the mouse wheel scrolls.
const wheelStep = 3

// App is the workbench: the root Bubble Tea model. It holds the workspace
// shown, the layer choice, the tabs and the chrome around them.
type App struct {
	cfg    Config
	keys   keyMap
	help   help.Model
	theme  themes.Theme
	dark   bool // the terminal's background as reported; dark until told
	styles *styles
	r      rects
	sized  bool
	focus  paneID
	snap   snapshot
	status statusLine
	// gen counts loads; a reload result for an older one is dropped.
	gen int
	// changes delivers a value each time the watched files change (nil
	// error) or the watcher fails; nil when nothing is watched.
	changes  <-chan error
	spans    [paneCount]tabSpan
	reading  string // the file being read for the source preview
	overview docPane
	effect   docPane
	layers   layersPane
	trans    translationsPane
	migr     migrationsPane
	problems problemsPane
}

// New makes the workbench for a configuration. The checks and the analysis
// of layers, translations and migrations run in the background once the
// program starts (Init), so that the first frame comes at once. An unknown
// theme name or a language that is not a language tag is an error.
func New(cfg Config) (App, error) {
	th, err := themes.ByName(cfg.Theme)
	if err != nil {
		return App{}, err
	}
	if cfg.Lang != "" {
		if _, err := i18n.ParseTag(cfg.Lang); err != nil {
			return App{}, fmt.Errorf("--lang %s: %w", cfg.Lang, err)
		}
	}
	if cfg.NoColor {
		th = th.WithoutColor()
	}
	a := App{
		cfg:      cfg,
		keys:     newKeyMap(cfg.ASCII),
		help:     help.New(),
		theme:    th,
		dark:     true,
		overview: newDocPane(overviewLines),
		effect:   newDocPane(effectiveLines),
		layers:   newLayersPane(),
		trans:    newTranslationsPane(),
		migr:     newMigrationsPane(),
		problems: newProblemsPane(),
	}
	if cfg.ASCII {
		a.help.ShortSeparator, a.help.Ellipsis = " - ", "..."
	}
	a.snap = snapshot{chosen: map[string]bool{}, lang: cfg.Lang}
	if ws := cfg.Workspace; ws != nil {
		a.snap.analysis = analysis{ws: ws, diags: ws.Diagnostics}
		a.snap.pending = true
	}
	a.restyle(a.dark)
	return a, nil
}

// analyseCmd checks and analyses the first workspace in the background.
func (a App) analyseCmd() tea.Cmd {
	ws, check, gen := a.cfg.Workspace, a.cfg.Check, a.gen
	if ws == nil {
		return nil
	}
	return func() tea.Msg { return reloadedMsg{gen: gen, analysis: analyse(ws, check), first: true} }
}

// Init implements tea.Model: it starts the checks, asks the terminal for
// its background colour and starts listening to the file watcher.
func (a App) Init() tea.Cmd {
	cmds := []tea.Cmd{a.analyseCmd()}
	if a.theme.Background == themes.Detect {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if a.changes != nil {
		cmds = append(cmds, waitForChange(a.changes))
	}
	return tea.Batch(cmds...)
}

// Update implements tea.Model. It only dispatches; each case is a method.
func (a App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		a.restyle(msg.IsDark())
	case tea.KeyPressMsg:
		cmd = a.onKey(msg)
	case tea.MouseClickMsg:
		cmd = a.onClick(msg.Mouse())
	case tea.MouseWheelMsg:
		a.onWheel(msg.Mouse())
	case filesChangedMsg:
		cmd = tea.Batch(a.startReload(), waitForChange(a.changes))
	case watchErrMsg:
		a.status = statusLine{text: "The file watcher failed: " + vis(msg.err.Error()), isErr: true}
		cmd = waitForChange(a.changes)
	case reloadedMsg:
		cmd = a.onReloaded(msg)
	case sourceMsg:
		a.onSource(msg)
	}
	a.pane(a.focus).settle()
	a.syncKeys()
	return a, cmd
}

// View implements tea.Model.
func (a App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	if !a.cfg.NoMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "rulebench"
	if rs := a.snap.ruleset(); rs != nil && rs.Name != "" {
		v.WindowTitle = "rulebench: " + vis(rs.Name)
	}
	return v
}

// render draws the whole screen as text.
func (a App) render() string {
	if !a.sized {
		return ""
	}
	st := a.styles
	if a.r.TooSmall {
		return tooSmallView(a.r.Width, a.r.Height, st)
	}
	tabs, _ := tabsView(a.focus, len(a.snap.diags), st, a.r.Width)
	parts := []string{
		headerView(&a.snap, st, a.r.Width),
		tabs,
		a.paneView(),
		statusView(a.status, a.hint(), a.pane(a.focus).scroller().position(), a.changes != nil, st, a.r.Width),
	}
	if a.r.Help.H > 0 {
		parts = append(parts, block(a.helpLines(a.keys), a.r.Width, a.r.Help.H, st.g.ellipsis))
	}
	return strings.Join(parts, "\n")
}

// pane returns the tab's pane.
func (a *App) pane(id paneID) pane {
	switch id {
	case paneLayers:
		return &a.layers
	case paneEffective:
		return &a.effect
	case paneTranslations:
		return &a.trans
	case paneMigrations:
		return &a.migr
	case paneProblems:
		return &a.problems
	}
	return &a.overview
}

func (a App) paneView() string { return a.pane(a.focus).view() }

// hint is what the status line says when there is no message: what the
// cursor is on.
func (a App) hint() string {
	if lp := a.listOf(a.focus); lp != nil && lp.inDetail {
		return "scrolling the detail; esc goes back to the list"
	}
	switch a.focus {
	case paneLayers:
		if t, ok := a.layers.selected(); ok {
			if t.blocked() {
				return vis(t.layer.Label) + " is blocked by " + quoteList(t.blockedBy) + ": switch that off first"
			}
			return fmt.Sprintf("%d of %d layers on", a.snap.onCount(), len(a.snap.toggles))
		}
	case paneProblems:
		if d, ok := a.problems.selected(); ok {
			return vis(d.Code)
		}
	}
	return ""
}

// resize lays the screen out for a new terminal size.
func (a *App) resize(w, h int) {
	a.sized = true
	a.r = layout(w, h, a.helpHeight(w))
	a.refresh()
}

// helpHeight is the room the help wants: one line, or for the full help
// the height it takes with every key enabled, so that the layout does not
// jump as keys come and go.
func (a *App) helpHeight(width int) int {
	if !a.help.ShowAll {
		return 1
	}
	return len(a.helpLines(newKeyMap(a.cfg.ASCII), width))
}

// helpLines draws the help for a key map: the short help on one line, or
// the full help's groups as columns that flow onto more rows when the
// terminal is narrow.
func (a App) helpLines(k keyMap, width ...int) []string {
	w := a.r.Width
	if len(width) > 0 {
		w = width[0]
	}
	h := a.help
	h.SetWidth(w - 1)
	if !h.ShowAll {
		return []string{" " + shortHelpLine(&h, k, w-1)}
	}
	sep := "   "
	var rows []string
	var row []string
	rowW := 0
	for _, g := range (helpView{k}).FullHelp() {
		col := h.FullHelpView([][]key.Binding{g})
		if col == "" {
			continue
		}
		cw := lipgloss.Width(col)
		if len(row) > 0 && rowW+len(sep)+cw > w-1 {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, rowW = nil, 0
		}
		if len(row) > 0 {
			row = append(row, sep)
			rowW += len(sep)
		}
		row, rowW = append(row, col), rowW+cw
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	var out []string
	for _, r := range rows {
		for _, l := range strings.Split(r, "\n") {
			out = append(out, " "+l)
		}
	}
	return out
}

// shortHelpLine draws the one-line help in width cells. When the enabled
// keys do not fit, the last of them are left out, but never help and quit,
// so that the way to every key and the way out always show.
func shortHelpLine(h *help.Model, k keyMap, width int) string {
	bs := helpView{k}.ShortHelp()
	for {
		line := h.ShortHelpView(bs)
		if ansi.StringWidth(line) <= width {
			return line
		}
		drop := -1
		for i := len(bs) - 1; i >= 0; i-- {
			if bs[i].Enabled() && !sameBinding(bs[i], k.Help) && !sameBinding(bs[i], k.Quit) {
				drop = i
				break
			}
		}
		if drop < 0 {
			return line
		}
		bs = append(bs[:drop:drop], bs[drop+1:]...)
	}
}

// sameBinding tells whether two bindings answer the same keys.
func sameBinding(a, b key.Binding) bool {
	return strings.Join(a.Keys(), " ") == strings.Join(b.Keys(), " ")
}

// restyle rebuilds the styles for the terminal's background.
func (a *App) restyle(detectedDark bool) {
	a.dark = detectedDark
	a.styles = newStyles(a.theme, a.theme.IsDark(detectedDark), a.cfg.ASCII)
	a.help.Styles = a.styles.help
	a.refresh()
}

// refresh pushes the data, styles and sizes into every pane.
func (a *App) refresh() {
	a.snap.resolve()
	if !a.sized || a.r.TooSmall {
		return
	}
	b := a.r.Body
	a.overview.set(&a.snap, a.styles, b.W, b.H)
	a.effect.set(&a.snap, a.styles, b.W, b.H)
	a.layers.set(&a.snap, a.styles, b, a.r.Wide)
	a.trans.set(&a.snap, a.styles, b, a.r.Wide)
	a.migr.set(&a.snap, a.styles, b, a.r.Wide)
	a.problems.set(&a.snap, a.styles, b, a.r.Wide)
	_, a.spans = tabsView(a.focus, len(a.snap.diags), a.styles, a.r.Width)
}

// listOf returns the list-and-detail part of a tab, nil for the tabs
// without one.
func (a *App) listOf(id paneID) *listPane {
	switch id {
	case paneLayers:
		return &a.layers.listPane
	case paneTranslations:
		return a.trans.current()
	case paneMigrations:
		return &a.migr.listPane
	}
	return nil
}

// syncKeys enables the bindings that work in the current state and
// disables the rest, so that the help tells the truth.
func (a *App) syncKeys() {
	k := &a.keys
	ready := a.sized && !a.r.TooSmall
	typing := a.typing()
	nav := ready && !typing && a.pane(a.focus).scroller().scrollable()
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom} {
		b.SetEnabled(nav)
	}
	t, ok := a.layers.selected()
	k.Toggle.SetEnabled(ready && a.focus == paneLayers && !a.layers.inDetail && ok && !t.blocked())
	if t.chosen {
		k.Toggle.SetHelp("space", "switch off")
	} else {
		k.Toggle.SetHelp("space", "switch on")
	}
	open, closing := false, false
	switch lp := a.listOf(a.focus); {
	case a.focus == paneProblems:
		open, closing = len(a.snap.diags) > 0 && !a.problems.open, a.problems.open
		k.Open.SetHelp("enter", "source")
		k.Close.SetHelp("esc", "close source")
	case a.focus == paneTranslations:
		open, closing = a.syncTranslationKeys(typing)
	case a.focus == paneMigrations && a.migr.stepping:
		closing = true
		k.Close.SetHelp("esc", "back to list")
	case a.focus == paneMigrations && a.migr.canStep():
		open, closing = true, false
		k.Open.SetHelp("enter", "step through")
	case lp != nil:
		open, closing = lp.canEnter(), lp.inDetail
		k.Open.SetHelp("enter", "scroll detail")
		k.Close.SetHelp("esc", "back to list")
	}
	k.Open.SetEnabled(ready && open)
	k.Close.SetEnabled(ready && closing)
	k.Reload.SetEnabled(a.cfg.Reload != nil && !typing)
	k.Quit.SetEnabled(!typing)
	k.Help.SetEnabled(!typing)
	k.NextTab.SetEnabled(!typing)
	k.PrevTab.SetEnabled(!typing)

	browsing := ready && !typing && a.focus == paneTranslations && a.trans.mode == browseStrings && a.trans.lang != nil
	for _, b := range []*key.Binding{&k.Untranslated, &k.ViaBase, &k.Stale, &k.AllStrings, &k.Search} {
		b.SetEnabled(browsing)
	}

	stepping := ready && a.focus == paneMigrations && a.migr.stepping
	s := &a.migr.step
	k.NextStep.SetEnabled(stepping && s.canMove(1))
	k.PrevStep.SetEnabled(stepping && s.canMove(-1))
	k.RunAll.SetEnabled(stepping && s.pos > 0 && s.pos != s.whole())
	switch {
	case stepping:
		k.NextGroup.SetEnabled(s.canJump(1))
		k.PrevGroup.SetEnabled(s.canJump(-1))
		k.NextGroup.SetHelp("]", "next entry")
		k.PrevGroup.SetHelp("[", "previous entry")
	case ready && (a.focus == paneEffective || a.focus == paneOverview):
		doc := &a.overview
		if a.focus == paneEffective {
			doc = &a.effect
		}
		k.NextGroup.SetEnabled(doc.canJump(1))
		k.PrevGroup.SetEnabled(doc.canJump(-1))
		k.NextGroup.SetHelp("]", "next section")
		k.PrevGroup.SetHelp("[", "previous section")
	default:
		k.NextGroup.SetEnabled(false)
		k.PrevGroup.SetEnabled(false)
	}
}

// syncTranslationKeys sets what enter and esc do in the Translations tab,
// and tells whether each works.
func (a *App) syncTranslationKeys(typing bool) (open, closing bool) {
	k, p := &a.keys, &a.trans
	switch {
	case typing:
		k.Open.SetHelp("enter", "keep search")
		k.Close.SetHelp("esc", "clear search")
		return true, true
	case p.mode == pickLanguage || p.lang == nil:
		k.Open.SetHelp("enter", "show strings")
		return len(p.langs) > 0, false
	case p.table.inDetail:
		k.Close.SetHelp("esc", "back to list")
		return false, true
	}
	k.Open.SetHelp("enter", "scroll detail")
	if p.query != "" {
		k.Close.SetHelp("esc", "clear search")
	} else {
		k.Close.SetHelp("esc", "languages")
	}
	return p.table.canEnter(), true
}

// onKey handles a key press: the keys that work everywhere, then the
// focused pane's. While a search is typed, keys go to it.
func (a *App) onKey(msg tea.KeyPressMsg) tea.Cmd {
	a.status = statusLine{}
	k := a.keys
	if key.Matches(msg, k.Interrupt) {
		return tea.Interrupt
	}
	if a.typing() {
		a.trans.typeKey(msg)
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case a.r.TooSmall || !a.sized:
		return nil
	case key.Matches(msg, k.Help):
		a.help.ShowAll = !a.help.ShowAll
		a.resize(a.r.Width, a.r.Height)
	case key.Matches(msg, k.NextTab):
		a.focus = (a.focus + 1) % paneCount
	case key.Matches(msg, k.PrevTab):
		a.focus = (a.focus + paneCount - 1) % paneCount
	case key.Matches(msg, k.Reload):
		return a.startReload()
	default:
		for i, b := range k.Tabs {
			if key.Matches(msg, b) {
				a.focus = paneID(i)
				return a.readSource()
			}
		}
		return a.onPaneKey(msg)
	}
	return a.readSource()
}

// typing tells whether keys go to the Translations search.
func (a *App) typing() bool {
	return a.sized && !a.r.TooSmall && a.focus == paneTranslations && a.trans.searching
}

// onPaneKey handles the keys that act on the focused pane.
func (a *App) onPaneKey(msg tea.KeyPressMsg) tea.Cmd {
	k, sc := a.keys, a.pane(a.focus).scroller()
	switch a.focus {
	case paneTranslations:
		if a.translationsKey(msg) {
			return nil
		}
	case paneMigrations:
		if a.migrationsKey(msg) {
			return nil
		}
	case paneOverview, paneEffective:
		doc := &a.overview
		if a.focus == paneEffective {
			doc = &a.effect
		}
		switch {
		case key.Matches(msg, k.NextGroup):
			doc.jump(1)
			return nil
		case key.Matches(msg, k.PrevGroup):
			doc.jump(-1)
			return nil
		}
	}
	lp := a.listOf(a.focus)
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
	case key.Matches(msg, k.Toggle):
		a.toggleLayer()
	case key.Matches(msg, k.Open) && a.focus == paneProblems:
		a.problems.setOpen(true)
	case key.Matches(msg, k.Close) && a.focus == paneProblems:
		a.problems.setOpen(false)
	case key.Matches(msg, k.Open) && lp != nil:
		lp.inDetail = true
	case key.Matches(msg, k.Close) && lp != nil:
		lp.inDetail = false
	}
	return a.readSource()
}

// translationsKey handles the Translations tab's own keys: choosing a
// language, going back to the languages, the filters and the search. It
// tells whether the key was one of them.
func (a *App) translationsKey(msg tea.KeyPressMsg) bool {
	k, p := a.keys, &a.trans
	switch {
	case p.mode == pickLanguage && key.Matches(msg, k.Open):
		a.chooseLanguage()
	case p.mode == browseStrings && !p.table.inDetail && key.Matches(msg, k.Close):
		if p.query != "" {
			p.query = ""
			p.settle()
		} else {
			p.back()
		}
	case key.Matches(msg, k.Untranslated):
		p.setFilter(filterUntranslated)
	case key.Matches(msg, k.ViaBase):
		p.setFilter(filterViaBase)
	case key.Matches(msg, k.Stale):
		p.setFilter(filterStale)
	case key.Matches(msg, k.AllStrings):
		p.filter = filterStale // setFilter on the filter in use shows all
		p.setFilter(filterAll)
	case key.Matches(msg, k.Search):
		p.startSearch()
	default:
		return false
	}
	return true
}

// chooseLanguage opens the strings of the language under the picker's
// cursor and previews the ruleset in it (the Overview gives its name in
// that language).
func (a *App) chooseLanguage() {
	l := a.trans.open()
	if l == nil {
		return
	}
	a.snap.setLang(l.Lang)
	a.refresh()
	a.status = statusLine{text: "Showing the strings as a player reading " + vis(l.Lang) + " sees them"}
}

// migrationsKey handles the Migrations tab's own keys: stepping through a
// save. It tells whether the key was one of them.
func (a *App) migrationsKey(msg tea.KeyPressMsg) bool {
	k, p := a.keys, &a.migr
	switch {
	case !p.stepping && key.Matches(msg, k.Open) && p.canStep():
		p.startStepping()
	case !p.stepping:
		return false
	case key.Matches(msg, k.Close):
		p.stepping = false
	case key.Matches(msg, k.NextStep):
		p.step.move(1)
	case key.Matches(msg, k.PrevStep):
		p.step.move(-1)
	case key.Matches(msg, k.NextGroup):
		p.step.jumpEntry(1)
	case key.Matches(msg, k.PrevGroup):
		p.step.jumpEntry(-1)
	case key.Matches(msg, k.RunAll):
		p.step.runAll()
	default:
		return false
	}
	return true
}

// toggleLayer switches the selected layer on or off.
func (a *App) toggleLayer() {
	before, ok := a.layers.selected()
	if !ok || before.blocked() {
		return
	}
	a.snap.chosen = withChosen(a.snap.chosen, before.layer.ID, !before.chosen)
	a.refresh()
	after, _ := a.layers.selected()
	a.status = statusLine{text: toggleStatus(after)}
}

// onClick handles a left click: on a tab, it opens it; on a layer, it
// selects and switches it; on another row, it selects it.
func (a *App) onClick(m tea.Mouse) tea.Cmd {
	if m.Button != tea.MouseLeft || !a.sized || a.r.TooSmall {
		return nil
	}
	if m.Y == a.r.Tabs.Y {
		for i, s := range a.spans {
			if m.X >= s.start && m.X < s.end {
				a.focus = paneID(i)
				break
			}
		}
		return a.readSource()
	}
	if !a.r.Body.contains(m.X, m.Y) {
		return nil
	}
	x, y := m.X-a.r.Body.X, m.Y-a.r.Body.Y
	if a.focus == paneMigrations && a.migr.stepping {
		return nil
	}
	if lp := a.listOf(a.focus); lp != nil {
		if !lp.lr.contains(x, y) {
			return nil
		}
		lp.inDetail = false
		if lp.list.selectVisible(y - lp.lr.Y) {
			switch {
			case a.focus == paneLayers:
				a.toggleLayer()
			case a.focus == paneTranslations && a.trans.mode == pickLanguage:
				a.chooseLanguage()
			}
		}
		return nil
	}
	if a.focus == paneProblems {
		if lr := a.problems.listRect(); lr.contains(x, y) {
			a.problems.scroll.selectVisible(y - lr.Y)
		}
	}
	return a.readSource()
}

// onWheel scrolls what is under the mouse.
func (a *App) onWheel(m tea.Mouse) {
	if !a.sized || a.r.TooSmall {
		return
	}
	sc := a.pane(a.focus).scrollerAt(m.X-a.r.Body.X, m.Y-a.r.Body.Y)
	switch m.Button {
	case tea.MouseWheelUp:
		sc.scroll(-wheelStep)
	case tea.MouseWheelDown:
		sc.scroll(wheelStep)
	}
}

// startReload reads the files again and analyses them in the background.
func (a *App) startReload() tea.Cmd {
	if a.cfg.Reload == nil {
		return nil
	}
	a.gen++
	reload, check, gen := a.cfg.Reload, a.cfg.Check, a.gen
	return func() tea.Msg {
		ws, err := reload()
		if err != nil {
			return reloadedMsg{gen: gen, err: err}
		}
		return reloadedMsg{gen: gen, analysis: analyse(ws, check)}
	}
}

// broken tells whether a workspace has no ruleset to show.
func broken(ws *model.Workspace) bool {
	return ws == nil || ws.Ruleset == nil || ws.Ruleset.Root == nil || ws.Ruleset.Root.Kind != model.Object
}

// onReloaded takes in the files read again. A broken ruleset keeps the
// last good one on screen and shows the new findings; the layer choice,
// the tab and the selections stay.
func (a *App) onReloaded(msg reloadedMsg) tea.Cmd {
	if msg.gen != a.gen {
		return nil
	}
	if msg.err != nil {
		a.status = statusLine{text: "Cannot reload: " + vis(msg.err.Error()), isErr: true}
		return nil
	}
	layerID := ""
	if t, ok := a.layers.selected(); ok {
		layerID = t.layer.ID
	}
	lang := ""
	if l, ok := a.trans.selectedLang(); ok {
		lang = l.Lang
	}
	finding, hadFinding := a.problems.selected()
	a.snap.broken = broken(msg.ws) && !broken(a.snap.ws)
	a.snap.pending = false
	if a.snap.broken {
		a.snap.diags = msg.diags
	} else {
		a.snap.analysis = msg.analysis
		a.snap.setLang(a.snap.lang)
	}
	a.problems.resetSources()
	a.reading = ""
	a.refresh()
	a.layers.selectByID(layerID)
	a.trans.selectLang(lang)
	if hadFinding {
		a.problems.selectFinding(finding)
	}
	switch {
	case a.snap.broken:
		a.status = statusLine{text: fmt.Sprintf("Broken on disk (%s): showing the last good version", describeFindings(msg.diags)), isErr: true}
	case msg.failed != "":
		a.status = statusLine{text: vis(msg.failed), isErr: true}
	case msg.first:
	default:
		a.status = statusLine{text: fmt.Sprintf("Reloaded at %s: %s", time.Now().Format("15:04:05"), describeFindings(msg.diags))}
	}
	return a.readSource()
}

// readSource starts reading the file the source preview needs.
func (a *App) readSource() tea.Cmd {
	file, need := a.problems.wantSource()
	if !need || file == a.reading {
		return nil
	}
	if a.cfg.FS == nil {
		a.problems.addSource(file, source{err: errNoSource})
		return nil
	}
	a.reading = file
	return readSourceCmd(a.cfg.FS, a.gen, file)
}

// onSource takes in a file read for the preview.
func (a *App) onSource(msg sourceMsg) {
	if msg.gen != a.gen {
		return
	}
	if a.reading == msg.file {
		a.reading = ""
	}
	a.problems.addSource(msg.file, source{lines: msg.lines, err: msg.err})
}
