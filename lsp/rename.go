package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// storedKinds are the kinds of id a save stores values under: renaming one
// appends a rename step to sheet.migrations and raises sheet.version, so
// that saves made before keep their values.
var storedKinds = map[string]string{
	"abilities": "ability", "skills": "skill", "saves": "save", "fields": "field", "tracks": "track",
	"pools": "pool", "lists": "list",
}

// renameTarget is the id at a position, with the range of its text.
func (s *Server) renameTarget(p TextDocumentPositionParams) (*at, string, string, error) {
	a, err := s.locate(p)
	if err != nil {
		return nil, "", "", err
	}
	if a == nil || a.onKey {
		return nil, "", "", nil // a save's key keeps the id it was stored under
	}
	kind, id, ok := s.indexOf(a.e).target(a.node)
	if !ok {
		return nil, "", "", nil
	}
	return a, kind, id, nil
}

func (s *Server) prepareRename(params json.RawMessage) (any, error) {
	var p TextDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	a, _, id, err := s.renameTarget(p)
	if err != nil {
		return nil, err
	}
	if a == nil {
		if d, ok := s.displayAt(p); ok {
			return map[string]any{"range": s.nodeRange(d.e, d.file, d.node), "placeholder": model.Visible(d.node.Str())}, nil
		}
		return nil, nil
	}
	r, ok := s.innerRange(a.e, a.file, a.node)
	if !ok {
		return nil, nil
	}
	return map[string]any{"range": r, "placeholder": model.Visible(id)}, nil
}

// innerRange is the range of a string's text between its quotes, when the
// text is written without escapes.
func (s *Server) innerRange(e *wsEntry, file string, n *model.Node) (Range, bool) {
	l := s.textOf(e, file)
	if l == nil || n.Kind != model.String {
		return Range{}, false
	}
	start := n.Pos().Offset
	end := tokenEnd(l.text, start)
	if end-start < 2 || l.text[start+1:end-1] != n.Str() {
		return Range{}, false
	}
	return Range{Start: l.position(start+1, s.enc), End: l.position(end-1, s.enc)}, true
}

func (s *Server) rename(params json.RawMessage) (any, error) {
	var p RenameParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	a, kind, id, err := s.renameTarget(p.TextDocumentPositionParams)
	if err != nil {
		return nil, err
	}
	if a == nil {
		if d, ok := s.displayAt(p.TextDocumentPositionParams); ok {
			return s.renameDisplay(d, p.NewName)
		}
		return nil, &ResponseError{Code: codeRequestFailed, Message: "there is no id or display string here to rename"}
	}
	newID := p.NewName
	if kind == "entries" {
		catalog, _, _ := strings.Cut(id, "/")
		newID = catalog + "/" + newID[strings.LastIndexByte(newID, '/')+1:]
	}
	if newID == id {
		return WorkspaceEdit{Changes: map[string][]TextEdit{}}, nil
	}
	word, stored := storedKinds[kind]
	if stored && !model.IsSheetID(newID) {
		return nil, &ResponseError{Code: codeRequestFailed, Message: fmt.Sprintf("%s is not a valid id: lowercase letters, digits and underscores, starting with a letter", strconv.Quote(model.Visible(newID)))}
	}
	if strings.ContainsAny(newID, "\"\\") || strings.IndexFunc(newID, func(r rune) bool { return model.Escaped(r) }) >= 0 {
		return nil, &ResponseError{Code: codeRequestFailed, Message: "an id cannot hold quotes, backslashes or control characters"}
	}
	idx := s.indexOf(a.e)
	if len(idx.lookup(kind, newID)) > 0 {
		return nil, &ResponseError{Code: codeRequestFailed, Message: fmt.Sprintf("a %s %s is already declared", kindWord(kind), strconv.Quote(model.Visible(newID)))}
	}
	we := WorkspaceEdit{Changes: map[string][]TextEdit{}}
	add := func(file string, n *model.Node, text string) error {
		r, ok := s.innerRange(a.e, file, n)
		if !ok {
			return fmt.Errorf("%s at %s:%d is written with escapes; rename it by hand", strconv.Quote(model.Visible(n.Str())), model.Visible(file), n.Pos().Line)
		}
		uri := s.uriFor(file)
		we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: r, NewText: text})
		return nil
	}
	for _, d := range idx.lookup(kind, id) {
		text := newID
		if kind == "entries" {
			text = newID[strings.IndexByte(newID, '/')+1:]
		}
		if err := add(d.file, d.node, text); err != nil {
			return nil, err
		}
	}
	ws := a.e.result.Workspace
	for _, r := range idx.refs[key(kind, id)] {
		if r.key || stored && r.file == ws.RulesetFile && strings.HasPrefix(r.node.Path(), "sheet.migrations.") {
			continue // saves and the steps before keep the id they knew
		}
		if err := add(r.file, r.node, newID); err != nil {
			return nil, err
		}
	}
	if stored {
		if err := s.addRenameStep(a.e, &we, word, id, newID); err != nil {
			return nil, err
		}
	}
	for uri := range we.Changes {
		slices.SortFunc(we.Changes[uri], func(x, y TextEdit) int {
			if before(x.Range.Start, y.Range.Start) {
				return -1
			}
			if before(y.Range.Start, x.Range.Start) {
				return 1
			}
			return 0
		})
	}
	return we, nil
}

