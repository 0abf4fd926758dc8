package rules

import (
	"math"

	"rulebench/model"
)

// buildCoins works out the coins that remain (engine-behaviour.md §5.1) and
// every item's shown and market prices (§5.2, §5.3).
func (e *Effective) buildCoins(layers []*model.Layer) {
	rs := e.Base
	for _, l := range layers {
		if l.Currencies == nil {
			continue
		}
		for _, id := range l.Currencies.RemoveFamilies {
			if e.removedFamily == nil {
				e.removedFamily = map[string]bool{}
			}
			e.removedFamily[id] = true
		}
		for _, id := range l.Currencies.RemoveUnits {
			if e.removedUnits == nil {
				e.removedUnits = map[string]bool{}
			}
			e.removedUnits[id] = true
		}
	}
	if rs.Items == nil {
		return
	}
	e.Currencies = make([]Currency, len(rs.Items.Currencies))
	for i, f := range rs.Items.Currencies {
		c := Currency{Family: f, Removed: e.removedFamily[f.ID]}
		for _, u := range f.Units {
			if c.Removed || e.removedUnits[u.ID] {
				c.RemovedUnits = append(c.RemovedUnits, u)
			} else {
				c.Units = append(c.Units, u)
			}
		}
		e.Currencies[i] = c
	}
	var levels []model.PriceLevel
	if rs.Items.Market != nil {
		levels = rs.Items.Market.Prices
	}
	amounts := make([]*Amount, 0, len(e.r.items)*len(levels))
	for _, it := range e.r.items {
		cost := it.entry.Item.Cost
		if cost == nil {
			continue
		}
		p := ItemPrice{Catalog: it.cat, Entry: it.entry, Key: it.key, Written: *cost, Shown: e.ShownPrice(*cost)}
		if len(levels) > 0 {
			start := len(amounts)
			for _, lv := range levels {
				amounts = append(amounts, e.MarketPrice(*cost, lv.Times, 1))
			}
			p.Levels = amounts[start:len(amounts):len(amounts)]
		}
		e.Prices = append(e.Prices, p)
	}
}

// remaining returns the family holding a unit, the unit, and the family's
// coins that remain; fam is nil when no family declares the unit, and left
// is nil when the family is removed.
func (e *Effective) remaining(unit string) (fam *model.CurrencyFamily, coin *model.Coin, left []*model.Coin) {
	fam, coin = e.Base.Items.Family(unit)
	if fam == nil || e.removedFamily[fam.ID] {
		return fam, coin, nil
	}
	for _, c := range e.Currencies {
		if c.Family == fam {
			return fam, coin, c.Units
		}
	}
	return fam, coin, nil
}

// ShownPrice is the price an item shows under the layers
// (engine-behaviour.md §5.2): as written while its coin remains; otherwise
// the same worth in the largest remaining coin of its family that pays it
// exactly; nil when its whole family is removed. A coin no family declares
// is shown as written, with the unit id for a label.
func (e *Effective) ShownPrice(cost model.Cost) *Amount {
	fam, coin, left := e.remaining(cost.Unit)
	switch {
	case fam == nil:
		return &Amount{Amount: cost.Amount, Unit: cost.Unit, Label: cost.Unit}
	case left == nil:
		return nil
	case !e.removedUnits[cost.Unit]:
		return &Amount{Amount: cost.Amount, Unit: coin.ID, Label: coin.Label}
	}
	return express(cost.Amount*coin.Value, left)
}

// MarketPrice is what count items of this cost cost at a price level with
// multiplier times (engine-behaviour.md §5.3): worth × times per item,
// rounded half up, at least 1 unless free, times count, always re-expressed
// in the largest remaining coin that pays it exactly. It is nil when there
// is no price (the coin or its family is unknown or removed: the Engine
// refuses the purchase as not-for-sale).
func (e *Effective) MarketPrice(cost model.Cost, times float64, count int64) *Amount {
	fam, coin, left := e.remaining(cost.Unit)
	if fam == nil || coin == nil || left == nil {
		return nil
	}
	return express(MarketOwed(cost.Amount*coin.Value, times, count), left)
}

// MarketOwed is the sum owed, in a family's smallest coin, for count items
// each worth worth smallest coins at a price level with multiplier times:
// each = 0 when worth is 0, else max(1, round half up(worth × times)). The
// product is computed at run time in float64, as the Engine does.
func MarketOwed(worth int64, times float64, count int64) int64 {
	if worth == 0 {
		return 0
	}
	w := float64(worth)
	each := int64(math.Round(w * times))
	return max(1, each) * count
}

// express writes a sum of smallest coins in the largest of the coins that
// pays it exactly. The value-1 coin always does; with no coin at all the
// result is nil.
func express(sum int64, coins []*model.Coin) *Amount {
	var best *model.Coin
	for _, c := range coins {
		if c.Value <= 0 || sum%c.Value != 0 {
			continue
		}
		if best == nil || c.Value > best.Value {
			best = c
		}
	}
	if best == nil {
		return nil
	}
	return &Amount{Amount: sum / best.Value, Unit: best.ID, Label: best.Label}
}
