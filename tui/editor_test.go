package tui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

func TestEditorArgs(t *testing.T) {
	at := spot{file: "pkg/locales/pt-BR.json", line: 73, col: 5}
	for _, c := range []struct {
		editor string
		want   []string
	}{
		{"vi", []string{"vi", "+73", at.file}},
		{"vim", []string{"vim", "+call cursor(73,5)", at.file}},
		{"/usr/bin/nvim", []string{"/usr/bin/nvim", "+call cursor(73,5)", at.file}},
		{"nano", []string{"nano", "+73,5", at.file}},
		{"emacs -nw", []string{"emacs", "-nw", "+73:5", at.file}},
		{"emacsclient -t", []string{"emacsclient", "-t", "+73:5", at.file}},
		{"hx", []string{"hx", at.file + ":73:5"}},
		{"helix", []string{"helix", at.file + ":73:5"}},
		{"kak", []string{"kak", "+73:5", at.file}},
		{"code --wait", []string{"code", "--wait", "-g", at.file + ":73:5"}},
		{"codium -w", []string{"codium", "-w", "-g", at.file + ":73:5"}},
		{"micro", []string{"micro", "+73:5", at.file}},
		{"ed", []string{"ed", "+73", at.file}},
		{`"/opt/My Editor/bin/ed" --flag`, []string{"/opt/My Editor/bin/ed", "--flag", "+73", at.file}},
		{`/opt/My\ Editor/vim`, []string{"/opt/My Editor/vim", "+call cursor(73,5)", at.file}},
	} {
		got, err := editorArgs(c.editor, at)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, %v; want %q", c.editor, got, err, c.want)
		}
	}
	// A file name that looks like an option is never read as one.
	if got, _ := editorArgs("vi", spot{file: "-rf.json", line: 1, col: 1}); got[2] != "./-rf.json" {
		t.Errorf("a file starting with - was passed as %q", got[2])
	}
	for _, bad := range []string{"", "   ", `"vim`, `vim\`} {
		if _, err := editorArgs(bad, at); err == nil {
			t.Errorf("%q gave a command", bad)
		}
	}
}

// editorApp is the Ferry Crossing workbench as if read from disk, with an
// environment and a recorder in place of running the editor.
func editorApp(t *testing.T, env map[string]string) (*App, *[]*exec.Cmd, *[]tea.ExecCallback) {
	t.Helper()
	cfg := ferryConfig(t)
	cfg.FS = model.OSFS{}
	cfg.Getenv = func(k string) string { return env[k] }
	a := newTestApp(t, cfg, 120, 36)
	var ran []*exec.Cmd
	var callbacks []tea.ExecCallback
	a.execProcess = func(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
		ran = append(ran, c)
		callbacks = append(callbacks, fn)
		return nil
	}
	a.lookPath = func(name string) (string, error) { return name, nil } // every editor is installed
	return a, &ran, &callbacks
}

// The e key on a finding builds the command each editor needs, from
// $VISUAL before $EDITOR; the editor's return is said and reloads.
func TestEditKeyPerEditor(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{"EDITOR": "vim"}, []string{"vim", "+call cursor(L,C)", "F"}},
		{map[string]string{"EDITOR": "nvim"}, []string{"nvim", "+call cursor(L,C)", "F"}},
		{map[string]string{"EDITOR": "vi"}, []string{"vi", "+L", "F"}},
		{map[string]string{"EDITOR": "nano"}, []string{"nano", "+L,C", "F"}},
		{map[string]string{"EDITOR": "emacs"}, []string{"emacs", "+L:C", "F"}},
		{map[string]string{"EDITOR": "hx"}, []string{"hx", "F:L:C"}},
		{map[string]string{"EDITOR": "kak"}, []string{"kak", "+L:C", "F"}},
		{map[string]string{"EDITOR": "code --wait"}, []string{"code", "--wait", "-g", "F:L:C"}},
		{map[string]string{"EDITOR": "joe"}, []string{"joe", "+L", "F"}},
		{map[string]string{"VISUAL": "nano", "EDITOR": "vi"}, []string{"nano", "+L,C", "F"}},
	} {
		a, ran, callbacks := editorApp(t, c.env)
		a = keysTo(t, a, "6", "down")
		d, _ := a.problems().selected()
		if d.Line == 0 {
			t.Fatalf("the finding has no line: %+v", d)
		}
		a = keysTo(t, a, "e")
		if len(*ran) != 1 {
			t.Fatalf("%v: %d commands ran", c.env, len(*ran))
		}
		r := strings.NewReplacer("F", d.File, "L", strconv.Itoa(d.Line), "C", strconv.Itoa(d.Column))
		var want []string
		for _, w := range c.want {
			want = append(want, r.Replace(w))
		}
		if got := (*ran)[0].Args; !slices.Equal(got, want) {
			t.Errorf("%v: ran %q, want %q", c.env, got, want)
		}
		next, cmd := a.Update((*callbacks)[0](nil))
		a = next.(*App)
		if !strings.Contains(screen(a), "Back from the editor at "+relFile(d.File, a.snap.ws)) || cmd == nil {
			t.Errorf("%v: the return is not said, or nothing is reloaded:\n%s", c.env, screen(a))
		}
	}
}

func TestEditWithoutEditor(t *testing.T) {
	a, ran, _ := editorApp(t, nil)
	a = keysTo(t, a, "6", "e")
	if len(*ran) != 0 || !strings.Contains(screen(a), "No editor is set: set $VISUAL or $EDITOR") {
		t.Errorf("ran %d; screen:\n%s", len(*ran), screen(a))
	}
	// An editor that fails is said too.
	a, _, callbacks := editorApp(t, map[string]string{"EDITOR": "vi"})
	a = keysTo(t, a, "6", "e")
	a = send(t, a, (*callbacks)[0](errors.New("exit status 3")))
	if !strings.Contains(screen(a), "The editor ended with an error (exit status 3)") {
		t.Errorf("the failure is not said:\n%s", screen(a))
	}
	// The bundled example is not on disk.
	cfg := ferryConfig(t)
	cfg.Getenv = func(string) string { return "vi" }
	b := newTestApp(t, cfg, 120, 36)
	b.execProcess = func(*exec.Cmd, tea.ExecCallback) tea.Cmd { t.Error("an editor ran on files not on disk"); return nil }
	b = keysTo(t, b, "6", "e")
	if !strings.Contains(screen(b), "not a file on disk") {
		t.Errorf("no word that the files are not on disk:\n%s", screen(b))
	}
}

// The place e opens in each tab: a layer, a string's translation or first
// use, a stale key, a migration entry and step, a save; none in the
// Overview, where e is disabled.
func TestEditSpots(t *testing.T) {
	a, ran, _ := editorApp(t, map[string]string{"EDITOR": "vi"})
	rs := a.snap.ruleset()
	last := func() string {
		if len(*ran) == 0 {
			return ""
		}
		args := (*ran)[len(*ran)-1].Args
		*ran = (*ran)[:0]
		return strings.Join(args[1:], " ")
	}
	line := func(n *model.Node) string { return "+" + strconv.Itoa(n.Pos().Line) }
	key := func(n *model.Node) string { return "+" + strconv.Itoa(n.KeyPos().Line) }

	a = keysTo(t, a, "1", "e")
	if got := last(); got != "" || a.keys.Edit.Enabled() {
		t.Errorf("the Overview opened %q", got)
	}

	a = keysTo(t, a, "2", "down", "e")
	if want := line(rs.Layers[1].Node) + " " + rs.File; last() != want {
		t.Errorf("the second layer: want %q", want)
	}

	// fr: "Ferry Crossing" has a translation; "Test printing" has none and
	// opens fr.json where its key belongs: after "Ferry Crossing", the
	// string before it, which on this one-line file is before "Oar".
	a = keysTo(t, a, "4")
	for i := 0; i < 20; i++ {
		if l, ok := a.trans().selectedLang(); ok && l.Lang == "fr" {
			break
		}
		a = keysTo(t, a, "down")
	}
	a = keysTo(t, a, "enter", "e")
	fr := a.snap.report().Locale("fr")
	k, _ := fr.Lookup("Ferry Crossing")
	if want := key(k.Node) + " " + fr.Name(); last() != want {
		t.Errorf("a translated string: want %q", want)
	}
	a = keysTo(t, a, "down", "e")
	s := a.snap.report().Strings()[1]
	oar, _ := fr.Lookup("Oar")
	if want := key(oar.Node) + " " + fr.Name(); s.Text != "Test printing" || last() != want {
		t.Errorf("an untranslated string (%q): want %q", s.Text, want)
	}

	a = keysTo(t, a, "5", "e")
	if want := line(rs.Sheet.Migrations[0].Node) + " " + rs.File; last() != want {
		t.Errorf("a migration entry: want %q", want)
	}
	a = keysTo(t, a, "down", "down", "enter", "e")
	if want := line(rs.Sheet.Migrations[0].Node.Get("steps").At(0)) + " " + rs.File; last() != want || !a.migr().stepping {
		t.Errorf("a step: want %q", want)
	}
	a = keysTo(t, a, "esc", "e")
	if sv := a.snap.ws.Saves[0]; last() != "+1 "+sv.File {
		t.Errorf("a save: want its file")
	}
}

// Each editor gets the column in its own unit: vim and kakoune count
// bytes, nano and emacs screen cells (a tab to the next multiple of 8, a
// wide character two), VS Code UTF-16 units, the rest characters.
func TestEditorColumnUnits(t *testing.T) {
	// "ñ" is 2 bytes, "語" 3 bytes and 2 cells, "𝄞" 4 bytes and 2 UTF-16
	// units; the column (in characters) is that of the x.
	text := "\t\"ñ語𝄞\": x"
	col := utf8.RuneCountInString("\t\"ñ語𝄞\": ") + 1
	at := spot{file: "f.json", line: 3, col: col, text: text}
	bytes := strconv.Itoa(strings.IndexByte(text, 'x') + 1)
	for _, c := range []struct {
		editor, want string
	}{
		{"vim", "+call cursor(3," + bytes + ")"},
		{"nvim", "+call cursor(3," + bytes + ")"},
		{"kak", "+3:" + bytes},
		{"nano", "+3,17"},  // tab 8, quote 1, ñ 1, 語 2, 𝄞 1 (a narrow symbol), quote, colon, space
		{"emacs", "+3:17"}, // the same cells
		{"code", "f.json:3:" + strconv.Itoa(1+1+1+1+2+3+1)},
		{"micro", "+3:" + strconv.Itoa(col)},
		{"hx", "f.json:3:" + strconv.Itoa(col)},
	} {
		got, err := editorArgs(c.editor, at)
		if err != nil || !slices.Contains(got, c.want) {
			t.Errorf("%s: %q, %v; want %q in it", c.editor, got, err, c.want)
		}
	}
	// Past the line's end, each unit counts one a column.
	if got := columnIn("ab", 5, inBytes); got != 5 {
		t.Errorf("past the end: %d, want 5", got)
	}
	if got := columnIn("", 4, inBytes); got != 4 {
		t.Errorf("without the line: %d, want 4", got)
	}
}

// lineOf finds a line as findings count them: \n, \r\n or a \r alone.
func TestLineOf(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(name, []byte("one\r\ntwo\rthree\nfour"), 0o600); err != nil {
		t.Fatal(err)
	}
	for n, want := range []string{"", "one", "two", "three", "four"} {
		if n == 0 {
			continue
		}
		if got, ok := lineOf(name, n); !ok || got != want {
			t.Errorf("line %d: %q %v, want %q", n, got, ok, want)
		}
	}
	if _, ok := lineOf(name, 5); ok {
		t.Error("a line past the end was found")
	}
	if _, ok := lineOf(filepath.Join(t.TempDir(), "none"), 1); ok {
		t.Error("a missing file gave a line")
	}
}

// onDiskFerry writes the Ferry Crossing package, edited, into a new
// folder and makes it the working folder: the workbench reads it from disk.
func onDiskFerry(t *testing.T, env map[string]string, edits ...string) (*App, *[]*exec.Cmd, *[]tea.ExecCallback) {
	t.Helper()
	dir := t.TempDir()
	for name, f := range ferryFS() {
		data := string(f.Data)
		if name == "ferry/ruleset.json" {
			for i := 0; i+1 < len(edits); i += 2 {
				data = strings.Replace(data, edits[i], edits[i+1], 1)
			}
		}
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	load := func() (*model.Workspace, error) { return model.Load(model.OSFS{}, "ferry") }
	ws, err := load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Workspace: ws, Reload: load, Check: ferryFindings, FS: model.OSFS{}, Theme: "dark",
		Getenv: func(k string) string { return env[k] }}
	a := newTestApp(t, cfg, 120, 36)
	var ran []*exec.Cmd
	var callbacks []tea.ExecCallback
	a.execProcess = func(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
		ran = append(ran, c)
		callbacks = append(callbacks, fn)
		return nil
	}
	return a, &ran, &callbacks
}

// A6: on a line with non-ASCII text before the finding, vim is given the
// column in bytes (its cursor() counts bytes), nano in characters.
func TestEditKeyVimByteColumn(t *testing.T) {
	edits := []string{`"label": "Low water", "fields"`, `"label": "Eaux très basses — étiage", "fields"`}
	for _, c := range []struct{ editor, prefix string }{{"vim", "+call cursor("}, {"nano", "+"}} {
		a, ran, _ := onDiskFerry(t, map[string]string{"EDITOR": c.editor}, edits...)
		a.lookPath = func(name string) (string, error) { return name, nil }
		a, d := selectCode(t, a, "layer-remove-hidewhen")
		a = keysTo(t, a, "e")
		if len(*ran) != 1 {
			t.Fatalf("%s: %d commands ran", c.editor, len(*ran))
		}
		text, _ := lineOf(d.File, d.Line)
		var want string
		if c.editor == "vim" {
			bytesBefore := len(text[:byteOfColumn(text, d.Column)])
			if bytesBefore == d.Column-1 {
				t.Fatalf("the line has no multi-byte character before column %d: %q", d.Column, text)
			}
			want = fmt.Sprintf("+call cursor(%d,%d)", d.Line, bytesBefore+1)
		} else {
			want = fmt.Sprintf("+%d,%d", d.Line, d.Column)
		}
		if got := (*ran)[0].Args[1]; got != want {
			t.Errorf("%s: %q, want %q (line %q)", c.editor, got, want, text)
		}
	}
}

// A1: an editor that is not there, or that fails, is said, and the reload
// that follows does not wipe it; nor "Back from the editor".
func TestEditorOutcomeOutlivesTheReload(t *testing.T) {
	// Not installed: nothing runs, and the status line says why.
	a, ran, _ := onDiskFerry(t, map[string]string{"EDITOR": "/usr/bin/no-such-editor"})
	a = keysTo(t, a, "6", "e")
	if len(*ran) != 0 || !strings.Contains(screen(a), "Cannot run the editor /usr/bin/no-such-editor ($EDITOR): no such program") {
		t.Errorf("a missing editor: ran %d; screen:\n%s", len(*ran), screen(a))
	}

	// One that runs and fails: its error stays once the files are read
	// again, and so does "Back from the editor" for one that works.
	falseBin, err := exec.LookPath("false")
	if err != nil {
		t.Skip("no false program:", err)
	}
	for _, c := range []struct{ editor, want string }{
		{falseBin, "The editor ended with an error (exit status 1) at locales/fr.json:1:100"},
		{"true", "Back from the editor at locales/fr.json:1:100"},
	} {
		a, _, _ := onDiskFerry(t, map[string]string{"EDITOR": c.editor})
		a.execProcess = func(cmd *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
			return func() tea.Msg { return fn(cmd.Run()) }
		}
		a = keysTo(t, a, "6", "e") // runs the editor, then the reload it starts
		s := screen(a)
		if !strings.Contains(strings.Join(strings.Fields(s), " "), c.want) || !strings.Contains(s, "reloaded at") {
			t.Errorf("%s: the outcome is lost on reload:\n%s", c.editor, s)
		}
		if a.snap.loads < 2 {
			t.Errorf("%s: the files were not read again", c.editor)
		}
	}
}
