// Package outline lays out an effective ruleset (rules.Effective: the
// ruleset as a game with some layers on sees it) beside the base ruleset,
// once for every front end: the layers that apply, the Game Master's
// guidance, the difficulty ladder, the enum fields, the catalogs, the
// coins, the prices at each market price level, the market, the loot
// tables and what sample saves keep. Each value is plain text, made safe
// for a terminal (model.Visible), and each one that differs from the base
// ruleset is marked as changed, with the base's value beside it.
//
// `rulebench layers` prints an outline as plain text; the workbench's
// Effective tab styles it. The two phrase and lay out the same facts each
// in their own way (one line a fact, or a table with the base beside), but
// neither works out what changed against the base: the outline does.
//
// Nothing here styles or colours, and the package imports no UI code.
package outline

import (
	"strconv"

	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// Outline is an effective ruleset beside its base, section by section,
// each section in the order the ruleset declares its parts.
type Outline struct {
	// Effective is the ruleset outlined, Base the one with no layer on that
	// it is compared with.
	Effective, Base *rules.Effective
	// Applied are the layers really applied, in declaration order.
	Applied []Layer
	// Dropped are the chosen layers that are not applied.
	Dropped []Dropped
	// Check and World are the Game Master's check and world guidance.
	Check, World Guidance
	// Ladder is the difficulty ladder beside the base's.
	Ladder Ladder
	// Enums are the sheet's enum fields, in sheet order.
	Enums []Enum
	// Catalogs are the catalogs, in declaration order.
	Catalogs []Catalog
	// Coins are the declared coin families.
	Coins []Coin
	// Prices are the prices of every item with a cost.
	Prices Prices
	// Market is the market; Market.Declared is false when there is none.
	Market Market
	// Loot are the declared loot tables as they now roll.
	Loot []Loot
	// Saves are the sample saves, each with the values it holds that the
	// effective ruleset no longer offers.
	Saves []Save

	named map[*model.Layer]*Layer
}

// Layer names a layer by its id and its label ("" when it has none).
type Layer struct {
	ID, Label string
}

// layer names a layer, nil for none; each layer is named once and shared
// by the rows it changes.
func (o *Outline) layer(l *model.Layer) *Layer {
	if l == nil {
		return nil
	}
	named, ok := o.named[l]
	if !ok {
		named = &Layer{ID: v(l.ID), Label: v(l.Label)}
		o.named[l] = named
	}
	return named
}

// Dropped is a chosen layer that is not applied: its id, its name (the
// label of the layer declared with the id, or the id), and why, naming the
// layers by id (Reason, rules.Dropped.Reason) or by name (Why,
// say.DroppedReason).
type Dropped struct {
	ID, Name    string
	Reason, Why string
}

// Guidance is one of the Game Master's texts: the base ruleset's, each
// applied layer's text appended to it, and the whole text a game sees.
type Guidance struct {
	// Base is the base ruleset's text; HasBase is false when it has none
	// (a world guidance is optional).
	Base    string
	HasBase bool
	// Appended are the applied layers' texts, in the order appended.
	Appended []Appended
	// Text is the text a game with the layers sees; HasText is false when
	// there is none.
	Text    string
	HasText bool
}

// Appended is a layer's text appended to a guidance.
type Appended struct {
	Layer Layer
	Text  string
}

// Ladder is the difficulty ladder beside the base's.
type Ladder struct {
	// Kind is the resolution kind (dice-sum, dice-pool...).
	Kind string
	// From is the layer whose ladder replaces the base's; nil for the
	// base ladder.
	From *Layer
	// Steps pair the effective steps with the base's by label (see
	// rules.LadderDiff): the changed, removed and added ones are marked by
	// their Kind. Their labels are made safe too.
	Steps []rules.StepChange
}

// Enum is an enum field as the layers narrow it.
type Enum struct {
	ID, Label string
	// Values are the field's values as the base declares them, each marked
	// when a layer removes it; Kept the ones that remain.
	Values []Value
	Kept   []string
	// Default is the effective default ("" for none), HasDefault whether
	// there is one; BaseDefault the base's ("" for none). DefaultChanged
	// tells that the two differ.
	Default        string
	HasDefault     bool
	BaseDefault    string
	DefaultChanged bool
	// Removed are the values the layers remove; By the ids of the layers
	// that narrow the field, ByNames their names.
	Removed     []string
	By, ByNames []string
}

// Value is an enum value, and whether the layers remove it.
type Value struct {
	Text    string
	Removed bool
}

// Catalog is a catalog's entries, the ones the layers hide from the
// pickers marked.
type Catalog struct {
	ID, Label string
	// File is the file the entries are written in (not made safe: it is a
	// path to open).
	File    string
	Entries []Entry
	// Hidden counts the hidden entries.
	Hidden int
}

// Entry is a catalog entry; a hidden one says which rule hides it.
type Entry struct {
	ID, Label string
	Node      *model.Node
	Hidden    bool
	// By is the layer whose rule hides the entry, Rule the rule's index in
	// the layer's catalogs; Test says what the rule tests ("" when the rule
	// cannot be found).
	By   *Layer
	Rule int
	Test string
}

// Coin is a coin family with the coins that remain.
type Coin struct {
	ID, Label string
	// Left are the coins that remain, Gone the ones the layers remove, in
	// the family's order; Removed tells that the whole family is removed.
	Left, Gone []string
	Removed    bool
}

// Prices are the prices of the items with a cost: each as written, as
// shown, and at each of the market's price levels.
type Prices struct {
	// Levels are the market's price levels, by their labels.
	Levels []string
	Items  []Price
}

// Price is one item's price.
type Price struct {
	// Key is "<catalog>/<entry>", Label the entry's label.
	Key, Label string
	// Index is the price's index in Effective.Prices.
	Index int
	// File and Node are where the item is written.
	File string
	Node *model.Node
	// Written is the cost as written, in its coin's label when the ruleset
	// declares the coin ("3 crowns").
	Written string
	// Shown is the item's own price as the Engine shows it; Levels its
	// market price at each level. Each is marked when it differs from the
	// base's.
	Shown  Cell
	Levels []Cell
}

// LevelsChanged tells whether any market price differs from the base's.
func (p Price) LevelsChanged() bool {
	for _, c := range p.Levels {
		if c.Changed {
			return true
		}
	}
	return false
}

// Cell is a value beside the base's: Changed tells that they differ, and
// Base is then the base's value.
type Cell struct {
	Text    string
	Changed bool
	Base    string
}

// Market is the market under the layers.
type Market struct {
	// Declared is false when the ruleset has no market.
	Declared bool
	// Sellers are the sellers that remain; Removed the ones the layers take
	// out.
	Sellers []Seller
	Removed []RemovedSeller
	// Unsold are the market's own unsold filters, then the applied layers'.
	Unsold []Unsold
	// UnsoldItems are the items with a cost no seller offers
	// ("<catalog>/<entry>").
	UnsoldItems []string
	// Notes say what the layers did to the market that the lists do not
	// show (say.MarketNotes).
	Notes []string
}

// Seller is a seller by its id and label ("" when it has none).
type Seller struct {
	ID, Label string
}

// Name is the seller's label, or its id when it has none.
func (s Seller) Name() string {
	if s.Label != "" {
		return s.Label
	}
	return s.ID
}

// RemovedSeller is a seller a layer takes out of the market.
type RemovedSeller struct {
	Seller Seller
	Layer  *Layer
}

// Unsold is an unsold filter: what it matches (as written: the front ends
// describe it), the layer that adds it (nil for the market's own), and the
// items it takes off sale ("<catalog>/<entry>").
type Unsold struct {
	Filter model.ItemFilter
	Layer  *Layer
	Takes  []string
}

// Loot is a declared loot table as it now rolls.
type Loot struct {
	// ID and Label are the declared table's; Table and TableLabel the
	// table that now rolls (a layer's replacement, or the same).
	ID, Label         string
	Table, TableLabel string
	// ReplacedBy is the layer whose table replaces it; nil when none does.
	ReplacedBy *Layer
	// Lines and BaseLines count the lines of the table that rolls and of
	// the declared one.
	Lines, BaseLines int
	// Users are what rolls on it: creatures, threat tiers and sellers.
	Users []User
	// Dead are the lines that drop nothing under the layers.
	Dead []Dead
}

// User is something that rolls on a loot table: its kind (creature,
// threat-tier, seller), id and label ("" when it has none).
type User struct {
	Kind, ID, Label string
}

// Name is the user's label, or its id when it has none.
func (u User) Name() string {
	if u.Label != "" {
		return u.Label
	}
	return u.ID
}

// Dead is a loot line (its index in the table) that drops nothing, why,
// and the layer responsible (nil when none is).
type Dead struct {
	Line   int
	Reason string
	By     *Layer
}

// Save is a sample save with the values it holds that the effective
// ruleset no longer offers (kept and shown, as the Engine does).
type Save struct {
	// File is the save's file (not made safe: it is a path).
	File string
	Kept []Kept
}

// Kept is a value a save holds that the layers remove: its kind
// (rules.KeptEnum...), its JSON path in the save, the value (and for coins
// how many), and the layer that removes it (nil for none).
type Kept struct {
	Kind, Path, Value string
	Count             float64
	Layer             *Layer
}

// v makes file text safe for a terminal.
func v(s string) string { return model.Visible(s) }

// vs makes each of a list of texts safe for a terminal.
func vs(items []string) []string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = v(s)
	}
	return out
}

