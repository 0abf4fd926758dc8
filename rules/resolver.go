package rules

import (
	"fmt"
	"slices"

	"rulebench/model"
)

// Resolver works out effective rulesets for one base ruleset. NewResolver
// does the work that does not depend on the selection once (which entries
// each layer's hide rules hide, which items each unsold filter takes off
// sale, which items each loot filter can drop), so that Resolve stays fast
// enough to run on every toggle. A Resolver is not changed by Resolve and
// may be shared between goroutines. The ruleset must not change while the
// Resolver is in use.
type Resolver struct {
	rs        *model.Ruleset
	layerByID map[string]*model.Layer
	catIndex  map[string]int
	entryIdx  []map[string]int // per catalog: entry id → index
	// hide[l][c][e] is 1 + the index of layer l's first hide rule on
	// catalog c that hides entry e, 0 when none does; hide[l][c] is nil when
	// layer l has no rule on catalog c.
	hide [][][]uint32
	// items are the item entries of every catalog, in catalog order.
	items    []itemInfo
	itemAt   map[[2]int]int // (catalog, entry) → index in items
	itemKeys map[string]int // "<catalog>/<entry>" → index in items
	// baseUnsold and layerUnsold mark the items the market's own unsold
	// filters, and each layer's, take off sale.
	baseUnsold  bitset
	layerUnsold []bitset
	// sells[s] marks the items seller s's filters match; costed marks the
	// items with a cost.
	sells   map[*model.Seller]bitset
	costed  bitset
	nCosted int
	// lineItems[t] holds, for a loot table, the items each filter line can
	// pick (nil for other lines).
	lineItems map[*model.LootTable][][]int
	// users are the creatures, threat tiers and sellers naming each table.
	users map[string][]LootUser
	// guidance parts, trimmed, per layer; problems found once.
	parts      []layerParts
	baseCheck  int // UTF-16 length of the trimmed base checkGuidance
	baseWorld  int
	ladderBad  []string // per layer: the first problem of its ladder, "" when fine
	narrow     [][]narrowing
	hideValues map[string]map[string]string // enum field → compared value → the item comparing
}

type itemInfo struct {
	cat   *model.Catalog
	entry *model.Entry
	key   string
	ci    int
	ei    int
	// fam is the index of the family holding the cost's coin (-1: none, or
	// no cost); coin is that coin.
	fam  int
	coin *model.Coin
}

type layerParts struct {
	check, world       string
	checkLen, worldLen int
	checkBad, worldBad string
}

type narrowing struct {
	field  *model.Field
	remove []string
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (uint(i) % 64) }
func (b bitset) has(i int) bool { return i/64 < len(b) && b[i/64]&(1<<(uint(i)%64)) != 0 }
func (b bitset) or(o bitset) {
	for i := range o {
		b[i] |= o[i]
	}
}

// NewResolver prepares the effective-ruleset work for rs.
func NewResolver(rs *model.Ruleset) *Resolver {
	if rs == nil {
		rs = &model.Ruleset{}
	}
	r := &Resolver{rs: rs, layerByID: map[string]*model.Layer{}, catIndex: map[string]int{},
		itemAt: map[[2]int]int{}, itemKeys: map[string]int{}, lineItems: map[*model.LootTable][][]int{},
		users: map[string][]LootUser{}, hideValues: map[string]map[string]string{}}
	for _, l := range rs.Layers {
		if _, dup := r.layerByID[l.ID]; !dup {
			r.layerByID[l.ID] = l
		}
	}
	r.entryIdx = make([]map[string]int, len(rs.Catalogs))
	for ci, c := range rs.Catalogs {
		if _, dup := r.catIndex[c.ID]; !dup {
			r.catIndex[c.ID] = ci
		}
		r.entryIdx[ci] = make(map[string]int, len(c.Entries))
		for ei, e := range c.Entries {
			if _, dup := r.entryIdx[ci][e.ID]; !dup {
				r.entryIdx[ci][e.ID] = ei
			}
			if e.Item != nil {
				key := c.ID + "/" + e.ID
				r.itemAt[[2]int{ci, ei}] = len(r.items)
				if _, dup := r.itemKeys[key]; !dup {
					r.itemKeys[key] = len(r.items)
				}
				r.items = append(r.items, itemInfo{cat: c, entry: e, key: key, ci: ci, ei: ei})
			}
		}
	}
	r.prepareHiding()
	r.prepareItems()
	r.prepareValidation()
	return r
}

