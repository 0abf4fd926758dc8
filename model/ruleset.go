package model

import "math"

// Limits of the ruleset format.
const (
	MaxRulesetBytes = 256 * 1024       // a ruleset file, catalogs inline
	MaxCatalogBytes = 1024 * 1024      // a separate catalog asset
	MaxReadBytes    = 16 * 1024 * 1024 // larger files are refused unread
	MaxLayers       = 12
)

// Limits of what one input (one PATH and every file read for it) may cost;
// see the package documentation.
const (
	// MaxWorkspaceBytes is the most one workspace reads, all its files
	// together; a file that would take it past is refused unread.
	MaxWorkspaceBytes = 64 * 1024 * 1024
	// MaxValues is the most JSON values one workspace's trees hold, all its
	// files together; a file that would take it past is refused, its tree
	// not kept.
	MaxValues = 1 << 22
)

// Resolution kinds.
const (
	DiceSum  = "dice-sum"
	DicePool = "dice-pool"
)

// Ruleset is the typed view of one ruleset file: every part that layers,
// translations and migrations touch. Everything else stays in Root, kept as
// written and not judged.
type Ruleset struct {
	File string
	Root *Node

	SchemaVersion int
	ID            string
	Version       int
	Name          string
	Edition       string
	Coverage      Coverage
	Resolution    Resolution
	Sheet         Sheet
	GM            GM
	Catalogs      []*Catalog
	Items         *Items  // nil without an items block
	Combat        *Combat // nil without a combat block
	Layers        []*Layer
	// HasBattle tells whether the raw battle block is present.
	HasBattle bool
	// WrongType tells that some value had the wrong JSON type (an object
	// where a list belongs, text for a number). The Engine most likely skips
	// its cross-reference pass then; rulebench runs its cross-checks anyway,
	// on the values that did have the right type.
	WrongType bool
}

// Coverage says which parts of play the ruleset covers.
type Coverage struct {
	Checks, Saves, Sheet, Resources, Rests, Combat bool
	Summary                                        string
}

// GM holds the text the Game Master reads. WorldGuidance is nil when absent.
type GM struct {
	CheckGuidance string
	SheetGuidance string
	WorldGuidance *string
	Node          *Node
}

// Combat is the ruleset's own combat block; only the threat tiers are
// modelled, the rest stays raw in Node.
type Combat struct {
	Kind   string
	Threat []*ThreatTier
	Node   *Node
}

// ThreatTier is one rung of the threat scale; Loot names a loot table.
type ThreatTier struct {
	ID, Label, Loot string
	Node            *Node
}

