package tui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/migrate"
	"rulebench/migrate/migratetest"
	"rulebench/model"
)

// lanternCase derives a case of migratetest from examples/lantern-road.
func lanternCase(t *testing.T, name string) migratetest.Case {
	t.Helper()
	c, err := migratetest.LanternCase(filepath.Join("..", "examples", "lantern-road"), name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sinceFS holds a derived case: the new version as road/ruleset.json with
// the case's sample saves beside it, the old one as old/ruleset.json, the
// saves beside it too when oldSaves is set.
func sinceFS(t *testing.T, c migratetest.Case, oldSaves bool) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{"road/ruleset.json": {Data: c.New}, "old/ruleset.json": {Data: c.Old}}
	for _, s := range c.Saves {
		data, err := os.ReadFile(filepath.Join("..", "examples", "lantern-road", "saves", s))
		if err != nil {
			t.Fatal(err)
		}
		fsys[path.Join("road/saves", s)] = &fstest.MapFile{Data: data}
		if oldSaves {
			fsys[path.Join("old/saves", s)] = &fstest.MapFile{Data: data}
		}
	}
	return fsys
}

// sinceConfig opens a derived case's new version with --since its old one.
func sinceConfig(t *testing.T, name string, oldSaves bool) Config {
	t.Helper()
	fsys := sinceFS(t, lanternCase(t, name), oldSaves)
	return sinceConfigFS(t, fsys)
}

func sinceConfigFS(t *testing.T, fsys fstest.MapFS) Config {
	t.Helper()
	load := func(p string) func() (*model.Workspace, error) {
		return func() (*model.Workspace, error) { return model.Load(fsys, p) }
	}
	ws, err := load("road/ruleset.json")()
	if err != nil {
		t.Fatal(err)
	}
	old, err := load("old/ruleset.json")()
	if err != nil {
		t.Fatal(err)
	}
	return Config{Workspace: ws, Reload: load("road/ruleset.json"), Since: old, ReloadSince: load("old/ruleset.json"), FS: fsys, Theme: "dark"}
}

// sinceRowAt puts the cursor on the comparison's row of the kind (for a
// save, the j-th) and returns the App.
func sinceRowAt(t *testing.T, a *App, kind, j int) *App {
	t.Helper()
	p := a.migr()
	for i := range p.len() {
		if k, jj, ok := p.sinceAt(i); ok && k == kind && (kind != sinceSave || jj == j) {
			if !p.selectRow(i) {
				t.Fatalf("row %d is not shown", i)
			}
			return send(t, a, tea.WindowSizeMsg{Width: a.r.Width, Height: a.r.Height})
		}
	}
	t.Fatalf("no row of kind %d, %d", kind, j)
	return a
}

// flat is what the Migrations tab says, without colours and with its runs
// of spaces and line breaks as one space, for phrases that wrap: every
// row, then the selected row's detail, or while stepping the stepper's
// head; and the status line.
func flat(a *App) string {
	p := a.migr()
	var lines []string
	for pos := range p.list.n {
		lines = append(lines, p.row(p.rowAt(pos), false))
	}
	if p.stepping {
		lines = append(lines, p.step.head...)
	} else {
		lines = append(lines, p.rowDetail()...)
	}
	lines = append(lines, a.status.text)
	return strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, "\n"))), " ")
}

