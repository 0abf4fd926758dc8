package rules

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"rulebench/model"
)

// BaseCapability is the Capability API minor of the base format: a package
// of kind ruleset listing ruleset.json.
const BaseCapability = 20

// Need is one feature a file uses and the Capability API minor version
// (major 1) a package using it must declare.
type Need struct {
	Minor   int
	Feature string
	// File and Path say where the feature is first used.
	File, Path string
}

// Version is the need as "1.<minor>".
func (n Need) Version() string { return fmt.Sprintf("1.%d", n.Minor) }

// gate is a feature tied to a minor version, found by path patterns.
// Patterns are dot paths where "*" stands for any one key or index and
// "**" for any number of them; entry patterns are matched on every catalog
// entry (inline or in an asset file). cond, when set, must hold for the
// matched value.
type gate struct {
	minor   int
	feature string
	root    []string
	entry   []string
	cond    func(*model.Node) bool
}

func nonEmpty(n *model.Node) bool {
	return n.Kind != model.Array || len(n.Children()) > 0
}

func isText(want string) func(*model.Node) bool {
	return func(n *model.Node) bool { return n.Kind == model.String && n.Str() == want }
}

func isObject(n *model.Node) bool { return n.Kind == model.Object }

func isOneOf(words ...string) func(*model.Node) bool {
	return func(n *model.Node) bool { return n.Kind == model.String && slices.Contains(words, n.Str()) }
}

// conditionEffects129 are the condition effects Capability API 1.29 added.
var conditionEffects129 = []string{"own-saves-advantage", "own-saves-disadvantage", "resist-all", "cannot-target-source", "cannot-approach-source"}

