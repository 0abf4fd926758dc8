package lsp

import (
	"encoding/json"
	"os"
	"path"
	"slices"

	"rulebench/analysis"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
)

// publish analyses the workspaces of the documents changed since the last
// round and publishes the diagnostics of every file of those workspaces
// whose list changed: the open documents, and the other files of their
// workspaces that the change affects (a locale key gone stale when a label
// changes).
func (s *Server) publish() {
	if s.timer != nil {
		s.timer.Stop()
	}
	if len(s.pending) == 0 {
		return
	}
	seen := map[string]bool{}
	var order []string
	for file := range s.pending {
		p := s.ws.pathFor(file)
		if p != "" && !seen[p] {
			seen[p] = true
			order = append(order, p)
		}
	}
	clear(s.pending)
	slices.Sort(order)
	for _, p := range order {
		s.publishWorkspace(s.ws.get(p))
	}
	if s.afterPublish != nil {
		s.afterPublish()
	}
}

// publishWorkspace sends the diagnostics of each file of one workspace,
// and empty lists for the files it had published findings for before.
func (s *Server) publishWorkspace(e *wsEntry) {
	if e.result == nil {
		return
	}
	byFile := s.diagnostics(e)
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	for f := range e.files {
		if _, ok := byFile[f]; !ok {
			files = append(files, f)
		}
	}
	for f := range s.docs {
		if _, ok := byFile[f]; !ok && s.ws.pathFor(f) == e.path {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	for _, f := range files {
		ds := byFile[f]
		if ds == nil {
			ds = []Diagnostic{}
		}
		uri := uriOf(f)
		if d := s.docs[f]; d != nil {
			uri = d.uri
		}
		b, _ := json.Marshal(ds)
		if last, ok := s.published[uri]; ok && last == string(b) || !ok && len(ds) == 0 {
			continue
		}
		s.published[uri] = string(b)
		params := PublishDiagnosticsParams{URI: uri, Diagnostics: ds}
		if d := s.docs[f]; d != nil {
			v := d.version
			params.Version = &v
		}
		_ = s.out.write(notification{JSONRPC: "2.0", Method: "textDocument/publishDiagnostics", Params: params})
	}
}

// diagnostics turns the workspace's findings into protocol diagnostics by
// file.
func (s *Server) diagnostics(e *wsEntry) map[string][]Diagnostic {
	out := map[string][]Diagnostic{}
	base := s.explainBase(e)
	for _, f := range e.result.Findings {
		if f.File == "" || !inside(f.File, e.root) {
			continue
		}
		d := Diagnostic{
			Range:    s.findingRange(e, f),
			Severity: severity(f.Severity),
			Code:     string(f.Code),
			Source:   "rulebench",
			Message:  model.Visible(f.Message),
			Data:     &DiagnosticData{Path: model.Visible(f.Path), Fixable: f.Fix != nil},
		}
		if f.Path != "" && f.Path != model.RootPath {
			d.Message = model.Visible(f.Path) + ": " + d.Message
		}
		if base != "" && len(f.Code) > 0 {
			d.CodeDescription = &CodeDescription{Href: base + "#" + string(f.Code)}
		}
		d.Tags = tagsOf(f)
		d.RelatedInformation = s.related(e, f)
		out[f.File] = append(out[f.File], d)
	}
	return out
}

func severity(sev model.Severity) int {
	switch sev {
	case model.Error:
		return SeverityError
	case model.Warning:
		return SeverityWarning
	}
	return SeverityInformation
}

// unnecessary are the codes of findings about something the Engine never
// uses: a locale key no display string has, a route word no value can
// match, a recharge that never comes. Their diagnostics carry the
// unnecessary tag (editors fade the text). No code is of something the
// Engine reads but no longer wants, so none carries deprecated.
var unnecessary = []model.Code{i18n.CodeLocaleStale, migrate.CodeMigrationWordNeverMatches, model.CodeRechargeUnreachable}

// tagsOf gives the tags a finding earns.
func tagsOf(f model.Diagnostic) []int {
	if slices.Contains(unnecessary, f.Code) {
		return []int{TagUnnecessary}
	}
	return nil
}

// findingRange is the range of a finding: from its line and column to the
// end of the JSON token there.
func (s *Server) findingRange(e *wsEntry, f model.Diagnostic) Range {
	l := s.textOf(e, f.File)
	if l == nil {
		p := Position{Line: max(f.Line-1, 0), Character: max(f.Column-1, 0)}
		return Range{Start: p, End: p}
	}
	start := l.charOffset(max(f.Line, 1), max(f.Column, 1))
	return Range{Start: l.position(start, s.enc), End: l.position(tokenEnd(l.text, start), s.enc)}
}

// related are the other places a finding concerns: the fix's other files,
// and the declaration its id names when there is one.
func (s *Server) related(e *wsEntry, f model.Diagnostic) []DiagnosticRelatedInformation {
	var out []DiagnosticRelatedInformation
	if f.Fix != nil {
		for _, fe := range f.Fix.Edits {
			if fe.File == f.File || !inside(fe.File, e.root) {
				continue
			}
			l := s.textOf(e, fe.File)
			if l == nil {
				continue
			}
			r := Range{Start: l.position(fe.Start, s.enc), End: l.position(fe.End, s.enc)}
			out = append(out, DiagnosticRelatedInformation{Location: Location{URI: uriOf(fe.File), Range: r},
				Message: "the fix changes " + model.Visible(path.Base(fe.File)) + " here: " + model.Visible(f.Fix.Description)})
		}
	}
	if f.Code == i18n.CodeLocaleStale && e.result.Translations != nil {
		// A stale key: where the nearest current display string is written.
		if root := e.result.Workspace.Sources[f.File]; root != nil {
			if n, ok := root.Find(f.Path); ok {
				if near := e.result.Translations.Nearest(n.Key()); near != "" {
					if i, found := e.result.Translations.Index(near); found {
						for k, u := range e.result.Translations.Strings()[i].Uses {
							if k == 3 {
								break
							}
							out = append(out, DiagnosticRelatedInformation{Location: s.nodeLocation(e, u.File, u.Node),
								Message: "the nearest current display string is written here: " + model.Visible(near)})
						}
					}
				}
			}
		}
	}
	if root := e.result.Workspace.Sources[f.File]; root != nil && f.Path != "" {
		if n, ok := root.Find(f.Path); ok && n.Kind == model.String {
			idx := s.indexOf(e)
			for _, r := range idx.refsAt(f.File, n) {
				for _, d := range idx.near(r) {
					out = append(out, DiagnosticRelatedInformation{Location: s.nodeLocation(e, d.file, d.node),
						Message: "a " + kindWord(d.kind) + " declared here: " + model.Visible(d.id)})
				}
			}
		}
	}
	return out
}

// explainBase is the address codeDescription links codes to: the option
// when set, else docs/rules.md of the workspace folder when it has one
// (rulebench's own repository); "" for none. Nothing outside the
// workspace folder is looked at.
func (s *Server) explainBase(e *wsEntry) string {
	if s.opts.ExplainBase != "" {
		return s.opts.ExplainBase
	}
	p := path.Join(e.root, "docs", "rules.md")
	if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
		return uriOf(p)
	}
	return ""
}

// codeInfo is the registry's entry for a code.
func codeInfo(c model.Code) (analysis.CodeInfo, bool) { return analysis.LookupCode(c) }
