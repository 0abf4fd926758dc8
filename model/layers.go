package model

// Layer is a named variant of the ruleset that only narrows things or
// appends text.
type Layer struct {
	ID, Label, Summary string
	Conflicts          []string
	// Guidance and WorldGuidance are appended to the base gm text; nil when
	// absent.
	Guidance      *string
	WorldGuidance *string
	Fields        []LayerField
	// Ladder replaces the difficulty ladder; nil when the layer has none.
	Ladder     []LadderStep
	Catalogs   []HideRule
	Currencies *LayerCurrencies
	Items      *LayerItems
	Index      int
	Node       *Node
}

// LayerField removes values from one enum field.
type LayerField struct {
	ID           string
	RemoveValues []string
	// Default is the replacement default; nil when the layer names none.
	Default *string
	Node    *Node
}

// Hide-rule comparisons.
const (
	HideAbove  = "above"
	HideBelow  = "below"
	HideEquals = "equals"
	HideNotIn  = "notIn"
)

// HideRule hides a catalog's entries by one filter and one comparison.
type HideRule struct {
	Catalog string
	Filter  string
	// Op is the comparison given: above, below, equals or notIn ("" when not
	// exactly one is given).
	Op     string
	Number float64  // above, below
	Text   string   // equals
	List   []string // notIn
	Node   *Node
}

// LayerCurrencies removes coins and whole families.
type LayerCurrencies struct {
	RemoveUnits    []string
	RemoveFamilies []string
	Node           *Node
}

// LayerItems changes where things are sold and what loot drops.
type LayerItems struct {
	RemoveSellers []string
	Unsold        []ItemFilter
	LootTables    []*LootTable
	Node          *Node
}

func (d *decoder) layer(n *Node) *Layer {
	l := &Layer{Node: n, Index: n.Index()}
	o := d.object(n, "id", "label", "summary", "conflicts", "gm", "fields", "difficultyLadder", "catalogs", "currencies", "items")
	if !o.ok() {
		return l
	}
	l.ID = o.id("id", true)
	l.Label = o.label("label", 80)
	if o.has("summary") {
		l.Summary = o.str("summary", false, 1, 300, promptSafe)
	}
	l.Conflicts = o.ids("conflicts", false, 0, 12)
	if g := o.child("gm", false, "guidance", "worldGuidance"); g.ok() {
		total := 0
		for _, k := range []string{"guidance", "worldGuidance"} {
			if !g.has(k) {
				continue
			}
			s := g.str(k, false, 1, 4000, promptSafe)
			total += UTF16Len(s)
			if k == "guidance" {
				l.Guidance = &s
			} else {
				l.WorldGuidance = &s
			}
		}
		if total > 4000 && UTF16Len(strOr(l.Guidance)) <= 4000 && UTF16Len(strOr(l.WorldGuidance)) <= 4000 {
			d.errorf(g.n, CodeGuidanceTotal, "the layer's guidance and world guidance together are %d characters; at most 4000 are allowed", total)
		}
	}
	for _, c := range room(&l.Fields, o.array("fields", false, 0, 24)) {
		fo := d.object(c, "id", "removeValues", "default")
		lf := LayerField{Node: c, ID: fo.id("id", true), RemoveValues: fo.strs("removeValues", true, 1, 40, 1, 80, plainText)}
		if fo.has("default") {
			s := fo.str("default", false, 0, 80, plainText)
			lf.Default = &s
		}
		l.Fields = append(l.Fields, lf)
	}
	if ladder := o.get("difficultyLadder"); ladder != nil {
		l.Ladder = []LadderStep{}
		for _, s := range d.list(ladder, 1, 12) {
			l.Ladder = append(l.Ladder, d.ladderStep(s))
		}
	}
	for _, c := range room(&l.Catalogs, o.array("catalogs", false, 0, 24)) {
		l.Catalogs = append(l.Catalogs, d.hideRule(c))
	}
	if c := o.get("currencies"); c != nil {
		co := d.object(c, "removeUnits", "removeFamilies")
		lc := &LayerCurrencies{Node: c}
		lc.RemoveUnits = co.ids("removeUnits", false, 1, 60)
		lc.RemoveFamilies = co.ids("removeFamilies", false, 1, 6)
		if co.ok() && !co.has("removeUnits") && !co.has("removeFamilies") {
			d.errorf(c, CodeCurrenciesEmpty, "currencies needs removeUnits or removeFamilies")
		}
		l.Currencies = lc
	}
	if c := o.get("items"); c != nil {
		l.Items = d.layerItems(c)
	}
	return l
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (d *decoder) hideRule(n *Node) HideRule {
	o := d.object(n, "id", "hide")
	r := HideRule{Node: n, Catalog: o.id("id", true)}
	h := o.child("hide", true, "filter", HideAbove, HideBelow, HideEquals, HideNotIn)
	if !h.ok() {
		return r
	}
	r.Filter = h.id("filter", true)
	r.Op = h.exactlyOne("hide", HideAbove, HideBelow, HideEquals, HideNotIn)
	switch r.Op {
	case HideAbove, HideBelow:
		r.Number, _ = h.number(r.Op, true)
	case HideEquals:
		r.Text = h.str(HideEquals, true, 0, 80, plainText)
	case HideNotIn:
		r.List = h.strs(HideNotIn, true, 1, 24, 0, 80, plainText)
	}
	return r
}

func (d *decoder) layerItems(n *Node) *LayerItems {
	li := &LayerItems{Node: n}
	o := d.object(n, "market", "lootTables")
	if !o.ok() {
		return li
	}
	if m := o.child("market", false, "removeSellers", "unsold"); m.ok() {
		li.RemoveSellers = m.ids("removeSellers", false, 1, 24)
		li.Unsold = d.itemFilters(m.array("unsold", false, 1, 48))
		if !m.has("removeSellers") && !m.has("unsold") {
			d.errorf(m.n, CodeMarketEmpty, "market needs removeSellers or unsold")
		}
	}
	for _, c := range room(&li.LootTables, o.array("lootTables", false, 1, 24)) {
		li.LootTables = append(li.LootTables, d.lootTable(c))
	}
	if !o.has("market") && !o.has("lootTables") {
		d.errorf(n, CodeItemsEmpty, "items needs market or lootTables")
	}
	return li
}