func (r *Resolver) entryIndex(catalog, entry string) (int, int, bool) {
	ci, ok := r.catIndex[catalog]
	if !ok {
		return 0, 0, false
	}
	ei, ok := r.entryIdx[ci][entry]
	return ci, ei, ok
}

func (r *Resolver) prepareHiding() {
	rs := r.rs
	r.hide = make([][][]uint32, len(rs.Layers))
	for li, l := range rs.Layers {
		for ri, rule := range l.Catalogs {
			ci, ok := r.catIndex[rule.Catalog]
			if !ok {
				continue
			}
			cat := rs.Catalogs[ci]
			if r.hide[li] == nil {
				r.hide[li] = make([][]uint32, len(rs.Catalogs))
			}
			if r.hide[li][ci] == nil {
				r.hide[li][ci] = make([]uint32, len(cat.Entries))
			}
			marks := r.hide[li][ci]
			for ei, e := range cat.Entries {
				if marks[ei] == 0 && Hides(rule, e) {
					marks[ei] = uint32(ri + 1)
				}
			}
		}
	}
}

// Hides tells whether one hide rule hides a catalog entry
// (engine-behaviour.md §4): an entry that does not set the rule's filter is
// never hidden; above and below compare numbers strictly; equals and notIn
// read a tags list as its words and a single string as one word, compare
// exactly (case-sensitive), and never match other values. An entry with an
// empty tags list has no word, and rulebench keeps it (the Engine's
// behaviour there is not settled).
func Hides(rule model.HideRule, e *model.Entry) bool {
	v, ok := e.Value(rule.Filter)
	if !ok {
		return false
	}
	switch rule.Op {
	case model.HideAbove:
		return v.Kind == model.Number && v.Number > rule.Number
	case model.HideBelow:
		return v.Kind == model.Number && v.Number < rule.Number
	}
	var words []string
	switch v.Kind {
	case model.String:
		words = []string{v.Text}
	case model.Array:
		words = v.Tags
	}
	if len(words) == 0 {
		return false
	}
	switch rule.Op {
	case model.HideEquals:
		for _, w := range words {
			if w == rule.Text {
				return true
			}
		}
	case model.HideNotIn:
		for _, w := range words {
			for _, x := range rule.List {
				if w == x {
					return false
				}
			}
		}
		return true
	}
	return false
}

// prepareItems finds each costed item's coin family, what each seller and
// each unsold filter (the market's own and each layer's) matches, which
// items each loot filter line can drop, and who rolls on each table.
func (r *Resolver) prepareItems() {
	r.prepareCosts()
	r.prepareMarket()
	r.prepareLoot()
}

// matching marks the items any of the filters matches.
func (r *Resolver) matching(filters []model.ItemFilter) bitset {
	b := newBitset(len(r.items))
	for i, it := range r.items {
		for _, f := range filters {
			if f.Matches(it.entry.Item) {
				b.set(i)
				break
			}
		}
	}
	return b
}

func (r *Resolver) prepareCosts() {
	r.costed = newBitset(len(r.items))
	for i := range r.items {
		it := &r.items[i]
		it.fam = -1
		cost := it.entry.Item.Cost
		if cost == nil {
			continue
		}
		r.costed.set(i)
		r.nCosted++
		if r.rs.Items != nil {
			for fi, f := range r.rs.Items.Currencies {
				if k := slices.IndexFunc(f.Units, func(u *model.Coin) bool { return u.ID == cost.Unit }); k >= 0 {
					it.fam, it.coin = fi, f.Units[k]
					break
				}
			}
		}
		if it.fam < 0 {
			it.coin = unknownCoin(cost.Unit)
		}
	}
}