// New outlines an effective ruleset beside base (the same ruleset with no
// layer on; eff itself when nil), with what each of saves holds that eff
// no longer offers.
func New(eff, base *rules.Effective, saves []*model.Save) *Outline {
	if base == nil {
		base = eff
	}
	o := &Outline{Effective: eff, Base: base, named: map[*model.Layer]*Layer{}}
	o.layers()
	o.guidance()
	o.ladder()
	o.enums()
	o.catalogs()
	o.coins()
	o.prices()
	o.market()
	o.loot()
	for _, s := range saves {
		sv := Save{File: s.File}
		for _, k := range eff.KeptInSave(s) {
			sv.Kept = append(sv.Kept, Kept{Kind: k.Kind, Path: v(k.Path), Value: v(k.Value), Count: k.Count, Layer: o.layer(k.Layer)})
		}
		o.Saves = append(o.Saves, sv)
	}
	return o
}

// layerName is the label of the layer declared with an id (the last one
// with a label), or the id.
func (o *Outline) layerName(id string) string {
	name := id
	for _, l := range o.Effective.Base.Layers {
		if l.ID == id && l.Label != "" {
			name = l.Label
		}
	}
	return name
}

func (o *Outline) layers() {
	e := o.Effective
	for _, l := range e.Applied {
		o.Applied = append(o.Applied, *o.layer(l))
	}
	for _, d := range e.Dropped {
		o.Dropped = append(o.Dropped, Dropped{ID: v(d.ID), Name: v(o.layerName(d.ID)), Reason: v(d.Reason()), Why: say.DroppedReason(d, o.layerName)})
	}
}

