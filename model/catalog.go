package model

// Catalog kinds (what a catalog holds).
const (
	HoldsRows      = "rows"
	HoldsCreatures = "creatures"
	HoldsItems     = "items"
)

// Filter types.
const (
	FilterNumber = "number"
	FilterText   = "text"
	FilterTags   = "tags"
)

// Catalog is a list of entries a player picks from: rows, creatures or
// items. Its entries are inline or, in a package, in a separate asset file.
type Catalog struct {
	ID, Label, Holds string
	Feeds            []string
	Filters          []Filter
	Asset            string
	Entries          []*Entry
	// EntriesFile is the file the entries were read from (the ruleset for
	// inline entries, the asset otherwise); EntriesNode is their array.
	EntriesFile string
	EntriesNode *Node
	Index       int
	Node        *Node
}

// Filter is a filter a catalog declares for its picker.
type Filter struct {
	ID, Label, Type string
	StartFrom       string
}

// Filter returns the declared filter with the given id, or nil.
func (c *Catalog) Filter(id string) *Filter {
	for i := range c.Filters {
		if c.Filters[i].ID == id {
			return &c.Filters[i]
		}
	}
	return nil
}

// Entry returns the entry with the given id, or nil.
func (c *Catalog) Entry(id string) *Entry {
	for _, e := range c.Entries {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// Entry is one catalog entry.
type Entry struct {
	ID, Label, Summary string
	Filters            []FilterValue
	Rows               []Row
	Creature           *Creature
	Item               *Item
	Node               *Node
}

// FilterValue is the value an entry gives one of its catalog's filters.
// Kind says which of Number, Text and Tags holds it.
type FilterValue struct {
	Filter string
	Kind   Kind // Number, String or Array
	Number float64
	Text   string
	Tags   []string
	Node   *Node
}

// Value returns the entry's value for a filter, and whether it sets it.
func (e *Entry) Value(filter string) (FilterValue, bool) {
	for _, f := range e.Filters {
		if f.Filter == filter {
			return f, true
		}
	}
	return FilterValue{}, false
}

// Row is a row a rows-catalog entry writes into a sheet list.
type Row struct {
	List   string
	Values []ColumnValue
	Node   *Node
}

// ColumnValue is one column of a row.
type ColumnValue struct {
	Column string
	Value  any
	Node   *Node
}

// Creature is a bestiary entry; only what layers and translations need is
// modelled, the rest stays raw in Node.
type Creature struct {
	Tier, Loot string
	Node       *Node
}

// Item is an item entry.
type Item struct {
	Category, Rarity string
	Tags             []string
	Cost             *Cost
	SoldPlace        string
	Service          bool
	Node             *Node
}

// Cost is an item's price in one coin.
type Cost struct {
	Amount int64
	Unit   string
	Node   *Node
}

func (d *decoder) catalog(n *Node, index int) *Catalog {
	c := &Catalog{Node: n, Index: index, EntriesFile: d.file, Holds: HoldsRows}
	o := d.object(n, "id", "label", "holds", "feeds", "filters", "units", "entries", "asset")
	if !o.ok() {
		return c
	}
	c.ID = o.id("id", true)
	c.Label = o.str("label", true, 1, 80, promptSafe)
	c.Holds = o.oneOf("holds", false, HoldsRows, HoldsRows, HoldsCreatures, HoldsItems)
	if c.Holds == HoldsRows {
		c.Feeds = o.ids("feeds", true, 1, 8)
	} else if f := o.get("feeds"); f != nil {
		d.errorf(f, CodeFeeds, "feeds is only for rows catalogs, not for %s", c.Holds)
	}
	var ids []string
	var idNodes []*Node
	for _, f := range room(&c.Filters, o.array("filters", false, 0, 8)) {
		fo := d.object(f, "id", "label", "type", "startFrom")
		flt := Filter{ID: fo.id("id", true), Label: fo.str("label", true, 1, 80, promptSafe),
			Type: fo.oneOf("type", true, "", FilterNumber, FilterText, FilterTags)}
		if sf := fo.child("startFrom", false, "field"); sf.ok() {
			flt.StartFrom = sf.id("field", true)
		}
		c.Filters = append(c.Filters, flt)
		ids, idNodes = append(ids, flt.ID), append(idNodes, f.Get("id"))
	}
	d.uniqueIDs("filter", ids, idNodes)
	if u := o.child("units", false, "distance"); u.ok() {
		if dist := u.child("distance", false, "label", "perCell"); dist.ok() {
			dist.str("label", true, 1, 12, promptSafe)
			if v, ok := dist.number("perCell", true); ok && v <= 0 {
				d.errorf(dist.get("perCell"), CodeRange, "perCell must be above 0")
			}
		}
	}
	switch o.exactlyOneNamed("the catalog", c.ID, "entries", "asset") {
	case "entries":
		c.EntriesNode = o.get("entries")
		c.Entries = d.entries(c, c.EntriesNode)
	case "asset":
		c.Asset = o.str("asset", true, 1, 240, plainText)
		want := "catalogs/" + c.ID + ".json"
		if !assetPathPattern.MatchString(c.Asset) || (c.ID != "" && c.Asset != want) {
			d.errorf(o.get("asset"), CodeAssetPath, "the asset must be %q", want)
		}
	}
	return c
}

// entries reads a catalog's entry list, inline or from an asset.
func (d *decoder) entries(c *Catalog, n *Node) []*Entry {
	items := d.list(n, 0, 2000)
	out := make([]*Entry, 0, len(items))
	ids := make([]string, 0, len(items))
	idNodes := make([]*Node, 0, len(items))
	slab := make([]Entry, len(items)) // one allocation for all the entries
	for i, e := range items {
		entry := &slab[i]
		entry.Node = e
		d.entry(c, entry)
		out = append(out, entry)
		ids, idNodes = append(ids, entry.ID), append(idNodes, e.Get("id"))
	}
	d.uniqueIDs("entry", ids, idNodes)
	return out
}

// entry reads the entry at e.Node into e.
func (d *decoder) entry(c *Catalog, e *Entry) {
	n := e.Node
	o := d.object(n, "id", "label", "summary", "filters", "rows", "creature", "item", "mechanics")
	if !o.ok() {
		return
	}
	if id := o.need("id", true); id != nil && d.wantKind(id, String) {
		e.ID = id.Str()
		if !IsEntryID(id.Str()) {
			d.errorf(id, CodeIDPattern, "%q is not a valid entry id: lowercase letters and digits joined by single hyphens, at most 80", id.Str())
		}
	}
	e.Label = o.str("label", true, 1, 120, promptSafe)
	if o.has("summary") {
		e.Summary = o.str("summary", false, 0, 300, catalogTxt)
	}
	if f := o.get("filters"); f != nil && d.wantKind(f, Object) {
		e.Filters = d.filters.take(len(f.Children()))
		for _, fv := range f.Children() {
			v := FilterValue{Filter: fv.Key(), Kind: fv.Kind, Node: fv}
			switch fv.Kind {
			case Number:
				v.Number, _ = d.number(fv)
			case String:
				v.Text = d.text(fv, 0, 80, plainText)
			case Array:
				v.Tags = make([]string, 0, len(fv.Children()))
				for _, t := range d.list(fv, 0, 24) {
					v.Tags = append(v.Tags, d.text(t, 0, 80, plainText))
				}
			default:
				d.wrongType = true
				d.errorf(fv, CodeType, "a filter value is a number, text or a list of text, not %s", fv.Kind)
			}
			e.Filters = append(e.Filters, v)
		}
	}
	want := entryKey(c.Holds)
	var kind string
	if want != "" && !o.has("rows") && !o.has("creature") && !o.has("item") {
		// The Engine reads the entry as its catalog's kind, so it misses
		// that kind's key.
		d.lacks(n, want, CodeRequired, "the entry %q of a catalog that holds %s needs %q", e.ID, c.Holds, want)
	} else {
		kind = o.exactlyOneNamed("the entry", e.ID, "rows", "creature", "item")
	}
	if kind != "" && want != "" && kind != want {
		d.errorf(o.get(kind), CodeEntryKind, "this catalog holds %s, so its entries need %q, not %q", c.Holds, want, kind)
	}
	if m := o.get("mechanics"); m != nil {
		if kind != "rows" && kind != "" {
			d.errorf(m, CodeMechanics, "mechanics is allowed only beside rows")
		}
		d.mechanics(m)
	}
	rows := o.array("rows", false, 1, 6)
	if len(rows) > 0 {
		e.Rows = d.rows.take(len(rows))
	}
	for _, r := range rows {
		ro := d.object(r, "list", "values", "scaled")
		row := Row{Node: r, List: ro.id("list", true)}
		if vals := ro.need("values", true); vals != nil && d.wantKind(vals, Object) {
			row.Values = d.values.take(len(vals.Children()))
			for _, cv := range vals.Children() {
				row.Values = append(row.Values, ColumnValue{Column: cv.Key(), Value: d.scalar(cv), Node: cv})
			}
		}
		if sc := ro.get("scaled"); sc != nil && d.wantKind(sc, Object) {
			if n := len(sc.Children()); n < 1 || n > 4 {
				d.errorf(sc, CodeCount, "scaled names 1 to 4 columns, not %d", n)
			}
			for _, col := range sc.Children() {
				so := d.object(col, "from", "table")
				if f := so.need("from", true); f != nil {
					d.valueRef(f)
				}
				if t := so.get("table"); t != nil {
					d.stepTable(t)
				}
			}
		}
		e.Rows = append(e.Rows, row)
	}
	if cr := o.get("creature"); cr != nil {
		e.Creature = d.creature(cr)
	}
	if it := o.get("item"); it != nil {
		e.Item = d.item(it)
	}
}

// entryKey is the key an entry of a catalog holding holds has.
func entryKey(holds string) string {
	switch holds {
	case HoldsRows:
		return "rows"
	case HoldsCreatures:
		return "creature"
	case HoldsItems:
		return "item"
	}
	return ""
}

func (d *decoder) item(n *Node) *Item {
	// The item and its cost in one allocation.
	box := &struct {
		item Item
		cost Cost
	}{item: Item{Node: n}}
	it := &box.item
	o := d.object(n, "category", "rarity", "tags", "stats", "slots", "stack", "cost", "sold", "service",
		"binds", "worn", "carried", "requires", "attack", "use", "charges")
	if !o.ok() {
		return it
	}
	it.Category = o.id("category", true)
	it.Rarity = o.id("rarity", false)
	it.Tags = o.ids("tags", false, 0, 16)
	if c := o.child("cost", false, "amount", "unit"); c.ok() {
		amount, _ := c.integer("amount", true, 0, 1_000_000_000)
		box.cost = Cost{Amount: amount, Unit: c.id("unit", true), Node: c.n}
		it.Cost = &box.cost
	}
	if s := o.child("sold", false, "place"); s.ok() {
		it.SoldPlace = s.id("place", true)
	}
	if s := o.get("service"); s != nil {
		onlyTrue.check(d, s)
		it.Service = s.Kind == Bool && s.Truth()
	}
	d.itemKeys(o)
	o.integer("stack", false, 1, 999_999)
	if st := o.get("stats"); st != nil && d.wantKind(st, Object) {
		for _, v := range st.Children() {
			if v.Kind == String {
				d.text(v, 0, 4000, plainText)
			} else {
				d.scalar(v)
			}
		}
	}
	if sl := o.get("slots"); sl != nil && d.wantKind(sl, Object) {
		for _, v := range sl.Children() {
			d.integer(v, 1, 20)
		}
	}
	if b := o.child("binds", false, "restriction", "cursed"); b.ok() {
		b.str("restriction", false, 0, 200, catalogTxt)
		b.boolean("cursed", false)
	}
	return it
}

// DecodeCatalogAsset reads a separate catalog file
// ({schemaVersion: 1, catalog, entries}) into c, its "$comment" members
// hidden first as in DecodeRuleset.
func DecodeCatalogAsset(file string, root *Node, c *Catalog) []Diagnostic {
	return decodeCatalogAsset(&decoder{file: file}, root, c)
}

// CatalogAssetKeys is RulesetKeys for a separate catalog file of the
// catalog c (which is not changed).
func CatalogAssetKeys(file string, root *Node, c *Catalog) map[*Node][]string {
	d := &decoder{file: file, allowed: map[*Node][]string{}}
	cp := *c
	decodeCatalogAsset(d, root, &cp)
	return d.allowed
}

func decodeCatalogAsset(d *decoder, root *Node, c *Catalog) []Diagnostic {
	root.HideComments()
	o := d.object(root, "schemaVersion", "catalog", "entries")
	if !o.ok() {
		return d.result(Format)
	}
	o.integer("schemaVersion", true, 1, 1)
	if id := o.need("catalog", true); id != nil && d.wantKind(id, String) && id.Str() != c.ID {
		d.errorf(id, CodeAssetCatalog, "this file is for the catalog %q, but the ruleset expects %q here", id.Str(), c.ID)
	}
	if n := o.need("entries", true); n != nil {
		c.EntriesFile, c.EntriesNode = d.file, n
		c.Entries = d.entries(c, n)
	}
	return d.result(Format)
}
