package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

// backgroundFerry is the Ferry Crossing configuration as the command line
// gives it: no workspace, read by the workbench in the background.
func backgroundFerry(t *testing.T) Config {
	cfg := ferryConfig(t)
	cfg.Workspace = nil
	return cfg
}

// messageOf runs a command and returns its message of type M.
func messageOf[M tea.Msg](t *testing.T, cmd tea.Cmd) M {
	t.Helper()
	for _, m := range runCmd(cmd) {
		if msg, ok := m.(M); ok {
			return msg
		}
	}
	var zero M
	t.Fatalf("the command gave no %T", zero)
	return zero
}

// TestFirstFrameWhileReading: without a workspace the first frame says the
// files are being read; Init reads them in the background, and once that
// message is taken in the ruleset is shown and checked, also in the
// background.
func TestFirstFrameWhileReading(t *testing.T) {
	a, err := New(backgroundFerry(t))
	if err != nil {
		t.Fatal(err)
	}
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	if s := screen(a); !strings.Contains(s, "Reading the files") || !strings.Contains(s, "reading") || strings.Contains(s, "Ferry Crossing") {
		t.Fatalf("the first frame does not say the files are being read:\n%s", s)
	}
	loaded := messageOf[loadedMsg](t, a.Init())
	if loaded.ws == nil || loaded.err != nil {
		t.Fatalf("read %v, %v", loaded.ws, loaded.err)
	}
	next, cmd := a.Update(loaded)
	a = next.(*App)
	if s := screen(a); !strings.Contains(s, "Ferry Crossing") || !strings.Contains(s, "checking") || strings.Contains(s, "Reading the files") {
		t.Fatalf("the files read are not shown, pending their checks:\n%s", s)
	}
	a = send(t, a, messageOf[reloadedMsg](t, cmd))
	if s := screen(a); strings.Contains(s, "checking") || !strings.Contains(s, "Ferry Crossing") {
		t.Errorf("the checks did not arrive:\n%s", s)
	}
	if want := screen(newTestApp(t, ferryConfig(t), 80, 24)); screen(a) != want {
		t.Errorf("read in the background, the screen differs from read before:\n%s\nwant\n%s", screen(a), want)
	}
}

// TestOlderReadingDropped: a reload asked for while the files are first
// read has the last word; the first reading, older, is dropped.
func TestOlderReadingDropped(t *testing.T) {
	a, err := New(backgroundFerry(t))
	if err != nil {
		t.Fatal(err)
	}
	a = send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	first := messageOf[loadedMsg](t, a.Init())
	reload := a.startReload()
	a = send(t, a, first)
	if !a.snap.loading || a.snap.ws != nil {
		t.Fatal("a reading older than the reload asked for was taken in")
	}
	a = send(t, a, reload())
	if a.snap.loading || a.snap.ruleset() == nil || a.snap.pending {
		t.Errorf("the reload was not taken in: loading %v, pending %v", a.snap.loading, a.snap.pending)
	}
}

// TestReadingFails: files that cannot be read in the background are said
// to be so, and nothing is shown as read.
func TestReadingFails(t *testing.T) {
	cfg := backgroundFerry(t)
	cfg.Reload = func() (*model.Workspace, error) { return nil, errors.New("no such \x1b[31mfolder") }
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a = sendRun(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	a = sendRun(t, a, messageOf[loadedMsg](t, a.Init()))
	s := screen(a)
	if a.snap.loading || a.snap.pending || !strings.Contains(s, "Cannot read the files") || strings.Contains(s, "\x1b[31m") {
		t.Errorf("a reading that failed is not said so:\n%s", s)
	}
}

// TestStaleSearchDropped: the matches of a search typed over are dropped,
// and a search stops when a later one is asked for.
func TestStaleSearchDropped(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 120, 40), "4", "enter", "/")
	p := a.tabs[paneTranslations].(*translationsPane)
	_, cmd1 := a.Update(keyPress("r"))
	first := messageOf[searchedMsg](t, cmd1)
	_, cmd2 := a.Update(keyPress("i"))
	if stopped := messageOf[searchedMsg](t, cmd1); stopped.rows != nil {
		t.Errorf("a search typed over was not stopped: %v", stopped.rows)
	}
	if !p.searching() || !strings.Contains(p.hint(), "Searching") {
		t.Error("the tab does not say it is searching")
	}
	second := messageOf[searchedMsg](t, cmd2)
	a = send(t, a, second, first)
	if p.rowsFor.query != "ri" || p.searching() {
		t.Errorf("the rows are for %q, want those of the last search", p.rowsFor.query)
	}
	want := searchRows(second.key, filteredRows(second.key), func() bool { return false })
	if len(p.rows) != len(want) || len(want) == 0 {
		t.Errorf("%d rows shown, %d match", len(p.rows), len(want))
	}
}

