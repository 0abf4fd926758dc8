package model

// Codes of the items block's shape rules.
const (
	// CodeDefaultPrice: a market whose price levels do not have exactly one default.
	//
	// Why: the default price level is the one a purchase is made at when the Game Master names
	// none, so the Engine refuses a market whose `prices` mark none, or several, as the default
	// (ruleset-format.md §5.5).
	//
	// Fix: mark exactly one level, for example
	// `{ "id": "usual", "label": "usual", "times": 1, "default": true }`.
	CodeDefaultPrice Code = "default-price"
	// CodeDefaultTrue: a price level's default written as false.
	//
	// Why: a price level's `default` is accepted by the Engine only as `true`; leaving it out is how
	// a level says it is not the default, so `"default": false` is refused.
	//
	// Fix: remove `"default": false` from the level.
	CodeDefaultTrue Code = "default-true"
	// CodeFilterEmpty: an item filter that names no rarity, category or tag.
	//
	// Why: an item filter (in sold rules, sellers, loot lines and `unsold`) matches the items that
	// have every word it names, so one naming nothing would match every item; the Engine refuses
	// it (ruleset-format.md §5.5).
	//
	// Fix: name at least one word, for example `{ "category": "tool" }` or
	// `{ "rarity": "rare", "tag": "hexed" }`.
	CodeFilterEmpty Code = "filter-empty"
	// CodeItemRef: a loot line's item that is not of the form <catalog>/<entry>.
	//
	// Why: a loot line's `item` names one item entry as `<catalog>/<entry>`, the catalog's sheet id
	// and the entry's hyphenated id (at most 81 characters), and the Engine refuses any other form.
	//
	// Fix: write the catalog id, a slash and the entry id, for example `"item": "larder/willow-bark"`.
	CodeItemRef Code = "item-ref"
)

// Items is the items block: vocabulary, money, loot and the market.
type Items struct {
	Categories []Word
	Rarities   []Word
	Tags       []Word
	Stats      []*Field
	Slots      []Slot
	HasCarry   bool
	Currencies []*CurrencyFamily
	LootTables []*LootTable
	Market     *Market
	Node       *Node
}

// Word is an id with a label: a category, rarity, tag or place.
type Word struct {
	ID, Label string
}

// Slot is a body slot items are worn in.
type Slot struct {
	ID, Label string
	Count     int
}

// CurrencyFamily is a family of coins that change into each other.
type CurrencyFamily struct {
	ID, Label string
	PerWeight float64
	Units     []*Coin
	Node      *Node
}

// Coin is one unit of a currency family; Value counts the family's
// smallest coin.
type Coin struct {
	ID, Label string
	Value     int64
	Node      *Node
}

// LootTable is a weighted table of drops.
type LootTable struct {
	ID, Label string
	// Rolls is how many times the table rolls: a whole number or dice text,
	// as written ("1" when absent).
	Rolls   string
	Entries []LootLine
	Node    *Node
}

// LootLine is one line of a loot table: exactly one of Item, Filter, Coins.
type LootLine struct {
	Item   string
	Filter *ItemFilter
	Coins  string
	Weight int
	Count  string
	Node   *Node
}

// ItemFilter matches items having every word it names.
type ItemFilter struct {
	Rarity, Category, Tag string
	Node                  *Node
}

// Matches tells whether an item has every word the filter names.
func (f ItemFilter) Matches(it *Item) bool {
	if it == nil {
		return false
	}
	if f.Rarity != "" && it.Rarity != f.Rarity {
		return false
	}
	if f.Category != "" && it.Category != f.Category {
		return false
	}
	if f.Tag != "" {
		for _, t := range it.Tags {
			if t == f.Tag {
				return true
			}
		}
		return false
	}
	return true
}

// Market is where items are bought.
type Market struct {
	Prices  []PriceLevel
	Places  []Word
	Sold    []SoldRule
	Sellers []*Seller
	Unsold  []ItemFilter
	Node    *Node
}

// PriceLevel is a price multiplier such as cheap or dear.
type PriceLevel struct {
	ID, Label string
	Times     float64
	Default   bool
}

// SoldRule gives the smallest place where matching items are sold.
type SoldRule struct {
	Filter ItemFilter
	Place  string
}

// Seller sells the items its filters match; Stock names a loot table its
// goods are rolled on.
type Seller struct {
	ID, Label string
	Sells     []ItemFilter
	Place     string
	Stock     string
	Node      *Node
}

// Family returns the currency family holding the unit, and the unit.
func (it *Items) Family(unit string) (*CurrencyFamily, *Coin) {
	if it == nil {
		return nil, nil
	}
	for _, f := range it.Currencies {
		for _, u := range f.Units {
			if u.ID == unit {
				return f, u
			}
		}
	}
	return nil, nil
}