// TestSinceRename: road_name renamed to traveler_name without a step. The
// comparison's rows come first: the summary names the lost field and how
// many saves hold it, the draft renames it with why, and each save
// rehearsed with the draft steps through to the draft's step, which copies
// the value (marked added after) to where the new sheet reads it.
func TestSinceRename(t *testing.T) {
	c := lanternCase(t, migratetest.Rename)
	a := newTestApp(t, sinceConfigFS(t, sinceFS(t, c, true)), 120, 40)
	if a.status.text != "Since sheet version 4: 1 stored id lost (see Migrations)" || !strings.Contains(screen(a), "5 Migrations 1 ") {
		t.Errorf("the first frame says %q, and its tab bar has no count of what is lost:\n%s", a.status.text, screen(a))
	}
	a = keysTo(t, a, "5")
	p, rep := a.migr(), a.snap.since()
	if rep == nil || len(rep.Lost) != 1 || rep.Lost[0].ID != "road_name" || rep.Draft == nil {
		t.Fatalf("the comparison: %+v", rep)
	}
	if k, _, ok := p.sinceAt(p.sel()); !ok || k != sinceSummary {
		t.Fatalf("the first row is %d, not the comparison's", p.sel())
	}
	if p.len() != len(p.entries)+len(a.snap.ws.Saves)+2+len(c.Saves) {
		t.Errorf("%d rows", p.len())
	}
	s := flat(a)
	for _, want := range []string{"since 4 → 5 1 lost", "Lost (1)", "field road_name: 6 saves hold a value; step 1 of the draft keeps 6 of them",
		"Its 6 sample saves counted and rehearsed", "draft 4 → 5 1 step, passes the import checks"} {
		if !strings.Contains(s, want) {
			t.Errorf("the comparison lacks %q:\n%s", want, screen(a))
		}
	}
	a = keysTo(t, a, "down")
	s = flat(a)
	for _, want := range []string{"Draft entry from 4 → 5", "Add it at the end of sheet.migrations.", "1. rename field road_name to traveler_name",
		`why: "road_name" is gone and "traveler_name" was added with the same label`, "The draft passes the import checks.", `"rename": "field"`} {
		if !strings.Contains(s, want) {
			t.Errorf("the draft lacks %q:\n%s", want, screen(a))
		}
	}
	if sp, ok := p.spotAt(&a.snap); !ok || sp.file != "road/ruleset.json" || sp.line < 2 {
		t.Errorf("e on the draft opens %v, want the ruleset's sheet.migrations", sp)
	}

	// fighter3, rehearsed with the draft: enter steps through it, ] goes
	// to the draft's step.
	j := slices.Index(c.Saves, "fighter3.json")
	a = keysTo(t, sinceRowAt(t, a, sinceSave, j), "enter")
	if !p.stepping || p.step.r != rep.Saves[j] {
		t.Fatalf("enter does not step through the draft's rehearsal of fighter3")
	}
	for range 10 {
		if p.draftStep(p.sel(), p.step.current()) != nil {
			break
		}
		a = keysTo(t, a, "]")
	}
	if p.draftStep(p.sel(), p.step.current()) == nil {
		t.Fatalf("] never reaches the draft's step:\n%s", screen(a))
	}
	s = flat(a)
	for _, want := range []string{": the draft 4 → 5, its step 1", "rename field road_name to traveler_name", "drafted: "} {
		if !strings.Contains(s, want) {
			t.Errorf("the draft's step lacks %q:\n%s", want, screen(a))
		}
	}
	marked := func(lines []jsonLine, mark byte, key string) bool {
		return slices.ContainsFunc(lines, func(l jsonLine) bool { return l.mark == mark && strings.Contains(l.text, `"`+key+`"`) })
	}
	// A rename copies (the Engine keeps the old key): the new key added.
	if !marked(p.step.after, '+', "traveler_name") || marked(p.step.before, '-', "road_name") {
		t.Errorf("the step's after does not mark traveler_name added:\n%s", screen(a))
	}
	if sp, ok := p.spotAt(&a.snap); !ok || sp.file != "road/ruleset.json" {
		t.Errorf("e on a drafted step opens %v", sp)
	}
	// The whole chain: the name ends at traveler_name.
	a = keysTo(t, a, "c")
	if s := flat(a); !strings.Contains(s, `build.fields.road_name "Brannoc Tallow" → build.fields.traveler_name`) {
		t.Errorf("the whole chain does not end the name at traveler_name:\n%s", screen(a))
	}
	// The same save rehearsed by the written chain has no draft step.
	keysTo(t, a, "esc")
	for i := range p.len() {
		if sv, r, ok := p.save(i); ok && sv.File == "road/saves/fighter3.json" {
			if _, _, since := p.sinceAt(i); !since && slices.ContainsFunc(r.Trace, func(tr migrate.StepTrace) bool { return p.draftStep(i, &tr) != nil }) {
				t.Error("the written chain's rehearsal has a drafted step")
			}
		}
	}
}

