package rules

import (
	"testing"
)

func TestWhyPrice(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"long_night","label":"The long night","currencies":{"removeUnits":["crown"]}},
	  {"id":"no_small","label":"No small change","currencies":{"removeUnits":["penny","shilling"]}},
	  {"id":"ruin","label":"Ruin","currencies":{"removeFamilies":["coin"]}}]`).ruleset(t)
	r := NewResolver(rs)
	for _, c := range []struct {
		layer, key string
		ok         bool
		want       string
	}{
		{"long_night", "kit/watch-pistol", true, "The long night removes crowns: 3 crowns = 180 pennies → 15 shillings"},
		{"long_night", "kit/warming-tonic", false, ""},
		{"", "kit/watch-pistol", false, ""},
		// the smallest coin is the one left that pays it: no arrow to the same coin
		{"no_small", "kit/grave-spade", true, "No small change removes shillings: 3 shillings = 36 pennies, and no coin of its family that remains pays it exactly"},
		{"ruin", "kit/watch-pistol", true, "Ruin removes the family Coin: no coin of its family remains, so it has no price"},
	} {
		var on []string
		if c.layer != "" {
			on = []string{c.layer}
		}
		e := r.Resolve(on)
		p := priceOf(e, c.key)
		w, ok := e.WhyPrice(*p)
		if ok != c.ok || (ok && w.Text() != c.want) {
			t.Errorf("%s %s: %v %q\nwant %v %q", c.layer, c.key, ok, w.Text(), c.ok, c.want)
		}
		if ok && !w.FamilyRemoved && amountText(w.Shown) != amountText(p.Shown) {
			t.Errorf("%s %s: the reason's price %s is not the price shown %s", c.layer, c.key, amountText(w.Shown), amountText(p.Shown))
		}
		if ok && w.By == nil {
			t.Errorf("%s %s: no layer named", c.layer, c.key)
		}
	}
	// 3 shillings = 36 pennies, which pennies pay; with pennies left the arrow is dropped
	rs2 := parseDoc(t, sumBase).layers(t, `[{"id":"no_shilling","label":"No shillings","currencies":{"removeUnits":["shilling"]}}]`).ruleset(t)
	e2 := Resolve(rs2, []string{"no_shilling"})
	if w, ok := e2.WhyPrice(*priceOf(e2, "kit/grave-spade")); !ok || w.Text() != "No shillings removes shillings: 3 shillings = 36 pennies" {
		t.Errorf("paid in the smallest coin: %q", w.Text())
	}
}

func TestWhyLevels(t *testing.T) {
	rs := parseDoc(t, sumBase).layers(t, `[
	  {"id":"long_night","label":"The long night","currencies":{"removeUnits":["crown"]}},
	  {"id":"ruin","label":"Ruin","currencies":{"removeFamilies":["coin"]}}]`).ruleset(t)
	r := NewResolver(rs)
	e := r.Resolve([]string{"long_night"})
	p := priceOf(e, "kit/watch-pistol")
	ws := e.WhyLevels(*p)
	want := []string{"180 pennies × 0.75 = 135 pennies", "180 pennies × 1 = 180 pennies → 15 shillings", "180 pennies × 1.5 = 270 pennies"}
	if len(ws) != len(want) {
		t.Fatalf("levels %+v", ws)
	}
	for i, w := range ws {
		if w.Text() != want[i] {
			t.Errorf("level %d: %q, want %q", i, w.Text(), want[i])
		}
		if amountText(w.Amount) != amountText(p.Levels[i]) {
			t.Errorf("level %d: the reason's price %s is not the price %s", i, amountText(w.Amount), amountText(p.Levels[i]))
		}
	}
	e = r.Resolve([]string{"ruin"})
	for _, w := range e.WhyLevels(*priceOf(e, "kit/watch-pistol")) {
		if w.Text() != "no coin of its family remains" || w.Amount.Priced() {
			t.Errorf("family removed: %q", w.Text())
		}
	}
	// no market, no levels
	d := parseDoc(t, sumBase)
	d.set(t, "items.market", nil)
	e = Resolve(d.ruleset(t), nil)
	if len(e.Prices) == 0 || e.WhyLevels(e.Prices[0]) != nil {
		t.Errorf("levels without a market: %d prices", len(e.Prices))
	}
}