// gates are the features rulebench recognises: every gate of
// engine-behaviour.md §8 and decisions.md §6, the key-presence gates of
// ruleset-format.md §9, and, from 1.20 to 1.34, the ruleset features of the
// Engine's own capability history, which decisions.md §6 makes the authority
// (ruleset-format.md §9 says nothing is tied to 1.30; the history ties
// wound tracks, penaltyFrom, damageKinds, spend and mechanics.check to it).
var gates = []gate{
	{minor: 21, feature: "catalogs", root: []string{"catalogs"}, cond: nonEmpty},
	{minor: 22, feature: "a battle block", root: []string{"battle"}},
	{minor: 23, feature: "a scaled catalog row", entry: []string{"rows.*.scaled"}},
	{minor: 24, feature: "the dice-pool resolution kind", root: []string{"resolution.kind"}, cond: isText(model.DicePool)},
	{minor: 25, feature: "layers", root: []string{"layers"}, cond: nonEmpty},
	{minor: 25, feature: "a base gm.worldGuidance", root: []string{"gm.worldGuidance"}},
	{minor: 26, feature: "a combat block", root: []string{"combat"}},
	{minor: 26, feature: "an entry's targetCount, autoHit, applies, temporary, scales or budget",
		entry: []string{"mechanics.targetCount", "mechanics.autoHit", "mechanics.applies", "mechanics.temporary", "mechanics.scales", "mechanics.budget"}},
	{minor: 27, feature: "a creatures catalog", root: []string{"catalogs.*.holds"}, cond: isText(model.HoldsCreatures)},
	{minor: 28, feature: "combat.distance", root: []string{"combat.distance"}},
	{minor: 28, feature: "ranged attacks, cover or opportunity attacks", root: []string{"combat.ranged", "combat.cover", "combat.opportunity"}},
	{minor: 28, feature: "an attack's reach or range", root: []string{"combat.attacks.*.reach", "combat.attacks.*.range"}},
	{minor: 28, feature: "a creature action's range as normal and long", entry: []string{"creature.actions.*.range"}, cond: isObject},
	{minor: 29, feature: "several damage clauses, strikes, free, gives, standard or riders",
		entry: []string{"mechanics.plus", "mechanics.free", "mechanics.gives", "mechanics.standard", "mechanics.rider"},
		root:  []string{"combat.attacks.*.strikes"}},
	{minor: 29, feature: "a combat condition narrowed to some saves", root: []string{"combat.conditions.*.saves"}},
	{minor: 29, feature: "a creature's riders or an extra damage clause on its action",
		entry: []string{"creature.riders", "creature.actions.*.damage.plus"}},
	{minor: 29, feature: "a combat condition counting while its source is in sight or ending when it goes down",
		root: []string{"combat.conditions.*.whileSourceInSight", "combat.conditions.*.endsWhenSourceDown"}},
	{minor: 29, feature: "a condition effect on saves, resist-all, cannot-target-source or cannot-approach-source",
		root: []string{"combat.conditions.*.effects.*"}, cond: isOneOf(conditionEffects129...)},
	{minor: 30, feature: "a wound track (levels and kinds)", root: []string{"sheet.live.tracks.*.levels", "sheet.live.tracks.*.kinds"}, cond: nonEmpty},
	{minor: 30, feature: "resolution.penaltyFrom, resolution.spend or combat.damageKinds",
		root: []string{"resolution.penaltyFrom", "resolution.spend", "combat.damageKinds"}},
	{minor: 30, feature: "an entry's mechanics.check", entry: []string{"mechanics.check"}},
	{minor: 32, feature: "a weapon that caps its own strikes (strikesCappedBy)", root: []string{"combat.attacks.*.strikesCappedBy"}},
	{minor: 33, feature: "a mechanics.reaction naming a moment", entry: []string{"mechanics.reaction"}, cond: isObject},
	{minor: 34, feature: "a creature sheet", entry: []string{"creature.sheet"}},
	{minor: 37, feature: "explode or double min, pool.abilityPlusAbility, botch.rule, a ref track max, alwaysShow or sheetSummary list columns",
		root: []string{"resolution.explode.min", "resolution.double.min", "resolution.pool.abilityPlusAbility", "resolution.botch.rule",
			"sheet.live.tracks.*.alwaysShow", "gm.sheetSummary.lists.*.columns"},
		entry: []string{"mechanics.check.explode", "mechanics.check.double"}},
	{minor: 37, feature: "a sheetSummary list named by an enum column", root: []string{"gm.sheetSummary.lists.*.nameColumn"}, cond: namesEnumColumn},
	{minor: 37, feature: "a plain track whose max is a value ref", root: []string{"sheet.live.tracks.*.max"}, cond: func(n *model.Node) bool {
		return n.Kind == model.Object && n.Parent().Get("levels") == nil && n.Parent().Get("boxes") == nil
	}},
	{minor: 38, feature: "resolution.reroll, resolution.adjust or spend buying a reroll",
		root: []string{"resolution.reroll", "resolution.adjust", "resolution.spend.*.reroll"}},
	{minor: 38, feature: "a spend perCheck that is not a number", root: []string{"resolution.spend.*.perCheck"},
		cond: func(n *model.Node) bool { return n.Kind != model.Number }},
	{minor: 38, feature: "more than two spend entries", root: []string{"resolution.spend"},
		cond: func(n *model.Node) bool { return n.Kind == model.Array && len(n.Children()) > 2 }},
	{minor: 39, feature: "listSum, livePool or liveTrack refs", root: []string{"**.listSum", "**.livePool", "**.liveTrack"},
		entry: []string{"**.listSum", "**.livePool", "**.liveTrack"}},
	{minor: 39, feature: "a skill or save cap", root: []string{"sheet.skills.*.cap", "sheet.saves.*.cap"}},
	{minor: 39, feature: "hideWhen notEquals or in", root: []string{"**.hideWhen.notEquals", "**.hideWhen.in"}},
	{minor: 40, feature: "boxes, fill, onFull or extra on a track, or a rest step kind",
		root: []string{"sheet.live.tracks.*.boxes", "sheet.live.tracks.*.fill", "sheet.live.tracks.*.onFull",
			"sheet.live.tracks.*.extra", "rests.*.restore.*.kind"}},
	{minor: 41, feature: "section on abilities, skills or saves, or untrained",
		root: []string{"sheet.abilities.*.section", "sheet.skills.*.section", "sheet.saves.*.section", "**.untrained"}},
	{minor: 42, feature: "live states", root: []string{"sheet.live.states"}, cond: nonEmpty},
	{minor: 42, feature: "an enumTable derived value", root: []string{"sheet.derived.*.op"}, cond: isText("enumTable")},
	{minor: 42, feature: "a rest step on a state", root: []string{"rests.*.restore.*.state"}},
	{minor: 43, feature: "combat checks or contests", root: []string{"combat.checks", "combat.contests"}, entry: []string{"creature.checks"}},
	{minor: 44, feature: "a reaction on used", entry: []string{"mechanics.reaction.on"}, cond: isText("used")},
	{minor: 44, feature: "a reaction against", entry: []string{"mechanics.reaction.against"}},
	{minor: 45, feature: "combat levels, condition modifiers or endsAfter",
		root: []string{"combat.levels", "combat.conditions.*.modifiers", "**.endsAfter"}, entry: []string{"**.endsAfter"}},
	{minor: 46, feature: "a reaction on hit", entry: []string{"mechanics.reaction.on"}, cond: isText("hit")},
	{minor: 46, feature: "a creature action reaction", entry: []string{"creature.actions.*.reaction"}},
	{minor: 46, feature: "a creature action on itself", entry: []string{"creature.actions.*.self"}},
	{minor: 47, feature: "initiative each round", root: []string{"combat.initiative.each"}, cond: isText("round")},
	{minor: 47, feature: "attack toHit.skill, spendLimits or creature soak",
		root: []string{"combat.attacks.*.toHit.skill", "combat.spendLimits"}, entry: []string{"creature.soak"}},
	{minor: 48, feature: "initiative pool, plus or resource",
		root: []string{"combat.initiative.pool", "combat.initiative.plus", "combat.initiative.resource"}},
	{minor: 49, feature: "an items block", root: []string{"items"}},
	{minor: 49, feature: "an items catalog", root: []string{"catalogs.*.holds"}, cond: isText(model.HoldsItems)},
	{minor: 51, feature: "items.rarityCaps or items.propose", root: []string{"items.rarityCaps", "items.propose"}},
	{minor: 52, feature: "itemStat refs", root: []string{"**.itemStat"}, entry: []string{"**.itemStat"}},
	{minor: 53, feature: "worn or carried item effects, or rarityCaps bonus",
		entry: []string{"item.worn", "item.carried"}, root: []string{"items.rarityCaps.*.bonus"}},
	{minor: 53, feature: "a combat condition or level narrowed to some skills, or a modifier naming skills, saves or a mode",
		root: []string{"combat.conditions.*.skills", "combat.levels.*.skills",
			"combat.conditions.*.modifiers.*.skills", "combat.conditions.*.modifiers.*.saves", "combat.conditions.*.modifiers.*.mode",
			"combat.levels.*.modifiers.*.skills", "combat.levels.*.modifiers.*.saves", "combat.levels.*.modifiers.*.mode"}},
	{minor: 54, feature: "item requires or item-effect abilities", entry: []string{"item.requires", "item.worn.abilities", "item.carried.abilities"}},
	{minor: 54, feature: "combat levels reading a derived value", root: []string{"combat.levels.**.derived"}},
	{minor: 55, feature: "weapons (item attack)", entry: []string{"item.attack"}},
	{minor: 57, feature: "weapon ammo or clip", entry: []string{"item.attack.ammo", "item.attack.clip"}},
	{minor: 58, feature: "weapon modes, offHand, floor or onHit",
		entry: []string{"item.attack.modes", "item.attack.offHand", "item.attack.floor", "item.attack.onHit"}},
	{minor: 59, feature: "item use or charges", entry: []string{"item.use", "item.charges"}},
	{minor: 60, feature: "use restore", entry: []string{"item.use.restore"}},
	{minor: 61, feature: "charges recharge or breaksOn", entry: []string{"item.charges.recharge", "item.charges.breaksOn"}},
	{minor: 62, feature: "use gate", entry: []string{"item.use.gate"}},
	{minor: 63, feature: "loot tables", root: []string{"items.lootTables"}, cond: nonEmpty},
	{minor: 63, feature: "creature loot", entry: []string{"creature.loot"}},
	{minor: 64, feature: "a loot line dropping coins",
		root: []string{"items.lootTables.*.entries.*.coins", "layers.*.items.lootTables.*.entries.*.coins"}},
	{minor: 64, feature: "a layer removing coins", root: []string{"layers.*.currencies"}},
	{minor: 65, feature: "a market", root: []string{"items.market"}},
	{minor: 65, feature: "item sold or service", entry: []string{"item.sold", "item.service"}},
	{minor: 77, feature: "sheet.migrations", root: []string{"sheet.migrations"}, cond: nonEmpty},
	{minor: 794, feature: "a setColumn migration step", root: []string{"sheet.migrations.*.steps.*.setColumn"}},
	{minor: 813, feature: "a layer changing items", root: []string{"layers.*.items"}},
}