func (r *Resolver) prepareMarket() {
	rs := r.rs
	r.sells = map[*model.Seller]bitset{}
	r.baseUnsold = newBitset(len(r.items))
	if rs.Items != nil && rs.Items.Market != nil {
		r.baseUnsold = r.matching(rs.Items.Market.Unsold)
		for _, s := range rs.Items.Market.Sellers {
			r.sells[s] = r.matching(s.Sells)
		}
	}
	r.layerUnsold = make([]bitset, len(rs.Layers))
	for li, l := range rs.Layers {
		if l.Items != nil && len(l.Items.Unsold) > 0 {
			r.layerUnsold[li] = r.matching(l.Items.Unsold)
		}
	}
}

func (r *Resolver) prepareLoot() {
	rs := r.rs
	var tables []*model.LootTable
	if rs.Items != nil {
		tables = append(tables, rs.Items.LootTables...)
	}
	for _, l := range rs.Layers {
		if l.Items != nil {
			tables = append(tables, l.Items.LootTables...)
		}
	}
	for _, t := range tables {
		lines := make([][]int, len(t.Entries))
		for k, line := range t.Entries {
			if line.Filter == nil {
				continue
			}
			lines[k] = []int{}
			for i, it := range r.items {
				if line.Filter.Matches(it.entry.Item) {
					lines[k] = append(lines[k], i)
				}
			}
		}
		r.lineItems[t] = lines
	}
	for _, c := range rs.Catalogs {
		for _, e := range c.Entries {
			if e.Creature != nil && e.Creature.Loot != "" {
				r.users[e.Creature.Loot] = append(r.users[e.Creature.Loot], LootUser{Kind: UserCreature, ID: c.ID + "/" + e.ID, Label: e.Label})
			}
		}
	}
	if rs.Combat != nil {
		for _, t := range rs.Combat.Threat {
			if t.Loot != "" {
				r.users[t.Loot] = append(r.users[t.Loot], LootUser{Kind: UserThreatTier, ID: t.ID, Label: t.Label})
			}
		}
	}
	if rs.Items != nil && rs.Items.Market != nil {
		for _, s := range rs.Items.Market.Sellers {
			if s.Stock != "" {
				r.users[s.Stock] = append(r.users[s.Stock], LootUser{Kind: UserSeller, ID: s.ID, Label: s.Label})
			}
		}
	}
}

func (r *Resolver) prepareValidation() {
	rs := r.rs
	if t := jsTrim(rs.GM.CheckGuidance); t != "" {
		r.baseCheck = model.UTF16Len(t)
	}
	if rs.GM.WorldGuidance != nil {
		if t := jsTrim(*rs.GM.WorldGuidance); t != "" {
			r.baseWorld = model.UTF16Len(t)
		}
	}
	r.parts = make([]layerParts, len(rs.Layers))
	r.ladderBad = make([]string, len(rs.Layers))
	r.narrow = make([][]narrowing, len(rs.Layers))
	for li, l := range rs.Layers {
		p := &r.parts[li]
		if l.Guidance != nil {
			p.check = jsTrim(*l.Guidance)
			p.checkLen = model.UTF16Len(p.check)
			p.checkBad = model.PromptUnsafe(p.check)
		}
		if l.WorldGuidance != nil {
			p.world = jsTrim(*l.WorldGuidance)
			p.worldLen = model.UTF16Len(p.world)
			p.worldBad = model.PromptUnsafe(p.world)
		}
		if ladderQualifies(rs.Resolution.Kind, l.Ladder) {
			if ps := ladderProblems(rs.Resolution, l.Ladder, true); len(ps) > 0 {
				step := ""
				if ps[0].step >= 0 {
					step = fmt.Sprintf("step %d of %s's ladder: ", ps[0].step+1, l.ID)
				}
				r.ladderBad[li] = step + ps[0].msg
			}
		}
		for _, lf := range l.Fields {
			if f := rs.Sheet.Field(lf.ID); f != nil && f.Type == model.TypeEnum {
				r.narrow[li] = append(r.narrow[li], narrowing{field: f, remove: lf.RemoveValues})
			}
		}
	}
	s := &rs.Sheet
	note := func(kind, id string, h *model.HideWhen) {
		if h == nil {
			return
		}
		for _, v := range h.Values {
			sv, ok := v.(string)
			if !ok {
				continue
			}
			if r.hideValues[h.Field] == nil {
				r.hideValues[h.Field] = map[string]string{}
			}
			if _, seen := r.hideValues[h.Field][sv]; !seen {
				r.hideValues[h.Field][sv] = fmt.Sprintf("the %s %q", kind, id)
			}
		}
	}
	for _, f := range s.Fields {
		note("field", f.ID, f.HideWhen)
	}
	for _, d := range s.Derived {
		note("derived value", d.ID, d.HideWhen)
	}
	for _, l := range s.Lists {
		note("list", l.ID, l.HideWhen)
	}
	for _, p := range s.Live.Pools {
		note("pool", p.ID, p.HideWhen)
	}
	for _, t := range s.Live.Tracks {
		note("track", t.ID, t.HideWhen)
	}
	for _, st := range s.Live.States {
		note("state", st.ID, st.HideWhen)
	}
}

