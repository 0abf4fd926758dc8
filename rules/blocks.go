package rules

import (
	"strings"

	"rulebench/model"
)

// The cross-references of the blocks the model keeps as shapes only: rests,
// battle, combat, creatures, a catalog entry's mechanics and scaled rows,
// and an item's worn, carried, requires, attack, use and charges
// (ruleset-format.md §3.9, §3.10, §4.3, §4.5 and §5.8). Every name such a
// block uses must be one the sheet, the items block or the combat block
// declares, of the kind the block reads, and some keys only mean something
// beside others. Values of the wrong shape were reported when the file was
// read and are skipped here.

// blockNames are the names the blocks resolve against, gathered once.
type blockNames struct {
	conditions, liveText, poolGroups   nameSet
	budgets, contestChecks, catalogIDs nameSet
	rests, attackLists, itemTags       nameSet
	standard                           nameSet
	// damageTypes holds the declared damage types, trimmed and in lower
	// case; nil when the combat block declares none (any text goes).
	damageTypes nameSet
	firstBudget string
	// The top-level blocks, found once: a root of many members costs a
	// walk over them for every lookup.
	restsNode, battle *model.Node
	fight             *model.Node // nil without a combat block
	combatKind        string
	// poolSides is the die of a dice-pool resolution, 0 for dice-sum.
	poolSides int
	// healthTrack is the wound track a fight's health is (combat's, or
	// battle's), nil when neither is one.
	healthTrack *model.Track
}

func (c *formatChecker) blockNames() *blockNames {
	rs := c.rs
	b := &blockNames{}
	for _, k := range rs.Sheet.Live.Conditions {
		b.conditions = append(b.conditions, k.ID)
	}
	for _, t := range rs.Sheet.Live.Text {
		b.liveText = append(b.liveText, t.ID)
	}
	for _, p := range rs.Sheet.Live.Pools {
		if p.Group != "" {
			b.poolGroups = append(b.poolGroups, p.Group)
		}
	}
	for _, cat := range rs.Catalogs {
		b.catalogIDs = append(b.catalogIDs, cat.ID)
	}
	for _, m := range kids(rs.Root) {
		switch m.Key() {
		case "rests":
			b.restsNode = m
		case "battle":
			b.battle = m
		case "combat":
			if m.Kind == model.Object {
				b.fight = m
			}
		}
	}
	for _, r := range kids(b.restsNode) {
		b.rests = append(b.rests, textAt(r, "id"))
	}
	if rs.Items != nil {
		for _, t := range rs.Items.Tags {
			b.itemTags = append(b.itemTags, t.ID)
		}
	}
	if rs.Resolution.Kind == model.DicePool {
		b.poolSides = rs.Resolution.DieSides
	}
	if cb := b.fight; cb != nil {
		b.combatKind = textAt(cb, "kind")
		for i, bg := range kids(at(cb, "economy", "budgets")) {
			id := textAt(bg, "id")
			b.budgets = append(b.budgets, id)
			if i == 0 {
				b.firstBudget = id
			}
		}
		for _, ch := range kids(cb.Get("checks")) {
			b.contestChecks = append(b.contestChecks, textAt(ch, "id"))
		}
		for _, a := range kids(cb.Get("attacks")) {
			b.attackLists = append(b.attackLists, textAt(a, "list"))
		}
		for _, s := range kids(cb.Get("standard")) {
			if s.Kind == model.String {
				b.standard = append(b.standard, s.Str())
			}
		}
		if dt := cb.Get("damageTypes"); dt != nil && dt.Kind == model.Array {
			b.damageTypes = make(nameSet, 0, len(dt.Children()))
			for _, t := range dt.Children() {
				if t.Kind == model.String {
					b.damageTypes = append(b.damageTypes, damageKey(t.Str()))
				}
			}
		}
	}
	// Either block's health may be the wound track that has no buffer for
	// temporary points: combat's first, then battle's.
	for _, h := range []*model.Node{at(b.fight, "health"), at(b.battle, "health")} {
		if t := c.tracks[textAt(h, "track")]; t != nil && t.Wound() && b.healthTrack == nil {
			b.healthTrack = t
		}
	}
	return b
}

// nameSet is a set of the few dozen names a block declares at most, where a
// list costs less to build than a map.
type nameSet []string

