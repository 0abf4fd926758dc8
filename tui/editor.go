package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rulebench/model"
)

// The e key opens $VISUAL or $EDITOR at the file, line and column of what
// is selected: a finding, a string's translation or use, a migration entry
// or step, a save, a layer. The workbench is suspended while the editor
// runs (tea.ExecProcess) and reads the files again when it returns; the
// file watch would show the edit too.

// spot is a place in a file: where the editor opens. col counts
// characters, as findings do; text is the line itself when it was read
// (editorArgs then gives each editor the column in its own unit), "" when
// not.
type spot struct {
	file      string
	line, col int
	text      string
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
// program reads it, known by the program's name, and the column in the
// program's own unit (see columnIn), worked out from the line's text when
// the spot has it:
//
//	vi, vim, nvim, gvim, mvim, view      +LINE FILE (vim and nvim: +call cursor(LINE,COL), COL in bytes)
//	nano, pico                            +LINE,COL FILE (COL in screen cells, tabs of 8)
//	emacs, emacsclient                    +LINE:COL FILE (COL in screen cells, tabs of 8)
//	kak                                   +LINE:COL FILE (COL in bytes)
//	micro                                 +LINE:COL FILE (COL in characters)
//	hx, helix                             FILE:LINE:COL (COL in characters)
//	code, codium, code-insiders, cursor   -g FILE:LINE:COL (COL in UTF-16 units)
//	subl, zed                             FILE:LINE:COL (COL in characters)
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
	line := strconv.Itoa(at.line)
	col := func(u columnUnit) string { return strconv.Itoa(columnIn(at.text, at.col, u)) }
	file := at.file
	if strings.HasPrefix(file, "-") || strings.HasPrefix(file, "+") {
		file = "." + string(filepath.Separator) + file // never read as an option
	}
	var place []string
	switch name {
	case "vim", "nvim", "gvim", "mvim":
		place = []string{"+call cursor(" + line + "," + col(inBytes) + ")", file}
	case "vi", "view", "nvi", "elvis":
		place = []string{"+" + line, file}
	case "nano", "pico", "rnano":
		place = []string{"+" + line + "," + col(inCells), file}
	case "emacs", "emacsclient":
		place = []string{"+" + line + ":" + col(inCells), file}
	case "kak", "kakoune":
		place = []string{"+" + line + ":" + col(inBytes), file}
	case "micro":
		place = []string{"+" + line + ":" + col(inChars), file}
	case "hx", "helix":
		place = []string{file + ":" + line + ":" + col(inChars)}
	case "code", "code-insiders", "codium", "vscodium", "cursor":
		place = []string{"-g", file + ":" + line + ":" + col(inUTF16)}
	case "subl", "zed":
		place = []string{file + ":" + line + ":" + col(inChars)}
	default:
		place = []string{"+" + line, file}
	}
	return append(words, place...), nil
}

// columnUnit is what an editor counts a column in.
type columnUnit int

const (
	inChars columnUnit = iota // characters (Unicode code points), as findings count
	inBytes                   // bytes of UTF-8 (vim's cursor(), kakoune)
	inCells                   // screen cells, a tab reaching the next multiple of 8 (nano, emacs)
	inUTF16                   // UTF-16 code units (VS Code)
)

// editorTabWidth is the tab stop nano and emacs use unless told otherwise.
const editorTabWidth = 8

// columnIn turns a 1-based column in characters on a line into the same
// place counted in unit. Without the line's text (or past its end, where
// every unit counts one per column) the column is given as it is.
func columnIn(text string, col int, unit columnUnit) int {
	if unit == inChars || text == "" || col < 1 {
		return col
	}
	head := text[:byteOfColumn(text, col)]
	past := col - 1 - utf8.RuneCountInString(head) // columns beyond the line's end
	switch unit {
	case inBytes:
		return len(head) + past + 1
	case inUTF16:
		n := 0
		for _, r := range head {
			n += utf16.RuneLen(r)
		}
		return n + past + 1
	}
	cells := 0
	for _, r := range head {
		if r == '\t' {
			cells += editorTabWidth - cells%editorTabWidth
			continue
		}
		cells += ansi.StringWidth(string(r))
	}
	return cells + past + 1
}