// namesEnumColumn tells whether a gm.sheetSummary list's nameColumn names
// an enum column of that list (a text column is the base format).
func namesEnumColumn(n *model.Node) bool {
	if n.Kind != model.String || n.Parent() == nil {
		return false
	}
	list := n.Parent().Get("list")
	if list == nil || list.Kind != model.String {
		return false
	}
	root := n
	for root.Parent() != nil {
		root = root.Parent()
	}
	for _, l := range kids(at(root, "sheet", "lists")) {
		if id := l.Get("id"); id == nil || id.Str() != list.Str() {
			continue
		}
		for _, col := range kids(l.Get("columns")) {
			if id := col.Get("id"); id != nil && id.Str() == n.Str() {
				typ := col.Get("type")
				return typ != nil && typ.Kind == model.String && typ.Str() == model.TypeEnum
			}
		}
	}
	return false
}

// CapabilityNeeds lists every feature the workspace uses that needs more
// than the base format, each once (where it is first used), highest minor
// first. Translations in a package (a locale file with a ruleset section)
// and language packs beside a catalog artifact need 1.811.
func CapabilityNeeds(ws *model.Workspace) []Need {
	if ws == nil || ws.Ruleset == nil || ws.Ruleset.Root == nil {
		return nil
	}
	search := newGateSearch(ws.Ruleset)
	needs := make([]Need, 0, 16)
	for gi, g := range gates {
		if file, n := search.firstUse(gi); n != nil {
			needs = append(needs, Need{Minor: g.minor, Feature: g.feature, File: file, Path: n.Path()})
		}
	}
	needs = highestFirst(needs)
	if f := translatingLocale(ws); f != nil {
		what := "translations in the package (locales/" + f.Lang + ".json)"
		if ws.Kind == model.Artifact {
			what = "language packs (" + path.Base(f.Name) + ")"
		}
		// After every need of a higher or the same minor.
		i := slices.IndexFunc(needs, func(n Need) bool { return n.Minor < translationsMinor })
		if i < 0 {
			i = len(needs)
		}
		needs = slices.Insert(needs, i, Need{Minor: translationsMinor, Feature: what, File: f.Name, Path: "ruleset"})
	}
	return needs
}