func (o *Outline) guidance() {
	e := o.Effective
	gm := e.Base.GM
	o.Check = Guidance{Base: v(gm.CheckGuidance), HasBase: true, Text: v(e.CheckGuidance), HasText: true}
	if gm.WorldGuidance != nil {
		o.World.Base, o.World.HasBase = v(*gm.WorldGuidance), true
	}
	if e.WorldGuidance != nil {
		o.World.Text, o.World.HasText = v(*e.WorldGuidance), true
	}
	for _, l := range e.Applied {
		if l.Guidance != nil {
			o.Check.Appended = append(o.Check.Appended, Appended{Layer: *o.layer(l), Text: v(*l.Guidance)})
		}
		if l.WorldGuidance != nil {
			o.World.Appended = append(o.World.Appended, Appended{Layer: *o.layer(l), Text: v(*l.WorldGuidance)})
		}
	}
}

func (o *Outline) ladder() {
	e := o.Effective
	o.Ladder = Ladder{Kind: v(e.Base.Resolution.Kind), From: o.layer(e.LadderFrom), Steps: e.LadderChanges()}
	for i := range o.Ladder.Steps {
		st := &o.Ladder.Steps[i]
		st.Label, st.Base.Label, st.Effective.Label = v(st.Label), v(st.Base.Label), v(st.Effective.Label)
	}
}