// LootTable returns the loot table with the given id, or nil.
func (it *Items) LootTable(id string) *LootTable {
	if it == nil {
		return nil
	}
	for _, t := range it.LootTables {
		if t.ID == id {
			return t
		}
	}
	return nil
}

func (d *decoder) items(n *Node) *Items {
	it := &Items{Node: n}
	o := d.object(n, "categories", "rarities", "tags", "stats", "slots", "binding", "carry", "currencies",
		"rarityCaps", "propose", "native", "freeform", "lootTables", "market")
	if !o.ok() {
		return it
	}
	words := func(key string, required bool, minN, maxN int) []Word {
		var out []Word
		var ids []string
		var idNodes []*Node
		for _, c := range o.array(key, required, minN, maxN) {
			wo := d.object(c, "id", "label")
			w := Word{ID: wo.id("id", true), Label: wo.str("label", true, 1, 80, promptSafe)}
			out = append(out, w)
			ids, idNodes = append(ids, w.ID), append(idNodes, c.Get("id"))
		}
		d.uniqueIDs(key, ids, idNodes)
		return out
	}
	it.Categories = words("categories", true, 1, 24)
	it.Rarities = words("rarities", false, 0, 12)
	it.Tags = words("tags", false, 0, 48)
	for _, c := range room(&it.Stats, o.array("stats", false, 0, 24)) {
		it.Stats = append(it.Stats, d.field(c, fieldStat))
	}
	for _, c := range room(&it.Slots, o.array("slots", false, 0, 12)) {
		so := d.object(c, "id", "label", "count")
		cnt, _ := so.integer("count", true, 1, 20)
		it.Slots = append(it.Slots, Slot{ID: so.id("id", true), Label: so.str("label", true, 1, 80, promptSafe), Count: int(cnt)})
	}
	if b := o.child("binding", false, "label", "max"); b.ok() {
		b.str("label", true, 1, 40, promptSafe)
		if m := b.need("max", true); m != nil {
			d.valueRef(m)
		}
	}
	if c := o.child("carry", false, "stat", "encumberedAbove", "limit"); c.ok() {
		it.HasCarry = true
		c.id("stat", true)
		if m := c.need("encumberedAbove", true); m != nil {
			d.valueRef(m)
		}
		if m := c.get("limit"); m != nil {
			d.valueRef(m)
		}
	}
	for _, c := range o.array("rarityCaps", false, 0, 12) {
		co := d.object(c, "rarity", "stats", "bonus")
		co.id("rarity", true)
		if st := co.get("stats"); st != nil && d.wantKind(st, Object) {
			for _, v := range st.Children() {
				d.number(v)
			}
		}
		co.integer("bonus", false, 0, 100)
	}
	o.boolean("propose", true)
	o.boolean("native", true)
	o.oneOf("freeform", false, "plain", "plain", "refuse")
	for _, c := range room(&it.Currencies, o.array("currencies", false, 0, 6)) {
		it.Currencies = append(it.Currencies, d.currencyFamily(c))
	}
	for _, c := range room(&it.LootTables, o.array("lootTables", false, 0, 24)) {
		it.LootTables = append(it.LootTables, d.lootTable(c))
	}
	if m := o.get("market"); m != nil {
		it.Market = d.market(m)
	}
	return it
}

func (d *decoder) currencyFamily(n *Node) *CurrencyFamily {
	f := &CurrencyFamily{Node: n}
	o := d.object(n, "id", "label", "perWeight", "units")
	if !o.ok() {
		return f
	}
	f.ID = o.id("id", true)
	f.Label = o.str("label", true, 1, 80, promptSafe)
	if v, ok := o.number("perWeight", false); ok {
		f.PerWeight = v
		if v <= 0 {
			d.errorf(o.get("perWeight"), CodeRange, "perWeight must be above 0")
		}
	}
	for _, c := range room(&f.Units, o.array("units", true, 1, 10)) {
		uo := d.object(c, "id", "label", "value")
		v, _ := uo.integer("value", true, 1, 1_000_000)
		f.Units = append(f.Units, &Coin{ID: uo.id("id", true), Label: uo.str("label", true, 1, 40, promptSafe), Value: v, Node: c})
	}
	return f
}