// translationsMinor is what translations in a package, or language packs
// beside a catalog artifact, need.
const translationsMinor = 811

// translatingLocale is the first locale file of a package or artifact that
// translates the ruleset (has a ruleset section), or nil.
func translatingLocale(ws *model.Workspace) *model.File {
	if ws.Kind != model.Package && ws.Kind != model.Artifact {
		return nil
	}
	for _, f := range ws.Locales {
		if !f.Unlisted && f.Root != nil && f.Root.Kind == model.Object && f.Root.Get("ruleset") != nil {
			return f
		}
	}
	return nil
}

// NeededCapability is the Capability API minor version (major 1) the
// workspace needs: the highest among the features it uses, and at least
// the base format's 20. It is NeededMinor(CapabilityNeeds(ws)), worked out
// from the highest gate down, no further than the first one used.
func NeededCapability(ws *model.Workspace) int {
	if ws == nil || ws.Ruleset == nil || ws.Ruleset.Root == nil {
		return BaseCapability
	}
	best := BaseCapability
	if translatingLocale(ws) != nil {
		best = translationsMinor
	}
	search := newGateSearch(ws.Ruleset)
	for _, gi := range gatesHighestFirst {
		if gates[gi].minor <= best {
			break
		}
		if _, n := search.firstUse(gi); n != nil {
			return gates[gi].minor
		}
	}
	return best
}

