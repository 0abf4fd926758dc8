package lsp

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
	"rulebench/rules"
)

// md makes text from a file safe in markdown: control characters escaped
// (model.Visible), and the characters markdown reads as markup quoted.
func md(s string) string {
	s = model.Visible(s)
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// code puts an id in backticks (ids hold no backtick; one that does is
// quoted as markdown instead).
func code(s string) string {
	s = model.Visible(s)
	if strings.ContainsAny(s, "`\n") {
		return md(s)
	}
	return "`" + s + "`"
}

// nodeRange is the range of a node's token (its first character for an
// object or array).
func (s *Server) nodeRange(e *wsEntry, file string, n *model.Node) Range {
	l := s.textOf(e, file)
	if l == nil {
		return Range{}
	}
	off := n.Pos().Offset
	if l.text != n.Source() {
		// The node is from an older text of an open document: place it
		// by its line and column instead.
		off = l.charOffset(n.Pos().Line, n.Pos().Column)
	}
	return Range{Start: l.position(off, s.enc), End: l.position(tokenEnd(l.text, off), s.enc)}
}

func (s *Server) nodeLocation(e *wsEntry, file string, n *model.Node) Location {
	return Location{URI: s.uriFor(file), Range: s.nodeRange(e, file, n)}
}

// uriFor is the URI of a file: the open document's own, else a file URI.
func (s *Server) uriFor(file string) string {
	if d := s.docs[file]; d != nil {
		return d.uri
	}
	return uriOf(file)
}

// at is what a request at a position of an open document works on: the
// workspace, the document's tree in it, the node there and whether the
// position is on a key.
type at struct {
	e     *wsEntry
	file  string
	root  *model.Node
	node  *model.Node
	onKey bool
	off   int
}

// locate finds the node at a position, nil when the document is not JSON
// or belongs to no workspace.
func (s *Server) locate(p TextDocumentPositionParams) (*at, error) {
	d, err := s.docOf(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	e := s.entryFor(d)
	if e == nil {
		return nil, nil
	}
	root := e.result.Workspace.Sources[d.path]
	if root == nil || root.Source() != d.lines.text {
		return nil, nil
	}
	off := d.lines.offset(p.Position, s.enc)
	n, onKey := nodeAt(root, off)
	return &at{e: e, file: d.path, root: root, node: n, onKey: onKey, off: off}, nil
}

func (s *Server) hover(params json.RawMessage) (any, error) {
	var p TextDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	a, err := s.locate(p)
	if a == nil || err != nil || a.node == a.root {
		return nil, err
	}
	var parts []string
	if a.onKey {
		if r := s.indexOf(a.e).byNode[a.node]; r != nil && r.key {
			parts = append(parts, s.idHover(a.e, s.indexOf(a.e), r.kind, r.id))
		} else if t := s.localeKeyHover(a); t != "" {
			parts = append(parts, t)
		} else {
			parts = append(parts, s.keyHover(a), s.stepHover(a))
		}
	} else {
		idx := s.indexOf(a.e)
		if kind, id, ok := idx.target(a.node); ok {
			parts = append(parts, s.idHover(a.e, idx, kind, id))
		}
		if t := s.priceHover(a); t != "" {
			parts = append(parts, t)
		}
		if t := s.enumHover(a); t != "" {
			parts = append(parts, t)
		}
		if t := s.displayHover(a); t != "" {
			parts = append(parts, t)
		}
		if t := s.stepHover(a); t != "" {
			parts = append(parts, t)
		}
		if len(parts) == 0 {
			parts = append(parts, s.keyHover(a))
		}
	}
	parts = append(parts, s.findingsHover(a)...)
	parts = slices.DeleteFunc(parts, func(t string) bool { return t == "" })
	if len(parts) == 0 {
		return nil, nil
	}
	r := s.nodeRange(a.e, a.file, a.node)
	if a.onKey {
		l := s.docLines(a.file)
		r = Range{Start: l.position(a.node.KeyPos().Offset, s.enc), End: l.position(tokenEnd(l.text, a.node.KeyPos().Offset), s.enc)}
	}
	return Hover{Contents: MarkupContent{Kind: "markdown", Value: strings.Join(parts, "\n\n---\n\n")}, Range: &r}, nil
}

// keyHover says what a key means: its path, the kind of id it names, the
// keys its object allows, and the Capability minor it needs.
func (s *Server) keyHover(a *at) string {
	n := a.node
	if n.Parent() == nil || n.Parent().Kind != model.Object {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** at %s", md(n.Key()), code(n.Path()))
	if kind, ok := refKeys[n.Key()]; ok {
		fmt.Fprintf(&b, "\n\nNames a %s declared in the ruleset.", kindWord(kind))
	}
	if keys := s.allowedKeys(a.e, a.file, n.Parent()); keys != nil {
		if !slices.Contains(keys, n.Key()) && n.Key() != "$comment" {
			b.WriteString("\n\nThis key is not allowed here.")
		}
		fmt.Fprintf(&b, "\n\nKeys allowed here: %s", md(strings.Join(keys, ", ")))
	}
	if a.file != a.e.result.Workspace.RulesetFile && !s.isCatalogFile(a) {
		return b.String()
	}
	if need, ok := rules.NeedOf(n, entryPath(n)); ok {
		fmt.Fprintf(&b, "\n\nNeeds Capability API **1.%d** (%s).", need.Minor, md(need.Feature))
	} else {
		fmt.Fprintf(&b, "\n\nPart of the base format (Capability API 1.%d).", rules.BaseCapability)
	}
	return b.String()
}

// entryPath is n's path inside the catalog entry holding it, "" when it
// is in none.
func entryPath(n *model.Node) string {
	var segs []string
	for c := n; c != nil && c.Parent() != nil; c = c.Parent() {
		if p := c.Parent(); p.Kind == model.Array && p.Parent() != nil && p.Key() == "entries" {
			slices.Reverse(segs)
			return strings.Join(segs, ".")
		}
		if c.Parent().Kind == model.Array {
			segs = append(segs, strconv.Itoa(c.Index()))
		} else {
			segs = append(segs, c.Key())
		}
	}
	return ""
}

// idHover says what an id names: its kind, label and declaration, and
// how often it is named.
func (s *Server) idHover(e *wsEntry, idx *index, kind, id string) string {
	ds := idx.lookup(kind, id)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** %s", kindWord(kind), code(id))
	if len(ds) == 0 {
		fmt.Fprintf(&b, "\n\nNo %s %s is declared.", kindWord(kind), code(id))
		return b.String()
	}
	for _, d := range ds {
		if d.label != "" {
			fmt.Fprintf(&b, " — %s", md(d.label))
		}
		fmt.Fprintf(&b, "\n\nDeclared at %s:%d (%s).", md(path.Base(d.file)), d.node.Pos().Line, code(model.ShortPath(d.obj.Path())))
		if a := d.obj.Get("ability"); a != nil && a.Kind == model.String {
			fmt.Fprintf(&b, " Ability %s.", code(a.Str()))
		}
	}
	fmt.Fprintf(&b, "\n\nNamed %d time(s) in the workspace.", len(idx.refs[key(kind, id)]))
	return b.String()
}

// priceHover shows an item's price under the current layers: as written,
// as shown, at each market price level, and why it differs.
func (s *Server) priceHover(a *at) string {
	entry := a.node
	for entry != nil && !(entry.Kind == model.Object && entry.Get("item") != nil && entry.Get("item").Get("cost") != nil) {
		entry = entry.Parent()
	}
	if entry == nil || a.e.result.Workspace.Ruleset == nil {
		return ""
	}
	inCost := false
	for c := a.node; c != entry; c = c.Parent() {
		inCost = inCost || c.Key() == "cost"
	}
	if !inCost {
		return ""
	}
	eff := a.e.result.Resolver().Resolve(s.opts.Layers)
	for i, p := range eff.Prices {
		if p.Entry == nil || p.Entry.Node != entry {
			continue
		}
		var b strings.Builder
		cost := p.Written()
		unit := cost.Unit
		if rs := a.e.result.Workspace.Ruleset; rs.Items != nil {
			if _, coin := rs.Items.Family(cost.Unit); coin != nil && coin.Label != "" {
				unit = coin.Label
			}
		}
		fmt.Fprintf(&b, "**Price of %s** (%s)\n\nWritten: %s %s", md(p.Entry.Label), code(p.Key), strconv.FormatInt(cost.Amount, 10), md(unit))
		layers := "the base ruleset (no layer)"
		if len(eff.Applied) > 0 {
			var ids []string
			for _, l := range eff.Applied {
				ids = append(ids, code(l.ID))
			}
			layers = "layers " + strings.Join(ids, ", ")
		}
		fmt.Fprintf(&b, "\n\nShown under %s: %s", layers, amount(p.Shown))
		if why, ok := eff.WhyPrice(eff.Prices[i]); ok {
			fmt.Fprintf(&b, " — %s", md(why.Text()))
		}
		whys := eff.WhyLevels(p)
		for j, lv := range eff.Market.Levels {
			if j >= len(p.Levels) {
				break
			}
			fmt.Fprintf(&b, "\n- %s: %s", md(lv.Label), amount(p.Levels[j]))
			if j < len(whys) {
				fmt.Fprintf(&b, " (%s)", md(whys[j].Text()))
			}
		}
		return b.String()
	}
	return ""
}

func amount(a rules.Amount) string {
	if !a.Priced() {
		return "no price"
	}
	return md(a.Text())
}

// enumHover says, on a value of an enum field, which layers remove it.
func (s *Server) enumHover(a *at) string {
	n := a.node
	if n.Kind != model.String || n.Parent() == nil || n.Parent().Kind != model.Array || n.Parent().Key() != "values" {
		return ""
	}
	field := n.Parent().Parent()
	id := field.Get("id")
	if id == nil || id.Kind != model.String || !strings.HasPrefix(field.Path(), "sheet.fields.") {
		return ""
	}
	rs := a.e.result.Workspace.Ruleset
	if rs == nil {
		return ""
	}
	var by []string
	res := a.e.result.Resolver()
	for _, l := range rs.Layers {
		eff := res.Resolve([]string{l.ID})
		for _, ef := range eff.Enums {
			if ef.Field != nil && ef.Field.ID == id.Str() && slices.Contains(ef.Removed, n.Str()) {
				by = append(by, code(l.ID))
			}
		}
	}
	if len(by) == 0 {
		return fmt.Sprintf("Value %s of the enum field %s: no layer removes it.", code(n.Str()), code(id.Str()))
	}
	return fmt.Sprintf("Value %s of the enum field %s: removed by %s.", code(n.Str()), code(id.Str()), strings.Join(by, ", "))
}

// displayHover shows a display string's translation and state in every
// language.
func (s *Server) displayHover(a *at) string {
	n := a.node
	rep := a.e.result.Translations
	if n.Kind != model.String || rep == nil || a.file != a.e.result.Workspace.RulesetFile && !s.isCatalogFile(a) {
		return ""
	}
	if _, ok := rep.Index(n.Str()); !ok || len(rep.Languages) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Display string** %s", md(n.Str()))
	for _, l := range rep.Languages {
		shown := l.Show(n.Str())
		fmt.Fprintf(&b, "\n- %s (%s): %s", md(l.Lang), shown.State, md(shown.Text))
	}
	return b.String()
}

func (s *Server) isCatalogFile(a *at) bool {
	return a.root.Kind == model.Object && a.root.Get("catalog") != nil && a.root.Get("entries") != nil
}

// allowedKeys are the keys the object n of a ruleset file allows, nil
// when not known.
func (s *Server) allowedKeys(e *wsEntry, file string, n *model.Node) []string {
	ws := e.result.Workspace
	if ws.Ruleset == nil {
		return nil
	}
	if e.keys == nil {
		e.keys = map[*model.Node][]string{}
	}
	if e.keysDone == nil {
		e.keysDone = map[string]bool{}
	}
	if !e.keysDone[file] {
		e.keysDone[file] = true
		root := ws.Sources[file]
		if f := ws.Files[file]; root == nil && f != nil {
			root = f.Root
		}
		var keys map[*model.Node][]string
		// The keys are worked out on a tree of their own (decoding hides
		// comments and reads the values), then mapped onto the
		// workspace's by path.
		if fresh, _ := model.Parse(file, []byte(root.Source())); fresh != nil {
			if file == ws.RulesetFile {
				keys = model.RulesetKeys(file, fresh)
			} else {
				for _, c := range ws.Ruleset.Catalogs {
					if c.EntriesFile == file {
						keys = model.CatalogAssetKeys(file, fresh, c)
					}
				}
			}
		}
		for fn, allowed := range keys {
			if wn, ok := root.Find(fn.Path()); ok {
				e.keys[wn] = allowed
			}
		}
	}
	return e.keys[n]
}

func (s *Server) definition(params json.RawMessage) (any, error) {
	var p TextDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	a, err := s.locate(p)
	if a == nil || err != nil {
		return nil, err
	}
	idx := s.indexOf(a.e)
	out := []Location{}
	if kind, id, ok := idx.target(a.node); ok && (!a.onKey || idx.isKeyRef(a.node)) {
		for _, d := range idx.lookup(kind, id) {
			out = append(out, s.nodeLocation(a.e, d.file, d.node))
		}
		return out, nil
	}
	// A display string: its keys in the locale files.
	if a.node.Kind == model.String && !a.onKey {
		for _, k := range idx.displayKeys[a.node.Str()] {
			out = append(out, s.keyLocation(a.e, k.file, k.node))
		}
	}
	return out, nil
}

// keyLocation is the location of a member's key.
func (s *Server) keyLocation(e *wsEntry, file string, n *model.Node) Location {
	l := s.textOf(e, file)
	if l == nil {
		return Location{URI: s.uriFor(file)}
	}
	off := n.KeyPos().Offset
	return Location{URI: s.uriFor(file), Range: Range{Start: l.position(off, s.enc), End: l.position(tokenEnd(l.text, off), s.enc)}}
}

func (s *Server) references(params json.RawMessage) (any, error) {
	var p ReferenceParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	a, err := s.locate(p.TextDocumentPositionParams)
	if a == nil || err != nil {
		return nil, err
	}
	idx := s.indexOf(a.e)
	out := []Location{}
	kind, id, ok := idx.target(a.node)
	if !ok && !a.onKey && a.node.Kind == model.String && a.e.result.Translations != nil {
		// A display string: every place that writes it, and its keys in
		// the locale files.
		rep := a.e.result.Translations
		if i, found := rep.Index(a.node.Str()); found {
			for _, u := range rep.Strings()[i].Uses {
				out = append(out, s.nodeLocation(a.e, u.File, u.Node))
			}
			for _, k := range idx.displayKeys[a.node.Str()] {
				out = append(out, s.keyLocation(a.e, k.file, k.node))
			}
		}
		return out, nil
	}
	if !ok || a.onKey && !idx.isKeyRef(a.node) {
		return out, nil
	}
	if p.Context.IncludeDeclaration {
		for _, d := range idx.lookup(kind, id) {
			out = append(out, s.nodeLocation(a.e, d.file, d.node))
		}
	}
	for _, r := range idx.refs[key(kind, id)] {
		if r.key {
			out = append(out, s.keyLocation(a.e, r.file, r.node))
		} else {
			out = append(out, s.nodeLocation(a.e, r.file, r.node))
		}
	}
	return out, nil
}

// stepHover says, on a step of sheet.migrations, what it does to each
// sample save (the analysis's rehearsal of them).
func (s *Server) stepHover(a *at) string {
	if a.file != a.e.result.Workspace.RulesetFile {
		return ""
	}
	var step *model.Node
	for c := a.node; c != nil && c.Parent() != nil; c = c.Parent() {
		if p := c.Parent(); p.Kind == model.Array && p.Key() == "steps" && strings.HasPrefix(c.Path(), "sheet.migrations.") {
			step = c
			break
		}
	}
	if step == nil {
		return ""
	}
	entry, stepIndex := step.Parent().Parent().Index(), step.Index()
	var b strings.Builder
	fmt.Fprintf(&b, "**Migration step** %d of the migration %d (%s)", stepIndex+1, entry+1, code(model.ShortPath(step.Path())))
	saves := a.e.result.Saves()
	if len(saves) == 0 {
		b.WriteString("\n\nThe workspace has no sample saves (saves/) to rehearse it on.")
		return b.String()
	}
	b.WriteString("\n\nOn each sample save:")
	for _, r := range saves {
		if r == nil {
			continue
		}
		ran := false
		for _, t := range r.Trace {
			if t.StepInfo == nil || t.Entry != entry || t.Step != stepIndex {
				continue
			}
			ran = true
			fmt.Fprintf(&b, "\n- %s: %s", md(path.Base(r.File)), md(string(t.Outcome)))
			if t.Destination != "" {
				fmt.Fprintf(&b, " → %s", code(t.Destination))
			}
			if n := len(t.Changes); n > 0 {
				fmt.Fprintf(&b, " (%d change(s))", n)
			}
		}
		if !ran {
			fmt.Fprintf(&b, "\n- %s: not run (the save is at version %d)", md(path.Base(r.File)), r.From)
		}
	}
	return b.String()
}

// findingsHover explains the codes of the findings at the position, as
// rulebench explain does: what the code means, and how to fix it.
func (s *Server) findingsHover(a *at) []string {
	l := s.docLines(a.file)
	var out []string
	seen := map[model.Code]bool{}
	for _, f := range a.e.result.Findings {
		if f.File != a.file || seen[f.Code] {
			continue
		}
		start := l.charOffset(max(f.Line, 1), max(f.Column, 1))
		if a.off < start || a.off > tokenEnd(l.text, start) {
			continue
		}
		info, ok := codeInfo(f.Code)
		if !ok {
			continue
		}
		seen[f.Code] = true
		// The registry's text is rulebench's own markdown, not a file's.
		text := fmt.Sprintf("**%s**: %s", md(string(f.Code)), model.Visible(info.Summary))
		if info.Fix != "" {
			text += "\n\nFix: " + model.Visible(info.Fix)
		}
		out = append(out, text)
	}
	return out
}

// localeKeyHover says, on a key of a locale file's ruleset section, which
// display string it translates and where the ruleset writes it, or that
// it is stale and the nearest current string.
func (s *Server) localeKeyHover(a *at) string {
	n, rep := a.node, a.e.result.Translations
	if rep == nil || n.Parent() == nil || n.Parent().Parent() != a.root || n.Parent().Key() != "ruleset" || a.file == a.e.result.Workspace.RulesetFile {
		return ""
	}
	english := n.Key()
	i, ok := rep.Index(english)
	if !ok {
		text := fmt.Sprintf("**Stale key** %s: no display string of the ruleset is this text.", md(english))
		if near := rep.Nearest(english); near != "" {
			text += fmt.Sprintf(" The nearest current one is %s.", md(near))
		}
		return text
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Display string** %s, written %d time(s):", md(english), len(rep.Strings()[i].Uses))
	for k, u := range rep.Strings()[i].Uses {
		if k == 5 {
			b.WriteString("\n- …")
			break
		}
		fmt.Fprintf(&b, "\n- %s:%d %s", md(path.Base(u.File)), u.Node.Pos().Line, code(model.ShortPath(u.Path())))
	}
	return b.String()
}