// lootTable reads one loot table; layers use it for their replacements.
func (d *decoder) lootTable(n *Node) *LootTable {
	t := &LootTable{Node: n, Rolls: "1"}
	o := d.object(n, "id", "label", "rolls", "entries")
	if !o.ok() {
		return t
	}
	t.ID = o.id("id", true)
	t.Label = o.str("label", true, 1, 80, promptSafe)
	if r := o.get("rolls"); r != nil {
		t.Rolls = d.countOrDice(r, 0, 20)
	}
	for _, c := range room(&t.Entries, o.array("entries", true, 1, 48)) {
		lo := d.object(c, "item", "filter", "coins", "weight", "count")
		line := LootLine{Node: c, Weight: 1, Count: "1"}
		switch lo.exactlyOne("a loot line", "item", "filter", "coins") {
		case "item":
			if s := lo.need("item", true); d.wantKind(s, String) {
				line.Item = s.Str()
				if !IsItemRef(s.Str()) {
					d.errorf(s, CodeItemRef, "%q is not an item reference of the form <catalog>/<entry>", s.Str())
				}
			}
		case "filter":
			f := d.itemFilter(lo.get("filter"))
			line.Filter = &f
		case "coins":
			line.Coins = lo.id("coins", true)
		}
		if w, ok := lo.integer("weight", false, 1, 1000); ok {
			line.Weight = int(w)
		}
		if cn := lo.get("count"); cn != nil {
			line.Count = d.countOrDice(cn, 1, 999)
		}
		t.Entries = append(t.Entries, line)
	}
	return t
}

// countOrDice reads a whole number within lo..hi or dice text, as text.
func (d *decoder) countOrDice(n *Node, lo, hi int64) string {
	if n.Kind == String {
		if !IsDice(n.Str()) {
			d.errorf(n, CodeDice, "%q is not dice text such as 2d6 or 1d4+1", n.Str())
		}
		return n.Str()
	}
	if n.Kind == Number {
		d.integer(n, lo, hi)
		return n.Raw()
	}
	d.wrongType = true
	d.errorf(n, CodeType, "expected a whole number or dice text, found %s", n.Kind)
	return ""
}

func (d *decoder) itemFilter(n *Node) ItemFilter {
	o := d.object(n, "rarity", "category", "tag")
	f := ItemFilter{Node: n, Rarity: o.id("rarity", false), Category: o.id("category", false), Tag: o.id("tag", false)}
	if o.ok() && !o.has("rarity") && !o.has("category") && !o.has("tag") {
		d.errorf(n, CodeFilterEmpty, "an item filter names at least one of rarity, category and tag")
	}
	return f
}

func (d *decoder) itemFilters(items []*Node) []ItemFilter {
	var out []ItemFilter
	for _, c := range items {
		out = append(out, d.itemFilter(c))
	}
	return out
}

func (d *decoder) market(n *Node) *Market {
	m := &Market{Node: n}
	o := d.object(n, "prices", "places", "sold", "sellers", "unsold")
	if !o.ok() {
		return m
	}
	defaults := 0
	for _, c := range room(&m.Prices, o.array("prices", true, 1, 8)) {
		po := d.object(c, "id", "label", "times", "default")
		p := PriceLevel{ID: po.id("id", true), Label: po.str("label", true, 1, 80, promptSafe), Default: po.boolean("default", false)}
		if v, ok := po.number("times", true); ok {
			p.Times = v
			if v <= 0 || v > 100 {
				d.errorf(po.get("times"), CodeRange, "times must be above 0 and at most 100")
			}
		}
		if dn := po.get("default"); dn != nil && dn.Kind == Bool && !dn.Truth() {
			d.errorf(dn, CodeDefaultTrue, "default is written only as true")
		}
		if p.Default {
			defaults++
		}
		m.Prices = append(m.Prices, p)
	}
	if o.has("prices") && len(m.Prices) > 0 && defaults != 1 {
		d.errorf(o.get("prices"), CodeDefaultPrice, "exactly one price level must be the default; %d are", defaults)
	}
	for _, c := range room(&m.Places, o.array("places", true, 1, 12)) {
		po := d.object(c, "id", "label")
		m.Places = append(m.Places, Word{ID: po.id("id", true), Label: po.str("label", true, 1, 80, promptSafe)})
	}
	for _, c := range room(&m.Sold, o.array("sold", false, 0, 48)) {
		so := d.object(c, "filter", "place")
		m.Sold = append(m.Sold, SoldRule{Filter: d.itemFilter(so.need("filter", true)), Place: so.id("place", true)})
	}
	var ids []string
	var idNodes []*Node
	for _, c := range room(&m.Sellers, o.array("sellers", false, 0, 24)) {
		so := d.object(c, "id", "label", "sells", "place", "only", "stock")
		s := &Seller{Node: c, ID: so.id("id", true), Label: so.str("label", true, 1, 80, promptSafe),
			Place: so.id("place", false), Stock: so.id("stock", false)}
		s.Sells = d.itemFilters(so.array("sells", true, 1, 12))
		if only := so.child("only", false, "value", "atLeast", "label"); only.ok() {
			if v := only.need("value", true); v != nil {
				d.valueRef(v)
			}
			only.number("atLeast", true)
			only.str("label", true, 1, 80, promptSafe)
		}
		m.Sellers = append(m.Sellers, s)
		ids, idNodes = append(ids, s.ID), append(idNodes, c.Get("id"))
	}
	d.uniqueIDs("seller", ids, idNodes)
	m.Unsold = d.itemFilters(o.array("unsold", false, 0, 48))
	return m
}
