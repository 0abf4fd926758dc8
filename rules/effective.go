package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// MaxLayeredGuidance is the cap on checkGuidance and worldGuidance once
// layers are applied: 1500 + 12 × (4000 + 1).
const MaxLayeredGuidance = 49512

// Causes of a selected layer not being applied.
const (
	DropUnknown  = "unknown"  // no layer has the id
	DropConflict = "conflict" // conflicts with a layer declared earlier and kept
	DropInvalid  = "invalid"  // the layered ruleset would fail the Engine's checks
)

// Effective is a ruleset as a game with a given layer selection sees it:
// which layers apply, and everything they change. It holds plain values;
// the base ruleset is never modified. Build one with Resolve or a
// Resolver.
type Effective struct {
	// Base is the ruleset as written.
	Base *model.Ruleset
	// Selected are the ids asked for: declared ones in declaration order,
	// then undeclared ones sorted.
	Selected []string
	// Applied are the layers really applied, in declaration order, after
	// conflicts and the validation fallback.
	Applied []*model.Layer
	// Dropped lists each selected layer that is not applied, and why.
	Dropped []Dropped
	// Toggles are the setup wizard's switches, one per declared layer.
	Toggles []Toggle
	// CheckGuidance and WorldGuidance are the layered gm texts;
	// WorldGuidance is nil when there is none.
	CheckGuidance string
	WorldGuidance *string
	// Ladder is the layered difficulty ladder; LadderFrom the layer it comes
	// from (nil for the base ladder).
	Ladder     []model.LadderStep
	LadderFrom *model.Layer
	// Enums are the sheet's enum fields, narrowed, in sheet order.
	Enums []EnumField
	// Catalogs are the catalogs, in declaration order, each with the
	// entries the applied layers hide from the pickers.
	Catalogs []CatalogView
	// Currencies are the declared families with the coins that remain.
	Currencies []Currency
	// Prices are the prices of every item with a cost, in catalog order.
	Prices []ItemPrice
	// Market is the market under the layers.
	Market MarketView
	// Loot holds every declared loot table as it now rolls.
	Loot []LootView

	r *Resolver
	// hiddenBy[c][e] is the hiding rule of entry e of catalog c; nil slices
	// for catalogs nothing hides.
	hiddenBy       [][]HideCause
	removedUnits   map[string]bool
	removedFamily  map[string]bool
	removedEnumVal map[string]map[string]string // field → value → layer id
	unsold         bitset                       // matched by an unsold filter
	notOffered     bitset                       // Market.UnsoldItems
}

// Dropped is a selected layer that is not applied.
type Dropped struct {
	ID string
	// Cause is DropUnknown, DropConflict or DropInvalid.
	Cause string
	// With is the layer it conflicts with (DropConflict), or the layers
	// already applied when it failed validation (DropInvalid).
	With []string
	// Problem says what would fail (DropInvalid).
	Problem string
}

// Reason says in plain words why the layer is not applied.
func (d Dropped) Reason() string {
	switch d.Cause {
	case DropUnknown:
		return fmt.Sprintf("the ruleset declares no layer %q", d.ID)
	case DropConflict:
		return fmt.Sprintf("it conflicts with %s, which is declared earlier and is on", strings.Join(d.With, ", "))
	}
	if len(d.With) == 0 {
		return "on its own, the layered ruleset would fail the Engine's checks: " + d.Problem
	}
	return fmt.Sprintf("together with %s, the layered ruleset would fail the Engine's checks: %s", strings.Join(d.With, ", "), d.Problem)
}

// Toggle is a layer's switch in the setup wizard.
type Toggle struct {
	Layer *model.Layer
	// On is true when the layer is applied.
	On bool
	// DisabledBy are the applied layers that conflict with this one; the
	// wizard disables its toggle while any is on.
	DisabledBy []string
}

// Disabled tells whether the toggle is disabled.
func (t Toggle) Disabled() bool { return len(t.DisabledBy) > 0 }

// EnumField is an enum field of the sheet as the layers leave it.
type EnumField struct {
	Field *model.Field
	// Values are the values that remain, in the field's order; Removed the
	// ones the layers took out, in the field's order.
	Values  []string
	Removed []string
	// Labels are the value labels of the remaining values.
	Labels []model.ValueLabel
	// Default is nil when the field has no default.
	Default *string
	// By are the applied layers that narrow this field.
	By []string
}

