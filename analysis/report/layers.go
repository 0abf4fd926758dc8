package report

import (
	"strconv"

	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// Layers is the JSON document of `rulebench layers --json`
// (decisions.md §5). Every list is present, empty rather than null, so
// that scripts need no null checks; the only nulls are the ones the
// contract names (a missing world guidance, a default, a price, a
// replacing layer).
type Layers struct {
	SchemaVersion        int                   `json:"schemaVersion"`
	Selected             []string              `json:"selected"`
	Active               []string              `json:"active"`
	Dropped              []DocDropped          `json:"dropped"`
	Toggles              []DocToggle           `json:"toggles"`
	GM                   DocGM                 `json:"gm"`
	DifficultyLadder     []DocStep             `json:"difficultyLadder"`
	DifficultyLadderFrom *string               `json:"difficultyLadderFrom"`
	Fields               map[string]DocField   `json:"fields"`
	Catalogs             map[string]DocCatalog `json:"catalogs"`
	Currencies           []DocCurrency         `json:"currencies"`
	Prices               map[string]DocPrice   `json:"prices"`
	Market               DocMarket             `json:"market"`
	LootTables           map[string]DocLoot    `json:"lootTables"`
	Saves                []DocSave             `json:"saves"`
	Diagnostics          []model.Diagnostic    `json:"diagnostics"`
}

// DocDropped is a selected layer that is not applied, and why. Cause is
// unknown, conflict or invalid.
type DocDropped struct {
	ID     string   `json:"id"`
	Reason string   `json:"reason"`
	Cause  string   `json:"cause"`
	With   []string `json:"with"`
}

// DocToggle is a layer's switch in the setup wizard. DisabledBy lists the
// applied layers that conflict with it.
type DocToggle struct {
	ID         string   `json:"id"`
	Label      string   `json:"label"`
	On         bool     `json:"on"`
	Disabled   bool     `json:"disabled"`
	DisabledBy []string `json:"disabledBy"`
}

// DocGM holds the layered gm texts.
type DocGM struct {
	CheckGuidance string  `json:"checkGuidance"`
	WorldGuidance *string `json:"worldGuidance"`
}

// DocStep is a ladder step: {label, dc} or {label, successes, target?}.
type DocStep struct {
	Label     string `json:"label"`
	DC        *int   `json:"dc,omitempty"`
	Successes *int   `json:"successes,omitempty"`
	Target    *int   `json:"target,omitempty"`
}

// DocField is an enum field under the layers.
type DocField struct {
	Values      []string          `json:"values"`
	Removed     []string          `json:"removed"`
	Default     *string           `json:"default"`
	ValueLabels map[string]string `json:"valueLabels"`
	By          []string          `json:"by"`
}

// DocCatalog lists the entries hidden from a catalog's picker, and for each
// the layer and the index of the hide rule (in that layer's catalogs).
type DocCatalog struct {
	Hidden   []string           `json:"hidden"`
	HiddenBy map[string]DocRule `json:"hiddenBy"`
}

// DocRule names a layer's hide rule.
type DocRule struct {
	Layer string `json:"layer"`
	Rule  int    `json:"rule"`
}

// DocCurrency is a declared family with its remaining coins.
type DocCurrency struct {
	ID           string   `json:"id"`
	Units        []string `json:"units"`
	RemovedUnits []string `json:"removedUnits"`
	Removed      bool     `json:"removed"`
}

// DocCost is a price as written.
type DocCost struct {
	Amount int64  `json:"amount"`
	Unit   string `json:"unit"`
}

// DocMoney is a price as shown: amount, coin and "15 shillings".
type DocMoney struct {
	Amount int64  `json:"amount"`
	Unit   string `json:"unit"`
	Text   string `json:"text"`
}

// DocPrice is an item's own price as written and as shown (null: no price).
type DocPrice struct {
	Written DocCost   `json:"written"`
	Shown   *DocMoney `json:"shown"`
}

// DocMarket is the market under the layers.
type DocMarket struct {
	Sellers        []string                        `json:"sellers"`
	RemovedSellers []string                        `json:"removedSellers"`
	RemovedBy      map[string]string               `json:"removedBy"`
	Unsold         []DocFilter                     `json:"unsold"`
	Notes          []string                        `json:"notes"`
	Prices         map[string]map[string]*DocMoney `json:"prices"`
	UnsoldItems    []string                        `json:"unsoldItems"`
	OffSale        []string                        `json:"offSale"`
}

// DocFilter is an item filter.
type DocFilter struct {
	Rarity   string `json:"rarity,omitempty"`
	Category string `json:"category,omitempty"`
	Tag      string `json:"tag,omitempty"`
}

// DocLoot is a loot table as it rolls under the layers.
type DocLoot struct {
	ReplacedBy   *string   `json:"replacedBy"`
	Table        DocTable  `json:"table"`
	RolledBy     []DocUser `json:"rolledBy"`
	DropsNothing []DocDead `json:"dropsNothing"`
}

// DocTable is a loot table.
type DocTable struct {
	ID      string        `json:"id"`
	Label   string        `json:"label"`
	Rolls   any           `json:"rolls"`
	Entries []DocLootLine `json:"entries"`
}

// DocLootLine is a loot line: one of item, filter and coins.
type DocLootLine struct {
	Item   string     `json:"item,omitempty"`
	Filter *DocFilter `json:"filter,omitempty"`
	Coins  string     `json:"coins,omitempty"`
	Weight int        `json:"weight"`
	Count  any        `json:"count"`
}

// DocUser is something that rolls on a table: kind creature, threat-tier
// or seller.
type DocUser struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// DocDead is a loot line (its index in entries) that drops nothing.
type DocDead struct {
	Line  int     `json:"line"`
	Cause string  `json:"cause"`
	Layer *string `json:"layer"`
}

// DocSave lists what one sample save holds that the layers no longer offer.
type DocSave struct {
	File string    `json:"file"`
	Kept []DocKept `json:"kept"`
}

// DocKept is a value kept and shown.
type DocKept struct {
	Kind   string   `json:"kind"`
	Path   string   `json:"path"`
	Value  string   `json:"value"`
	Count  *float64 `json:"count,omitempty"`
	Layer  *string  `json:"layer"`
	Line   int      `json:"line"`
	Column int      `json:"column"`
	Shown  string   `json:"shown"`
}

// KeptAndShown is how the Engine treats a value the layers no longer
// offer.
const KeptAndShown = "kept and shown"

// NewLayers builds the `rulebench layers --json` document for an effective
// ruleset. Saves and Diagnostics start empty; the caller fills them.
func NewLayers(e *rules.Effective) *Layers {
	d := &Layers{SchemaVersion: 1, Selected: nonNil(e.Selected), Active: []string{}, Dropped: []DocDropped{},
		Toggles: []DocToggle{}, DifficultyLadder: []DocStep{}, Fields: map[string]DocField{},
		Catalogs: map[string]DocCatalog{}, Currencies: []DocCurrency{}, Prices: map[string]DocPrice{},
		LootTables: map[string]DocLoot{}, Saves: []DocSave{}, Diagnostics: []model.Diagnostic{}}
	for _, l := range e.Applied {
		d.Active = append(d.Active, l.ID)
	}
	for _, x := range e.Dropped {
		d.Dropped = append(d.Dropped, DocDropped{ID: x.ID, Reason: x.Reason(), Cause: x.Cause, With: nonNil(x.With)})
	}
	for _, t := range e.Toggles {
		d.Toggles = append(d.Toggles, DocToggle{ID: t.Layer.ID, Label: t.Layer.Label, On: t.On, Disabled: t.Disabled(), DisabledBy: nonNil(t.DisabledBy)})
	}
	d.GM = DocGM{CheckGuidance: e.CheckGuidance, WorldGuidance: e.WorldGuidance}
	for _, s := range e.Ladder {
		d.DifficultyLadder = append(d.DifficultyLadder, docStep(s))
	}
	if e.LadderFrom != nil {
		id := e.LadderFrom.ID
		d.DifficultyLadderFrom = &id
	}
	for _, f := range e.Enums {
		labels := make(map[string]string, len(f.Labels))
		for _, vl := range f.Labels {
			labels[vl.Value] = vl.Label
		}
		d.Fields[f.Field.ID] = DocField{Values: nonNil(f.Values), Removed: nonNil(f.Removed), Default: f.Default, ValueLabels: labels, By: nonNil(f.By)}
	}
	for _, c := range e.Catalogs {
		dc := DocCatalog{Hidden: []string{}, HiddenBy: map[string]DocRule{}}
		for _, h := range c.Hidden {
			dc.Hidden = append(dc.Hidden, h.Entry.ID)
			dc.HiddenBy[h.Entry.ID] = DocRule{Layer: h.Layer.ID, Rule: h.Rule}
		}
		d.Catalogs[c.Catalog.ID] = dc
	}
	for _, c := range e.Currencies {
		dc := DocCurrency{ID: c.Family.ID, Units: []string{}, RemovedUnits: []string{}, Removed: c.Removed}
		for _, u := range c.Units {
			dc.Units = append(dc.Units, u.ID)
		}
		for _, u := range c.RemovedUnits {
			dc.RemovedUnits = append(dc.RemovedUnits, u.ID)
		}
		d.Currencies = append(d.Currencies, dc)
	}
	d.Market = DocMarket{Sellers: []string{}, RemovedSellers: []string{}, RemovedBy: map[string]string{}, Unsold: []DocFilter{},
		Notes: []string{}, Prices: map[string]map[string]*DocMoney{}, UnsoldItems: nonNil(e.Market.UnsoldItems),
		OffSale: nonNil(e.Market.OffSale)}
	for _, p := range e.Prices {
		w := p.Written()
		d.Prices[p.Key] = DocPrice{Written: DocCost{Amount: w.Amount, Unit: w.Unit}, Shown: docMoney(p.Shown)}
		if len(p.Levels) > 0 {
			lv := make(map[string]*DocMoney, len(p.Levels))
			for i, a := range p.Levels {
				lv[e.Market.Levels[i].ID] = docMoney(a)
			}
			d.Market.Prices[p.Key] = lv
		}
	}
	for _, s := range e.Market.Sellers {
		d.Market.Sellers = append(d.Market.Sellers, s.ID)
	}
	for _, r := range e.Market.Removed {
		d.Market.RemovedSellers = append(d.Market.RemovedSellers, r.Seller.ID)
		d.Market.RemovedBy[r.Seller.ID] = r.Layer.ID
	}
	for _, u := range e.Market.Unsold {
		d.Market.Unsold = append(d.Market.Unsold, docFilter(u.Filter))
	}
	d.Market.Notes = say.MarketNotes(e)
	for _, lt := range e.Loot {
		dl := DocLoot{Table: docTable(lt.Table), RolledBy: []DocUser{}, DropsNothing: []DocDead{}}
		if lt.ReplacedBy != nil {
			id := lt.ReplacedBy.ID
			dl.ReplacedBy = &id
		}
		for _, u := range lt.Users {
			dl.RolledBy = append(dl.RolledBy, DocUser{Kind: u.Kind, ID: u.ID})
		}
		for _, x := range lt.Dead {
			dd := DocDead{Line: x.Line, Cause: x.Cause}
			if x.By != nil {
				id := x.By.ID
				dd.Layer = &id
			}
			dl.DropsNothing = append(dl.DropsNothing, dd)
		}
		d.LootTables[lt.Base.ID] = dl
	}
	return d
}

// NewLayersSave lists what a sample save holds that the layers no longer
// offer.
func NewLayersSave(e *rules.Effective, s *model.Save) DocSave {
	ds := DocSave{File: s.File, Kept: []DocKept{}}
	for _, k := range e.KeptInSave(s) {
		dk := DocKept{Kind: k.Kind, Path: k.Path, Value: k.Value, Shown: KeptAndShown}
		if k.Kind == rules.KeptCoin {
			c := k.Count
			dk.Count = &c
		}
		if k.Layer != nil {
			id := k.Layer.ID
			dk.Layer = &id
		}
		if k.Node != nil {
			dk.Line, dk.Column = k.Node.Pos().Line, k.Node.Pos().Column
		}
		ds.Kept = append(ds.Kept, dk)
	}
	return ds
}

func docStep(s model.LadderStep) DocStep {
	st := DocStep{Label: s.Label}
	if s.HasDC {
		v := s.DC
		st.DC = &v
	}
	if s.HasSuccesses {
		v := s.Successes
		st.Successes = &v
	}
	if s.HasTarget {
		v := s.Target
		st.Target = &v
	}
	return st
}

func docMoney(a rules.Amount) *DocMoney {
	if !a.Priced() {
		return nil
	}
	return &DocMoney{Amount: a.Amount, Unit: a.Unit(), Text: a.Text()}
}

func docFilter(f model.ItemFilter) DocFilter {
	return DocFilter{Rarity: f.Rarity, Category: f.Category, Tag: f.Tag}
}

func docTable(t *model.LootTable) DocTable {
	dt := DocTable{ID: t.ID, Label: t.Label, Rolls: numberOrText(t.Rolls), Entries: []DocLootLine{}}
	for _, l := range t.Entries {
		dl := DocLootLine{Item: l.Item, Coins: l.Coins, Weight: l.Weight, Count: numberOrText(l.Count)}
		if l.Filter != nil {
			f := docFilter(*l.Filter)
			dl.Filter = &f
		}
		dt.Entries = append(dt.Entries, dl)
	}
	return dt
}

// numberOrText gives a count written as a whole number back as a number,
// and dice text as text.
func numberOrText(s string) any {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