// Catalog returns the catalog with the given id, or nil.
func (r *Ruleset) Catalog(id string) *Catalog {
	for _, c := range r.Catalogs {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Layer returns the layer with the given id, or nil.
func (r *Ruleset) Layer(id string) *Layer {
	for _, l := range r.Layers {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// DecodeRuleset checks the shape of a parsed ruleset and returns its typed
// view with the findings. It never fails: a part with problems is decoded as
// far as it goes.
//
// The "$comment" members of every object are hidden first
// (Node.HideComments), as the Engine strips them before it validates.
func DecodeRuleset(file string, root *Node) (*Ruleset, []Diagnostic) {
	return decodeRuleset(&decoder{file: file}, root)
}

// RulesetKeys reads a parsed ruleset as DecodeRuleset does and returns,
// for each object it read, the keys the object allows ("$comment" aside):
// what an editor offers to complete a key with.
func RulesetKeys(file string, root *Node) map[*Node][]string {
	d := &decoder{file: file, allowed: map[*Node][]string{}}
	decodeRuleset(d, root)
	return d.allowed
}

func decodeRuleset(d *decoder, root *Node) (*Ruleset, []Diagnostic) {
	root.HideComments()
	r := &Ruleset{File: d.file, Root: root}
	o := d.object(root, "$schema", "schemaVersion", "id", "version", "name", "edition", "license",
		"coverage", "resolution", "sheet", "rests", "gm", "catalogs", "items", "battle", "combat", "layers")
	if !o.ok() {
		return r, d.result(Format)
	}
	if v, ok := o.integer("schemaVersion", true, 1, 1); ok {
		r.SchemaVersion = int(v)
	}
	if c := o.need("id", true); c != nil && d.wantKind(c, String) {
		r.ID = c.Str()
		if !IsRulesetID(c.Str()) {
			d.errorf(c, CodeIDPattern, "%q is not a valid ruleset id: lowercase letters and digits joined by single hyphens, at most 64 (engine-legacy and traditional are reserved)", c.Str())
		}
	}
	if v, ok := o.integer("version", true, 1, math.MaxInt64); ok {
		r.Version = int(v)
	}
	r.Name = o.str("name", true, 1, 80, promptSafe)
	if o.has("edition") {
		r.Edition = o.str("edition", false, 1, 160, promptSafe)
	}
	if lic := o.child("license", false, "spdx", "attribution"); lic.ok() {
		lic.str("spdx", false, 0, 64, plainText)
		lic.str("attribution", false, 0, 4000, plainText)
	}
	cov := o.child("coverage", true, "checks", "saves", "sheet", "resources", "rests", "combat", "summary")
	r.Coverage = Coverage{
		Checks: cov.boolean("checks", false), Saves: cov.boolean("saves", false),
		Sheet: cov.boolean("sheet", false), Resources: cov.boolean("resources", false),
		Rests: cov.boolean("rests", false), Combat: cov.boolean("combat", false),
	}
	if cov.ok() {
		r.Coverage.Summary = cov.str("summary", true, 1, 400, promptSafe)
	}
	r.Resolution = d.resolution(o.need("resolution", true))
	r.Sheet = d.sheet(o.need("sheet", true))
	if c := o.get("rests"); c != nil {
		d.rests(c)
	}
	r.GM = d.gm(o.need("gm", true))
	if c := o.get("items"); c != nil {
		r.Items = d.items(c)
	}
	for i, c := range o.array("catalogs", false, 0, 12) {
		r.Catalogs = append(r.Catalogs, d.catalog(c, i))
	}
	if c := o.get("battle"); c != nil {
		r.HasBattle = true
		d.battle(c)
	}
	if c := o.get("combat"); c != nil {
		r.Combat = d.combat(c)
	}
	for _, c := range room(&r.Layers, o.array("layers", false, 0, MaxLayers)) {
		r.Layers = append(r.Layers, d.layer(c))
	}
	if c := o.get("$schema"); c != nil && c.Kind != String {
		// The Engine removes $schema before validating, so any value passes;
		// only editors that look for the schema are misled.
		d.report(Warning, c, CodeSchemaURL, "$schema is normally the URL of the published JSON Schema, not %s", c.Kind)
	}
	r.WrongType = d.wrongType
	return r, d.result(Format)
}

func (d *decoder) gm(n *Node) GM {
	o := d.object(n, "checkGuidance", "sheetGuidance", "worldGuidance", "sheetSummary")
	g := GM{Node: n}
	g.CheckGuidance = o.str("checkGuidance", true, 1, 1500, promptSafe)
	if o.has("sheetGuidance") {
		g.SheetGuidance = o.str("sheetGuidance", false, 1, 1500, promptSafe)
	}
	if o.has("worldGuidance") {
		w := o.str("worldGuidance", false, 1, 1500, promptSafe)
		g.WorldGuidance = &w
	}
	if s := o.child("sheetSummary", false, "fields", "derived", "lists"); s.ok() {
		s.ids("fields", false, 0, 24)
		s.ids("derived", false, 0, 24)
		for _, l := range s.array("lists", false, 0, 8) {
			lo := d.object(l, "list", "nameColumn", "columns", "groupBy", "onlyWhen")
			lo.id("list", true)
			lo.id("nameColumn", true)
			lo.ids("columns", false, 1, 3)
			lo.id("groupBy", false)
			lo.id("onlyWhen", false)
		}
	}
	return g
}