// gatesHighestFirst are the indices of gates, the highest minor first.
var gatesHighestFirst = func() []int {
	order := make([]int, len(gates))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(gates[b].minor, gates[a].minor) })
	return order
}()

// Capability is the Capability API minor version the workspace needs
// and, for a package whose manifest declares one, CheckNeeds' findings.
// Only then is every need listed; otherwise the version alone is worked
// out (NeededCapability).
func Capability(ws *model.Workspace) (int, []model.Diagnostic) {
	if !declaresCapability(ws) {
		return NeededCapability(ws), nil
	}
	needs := CapabilityNeeds(ws)
	return NeededMinor(needs), CheckNeeds(ws, needs)
}

// declaresCapability tells whether ws is a package whose manifest declares
// the Capability API version it needs, for CheckNeeds to compare.
func declaresCapability(ws *model.Workspace) bool {
	return ws != nil && ws.Kind == model.Package && ws.Manifest != nil && ws.Manifest.HasCapability
}

// gateSearch finds where a ruleset first uses each gate's feature.
type gateSearch struct {
	rs      *model.Ruleset
	present []bool
	// deep is deepMatches, worked out when first wanted.
	deep []*model.Node
}

func newGateSearch(rs *model.Ruleset) *gateSearch {
	return &gateSearch{rs: rs, present: keysPresent(rs)}
}

// firstUse is where gate gi's feature is first used: the file and the
// node, or nil.
func (s *gateSearch) firstUse(gi int) (string, *model.Node) {
	g := gates[gi]
	for pi, pat := range compiled[gi].root {
		if !pat.possible(s.present) {
			continue
		}
		var n *model.Node
		if d := compiled[gi].deep[pi]; d >= 0 {
			if s.deep == nil {
				s.deep = deepMatches(s.rs.Root, s.present)
			}
			n = s.deep[d]
		} else {
			n = findPattern(s.rs.Root, pat.segs, g.cond)
		}
		if n != nil {
			return s.rs.File, n
		}
	}
	if len(g.entry) > 0 {
		return findInEntries(s.rs, g, compiled[gi].entry, s.present)
	}
	return "", nil
}

// highestFirst orders needs by minor, highest first, those of one minor
// in the order given. Needs listed in the gates' order come in runs of
// rising minors, which are reversed in place: the whole list, then each run
// back to the order given; other lists are sorted.
func highestFirst(needs []Need) []Need {
	if !slices.IsSortedFunc(needs, func(a, b Need) int { return a.Minor - b.Minor }) {
		slices.SortStableFunc(needs, func(a, b Need) int { return b.Minor - a.Minor })
		return needs
	}
	slices.Reverse(needs)
	for start := 0; start < len(needs); {
		end := start + 1
		for end < len(needs) && needs[end].Minor == needs[start].Minor {
			end++
		}
		slices.Reverse(needs[start:end])
		start = end
	}
	return needs
}

// pattern is a gate's path pattern split at its dots, with the index in
// patternKeys of each name it gives (-1 for "*" and "**").
type pattern struct {
	segs []string
	keys []int
}

// possible tells whether every name the pattern gives is present.
func (p pattern) possible(present []bool) bool {
	for _, k := range p.keys {
		if k >= 0 && !present[k] {
			return false
		}
	}
	return true
}