// CatalogView is a catalog with the entries hidden from its picker.
type CatalogView struct {
	Catalog *model.Catalog
	Hidden  []HiddenEntry
}

// HiddenEntry is a catalog entry a layer hides, with the first rule that
// hides it.
type HiddenEntry struct {
	Entry *model.Entry
	HideCause
}

// HideCause names a hide rule: its layer and its index in the layer's
// catalogs.
type HideCause struct {
	Layer *model.Layer
	Rule  int
}

// Currency is a declared family with the coins that remain under the
// layers.
type Currency struct {
	Family *model.CurrencyFamily
	// Removed is true when a layer removes the whole family.
	Removed bool
	// Units are the coins that remain, RemovedUnits the ones taken out, in
	// the family's order.
	Units        []*model.Coin
	RemovedUnits []*model.Coin
}

// Amount is a sum of money in one coin. The zero Amount (no coin) means
// there is no price.
type Amount struct {
	Amount int64
	Coin   *model.Coin
}

// Priced tells whether there is a price.
func (a Amount) Priced() bool { return a.Coin != nil }

// Unit is the coin's id ("" without a price).
func (a Amount) Unit() string {
	if a.Coin == nil {
		return ""
	}
	return a.Coin.ID
}

// Label is the coin's label, the word used for any amount of it.
func (a Amount) Label() string {
	if a.Coin == nil {
		return ""
	}
	return a.Coin.Label
}

// Text is the amount as the Engine shows it: "15 shillings" (amount, a
// space, the coin's label); "" without a price.
func (a Amount) Text() string {
	if a.Coin == nil {
		return ""
	}
	return strconv.FormatInt(a.Amount, 10) + " " + a.Coin.Label
}

// ItemPrice is an item's price as shown under the layers, and at every
// market price level.
type ItemPrice struct {
	Catalog *model.Catalog
	Entry   *model.Entry
	// Key is "<catalog>/<entry>".
	Key string
	// Shown is the item's own price; not Priced when its coin family is
	// gone. A coin no family declares is shown as written, with a coin
	// whose label is its id.
	Shown Amount
	// Levels holds the market price for one item at each of the market's
	// price levels, in their order; not Priced where there is no price.
	Levels []Amount
}

// Written is the item's cost as written.
func (p ItemPrice) Written() model.Cost { return *p.Entry.Item.Cost }

// Item returns the item's details.
func (p ItemPrice) Item() *model.Item { return p.Entry.Item }

// Resolve works out the effective ruleset for the layers selected by id, in
// any order. It is Resolver.Resolve on a resolver made for this call; to
// recompute often (a UI toggling layers), make one Resolver and reuse it.
func Resolve(rs *model.Ruleset, selected []string) *Effective {
	return NewResolver(rs).Resolve(selected)
}

// ResolveOptions works out the effective ruleset for a game's options
// record, as the Engine resolves a pinned game (engine-behaviour.md §1.1):
// only "layer.<id>": true turns a layer on.
func (r *Resolver) ResolveOptions(opts []Option) *Effective {
	return r.Resolve(ChosenLayers(opts))
}

// Resolve works out the effective ruleset for the layers selected by id.
// The order of the ids does not matter, nor do repeats. It never fails: the
// worst outcome is the base ruleset with no layer applied.
func (r *Resolver) Resolve(selected []string) *Effective {
	rs := r.rs
	e := &Effective{Base: rs, r: r}
	chosen := make(map[string]bool, len(selected))
	for _, id := range selected {
		chosen[id] = true
	}
	var unknown []string
	for id := range chosen {
		if r.layerByID[id] == nil {
			unknown = append(unknown, id)
		}
	}
	slices.Sort(unknown)
	for _, l := range rs.Layers {
		if chosen[l.ID] && !slices.Contains(e.Selected, l.ID) {
			e.Selected = append(e.Selected, l.ID)
		}
	}
	e.Selected = append(e.Selected, unknown...)

	active, knocked := activeLayers(rs, chosen)
	applied := active
	// the layered definition fails: keep each layer that still validates
	// after the ones kept before it (engine-behaviour.md §2.2)
	var invalid map[int]Dropped
	if len(active) > 0 && r.problem(active) != "" {
		applied, invalid = nil, map[int]Dropped{}
		for _, i := range active {
			try := append(slices.Clip(applied), i)
			if p := r.problem(try); p != "" {
				invalid[i] = Dropped{ID: rs.Layers[i].ID, Cause: DropInvalid, With: r.ids(applied), Problem: p}
				continue
			}
			applied = try
		}
	}
	// Dropped, in declaration order, then the unknown ids.
	for i, l := range rs.Layers {
		if k, ok := knocked[i]; ok {
			e.Dropped = append(e.Dropped, Dropped{ID: l.ID, Cause: DropConflict, With: []string{rs.Layers[k].ID}})
		}
		if d, ok := invalid[i]; ok {
			e.Dropped = append(e.Dropped, d)
		}
	}
	for _, id := range unknown {
		e.Dropped = append(e.Dropped, Dropped{ID: id, Cause: DropUnknown})
	}
	for _, i := range applied {
		e.Applied = append(e.Applied, rs.Layers[i])
	}
	e.toggles(applied)
	e.build(applied)
	return e
}