// problem validates the layered definition for the layers at these indices
// (in declaration order) with the Engine's effective rules
// (engine-behaviour.md §2.3) and returns the first problem, "" when it is
// valid. Only what layering changes is judged: the joined guidance, the
// ladder a layer brings, and the narrowed enum fields; the base's own
// problems are the format checks' business.
func (r *Resolver) problem(layers []int) string {
	checkLen, checkParts := r.baseCheck, min(r.baseCheck, 1)
	worldLen, worldParts := r.baseWorld, min(r.baseWorld, 1)
	ladderFrom := -1
	for _, li := range layers {
		p := &r.parts[li]
		id := r.rs.Layers[li].ID
		if p.checkBad != "" {
			return fmt.Sprintf("the guidance of %s may not contain %s", id, p.checkBad)
		}
		if p.worldBad != "" {
			return fmt.Sprintf("the world guidance of %s may not contain %s", id, p.worldBad)
		}
		if p.checkLen > 0 {
			checkLen += p.checkLen
			checkParts++
		}
		if p.worldLen > 0 {
			worldLen += p.worldLen
			worldParts++
		}
		if ladderQualifies(r.rs.Resolution.Kind, r.rs.Layers[li].Ladder) {
			ladderFrom = li
		}
	}
	if checkParts > 1 {
		checkLen += checkParts - 1
	}
	if worldParts > 1 {
		worldLen += worldParts - 1
	}
	if checkLen > MaxLayeredGuidance {
		return fmt.Sprintf("the check guidance would be %d characters long; at most %d are allowed", checkLen, MaxLayeredGuidance)
	}
	if worldLen > MaxLayeredGuidance {
		return fmt.Sprintf("the world guidance would be %d characters long; at most %d are allowed", worldLen, MaxLayeredGuidance)
	}
	if ladderFrom >= 0 && r.ladderBad[ladderFrom] != "" {
		return r.ladderBad[ladderFrom]
	}
	// enum fields: union the removals per field
	var fields []*model.Field
	var removed []map[string]bool
	for _, li := range layers {
		for _, nw := range r.narrow[li] {
			k := -1
			for i, f := range fields {
				if f == nw.field {
					k = i
				}
			}
			if k < 0 {
				fields = append(fields, nw.field)
				removed = append(removed, map[string]bool{})
				k = len(fields) - 1
			}
			for _, v := range nw.remove {
				removed[k][v] = true
			}
		}
	}
	for k, f := range fields {
		left := 0
		for _, v := range f.Values {
			if !removed[k][v] {
				left++
			}
		}
		if left == 0 {
			return fmt.Sprintf("the field %q would have no value left (an enum field needs at least one)", f.ID)
		}
		for _, v := range f.Values {
			if who, ok := r.hideValues[f.ID][v]; ok && removed[k][v] {
				return fmt.Sprintf("%s compares %q with %q in its hideWhen, and %q would no longer be a value of it", who, f.ID, v, v)
			}
		}
	}
	return ""
}
