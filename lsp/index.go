package lsp

import (
	"slices"
	"strings"

	"rulebench/model"
)

// The index maps the ids a workspace declares to where they are declared
// and where they are named: what hover, completion, definition, references
// and rename answer from. It finds no problem (the analysis does); it only
// knows where each kind of id is declared and which keys name one.

// declPatterns are the lists whose objects declare an id by their "id"
// member, with the kind of id they declare (the list's name).
var declPatterns = [][]string{
	{"sheet", "sections", "*"}, {"sheet", "abilities", "*"}, {"sheet", "skills", "*"}, {"sheet", "saves", "*"},
	{"sheet", "fields", "*"}, {"sheet", "derived", "*"}, {"sheet", "lists", "*"}, {"sheet", "lists", "*", "columns", "*"},
	{"sheet", "live", "pools", "*"}, {"sheet", "live", "tracks", "*"}, {"sheet", "live", "conditions", "*"},
	{"sheet", "live", "states", "*"}, {"sheet", "live", "text", "*"},
	{"resolution", "proficiencyTiers", "*"},
	{"catalogs", "*"}, {"catalogs", "*", "entries", "*"}, {"catalogs", "*", "filters", "*"},
	{"items", "currencies", "*"}, {"items", "currencies", "*", "units", "*"}, {"items", "lootTables", "*"},
	{"items", "categories", "*"}, {"items", "rarities", "*"}, {"items", "slots", "*"}, {"items", "stats", "*"},
	{"items", "tags", "*"}, {"items", "market", "sellers", "*"}, {"items", "market", "places", "*"},
	{"items", "market", "prices", "*"},
	{"combat", "threat", "tiers", "*"}, {"combat", "economy", "budgets", "*"}, {"combat", "conditions", "*"},
	{"combat", "attacks", "*"},
	{"rests", "*"}, {"layers", "*"},
}

// overridePatterns are the lists of a layer whose objects name, by their
// "id" member, something declared elsewhere.
var overridePatterns = map[string][]string{
	"fields":     {"layers", "*", "fields", "*"},
	"catalogs":   {"layers", "*", "catalogs", "*"},
	"lootTables": {"layers", "*", "items", "lootTables", "*"},
}

// refKeys are the keys whose text value (or list of texts) names an id of
// a kind.
var refKeys = map[string]string{
	model.RefSkillMod: "skills", model.RefSaveMod: "saves", model.RefAbilityMod: "abilities",
	model.RefAbilityScore: "abilities", "ability": "abilities", "abilities": "abilities",
	model.RefField: "fields", model.RefAbilityModFromField: "fields", model.RefDerived: "derived",
	model.RefLiveTrack: "tracks", "track": "tracks", "penaltyFrom": "tracks", model.RefLivePool: "pools", "pool": "pools",
	"list": "lists", "listPools": "lists", "feeds": "lists",
	"column": "columns", "onlyWhen": "columns", "nameColumn": "columns", "maxColumn": "columns", "rechargeColumn": "columns",
	"catalog": "catalogs", "section": "sections", "conditions": "conditions", "condition": "conditions",
	"state": "states", "liveState": "states", "conflicts": "layers", "requires": "layers", "layer": "layers",
	"loot": "lootTables", "unit": "units", "coins": "units", "removeUnits": "units", "removeFamilies": "currencies",
	"category": "categories", "rarity": "rarities", "tag": "tags", "tags": "tags", "stat": "stats", "slot": "slots",
	"place": "places", "removeSellers": "sellers", "seller": "sellers", "tier": "tiers", "budget": "budgets",
	"item": "entries",
}

// renameKinds are the kinds a migration's rename or routeLive step names.
var renameKinds = map[string]string{
	"ability": "abilities", "skill": "skills", "save": "saves", "field": "fields", "track": "tracks",
	"pool": "pools", "list": "lists",
}

// kindWords name each kind in the singular.
var kindWords = map[string]string{
	"sections": "section", "abilities": "ability", "skills": "skill", "saves": "save", "fields": "field",
	"derived": "derived value", "lists": "list", "columns": "list column", "pools": "live pool", "tracks": "live track",
	"conditions": "condition", "states": "live state", "text": "live text", "proficiencyTiers": "proficiency tier",
	"catalogs": "catalog", "entries": "catalog entry", "filters": "catalog filter", "currencies": "coin family",
	"units": "coin", "lootTables": "loot table", "categories": "item category", "rarities": "rarity",
	"slots": "slot", "stats": "item stat", "tags": "item tag", "sellers": "seller", "places": "market place",
	"prices": "price level", "tiers": "threat tier", "budgets": "action budget", "attacks": "attack",
	"rests": "rest", "layers": "layer",
}