// TestStaleEffectiveDropped: the Effective tab's document asked for
// before a later request is dropped when it comes late.
func TestStaleEffectiveDropped(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 120, 40), "3")
	p := a.tabs[paneEffective].(*effectivePane)
	shown := p.drawn
	p.rebuild()
	old := p.settle()
	p.rebuild()
	latest := p.settle()
	a = send(t, a, messageOf[effectiveDrawnMsg](t, old))
	if p.drawn != shown || !p.drawing() {
		t.Fatal("a document asked for before a later one was taken in")
	}
	a = send(t, a, messageOf[effectiveDrawnMsg](t, latest))
	if p.drawing() || !strings.Contains(screen(a), "Prices") {
		t.Errorf("the last document asked for was not taken in:\n%s", screen(a))
	}
}

// TestBackgroundWorkShares: the commands that read, search and draw in the
// background run on goroutines of their own while the App takes keys, a
// layer switch and a reload, as the program runs them; go test -race
// tells when they share anything the App changes.
func TestBackgroundWorkShares(t *testing.T) {
	a, err := New(backgroundFerry(t))
	if err != nil {
		t.Fatal(err)
	}
	a = send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40})
	results := make(chan tea.Msg, 64)
	pending := 0
	start := func(cmd tea.Cmd) {
		if cmd != nil {
			pending++
			go func() { results <- cmd() }()
		}
	}
	update := func(msg tea.Msg) {
		next, cmd := a.Update(msg)
		a = next.(*App)
		start(cmd)
	}
	drain := func() {
		for ; pending > 0; pending-- {
			switch msg := (<-results).(type) {
			case nil:
			case tea.BatchMsg: // as the program does: each command on its own
				for _, c := range msg {
					start(c)
				}
			default:
				update(msg)
			}
			_ = a.View()
		}
	}
	start(a.Init())
	drain()
	for _, k := range []string{"3", "2", "space", "3", "2", "down", "space", "4", "enter", "/", "r", "i", "v", "3", "4", "esc", "r", "2", "space", "3"} {
		update(keyPress(k))
		if k == "down" {
			start(a.startReload())
		}
	}
	drain()
	if s := screen(a); a.snap.loading || !strings.Contains(s, "Ferry Crossing") {
		t.Errorf("the files read in the background are not shown:\n%s", s)
	}
}

// TestSearchingSaysSo: while a search for another filter is matched, the
// table says it is searching rather than that nothing matches.
func TestSearchingSaysSo(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 120, 40), "4", "enter", "/", "r", "enter")
	a = send(t, a, keyPress("u")) // untranslated: the rows of the search are of another filter
	if s := screen(a); !strings.Contains(s, `Searching for "r"`) || strings.Contains(s, "Nothing matches") {
		t.Errorf("the table does not say it is searching:\n%s", s)
	}
}

// TestClearedSearchStops: a search being matched stops when the search is
// cleared.
func TestClearedSearchStops(t *testing.T) {
	a := keysTo(t, newTestApp(t, ferryConfig(t), 120, 40), "4", "enter", "/")
	_, cmd := a.Update(keyPress("r"))
	a = send(t, a, keyPress("esc"))
	if m := messageOf[searchedMsg](t, cmd); m.rows != nil {
		t.Errorf("the search went on after it was cleared: %v", m.rows)
	}
	a = send(t, a, messageOf[searchedMsg](t, cmd))
	if p := a.tabs[paneTranslations].(*translationsPane); p.rowsFor.query != "" || len(p.rows) == 0 {
		t.Errorf("the rows are those of %q, want every string", p.rowsFor.query)
	}
}