// compiled are the gates' patterns, split once, by gate. deep gives, for
// each root pattern, its index in deepRoot, or -1.
var compiled = func() []struct {
	root, entry []pattern
	deep        []int
} {
	out := make([]struct {
		root, entry []pattern
		deep        []int
	}, len(gates))
	for i, g := range gates {
		for _, pat := range g.root {
			p := compile(pat)
			out[i].root = append(out[i].root, p)
			d := -1
			if p.segs[0] == "**" {
				named := len(p.segs) > 1 && p.segs[1] != "*" && p.segs[1] != "**"
				deepNamed = deepNamed && named
				d = len(deepRoot)
				deepRoot = append(deepRoot, deepPattern{pattern: p, cond: g.cond, named: named})
			}
			out[i].deep = append(out[i].deep, d)
		}
		for _, pat := range g.entry {
			out[i].entry = append(out[i].entry, compile(pat))
		}
	}
	return out
}()

// deepPattern is a root pattern beginning with "**", with its gate's cond.
type deepPattern struct {
	pattern
	cond func(*model.Node) bool
	// named tells that the segment after "**" names a member, so that only
	// an object can match where the walk stands.
	named bool
}

// deepNamed tells that every pattern of deepRoot is named: nothing under
// a scalar can match.
var deepNamed = true

// deepRoot are the root patterns beginning with "**": each would walk the
// whole file, so deepMatches looks for them all in one walk. compiled
// fills it in.
var deepRoot []deepPattern

// deepMatches finds in one walk of the tree under root what findPattern
// finds for each of deepRoot, by index: the first match in document order,
// nil for none and for patterns naming a key not present.
func deepMatches(root *model.Node, present []bool) []*model.Node {
	w := deepWalk{found: make([]*model.Node, len(deepRoot))}
	for i, p := range deepRoot {
		if p.possible(present) {
			w.pending = append(w.pending, i)
		}
	}
	w.walk(root)
	return w.found
}

// deepWalk holds what deepMatches has found and still looks for.
type deepWalk struct {
	found   []*model.Node
	pending []int // indices in deepRoot
}

// walk tries the pending patterns at n, then under each child in order, as
// findPattern does for "**", until none is left.
func (w *deepWalk) walk(n *model.Node) {
	if deepNamed && n.Kind != model.Object && n.Kind != model.Array {
		return
	}
	pending := w.pending[:0]
	for _, i := range w.pending {
		p := deepRoot[i]
		if !p.named || n.Kind == model.Object {
			w.found[i] = findPattern(n, p.segs[1:], p.cond)
		}
		if w.found[i] == nil {
			pending = append(pending, i)
		}
	}
	w.pending = pending
	for _, c := range n.Children() {
		if len(w.pending) == 0 {
			return
		}
		w.walk(c)
	}
}

func compile(pat string) pattern {
	p := pattern{segs: strings.Split(pat, ".")}
	for _, seg := range p.segs {
		p.keys = append(p.keys, patternKey(seg))
	}
	return p
}

// patternKeys are the member names the gates' patterns name, and
// patternNames the same as a set to look for in documents.
var patternKeys, patternNames = func() ([]string, *model.NameSet) {
	var keys []string
	for _, g := range gates {
		for _, pat := range append(append([]string(nil), g.root...), g.entry...) {
			for _, seg := range strings.Split(pat, ".") {
				if seg != "*" && seg != "**" && !slices.Contains(keys, seg) {
					keys = append(keys, seg)
				}
			}
		}
	}
	return keys, model.NewNameSet(keys)
}()

// patternKey returns the index in patternKeys of k, or -1.
func patternKey(k string) int { return slices.Index(patternKeys, k) }

// keysPresent tells which of patternKeys are member names anywhere in the
// ruleset's file or its catalogs' entry files, in one pass over each, so
// that a pattern naming a key found nowhere is never searched for.
func keysPresent(rs *model.Ruleset) []bool {
	seen := make([]bool, len(patternKeys))
	patternNames.Find(rs.Root, seen)
	for _, c := range rs.Catalogs {
		if c.EntriesNode != nil && c.EntriesFile != rs.File {
			patternNames.Find(c.EntriesNode, seen)
		}
	}
	return seen
}

