package rules

import (
	"strings"

	"rulebench/model"
)

// What a kept value is.
const (
	KeptEnumValue  = "enum-value"  // a field holds a value a layer removed
	KeptCatalogRow = "catalog-row" // a list row picked from an entry a layer hides
	KeptCoin       = "coin"        // coins of a kind a layer removed, still in the purse
)

// PurseKey is where rulebench reads the coins a sample save holds: a record
// in the build, coin id → how many, such as "purse": {"crown": 2}. The
// Engine keeps coins as inventory stacks (item ref "coin:<id>"), which a
// stored sheet does not carry, so sample saves use this record; the Engine
// keeps unknown build keys as they are.
const PurseKey = "purse"

// Kept is a value a sample save holds that the effective ruleset no longer
// offers. Nothing rewrites a character: the Engine keeps the value and
// shows it as it is (the editor just stops offering it).
type Kept struct {
	Kind string
	// Path is the value's JSON path in the save ("build.fields.calling").
	Path string
	// Value is the value held: the enum value, the row's
	// "<catalog>/<entry>" mark, or the coin id.
	Value string
	// Count is the number of coins held (KeptCoin).
	Count float64
	// Layer is the layer that removed the value or hides the entry.
	Layer *model.Layer
	Node  *model.Node
}

// KeptInSave lists the values a sample save holds that the effective
// ruleset no longer offers, in file order: enum field values a layer
// removed, picked catalog rows whose entry a layer hides, and coins of a
// removed kind in the purse (see PurseKey). Each is kept and shown.
func (e *Effective) KeptInSave(s *model.Save) []Kept {
	if s == nil || s.Root == nil {
		return nil
	}
	build := s.Root.Get("build")
	if build == nil || build.Kind != model.Object {
		return nil
	}
	var out []Kept
	if fields := build.Get("fields"); fields != nil && fields.Kind == model.Object {
		for _, f := range fields.Children() {
			if f.Kind != model.String {
				continue
			}
			if by, ok := e.removedEnumVal[f.Key()][f.Str()]; ok {
				out = append(out, Kept{Kind: KeptEnumValue, Path: f.Path(), Value: f.Str(), Layer: e.layerNamed(by), Node: f})
			}
		}
	}
	if lists := build.Get("lists"); lists != nil && lists.Kind == model.Object {
		for _, list := range lists.Children() {
			if list.Kind != model.Array {
				continue
			}
			for _, row := range list.Children() {
				mark := row.Get("_catalog")
				if mark == nil || mark.Kind != model.String {
					continue
				}
				cat, entry, ok := strings.Cut(mark.Str(), "/")
				if !ok {
					continue
				}
				if hc, hidden := e.Hidden(cat, entry); hidden {
					out = append(out, Kept{Kind: KeptCatalogRow, Path: mark.Path(), Value: mark.Str(), Layer: hc.Layer, Node: mark})
				}
			}
		}
	}
	if purse := build.Get(PurseKey); purse != nil && purse.Kind == model.Object {
		for _, c := range purse.Children() {
			if e.CoinRemoved(c.Key()) {
				k := Kept{Kind: KeptCoin, Path: c.Path(), Value: c.Key(), Layer: e.coinRemover(c.Key()), Node: c}
				if c.Kind == model.Number {
					k.Count = c.Num()
				}
				out = append(out, k)
			}
		}
	}
	return out
}

func (e *Effective) layerNamed(id string) *model.Layer {
	for _, l := range e.Applied {
		if l.ID == id {
			return l
		}
	}
	return nil
}