// addRenameStep appends a migration from the current sheet.version with
// one rename step, and raises sheet.version by one.
func (s *Server) addRenameStep(e *wsEntry, we *WorkspaceEdit, word, from, to string) error {
	ws := e.result.Workspace
	root := ws.Sources[ws.RulesetFile]
	l := s.textOf(e, ws.RulesetFile)
	sheet := root.Get("sheet")
	if l == nil || sheet == nil || sheet.Kind != model.Object {
		return fmt.Errorf("the ruleset has no sheet to add a migration to")
	}
	ver := sheet.Get("version")
	if ver == nil || ver.Kind != model.Number || ver.Num() < 1 || ver.Num() != float64(int64(ver.Num())) {
		return fmt.Errorf("sheet.version is not a whole number; raise it and add the rename step by hand")
	}
	v := int64(ver.Num())
	step := fmt.Sprintf(`{"from": %d, "steps": [{"rename": %q, "from": %q, "to": %q}]}`, v, word, from, to)
	uri := s.uriFor(ws.RulesetFile)
	pos := func(off int) Position { return l.position(off, s.enc) }
	verStart := ver.Pos().Offset
	we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: Range{Start: pos(verStart), End: pos(tokenEnd(l.text, verStart))}, NewText: strconv.FormatInt(v+1, 10)})
	if migs := sheet.Get("migrations"); migs != nil && migs.Kind == model.Array {
		end := containerEnd(migs)
		text := step
		if len(migs.Children()) > 0 {
			text = ", " + step
		}
		we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: Range{Start: pos(end), End: pos(end)}, NewText: text})
		return nil
	}
	end := tokenEnd(l.text, verStart)
	we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: Range{Start: pos(end), End: pos(end)}, NewText: `, "migrations": [` + step + `]`})
	return nil
}

// displayAt is the display string at a position, when there is one.
func (s *Server) displayAt(p TextDocumentPositionParams) (*at, bool) {
	a, err := s.locate(p)
	if err != nil || a == nil || a.onKey || a.node.Kind != model.String || a.e.result.Translations == nil {
		return nil, false
	}
	if _, ok := a.e.result.Translations.Index(a.node.Str()); !ok {
		return nil, false
	}
	return a, true
}

// jsonText writes a text as a JSON string, without escaping <, > and &.
func jsonText(text string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(text)
	return strings.TrimSuffix(b.String(), "\n")
}

// renameDisplay changes a display string everywhere the ruleset and its
// catalogs write it, and moves its key in every locale file, so that its
// translations stay with it.
func (s *Server) renameDisplay(a *at, text string) (any, error) {
	old := a.node.Str()
	we := WorkspaceEdit{Changes: map[string][]TextEdit{}}
	if text == old {
		return we, nil
	}
	if _, taken := a.e.result.Translations.Index(text); taken {
		return nil, &ResponseError{Code: codeRequestFailed, Message: fmt.Sprintf("%s is already a display string; its translations would merge", strconv.Quote(model.Visible(text)))}
	}
	rep := a.e.result.Translations
	i, _ := rep.Index(old)
	quoted := jsonText(text)
	for _, u := range rep.Strings()[i].Uses {
		uri := s.uriFor(u.File)
		we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: s.nodeRange(a.e, u.File, u.Node), NewText: quoted})
	}
	for _, k := range s.indexOf(a.e).displayKeys[old] {
		loc := s.keyLocation(a.e, k.file, k.node)
		we.Changes[loc.URI] = append(we.Changes[loc.URI], TextEdit{Range: loc.Range, NewText: quoted})
	}
	return we, nil
}
