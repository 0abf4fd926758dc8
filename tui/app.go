package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/themes"
)

// wheelStep is how many rows one turn of the mouse wheel scrolls.
const wheelStep = 3

// App is the workbench: the root Bubble Tea model. It holds the workspace
// shown, the layer choice, the tabs and the chrome around them. It handles
// the keys that work everywhere and forwards the rest to the focused tab;
// each tab owns its keys, clicks and hints (see tab).
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
	changes <-chan error
	spans   [paneCount]tabSpan
	tabs    [paneCount]tab
	// execProcess runs the editor, suspending the program; nil means
	// tea.ExecProcess (tests put a recorder here).
	execProcess func(*exec.Cmd, tea.ExecCallback) tea.Cmd
	// lookPath finds the editor's program; nil means exec.LookPath.
	lookPath func(string) (string, error)
	// editorNote is what the editor's return said, kept until the reload
	// it started comes back, which says it again before its own news.
	editorNote statusLine
	// helpMemo holds the help's lines drawn lately, by helpKey; restyle
	// empties it.
	helpMemo map[string][]string
	// watching is set by Run: the files are watched (as Config.Watch
	// asks) from when they are first read; unwatch stops the watchers
	// started, nil before.
	watching bool
	unwatch  func()
}

// New makes the workbench for a configuration. The checks and the analysis
// of layers, translations and migrations run in the background once the
// program starts (Init), so that the first frame comes at once; without a
// Config.Workspace, the files are first read with Config.Reload in the
// background too, the first frame saying so. An unknown theme name or a
// language that is not a language tag is an error.
func New(cfg Config) (*App, error) {
	th, err := themes.ByName(cfg.Theme)
	if err != nil {
		return nil, err
	}
	if cfg.Lang != "" {
		if _, err := i18n.ParseTag(cfg.Lang); err != nil {
			return nil, fmt.Errorf("--lang %s: %w", cfg.Lang, err)
		}
	}
	if cfg.NoColor {
		th = th.WithoutColor()
	}
	a := &App{cfg: cfg, keys: newKeyMap(cfg.ASCII), help: help.New(), theme: th, dark: true}
	for i, spec := range tabTable {
		a.tabs[i] = spec.make(&a.keys, cfg)
	}
	if cfg.ASCII {
		a.help.ShortSeparator, a.help.Ellipsis = " - ", "..."
	}
	a.snap = snapshot{chosen: map[string]bool{}, lang: cfg.Lang}
	if ws := cfg.Workspace; ws != nil {
		a.snap.analysis = analysis{ws: ws, diags: ws.Diagnostics}
		a.snap.diagsWS = ws
		a.snap.pending = true
	} else if cfg.Reload != nil {
		a.snap.loading, a.snap.pending = true, true
	}
	a.snap.resolve()
	a.restyle(a.dark)
	if a.snap.loading {
		a.status = statusLine{text: "Reading the files" + a.styles.g.ellipsis}
	}
	return a, nil
}

// loadCmd reads the files in the background when the workbench started
// without them.
func (a *App) loadCmd() tea.Cmd {
	load, gen := a.cfg.Reload, a.gen
	return func() tea.Msg {
		ws, err := load()
		return loadedMsg{gen: gen, ws: ws, err: err}
	}
}

// onLoaded takes in the files first read in the background: they are
// shown at once, checked and analysed in the background (analyseCmd), and
// watched when Run watches. A reload asked for meanwhile (a later gen)
// has the last word.
func (a *App) onLoaded(msg loadedMsg) tea.Cmd {
	if msg.gen != a.gen {
		return nil
	}
	a.snap.loading = false
	if msg.err != nil {
		a.snap.pending = false
		a.snap.unreadable = "unreadable"
		if errors.Is(msg.err, fs.ErrNotExist) {
			a.snap.unreadable = "gone from disk"
		}
		a.status = statusLine{text: "Cannot read the files (" + vis(msg.err.Error()) + ")", isErr: true}
		a.place()
		return nil
	}
	a.cfg.Workspace = msg.ws
	a.snap.analysis = analysis{ws: msg.ws, diags: msg.ws.Diagnostics}
	a.snap.diagsWS = msg.ws
	a.status = statusLine{}
	a.refresh()
	return tea.Batch(a.analyseCmd(), a.watchLoaded())
}

