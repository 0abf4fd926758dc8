package tui

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

// The e key opens $VISUAL or $EDITOR at the file, line and column of what
// is selected: a finding, a string's translation or use, a migration entry
// or step, a save, a layer. The workbench is suspended while the editor
// runs (tea.ExecProcess) and reads the files again when it returns; the
// file watch would show the edit too.

// spot is a place in a file: where the editor opens.
type spot struct {
	file      string
	line, col int
}

func (s spot) String() string { return fmt.Sprintf("%s:%d:%d", s.file, s.line, s.col) }

// located is a tab whose selection has a place in a file.
type located interface {
	spotAt(s *snapshot) (spot, bool)
}

// nodeSpot is the place of a node in a file; a node without a position
// (or none at all) is the file's start.
func nodeSpot(file string, n *model.Node) (spot, bool) {
	if file == "" {
		return spot{}, false
	}
	sp := spot{file: file, line: 1, col: 1}
	if n != nil && n.Pos().Line > 0 {
		sp.line, sp.col = n.Pos().Line, max(n.Pos().Column, 1)
	}
	return sp, true
}

// spotAt is the selected finding's place.
func (p *problemsPane) spotAt(*snapshot) (spot, bool) {
	d, ok := p.selected()
	if !ok || d.File == "" {
		return spot{}, false
	}
	return spot{file: d.File, line: max(d.Line, 1), col: max(d.Column, 1)}, true
}

// spotAt is, in the strings table, the selected string's translation in
// the language's own file, or where its key belongs in that file when it
// has none (belongsSpot), or where the string is first used when the
// language has no file of its own; a stale key where it is written; in the picker,
// the language's own file.
func (p *translationsPane) spotAt(s *snapshot) (spot, bool) {
	if p.mode != browseStrings || p.lang == nil {
		l, ok := p.selectedLang()
		if !ok || l.Own == nil {
			return spot{}, false
		}
		return nodeSpot(l.Own.Name(), nil)
	}
	c, l := p.table.list.cursor, p.lang
	if c >= len(p.rows) {
		return spot{}, false
	}
	row := p.rows[c]
	if p.filter == filterStale {
		if row >= len(l.Stale) || l.Own == nil {
			return spot{}, false
		}
		return keySpot(l.Own.Name(), l.Stale[row].Node)
	}
	if s.report() == nil || row >= len(s.report().Strings()) {
		return spot{}, false
	}
	ds := s.report().Strings()[row]
	if k, ok := l.Own.Lookup(ds.Text); ok {
		return keySpot(l.Own.Name(), k.Node)
	}
	if at, ok := belongsSpot(s.report(), l.Own, row); ok {
		return at, true
	}
	if len(ds.Uses) == 0 {
		return spot{}, false
	}
	return nodeSpot(ds.Uses[0].File, ds.Uses[0].Node)
}

// keySpot is the place of an object member's key (where a translator
// reads the English), or its value's when the key has no position.
func keySpot(file string, n *model.Node) (spot, bool) {
	if n != nil && n.KeyPos().Line > 0 {
		return spot{file: file, line: n.KeyPos().Line, col: max(n.KeyPos().Column, 1)}, true
	}
	return nodeSpot(file, n)
}

// spotAt is the selected layer in the ruleset.
func (p *layersPane) spotAt(s *snapshot) (spot, bool) {
	t, ok := p.selected()
	rs := s.ruleset()
	if !ok || t.layer == nil || rs == nil {
		return spot{}, false
	}
	return nodeSpot(rs.File, t.layer.Node)
}

// spotAt is, while stepping through a save, the step shown (the save
// itself for the whole chain); in the list, the selected migration entry
// in the ruleset, or the selected save's file.
func (p *migrationsPane) spotAt(s *snapshot) (spot, bool) {
	rs := s.ruleset()
	if rs == nil {
		return spot{}, false
	}
	if kind, _, ok := p.sinceAt(p.sel()); ok && kind != sinceSave {
		return p.sinceSpot(kind)
	}
	if p.stepping {
		t := p.step.current()
		if p.draftStep(p.sel(), t) != nil {
			return p.sinceSpot(sinceDraft) // the drafted steps go there
		}
		if t == nil || t.Entry < 0 || t.Entry >= len(rs.Sheet.Migrations) {
			if sv, _, ok := p.save(p.sel()); ok {
				return nodeSpot(sv.File, sv.Root)
			}
			return spot{}, false
		}
		m := rs.Sheet.Migrations[t.Entry]
		return nodeSpot(rs.File, m.Node.Get("steps").At(t.Step))
	}
	i := p.sel()
	if i < 0 {
		return spot{}, false
	}
	if i < len(p.entries) {
		return nodeSpot(rs.File, p.entries[i].Node)
	}
	if sv, _, ok := p.save(i); ok {
		return nodeSpot(sv.File, sv.Root)
	}
	return spot{}, false
}