func (s nameSet) has(x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// damageKey is how a damage type is matched: without case, trimmed.
func damageKey(s string) string {
	t := strings.TrimSpace(s)
	for i := 0; i < len(t); i++ {
		if c := t[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
			return strings.ToLower(t)
		}
	}
	return t
}

// blockChecker reports about one file: the ruleset's, or a catalog asset's
// for the entries it holds.
type blockChecker struct {
	*formatChecker
	*blockNames
	file string
}

func (b *blockChecker) err(n *model.Node, code model.Code, format string, args ...any) {
	b.errIn(b.file, n, code, format, args...)
}

// errMissing reports a key that parent lacks, at the path the key would
// have and the position of parent.
func (b *blockChecker) errMissing(parent *model.Node, key string, code model.Code, format string, args ...any) {
	if parent == nil {
		return
	}
	d := model.At(model.Error, b.file, parent, code, format, args...)
	d.Category = model.Format
	if parent.Parent() == nil {
		d.Path = key
	} else {
		d.Path += "." + key
	}
	b.ds = append(b.ds, d)
}

// blocks runs the cross-reference checks of the blocks.
func (c *formatChecker) blocks() {
	b := &blockChecker{formatChecker: c, blockNames: c.blockNames(), file: c.rs.File}
	b.resolutionRefs()
	b.sheetRefs()
	b.restRefs()
	b.battleRefs()
	b.combatRefs()
	for _, cat := range c.rs.Catalogs {
		eb := &blockChecker{formatChecker: c, blockNames: b.blockNames, file: cat.EntriesFile}
		for _, e := range cat.Entries {
			if e.Creature != nil {
				eb.creatureRefs(e.Creature.Node)
			}
			if m := at(e.Node, "mechanics"); m != nil && m.Kind == model.Object {
				eb.mechanicsRefs(e, m)
			}
			eb.scaledRows(e)
			if e.Item != nil {
				eb.itemKeyRefs(e.Item.Node)
			}
		}
	}
}

// valueRef checks a value ref written at n: the names it reads (as every
// other value ref is checked), what an itemStat reads, and a penalty read
// only off a wound track.
func (b *blockChecker) valueRef(n *model.Node, use refUse) {
	r, ok := refAt(n)
	if !ok {
		return
	}
	from := len(b.ds)
	b.ref(r, use, -1)
	for i := from; i < len(b.ds); i++ {
		b.ds[i].File = b.file
	}
	b.extraRef(r)
}

// condition checks that a node names one of the sheet's conditions.
func (b *blockChecker) condition(n *model.Node) {
	if n != nil && n.Kind == model.String && !b.conditions.has(n.Str()) {
		b.err(n, CodeUnknownCondition, "the condition %q is not declared in sheet.live.conditions", n.Str())
	}
}

func hasKind(t *model.Track, id string) bool {
	for _, k := range t.Kinds {
		if k.ID == id {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// budget checks that a node names a budget of the combat economy.
func (b *blockChecker) budget(n *model.Node) {
	if n != nil && n.Kind == model.String && b.fight != nil && !b.budgets.has(n.Str()) {
		b.err(n, CodeUnknownBudget, "the budget %q is not declared in combat.economy.budgets", n.Str())
	}
}

// save checks that a node names one of the sheet's saves.
func (b *blockChecker) save(n *model.Node) {
	if n != nil && n.Kind == model.String && !b.saves[n.Str()] {
		b.err(n, CodeUnknownSave, "the save %q is not declared in sheet.saves", n.Str())
	}
}

// damageType checks that a node names one of the declared damage types, when
// the combat block declares any.
func (b *blockChecker) damageType(n *model.Node) {
	if n != nil && n.Kind == model.String && b.damageTypes != nil && !b.damageTypes.has(damageKey(n.Str())) {
		b.err(n, CodeUnknownDamageType, "the damage type %q is not one of combat.damageTypes", n.Str())
	}
}

// skill checks that a node names one of the sheet's skills.
func (b *blockChecker) skill(n *model.Node) {
	if n != nil && n.Kind == model.String && !b.skills[n.Str()] {
		b.err(n, CodeUnknownSkill, "the skill %q is not declared in sheet.skills", n.Str())
	}
}

// ability checks that a node names one of the sheet's abilities.
func (b *blockChecker) ability(n *model.Node) {
	if n != nil && n.Kind == model.String && !b.abilities[n.Str()] {
		b.err(n, CodeUnknownAbility, "the ability %q is not declared in sheet.abilities", n.Str())
	}
}

func anyChild(list *model.Node, f func(*model.Node) bool) bool {
	for _, c := range kids(list) {
		if f(c) {
			return true
		}
	}
	return false
}
