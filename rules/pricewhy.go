package rules

import (
	"fmt"
	"strconv"

	"rulebench/model"
)

// PriceWhy says why an item shows another price than the one written: its
// coin, or the coin's whole family, is removed by a layer, so its worth is
// re-expressed in the coins of its family that remain
// (engine-behaviour.md §5.2).
type PriceWhy struct {
	// Written is the cost as written; Coin its coin and Family the family
	// declaring it.
	Written model.Cost
	Coin    *model.Coin
	Family  *model.CurrencyFamily
	// FamilyRemoved is true when the whole family is removed (no coin of it
	// remains, so there is no price); otherwise the coin alone is.
	FamilyRemoved bool
	// By is the first applied layer removing the coin or its family.
	By *model.Layer
	// Worth is the item's worth in Smallest, the family's smallest coin.
	Worth    int64
	Smallest *model.Coin
	// Shown is the price shown: the largest remaining coin of the family
	// that pays Worth exactly; not Priced when the family is removed.
	Shown Amount
}

// LevelWhy is how an item's market price at one price level is worked out
// (engine-behaviour.md §5.3): its worth in the smallest coin times the
// level's multiplier, rounded half up (at least 1 unless free), then paid in
// the largest remaining coin that pays it exactly.
type LevelWhy struct {
	Level model.PriceLevel
	// Worth and Owed are in Smallest, the family's smallest coin: the item's
	// worth, and what is owed at this level.
	Worth, Owed int64
	Smallest    *model.Coin
	// Amount is the market price; not Priced when no coin of the family
	// remains or no family declares the coin.
	Amount Amount
	// NoFamily is true when no family declares the coin, and FamilyRemoved
	// when a layer removes its family.
	NoFamily, FamilyRemoved bool
}

// smallestCoin is a family's coin of least value.
func smallestCoin(f *model.CurrencyFamily) *model.Coin {
	var best *model.Coin
	for _, u := range f.Units {
		if best == nil || u.Value < best.Value {
			best = u
		}
	}
	return best
}

// WhyPrice says why the item shows another price than the one written; ok
// is false when it shows the written price (its coin remains, or no family
// declares it).
func (e *Effective) WhyPrice(p ItemPrice) (PriceWhy, bool) {
	cost := p.Written()
	fam, coin, left := e.remaining(cost.Unit)
	if fam == nil || coin == nil || (left != nil && !e.removedUnits[cost.Unit]) {
		return PriceWhy{}, false
	}
	w := PriceWhy{Written: cost, Coin: coin, Family: fam, FamilyRemoved: left == nil,
		By: e.coinRemover(cost.Unit), Worth: cost.Amount * coin.Value, Smallest: smallestCoin(fam)}
	if !w.FamilyRemoved {
		w.Shown = express(w.Worth, left)
	}
	return w, true
}

// WhyLevels works out the item's market price at each price level, step
// by step, in the market's order; nil without a market.
func (e *Effective) WhyLevels(p ItemPrice) []LevelWhy {
	if len(e.Market.Levels) == 0 {
		return nil
	}
	cost := p.Written()
	fam, coin, left := e.remaining(cost.Unit)
	out := make([]LevelWhy, len(e.Market.Levels))
	for i, lv := range e.Market.Levels {
		w := LevelWhy{Level: lv, NoFamily: fam == nil || coin == nil}
		if !w.NoFamily {
			w.Smallest = smallestCoin(fam)
			w.Worth = cost.Amount * coin.Value
			w.Owed = MarketOwed(w.Worth, lv.Times, 1)
			w.FamilyRemoved = left == nil
			if left != nil {
				w.Amount = express(w.Owed, left)
			}
		}
		out[i] = w
	}
	return out
}

// amountIn writes n of a coin: "180 pennies" (the coin's label, as the
// Engine writes any amount).
func amountIn(n int64, c *model.Coin) string {
	return strconv.FormatInt(n, 10) + " " + c.Label
}

// layerWord names a layer by its label, or its id when it has none.
func layerWord(l *model.Layer) string {
	switch {
	case l == nil:
		return "a layer"
	case l.Label != "":
		return l.Label
	}
	return l.ID
}

// Text says it in one sentence, with labels only: "The long night removes
// crowns: 3 crowns = 180 pennies → 15 shillings" or "Ruin removes the
// family Coin: no coin of its family remains, so it has no price". It is
// not sanitised.
func (w PriceWhy) Text() string {
	written := amountIn(w.Written.Amount, w.Coin)
	if w.FamilyRemoved {
		return fmt.Sprintf("%s removes the family %s: no coin of its family remains, so it has no price",
			layerWord(w.By), familyWord(w.Family))
	}
	s := fmt.Sprintf("%s removes %s: %s = %s", layerWord(w.By), w.Coin.Label, written, amountIn(w.Worth, w.Smallest))
	switch {
	case !w.Shown.Priced():
		return s + ", and no coin of its family that remains pays it exactly"
	case w.Shown.Coin != w.Smallest:
		return s + " → " + w.Shown.Text()
	}
	return s
}

// familyWord names a family by its label, or its id when it has none.
func familyWord(f *model.CurrencyFamily) string {
	if f.Label != "" {
		return f.Label
	}
	return f.ID
}

// Text says it in one short phrase: "30 mites × 0.75 = 23 mites → 23
// mites", "no coin of its family remains", or "no family declares its
// coin". It is not sanitised.
func (w LevelWhy) Text() string {
	switch {
	case w.NoFamily:
		return "no family declares its coin"
	case w.FamilyRemoved:
		return "no coin of its family remains"
	}
	s := fmt.Sprintf("%s × %s = %s", amountIn(w.Worth, w.Smallest), strconv.FormatFloat(w.Level.Times, 'g', -1, 64), amountIn(w.Owed, w.Smallest))
	if !w.Amount.Priced() {
		return s + ", which no remaining coin pays exactly"
	}
	if w.Amount.Coin != w.Smallest {
		s += " → " + w.Amount.Text()
	}
	return s
}
