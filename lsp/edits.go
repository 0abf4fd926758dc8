package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"rulebench/model"
)

// maxSymbols bounds the outline of one document.
const maxSymbols = 5000

func (s *Server) documentSymbol(params json.RawMessage) (any, error) {
	var p DocumentSymbolParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d, err := s.docOf(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []DocumentSymbol{}
	e := s.entryFor(d)
	if e == nil {
		return out, nil
	}
	root := e.result.Workspace.Sources[d.path]
	if root == nil || root.Source() != d.lines.text || root.Kind != model.Object {
		return out, nil
	}
	budget := maxSymbols
	return s.symbols(d.lines, root, 0, &budget), nil
}

// symbols outlines the members of an object: the lists of objects by
// their ids (a migration by the version it starts from), the objects by
// their members, three levels deep.
func (s *Server) symbols(l *lines, n *model.Node, depth int, budget *int) []DocumentSymbol {
	out := []DocumentSymbol{}
	for _, c := range n.Children() {
		if *budget <= 0 {
			break
		}
		sym := DocumentSymbol{Name: model.Visible(c.Key()), Kind: SymbolKindField, Range: s.valueRange(l, c, true), SelectionRange: s.keyRange(l, c)}
		if sym.Name == "" {
			sym.Name = `""`
		}
		switch c.Kind {
		case model.Object:
			if depth >= 3 {
				continue
			}
			sym.Kind = SymbolKindNamespace
			sym.Children = s.symbols(l, c, depth+1, budget)
		case model.Array:
			if depth >= 3 {
				continue
			}
			sym.Kind = SymbolKindNamespace
			for i, item := range c.Children() {
				if item.Kind != model.Object || *budget <= 0 {
					continue
				}
				name, detail := "#"+strconv.Itoa(i), ""
				if id := item.Get("id"); id != nil && id.Kind == model.String {
					name = id.Str()
				} else if from := item.Get("from"); from != nil && from.Kind == model.Number {
					name = "from " + from.Raw()
				}
				if lb := item.Get("label"); lb != nil && lb.Kind == model.String {
					detail = lb.Str()
				}
				*budget--
				child := DocumentSymbol{Name: model.Visible(name), Detail: model.Visible(detail), Kind: SymbolKindObject,
					Range: s.valueRange(l, item, false), SelectionRange: s.valueRange(l, item, false)}
				if id := item.Get("id"); id != nil {
					child.SelectionRange = s.valueRange(l, id, false)
				}
				if depth < 2 {
					child.Children = s.symbols(l, item, depth+1, budget)
					child.Children = slices.DeleteFunc(child.Children, func(d DocumentSymbol) bool { return d.Kind != SymbolKindNamespace })
				}
				sym.Children = append(sym.Children, child)
			}
			if len(sym.Children) == 0 && depth > 0 {
				continue
			}
		default:
			if depth > 0 {
				continue
			}
			sym.Kind = SymbolKindConstant
			sym.Detail = model.Visible(c.Raw())
		}
		*budget--
		out = append(out, sym)
	}
	return out
}

// valueRange is the range of a value (from its key when withKey), to the
// end of its token or closing bracket.
func (s *Server) valueRange(l *lines, n *model.Node, withKey bool) Range {
	start := n.Pos().Offset
	if kp := n.KeyPos(); withKey && kp.Line > 0 {
		start = kp.Offset
	}
	end := tokenEnd(l.text, n.Pos().Offset)
	if n.Kind == model.Object || n.Kind == model.Array {
		end = containerEnd(n) + 1
	}
	return Range{Start: l.position(start, s.enc), End: l.position(end, s.enc)}
}

func (s *Server) keyRange(l *lines, n *model.Node) Range {
	kp := n.KeyPos()
	if kp.Line == 0 {
		return s.valueRange(l, n, false)
	}
	return Range{Start: l.position(kp.Offset, s.enc), End: l.position(tokenEnd(l.text, kp.Offset), s.enc)}
}

// codeAction offers, as quick fixes, the fixes the findings of the
// document carry (Diagnostic.Fix) whose place is in the range asked about.
func (s *Server) codeAction(params json.RawMessage) (any, error) {
	var p CodeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d, err := s.docOf(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []CodeAction{}
	e := s.entryFor(d)
	if e == nil {
		return out, nil
	}
	for _, f := range e.result.Findings {
		if f.Fix == nil || f.File != d.path {
			continue
		}
		r := s.findingRange(e, f)
		edit, ok := s.fixEdit(e, f.Fix)
		if !ok {
			continue
		}
		// Offered where the finding is, and where its fix edits this
		// document.
		near := !(before(r.End, p.Range.Start) || before(p.Range.End, r.Start))
		for _, te := range edit.Changes[d.uri] {
			near = near || !(before(te.Range.End, p.Range.Start) || before(p.Range.End, te.Range.Start))
		}
		if !near {
			continue
		}
		out = append(out, CodeAction{Title: model.Visible(f.Fix.Description), Kind: "quickfix", IsPreferred: true, Edit: edit,
			Diagnostics: []Diagnostic{{Range: r, Severity: severity(f.Severity), Code: string(f.Code), Source: "rulebench", Message: model.Visible(f.Message)}}})
	}
	if a, err := s.lostIDAction(e, d); err == nil && a != nil {
		out = append(out, *a)
	}
	return out, nil
}

// before tells whether a comes strictly before b.
func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// fixEdit turns a fix's byte edits into a workspace edit; false when a
// file it edits is outside the workspace folder or its text is unknown.
func (s *Server) fixEdit(e *wsEntry, fix *model.Fix) (*WorkspaceEdit, bool) {
	we := &WorkspaceEdit{Changes: map[string][]TextEdit{}}
	for _, fe := range fix.Edits {
		if !inside(fe.File, e.root) {
			return nil, false
		}
		l := s.textOf(e, fe.File)
		if l == nil || fe.Start < 0 || fe.End > len(l.text) || fe.Start > fe.End {
			return nil, false
		}
		uri := s.uriFor(fe.File)
		we.Changes[uri] = append(we.Changes[uri], TextEdit{Range: Range{Start: l.position(fe.Start, s.enc), End: l.position(fe.End, s.enc)}, NewText: fe.New})
	}
	return we, true
}

func (s *Server) executeCommand(params json.RawMessage) (any, error) {
	var p ExecuteCommandParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.Command != commandWorkbench {
		return nil, &ResponseError{Code: codeInvalidParams, Message: "rulebench has no command " + model.Visible(p.Command)}
	}
	var uri string
	if len(p.Arguments) > 0 {
		_ = json.Unmarshal(p.Arguments[0], &uri)
	}
	file := pathOf(uri)
	wsPath := ""
	if file != "" {
		wsPath = s.ws.pathFor(file)
	}
	if wsPath == "" && len(s.roots) > 0 {
		wsPath = s.roots[0]
	}
	if wsPath == "" {
		return nil, fmt.Errorf("no workspace to open the workbench on")
	}
	line := []string{"rulebench", wsPath}
	_ = s.out.write(notification{JSONRPC: "2.0", Method: "window/showMessage", Params: ShowMessageParams{Type: 3,
		Message: "Open the workbench in a terminal: rulebench " + strconv.Quote(model.Visible(wsPath))}})
	return map[string]any{"command": line}, nil
}