// maxEditorLineScan is how many bytes of a file are read to find the line
// the editor opens at; a place further in gets its column in characters.
const maxEditorLineScan = 64 << 20

// maxEditorLine is the longest line read whole for its column.
const maxEditorLine = 1 << 20

// lineOf reads line n (1-based) of a file on disk, without its ending;
// lines end as findings count them (\n, \r\n, or a \r alone). ok is false
// when the file cannot be read, has no such line within the bytes read,
// or the line is too long to read whole.
func lineOf(file string, n int) (string, bool) {
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, maxEditorLineScan))
	line := 1
	var cur []byte
	for {
		b, err := r.ReadByte()
		if err != nil {
			return string(cur), line == n && err == io.EOF
		}
		if b == '\n' || b == '\r' {
			if line == n {
				return string(cur), true
			}
			if b == '\r' {
				if next, err := r.Peek(1); err == nil && next[0] == '\n' {
					_, _ = r.ReadByte()
				}
			}
			line++
			continue
		}
		if line == n {
			if len(cur) >= maxEditorLine {
				return "", false
			}
			cur = append(cur, b)
		}
	}
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
	if text, ok := lineOf(at.file, at.line); ok {
		at.text = text
	}
	args, err := editorArgs(editor, at)
	if err != nil {
		a.status = statusLine{text: "Cannot run the editor " + vis(editor) + ": " + err.Error(), isErr: true}
		return nil
	}
	lookPath := a.lookPath
	if lookPath == nil {
		lookPath = exec.LookPath
	}
	if _, err := lookPath(args[0]); err != nil {
		a.status = statusLine{text: "Cannot run the editor " + vis(args[0]) + " (" + editorVar(a.cfg.Getenv) + "): " + lookPathWords(err) + "; set $VISUAL or $EDITOR to an editor that is installed", isErr: true}
		return nil
	}
	cmd := exec.Command(args[0], args[1:]...)
	run := a.execProcess
	if run == nil {
		run = tea.ExecProcess
	}
	return run(cmd, func(err error) tea.Msg { return editorDoneMsg{at: at, err: err} })
}

// spotWords writes a place for the status line: file:line:col, the file
// inside the package, as findings are listed.
func (a *App) spotWords(at spot) string {
	at.file = relFile(at.file, a.snap.ws)
	return vis(at.String())
}

// editorVar names the variable the editor came from: "$VISUAL" or
// "$EDITOR".
func editorVar(getenv func(string) string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	if strings.TrimSpace(getenv("VISUAL")) != "" {
		return "$VISUAL"
	}
	return "$EDITOR"
}

// lookPathWords says why exec.LookPath found no program, in plain words.
func lookPathWords(err error) string {
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return "no such program"
	case errors.Is(err, fs.ErrPermission):
		return "it is not executable"
	}
	var pe *exec.Error
	if errors.As(err, &pe) && pe.Err != nil {
		return vis(pe.Err.Error())
	}
	return vis(err.Error())
}

// onEditorDone says how the editor ended and reads the files again. What
// it says stays on the status line when the files come back (see
// App.editorNote), with the news of the reload after it.
func (a *App) onEditorDone(msg editorDoneMsg) tea.Cmd {
	if msg.err != nil {
		a.status = statusLine{text: "The editor ended with an error (" + vis(msg.err.Error()) + ") at " + a.spotWords(msg.at), isErr: true}
	} else {
		a.status = statusLine{text: "Back from the editor at " + a.spotWords(msg.at)}
	}
	a.editorNote = a.status
	return a.startReload()
}

// withEditorNote puts what the editor's return said before the news of
// the reload that followed it, and forgets it; the line is an error when
// either is.
func (a *App) withEditorNote() {
	note := a.editorNote
	if note.text == "" {
		return
	}
	a.editorNote = statusLine{}
	if a.status.text == "" {
		a.status = note
		return
	}
	a.status = statusLine{text: note.text + "; " + lowerFirst(a.status.text), isErr: note.isErr || a.status.isErr}
}

// lowerFirst puts a sentence's first letter in lower case, to follow
// another clause.
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}
