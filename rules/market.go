package rules

import (
	"slices"
	"strings"

	"rulebench/model"
)

// MarketView is the market under the layers (decisions.md §2).
type MarketView struct {
	// Declared is false when the ruleset has no market.
	Declared bool
	// Levels are the market's price levels; ItemPrice.Levels follows their
	// order.
	Levels []model.PriceLevel
	// Sellers are the sellers that remain; Removed the ones the layers
	// took out, in the market's order, each with the layer that removed it.
	Sellers []*model.Seller
	Removed []RemovedSeller
	// Skipped are the layers whose seller removal was not made because it
	// would have left the market with no seller (their other effects still
	// apply).
	Skipped []SkippedRemoval
	// Unsold are the market's own unsold filters followed by the applied
	// layers' ones.
	Unsold []UnsoldFilter
	// UnsoldItems are the items with a cost that no seller offers, in
	// catalog order ("<catalog>/<entry>"): an unsold filter matches them,
	// or (when the market declares sellers) no remaining seller's filters
	// do. They are still items: they can be carried, used, found as loot
	// and come up in a seller's stock table.
	UnsoldItems []string
	// OffSale are the items (with or without a cost) an unsold filter takes
	// off sale, in catalog order; a part of UnsoldItems for costed ones.
	OffSale []string
}

// RemovedSeller is a seller a layer takes out of the market.
type RemovedSeller struct {
	Seller *model.Seller
	Layer  *model.Layer
}

// SkippedRemoval is a layer's seller removal that was not made.
type SkippedRemoval struct {
	Layer *model.Layer
	// Sellers are the sellers it names.
	Sellers []string
}

// UnsoldFilter is one unsold filter; Layer is nil for the market's own.
type UnsoldFilter struct {
	Filter model.ItemFilter
	Layer  *model.Layer
}

func (e *Effective) buildMarket(applied []int) {
	rs := e.Base
	r := e.r
	if rs.Items == nil || rs.Items.Market == nil {
		return
	}
	m := rs.Items.Market
	mv := &e.Market
	mv.Declared = true
	e.notOffered = newBitset(len(r.items))
	mv.Levels = m.Prices
	left := slices.Clone(m.Sellers)
	for _, li := range applied {
		l := rs.Layers[li]
		if l.Items == nil || len(l.Items.RemoveSellers) == 0 {
			continue
		}
		keep := make([]*model.Seller, 0, len(left))
		for _, s := range left {
			if !slices.Contains(l.Items.RemoveSellers, s.ID) {
				keep = append(keep, s)
			}
		}
		if len(keep) == 0 {
			mv.Skipped = append(mv.Skipped, SkippedRemoval{Layer: l, Sellers: l.Items.RemoveSellers})
			continue
		}
		for _, s := range left {
			if !slices.Contains(keep, s) {
				mv.Removed = append(mv.Removed, RemovedSeller{Seller: s, Layer: l})
			}
		}
		left = keep
	}
	mv.Sellers = left
	// keep Removed in the market's order
	slices.SortStableFunc(mv.Removed, func(a, b RemovedSeller) int {
		return slices.Index(m.Sellers, a.Seller) - slices.Index(m.Sellers, b.Seller)
	})
	for _, f := range m.Unsold {
		mv.Unsold = append(mv.Unsold, UnsoldFilter{Filter: f})
	}
	unsold := slices.Clone(r.baseUnsold)
	for _, li := range applied {
		l := rs.Layers[li]
		if l.Items == nil {
			continue
		}
		for _, f := range l.Items.Unsold {
			mv.Unsold = append(mv.Unsold, UnsoldFilter{Filter: f, Layer: l})
		}
		if r.layerUnsold[li] != nil {
			unsold.or(r.layerUnsold[li])
		}
	}
	e.unsold = unsold
	offered := newBitset(len(r.items))
	for _, s := range mv.Sellers {
		offered.or(r.sells[s])
	}
	for i, it := range r.items {
		if unsold.has(i) {
			mv.OffSale = append(mv.OffSale, it.key)
		}
		if !r.costed.has(i) {
			continue
		}
		if unsold.has(i) || (len(m.Sellers) > 0 && !offered.has(i)) {
			mv.UnsoldItems = append(mv.UnsoldItems, it.key)
			e.notOffered.set(i)
		}
	}
}

// IsUnsold tells whether no seller offers the item ("<catalog>/<entry>"),
// as listed in Market.UnsoldItems.
func (e *Effective) IsUnsold(key string) bool {
	i, ok := e.r.itemKeys[key]
	return ok && e.notOffered.has(i)
}

// Sells tells whether a seller that remains sells an item under the
// layers: one of its filters matches the item and no unsold filter does.
func (e *Effective) Sells(seller *model.Seller, item *model.Item) bool {
	if !slices.Contains(e.Market.Sellers, seller) {
		return false
	}
	for _, u := range e.Market.Unsold {
		if u.Filter.Matches(item) {
			return false
		}
	}
	for _, f := range seller.Sells {
		if f.Matches(item) {
			return true
		}
	}
	return false
}