// TestSinceLevelSplit: one level split into a level per calling. The draft
// routes it by the class field, each calling's words to its level, the
// rest to level_other; the pool split is a routeLive.
func TestSinceLevelSplit(t *testing.T) {
	a := keysTo(t, newTestApp(t, sinceConfig(t, migratetest.LevelSplit, true), 120, 40), "5", "down")
	s := flat(a)
	for _, want := range []string{"since 3 → 4", "2 steps, passes the import checks", "1. route level by class: fighter to level_fighter; wizard to level_wizard, else level_other, default 1",
		"2. route live pool hit_dice to the first shown of hit_dice_d6, hit_dice_d8, hit_dice_d10, else hit_dice_d8"} {
		if !strings.Contains(s, want) {
			t.Errorf("the draft lacks %q:\n%s", want, screen(a))
		}
	}
	if d := a.snap.since().Draft; d == nil || d.Steps[0].By != "class" || d.Steps[0].Else != "level_other" {
		t.Errorf("the draft: %+v", d)
	}
}

// The other cases' summaries: an unraised sheet.version is an error of
// its own, a dropped enum value a save holds a warning, an id with nothing
// to pair needs a decision (and no draft, so no draft rows).
func TestSinceSummaries(t *testing.T) {
	for _, tt := range []struct {
		name string
		want []string
		rows int
	}{
		{migratetest.VersionUnchanged, []string{"since 4 → 4 1 lost, version not raised", "Version not raised", "raise it to 5 and add an entry from 4", "and raise sheet.version to 5"}, 2 + 6},
		{migratetest.EnumDropped, []string{"since 4 → 5 nothing lost, 1 warning", "Values no longer offered (1)", `no longer offers "ghostglass"`, "Nothing lost"}, 1},
		{migratetest.Removed, []string{"since 4 → 5 1 lost, 1 undecided", "Needs a decision (1)", "field road_story: "}, 1},
		{migratetest.RenameWritten, []string{"since 4 → 5 nothing lost", "Nothing lost: every stored id of sheet version 4 is still declared or moved"}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := keysTo(t, newTestApp(t, sinceConfig(t, tt.name, false), 120, 40), "5")
			if n := a.migr().sinceLen(); n != tt.rows {
				t.Errorf("%d rows of the comparison, want %d", n, tt.rows)
			}
			// The draft of the unchanged version is on the next row.
			s := flat(a)
			if tt.name == migratetest.VersionUnchanged {
				s += " " + flat(keysTo(t, a, "down"))
			}
			for _, want := range tt.want {
				if !strings.Contains(s, want) {
					t.Errorf("lacks %q:\n%s", want, s)
				}
			}
		})
	}
}