func kindWord(k string) string {
	if w, ok := kindWords[k]; ok {
		return w
	}
	return k
}

// decl is an id declared by an object.
type decl struct {
	kind, id, label, file string
	// node is the id's text value, obj the declaring object.
	node, obj *model.Node
}

// ref is a text value that names an id. For an item reference
// ("catalog/entry") id is the whole text, kind "entries".
type ref struct {
	kind, id, file string
	node           *model.Node
	// key tells that the id is the member's key (a sample save's value
	// stored under the id), not its text.
	key bool
}

// index is the workspace's declarations and references.
type index struct {
	decls  map[string][]*decl // by kind + "\x00" + id
	byKind map[string][]*decl
	refs   map[string][]*ref // by kind + "\x00" + id
	byNode map[*model.Node]*ref
	declAt map[*model.Node]*decl
	// displayKeys are the locale files' keys of their ruleset sections, by
	// English text.
	displayKeys map[string][]localeKey
}

// localeKey is a member of a locale file's ruleset section.
type localeKey struct {
	file string
	node *model.Node
}

func key(kind, id string) string { return kind + "\x00" + id }

// indexOf is the index of a workspace, built when first needed.
func (s *Server) indexOf(e *wsEntry) *index {
	if e.idx == nil {
		e.idx = buildIndex(e)
	}
	return e.idx
}

func buildIndex(e *wsEntry) *index {
	idx := &index{decls: map[string][]*decl{}, byKind: map[string][]*decl{}, refs: map[string][]*ref{},
		byNode: map[*model.Node]*ref{}, declAt: map[*model.Node]*decl{}, displayKeys: map[string][]localeKey{}}
	if e.result == nil || e.result.Workspace == nil {
		return idx
	}
	ws := e.result.Workspace
	if root := ws.Sources[ws.RulesetFile]; root != nil {
		idx.walk(ws.RulesetFile, root, nil, "")
	}
	names := make([]string, 0, len(ws.Files))
	for name := range ws.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f := ws.Files[name]
		if name == ws.RulesetFile || f.Root == nil || f.Root.Kind != model.Object {
			continue
		}
		if c := f.Root.Get("catalog"); c != nil && c.Kind == model.String && f.Root.Get("entries") != nil {
			// A catalog asset: its entries are the catalog's.
			idx.walk(name, f.Root.Get("entries"), []string{"catalogs", "*", "entries"}, c.Str())
			continue
		}
		if rs := f.Root.Get("ruleset"); rs != nil && rs.Kind == model.Object {
			for _, k := range rs.Children() {
				idx.displayKeys[k.Key()] = append(idx.displayKeys[k.Key()], localeKey{file: name, node: k})
			}
		}
	}
	for _, sv := range ws.Saves {
		if sv.Root != nil && sv.Root.Kind == model.Object {
			idx.saveKeys(sv.File, sv.Root)
		}
	}
	return idx
}

// saveKinds are the objects of a sample save whose keys are ids, by path.
var saveKinds = map[string]string{
	"build.abilities": "abilities", "build.skills": "skills", "build.saves": "saves", "build.fields": "fields",
	"build.lists": "lists", "live.pools": "pools", "live.tracks": "tracks", "live.text": "text",
}

// saveKeys indexes the ids a sample save stores values under.
func (idx *index) saveKeys(file string, root *model.Node) {
	for p, kind := range saveKinds {
		n, ok := root.Find(p)
		if !ok || n.Kind != model.Object {
			continue
		}
		for _, c := range n.Children() {
			r := &ref{kind: kind, id: c.Key(), file: file, node: c, key: true}
			idx.refs[key(kind, r.id)] = append(idx.refs[key(kind, r.id)], r)
			idx.byNode[c] = r
		}
	}
}

// match tells whether a path (indices as "*") is the pattern.
func match(p, pattern []string) bool { return slices.Equal(p, pattern) }

// walk indexes the tree under n, at path p. catalog is the catalog whose
// entries an asset file holds ("" in the ruleset file).
func (idx *index) walk(file string, n *model.Node, p []string, catalog string) {
	switch n.Kind {
	case model.Object:
		if id := n.Get("id"); id != nil && id.Kind == model.String {
			idx.objectID(file, n, id, p, catalog)
		}
		if r := n.Get("rename"); r != nil && r.Kind == model.String {
			if kind, ok := renameKinds[r.Str()]; ok {
				idx.addRef(kind, file, n.Get("to"))
			}
		}
		if r := n.Get("routeLive"); r != nil && r.Kind == model.String {
			if kind, ok := renameKinds[r.Str()]; ok {
				for _, c := range n.Get("cases").Children() {
					idx.addRef(kind, file, c)
				}
				idx.addRef(kind, file, n.Get("else"))
			}
		}
		for _, c := range n.Children() {
			k := c.Key()
			if kind, ok := refKeys[k]; ok {
				switch c.Kind {
				case model.String:
					idx.addRef(kind, file, c)
				case model.Array:
					for _, item := range c.Children() {
						idx.addRef(kind, file, item) // the texts of the list
					}
				}
			}
			if c.Kind == model.Object || c.Kind == model.Array {
				idx.walk(file, c, append(p[:len(p):len(p)], k), catalog)
			}
		}
	case model.Array:
		for _, c := range n.Children() {
			if c.Kind == model.Object || c.Kind == model.Array {
				idx.walk(file, c, append(p[:len(p):len(p)], "*"), catalog)
			}
		}
	}
}