// editorFor returns the editor the environment names: $VISUAL, else
// $EDITOR ("" when neither is set).
func editorFor(getenv func(string) string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
	}
	return ""
}

// errNoEditor is the error of editorArgs for an empty editor.
var errNoEditor = errors.New("no editor")

// editorArgs returns the command line that opens an editor at a place. The
// editor is the value of $VISUAL or $EDITOR: a program and its arguments
// ("code --wait", quoted words kept whole). The place is given the way the
// program reads it, known by the program's name:
//
//	vi, vim, nvim, gvim, mvim, view      +LINE FILE (vim and nvim: +call cursor(LINE,COL))
//	nano, pico                            +LINE,COL FILE
//	emacs, emacsclient, kak, micro        +LINE:COL FILE
//	hx, helix                             FILE:LINE:COL
//	code, codium, code-insiders, cursor   -g FILE:LINE:COL
//	subl, zed                             FILE:LINE:COL
//	anything else                         +LINE FILE
func editorArgs(editor string, at spot) ([]string, error) {
	words, err := splitWords(editor)
	if err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, errNoEditor
	}
	name := strings.ToLower(filepath.Base(words[0]))
	name = strings.TrimSuffix(name, ".exe")
	line, col := strconv.Itoa(at.line), strconv.Itoa(at.col)
	file := at.file
	if strings.HasPrefix(file, "-") || strings.HasPrefix(file, "+") {
		file = "." + string(filepath.Separator) + file // never read as an option
	}
	var place []string
	switch name {
	case "vim", "nvim", "gvim", "mvim":
		place = []string{"+call cursor(" + line + "," + col + ")", file}
	case "vi", "view", "nvi", "elvis":
		place = []string{"+" + line, file}
	case "nano", "pico", "rnano":
		place = []string{"+" + line + "," + col, file}
	case "emacs", "emacsclient", "kak", "kakoune", "micro":
		place = []string{"+" + line + ":" + col, file}
	case "hx", "helix":
		place = []string{file + ":" + line + ":" + col}
	case "code", "code-insiders", "codium", "vscodium", "cursor":
		place = []string{"-g", file + ":" + line + ":" + col}
	case "subl", "zed":
		place = []string{file + ":" + line + ":" + col}
	default:
		place = []string{"+" + line, file}
	}
	return append(words, place...), nil
}

// splitWords splits an editor setting into words at spaces, keeping text
// in single or double quotes (and a character after a backslash) whole,
// as a shell would for a simple command.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, errors.New("its quotes are not closed")
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// editorDoneMsg says the editor has returned.
type editorDoneMsg struct {
	at  spot
	err error
}

// onDisk tells whether the workspace's files are files on disk, under the
// names findings give them, so that an editor can open them.
func (a *App) onDisk() bool {
	_, ok := a.cfg.FS.(model.OSFS)
	return ok
}

// editable tells whether the focused tab's selection has a place in a
// file, where e opens the editor.
func (a *App) editable() bool {
	l, ok := a.tab().(located)
	if !ok {
		return false
	}
	_, ok = l.spotAt(&a.snap)
	return ok
}

// edit opens the editor at the focused tab's selection, suspending the
// workbench until it returns.
func (a *App) edit() tea.Cmd {
	l, ok := a.tab().(located)
	if !ok {
		a.status = statusLine{text: "Nothing here has a place in a file: e opens the editor on a finding, a string, a layer or a migration"}
		return nil
	}
	at, ok := l.spotAt(&a.snap)
	if !ok {
		a.status = statusLine{text: "The selection has no place in a file to open"}
		return nil
	}
	if !a.onDisk() {
		a.status = statusLine{text: "The bundled example is not a file on disk; open your own with rulebench PATH to edit it", isErr: true}
		return nil
	}
	editor := editorFor(a.cfg.Getenv)
	if editor == "" {
		a.status = statusLine{text: "No editor is set: set $VISUAL or $EDITOR (export EDITOR=nano, say) to open " + vis(at.String()), isErr: true}
		return nil
	}
	args, err := editorArgs(editor, at)
	if err != nil {
		a.status = statusLine{text: "Cannot run the editor " + vis(editor) + ": " + err.Error(), isErr: true}
		return nil
	}
	cmd := exec.Command(args[0], args[1:]...)
	run := a.execProcess
	if run == nil {
		run = tea.ExecProcess
	}
	return run(cmd, func(err error) tea.Msg { return editorDoneMsg{at: at, err: err} })
}

// onEditorDone says how the editor ended and reads the files again.
func (a *App) onEditorDone(msg editorDoneMsg) tea.Cmd {
	if msg.err != nil {
		a.status = statusLine{text: "The editor ended with an error: " + vis(msg.err.Error()), isErr: true}
	} else {
		a.status = statusLine{text: "Back from the editor at " + vis(msg.at.String())}
	}
	return a.startReload()
}