// An edit to OLD reloads the comparison: OLD made another ruleset shows
// why it cannot be compared, in its row and on the status line; mended, the
// comparison is back. e on the summary opens OLD at the lost id.
func TestSinceReload(t *testing.T) {
	c := lanternCase(t, migratetest.Rename)
	fsys := sinceFS(t, c, false)
	a := keysTo(t, newTestApp(t, sinceConfigFS(t, fsys), 80, 24), "5")
	if sp, ok := a.migr().spotAt(&a.snap); !ok || sp.file != "old/ruleset.json" || sp.line < 2 {
		t.Errorf("e on the comparison opens %v, want road_name in old/ruleset.json", sp)
	}
	fsys["old/ruleset.json"] = &fstest.MapFile{Data: []byte(strings.Replace(string(c.Old), `"id": "lantern-road"`, `"id": "lantern-lane"`, 1))}
	a = keysTo(t, a, "r")
	if a.snap.since() != nil || a.snap.sinceErr() == nil {
		t.Fatalf("OLD of another ruleset still compared")
	}
	s := flat(a)
	for _, want := range []string{"since cannot compare", `Cannot compare: the previous version is the ruleset "lantern-lane", not "lantern-road"`, "Cannot compare with --since old/ruleset.json"} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %q:\n%s", want, screen(a))
		}
	}
	if a.migr().sinceLen() != 1 {
		t.Errorf("%d rows of the comparison", a.migr().sinceLen())
	}
	fsys["old/ruleset.json"] = &fstest.MapFile{Data: c.Old}
	a = keysTo(t, a, "r")
	if a.snap.since() == nil || !strings.Contains(flat(a), "since 4 → 5 1 lost") {
		t.Errorf("the comparison is not back:\n%s", screen(a))
	}
	// Stepping through a save of the written chain, then through one with
	// the draft: OLD broken again, the first stays stepped (its row moved
	// up), the second ends with the comparison's rows gone.
	p := a.migr()
	for _, draft := range []bool{false, true} {
		fsys["old/ruleset.json"] = &fstest.MapFile{Data: c.Old}
		a = keysTo(t, a, "esc", "r")
		for i := range p.len() {
			if sv, _, ok := p.save(i); ok && path.Base(sv.File) == "fighter3.json" {
				if _, _, since := p.sinceAt(i); since == draft {
					p.selectRow(i)
				}
			}
		}
		a = send(t, a, tea.WindowSizeMsg{Width: a.r.Width, Height: a.r.Height}) // the keys follow the cursor
		a = keysTo(t, a, "enter", "n", "n")
		r := p.step.r
		if !p.stepping || p.step.pos != 3 {
			t.Fatalf("not stepping fighter3 (draft %v): sel %d stepping %v pos %d\n%s", draft, p.sel(), p.stepping, p.step.pos, screen(a))
		}
		fsys["old/ruleset.json"] = &fstest.MapFile{Data: []byte(strings.Replace(string(c.Old), `"id": "lantern-road"`, `"id": "lantern-lane"`, 1))}
		a = keysTo(t, a, "r")
		switch {
		case draft && p.stepping:
			t.Errorf("still stepping the draft's rehearsal of fighter3 with no comparison:\n%s", screen(a))
		case !draft && (!p.stepping || p.step.pos != 3 || p.step.r.File != r.File || p.steppedAt(p.sel()) != p.stepped):
			t.Errorf("the written chain's fighter3 is no longer stepped at step 3 after the reload:\n%s", screen(a))
		}
	}
	fsys["old/ruleset.json"] = &fstest.MapFile{Data: c.Old}
	a = keysTo(t, a, "esc", "r")

	// OLD gone: the reload says so and keeps what was shown.
	delete(fsys, "old/ruleset.json")
	a = keysTo(t, a, "r")
	if !a.status.isErr || !strings.Contains(a.status.text, "--since") || a.snap.since() == nil {
		t.Errorf("status %q, comparison %v", a.status.text, a.snap.since() != nil)
	}
}

// The filter keeps the comparison's rows that hold its text, still first.
func TestSinceFilter(t *testing.T) {
	a := keysTo(t, newTestApp(t, sinceConfig(t, migratetest.Rename, true), 120, 40), "5", "/", "f", "i", "g", "h", "t", "e", "r", "3", "enter")
	p := a.migr()
	if len(p.kept) != 2 {
		t.Fatalf("the filter keeps %d rows, want fighter3 twice", len(p.kept))
	}
	if k, _, ok := p.sinceAt(p.kept[0]); !ok || k != sinceSave {
		t.Errorf("the draft's rehearsal of fighter3 is not first")
	}
	if _, _, ok := p.sinceAt(p.kept[1]); ok {
		t.Errorf("the written chain's fighter3 is not second")
	}
}

// mergeChanges passes each watcher's reports on and closes when both have.
func TestMergeChanges(t *testing.T) {
	if mergeChanges() != nil {
		t.Error("no watcher gives a channel")
	}
	one := make(chan error)
	if mergeChanges(one) != (<-chan error)(one) {
		t.Error("one watcher's channel is not passed as it is")
	}
	a, b := make(chan error), make(chan error)
	out := mergeChanges(a, b)
	a <- nil
	if err, ok := <-out; !ok || err != nil {
		t.Errorf("the first report: %v, %v", err, ok)
	}
	boom := errors.New("boom")
	b <- boom
	if err := <-out; err != boom {
		t.Errorf("the second watcher's error: %v", err)
	}
	close(a)
	close(b)
	if _, ok := <-out; ok {
		t.Error("the merged channel stays open")
	}
}

