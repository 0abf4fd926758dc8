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
	// what each family has left (nil: the family is removed)
	left := make([][]*model.Coin, len(e.Currencies))
	for i, c := range e.Currencies {
		if !c.Removed {
			left[i] = c.Units
		}
	}
	// the market prices of all items share one array
	amounts := make([]Amount, e.r.nCosted*len(levels))
	e.Prices = make([]ItemPrice, 0, e.r.nCosted)
	for i := range e.r.items {
		it := &e.r.items[i]
		cost := it.entry.Item.Cost
		if cost == nil {
			continue
		}
		p := ItemPrice{Catalog: it.cat, Entry: it.entry, Key: it.key}
		var coins []*model.Coin
		switch {
		case it.fam < 0:
			p.Shown = Amount{Amount: cost.Amount, Coin: it.coin}
		case left[it.fam] == nil:
		case !e.removedUnits[cost.Unit]:
			coins = left[it.fam]
			p.Shown = Amount{Amount: cost.Amount, Coin: it.coin}
		default:
			coins = left[it.fam]
			p.Shown = express(cost.Amount*it.coin.Value, coins)
		}
		if len(levels) > 0 {
			k := len(e.Prices) * len(levels)
			p.Levels = amounts[k : k+len(levels) : k+len(levels)]
			if coins != nil {
				worth := cost.Amount * it.coin.Value
				for j, lv := range levels {
					p.Levels[j] = express(MarketOwed(worth, lv.Times, 1), coins)
				}
			}
		}
		e.Prices = append(e.Prices, p)
	}
}

// unknownCoin stands for a coin no family declares: its label is its id.
func unknownCoin(unit string) *model.Coin { return &model.Coin{ID: unit, Label: unit} }

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
// exactly; no price (not Priced) when its whole family is removed. A coin
// no family declares is shown as written, its id for a label.
func (e *Effective) ShownPrice(cost model.Cost) Amount {
	fam, coin, left := e.remaining(cost.Unit)
	switch {
	case fam == nil:
		return Amount{Amount: cost.Amount, Coin: unknownCoin(cost.Unit)}
	case left == nil:
		return Amount{}
	case !e.removedUnits[cost.Unit]:
		return Amount{Amount: cost.Amount, Coin: coin}
	}
	return express(cost.Amount*coin.Value, left)
}

// MarketPrice is what count items of this cost cost at a price level with
// multiplier times (engine-behaviour.md §5.3): worth × times per item,
// rounded half up, at least 1 unless free, times count, always re-expressed
// in the largest remaining coin that pays it exactly. There is no price
// (not Priced) when the coin or its family is unknown or removed: the
// Engine refuses the purchase as not-for-sale.
func (e *Effective) MarketPrice(cost model.Cost, times float64, count int64) Amount {
	fam, coin, left := e.remaining(cost.Unit)
	if fam == nil || coin == nil || left == nil {
		return Amount{}
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
// pays it exactly. The value-1 coin always does; with no coin that does,
// there is no price.
func express(sum int64, coins []*model.Coin) Amount {
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
		return Amount{}
	}
	return Amount{Amount: sum / best.Value, Coin: best}
}
