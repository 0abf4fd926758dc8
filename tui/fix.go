package tui

import (
	tea "charm.land/bubbletea/v2"

	"rulebench/model"
)

// fixing is a tab whose selection may be a finding with a fix (Problems).
type fixing interface {
	// selectedFix returns the selected finding when it carries a fix.
	selectedFix() (model.Diagnostic, bool)
}

// fixedMsg says that a finding's fix was written, or why it was not.
type fixedMsg struct {
	d   model.Diagnostic
	err error
}

// selectedFix returns the focused tab's selected finding when it carries
// a fix.
func (a *App) selectedFix() (model.Diagnostic, bool) {
	if f, ok := a.tab().(fixing); ok {
		return f.selectedFix()
	}
	return model.Diagnostic{}, false
}

// fix makes the selected finding's fix: the new bytes of each file it
// edits, worked out on the bytes the finding was found in, are written in
// the background through Config.WriteFile (which refuses a file changed
// since), and the files are read again. It makes that fix and no other:
// a fix that changes a listed file makes the listing's finding appear
// after the reload, with its own fix.
func (a *App) fix() tea.Cmd {
	d, ok := a.selectedFix()
	if !ok {
		return nil
	}
	if a.cfg.WriteFile == nil || !a.onDisk() {
		a.status = statusLine{text: "The bundled example is not a file on disk; open your own with rulebench PATH to fix it", isErr: true}
		return nil
	}
	ws := a.snap.diagsWS
	old := map[string][]byte{}
	for _, name := range d.Fix.Files() {
		if ws == nil || ws.Files[name] == nil {
			a.status = statusLine{text: "Cannot fix: " + vis(relFile(name, ws)) + " was not read", isErr: true}
			return nil
		}
		old[name] = ws.Files[name].Data
	}
	out, taken, err := model.ApplyFixes(old, []*model.Fix{d.Fix})
	if err != nil || len(taken) != 1 {
		a.status = statusLine{text: "Cannot fix: the fix does not fit the file; read the files again (r)", isErr: true}
		return nil
	}
	write := a.cfg.WriteFile
	return func() tea.Msg {
		for _, name := range d.Fix.Files() {
			if err := write(name, out[name], old[name]); err != nil {
				return fixedMsg{d: d, err: err}
			}
		}
		return fixedMsg{d: d}
	}
}

// onFixed says what the fix did, and reads the files again.
func (a *App) onFixed(msg fixedMsg) tea.Cmd {
	if msg.err != nil {
		a.status = statusLine{text: "Cannot fix: " + vis(msg.err.Error()), isErr: true}
	} else {
		a.status = statusLine{text: "Fixed: " + vis(msg.d.Fix.Description)}
	}
	return a.startReload()
}