// TestScreenSince pins the comparison at 80x24 and 120x40: road_name
// renamed without a step, OLD a file without saves (the new version's are
// counted).
func TestScreenSince(t *testing.T) {
	cfg := sinceConfig(t, migratetest.Rename, false)
	a := keysTo(t, newTestApp(t, cfg, 80, 24), "5")
	if s := flat(a); !strings.Contains(s, "It has no sample saves: this version's 6 are counted and rehearsed") {
		t.Errorf("the summary does not say whose saves it counts:\n%s", screen(a))
	}
	goldenScreens(t, cfg, keysThen("", "5"))
}

// TestScreenSinceDraft pins the draft of a level split into a level per
// calling (a route by class, a routeLive of the hit dice) at 80x24 and
// 120x40.
func TestScreenSinceDraft(t *testing.T) {
	goldenScreens(t, sinceConfig(t, migratetest.LevelSplit, true), keysThen("", "5", "down"))
}

// TestScreenSinceStep pins the stepper on the draft's step of fighter3's
// rehearsal of the level split at 80x24 and 120x40, changes only.
func TestScreenSinceStep(t *testing.T) {
	c := lanternCase(t, migratetest.LevelSplit)
	j := slices.Index(c.Saves, "fighter3.json")
	goldenScreens(t, sinceConfigFS(t, sinceFS(t, c, true)), func(t *testing.T, a *App) *App {
		a = keysTo(t, sinceRowAt(t, keysTo(t, a, "5"), sinceSave, j), "enter")
		p := a.migr()
		for range 10 {
			if p.draftStep(p.sel(), p.step.current()) != nil {
				return keysTo(t, a, "o")
			}
			a = keysTo(t, a, "]")
		}
		t.Fatalf("] never reaches the draft's step:\n%s", screen(a))
		return a
	})
}

// Every frame of the comparison fills the terminal exactly, at sizes from
// the smallest up, and an OLD whose path holds control characters shows
// them as visible text, never raw.
func TestSinceFramesFit(t *testing.T) {
	c := lanternCase(t, migratetest.LevelSplit)
	fsys := sinceFS(t, c, true)
	hostile := "old\x1b[31m\u009b/ruleset.json"
	fsys[hostile] = fsys["old/ruleset.json"]
	for _, s := range c.Saves {
		fsys[path.Join(path.Dir(hostile), "saves", s)] = fsys[path.Join("old/saves", s)]
	}
	cfg := sinceConfigFS(t, fsys)
	old, err := model.Load(fsys, hostile)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Since = old
	cfg.ReloadSince = func() (*model.Workspace, error) { return model.Load(fsys, hostile) }
	for _, size := range [][2]int{{60, 16}, {80, 24}, {99, 30}, {120, 40}, {160, 48}} {
		a := newTestApp(t, cfg, size[0], size[1])
		for _, keys := range [][]string{{"5"}, {"down"}, {"enter", "end"}, {"esc", "down", "down", "enter"}, {"]", "]", "o"}, {"c"}, {"esc", "/", "d", "r", "a", "f", "t", "enter"}, {"?"}} {
			a = keysTo(t, a, keys...)
			v := a.View().Content
			checkFrame(t, v, size[0], size[1])
			if strings.ContainsAny(ansi.Strip(v), "\x1b\u009b") {
				t.Fatalf("at %dx%d after %v a raw control character is drawn", size[0], size[1], keys)
			}
		}
		if size[0] == 120 {
			a = keysTo(t, a, "?", "esc", "esc", "home")
			if s := flat(a); !strings.Contains(s, `The previous version: old\x1b[31m\u009b/ruleset.json`) {
				t.Errorf("the hostile path is not shown visibly: %s", s)
			}
		}
	}
}