func findInEntries(rs *model.Ruleset, g gate, entry []pattern, present []bool) (string, *model.Node) {
	// Only the patterns that can match.
	var buf [8][]string
	pats := buf[:0]
	for _, pat := range entry {
		if pat.possible(present) {
			pats = append(pats, pat.segs)
		}
	}
	if len(pats) == 0 {
		return "", nil
	}
	for _, c := range rs.Catalogs {
		if c.EntriesNode == nil {
			continue
		}
		for _, e := range c.EntriesNode.Children() {
			for _, segs := range pats {
				if n := findPattern(e, segs, g.cond); n != nil {
					return c.EntriesFile, n
				}
			}
		}
	}
	return "", nil
}

// findPattern returns the first node under n matching the pattern segments
// for which cond holds (cond nil: any), or nil.
func findPattern(n *model.Node, segs []string, cond func(*model.Node) bool) *model.Node {
	if n == nil {
		return nil
	}
	if len(segs) == 0 {
		if cond == nil || cond(n) {
			return n
		}
		return nil
	}
	seg, rest := segs[0], segs[1:]
	switch seg {
	case "**":
		if m := findPattern(n, rest, cond); m != nil {
			return m
		}
		for _, c := range n.Children() {
			if m := findPattern(c, segs, cond); m != nil {
				return m
			}
		}
	case "*":
		for _, c := range n.Children() {
			if m := findPattern(c, rest, cond); m != nil {
				return m
			}
		}
	default:
		if n.Kind == model.Object {
			return findPattern(n.Get(seg), rest, cond)
		}
	}
	return nil
}

// NeededMinor is the Capability API minor version that needs, as listed by
// CapabilityNeeds, call for: the highest, and at least the base format's.
func NeededMinor(needs []Need) int {
	if len(needs) == 0 {
		return BaseCapability
	}
	return max(BaseCapability, needs[0].Minor)
}

// CheckCapability compares what a package needs with what its manifest
// declares; a manifest declaring less is an error naming the feature that
// needs the most and the version it needs (the Engine refuses the install).
// Imported files (a single file) declare nothing and get no finding.
func CheckCapability(ws *model.Workspace) []model.Diagnostic {
	_, ds := Capability(ws)
	return ds
}

// CheckNeeds is CheckCapability given the workspace's needs as
// CapabilityNeeds lists them, so that a caller that also wants the needed
// version works them out once.
func CheckNeeds(ws *model.Workspace, needs []Need) []model.Diagnostic {
	if !declaresCapability(ws) {
		return nil
	}
	m := ws.Manifest
	declared := m.CapabilityMinor
	var over []Need
	for _, n := range needs {
		if n.Minor > declared {
			over = append(over, n)
		}
	}
	if len(over) == 0 {
		return nil
	}
	top := over[0]
	msg := fmt.Sprintf("the manifest declares Capability API 1.%d, but the package uses %s (at %s), which needs %s; the Engine refuses the install",
		declared, top.Feature, top.Path, top.Version())
	if len(over) > 1 {
		var also []string
		for _, n := range over[1:] {
			also = append(also, fmt.Sprintf("%s %s", n.Feature, n.Version()))
		}
		msg += "; also above 1." + fmt.Sprint(declared) + ": " + strings.Join(also, ", ")
	}
	file := path.Join(ws.Path, "manifest.json")
	if n := at(m.Node, "capabilityApi", "minor"); n != nil {
		return model.InCategory(model.Capability, []model.Diagnostic{model.At(model.Error, file, n, CodeCapabilityTooLow, "%s", msg)})
	}
	return model.InCategory(model.Capability, []model.Diagnostic{model.Errorf(file, "capabilityApi.minor", CodeCapabilityTooLow, "%s", msg)})
}