// watchLoaded starts watching the files first read in the background, when
// Run watches and nothing is watched yet, and returns the wait for their
// first change.
func (a *App) watchLoaded() tea.Cmd {
	if !a.watching || a.unwatch != nil {
		return nil
	}
	a.unwatch = a.watch()
	return waitForChange(a.changes)
}

// analyseCmd checks and analyses the first workspace in the background.
func (a *App) analyseCmd() tea.Cmd {
	ws, old, check, policy, gen := a.cfg.Workspace, a.cfg.Since, a.cfg.Check, a.cfg.Policy, a.gen
	if ws == nil {
		return nil
	}
	return func() tea.Msg {
		return reloadedMsg{gen: gen, analysis: analyseSince(ws, old, check, policy), first: true}
	}
}

// Init implements tea.Model: it starts the checks, asks the terminal for
// its background colour and starts listening to the file watcher.
func (a *App) Init() tea.Cmd {
	cmds := []tea.Cmd{a.analyseCmd()}
	if a.snap.loading {
		cmds[0] = a.loadCmd()
	}
	if a.theme.Background == themes.Detect {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if a.changes != nil {
		cmds = append(cmds, waitForChange(a.changes))
	}
	return tea.Batch(cmds...)
}

// Update implements tea.Model. It only dispatches; each case is a method.
// Keys, clicks and pastes go to the focused tab unless they are global;
// results the App does not know go to every tab.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
	case tea.PasteMsg:
		if a.ready() {
			cmd = a.tab().update(a, msg)
		}
	case filesChangedMsg:
		cmd = tea.Batch(a.startReload(), waitForChange(a.changes))
	case watchErrMsg:
		a.status = statusLine{text: "The file watcher failed: " + vis(msg.err.Error()), isErr: true}
		cmd = waitForChange(a.changes)
	case loadedMsg:
		cmd = a.onLoaded(msg)
	case reloadedMsg:
		cmd = a.onReloaded(msg)
	case editorDoneMsg:
		cmd = a.onEditorDone(msg)
	case fixedMsg:
		cmd = a.onFixed(msg)
	default:
		cmd = a.broadcast(msg)
	}
	cmd = tea.Batch(cmd, a.tab().settle())
	a.syncKeys()
	a.fitChrome()
	return a, cmd
}

// broadcast passes a message to every tab.
func (a *App) broadcast(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, t := range a.tabs {
		cmds = append(cmds, t.update(a, msg))
	}
	return tea.Batch(cmds...)
}

// View implements tea.Model.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	if !a.cfg.NoMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "rulebench"
	if rs := a.snap.ruleset(); rs != nil && rs.Name != "" {
		v.WindowTitle = "rulebench: " + vis(model.Cut(rs.Name, maxTitleName))
	}
	return v
}

// maxTitleName is the most characters of the ruleset's name the window
// title and the header line show: a name of megabytes is cut before any
// work is done on it, every frame.
const maxTitleName = 80

// render draws the whole screen as text.
func (a *App) render() string {
	if !a.sized {
		return ""
	}
	st := a.styles
	if a.r.TooSmall {
		return tooSmallView(a.r.Width, a.r.Height, st)
	}
	tabs, _ := tabsView(a.focus, a.badges(), st, a.r.Width)
	parts := []string{
		headerView(&a.snap, st, a.r.Width),
		tabs,
		a.tab().view(),
		strings.Join(a.statusLines(a.r.Width), "\n"),
	}
	if a.r.Help.H > 0 {
		parts = append(parts, block(a.helpLines(a.keys), a.r.Width, a.r.Help.H, st.g.ellipsis))
	}
	return strings.Join(parts, "\n")
}

// tab returns the focused tab.
func (a *App) tab() tab { return a.tabs[a.focus] }

// ready tells whether the tabs are drawn: the size is known and enough.
func (a *App) ready() bool { return a.sized && !a.r.TooSmall }

