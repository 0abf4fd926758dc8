package diff

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rulebench/analysis/outline"
	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// The sections of a view, in the order they are listed.
const (
	SectionLayers   = "layers"   // the layers a game can turn on (the base view only)
	SectionGuidance = "guidance" // the Game Master's check and world guidance
	SectionLadder   = "ladder"   // the difficulty ladder's steps
	SectionEnums    = "enums"    // the values and defaults of enum fields
	SectionEntries  = "entries"  // catalog entries, and the ones hidden from the pickers
	SectionCoins    = "coins"    // coin families and the coins that remain
	SectionPrices   = "prices"   // each item's own price and its price at each market level
	SectionMarket   = "market"   // sellers, price levels, items no seller offers
	SectionLoot     = "loot"     // the loot tables as they roll
)

// sections is every section, in order.
var sections = []string{SectionLayers, SectionGuidance, SectionLadder, SectionEnums, SectionEntries,
	SectionCoins, SectionPrices, SectionMarket, SectionLoot}

// fact is one thing a player sees under a layer selection: where it is
// (section, subject, aspect) and what it is (value). A fact only one
// version has was added or removed; one both have with other values
// changed.
type fact struct {
	section, subject, aspect string
	value                    string
}

func (f fact) key() string { return f.section + "\x00" + f.subject + "\x00" + f.aspect }

// facts is an ordered list of facts with distinct keys.
type facts struct {
	list []fact
	seen map[string]int
}

// add appends a fact; a key met again is told apart by its rank (" #2").
func (fs *facts) add(section, subject, aspect, value string) {
	if fs.seen == nil {
		fs.seen = map[string]int{}
	}
	f := fact{section: section, subject: subject, aspect: aspect, value: value}
	k := f.key()
	fs.seen[k]++
	if n := fs.seen[k]; n > 1 {
		if f.aspect != "" {
			f.aspect += " #" + strconv.Itoa(n)
		} else {
			f.subject += " #" + strconv.Itoa(n)
		}
	}
	fs.list = append(fs.list, f)
}

// The value of a fact whose presence is all that counts (an entry, a
// hidden entry, a coin family, a seller): a change of one only adds or
// removes it, and has no values to show.
const present = ""

// outlineFacts lists what a player sees in an outline, section by section
// (everything but the layer toggles, which layerFacts lists).
func outlineFacts(o *outline.Outline) *facts {
	fs := &facts{}
	eff := o.Effective
	fs.add(SectionGuidance, "check guidance", "", o.Check.Text)
	if o.World.HasText {
		fs.add(SectionGuidance, "world guidance", "", o.World.Text)
	}
	for _, st := range eff.Ladder {
		fs.add(SectionLadder, v(st.Label), "", say.LadderStep(st))
	}
	for _, en := range o.Enums {
		for _, k := range en.Kept {
			fs.add(SectionEnums, en.ID, "value "+k, k)
		}
		if en.HasDefault {
			fs.add(SectionEnums, en.ID, "default", en.Default)
		}
	}
	for _, c := range o.Catalogs {
		for _, e := range c.Entries {
			fs.add(SectionEntries, c.ID+"/"+e.ID, "", present)
			if e.Hidden {
				fs.add(SectionEntries, c.ID+"/"+e.ID, "hidden from the pickers", present)
			}
		}
	}
	for _, c := range o.Coins {
		if c.Removed {
			continue
		}
		fs.add(SectionCoins, c.ID, "", present)
		for _, u := range c.Left {
			fs.add(SectionCoins, c.ID, "coin "+u, u)
		}
	}
	for _, p := range o.Prices.Items {
		fs.add(SectionPrices, p.Key, "own price", p.Shown.Text)
		for j, c := range p.Levels {
			level := "level " + strconv.Itoa(j+1)
			if j < len(o.Prices.Levels) {
				level = o.Prices.Levels[j]
			}
			fs.add(SectionPrices, p.Key, "at "+level, c.Text)
		}
	}
	if m := o.Market; m.Declared {
		for i, l := range o.Prices.Levels {
			times := present
			if i < len(eff.Market.Levels) {
				times = "× " + strconv.FormatFloat(eff.Market.Levels[i].Times, 'g', -1, 64)
			}
			fs.add(SectionMarket, "price level "+l, "", times)
		}
		for _, s := range m.Sellers {
			fs.add(SectionMarket, "seller "+s.ID, "", present)
		}
		for _, k := range m.UnsoldItems {
			fs.add(SectionMarket, k, "sold by no seller", present)
		}
	}
	for i, lt := range o.Loot {
		l := eff.Loot[i]
		table := lt.Table
		if lt.ReplacedBy != nil {
			table += " (layer " + lt.ReplacedBy.ID + ")"
		}
		fs.add(SectionLoot, lt.ID, "rolls", table+", rolled "+v(l.Table.Rolls)+" times")
		dead := map[int]string{}
		for _, d := range lt.Dead {
			dead[d.Line] = d.Reason
		}
		for j, line := range l.Table.Entries {
			value := lineText(line)
			if why, ok := dead[j]; ok {
				value += " — drops nothing: " + why
			}
			fs.add(SectionLoot, lt.ID, "line "+lineWhat(line), value)
		}
	}
	return fs
}

// layerFacts lists the layers a ruleset declares, by id, with their
// labels and the layers each conflicts with (either naming the other: the
// setup wizard disables one while the other is on).
func layerFacts(rs *model.Ruleset) *facts {
	fs := &facts{}
	if rs == nil {
		return fs
	}
	for _, l := range rs.Layers {
		if l == nil {
			continue
		}
		fs.add(SectionLayers, v(l.ID), "", v(l.Label))
		var with []string
		for _, o := range rs.Layers {
			if o != nil && o != l && o.ID != l.ID && rules.Conflict(l, o) && !slices.Contains(with, v(o.ID)) {
				with = append(with, v(o.ID))
			}
		}
		if len(with) > 0 {
			fs.add(SectionLayers, v(l.ID), "conflicts with", strings.Join(with, ", "))
		}
	}
	return fs
}

// droppedFact adds to a layer's view, when the layer is declared but not
// applied when turned on alone (the Engine's fallback drops it), why.
func droppedFact(fs *facts, eff *rules.Effective, id string) {
	for _, d := range eff.Dropped {
		if d.ID == id && d.Cause != rules.DropUnknown {
			fs.add(SectionLayers, v(id), "turned on alone", "not applied: "+v(d.Reason()))
		}
	}
}

// lineWhat names what a loot line drops, for the line's key: the item, the
// filter or the coin.
func lineWhat(l model.LootLine) string {
	switch {
	case l.Item != "":
		return v(l.Item)
	case l.Filter != nil:
		return say.ItemFilter(*l.Filter)
	}
	return "coins " + v(l.Coins)
}

// lineText is how a loot line drops: its count and weight.
func lineText(l model.LootLine) string {
	count := l.Count
	if count == "" {
		count = "1"
	}
	return fmt.Sprintf("%s × %s, weight %d", v(count), lineWhat(l), l.Weight)
}

// v makes file text safe for a terminal.
func v(s string) string { return model.Visible(s) }
