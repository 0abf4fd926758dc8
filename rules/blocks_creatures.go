package rules

import (
	"math"

	"rulebench/model"
)

// creatureRefs checks what a creature names against the combat block, the
// sheet and the items block.
func (b *blockChecker) creatureRefs(cr *model.Node) {
	if cr == nil || cr.Kind != model.Object {
		return
	}
	if b.fight == nil {
		b.err(cr, CodeNeedsCombat, "this ruleset has no combat block, so there is nothing for a creature to be written in")
		return
	}
	for _, a := range kids(cr.Get("abilities")) {
		if !b.abilities[a.Key()] {
			b.err(a, CodeUnknownAbility, "the creature has the ability %q, which the sheet does not declare", a.Key())
		}
	}
	for _, s := range kids(cr.Get("saves")) {
		if !b.saves[s.Key()] {
			b.err(s, CodeUnknownSave, "the creature has the save %q, which the sheet does not declare", s.Key())
		}
	}
	for _, ch := range kids(cr.Get("checks")) {
		if !b.contestChecks.has(ch.Key()) {
			b.err(ch, CodeUnknownCheck, "the creature adds to the contest check %q, which combat.checks does not declare", ch.Key())
		}
	}
	for _, key := range []string{"resist", "vulnerable", "immune"} {
		for _, e := range kids(cr.Get(key)) {
			if e.Kind == model.String {
				b.damageType(e)
				continue
			}
			b.damageType(e.Get("type"))
			for _, tag := range kids(e.Get("except")) {
				if tag.Kind != model.String || b.itemTags.has(tag.Str()) {
					continue
				}
				if len(b.itemTags) == 0 {
					b.err(tag, CodeUnknownWord, "this ruleset declares no item tags for a blow to carry %q", tag.Str())
				} else {
					b.err(tag, CodeUnknownWord, "the item tag %q is not declared in items.tags", tag.Str())
				}
			}
		}
	}
	for _, id := range kids(cr.Get("conditionImmunities")) {
		b.condition(id)
	}
	if h := cr.Get("hardness"); h != nil && !b.spendsInitiative() {
		b.err(h, CodeHardness, "hardness stops a spending blow, so initiative must be a number attacks move with a style that spends it")
	}
	if soak := cr.Get("soak"); soak != nil && soak.Kind == model.Object {
		if b.combatKind != model.DicePool {
			b.err(soak, CodeCombatKind, "soak is for a dice-pool fight")
		} else if at(b.fight, "pool", "soak") == nil {
			b.err(soak, CodeSoakEmpty, "combat.pool says nothing about soak, so there is no way for this creature to take it")
		}
		for _, k := range kids(soak.Get("byKind")) {
			b.soakKind(k)
		}
	}
	if sh := cr.Get("sheet"); sh != nil && sh.Kind == model.Object {
		b.creatureSheet(sh)
	}
	b.creatureActions(cr)
	for _, r := range kids(cr.Get("riders")) {
		b.poolDie(at(r, "amount", "dice"))
		b.damageType(r.Get("type"))
		for _, id := range kids(r.Get("actions")) {
			if id.Kind == model.String && actionByID(cr, id.Str()) == nil {
				b.err(id, CodeUnknownAction, "the rider fires on the action %q, which this creature does not have", id.Str())
			}
		}
	}
}

// actionByID returns the last of a creature's actions with this id, or nil.
func actionByID(cr *model.Node, id string) *model.Node {
	acts := kids(cr.Get("actions"))
	for i := len(acts) - 1; i >= 0; i-- {
		if textAt(acts[i], "id") == id {
			return acts[i]
		}
	}
	return nil
}

func (b *blockChecker) creatureActions(cr *model.Node) {
	for _, a := range kids(cr.Get("actions")) {
		b.budget(a.Get("budget"))
		dmg := a.Get("damage")
		b.damageType(at(dmg, "type"))
		b.poolDie(at(dmg, "dice"))
		ownSave := a.Get("save") != nil || a.Get("saveDifficulty") != nil
		for _, cl := range kids(at(dmg, "plus")) {
			b.poolDie(cl.Get("dice"))
			b.damageType(cl.Get("type"))
			if sv := cl.Get("save"); sv != nil && sv.Kind == model.Object {
				b.save(sv.Get("save"))
				if sv.Get("difficulty") == nil && !ownSave {
					b.errMissing(sv, "difficulty", model.CodeSaveDifficulty, "this clause's save has no difficulty to be rolled against: give it one, or give the action a save or a saveDifficulty")
				}
			}
		}
		b.save(at(a, "save", "save"))
		b.applies(a.Get("applies"))
		b.againstCatalogs(at(a, "reaction", "against", "catalogs"))
		id := textAt(a, "id")
		for _, step := range kids(a.Get("sequence")) {
			sn := step.Get("action")
			if sn == nil || sn.Kind != model.String {
				continue
			}
			named := actionByID(cr, sn.Str())
			switch {
			case named == nil:
				b.err(sn, CodeUnknownAction, "the sequence names the action %q, which this creature does not have", sn.Str())
			case sn.Str() == id:
				b.err(sn, CodeSequenceStep, "the sequence %q cannot name itself", id)
			case named.Get("reaction") != nil:
				b.err(sn, CodeSequenceStep, "%q is a reaction, so no sequence can make it", sn.Str())
			case named.Get("sequence") != nil:
				b.err(sn, CodeSequenceStep, "%q is a sequence, and a sequence cannot name another", sn.Str())
			case named.Get("signature") != nil:
				b.err(sn, CodeSequenceStep, "%q is bought with points, so a sequence cannot name it", sn.Str())
			}
		}
	}
}