func (o *Outline) enums() {
	for _, f := range o.Effective.Enums {
		en := Enum{ID: v(f.Field.ID), Label: v(f.Field.Label), Kept: vs(f.Values), Removed: vs(f.Removed), By: vs(f.By)}
		removed := map[string]bool{}
		for _, r := range f.Removed {
			removed[r] = true
		}
		for _, x := range f.Field.Values {
			en.Values = append(en.Values, Value{Text: v(x), Removed: removed[x]})
		}
		if f.Default != nil {
			en.Default, en.HasDefault = v(*f.Default), true
		}
		if s, ok := f.Field.Default.(string); ok {
			en.BaseDefault = v(s)
		}
		en.DefaultChanged = en.Default != en.BaseDefault
		for _, id := range f.By {
			en.ByNames = append(en.ByNames, v(o.layerName(id)))
		}
		o.Enums = append(o.Enums, en)
	}
}

func (o *Outline) catalogs() {
	for _, c := range o.Effective.Catalogs {
		cat := Catalog{ID: v(c.Catalog.ID), Label: v(c.Catalog.Label), File: c.Catalog.EntriesFile, Hidden: len(c.Hidden)}
		hidden := map[*model.Entry]rules.HideCause{}
		for _, h := range c.Hidden {
			hidden[h.Entry] = h.HideCause
		}
		cat.Entries = make([]Entry, len(c.Catalog.Entries))
		for i, en := range c.Catalog.Entries {
			ent := Entry{ID: v(en.ID), Label: v(en.Label), Node: en.Node}
			if h, ok := hidden[en]; ok {
				ent.Hidden, ent.By, ent.Rule = true, o.layer(h.Layer), h.Rule
				if h.Layer != nil && h.Rule >= 0 && h.Rule < len(h.Layer.Catalogs) {
					ent.Test = say.HideTest(h.Layer.Catalogs[h.Rule])
				}
			}
			cat.Entries[i] = ent
		}
		o.Catalogs = append(o.Catalogs, cat)
	}
}

func (o *Outline) coins() {
	for _, c := range o.Effective.Currencies {
		coin := Coin{ID: v(c.Family.ID), Label: v(c.Family.Label), Removed: c.Removed}
		for _, u := range c.Units {
			coin.Left = append(coin.Left, v(u.ID))
		}
		for _, u := range c.RemovedUnits {
			coin.Gone = append(coin.Gone, v(u.ID))
		}
		o.Coins = append(o.Coins, coin)
	}
}

// amountText is an amount as the Engine shows it, or "no price".
func amountText(a rules.Amount) string {
	if !a.Priced() {
		return "no price"
	}
	return v(a.Text())
}

// cell is an amount beside the base's (when there is one to compare).
func cell(now, was rules.Amount, hasWas bool) Cell {
	c := Cell{Text: amountText(now)}
	if hasWas && now != was && c.Text != amountText(was) {
		c.Changed, c.Base = true, amountText(was)
	}
	return c
}