// objectID indexes the "id" member of an object at path p: a declaration,
// a layer's override naming an id, or neither.
func (idx *index) objectID(file string, n, id *model.Node, p []string, catalog string) {
	for kind, pat := range overridePatterns {
		if match(p, pat) {
			idx.addRef(kind, file, id)
			return
		}
	}
	for _, pat := range declPatterns {
		if !match(p, pat) {
			continue
		}
		kind := pat[len(pat)-2]
		d := &decl{kind: kind, id: id.Str(), file: file, node: id, obj: n}
		if l := n.Get("label"); l != nil && l.Kind == model.String {
			d.label = l.Str()
		}
		if kind == "entries" {
			c := catalog
			if c == "" {
				if cid := n.Parent().Parent().Get("id"); cid != nil && cid.Kind == model.String {
					c = cid.Str()
				}
			}
			d.id = c + "/" + d.id
		}
		idx.decls[key(kind, d.id)] = append(idx.decls[key(kind, d.id)], d)
		idx.byKind[kind] = append(idx.byKind[kind], d)
		idx.declAt[id] = d
		return
	}
}

func (idx *index) addRef(kind, file string, n *model.Node) {
	if n == nil || n.Kind != model.String {
		return
	}
	r := &ref{kind: kind, id: n.Str(), file: file, node: n}
	idx.refs[key(kind, r.id)] = append(idx.refs[key(kind, r.id)], r)
	idx.byNode[n] = r
}

// lookup is the declarations of an id of a kind.
func (idx *index) lookup(kind, id string) []*decl { return idx.decls[key(kind, id)] }

// near are the declarations a reference names.
func (idx *index) near(r *ref) []*decl { return idx.lookup(r.kind, r.id) }

// refsAt is the reference at a node, when it is one.
func (idx *index) refsAt(file string, n *model.Node) []*ref {
	if r := idx.byNode[n]; r != nil && r.file == file {
		return []*ref{r}
	}
	return nil
}

// target is what an id at a node is: its kind and id, from a reference
// or a declaration.
func (idx *index) target(n *model.Node) (kind, id string, ok bool) {
	if r := idx.byNode[n]; r != nil {
		return r.kind, r.id, true
	}
	if d := idx.declAt[n]; d != nil {
		return d.kind, d.id, true
	}
	return "", "", false
}

// nodeAt is the deepest node of a tree whose token holds the byte offset
// off (a member's key counts for its value), and whether off is on the
// key rather than the value.
func nodeAt(root *model.Node, off int) (n *model.Node, onKey bool) {
	n = root
	for {
		var next *model.Node
		for _, c := range n.Children() {
			if kp := c.KeyPos(); kp.Line > 0 && off >= kp.Offset && off < tokenEnd(root.Source(), kp.Offset) {
				return c, true
			}
			start := c.Pos().Offset
			if c.Kind == model.Object || c.Kind == model.Array {
				if off >= start && off <= containerEnd(c) {
					next = c
					break
				}
				continue
			}
			if off >= start && off < tokenEnd(root.Source(), start) {
				return c, false
			}
		}
		if next == nil {
			return n, false
		}
		n = next
	}
}

// containerEnd is the offset of an object's or array's closing bracket
// (found from its last child, then the text).
func containerEnd(n *model.Node) int {
	src := n.Source()
	from := n.Pos().Offset + 1
	if kids := n.AllChildren(); len(kids) > 0 {
		last := kids[len(kids)-1]
		if last.Kind == model.Object || last.Kind == model.Array {
			from = containerEnd(last) + 1
		} else {
			from = tokenEnd(src, last.Pos().Offset)
		}
	}
	close := byte('}')
	if n.Kind == model.Array {
		close = ']'
	}
	if i := strings.IndexByte(src[min(from, len(src)):], close); i >= 0 {
		return from + i
	}
	return len(src)
}

// isKeyRef tells whether the member n's key is an id a save stores.
func (idx *index) isKeyRef(n *model.Node) bool {
	r := idx.byNode[n]
	return r != nil && r.key
}
