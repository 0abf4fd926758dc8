package rules

import "rulebench/model"

// resolutionRefs checks what the resolution's spends, adjustments and
// proficiency bonus read.
func (b *blockChecker) resolutionRefs() {
	r := &b.rs.Resolution
	spends := at(r.Node, "spend")
	var seen seenSet
	twice := false
	for _, sp := range kids(spends) {
		if r.Kind != model.DicePool && r.Kind != "" {
			b.err(sp, CodeSpendKind, "a %s ruleset has no successes or pool dice for a spend to buy", r.Kind)
		}
		if p := sp.Get("pool"); p != nil && p.Kind == model.String {
			switch pool := b.pools[p.Str()]; {
			case pool == nil:
				b.err(p, CodeUnknownPool, "the spend is paid from the pool %q, which the sheet does not declare", p.Str())
			case pool.Start == "empty":
				b.err(p, CodeEmptyPool, "the pool %q starts empty, so there is nothing in it to spend", p.Str())
			}
			twice = twice || seen.has(p.Str())
			seen.add(p.Str())
		}
		if pc := sp.Get("perCheck"); pc != nil && pc.Kind == model.Object {
			b.valueRef(pc, refLiveAllowed)
		}
	}
	if twice {
		b.err(spends, CodePoolTwice, "two spends are paid from one pool, so a check could not say which it means")
	}
	for _, a := range kids(at(r.Node, "adjust")) {
		b.valueRef(a.Get("value"), refLiveAllowed)
		for _, id := range kids(a.Get("abilities")) {
			b.ability(id)
		}
	}
	if r.Proficiency == nil {
		return
	}
	bonus := r.Proficiency
	switch bonus.Kind {
	case model.RefSkillMod, model.RefSaveMod:
		b.err(bonus.Node, CodeProficiencyMod, "the proficiency bonus feeds every skill and save, so it cannot read the %s %q", refNoun[bonus.Kind], bonus.Name)
	case model.RefDerived:
		end, ok := b.derivedAt[bonus.Name]
		if !ok {
			return
		}
		for _, d := range b.rs.Sheet.Derived[:end+1] {
			if x, ok := readsMod(d); ok {
				b.err(d.Node, CodeProficiencyMod, "the derived value %q feeds the proficiency bonus, so it cannot read the %s %q", d.ID, refNoun[x.Kind], x.Name)
			}
		}
	}
}