// typing tells whether every key goes to the focused tab as text.
func (a *App) typing() bool { return a.ready() && a.tab().typing() }

// badges are the counts the tab bar shows beside the tabs' names.
func (a *App) badges() [paneCount]int {
	var out [paneCount]int
	for i, t := range a.tabs {
		if b, ok := t.(badged); ok {
			out[i] = b.badge()
		}
	}
	return out
}

// resize lays the screen out for a new terminal size.
func (a *App) resize(w, h int) {
	a.sized = true
	a.r = layout(w, h, len(a.statusLines(w)), a.helpHeight(w))
	a.place()
}

// statusLines draws the status line for a width: one line, or more for a
// long message or hint.
func (a *App) statusLines(width int) []string {
	t := a.tab()
	return statusView(a.status, t.hint(), t.scroller().position(), a.changes != nil, a.styles, width, maxStatusHeight)
}

// fitChrome lays the screen out again when the status line or the short
// help needs another number of lines for what they say now.
func (a *App) fitChrome() {
	if !a.ready() {
		return
	}
	if r := layout(a.r.Width, a.r.Height, len(a.statusLines(a.r.Width)), a.helpHeight(a.r.Width)); r.Status != a.r.Status || r.Help != a.r.Help {
		a.resize(a.r.Width, a.r.Height)
		a.syncKeys()
	}
}

// restyle rebuilds the styles for the terminal's background.
func (a *App) restyle(detectedDark bool) {
	a.dark = detectedDark
	a.styles = newStyles(a.theme, a.theme.IsDark(detectedDark), a.cfg.ASCII)
	a.help.Styles = a.styles.help
	a.helpMemo = nil
	a.place()
}

// refresh works out the effective ruleset for the choice and pushes it
// into every tab.
func (a *App) refresh() {
	a.snap.resolve()
	a.place()
}

// place pushes the data, styles and sizes into every tab.
func (a *App) place() {
	if !a.ready() {
		return
	}
	for _, t := range a.tabs {
		t.set(&a.snap, a.styles, a.r.Body, a.r.Wide)
	}
	_, a.spans = tabsView(a.focus, a.badges(), a.styles, a.r.Width)
}

// syncKeys enables the bindings that work in the current state and
// disables the rest, so that the help tells the truth: the focused tab
// enables its own.
func (a *App) syncKeys() {
	k := &a.keys
	for _, b := range k.tabOwned() {
		b.SetEnabled(false)
	}
	if a.ready() {
		a.tab().syncKeys()
	}
	typing := a.typing()
	k.Reload.SetEnabled(a.cfg.Reload != nil && !typing)
	k.Edit.SetEnabled(a.ready() && !typing && a.editable())
	_, fixable := a.selectedFix()
	k.Fix.SetEnabled(a.ready() && !typing && fixable)
	k.Copy.SetEnabled(a.ready() && !typing && a.copyable())
	for _, b := range []*key.Binding{&k.Quit, &k.Help, &k.NextTab, &k.PrevTab} {
		b.SetEnabled(!typing)
	}
}

// onKey handles a key press: the keys that work everywhere, else the
// focused tab's. While a search is typed, keys go to it.
func (a *App) onKey(msg tea.KeyPressMsg) tea.Cmd {
	a.status, a.editorNote = statusLine{}, statusLine{}
	k := &a.keys
	switch {
	case key.Matches(msg, k.Interrupt):
		return tea.Interrupt
	case a.typing():
		return a.tab().update(a, msg)
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case !a.ready():
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
	case key.Matches(msg, k.Edit):
		return a.edit()
	case key.Matches(msg, k.Fix):
		return a.fix()
	case key.Matches(msg, k.Copy):
		return a.copySelection()
	default:
		for i, b := range k.Tabs {
			if key.Matches(msg, b) {
				a.focus = paneID(i)
				return nil
			}
		}
		return a.tab().update(a, msg)
	}
	return nil
}

// chooseLayer implements host: it switches a layer and refreshes the tabs.
func (a *App) chooseLayer(id string, on bool) {
	a.snap.choose(id, on)
	a.refresh()
}

