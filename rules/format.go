package rules

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// CheckFormat runs the format's cross-reference checks on the base ruleset:
// every id a part names must exist and be of the right kind, defaults and
// labels must fit the values they describe, and ids must be unique. Shape
// problems were reported when the file was read; these checks skip values
// whose shape was wrong, so each problem is reported once.
func CheckFormat(rs *model.Ruleset) []model.Diagnostic {
	if rs == nil {
		return nil
	}
	c := newFormatChecker(rs)
	c.resolution()
	c.sheet()
	c.items()
	c.catalogs()
	c.combat()
	c.blocks()
	c.gm()
	return c.findings()
}

// findings are the findings made, with one for each file whose findings
// past model.MaxFileFindings were left out, counting them.
func (c *formatChecker) findings() []model.Diagnostic {
	for _, file := range c.leftFiles {
		n := len(c.ds)
		c.ds = c.left[file].Close(file, c.ds)
		c.ds[n].Category = model.Format
	}
	c.leftFiles, c.left = nil, nil
	return c.ds
}

// formatChecker holds the ruleset's ids by kind while it checks.
type formatChecker struct {
	rs *model.Ruleset
	ds []model.Diagnostic
	// listed counts the findings made by file; left those past
	// model.MaxFileFindings, for the files in leftFiles.
	listed    map[string]int
	left      map[string]*model.LeftOut
	leftFiles []string

	abilities, skills, saves, sections, tiers map[string]bool
	fields                                    map[string]*model.Field
	derivedAt                                 map[string]int
	lists                                     map[string]*model.List
	pools                                     map[string]*model.Pool
	tracks                                    map[string]*model.Track
	states                                    map[string]*model.State
	itemIndex
	// liveRefs memoises readsLive by "<ref kind>:<id>".
	liveRefs map[string]bool
}

// itemIndex holds the ids item filters, loot tables and items name: the
// items block's words, coins and loot tables, and the catalogs with their
// entries.
type itemIndex struct {
	categories, rarities, tags, places map[string]bool
	units                              map[string]*model.Coin
	tables                             map[string]bool
	catalogByID                        map[string]*model.Catalog
	// entryByID indexes a catalog's entries by id the first time one is
	// looked up (entryNamed).
	entryByID map[*model.Catalog]map[string]*model.Entry
}

// catalogNamed returns the first catalog with the id, or nil.
func (ix *itemIndex) catalogNamed(id string) *model.Catalog { return ix.catalogByID[id] }

// entryNamed returns the first entry of cat with the id, or nil.
func (ix *itemIndex) entryNamed(cat *model.Catalog, id string) *model.Entry {
	byID, ok := ix.entryByID[cat]
	if !ok {
		byID = firstByID(cat.Entries, func(e *model.Entry) string { return e.ID })
		if ix.entryByID == nil {
			ix.entryByID = map[*model.Catalog]map[string]*model.Entry{}
		}
		ix.entryByID[cat] = byID
	}
	return byID[id]
}

// newFormatChecker indexes the ruleset's ids by kind, each map sized for
// what it holds; where an id is repeated, the first holder is kept.
func newFormatChecker(rs *model.Ruleset) *formatChecker {
	c := newItemRefChecker(rs)
	s := &rs.Sheet
	c.abilities = idSet(s.Abilities, func(a model.Ability) string { return a.ID })
	c.skills = idSet(s.Skills, skillID)
	c.saves = idSet(s.Saves, skillID)
	c.sections = idSet(s.Sections, func(k model.Section) string { return k.ID })
	c.tiers = idSet(rs.Resolution.ProficiencyTiers, func(t model.Tier) string { return t.ID })
	c.fields = firstByID(s.Fields, func(f *model.Field) string { return f.ID })
	c.derivedAt = make(map[string]int, len(s.Derived))
	for i, d := range s.Derived {
		if _, ok := c.derivedAt[d.ID]; !ok {
			c.derivedAt[d.ID] = i
		}
	}
	c.lists = firstByID(s.Lists, func(l *model.List) string { return l.ID })
	c.pools = firstByID(s.Live.Pools, func(p *model.Pool) string { return p.ID })
	c.tracks = firstByID(s.Live.Tracks, func(t *model.Track) string { return t.ID })
	c.states = firstByID(s.Live.States, func(st *model.State) string { return st.ID })
	c.liveRefs = map[string]bool{}
	return c
}

// newItemRefChecker is a format checker that knows only the items block's
// ids: enough for the item filters and loot tables that layers replace.
func newItemRefChecker(rs *model.Ruleset) *formatChecker {
	c := &formatChecker{rs: rs}
	c.catalogByID = firstByID(rs.Catalogs, func(cat *model.Catalog) string { return cat.ID })
	it := rs.Items
	if it == nil {
		return c
	}
	c.categories = wordSet(it.Categories)
	c.rarities = wordSet(it.Rarities)
	c.tags = wordSet(it.Tags)
	if it.Market != nil {
		c.places = wordSet(it.Market.Places)
	}
	n := 0
	for _, f := range it.Currencies {
		n += len(f.Units)
	}
	c.units = make(map[string]*model.Coin, n)
	for _, f := range it.Currencies {
		for _, u := range f.Units {
			if _, dup := c.units[u.ID]; !dup {
				c.units[u.ID] = u
			}
		}
	}
	c.tables = idSet(it.LootTables, func(t *model.LootTable) string { return t.ID })
	return c
}

// words is the set of declared words of a kind: "category", "rarity",
// "tag" or "place".
func (ix *itemIndex) words(kind string) map[string]bool {
	switch kind {
	case "category":
		return ix.categories
	case "rarity":
		return ix.rarities
	case "tag":
		return ix.tags
	case "place":
		return ix.places
	}
	return nil
}

func skillID(k model.Skill) string { return k.ID }

// idSet is the set of the items' ids.
func idSet[T any](items []T, id func(T) string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, item := range items {
		m[id(item)] = true
	}
	return m
}

