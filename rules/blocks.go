package rules

import (
	"math"
	"strconv"
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

// itemStatRef checks what an itemStat ref names against the items block.
func (b *blockChecker) itemStatRef(is *model.Node) {
	if is == nil || is.Kind != model.Object {
		return
	}
	if b.rs.Items == nil {
		b.err(is, CodeNoItems, "this ruleset has no items block, so there are no items for itemStat to read")
		return
	}
	if id := textAt(is, "stat"); id != "" {
		st := b.stat(id)
		switch {
		case st == nil:
			b.err(at(is, "stat"), CodeUnknownStat, "the item stat %q is not declared in items.stats", id)
		case textAt(is, "pick") != "count" && st.Type != model.TypeNumber:
			b.err(at(is, "stat"), CodeRefType, "itemStat adds up a number stat; %q is %s", id, st.Type)
		}
	}
	slots := map[string]bool{}
	for _, s := range b.rs.Items.Slots {
		slots[s.ID] = true
	}
	for _, k := range []struct {
		key   string
		known map[string]bool
	}{{"slot", slots}, {"category", b.categories}, {"tag", b.tags}} {
		if id := textAt(is, k.key); id != "" && !k.known[id] {
			b.err(at(is, k.key), CodeUnknownWord, "itemStat names the %s %q, which the items block does not declare", k.key, id)
		}
	}
}

// declaredPool checks that a fight's pool is a declared live pool, not a
// list whose rows are pools.
func (b *blockChecker) declaredPool(n *model.Node) {
	if n == nil || n.Kind != model.String || b.pools[n.Str()] != nil {
		return
	}
	if l := b.lists[n.Str()]; l != nil && l.Pools != nil {
		b.err(n, CodeUnknownPool, "%q is a list whose rows are pools, not a live pool", n.Str())
		return
	}
	b.err(n, CodeUnknownPool, "the live pool %q is not declared", n.Str())
}

// health checks a fight's health block: a declared pool that starts full,
// or a wound track. It returns the id it names.
func (b *blockChecker) health(h *model.Node) string {
	if t := at(h, "track"); t != nil && t.Kind == model.String {
		switch tr := b.tracks[t.Str()]; {
		case tr == nil:
			b.err(t, CodeUnknownTrack, "health names the track %q, which the sheet does not declare", t.Str())
		case !tr.Wound():
			b.err(t, CodePlainTrack, "health names %q, a plain track with no levels or boxes for a fight to mark", t.Str())
		}
		return t.Str()
	}
	p := at(h, "pool")
	if p == nil || p.Kind != model.String {
		return ""
	}
	b.declaredPool(p)
	if pool := b.pools[p.Str()]; pool != nil && pool.Start == "empty" {
		b.err(p, CodeEmptyPool, "the pool %q starts empty, so it cannot be a fight's health", p.Str())
	}
	return p.Str()
}

// rowSource checks a list whose catalog-marked rows a fight reads
// (battle.skills, combat.abilities) and the columns that filter them.
func (b *blockChecker) rowSource(src *model.Node) {
	ln := at(src, "list")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil {
		b.err(ln, CodeUnknownList, "the list %q is not declared in sheet.lists", ln.Str())
		return
	}
	if ow := at(src, "onlyWhen"); ow != nil && ow.Kind == model.String {
		if col := l.Column(ow.Str()); col == nil || col.Type != model.TypeBoolean {
			b.err(ow, CodeColumnType, "onlyWhen names %q, which is not a boolean column of the list %q", ow.Str(), l.ID)
		}
	}
	aw := at(src, "alwaysWhen")
	if aw == nil || aw.Kind != model.Object {
		return
	}
	if at(src, "onlyWhen") == nil {
		b.err(aw, CodeAlwaysWhen, "alwaysWhen lets rows through that onlyWhen holds back, so it needs onlyWhen beside it")
	}
	cn := at(aw, "column")
	if cn == nil || cn.Kind != model.String {
		return
	}
	col := l.Column(cn.Str())
	if col == nil {
		b.err(cn, CodeUnknownColumn, "the list %q has no column %q", l.ID, cn.Str())
		return
	}
	if eq := at(aw, "equals"); eq != nil && !holdable(col, eq) {
		b.err(eq, CodeColumnValue, "the column %q can never hold %s, so alwaysWhen would match no row", col.ID, fmtScalar(eq.Scalar()))
	}
}

// holdable tells whether a column or field of this type can hold the value
// (an enum one of its values, a number a number, a boolean a boolean, text
// otherwise).
func holdable(col *model.Field, v *model.Node) bool {
	switch col.Type {
	case model.TypeEnum:
		for _, x := range col.Values {
			if v.Kind == model.String && v.Str() == x {
				return true
			}
		}
		return false
	case model.TypeNumber:
		return v.Kind == model.Number
	case model.TypeBoolean:
		return v.Kind == model.Bool
	}
	return v.Kind == model.String
}

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

// sheetRefs checks what the sheet's and the items block's value refs read
// beyond the names every ref is checked for: an itemStat's stat, slot,
// category and tag, and a penalty read only off a wound track. It also holds
// the derived values a skill or save cap reads to the rule the cap is held
// to: none of them reads a skill or save modifier.
func (b *blockChecker) sheetRefs() {
	s := &b.rs.Sheet
	for _, d := range s.Derived {
		for i := range d.Of {
			b.extraRef(d.Of[i])
		}
		if d.From != nil {
			b.extraRef(*d.From)
		}
	}
	for _, p := range s.Live.Pools {
		b.extraRef(p.Max)
	}
	for _, t := range s.Live.Tracks {
		b.extraRef(t.Max)
	}
	for _, group := range [][]model.Skill{s.Skills, s.Saves} {
		for _, k := range group {
			if k.Cap != nil {
				b.extraRef(*k.Cap)
			}
		}
	}
	if it := b.rs.Items; it != nil {
		for _, key := range [][]string{{"binding", "max"}, {"carry", "encumberedAbove"}, {"carry", "limit"}} {
			if r, ok := refAt(at(it.Node, key[0], key[1])); ok {
				b.extraRef(r)
			}
		}
		if it.Market != nil {
			for _, sl := range it.Market.Sellers {
				if r, ok := refAt(at(sl.Node, "only", "value")); ok {
					b.extraRef(r)
				}
			}
		}
	}
	for _, group := range []struct {
		key  string
		list []model.Skill
	}{{"skills", s.Skills}, {"saves", s.Saves}} {
		for _, k := range group.list {
			if k.Cap == nil || k.Cap.Kind != model.RefDerived {
				continue
			}
			end, ok := b.derivedAt[k.Cap.Name]
			if !ok {
				continue
			}
			for _, d := range s.Derived[:end+1] {
				if x, ok := readsMod(d); ok {
					b.err(d.Node, CodeCapMod, "the derived value %q feeds the cap on %q, so it cannot read the %s %q", d.ID, k.ID, refNoun[x.Kind], x.Name)
				}
			}
		}
	}
}

// extraRef checks what refAt and ref leave to the blocks: an itemStat's
// names and a penalty read off a plain track.
func (b *blockChecker) extraRef(r model.ValueRef) {
	switch r.Kind {
	case model.RefItemStat:
		b.itemStatRef(at(r.Node, model.RefItemStat))
	case model.RefLiveTrack:
		if t := b.tracks[r.Name]; t != nil && textAt(r.Node, "read") == "penalty" && !t.Wound() {
			b.err(at(r.Node, "read"), CodeTrackRead, "the track %q has no levels or boxes, so it has no penalty to read", r.Name)
		}
	}
}

// readsMod returns the first skill or save modifier a derived value reads
// directly, if any.
func readsMod(d *model.Derived) (model.ValueRef, bool) {
	isMod := func(r model.ValueRef) bool { return r.Kind == model.RefSkillMod || r.Kind == model.RefSaveMod }
	for _, r := range d.Of {
		if isMod(r) {
			return r, true
		}
	}
	if d.From != nil && isMod(*d.From) {
		return *d.From, true
	}
	return model.ValueRef{}, false
}

func (b *blockChecker) restRefs() {
	for _, rest := range kids(b.restsNode) {
		for _, op := range kids(rest.Get("restore")) {
			b.restStep(op)
		}
		for _, id := range kids(at(rest, "clear", "text")) {
			if id.Kind == model.String && !b.liveText.has(id.Str()) {
				b.err(id, CodeUnknownLiveText, "the rest clears the live text %q, which the sheet does not declare", id.Str())
			}
		}
		if cl := at(rest, "clear", "conditions"); cl != nil && cl.Kind == model.Array {
			for _, id := range cl.Children() {
				b.condition(id)
			}
		}
	}
}

// condition checks that a node names one of the sheet's conditions.
func (b *blockChecker) condition(n *model.Node) {
	if n != nil && n.Kind == model.String && !b.conditions.has(n.Str()) {
		b.err(n, CodeUnknownCondition, "the condition %q is not declared in sheet.live.conditions", n.Str())
	}
}

func (b *blockChecker) restStep(op *model.Node) {
	if p := at(op, "pool"); p != nil && p.Kind == model.String && b.pools[p.Str()] == nil {
		b.err(p, CodeUnknownPool, "the rest restores the pool %q, which the sheet does not declare", p.Str())
	}
	if g := at(op, "poolGroup"); g != nil && g.Kind == model.String && !b.poolGroups.has(g.Str()) {
		b.err(g, CodeUnknownPool, "no live pool declares the group %q", g.Str())
	}
	tn := at(op, "track")
	var track *model.Track
	if tn != nil && tn.Kind == model.String {
		if track = b.tracks[tn.Str()]; track == nil {
			b.err(tn, CodeUnknownTrack, "the rest restores the track %q, which the sheet does not declare", tn.Str())
		}
	}
	if k := at(op, "kind"); k != nil && k.Kind == model.String && track != nil {
		if !track.Wound() {
			b.err(k, CodePlainTrack, "%q is a plain track, so it has no kind of mark %q to clear", track.ID, k.Str())
		} else if !hasKind(track, k.Str()) {
			b.err(k, CodeUnknownKind, "the wound track %q declares no kind %q", track.ID, k.Str())
		}
	}
	if sn := at(op, "state"); sn != nil && sn.Kind == model.String {
		st := b.states[sn.Str()]
		if st == nil {
			b.err(sn, CodeUnknownState, "the rest puts back the live state %q, which the sheet does not declare", sn.Str())
		} else if to := at(op, "to"); to != nil && to.Kind == model.String && to.Str() != "default" && !contains(st.Values, to.Str()) {
			b.err(to, model.CodeStateValue, "%q is not \"default\" or one of the values of the state %q", to.Str(), st.ID)
		}
	}
	ln := at(op, "listPools")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil || l.Pools == nil {
		b.err(ln, CodeUnknownList, "%q is not a sheet list whose rows are pools", ln.Str())
		return
	}
	rc := at(op, "recharge")
	if rc == nil {
		return
	}
	col := l.Column(l.Pools.RechargeColumn)
	if col == nil || col.Type != model.TypeEnum {
		b.err(rc, CodeColumnType, "the list %q declares no enum rechargeColumn to filter its pools by", l.ID)
		return
	}
	for _, v := range kids(rc) {
		if v.Kind == model.String && !contains(col.Values, v.Str()) {
			b.err(v, CodeColumnValue, "%q is not one of the values of the column %q", v.Str(), col.ID)
		}
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

func (b *blockChecker) battleRefs() {
	bt := b.battle
	if bt == nil || bt.Kind != model.Object {
		return
	}
	health := b.health(bt.Get("health"))
	energy := at(bt, "energy", "pool")
	if energy != nil && energy.Kind == model.String {
		b.declaredPool(energy)
		if energy.Str() == health {
			b.err(energy, CodePoolTwice, "the pool %q is the health pool, so it cannot also be the energy pool", energy.Str())
		}
	}
	pools, levels := map[string]bool{}, map[float64]bool{}
	for _, s := range kids(bt.Get("slots")) {
		p := s.Get("pool")
		if p != nil && p.Kind == model.String {
			b.declaredPool(p)
			switch {
			case p.Str() == health || energy != nil && p.Str() == energy.Str():
				b.err(p, CodePoolTwice, "the pool %q is already the health or the energy pool", p.Str())
			case pools[p.Str()]:
				b.err(p, CodePoolTwice, "the pool %q holds slots of two levels", p.Str())
			}
			pools[p.Str()] = true
		}
		if lv := s.Get("level"); lv != nil && lv.Kind == model.Number {
			if levels[lv.Num()] {
				b.err(lv, CodeDuplicateLevel, "two slot pools are of level %s", lv.Raw())
			}
			levels[lv.Num()] = true
		}
	}
	for _, src := range kids(bt.Get("skills")) {
		b.rowSource(src)
	}
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

// spendsInitiative tells whether initiative is a number attacks move with a
// style that spends it.
func (b *blockChecker) spendsInitiative() bool {
	for _, s := range kids(at(b.fight, "initiative", "resource", "styles")) {
		if s.Get("spends") != nil {
			return true
		}
	}
	return false
}

// poolDie checks that damage dice in a dice-pool fight are the ruleset's own
// die.
func (b *blockChecker) poolDie(n *model.Node) {
	if n == nil || n.Kind != model.String || b.combatKind != model.DicePool || b.poolSides == 0 {
		return
	}
	_, after, ok := strings.Cut(n.Str(), "d")
	if !ok {
		return
	}
	digits := after
	if i := strings.IndexAny(after, "+-"); i >= 0 {
		digits = after[:i]
	}
	if sides, err := strconv.Atoi(digits); err == nil && sides != b.poolSides {
		b.err(n, CodePoolDie, "a dice-pool fight throws d%ds, so the damage dice %q are not its own", b.poolSides, n.Str())
	}
}

// effectNames checks the skills and saves a condition, a level or an item's
// effect names, its modifiers' included.
func (b *blockChecker) effectNames(e *model.Node) {
	for _, id := range kids(e.Get("skills")) {
		b.skill(id)
	}
	for _, key := range []string{"saves", "failsSaves"} {
		for _, id := range kids(e.Get(key)) {
			b.save(id)
		}
	}
	for _, m := range kids(e.Get("modifiers")) {
		for _, id := range kids(m.Get("skills")) {
			b.skill(id)
		}
		for _, id := range kids(m.Get("saves")) {
			b.save(id)
		}
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

// noDistance reports a key measured in cells where the combat block declares
// no distance.
func (b *blockChecker) noDistance(n *model.Node, key string) {
	if c := at(n, key); c != nil && at(b.fight, "distance") == nil {
		b.err(c, CodeNeedsDistance, "%s is measured in cells, so the combat block needs a distance", key)
	}
}

func (b *blockChecker) combatRefs() {
	cb := b.fight
	if cb == nil {
		return
	}
	health := b.health(cb.Get("health"))
	b.valueRef(cb.Get("defense"), refLiveAllowed)
	b.initiative(cb.Get("initiative"))
	pooled := b.combatKind == model.DicePool
	if pooled {
		if b.rs.Resolution.Kind != model.DicePool && b.rs.Resolution.Kind != "" {
			b.err(cb.Get("kind"), CodeCombatKind, "a dice-pool fight throws the ruleset's own pools, so resolution.kind must be dice-pool too")
		}
		if ar := cb.Get("attackRoll"); ar != nil {
			b.err(ar, CodeCombatKind, "a dice-pool fight throws pools, so it rolls no attack dice")
		}
		if cb.Get("pool") == nil {
			b.errMissing(cb, "pool", CodeCombatKind, "a dice-pool fight says in pool how it rolls damage")
		}
	} else if b.combatKind != "" {
		if cb.Get("attackRoll") == nil {
			b.errMissing(cb, "attackRoll", CodeCombatKind, "an attack-vs-defense fight says in attackRoll what an attack rolls")
		}
		if p := cb.Get("pool"); p != nil {
			b.err(p, CodeCombatKind, "pool is for a dice-pool fight, and this one is attack-vs-defense")
		}
	}
	if ar := cb.Get("attackRoll"); ar != nil {
		b.naturals(ar.Get("naturals"), at(ar, "dice", "count"))
	}
	b.combatPool(cb.Get("pool"), health)
	var limited seenSet
	for _, l := range kids(cb.Get("spendLimits")) {
		p := l.Get("pool")
		if p != nil && p.Kind == model.String {
			b.declaredPool(p)
			if limited.has(p.Str()) {
				b.err(p, CodePoolTwice, "the pool %q has two spend limits", p.Str())
			}
			limited.add(p.Str())
		}
		b.valueRef(l.Get("max"), refLiveAllowed)
	}
	if pooled {
		for _, key := range []string{"conditions", "levels"} {
			for _, e := range kids(cb.Get(key)) {
				for _, m := range kids(e.Get("modifiers")) {
					if d := m.Get("dice"); d != nil {
						b.err(d, CodePoolDie, "a dice-pool fight adds dice to a pool, so a modifier gives a flat number of dice, not dice to roll")
					}
				}
			}
		}
	}
	b.valueRef(at(cb, "economy", "movement"), refLiveAllowed)
	if at(cb, "distance") == nil {
		for _, key := range []string{"ranged", "cover", "opportunity"} {
			if at(cb, key) != nil {
				b.noDistance(cb, key)
				break
			}
		}
		for _, a := range kids(cb.Get("attacks")) {
			b.noDistance(a, "reach")
			b.noDistance(a, "range")
		}
	}
	b.budget(at(cb, "opportunity", "budget"))
	b.budget(at(cb, "offHand", "budget"))
	for _, ch := range kids(cb.Get("checks")) {
		b.valueRef(ch.Get("value"), refLiveAllowed)
	}
	for _, ct := range kids(cb.Get("contests")) {
		b.contest(ct)
	}
	for _, a := range kids(cb.Get("attacks")) {
		b.attackSource(a)
	}
	for _, a := range kids(cb.Get("abilities")) {
		b.budget(a.Get("budget"))
		b.rowSource(a)
		b.valueRef(a.Get("toHit"), refLiveAllowed)
		b.valueRef(a.Get("saveDifficulty"), refLiveAllowed)
	}
	var seen seenSet
	for _, s := range kids(cb.Get("standard")) {
		if s.Kind == model.String {
			if seen.has(s.Str()) {
				b.err(s, model.CodeDuplicateValue, "the standard action %q is listed twice", s.Str())
			}
			seen.add(s.Str())
		}
	}
	if dodge := at(cb, "standardEffects", "dodge"); dodge != nil {
		if !seen.has("dodge") {
			b.err(dodge, CodeNoDodge, "combat.standard has no dodge for these saves to belong to")
		}
		for _, s := range kids(dodge.Get("saves")) {
			b.save(s)
		}
	}
	for _, e := range kids(cb.Get("conditions")) {
		b.condition(e.Get("condition"))
		b.effectNames(e)
		if ws := e.Get("whileSourceInSight"); ws != nil && ws.Kind == model.Array {
			for _, eff := range ws.Children() {
				if eff.Kind == model.String && !containsNode(e.Get("effects"), eff.Str()) {
					b.err(eff, CodeSightEffect, "the condition %q does not have the effect %q for sight to gate", textAt(e, "condition"), eff.Str())
				}
			}
		}
	}
	b.levels(cb.Get("levels"))
	if cc := cb.Get("concentration"); cc != nil {
		if t := cc.Get("text"); t != nil && t.Kind == model.String && !b.liveText.has(t.Str()) {
			b.err(t, CodeUnknownLiveText, "concentration writes to the live text %q, which the sheet does not declare", t.Str())
		}
		b.save(cc.Get("save"))
	}
	b.dying(cb.Get("dying"))
	var types seenSet
	for _, t := range kids(cb.Get("damageTypes")) {
		if t.Kind == model.String {
			if types.has(damageKey(t.Str())) {
				b.err(t, model.CodeDuplicateValue, "the damage type %q is listed twice (types are matched without case)", t.Str())
			}
			types.add(damageKey(t.Str()))
		}
	}
	b.damageKinds(cb, health)
}

// containsNode tells whether a list node holds the text s.
func containsNode(list *model.Node, s string) bool {
	for _, c := range kids(list) {
		if c.Kind == model.String && c.Str() == s {
			return true
		}
	}
	return false
}

// naturals reports natural results on more than one die.
func (b *blockChecker) naturals(nat, count *model.Node) {
	if nat == nil || count == nil || count.Kind != model.Number || count.Num() == 1 {
		return
	}
	for _, k := range []string{"max", "min"} {
		if v := at(nat, k); v != nil && v.Kind == model.String && v.Str() != "none" {
			b.err(nat, model.CodeNaturalsCount, "natural results need a single die, and %s dice are thrown; use none", count.Raw())
			return
		}
	}
}

func (b *blockChecker) initiative(in *model.Node) {
	if in == nil || in.Kind != model.Object {
		return
	}
	dice, pool := in.Get("dice"), in.Get("pool")
	if (dice == nil) == (pool == nil) {
		b.err(in, CodeInitiative, "initiative is thrown as dice or as a pool: exactly one of the two")
	}
	if m := in.Get("modifier"); m != nil {
		b.valueRef(m, refLiveAllowed)
		if dice == nil {
			b.err(m, CodeInitiative, "a modifier is added to initiative dice, and there are none")
		}
	}
	b.valueRef(pool, refLiveAllowed)
	if p := in.Get("plus"); p != nil && pool == nil {
		b.err(p, CodeInitiative, "plus is added to a pool's successes, and initiative is not a pool")
	}
	res := in.Get("resource")
	if b.combatKind != model.DicePool {
		if pool != nil {
			b.err(pool, CodeCombatKind, "initiative thrown as a pool is for a dice-pool fight")
		}
		if res != nil {
			b.err(res, CodeCombatKind, "initiative that attacks move is for a dice-pool fight")
		}
	}
	if res == nil || res.Kind != model.Object {
		return
	}
	if pool == nil {
		b.err(res, CodeInitiative, "a number attacks move opens as a thrown pool, so initiative needs pool")
	}
	if e := in.Get("each"); e != nil {
		b.err(e, CodeInitiative, "a number attacks move is kept for the fight, never thrown again, so it takes no each")
	}
	takes := false
	for _, s := range kids(res.Get("styles")) {
		takes = takes || s.Get("takes") != nil
		for _, step := range kids(at(s, "spends", "onMiss")) {
			if lose := step.At(1); lose != nil && lose.Kind == model.Number && lose.Num() < 0 {
				b.err(lose, model.CodeRange, "a miss costs nothing or more, not %s", lose.Raw())
			}
		}
	}
	if st := res.Get("styles"); st != nil && len(st.Children()) > 0 && !takes {
		b.err(st, CodeStyleTakes, "at least one style takes: a crashed combatant attacks in one")
	}
	crash := res.Get("crash")
	b.condition(at(crash, "condition"))
	if base := res.Get("base"); crash != nil && base != nil && base.Kind == model.Number {
		line := 0.0
		if a := crash.Get("at"); a != nil && a.Kind == model.Number {
			line = a.Num()
		}
		if base.Num() <= line {
			b.err(base, model.CodeRange, "the base %s is what the number goes back to, so it is above the crash line %v", base.Raw(), line)
		}
	}
}

func (b *blockChecker) combatPool(p *model.Node, health string) {
	if p == nil || p.Kind != model.Object {
		return
	}
	if dt := p.Get("damageTarget"); dt != nil && dt.Kind == model.Number && b.poolSides > 0 && dt.Num() > float64(b.poolSides) {
		b.err(dt, model.CodeRange, "a %d-sided die never reaches %s", b.poolSides, dt.Raw())
	}
	if soak := p.Get("soak"); soak != nil && soak.Kind == model.Object {
		b.valueRef(soak.Get("all"), refLiveAllowed)
		for _, k := range kids(soak.Get("byKind")) {
			b.valueRef(k, refLiveAllowed)
			b.soakKind(k)
		}
		if soak.Get("all") == nil && soak.Get("byKind") == nil {
			b.err(soak, CodeSoakEmpty, "soak takes something off: all, byKind or both")
		}
	}
	if h := p.Get("hardness"); h != nil {
		b.valueRef(h, refLiveAllowed)
		if !b.spendsInitiative() {
			b.err(h, CodeHardness, "hardness stops a spending blow, so initiative must be a number attacks move with a style that spends it")
		}
	}
}

// soakKind checks that a soak keyed by kind names a kind of the health track.
func (b *blockChecker) soakKind(k *model.Node) {
	t := b.combatHealthTrack()
	switch {
	case t == nil:
		b.err(k, CodeSoakKind, "soak by kind needs health to be a wound track with kinds; %q is no kind of it", k.Key())
	case !hasKind(t, k.Key()):
		b.err(k, CodeSoakKind, "%q is not a kind of the health track %q", k.Key(), t.ID)
	}
}

// combatHealthTrack is the declared track combat.health names, or nil.
func (b *blockChecker) combatHealthTrack() *model.Track {
	return b.tracks[textAt(b.fight, "health", "track")]
}

func (b *blockChecker) contest(ct *model.Node) {
	b.budget(ct.Get("budget"))
	for _, side := range []string{"attacker", "defender"} {
		var seen seenSet
		for _, id := range kids(at(ct, side, "checks")) {
			if id.Kind != model.String {
				continue
			}
			if !b.contestChecks.has(id.Str()) {
				b.err(id, CodeUnknownCheck, "the contest check %q is not declared in combat.checks", id.Str())
			} else if seen.has(id.Str()) {
				b.err(id, model.CodeDuplicateValue, "the check %q is listed twice", id.Str())
			}
			seen.add(id.Str())
		}
	}
	holding := at(ct, "from", "holding")
	b.condition(holding)
	for _, a := range kids(at(ct, "onWin", "applies")) {
		cn := a.Get("condition")
		b.condition(cn)
		if holding != nil && cn != nil && cn.Kind == model.String && holding.Kind == model.String && cn.Str() == holding.Str() {
			b.err(cn, CodeContestLoop, "the contest breaks free of %q, so it cannot also put it on", cn.Str())
		}
	}
	for _, e := range kids(at(ct, "onWin", "ends")) {
		b.condition(e.Get("condition"))
	}
	if at(b.fight, "distance") == nil {
		b.noDistance(ct, "reach")
		b.noDistance(ct.Get("onWin"), "push")
	}
}

// column checks that a column of an attack list is of the type a fight reads
// from it; types lists the allowed types.
func (b *blockChecker) column(l *model.List, n *model.Node, types ...string) {
	if n == nil || n.Kind != model.String {
		return
	}
	col := l.Column(n.Str())
	if col == nil {
		b.err(n, CodeUnknownColumn, "the list %q has no column %q", l.ID, n.Str())
		return
	}
	if !contains(types, col.Type) {
		b.err(n, CodeColumnType, "the column %q is %s, and this needs a %s column", col.ID, col.Type, strings.Join(types, " or "))
	}
}

func (b *blockChecker) attackSource(a *model.Node) {
	b.budget(a.Get("budget"))
	if s := a.Get("strikes"); s != nil {
		b.valueRef(s, refLiveAllowed)
		if k := at(s, "const"); k != nil && k.Kind == model.Number && k.Num() < 1 {
			b.err(k, model.CodeRange, "one spend buys at least one strike, not %s", k.Raw())
		}
	} else if sc := a.Get("strikesCappedBy"); sc != nil {
		b.err(sc, CodeStrikesCap, "strikesCappedBy holds a row to one strike, and without strikes every spend buys one strike anyway")
	}
	ln := a.Get("list")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil {
		b.err(ln, CodeUnknownList, "the list %q is not declared in sheet.lists", ln.Str())
		return
	}
	b.column(l, a.Get("name"), model.TypeText)
	b.column(l, at(a, "toHit", "ability", "column"), model.TypeEnum)
	b.column(l, at(a, "toHit", "skill", "column"), model.TypeEnum)
	b.column(l, at(a, "strikesCappedBy", "column"), model.TypeBoolean)
	b.column(l, at(a, "toHit", "proficiency", "column"), model.TypeBoolean)
	b.column(l, at(a, "toHit", "bonus", "column"), model.TypeNumber)
	b.column(l, at(a, "damage", "dice", "column"), model.TypeDice)
	b.column(l, at(a, "damage", "ability", "column"), model.TypeEnum)
	b.column(l, at(a, "damage", "bonus", "column"), model.TypeNumber)
	b.column(l, at(a, "reach", "column"), model.TypeNumber)
	b.column(l, at(a, "range", "normal", "column"), model.TypeNumber)
	b.column(l, at(a, "range", "long", "column"), model.TypeNumber)
	b.column(l, at(a, "damage", "type", "column"), model.TypeText, model.TypeEnum)
	normal, long := at(a, "range", "normal", "const"), at(a, "range", "long", "const")
	if normal != nil && long != nil && normal.Kind == model.Number && long.Kind == model.Number && long.Num() < normal.Num() {
		b.err(long, model.CodeRange, "the long distance %s is shorter than the ordinary one %s", long.Raw(), normal.Raw())
	}
}

func (b *blockChecker) levels(list *model.Node) {
	var seen seenSet
	for _, e := range kids(list) {
		var key string
		if dn := e.Get("derived"); dn != nil && dn.Kind == model.String {
			key = "derived:" + dn.Str()
			if _, ok := b.derivedAt[dn.Str()]; !ok {
				b.err(dn, CodeUnknownRef, "the derived value %q is not declared", dn.Str())
			}
		} else if tn := e.Get("track"); tn != nil && tn.Kind == model.String {
			key = "track:" + tn.Str()
			switch t := b.tracks[tn.Str()]; {
			case t == nil:
				b.err(tn, CodeUnknownTrack, "the level reads the track %q, which the sheet does not declare", tn.Str())
			case t.Wound():
				b.err(tn, CodeWoundTrack, "%q is a wound track; a level reads a plain track's number", tn.Str())
			default:
				if a := e.Get("at"); a != nil && a.Kind == model.Number && t.Max.Kind == model.RefConst && a.Num() > t.Max.Const {
					b.err(a, model.CodeRange, "the track %q goes up to %v, so level %s is never reached", t.ID, t.Max.Const, a.Raw())
				}
			}
		}
		if a := e.Get("at"); a != nil && a.Kind == model.Number && key != "" {
			key += "@" + a.Raw()
			if seen.has(key) {
				b.err(a, CodeDuplicateLevel, "level %s of %q is given twice", a.Raw(), key[strings.IndexByte(key, ':')+1:strings.IndexByte(key, '@')])
			}
			seen.add(key)
		}
		b.effectNames(e)
	}
}

func (b *blockChecker) dying(dy *model.Node) {
	if dy == nil || dy.Kind != model.Object {
		return
	}
	for _, key := range []string{"successes", "failures"} {
		n := dy.Get(key)
		if n == nil || n.Kind != model.String {
			continue
		}
		t := b.tracks[n.Str()]
		switch {
		case t == nil:
			b.err(n, CodeUnknownTrack, "dying counts on the track %q, which the sheet does not declare", n.Str())
		case t.Wound():
			b.err(n, CodeWoundTrack, "%q is a wound track, not a counter of death saves", n.Str())
		default:
			if t.Max.Kind != model.RefConst {
				b.err(n, CodeDyingTrack, "%q counts death saves, so its max is a number, not one the sheet works out", n.Str())
			} else if t.Max.Const <= float64(t.Min) || t.Max.Const < 1 {
				b.err(n, CodeDyingTrack, "%q counts death saves, so its max is at least 1 and above its min", n.Str())
			}
			if t.HideWhen != nil {
				b.err(n, CodeDyingTrack, "%q counts death saves, so it cannot be hidden", n.Str())
			}
		}
	}
	if s, f := dy.Get("successes"), dy.Get("failures"); s != nil && f != nil && s.Kind == model.String && f.Kind == model.String && s.Str() == f.Str() {
		b.err(f, CodeDyingTrack, "successes and failures are counted on two different tracks, not both on %q", f.Str())
	}
	b.condition(dy.Get("condition"))
	b.naturals(dy.Get("naturals"), at(dy, "dice", "count"))
}

func (b *blockChecker) damageKinds(cb *model.Node, health string) {
	dk := cb.Get("damageKinds")
	t := b.tracks[health]
	if at(cb, "health", "track") != nil && t != nil && t.Wound() {
		if dk == nil {
			b.errMissing(cb, "damageKinds", CodeDamageKinds, "health is the wound track %q, so damageKinds says what kind of harm a blow is", t.ID)
			return
		}
		if d := dk.Get("default"); d != nil && d.Kind == model.String && !hasKind(t, d.Str()) {
			b.err(d, CodeUnknownKind, "%q is not a kind of the track %q", d.Str(), t.ID)
		}
		var mapped seenSet
		for _, m := range kids(dk.Get("byType")) {
			key := damageKey(m.Key())
			switch {
			case mapped.has(key):
				b.err(m, model.CodeDuplicateValue, "the damage type %q is mapped twice (types are matched without case)", m.Key())
			case b.damageTypes != nil && len(b.damageTypes) > 0 && !b.damageTypes.has(key):
				b.err(m, CodeUnknownDamageType, "the damage type %q is not one of combat.damageTypes", m.Key())
			}
			mapped.add(key)
			if m.Kind == model.String && !hasKind(t, m.Str()) {
				b.err(m, CodeUnknownKind, "%q is not a kind of the track %q", m.Str(), t.ID)
			}
		}
		return
	}
	if dk != nil && at(cb, "health", "pool") != nil {
		b.err(dk, CodeDamageKinds, "damageKinds maps damage onto a wound track's kinds, and health is a pool")
	}
}

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

// cell checks one value against the field or column that holds it.
func (b *blockChecker) cell(col *model.Field, v *model.Node, what string) {
	if v.Kind == model.Object || v.Kind == model.Array || v.Kind == model.Null {
		return // reported when the file was read
	}
	b.columnValue(b.file, what, col, model.ColumnValue{Column: col.ID, Value: v.Scalar(), Node: v})
}

// sheetRow checks a row a creature's sheet writes into a list: its columns,
// and the catalog entry its _catalog mark names.
func (b *blockChecker) sheetRow(l *model.List, row *model.Node) {
	if row.Kind != model.Object {
		return
	}
	for _, v := range row.Children() {
		if v.Key() == "_catalog" {
			b.catalogMark(l, v)
			continue
		}
		col := l.Column(v.Key())
		if col == nil {
			b.err(v, CodeUnknownColumn, "the list %q has no column %q", l.ID, v.Key())
			continue
		}
		b.cell(col, v, "column")
	}
	for _, col := range l.Columns {
		if col.Required && row.Get(col.ID) == nil {
			b.err(row, CodeRequiredColumn, "the column %q of the list %q is required", col.ID, l.ID)
		}
	}
}

// catalogMark checks a row's <catalog>/<entry> mark: a rows catalog feeding
// the list, and an entry of it when its entries are inline.
func (b *blockChecker) catalogMark(l *model.List, v *model.Node) {
	if v.Kind != model.String {
		b.err(v, CodeCatalogMark, "_catalog is a <catalog>/<entry> reference, not %s", v.Kind)
		return
	}
	catID, entryID, ok := strings.Cut(v.Str(), "/")
	if !ok || catID == "" || entryID == "" {
		b.err(v, CodeCatalogMark, "%q is not a <catalog>/<entry> reference", v.Str())
		return
	}
	cat := b.rs.Catalog(catID)
	if cat == nil || !contains(cat.Feeds, l.ID) {
		b.err(v, CodeCatalogMark, "no catalog %q feeds the list %q", catID, l.ID)
		return
	}
	if cat.EntriesNode != nil && cat.Asset == "" && cat.Entry(entryID) == nil {
		b.err(v, CodeUnknownEntry, "the catalog %q has no entry %q", catID, entryID)
	}
}

// mechanicsRefs checks what a catalog entry's mechanics name.
func (b *blockChecker) mechanicsRefs(e *model.Entry, m *model.Node) {
	if r := m.Get("reaction"); r != nil && r.Kind == model.Object {
		b.againstCatalogs(at(r, "against", "catalogs"))
	}
	b.save(at(m, "save", "save"))
	b.damageType(m.Get("damageType"))
	for _, cl := range kids(m.Get("plus")) {
		b.damageType(cl.Get("type"))
		b.save(at(cl, "save", "save"))
	}
	if textAt(m, "kind") != "heal" {
		b.poolDie(at(m, "amount", "dice"))
		b.poolDie(at(m, "perCostStep", "dice"))
		for _, cl := range kids(m.Get("plus")) {
			b.poolDie(cl.Get("dice"))
		}
		b.poolDie(at(m, "rider", "amount", "dice"))
	}
	for _, cost := range kids(m.Get("cost")) {
		if p := cost.Get("pool"); p != nil && p.Kind == model.String && b.pools[p.Str()] == nil && !b.poolGroups.has(p.Str()) {
			b.err(p, CodeUnknownPool, "the cost is paid from %q, which is neither a live pool nor a pool group", p.Str())
		}
	}
	b.applies(m.Get("applies"))
	b.entrySaveDifficulty(e, m)
	b.checkEffect(m.Get("check"))
	if t := m.Get("temporary"); t != nil && b.healthTrack != nil {
		b.err(t, CodeTemporary, "health is the wound track %q, which has no buffer for temporary points", b.healthTrack.ID)
	}
	b.budget(m.Get("budget"))
	for _, g := range kids(m.Get("gives")) {
		b.budget(g.Get("budget"))
	}
	if rd := m.Get("rider"); rd != nil && rd.Kind == model.Object && b.fight != nil {
		for _, src := range kids(rd.Get("sources")) {
			if src.Kind == model.String && !b.attackLists.has(src.Str()) {
				b.err(src, CodeUnknownList, "%q is not one of combat.attacks' lists", src.Str())
			}
		}
		if col := at(rd, "requires", "column"); col != nil && col.Kind == model.String {
			lists := kids(rd.Get("sources"))
			found := false
			if lists == nil {
				for _, a := range kids(b.fight.Get("attacks")) {
					found = found || b.listHas(textAt(a, "list"), col.Str())
				}
			}
			for _, src := range lists {
				found = found || src.Kind == model.String && b.listHas(src.Str(), col.Str())
			}
			if !found {
				b.err(col, CodeUnknownColumn, "no attack list this rider reads has a column %q", col.Str())
			}
		}
		b.damageType(rd.Get("type"))
	}
	if st := m.Get("standard"); st != nil && st.Kind == model.Object && b.fight != nil {
		if bg := st.Get("budget"); bg != nil && bg.Kind == model.String {
			if !b.budgets.has(bg.Str()) {
				b.budget(bg)
			} else if bg.Str() == b.firstBudget {
				b.err(bg, CodeStandardBudget, "every standard action is taken for %q already, so this grants nothing", bg.Str())
			}
		}
		for _, a := range kids(st.Get("actions")) {
			if a.Kind == model.String && !b.standard.has(a.Str()) {
				b.err(a, CodeUnknownStandard, "this ruleset's combat.standard does not have the action %q", a.Str())
			}
		}
	}
	b.valueRef(at(m, "scales", "from"), refNonLive)
}

// listHas tells whether a declared list has the column.
func (b *blockChecker) listHas(list, column string) bool {
	l := b.lists[list]
	return l != nil && l.Column(column) != nil
}

// entrySaveDifficulty reports an entry that asks for a save in a list whose
// combat.abilities source gives no saveDifficulty to roll it against.
func (b *blockChecker) entrySaveDifficulty(e *model.Entry, m *model.Node) {
	if b.fight == nil {
		return
	}
	key := ""
	switch {
	case m.Get("save") != nil:
		key = "save"
	case anyChild(m.Get("applies"), func(a *model.Node) bool { return a.Get("saveEnds") != nil }):
		key = "applies"
	case anyChild(m.Get("plus"), func(p *model.Node) bool { return p.Get("save") != nil && at(p, "save", "difficulty") == nil }):
		key = "plus"
	default:
		return
	}
	for _, src := range kids(b.fight.Get("abilities")) {
		list := textAt(src, "list")
		if src.Get("saveDifficulty") != nil || list == "" {
			continue
		}
		for _, r := range e.Rows {
			if r.List == list {
				b.err(m.Get(key), model.CodeSaveDifficulty, "the combat abilities of the list %q give no saveDifficulty for this entry's save to be rolled against", list)
				break
			}
		}
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

// checkEffect checks what an entry does to a check against the ruleset's
// pool.
func (b *blockChecker) checkEffect(ch *model.Node) {
	if ch == nil || ch.Kind != model.Object {
		return
	}
	r := &b.rs.Resolution
	if r.Kind != model.DicePool {
		b.err(ch, CodeCheckEffect, "a %s ruleset has no pool for a check effect to change", r.Kind)
		return
	}
	if up := at(ch, "reroll", "upTo"); up != nil && up.Kind == model.Number && (up.Num() < 1 || up.Num() >= float64(r.DieSides)) {
		b.err(up, model.CodeRange, "this ruleset throws d%d, so a reroll is on a face from 1 to %d", r.DieSides, r.DieSides-1)
	}
	if th := ch.Get("threshold"); th != nil && th.Kind == model.Number && r.HasTarget && (th.Num() < float64(r.TargetMin) || th.Num() > float64(r.TargetMax)) {
		b.err(th, model.CodeRange, "this ruleset counts successes on %d to %d", r.TargetMin, r.TargetMax)
	}
	for _, key := range []string{"explode", "double"} {
		face := ch.Get(key)
		if face == nil || face.Kind != model.Number {
			continue
		}
		least := at(r.Node, key, "min")
		switch {
		case least == nil || least.Kind != model.Number:
			b.err(face, CodeCheckEffect, "resolution.%s gives no min, so no check may move it", key)
		case face.Num() < least.Num() || face.Num() > float64(r.DieSides):
			b.err(face, model.CodeRange, "a check may move %s from %s to %d", key, least.Raw(), r.DieSides)
		}
	}
}

// scaledRows checks the scaled columns of an entry's rows: number columns of
// the row's list with a starting value, the entry's only row for that list,
// read without live state and without adding up a list.
func (b *blockChecker) scaledRows(e *model.Entry) {
	for _, r := range e.Rows {
		sc := at(r.Node, "scaled")
		if sc == nil || sc.Kind != model.Object {
			continue
		}
		l := b.lists[r.List]
		if l == nil {
			continue
		}
		if rowsFor(e.Rows, r.List) > 1 {
			b.err(sc, CodeScaledRow, "a scaled row is its entry's only row for the list %q", r.List)
		}
		for _, col := range sc.Children() {
			switch c := l.Column(col.Key()); {
			case c == nil:
				b.err(col, CodeUnknownColumn, "the list %q has no column %q", l.ID, col.Key())
			case c.Type != model.TypeNumber:
				b.err(col, CodeColumnType, "the column %q is %s; only a number column is scaled", c.ID, c.Type)
			case at(r.Node, "values", col.Key()) == nil:
				b.err(at(r.Node, "values"), CodeScaledRow, "the scaled column %q needs a starting value in values", col.Key())
			}
			from := col.Get("from")
			if rf, ok := refAt(from); ok && b.readsListSum(rf, 0) {
				b.err(from, CodeScaledRow, "a scaled column cannot read a list sum: the lists it adds up hold scaled cells the same recompute rewrites")
			}
			b.valueRef(from, refNonLive)
		}
	}
}

// rowsFor counts the rows writing to a list.
func rowsFor(rows []model.Row, list string) int {
	n := 0
	for _, r := range rows {
		if r.List == list {
			n++
		}
	}
	return n
}

// readsListSum tells whether a ref adds up a list, directly or through a
// derived value, a skill or save cap, or the proficiency bonus a skill adds.
func (b *blockChecker) readsListSum(r model.ValueRef, depth int) bool {
	if depth > 64 {
		return false
	}
	next := func(x model.ValueRef) bool { return b.readsListSum(x, depth+1) }
	switch r.Kind {
	case model.RefListSum:
		return true
	case model.RefDerived:
		i, ok := b.derivedAt[r.Name]
		if !ok {
			return false
		}
		d := b.rs.Sheet.Derived[i]
		if d.From != nil && next(*d.From) {
			return true
		}
		for _, x := range d.Of {
			if next(x) {
				return true
			}
		}
		return false
	case model.RefSkillMod, model.RefSaveMod:
		list := b.rs.Sheet.Skills
		if r.Kind == model.RefSaveMod {
			list = b.rs.Sheet.Saves
		}
		for _, k := range list {
			if k.ID != r.Name {
				continue
			}
			if k.Cap != nil && next(*k.Cap) {
				return true
			}
			p := b.rs.Resolution.Proficiency
			return p != nil && next(*p)
		}
	}
	return false
}