// writtenText is a cost as written, in its coin's label when the ruleset
// declares the coin ("3 crowns", not "3 crown").
func writtenText(rs *model.Ruleset, c model.Cost) string {
	unit := c.Unit
	if _, coin := rs.Items.Family(c.Unit); coin != nil && coin.Label != "" {
		unit = coin.Label
	}
	return v(itoa64(c.Amount) + " " + unit)
}

func (o *Outline) prices() {
	e := o.Effective
	for _, l := range e.Market.Levels {
		o.Prices.Levels = append(o.Prices.Levels, v(l.Label))
	}
	base := map[string]rules.ItemPrice{}
	for _, p := range o.Base.Prices {
		base[p.Key] = p
	}
	o.Prices.Items = make([]Price, len(e.Prices))
	for i, p := range e.Prices {
		b, hasBase := base[p.Key]
		pr := Price{Key: v(p.Key), Label: v(p.Entry.Label), Index: i, File: p.Catalog.EntriesFile, Node: p.Entry.Node,
			Written: writtenText(e.Base, p.Written()), Shown: cell(p.Shown, b.Shown, hasBase), Levels: make([]Cell, 0, len(p.Levels))}
		for j, a := range p.Levels {
			var was rules.Amount
			if hasBase && j < len(b.Levels) {
				was = b.Levels[j]
			}
			pr.Levels = append(pr.Levels, cell(a, was, hasBase && j < len(b.Levels)))
		}
		o.Prices.Items[i] = pr
	}
}

// Why says why an item's price differs from the one written (the coin
// removed, its worth in the smallest coin, the largest remaining coin that
// pays it exactly); ok is false when it is shown as written.
func (o *Outline) Why(p Price) (text string, ok bool) {
	w, ok := o.Effective.WhyPrice(o.Effective.Prices[p.Index])
	if !ok {
		return "", false
	}
	return v(w.Text()), true
}

func (o *Outline) market() {
	e := o.Effective
	m := e.Market
	if !m.Declared {
		return
	}
	o.Market = Market{Declared: true, UnsoldItems: vs(m.UnsoldItems), Notes: vs(say.MarketNotes(e))}
	for _, s := range m.Sellers {
		o.Market.Sellers = append(o.Market.Sellers, Seller{ID: v(s.ID), Label: v(s.Label)})
	}
	for _, r := range m.Removed {
		o.Market.Removed = append(o.Market.Removed, RemovedSeller{Seller: Seller{ID: v(r.Seller.ID), Label: v(r.Seller.Label)}, Layer: o.layer(r.Layer)})
	}
	type keyed struct {
		key  string
		item *model.Item
	}
	var items []keyed
	for _, c := range e.Base.Catalogs {
		for _, en := range c.Entries {
			if en.Item != nil {
				items = append(items, keyed{c.ID + "/" + en.ID, en.Item})
			}
		}
	}
	for _, u := range m.Unsold {
		un := Unsold{Filter: u.Filter, Layer: o.layer(u.Layer)}
		for _, it := range items {
			if u.Filter.Matches(it.item) {
				un.Takes = append(un.Takes, v(it.key))
			}
		}
		o.Market.Unsold = append(o.Market.Unsold, un)
	}
}

func (o *Outline) loot() {
	for _, l := range o.Effective.Loot {
		lt := Loot{ID: v(l.Base.ID), Label: v(l.Base.Label), Table: v(l.Table.ID), TableLabel: v(l.Table.Label),
			ReplacedBy: o.layer(l.ReplacedBy), Lines: len(l.Table.Entries), BaseLines: len(l.Base.Entries)}
		for _, u := range l.Users {
			lt.Users = append(lt.Users, User{Kind: v(u.Kind), ID: v(u.ID), Label: v(u.Label)})
		}
		for _, d := range l.Dead {
			lt.Dead = append(lt.Dead, Dead{Line: d.Line, Reason: d.Reason(), By: o.layer(d.By)})
		}
		o.Loot = append(o.Loot, lt)
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