func (r *Resolver) ids(idx []int) []string {
	out := make([]string, 0, len(idx))
	for _, i := range idx {
		out = append(out, r.rs.Layers[i].ID)
	}
	return out
}

func (e *Effective) toggles(applied []int) {
	rs := e.Base
	e.Toggles = make([]Toggle, len(rs.Layers))
	for i, l := range rs.Layers {
		t := Toggle{Layer: l, On: slices.Contains(applied, i)}
		if !t.On {
			for _, k := range applied {
				if Conflict(rs.Layers[k], l) {
					t.DisabledBy = append(t.DisabledBy, rs.Layers[k].ID)
				}
			}
		}
		e.Toggles[i] = t
	}
}

// Options is the options record of the applied layers: "layer.<id>": true
// for exactly those, as the Engine stores after the fallback.
func (e *Effective) Options() []Option {
	ids := make([]string, 0, len(e.Applied))
	for _, l := range e.Applied {
		ids = append(ids, l.ID)
	}
	return LayerOptions(ids)
}

// Enum returns the narrowed enum field with this id, or nil.
func (e *Effective) Enum(id string) *EnumField {
	for i := range e.Enums {
		if e.Enums[i].Field.ID == id {
			return &e.Enums[i]
		}
	}
	return nil
}

// Hidden tells whether an entry of a catalog is hidden from the pickers,
// and by which rule.
func (e *Effective) Hidden(catalog, entry string) (HideCause, bool) {
	ci, ei, ok := e.r.entryIndex(catalog, entry)
	if !ok || e.hiddenBy[ci] == nil {
		return HideCause{}, false
	}
	hc := e.hiddenBy[ci][ei]
	return hc, hc.Layer != nil
}

// CoinRemoved tells whether a coin is taken out by the layers, alone or
// with its whole family.
func (e *Effective) CoinRemoved(unit string) bool {
	if e.removedUnits[unit] {
		return true
	}
	fam, _ := e.Base.Items.Family(unit)
	return fam != nil && e.removedFamily[fam.ID]
}

// build works out everything the applied layers change (engine-behaviour.md
// §2.1, §4, §5, §6, §7 and decisions.md §2).
func (e *Effective) build(applied []int) {
	r := e.r
	rs := e.Base
	layers := e.Applied
	// 1, 2: guidance (with no layer applied, the base stays exactly as
	// written, untrimmed)
	e.CheckGuidance = rs.GM.CheckGuidance
	e.WorldGuidance = rs.GM.WorldGuidance
	if len(layers) > 0 {
		if g, ok := joinGuidance(&rs.GM.CheckGuidance, layers, func(l *model.Layer) *string { return l.Guidance }); ok {
			e.CheckGuidance = g
		}
		if g, ok := joinGuidance(rs.GM.WorldGuidance, layers, func(l *model.Layer) *string { return l.WorldGuidance }); ok {
			e.WorldGuidance = &g
		}
	}
	// 3: ladder
	e.Ladder = rs.Resolution.Ladder
	for _, l := range layers {
		if ladderQualifies(rs.Resolution.Kind, l.Ladder) {
			e.Ladder, e.LadderFrom = l.Ladder, l
		}
	}
	// 4: enum fields
	e.buildEnums(layers)
	// catalog hiding
	e.hiddenBy = make([][]HideCause, len(rs.Catalogs))
	e.Catalogs = make([]CatalogView, len(rs.Catalogs))
	for ci, cat := range rs.Catalogs {
		e.Catalogs[ci].Catalog = cat
		for _, li := range applied {
			if r.hide[li] == nil || r.hide[li][ci] == nil {
				continue
			}
			rules := r.hide[li][ci]
			if e.hiddenBy[ci] == nil {
				e.hiddenBy[ci] = make([]HideCause, len(cat.Entries))
			}
			for ei, rule := range rules {
				if rule > 0 && e.hiddenBy[ci][ei].Layer == nil {
					e.hiddenBy[ci][ei] = HideCause{Layer: rs.Layers[li], Rule: int(rule) - 1}
				}
			}
		}
		for ei, hc := range e.hiddenBy[ci] {
			if hc.Layer != nil {
				e.Catalogs[ci].Hidden = append(e.Catalogs[ci].Hidden, HiddenEntry{Entry: cat.Entries[ei], HideCause: hc})
			}
		}
	}
	e.buildCoins(layers)
	e.buildMarket(applied)
	e.buildLoot(applied)
}

