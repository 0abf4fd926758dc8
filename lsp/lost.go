package lsp

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"rulebench/analysis"
	"rulebench/model"
)

// lostIDAction offers, in the ruleset of a workspace whose editor text
// no longer declares stored ids the file on disk declares, the rename
// steps `rulebench migrate --since` drafts for them (analysis.Result.Since
// with the disk's workspace as the previous version), added to
// sheet.migrations, with sheet.version raised when it has not gone up.
func (s *Server) lostIDAction(e *wsEntry, d *document) (*CodeAction, error) {
	ws := e.result.Workspace
	if d.path != ws.RulesetFile || ws.Ruleset == nil {
		return nil, nil
	}
	old, err := model.Load(model.OSFS{}, e.path)
	if err != nil || old.Ruleset == nil {
		return nil, nil
	}
	if f := old.Files[ws.RulesetFile]; f != nil && string(f.Data) == d.lines.text {
		return nil, nil // nothing changed since the disk's version
	}
	rep, err := analysis.Run(ws, analysis.Options{Since: old}).Since()
	if err != nil || rep == nil || rep.Draft == nil || len(rep.Draft.Steps) == 0 {
		return nil, nil
	}
	root := ws.Sources[ws.RulesetFile]
	sheet := root.Get("sheet")
	if sheet == nil || sheet.Kind != model.Object {
		return nil, nil
	}
	l := d.lines
	pos := func(off int) Position { return l.position(off, s.enc) }
	var edits []TextEdit
	if ver := sheet.Get("version"); ver != nil && ver.Kind == model.Number && ver.Num() <= float64(rep.From) {
		start := ver.Pos().Offset
		edits = append(edits, TextEdit{Range: Range{Start: pos(start), End: pos(tokenEnd(l.text, start))}, NewText: strconv.Itoa(rep.From + 1)})
	}
	migs := sheet.Get("migrations")
	switch {
	case rep.AddTo != nil && migs != nil && migs.At(*rep.AddTo) != nil && migs.At(*rep.AddTo).Get("steps") != nil:
		steps := migs.At(*rep.AddTo).Get("steps")
		var parts []string
		for _, st := range rep.Draft.Steps {
			b, err := json.Marshal(st)
			if err != nil {
				return nil, err
			}
			parts = append(parts, string(b))
		}
		text := strings.Join(parts, ", ")
		if len(steps.Children()) > 0 {
			text = ", " + text
		}
		end := containerEnd(steps)
		edits = append(edits, TextEdit{Range: Range{Start: pos(end), End: pos(end)}, NewText: text})
	case migs != nil && migs.Kind == model.Array:
		b, err := json.Marshal(rep.Draft)
		if err != nil {
			return nil, err
		}
		text := string(b)
		if len(migs.Children()) > 0 {
			text = ", " + text
		}
		end := containerEnd(migs)
		edits = append(edits, TextEdit{Range: Range{Start: pos(end), End: pos(end)}, NewText: text})
	default:
		b, err := json.Marshal([]any{rep.Draft})
		if err != nil {
			return nil, err
		}
		end := containerEnd(sheet)
		edits = append(edits, TextEdit{Range: Range{Start: pos(end), End: pos(end)}, NewText: `, "migrations": ` + string(b)})
	}
	var lost []string
	for _, x := range rep.Lost {
		if x.Step >= 0 {
			lost = append(lost, x.Kind+" "+x.ID)
		}
	}
	title := fmt.Sprintf("add a migration from version %d to sheet.migrations moving %s", rep.From, strings.Join(lost, ", "))
	return &CodeAction{Title: model.Visible(title), Kind: "quickfix", Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: edits}}}, nil
}
