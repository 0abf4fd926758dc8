package rules

// HiddenPriced counts the priced items a layer hides from the item picker
// (they stay on the price list).
func (e *Effective) HiddenPriced() int {
	hidden := 0
	for _, p := range e.Prices {
		if _, h := e.Hidden(p.Catalog.ID, p.Entry.ID); h {
			hidden++
		}
	}
	return hidden
}