// previewLang implements host: it previews the ruleset in a language.
func (a *App) previewLang(code string) {
	a.snap.setLang(code)
	a.refresh()
}

// say implements host: it puts a message on the status line.
func (a *App) say(text string) { a.status = statusLine{text: text} }

// onClick handles a left click: on a tab, it opens it; in the body, the
// focused tab takes it.
func (a *App) onClick(m tea.Mouse) tea.Cmd {
	switch {
	case m.Button != tea.MouseLeft || !a.ready():
	case m.Y == a.r.Tabs.Y:
		for i, s := range a.spans {
			if m.X >= s.start && m.X < s.end {
				a.focus = paneID(i)
			}
		}
	case a.r.Body.contains(m.X, m.Y):
		return a.tab().update(a, clickMsg{x: m.X - a.r.Body.X, y: m.Y - a.r.Body.Y})
	}
	return nil
}

// onWheel scrolls what is under the mouse.
func (a *App) onWheel(m tea.Mouse) {
	if !a.ready() {
		return
	}
	sc := a.tab().scrollerAt(m.X-a.r.Body.X, m.Y-a.r.Body.Y)
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
	reload, reloadSince, old, check, policy, gen := a.cfg.Reload, a.cfg.ReloadSince, a.cfg.Since, a.cfg.Check, a.cfg.Policy, a.gen
	return func() tea.Msg {
		ws, err := reload()
		if err != nil {
			return reloadedMsg{gen: gen, err: err}
		}
		if reloadSince != nil {
			if old, err = reloadSince(); err != nil {
				return reloadedMsg{gen: gen, err: fmt.Errorf("--since: %w", err)}
			}
		}
		return reloadedMsg{gen: gen, analysis: analyseSince(ws, old, check, policy)}
	}
}

// broken tells whether a workspace has no ruleset to show.
func broken(ws *model.Workspace) bool {
	return ws == nil || ws.Ruleset == nil || ws.Ruleset.Root == nil || ws.Ruleset.Root.Kind != model.Object
}

// onReloaded takes in the files read again. A broken ruleset keeps the
// last good one on screen and shows the new findings; the layer choice,
// the tab and the tabs' selections stay.
func (a *App) onReloaded(msg reloadedMsg) tea.Cmd {
	if msg.gen != a.gen {
		return nil
	}
	defer a.withEditorNote()
	a.snap.loading = false
	if msg.err != nil {
		a.snap.unreadable = "unreadable on disk"
		if errors.Is(msg.err, fs.ErrNotExist) {
			a.snap.unreadable = "gone from disk"
		}
		a.status = statusLine{text: "Cannot reload (" + vis(msg.err.Error()) + "): showing the last good version", isErr: true}
		a.place() // the overview says so too
		return nil
	}
	a.snap.unreadable = ""
	a.snap.broken = broken(msg.ws) && !broken(a.snap.ws)
	a.snap.pending = false
	a.snap.loads++
	a.snap.diagsWS = msg.ws
	if a.snap.broken {
		a.snap.diags = msg.diags
	} else {
		a.snap.analysis = msg.analysis
		a.snap.setLang(a.snap.lang)
	}
	a.refresh()
	switch {
	case a.snap.broken:
		a.status = statusLine{text: fmt.Sprintf("Broken on disk (%s): showing the last good version", describeFindings(msg.diags)), isErr: true}
	case msg.failed() != "":
		a.status = statusLine{text: vis(msg.failed()), isErr: true}
	case msg.sinceWS != nil && msg.sinceErr() != nil:
		a.status = statusLine{text: sinceNews(msg.analysis), isErr: true}
	case msg.first:
		a.status = statusLine{text: sinceNews(msg.analysis)}
	default:
		a.status = statusLine{text: fmt.Sprintf("Reloaded at %s: %s", time.Now().Format("15:04:05"), describeFindings(msg.diags))}
	}
	if a.cfg.Workspace == nil && !broken(msg.ws) {
		a.cfg.Workspace = msg.ws // read by a reload before the first reading came
	}
	return a.watchLoaded()
}