// firstByID maps each id to the first of the items with that id.
func firstByID[T any](items []*T, id func(*T) string) map[string]*T {
	m := make(map[string]*T, len(items))
	for _, item := range items {
		if k := id(item); m[k] == nil {
			m[k] = item
		}
	}
	return m
}

func wordSet(ws []model.Word) map[string]bool {
	return idSet(ws, func(w model.Word) string { return w.ID })
}

// errAt reports an error at a node of the ruleset file; a nil node means the
// value was missing or malformed, which reading already reported.
func (c *formatChecker) errAt(n *model.Node, code model.Code, format string, args ...any) {
	c.errIn(c.rs.File, n, code, format, args...)
}

func (c *formatChecker) errIn(file string, n *model.Node, code model.Code, format string, args ...any) {
	if n == nil {
		return
	}
	if c.listed == nil {
		c.listed = map[string]int{}
	}
	if l := c.left[file]; l == nil && c.listed[file] >= model.MaxFileFindings {
		if c.left == nil {
			c.left = map[string]*model.LeftOut{}
		}
		c.left[file] = &model.LeftOut{}
		c.leftFiles = append(c.leftFiles, file)
	}
	if l := c.left[file]; l != nil && !l.Room(c.listed[file], model.Error) {
		return
	}
	c.listed[file]++
	d := model.At(model.Error, file, n, code, format, args...)
	d.Category = model.Format
	c.ds = append(c.ds, d)
}

// at walks from n through keys and indices; nil when a step is missing.
func at(n *model.Node, steps ...any) *model.Node {
	for _, s := range steps {
		if n == nil {
			return nil
		}
		switch s := s.(type) {
		case string:
			n = n.Get(s)
		case int:
			n = n.At(s)
		}
	}
	return n
}

// unique reports ids used twice in one array of objects with an "id" key.
func (c *formatChecker) unique(file, what string, arr *model.Node) {
	if arr == nil || arr.Kind != model.Array {
		return
	}
	var seen seenSet
	for _, item := range arr.Children() {
		id := item.Get("id")
		if id == nil || id.Kind != model.String {
			continue
		}
		if seen.has(id.Str()) {
			c.errIn(file, id, model.CodeDuplicateID, "the %s id %q is used twice", what, id.Str())
		}
		seen.add(id.Str())
	}
}

func (c *formatChecker) resolution() {
	r := &c.rs.Resolution
	c.unique(c.rs.File, "proficiency tier", at(r.Node, "proficiencyTiers"))
	if r.Proficiency == nil {
		for i, t := range r.ProficiencyTiers {
			if t.Multiplier != 0 {
				c.errAt(at(r.Node, "proficiencyTiers", i, "multiplier"), CodeMultiplierWithoutProficiency,
					"the tier %q has a multiplier, but the resolution declares no proficiency bonus", t.ID)
			}
		}
	} else {
		c.ref(*r.Proficiency, refNonLive, -1)
	}
	if r.PenaltyFrom != "" {
		t := c.tracks[r.PenaltyFrom]
		switch {
		case t == nil:
			c.errAt(at(r.Node, "penaltyFrom"), CodeUnknownTrack, "penaltyFrom names %q, which is not a live track", r.PenaltyFrom)
		case !t.Wound():
			c.errAt(at(r.Node, "penaltyFrom"), CodePlainTrack, "penaltyFrom names %q, a plain track; it must be a wound track (with levels or boxes)", r.PenaltyFrom)
		}
	}
	c.ds = append(c.ds, model.InCategory(model.Format, checkLadder(c.rs, r.Ladder, c.rs.File, "resolution.difficultyLadder"))...)
}

func (c *formatChecker) sheet() {
	s := &c.rs.Sheet
	n := s.Node
	for _, key := range []string{"sections", "abilities", "skills", "saves", "fields", "derived", "lists"} {
		c.unique(c.rs.File, singular(key), at(n, key))
	}
	for _, key := range []string{"pools", "tracks", "text", "conditions", "states"} {
		c.unique(c.rs.File, "live "+singular(key), at(n, "live", key))
	}
	for i, sv := range s.Saves {
		if c.skills[sv.ID] {
			c.errAt(at(n, "saves", i, "id"), CodeSaveIsSkill, "the save id %q is also a skill id", sv.ID)
		}
	}
	for i, d := range s.Derived {
		if c.fields[d.ID] != nil {
			c.errAt(at(n, "derived", i, "id"), CodeDerivedIsField, "the derived id %q is also a field id", d.ID)
		}
	}
	for i, p := range s.Live.Pools {
		if c.tracks[p.ID] != nil {
			c.errAt(at(n, "live", "pools", i, "id"), CodePoolIsTrack, "the pool id %q is also a track id", p.ID)
		}
	}
	harderOK := c.rs.Resolution.Kind == model.DicePool && c.rs.Resolution.TargetAdjustable()
	untrained := func(node *model.Node, rule string) {
		if rule == "harder" && !harderOK {
			c.errAt(at(node, "untrained"), CodeUntrainedHarder, `untrained "harder" needs a dice-pool ruleset whose target is adjustable (target.min below target.max)`)
		}
	}
	section := func(node *model.Node, id string) {
		if id != "" && !c.sections[id] {
			c.errAt(at(node, "section"), CodeUnknownSection, "the section %q is not declared in sheet.sections", id)
		}
	}
	for i, sec := range s.Sections {
		untrained(at(n, "sections", i), sec.Untrained)
	}
	for i, a := range s.Abilities {
		section(at(n, "abilities", i), a.Section)
	}
	for _, group := range []struct {
		key    string
		skills []model.Skill
	}{{"skills", s.Skills}, {"saves", s.Saves}} {
		for i, k := range group.skills {
			node := at(n, group.key, i)
			section(node, k.Section)
			untrained(node, k.Untrained)
			if k.Ability != "" && !c.abilities[k.Ability] {
				c.errAt(at(node, "ability"), CodeUnknownAbility, "the ability %q is not declared", k.Ability)
			}
			if k.Cap != nil {
				c.ref(*k.Cap, refLiveAllowed, -1)
				if k.Cap.Kind == model.RefSkillMod || k.Cap.Kind == model.RefSaveMod {
					c.errAt(k.Cap.Node, CodeCapMod, "a cap may not read a skill or save modifier")
				}
			}
		}
	}
	for _, key := range []string{"skillTiers", "saveTiers"} {
		for i, t := range at(n, key).Strings() {
			if !c.tiers[t] {
				c.errAt(at(n, key, i), CodeUnknownTier, "%s names the tier %q, which resolution.proficiencyTiers does not declare", key, t)
			}
		}
	}
	for _, f := range s.Fields {
		c.field(f)
		section(f.Node, f.Section)
		c.hideWhen(f.HideWhen)
	}
	for i, d := range s.Derived {
		c.derived(i, d)
		section(d.Node, d.Section)
	}
	for _, l := range s.Lists {
		c.list(l)
		section(l.Node, l.Section)
	}
	c.live()
}