// BenchmarkAnalysisSince measures the workbench's analysis of a lantern-road
// version with --since its previous one (the level split, 5 sample saves)
// beside the same analysis without it: the comparison's share of a reload.
func BenchmarkAnalysisSince(b *testing.B) {
	c, err := migratetest.LanternCase(filepath.Join("..", "examples", "lantern-road"), migratetest.LevelSplit)
	if err != nil {
		b.Skip(err)
	}
	fsys := fstest.MapFS{"road/ruleset.json": {Data: c.New}, "old/ruleset.json": {Data: c.Old}}
	for _, s := range c.Saves {
		data, err := os.ReadFile(filepath.Join("..", "examples", "lantern-road", "saves", s))
		if err != nil {
			b.Fatal(err)
		}
		fsys[path.Join("old/saves", s)] = &fstest.MapFile{Data: data}
	}
	ws, _ := model.Load(fsys, "road/ruleset.json")
	old, _ := model.Load(fsys, "old/ruleset.json")
	for _, bb := range []struct {
		name string
		old  *model.Workspace
	}{{"without", nil}, {"since", old}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if a := analyseSince(ws, bb.old, nil, nil); bb.old != nil && a.since() == nil {
					b.Fatal("no comparison")
				}
			}
		})
	}
}

// TestSinceWatchesOld: with --since, an edit to OLD on disk is reported
// (the workspace itself not watched here) and the reload it starts shows
// the comparison of the edited OLD: its road_story removed too is a
// second id lost. Reports are waited for with a deadline.
func TestSinceWatchesOld(t *testing.T) {
	c := lanternCase(t, migratetest.Rename)
	dir := t.TempDir()
	oldPath, newPath := filepath.Join(dir, "old", "ruleset.json"), filepath.Join(dir, "road", "ruleset.json")
	for p, data := range map[string][]byte{oldPath: c.Old, newPath: c.New} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	load := func(p string) func() (*model.Workspace, error) {
		return func() (*model.Workspace, error) { return model.Load(model.OSFS{}, p) }
	}
	ws, _ := load(newPath)()
	old, _ := load(oldPath)()
	cfg := Config{Workspace: ws, Reload: load(newPath), Since: old, ReloadSince: load(oldPath), Theme: "dark"}
	a := newTestApp(t, cfg, 120, 40)
	stop := a.watch()
	defer stop()
	if a.changes == nil {
		t.Fatalf("OLD is not watched: %s", a.status.text)
	}
	// OLD gains a field the new version lacks: lost too.
	edited := strings.Replace(string(c.Old), `"id": "road_name"`, `"id": "road_epithet", "label": "Epithet", "type": "text" }, { "id": "road_name"`, 1)
	if edited == string(c.Old) {
		t.Fatal("the old version has no road_name to edit beside")
	}
	if err := os.WriteFile(oldPath, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-a.changes:
		if err != nil {
			t.Fatalf("the watcher reports %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no report of the edit to OLD within 10s")
	}
	a = send(t, a, a.startReload()())
	if rep := a.snap.since(); rep == nil || len(rep.Lost) != 2 || !slices.ContainsFunc(rep.Lost, func(l migrate.Lost) bool { return l.ID == "road_epithet" }) {
		t.Errorf("the comparison after the edit: %+v", rep)
	}
}

// TestSinceAddTo: the new version already has an entry from the old
// sheet.version (road_name's rename written) and loses one more id
// (road_story spelt roadstory). The draft's steps go at the end of that
// entry: the draft row says so, and stepping a save, the entry's written
// step is the entry's and the step after it the draft's.
func TestSinceAddTo(t *testing.T) {
	c := lanternCase(t, migratetest.RenameWritten)
	c.New = []byte(strings.Replace(string(c.New), `"id": "road_story"`, `"id": "roadstory"`, 1))
	a := keysTo(t, newTestApp(t, sinceConfigFS(t, sinceFS(t, c, true)), 120, 40), "5")
	rep := a.snap.since()
	if rep == nil || rep.AddTo == nil || rep.Draft == nil || len(rep.Draft.Steps) != 1 {
		t.Fatalf("the comparison: %+v", rep)
	}
	entry := *rep.AddTo
	a = keysTo(t, a, "down")
	if s := flat(a); !strings.Contains(s, fmt.Sprintf("Add its steps at the end of sheet.migrations.%d, which already moves sheets from 4", entry)) ||
		!strings.Contains(s, "1. rename field road_story to roadstory") {
		t.Errorf("the draft row:\n%s", screen(a))
	}
	j := slices.Index(c.Saves, "current.json")
	a = keysTo(t, sinceRowAt(t, a, sinceSave, j), "enter")
	p := a.migr()
	var written, drafted bool
	for range p.step.whole() {
		tr := p.step.current()
		if tr != nil && tr.Entry == entry {
			if p.draftStep(p.sel(), tr) != nil {
				drafted = strings.Contains(flat(a), ": the draft 4 → 5, its step 1")
			} else {
				written = strings.Contains(flat(a), ": entry 4 → 5, step 1")
			}
		}
		a = keysTo(t, a, "n")
	}
	if !written || !drafted {
		t.Errorf("stepping current.json: the written step shown as the entry's %v, the drafted one as the draft's %v", written, drafted)
	}
}

// TestScreenSinceOverview: the Overview says what the comparison found, so
// that "No findings" is not all the first screen tells (the level split:
// two ids lost, the draft keeping 7 of the 9 saved values); pinned at
// 80x24 and 120x40.
func TestScreenSinceOverview(t *testing.T) {
	cfg := sinceConfig(t, migratetest.LevelSplit, false)
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "1")
	var lines []string
	for _, l := range overviewLines(&a.snap, a.styles, 120).lines {
		lines = append(lines, ansi.Strip(l))
	}
	s := strings.Join(strings.Fields(strings.Join(lines, "\n")), " ")
	for _, want := range []string{"Since the previous version Sheet version 3 (old/ruleset.json), now 4.",
		"2 stored ids lost: field level (4 saves), pool hit_dice (5 saves).",
		"A draft entry of 2 steps moves them, keeping 7 of the 9 values the sample saves hold there."} {
		if !strings.Contains(s, want) {
			t.Errorf("the Overview lacks %q:\n%s", want, s)
		}
	}
	goldenScreens(t, cfg, keysThen("Since the previous version", "1"))
}