// Kinds of loot-table users.
const (
	UserCreature   = "creature"    // a bestiary entry's loot, ID "<catalog>/<entry>"
	UserThreatTier = "threat-tier" // combat.threat.tiers[].loot, ID the tier id
	UserSeller     = "seller"      // a seller's stock, ID the seller id
)

// LootUser is something that rolls on a loot table.
type LootUser struct {
	Kind, ID, Label string
}

// LootView is a declared loot table as it rolls under the layers.
type LootView struct {
	// Base is the table as declared; Table the one that now rolls (a
	// layer's replacement, or Base).
	Base, Table *model.LootTable
	// ReplacedBy is the last applied layer replacing the table, or nil.
	ReplacedBy *model.Layer
	// Users are the creatures, threat tiers and sellers rolling on it, and
	// so on the replacement when there is one.
	Users []LootUser
	// Dead are the lines of Table that drop nothing under the layers.
	Dead []DeadLine
}

// Why a loot line drops nothing.
const (
	DeadCoinRemoved = "coin-removed" // the coin, or its family, is removed
	DeadItemHidden  = "item-hidden"  // a layer's hide rule hides the item
	DeadNoItem      = "no-item"      // a filter line matches no item that is not hidden
)

// DeadLine is a loot line that drops nothing under the layers.
type DeadLine struct {
	Line  int
	Cause string
	// By is the layer responsible (the one removing the coin or hiding the
	// item), nil when none is (a filter matching no item at all).
	By *model.Layer
}

// Reason says in words why the line drops nothing: "its coin is removed",
// "its item is hidden" or "its filter matches no item".
func (d DeadLine) Reason() string {
	switch d.Cause {
	case DeadCoinRemoved:
		return "its coin is removed"
	case DeadItemHidden:
		return "its item is hidden"
	}
	return "its filter matches no item"
}

func (e *Effective) buildLoot(applied []int) {
	rs := e.Base
	if rs.Items == nil {
		return
	}
	e.Loot = make([]LootView, len(rs.Items.LootTables))
	for ti, t := range rs.Items.LootTables {
		v := LootView{Base: t, Table: t, Users: e.r.users[t.ID]}
		for _, li := range applied {
			l := rs.Layers[li]
			if l.Items == nil {
				continue
			}
			for _, rt := range l.Items.LootTables {
				if rt.ID == t.ID {
					v.Table, v.ReplacedBy = rt, l
					break
				}
			}
		}
		v.Dead = e.deadLines(v.Table)
		e.Loot[ti] = v
	}
}

// deadLines finds the lines of a table that drop nothing
// (engine-behaviour.md §7.4): a coin a layer removes, an item a layer
// hides, a filter matching no item. An item taken off sale still drops.
func (e *Effective) deadLines(t *model.LootTable) []DeadLine {
	var out []DeadLine
	lines := e.r.lineItems[t]
	for k, line := range t.Entries {
		switch {
		case line.Coins != "":
			if e.CoinRemoved(line.Coins) {
				out = append(out, DeadLine{Line: k, Cause: DeadCoinRemoved, By: e.coinRemover(line.Coins)})
			}
		case line.Item != "":
			cat, entry, ok := strings.Cut(line.Item, "/")
			if !ok {
				continue
			}
			if hc, hidden := e.Hidden(cat, entry); hidden {
				out = append(out, DeadLine{Line: k, Cause: DeadItemHidden, By: hc.Layer})
			}
		case line.Filter != nil && k < len(lines):
			var by *model.Layer
			open := false
			for _, i := range lines[k] {
				it := e.r.items[i]
				hc, hidden := e.hiddenAt(it.ci, it.ei)
				if !hidden {
					open = true
					break
				}
				if by == nil {
					by = hc.Layer
				}
			}
			if !open {
				out = append(out, DeadLine{Line: k, Cause: DeadNoItem, By: by})
			}
		}
	}
	return out
}

func (e *Effective) hiddenAt(ci, ei int) (HideCause, bool) {
	if e.hiddenBy[ci] == nil {
		return HideCause{}, false
	}
	hc := e.hiddenBy[ci][ei]
	return hc, hc.Layer != nil
}

// coinRemover is the first applied layer that removes a coin or its family.
func (e *Effective) coinRemover(unit string) *model.Layer {
	fam, _ := e.Base.Items.Family(unit)
	for _, l := range e.Applied {
		if l.Currencies == nil {
			continue
		}
		if slices.Contains(l.Currencies.RemoveUnits, unit) || (fam != nil && slices.Contains(l.Currencies.RemoveFamilies, fam.ID)) {
			return l
		}
	}
	return nil
}