// applies checks the conditions a list of applied conditions puts on, and
// the saves that end them.
func (b *blockChecker) applies(list *model.Node) {
	for _, ap := range kids(list) {
		b.condition(ap.Get("condition"))
		b.save(at(ap, "saveEnds", "save"))
	}
}

// againstCatalogs checks the catalogs a reaction answers.
func (b *blockChecker) againstCatalogs(list *model.Node) {
	for _, id := range kids(list) {
		if id.Kind == model.String && !b.catalogIDs.has(id.Str()) {
			b.err(id, CodeUnknownCatalog, "the reaction answers the catalog %q, which this ruleset does not declare", id.Str())
		}
	}
}

// creatureSheet checks a creature written as a sheet: every id on it is the
// sheet's, and every value one that ability, tier, field, bonus or column
// can hold.
func (b *blockChecker) creatureSheet(sh *model.Node) {
	s := &b.rs.Sheet
	for _, a := range kids(sh.Get("abilities")) {
		i := abilityIndex(s, a.Key())
		if i < 0 {
			b.err(a, CodeUnknownAbility, "the creature's sheet has the ability %q, which the sheet does not declare", a.Key())
			continue
		}
		ab := s.Abilities[i]
		if a.Kind == model.Number && (a.Num() != math.Trunc(a.Num()) || a.Num() < ab.Min || a.Num() > ab.Max) {
			b.err(a, CodeColumnValue, "the ability %q takes a whole number from %v to %v, not %s", a.Key(), ab.Min, ab.Max, a.Raw())
		}
	}
	for _, group := range []struct {
		key, what string
		code      model.Code
		known     map[string]bool
		offered   []string
	}{{"skills", "skill", CodeUnknownSkill, b.skills, s.SkillTiers}, {"saves", "save", CodeUnknownSave, b.saves, s.SaveTiers}} {
		for _, k := range kids(sh.Get(group.key)) {
			if !group.known[k.Key()] {
				b.err(k, group.code, "the creature's sheet has the %s %q, which the sheet does not declare", group.what, k.Key())
				continue
			}
			if k.Kind != model.String {
				continue
			}
			if !b.tiers[k.Str()] {
				b.err(k, CodeUnknownTier, "%q is not one of resolution.proficiencyTiers", k.Str())
			} else if group.offered != nil && !contains(group.offered, k.Str()) {
				b.err(k, CodeUnknownTier, "this ruleset does not offer the tier %q for %s", k.Str(), group.key)
			}
		}
	}
	for _, f := range kids(sh.Get("fields")) {
		field := b.fields[f.Key()]
		if field == nil {
			b.err(f, CodeUnknownField, "the creature's sheet sets the field %q, which the sheet does not declare", f.Key())
			continue
		}
		b.cell(field, f, "field")
	}
	lo, hi := -20.0, 40.0
	if br := at(s.Node, "bonusRange"); br != nil {
		if v := br.Get("min"); v != nil && v.Kind == model.Number {
			lo = v.Num()
		}
		if v := br.Get("max"); v != nil && v.Kind == model.Number {
			hi = v.Num()
		}
	}
	for _, bn := range kids(sh.Get("bonuses")) {
		if !b.skills[bn.Key()] && !b.saves[bn.Key()] {
			b.err(bn, CodeUnknownSkill, "the creature's sheet gives a bonus to %q, which is neither a skill nor a save", bn.Key())
			continue
		}
		if bn.Kind == model.Number && (bn.Num() != math.Trunc(bn.Num()) || bn.Num() < lo || bn.Num() > hi) {
			b.err(bn, CodeColumnValue, "the bonus to %q takes a whole number from %v to %v, not %s", bn.Key(), lo, hi, bn.Raw())
		}
	}
	for _, ln := range kids(sh.Get("lists")) {
		l := b.lists[ln.Key()]
		if l == nil {
			b.err(ln, CodeUnknownList, "the creature's sheet fills the list %q, which the sheet does not declare", ln.Key())
			continue
		}
		if ln.Kind == model.Array && len(ln.Children()) > l.MaxItems {
			b.err(ln, CodeListRows, "the list %q holds at most %d rows; the creature gives %d", l.ID, l.MaxItems, len(ln.Children()))
		}
		for _, row := range kids(ln) {
			b.sheetRow(l, row)
		}
	}
}

func abilityIndex(s *model.Sheet, id string) int {
	for i, a := range s.Abilities {
		if a.ID == id {
			return i
		}
	}
	return -1
}