// TestSinceRandomInput drives the workbench opened with --since with random
// keys, clicks and resizes, and reloads after OLD or PATH is rewritten (the
// rename, the level split's old version, another ruleset, a cut file, a
// version without the case's edit), checking after each that nothing
// panicked and the frame fills the terminal exactly.
func TestSinceRandomInput(t *testing.T) {
	rename, split := lanternCase(t, migratetest.Rename), lanternCase(t, migratetest.LevelSplit)
	fsys := sinceFS(t, rename, true)
	keys := []string{"1", "5", "5", "5", "up", "down", "down", "pgdown", "end", "g", "enter", "enter", "esc", "n", "p", "c", "o", "[", "]", "/", "d", "backspace", "?", "e", "r"}
	sizes := [][2]int{{80, 24}, {60, 16}, {120, 40}, {61, 17}, {160, 48}, {1, 1}}
	olds := [][]byte{rename.Old, split.Old, []byte(strings.Replace(string(rename.Old), `"id": "lantern-road"`, `"id": "x"`, 1)), rename.Old[:len(rename.Old)/2], rename.New}
	news := [][]byte{rename.New, split.New, rename.Old}
	a := newTestApp(t, sinceConfigFS(t, fsys), 80, 24)
	a.cfg.Getenv = func(string) string { return "" } // e says there is no editor
	in := &randomInput{rng: rand.New(rand.NewPCG(12, 5)), keys: keys, sizes: sizes, w: 80, h: 24}
	in.reload = func() tea.Msg {
		fsys["old/ruleset.json"] = &fstest.MapFile{Data: olds[in.rng.IntN(len(olds))]}
		fsys["road/ruleset.json"] = &fstest.MapFile{Data: news[in.rng.IntN(len(news))]}
		return keyPress("r")
	}
	for i := range randomSteps(t) / 2 {
		msg := in.next()
		w, h := in.w, in.h
		a = sendChecked(t, a, i, msg, w, h)
		if t.Failed() {
			t.Fatalf("stopped at step %d after %T %v:\n%s", i, msg, msg, screen(a))
		}
	}
}