// joinGuidance appends the layers' texts to the base text (engine-behaviour
// §2.1): every part trimmed, empty parts dropped, joined with one space. ok
// is false when nothing is left, and the base value is kept unchanged.
func joinGuidance(base *string, layers []*model.Layer, part func(*model.Layer) *string) (string, bool) {
	var parts []string
	if base != nil {
		if t := jsTrim(*base); t != "" {
			parts = append(parts, t)
		}
	}
	for _, l := range layers {
		if p := part(l); p != nil {
			if t := jsTrim(*p); t != "" {
				parts = append(parts, t)
			}
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	return strings.Join(parts, " "), true
}

// jsTrim trims text the way JavaScript's String.prototype.trim does: white
// space and line terminators, U+FEFF included, U+0085 not.
func jsTrim(s string) string {
	return strings.TrimFunc(s, isJSSpace)
}

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// ladderQualifies tells whether a layer's ladder may replace the current
// one: at least one step, and every step has the base kind's key.
func ladderQualifies(kind string, steps []model.LadderStep) bool {
	if len(steps) == 0 {
		return false
	}
	for _, s := range steps {
		if (kind == model.DiceSum && !s.HasDC) || (kind == model.DicePool && !s.HasSuccesses) || (kind != model.DiceSum && kind != model.DicePool) {
			return false
		}
	}
	return true
}

func (e *Effective) buildEnums(layers []*model.Layer) {
	rs := e.Base
	for _, f := range rs.Sheet.Fields {
		if f.Type != model.TypeEnum {
			continue
		}
		ef := EnumField{Field: f}
		var removed map[string]string // value → the first layer removing it
		var def *string
		for _, l := range layers {
			for _, lf := range l.Fields {
				if lf.ID != f.ID {
					continue
				}
				if !slices.Contains(ef.By, l.ID) {
					ef.By = append(ef.By, l.ID)
				}
				for _, v := range lf.RemoveValues {
					if removed == nil {
						removed = map[string]string{}
					}
					if _, ok := removed[v]; !ok {
						removed[v] = l.ID
					}
				}
				if lf.Default != nil {
					def = lf.Default
				}
			}
		}
		if removed == nil {
			ef.Values = f.Values
			ef.Labels = f.ValueLabels
			if d, ok := f.Default.(string); ok && slices.Contains(f.Values, d) {
				ef.Default = &d
			}
			e.Enums = append(e.Enums, ef)
			continue
		}
		ef.Values = make([]string, 0, len(f.Values))
		for _, v := range f.Values {
			by, gone := removed[v]
			if !gone {
				ef.Values = append(ef.Values, v)
				continue
			}
			ef.Removed = append(ef.Removed, v)
			if e.removedEnumVal == nil {
				e.removedEnumVal = map[string]map[string]string{}
			}
			if e.removedEnumVal[f.ID] == nil {
				e.removedEnumVal[f.ID] = map[string]string{}
			}
			e.removedEnumVal[f.ID][v] = by
		}
		for _, vl := range f.ValueLabels {
			if _, gone := removed[vl.Value]; !gone {
				ef.Labels = append(ef.Labels, vl)
			}
		}
		if def == nil {
			if d, ok := f.Default.(string); ok {
				def = &d
			}
		}
		if def != nil && slices.Contains(ef.Values, *def) {
			d := *def
			ef.Default = &d
		}
		e.Enums = append(e.Enums, ef)
	}
}