func singular(key string) string {
	switch key {
	case "derived", "text":
		return key
	case "abilities":
		return "ability"
	}
	return key[:len(key)-1]
}

// field checks an enum's default and labels, for fields, columns and stats.
func (c *formatChecker) field(f *model.Field) {
	if f.Type != model.TypeEnum || len(f.Values) == 0 {
		return
	}
	if def, ok := f.Default.(string); ok && !slices.Contains(f.Values, def) {
		c.errAt(at(f.Node, "default"), CodeEnumDefault, "the default %q is not one of the values (%s)", def, quoteList(f.Values))
	}
	for _, vl := range f.ValueLabels {
		if !slices.Contains(f.Values, vl.Value) {
			c.errAt(vl.Node, CodeValueLabel, "valueLabels has a label for %q, which is not one of the values", vl.Value)
		}
	}
}

func quoteList(vs []string) string {
	quoted := make([]string, len(vs))
	for i, v := range vs {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}

// hideWhen checks that the field exists and every compared value is one it
// can hold.
func (c *formatChecker) hideWhen(h *model.HideWhen) {
	if h == nil || h.Field == "" {
		return
	}
	f := c.fields[h.Field]
	if f == nil {
		c.errAt(at(h.Node, "field"), CodeUnknownField, "hideWhen reads the field %q, which the sheet does not have", h.Field)
		return
	}
	strict := h.Op != "equals"
	for i, v := range h.Values {
		node := at(h.Node, h.Op)
		if h.Op == "in" {
			node = at(node, i)
		}
		switch f.Type {
		case model.TypeNumber:
			x, ok := v.(float64)
			if !ok {
				c.errAt(node, CodeHideType, "the field %q is a number field; compare it with a number", f.ID)
			} else if strict && (x < f.Min || x > f.Max) {
				c.errAt(node, CodeHideRange, "%v is outside the field's range %v..%v", x, f.Min, f.Max)
			}
		case model.TypeBoolean:
			if _, ok := v.(bool); !ok {
				c.errAt(node, CodeHideType, "the field %q is a boolean field; compare it with true or false", f.ID)
			}
		case model.TypeEnum:
			if s, ok := v.(string); !ok || !slices.Contains(f.Values, s) {
				c.errAt(node, CodeHideValue, "the field %q can never hold %v: it is not one of its values", f.ID, fmtScalar(v))
			}
		default:
			s, ok := v.(string)
			if !ok {
				c.errAt(node, CodeHideType, "the field %q holds text; compare it with text", f.ID)
			} else if strict && model.UTF16Len(s) > f.MaxLength {
				c.errAt(node, CodeHideRange, "the text is longer than the field's maxLength %d", f.MaxLength)
			}
		}
	}
}

func fmtScalar(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}

// What a value ref may read.
type refUse int

const (
	refLiveAllowed refUse = iota
	refNonLive
)

// ref checks that a value ref names existing things. declaredAt is the index
// of the derived value reading it (derived values may read only those
// declared above), or -1.
func (c *formatChecker) ref(r model.ValueRef, use refUse, declaredAt int) {
	name := at(r.Node, r.Kind)
	missing := func(what string) {
		c.errAt(name, CodeUnknownRef, "%s %q is not declared", what, r.Name)
	}
	switch r.Kind {
	case model.RefField:
		f := c.fields[r.Name]
		if f == nil {
			missing("the field")
		} else if f.Type != model.TypeNumber {
			c.errAt(name, CodeRefType, "a field ref must point at a number field; %q is %s", r.Name, f.Type)
		}
	case model.RefDerived:
		i, ok := c.derivedAt[r.Name]
		if !ok {
			missing("the derived value")
		} else if declaredAt >= 0 && i >= declaredAt {
			c.errAt(name, CodeDerivedOrder, "the derived value %q is declared at or below this one; a derived value may read only those declared above it", r.Name)
		}
	case model.RefAbilityScore, model.RefAbilityMod:
		if !c.abilities[r.Name] {
			missing("the ability")
		}
	case model.RefAbilityModFromField:
		f := c.fields[r.Name]
		if f == nil {
			missing("the field")
		} else if f.Type != model.TypeEnum {
			c.errAt(name, CodeRefType, "abilityModFromField must point at an enum field whose values are ability ids")
		}
	case model.RefSkillMod:
		if !c.skills[r.Name] {
			missing("the skill")
		}
	case model.RefSaveMod:
		if !c.saves[r.Name] {
			missing("the save")
		}
	case model.RefLiveTrack:
		if c.tracks[r.Name] == nil {
			missing("the live track")
		}
	case model.RefLivePool:
		if c.pools[r.Name] == nil {
			missing("the live pool")
		}
	case model.RefListSum:
		if ls := r.ListSum; ls != nil && ls.List != "" {
			l := c.lists[ls.List]
			if l == nil {
				c.errAt(at(name, "list"), CodeUnknownRef, "the list %q is not declared", ls.List)
				break
			}
			if col := l.Column(ls.Column); col == nil {
				c.errAt(at(name, "column"), CodeUnknownRef, "the list %q has no column %q", ls.List, ls.Column)
			} else if col.Type != model.TypeNumber {
				c.errAt(at(name, "column"), CodeRefType, "listSum adds up a number column; %q is %s", ls.Column, col.Type)
			}
			if ls.OnlyWhen != "" {
				if col := l.Column(ls.OnlyWhen); col == nil || col.Type != model.TypeBoolean {
					c.errAt(at(name, "onlyWhen"), CodeRefType, "onlyWhen must name a boolean column of %q", ls.List)
				}
			}
		}
	}
	switch {
	case use != refNonLive:
	case r.Live():
		c.errAt(r.Node, CodeLiveRead, "this value is worked out without live state, so it cannot read %s", r.Kind)
	case c.readsLive(r):
		c.errAt(r.Node, CodeLiveRead, "this value is worked out without live state, so it cannot read the %s %q, which reads live state", refNoun[r.Kind], r.Name)
	}
}

// refNoun names what a ref of each id-naming kind reads through.
var refNoun = map[string]string{model.RefDerived: "derived value", model.RefSkillMod: "skill", model.RefSaveMod: "save"}

// readsLive tells whether a ref reads live state, directly or through what
// it reads: a derived value that reads live state or follows a live state
// (ruleset-format §3.5), or a skill or save whose cap does.
func (c *formatChecker) readsLive(r model.ValueRef) bool {
	if r.Live() {
		return true
	}
	var key string
	switch r.Kind {
	case model.RefDerived, model.RefSkillMod, model.RefSaveMod:
		key = r.Kind + ":" + r.Name
	default:
		return false
	}
	if live, seen := c.liveRefs[key]; seen {
		return live // a cycle (refused elsewhere) reads false while it is walked
	}
	c.liveRefs[key] = false
	live := false
	switch r.Kind {
	case model.RefDerived:
		if i, ok := c.derivedAt[r.Name]; ok {
			d := c.rs.Sheet.Derived[i]
			live = d.EnumLiveState != "" || (d.From != nil && c.readsLive(*d.From)) ||
				slices.ContainsFunc(d.Of, c.readsLive)
		}
	default:
		skills := c.rs.Sheet.Skills
		if r.Kind == model.RefSaveMod {
			skills = c.rs.Sheet.Saves
		}
		for _, k := range skills {
			if k.ID == r.Name && k.Cap != nil {
				live = c.readsLive(*k.Cap)
				break
			}
		}
	}
	c.liveRefs[key] = live
	return live
}

func (c *formatChecker) derived(i int, d *model.Derived) {
	c.hideWhen(d.HideWhen)
	for _, r := range d.Of {
		c.ref(r, refLiveAllowed, i)
	}
	if d.From != nil {
		c.ref(*d.From, refLiveAllowed, i)
	}
	if d.Op != "enumTable" {
		return
	}
	var values []string
	switch {
	case d.EnumField != "":
		f := c.fields[d.EnumField]
		if f == nil {
			c.errAt(at(d.Node, "from", "field"), CodeUnknownField, "the field %q is not declared", d.EnumField)
			return
		}
		if f.Type != model.TypeEnum {
			c.errAt(at(d.Node, "from", "field"), CodeRefType, "an enumTable reads an enum field; %q is %s", d.EnumField, f.Type)
			return
		}
		values = f.Values
	case d.EnumLiveState != "":
		st := c.states[d.EnumLiveState]
		if st == nil {
			c.errAt(at(d.Node, "from", "liveState"), CodeUnknownState, "the live state %q is not declared", d.EnumLiveState)
			return
		}
		values = st.Values
	default:
		return
	}
	for _, row := range kids(at(d.Node, "table")) {
		if !slices.Contains(values, row.Key()) {
			c.errAt(row, CodeTableKey, "the table key %q is not one of the values it reads", row.Key())
		}
	}
}

func (c *formatChecker) list(l *model.List) {
	c.hideWhen(l.HideWhen)
	for _, col := range l.Columns {
		c.field(col)
	}
	if p := l.Pools; p != nil {
		need := func(key, id, typ string) {
			col := l.Column(id)
			if id != "" && (col == nil || col.Type != typ) {
				c.errAt(at(l.Node, "pools", key), CodePoolColumn, "%s must name a %s column of this list", key, typ)
			}
		}
		need("nameColumn", p.NameColumn, model.TypeText)
		need("maxColumn", p.MaxColumn, model.TypeNumber)
		need("rechargeColumn", p.RechargeColumn, model.TypeEnum)
	}
}

func (c *formatChecker) live() {
	lv := &c.rs.Sheet.Live
	for _, p := range lv.Pools {
		c.ref(p.Max, refNonLive, -1)
		c.hideWhen(p.HideWhen)
	}
	for _, t := range lv.Tracks {
		c.hideWhen(t.HideWhen)
		if t.Max.Kind != model.RefConst {
			c.ref(t.Max, refNonLive, -1)
		}
		maxConst := t.Max.Kind == model.RefConst
		switch {
		case len(t.Levels) > 0:
			if maxConst && int(t.Max.Const) != len(t.Levels) {
				c.errAt(at(t.Node, "max"), CodeTrackMax, "a track with levels has max equal to its number of levels (%d)", len(t.Levels))
			}
			for i := 1; i < len(t.Levels); i++ {
				if t.Levels[i].Penalty > t.Levels[i-1].Penalty {
					c.errAt(at(t.Node, "levels", i, "penalty"), CodeLevelOrder, "each level's penalty must be at most the one above it")
				}
			}
		case t.Boxes:
			if maxConst && (t.Max.Const < 0 || t.Max.Const > 64) {
				c.errAt(at(t.Node, "max"), CodeTrackMax, "a track with boxes has at most 64 boxes")
			}
		}
		if t.Wound() {
			if t.Min != 0 {
				c.errAt(at(t.Node, "min"), CodeWoundMin, "a wound track's min is 0")
			}
			if t.HasDefault && t.Default != 0 {
				c.errAt(at(t.Node, "default"), CodeWoundDefault, "a wound track's default is absent or 0")
			}
			c.unique(c.rs.File, "wound kind", at(t.Node, "kinds"))
			sev := map[int]bool{}
			for i, k := range t.Kinds {
				if sev[k.Severity] {
					c.errAt(at(t.Node, "kinds", i, "severity"), CodeKindSeverity, "wound kinds need different severities; %d is used twice", k.Severity)
				}
				sev[k.Severity] = true
			}
			if t.Fill == "indexed" && t.OnFull != "refuse" {
				c.errAt(at(t.Node, "fill"), CodeFillIndexed, `fill "indexed" requires onFull "refuse"`)
			}
			c.trackExtra(t)
			continue
		}
		if maxConst {
			mx := int(t.Max.Const)
			if t.Min > mx {
				c.errAt(at(t.Node, "min"), model.CodeRange, "the track %q needs min ≤ max; min %d is above max %d", t.ID, t.Min, mx)
			}
			if t.HasDefault && (t.Default < t.Min || t.Default > mx) {
				c.errAt(at(t.Node, "default"), model.CodeRange, "the default %d is outside %d..%d", t.Default, t.Min, mx)
			}
		} else if t.HasDefault && t.Default < t.Min {
			c.errAt(at(t.Node, "default"), model.CodeRange, "the default %d is below min %d", t.Default, t.Min)
		}
	}
	for _, st := range lv.States {
		c.hideWhen(st.HideWhen)
		var seen seenSet
		for i, v := range st.Values {
			if seen.has(v) {
				c.errAt(at(st.Node, "values", i), model.CodeDuplicateValue, "the value %q is listed twice", v)
			}
			seen.add(v)
		}
		if at(st.Node, "default") != nil && len(st.Values) > 0 && !seen.has(st.Default) {
			c.errAt(at(st.Node, "default"), CodeStateDefault, "the default %q is not one of the values", st.Default)
		}
		for _, vl := range st.ValueLabels {
			if !seen.has(vl.Value) {
				c.errAt(vl.Node, CodeValueLabel, "valueLabels has a label for %q, which is not one of the values", vl.Value)
			}
		}
	}
}

// trackExtra checks the list whose rows give a wound track extra levels:
// it must exist, and its count and penalty columns must be number columns.
func (c *formatChecker) trackExtra(t *model.Track) {
	x := t.Extra
	if x == nil || x.List == "" {
		return
	}
	l := c.lists[x.List]
	if l == nil {
		c.errAt(at(x.Node, "list"), CodeUnknownList, "the wound track %q takes extra levels from the list %q, which the sheet does not declare", t.ID, x.List)
		return
	}
	for _, k := range []struct{ key, id string }{{"countColumn", x.CountColumn}, {"penaltyColumn", x.PenaltyColumn}} {
		if k.id == "" {
			continue
		}
		switch col := l.Column(k.id); {
		case col == nil:
			c.errAt(at(x.Node, k.key), CodeUnknownColumn, "the wound track %q reads its extra levels' %s from %q, which the list %q does not have", t.ID, strings.TrimSuffix(k.key, "Column"), k.id, l.ID)
		case col.Type != model.TypeNumber:
			c.errAt(at(x.Node, k.key), CodeColumnType, "the wound track %q reads its extra levels' %s from %q, a %s column of %q; it must be a number column", t.ID, strings.TrimSuffix(k.key, "Column"), k.id, col.Type, l.ID)
		}
	}
}

// filter checks that an item filter names only declared words.
func (c *formatChecker) filter(file string, f model.ItemFilter) {
	check := func(kind, id string) {
		if id != "" && !c.words(kind)[id] {
			c.errIn(file, at(f.Node, kind), CodeUnknownWord, "the %s %q is not declared in items", kind, id)
		}
	}
	check("category", f.Category)
	check("rarity", f.Rarity)
	check("tag", f.Tag)
}

func (c *formatChecker) place(node *model.Node, id string) {
	if id != "" && !c.places[id] {
		c.errAt(node, CodeUnknownPlace, "the place %q is not declared in items.market.places", id)
	}
}

func (c *formatChecker) items() {
	it := c.rs.Items
	if it == nil {
		return
	}
	n := it.Node
	for _, arr := range [][2]string{{"stats", "item stat"}, {"slots", "slot"}, {"currencies", "currency family"}, {"lootTables", "loot table"}} {
		c.unique(c.rs.File, arr[1], at(n, arr[0]))
	}
	for _, st := range it.Stats {
		c.field(st)
	}
	c.itemLimits(n)
	var allUnits seenSet
	for i, f := range it.Currencies {
		hasOne := false
		values := map[int64]bool{}
		for j, u := range f.Units {
			node := at(n, "currencies", i, "units", j)
			if allUnits.has(u.ID) && u.ID != "" {
				c.errAt(at(node, "id"), CodeDuplicateUnit, "the coin id %q is used twice; coin ids are unique across all families", u.ID)
			}
			allUnits.add(u.ID)
			if values[u.Value] && u.Value > 0 {
				c.errAt(at(node, "value"), model.CodeDuplicateValue, "two coins of %q are worth %d", f.ID, u.Value)
			}
			values[u.Value] = true
			hasOne = hasOne || u.Value == 1
		}
		if !hasOne && len(f.Units) > 0 {
			c.errAt(at(n, "currencies", i, "units"), CodeNoSmallestCoin, "the family %q needs one coin of value 1 (its smallest coin)", f.ID)
		}
		if f.PerWeight != 0 && !it.HasCarry {
			c.errAt(at(n, "currencies", i, "perWeight"), CodePerWeight, "perWeight needs items.carry")
		}
	}
	for _, t := range it.LootTables {
		c.lootTable(c.rs.File, t)
	}
	if m := it.Market; m != nil {
		c.unique(c.rs.File, "price level", at(m.Node, "prices"))
		c.unique(c.rs.File, "place", at(m.Node, "places"))
		for i, s := range m.Sold {
			c.filter(c.rs.File, s.Filter)
			c.place(at(m.Node, "sold", i, "place"), s.Place)
		}
		for _, s := range m.Sellers {
			c.place(at(s.Node, "place"), s.Place)
			if r, ok := refAt(at(s.Node, "only", "value")); ok {
				c.ref(r, refLiveAllowed, -1)
			}
			for _, f := range s.Sells {
				c.filter(c.rs.File, f)
			}
			c.tableRef(at(s.Node, "stock"), s.Stock, "the seller")
		}
		for _, f := range m.Unsold {
			c.filter(c.rs.File, f)
		}
	}
}

// itemLimits checks what items.binding, items.carry and items.rarityCaps
// name (ruleset-format.md §5.2): the binding maximum and the carry limits
// are worked out without live state; carry counts a number stat that
// cannot go below 0; each rarity cap names a declared rarity, once, and
// number stats with values they can hold.
func (c *formatChecker) itemLimits(n *model.Node) {
	for _, key := range [][]string{{"binding", "max"}, {"carry", "encumberedAbove"}, {"carry", "limit"}} {
		if r, ok := refAt(at(n, key[0], key[1])); ok {
			c.ref(r, refNonLive, -1)
		}
	}
	if sn := at(n, "carry", "stat"); sn != nil && sn.Kind == model.String {
		switch st := c.stat(sn.Str()); {
		case st == nil:
			c.errAt(sn, CodeUnknownStat, "the stat %q is not declared in items.stats", sn.Str())
		case st.Type != model.TypeNumber:
			c.errAt(sn, CodeStatType, "carry counts a number stat; %q is %s", sn.Str(), st.Type)
		case st.Min < 0:
			c.errAt(sn, CodeStatType, "carry counts a stat whose min is at least 0; %q goes down to %v", sn.Str(), st.Min)
		}
	}
	var capped seenSet
	for _, cp := range kids(at(n, "rarityCaps")) {
		rn := cp.Get("rarity")
		if rn != nil && rn.Kind == model.String {
			switch {
			case !c.rarities[rn.Str()]:
				c.errAt(rn, CodeUnknownWord, "the rarity %q is not declared in items.rarities", rn.Str())
			case capped.has(rn.Str()):
				c.errAt(rn, CodeDuplicateCap, "the rarity %q already has a cap; one cap per rarity", rn.Str())
			}
			capped.add(rn.Str())
		}
		for _, v := range kids(cp.Get("stats")) {
			switch st := c.stat(v.Key()); {
			case st == nil:
				c.errAt(v, CodeUnknownStat, "the stat %q is not declared in items.stats", v.Key())
			case st.Type != model.TypeNumber:
				c.errAt(v, CodeStatType, "a rarity cap limits number stats; %q is %s", v.Key(), st.Type)
			case v.Kind == model.Number: // another kind was reported when the file was read
				c.columnValue(c.rs.File, "stat", st, model.ColumnValue{Column: v.Key(), Value: v.Num(), Node: v})
			}
		}
	}
}

// stat returns the declared item stat with this id, or nil.
func (c *formatChecker) stat(id string) *model.Field {
	for _, st := range c.rs.Items.Stats {
		if st.ID == id {
			return st
		}
	}
	return nil
}

// refAt reads the value ref written at n, for the refs the model does not
// keep (a seller's only, the binding and carry limits); ok is false when n
// is not an object naming exactly one kind of ref, which reading reported.
func refAt(n *model.Node) (r model.ValueRef, ok bool) {
	if n == nil || n.Kind != model.Object {
		return r, false
	}
	for _, k := range n.Children() {
		if k.Key() == "read" {
			continue
		}
		if r.Kind != "" {
			return model.ValueRef{}, false
		}
		r = model.ValueRef{Kind: k.Key(), Node: n}
		switch k.Key() {
		case model.RefConst:
		case model.RefListSum:
			r.ListSum = &model.ListSumRef{List: textAt(k, "list"), Column: textAt(k, "column"), OnlyWhen: textAt(k, "onlyWhen")}
		case model.RefItemStat:
			r.Name = textAt(k, "stat")
		default:
			r.Name = textAt(k)
		}
	}
	return r, r.Kind != ""
}

// textAt is the text at a path below n, "" when it is missing or not text.
func textAt(n *model.Node, steps ...any) string {
	if t := at(n, steps...); t != nil && t.Kind == model.String {
		return t.Str()
	}
	return ""
}

// lootTable checks a loot table's lines (base tables and layer replacements).
func (c *formatChecker) lootTable(file string, t *model.LootTable) {
	for _, line := range t.Entries {
		switch {
		case line.Coins != "":
			if c.units[line.Coins] == nil {
				c.errIn(file, at(line.Node, "coins"), CodeUnknownCoin, "the coin %q is not declared in items.currencies", line.Coins)
			}
		case line.Filter != nil:
			c.filter(file, *line.Filter)
		case line.Item != "":
			c.itemRef(file, at(line.Node, "item"), line.Item)
		}
	}
}

// itemRef checks a <catalog>/<entry> reference to an item.
func (c *formatChecker) itemRef(file string, node *model.Node, ref string) {
	catID, entryID, ok := strings.Cut(ref, "/")
	if !ok {
		return
	}
	cat := c.catalogNamed(catID)
	switch {
	case cat == nil:
		c.errIn(file, node, CodeUnknownCatalog, "the catalog %q is not declared", catID)
	case cat.Holds != model.HoldsItems:
		c.errIn(file, node, CodeNotItems, "the catalog %q holds %s, not items", catID, cat.Holds)
	case cat.Asset == "":
		if e := c.entryNamed(cat, entryID); e == nil {
			c.errIn(file, node, CodeUnknownEntry, "the catalog %q has no entry %q", catID, entryID)
		} else if e.Item == nil {
			c.errIn(file, node, CodeNotItems, "the entry %q is not an item", ref)
		}
	}
}

// kids returns the items or members of a node, none for nil.
func kids(n *model.Node) []*model.Node {
	if n == nil {
		return nil
	}
	return n.Children()
}

func (c *formatChecker) tableRef(node *model.Node, id, who string) {
	if id != "" && !c.tables[id] {
		c.errAt(node, CodeUnknownLootTable, "%s names the loot table %q, which items.lootTables does not declare", who, id)
	}
}

func (c *formatChecker) catalogs() {
	c.unique(c.rs.File, "catalog", at(c.rs.Root, "catalogs"))
	for _, cat := range c.rs.Catalogs {
		for i, feed := range cat.Feeds {
			if c.lists[feed] == nil {
				c.errAt(at(cat.Node, "feeds", i), CodeUnknownList, "feeds names %q, which is not a sheet list", feed)
			}
		}
		for i, f := range cat.Filters {
			if f.StartFrom != "" && c.fields[f.StartFrom] == nil {
				c.errAt(at(cat.Node, "filters", i, "startFrom", "field"), CodeUnknownField, "startFrom names %q, which is not a sheet field", f.StartFrom)
			}
		}
		switch cat.Holds {
		case model.HoldsCreatures:
			if c.rs.Combat == nil || len(c.rs.Combat.Threat) == 0 {
				c.errAt(at(cat.Node, "holds"), CodeCreaturesNeedCombat, "a creatures catalog needs a combat block with threat tiers")
			}
		case model.HoldsItems:
			if c.rs.Items == nil {
				c.errAt(at(cat.Node, "holds"), CodeItemsNeedItems, "an items catalog needs an items block")
			}
		}
		for _, e := range cat.Entries {
			c.entry(cat, e)
		}
	}
}

// filterValueKind is the kind of value each type of catalog filter takes.
var filterValueKind = map[string]model.Kind{model.FilterNumber: model.Number, model.FilterText: model.String, model.FilterTags: model.Array}

func (c *formatChecker) entry(cat *model.Catalog, e *model.Entry) {
	file := cat.EntriesFile
	for _, fv := range e.Filters {
		f := cat.Filter(fv.Filter)
		if f == nil {
			c.errIn(file, fv.Node, CodeUndeclaredFilter, "the catalog %q declares no filter %q", cat.ID, fv.Filter)
			continue
		}
		want := filterValueKind[f.Type]
		if f.Type != "" && fv.Kind != want {
			c.errIn(file, fv.Node, CodeFilterType, "the filter %q is a %s filter; this value is %s", f.ID, f.Type, fv.Kind)
		}
	}
	for _, row := range e.Rows {
		c.row(cat, file, row, len(e.Rows))
	}
	if cr := e.Creature; cr != nil {
		if cr.Tier != "" && c.rs.Combat != nil && !slices.ContainsFunc(c.rs.Combat.Threat, func(t *model.ThreatTier) bool { return t.ID == cr.Tier }) {
			c.errIn(file, at(cr.Node, "tier"), CodeUnknownTier, "the tier %q is not a combat threat tier", cr.Tier)
		}
		if cr.Loot != "" && !c.tables[cr.Loot] {
			c.errIn(file, at(cr.Node, "loot"), CodeUnknownLootTable, "the creature names the loot table %q, which items.lootTables does not declare", cr.Loot)
		}
	}
	if it := e.Item; it != nil {
		c.item(file, it)
	}
}

func (c *formatChecker) row(cat *model.Catalog, file string, row model.Row, _ int) {
	if row.List == "" {
		return
	}
	l := c.lists[row.List]
	if l == nil || !slices.Contains(cat.Feeds, row.List) {
		c.errIn(file, at(row.Node, "list"), CodeRowList, "the row writes to %q, which is not a list this catalog feeds", row.List)
		return
	}
	var set seenSet
	for _, cv := range row.Values {
		set.add(cv.Column)
		col := l.Column(cv.Column)
		if col == nil {
			c.errIn(file, cv.Node, CodeUnknownColumn, "the list %q has no column %q", l.ID, cv.Column)
			continue
		}
		c.columnValue(file, "column", col, cv)
	}
	for _, col := range l.Columns {
		if col.Required && !set.has(col.ID) {
			c.errIn(file, at(row.Node, "values"), CodeRequiredColumn, "the column %q is required", col.ID)
		}
	}
}

// columnValue checks a value against a list column or an item stat (what
// says which) of the same shapes.
func (c *formatChecker) columnValue(file, what string, col *model.Field, cv model.ColumnValue) {
	bad := func(format string, args ...any) { c.errIn(file, cv.Node, CodeColumnValue, format, args...) }
	switch col.Type {
	case model.TypeNumber:
		x, ok := cv.Value.(float64)
		switch {
		case !ok:
			bad("the %s %q takes a number", what, col.ID)
		case col.Integer && x != math.Trunc(x):
			bad("the %s %q takes a whole number", what, col.ID)
		case x < col.Min || x > col.Max:
			bad("%v is outside the %s's range %v..%v", x, what, col.Min, col.Max)
		}
	case model.TypeBoolean:
		if _, ok := cv.Value.(bool); !ok {
			bad("the %s %q takes true or false", what, col.ID)
		}
	case model.TypeEnum:
		if s, ok := cv.Value.(string); !ok || !slices.Contains(col.Values, s) {
			bad("%s is not one of the %s %q's values", fmtScalar(cv.Value), what, col.ID)
		}
	default:
		s, ok := cv.Value.(string)
		limit := col.MaxLength
		if col.Type == model.TypeDice {
			limit = 40
		}
		if !ok {
			bad("the %s %q takes text", what, col.ID)
		} else if limit > 0 && model.UTF16Len(s) > limit {
			bad("the text is longer than the %s's %d characters", what, limit)
		}
	}
}

func (c *formatChecker) item(file string, it *model.Item) {
	if c.rs.Items == nil {
		return
	}
	if it.Category != "" && !c.categories[it.Category] {
		c.errIn(file, at(it.Node, "category"), CodeUnknownWord, "the category %q is not declared in items", it.Category)
	}
	if it.Rarity != "" && !c.rarities[it.Rarity] {
		c.errIn(file, at(it.Node, "rarity"), CodeUnknownWord, "the rarity %q is not declared in items", it.Rarity)
	}
	var seen seenSet
	for i, t := range it.Tags {
		node := at(it.Node, "tags", i)
		if !c.tags[t] {
			c.errIn(file, node, CodeUnknownWord, "the tag %q is not declared in items", t)
		}
		if seen.has(t) {
			c.errIn(file, node, CodeDuplicateTag, "the tag %q is given twice", t)
		}
		seen.add(t)
	}
	if it.Cost != nil && it.Cost.Unit != "" {
		switch {
		case len(c.rs.Items.Currencies) == 0:
			c.errIn(file, at(it.Cost.Node, "unit"), CodeNoCurrencies, "the item has a cost, but items declares no currencies")
		case c.units[it.Cost.Unit] == nil:
			c.errIn(file, at(it.Cost.Node, "unit"), CodeUnknownCoin, "the cost is in %q, which no currency family declares", it.Cost.Unit)
		}
	}
	if it.SoldPlace != "" {
		if c.rs.Items.Market == nil {
			c.errIn(file, at(it.Node, "sold"), CodeSoldNeedsMarket, "sold needs items.market")
		} else if !c.places[it.SoldPlace] {
			c.errIn(file, at(it.Node, "sold", "place"), CodeUnknownPlace, "the place %q is not declared in items.market.places", it.SoldPlace)
		}
	}
	if it.Service && it.Cost == nil {
		c.errIn(file, at(it.Node, "service"), CodeServiceCost, "a service needs a cost")
	}
	if it.Service {
		for _, key := range []string{"slots", "stack", "binds", "worn", "carried", "requires", "attack", "use", "charges"} {
			c.errIn(file, at(it.Node, key), CodeServiceKey, "a service is not a thing to hold, so it has no %s", key)
		}
	}
	for _, v := range kids(at(it.Node, "stats")) {
		switch st := c.stat(v.Key()); {
		case st == nil:
			c.errIn(file, v, CodeUnknownStat, "the stat %q is not declared in items.stats", v.Key())
		case v.Kind != model.Object && v.Kind != model.Array: // reported when the file was read
			c.columnValue(file, "stat", st, model.ColumnValue{Column: v.Key(), Value: v.Scalar(), Node: v})
		}
	}
	for _, v := range kids(at(it.Node, "slots")) {
		i := slices.IndexFunc(c.rs.Items.Slots, func(s model.Slot) bool { return s.ID == v.Key() })
		switch {
		case i < 0:
			c.errIn(file, v, CodeUnknownSlot, "the slot %q is not declared in items.slots", v.Key())
		case v.Kind == model.Number && v.Num() > float64(c.rs.Items.Slots[i].Count):
			c.errIn(file, v, CodeSlotCount, "the item takes %v %q slots, but a character has only %d", v.Num(), v.Key(), c.rs.Items.Slots[i].Count)
		}
	}
	if b := at(it.Node, "binds"); b != nil && at(c.rs.Items.Node, "binding") == nil {
		c.errIn(file, b, CodeBindsNeedBinding, "binds needs items.binding")
	}
}

func (c *formatChecker) combat() {
	cb := c.rs.Combat
	if cb == nil {
		return
	}
	c.unique(c.rs.File, "threat tier", at(cb.Node, "threat", "tiers"))
	for _, t := range cb.Threat {
		c.tableRef(at(t.Node, "loot"), t.Loot, "the threat tier")
	}
}

func (c *formatChecker) gm() {
	s := at(c.rs.GM.Node, "sheetSummary")
	if s == nil {
		return
	}
	for i, id := range at(s, "fields").Strings() {
		if c.fields[id] == nil {
			c.errAt(at(s, "fields", i), CodeUnknownField, "the field %q is not declared", id)
		}
	}
	for i, id := range at(s, "derived").Strings() {
		if _, ok := c.derivedAt[id]; !ok {
			c.errAt(at(s, "derived", i), CodeUnknownRef, "the derived value %q is not declared", id)
		}
	}
	for i, l := range kids(at(s, "lists")) {
		id := at(l, "list")
		if id == nil || id.Kind != model.String {
			continue
		}
		list := c.lists[id.Str()]
		if list == nil {
			c.errAt(id, CodeUnknownList, "the list %q is not declared", id.Str())
			continue
		}
		for _, key := range []string{"nameColumn", "groupBy", "onlyWhen"} {
			name := at(s, "lists", i, key)
			if name == nil || name.Kind != model.String {
				continue
			}
			col := list.Column(name.Str())
			switch {
			case col == nil:
				c.errAt(name, CodeUnknownColumn, "the list %q has no column %q", id.Str(), name.Str())
			case key == "nameColumn" && col.Type != model.TypeText && col.Type != model.TypeEnum:
				c.errAt(name, CodeColumnType, "the sheet summary names the rows of %q by %q, a %s column; nameColumn must be a text or enum column", id.Str(), name.Str(), col.Type)
			case key == "onlyWhen" && col.Type != model.TypeBoolean:
				c.errAt(name, CodeColumnType, "the sheet summary shows the rows of %q only when %q is on, but it is a %s column; onlyWhen must be a boolean column", id.Str(), name.Str(), col.Type)
			}
		}
		for _, col := range kids(at(l, "columns")) {
			if col.Kind == model.String && list.Column(col.Str()) == nil {
				c.errAt(col, CodeUnknownColumn, "the list %q has no column %q", id.Str(), col.Str())
			}
		}
	}
}
