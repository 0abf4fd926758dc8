package migrate

import (
	"math"

	"rulebench/model"
)

// view works out what a sheet shows for one build: field values with their
// defaults, the non-live value references, hideWhen, and whether a pool or a
// track is shown. Results of derived values are kept, so a long chain of
// derived values is worked out once.
//
// The approximations it makes where the Engine's exact sums are not
// specified are listed in the package doc.
type view struct {
	rs    *model.Ruleset
	build map[string]any
	// derived values worked out so far, and those being worked out (a
	// cycle, which a valid ruleset cannot have, reads 0).
	derived map[string]float64
	busy    map[string]bool
	// proficiency bonus, worked out once
	prof      float64
	profState uint8 // 0 not yet, 1 busy, 2 done
}

func newView(rs *model.Ruleset, build map[string]any) *view {
	return &view{rs: rs, build: build}
}

// record returns build[key] when it is an object.
func record(build map[string]any, key string) map[string]any {
	m, _ := build[key].(map[string]any)
	return m
}

// number converts a saved value to a number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case float32:
		return float64(x), true
	}
	return 0, false
}

// fieldDefault is the value a field shows when the build has none.
func fieldDefault(f *model.Field) any {
	if f.Default != nil {
		return f.Default
	}
	switch f.Type {
	case model.TypeNumber:
		if f.Min > 0 || f.Max < 0 {
			return f.Min
		}
		return 0.0
	case model.TypeBoolean:
		return false
	}
	return ""
}

// field returns the value the sheet shows for a field: as saved, or the
// field's default. An undeclared field without a saved value reads nil.
func (v *view) field(id string) any {
	if x, ok := record(v.build, "fields")[id]; ok {
		return x
	}
	if f := v.rs.Sheet.Field(id); f != nil {
		return fieldDefault(f)
	}
	return nil
}

// hidden tells whether a hideWhen hides its item on this build.
func (v *view) hidden(h *model.HideWhen) bool {
	if h == nil {
		return false
	}
	return h.Hides(v.field(h.Field))
}

// poolMax works out a pool's maximum from the build.
func (v *view) poolMax(p *model.Pool) float64 { return v.ref(p.Max) }

// poolShown: declared, not hidden, and a maximum above 0.
func (v *view) poolShown(id string) bool {
	p := v.rs.Sheet.Pool(id)
	return p != nil && !v.hidden(p.HideWhen) && v.poolMax(p) > 0
}

// trackShown: declared and not hidden.
func (v *view) trackShown(id string) bool {
	t := v.rs.Sheet.Track(id)
	return t != nil && !v.hidden(t.HideWhen)
}

// ref works out a non-live value reference.
func (v *view) ref(r model.ValueRef) float64 {
	switch r.Kind {
	case model.RefConst:
		return r.Const
	case model.RefField:
		if x, ok := number(v.field(r.Name)); ok {
			return x
		}
		if f := v.rs.Sheet.Field(r.Name); f != nil {
			x, _ := number(fieldDefault(f))
			return x
		}
	case model.RefDerived:
		return v.derivedValue(r.Name)
	case model.RefAbilityScore:
		return v.abilityScore(r.Name)
	case model.RefAbilityMod:
		return v.abilityMod(r.Name)
	case model.RefAbilityModFromField:
		if id, ok := v.field(r.Name).(string); ok && v.ability(id) != nil {
			return v.abilityMod(id)
		}
	case model.RefSkillMod:
		return v.skillMod(r.Name, "skills", v.rs.Sheet.Skills)
	case model.RefSaveMod:
		return v.skillMod(r.Name, "saves", v.rs.Sheet.Saves)
	case model.RefListSum:
		if r.ListSum != nil {
			return v.listSum(*r.ListSum)
		}
	}
	return 0
}

func (v *view) ability(id string) *model.Ability {
	for i := range v.rs.Sheet.Abilities {
		if v.rs.Sheet.Abilities[i].ID == id {
			return &v.rs.Sheet.Abilities[i]
		}
	}
	return nil
}

func (v *view) abilityScore(id string) float64 {
	if x, ok := number(record(v.build, "abilities")[id]); ok {
		return x
	}
	if a := v.ability(id); a != nil {
		return a.Default
	}
	return 0
}

// abilityMod applies resolution.abilityModifier to a score.
func (v *view) abilityMod(id string) float64 {
	return modifier(v.rs.Resolution, v.abilityScore(id))
}

// modifier turns an ability score into its modifier.
func modifier(res model.Resolution, score float64) float64 {
	switch res.AbilityModifier {
	case "floorHalfMinusTen":
		return math.Floor(score/2) - 5
	case "stepTable":
		return res.ModifierTable.Lookup(score)
	}
	return score
}

// round rounds as a ruleset's round key says; nearest rounds halves up, as
// the Engine's JavaScript Math.round does.
func round(x float64, how string) float64 {
	switch how {
	case "up":
		return math.Ceil(x)
	case "nearest":
		return math.Floor(x + 0.5)
	}
	return math.Floor(x)
}

func (v *view) proficiency() float64 {
	switch v.profState {
	case 1:
		return 0
	case 2:
		return v.prof
	}
	v.profState = 1
	if p := v.rs.Resolution.Proficiency; p != nil {
		v.prof = v.ref(*p)
	}
	v.profState = 2
	return v.prof
}

// skillMod is a skill's or a save's modifier (see the type's notes).
func (v *view) skillMod(id, part string, list []model.Skill) float64 {
	var sk *model.Skill
	for i := range list {
		if list[i].ID == id {
			sk = &list[i]
			break
		}
	}
	if sk == nil {
		return 0
	}
	total := 0.0
	if sk.Ability != "" {
		total += v.abilityMod(sk.Ability)
	}
	tiers := v.rs.Resolution.ProficiencyTiers
	if len(tiers) > 0 {
		tier := tiers[0]
		if saved, ok := record(v.build, part)[id].(string); ok {
			for _, t := range tiers {
				if t.ID == saved {
					tier = t
					break
				}
			}
		}
		if tier.Multiplier != 0 {
			total += round(tier.Multiplier*v.proficiency(), tier.Round)
		}
		total += float64(tier.Flat)
	}
	if b, ok := number(record(v.build, "bonuses")[id]); ok {
		total += b
	}
	return total
}

// listSum adds up one number column of a list's saved rows.
func (v *view) listSum(ls model.ListSumRef) float64 {
	def := v.rs.Sheet.List(ls.List)
	rows, _ := record(v.build, "lists")[ls.List].([]any)
	total := 0.0
	for _, r := range rows {
		row, ok := r.(map[string]any)
		if !ok {
			continue
		}
		if ls.OnlyWhen != "" && !truthy(cell(def, row, ls.OnlyWhen)) {
			continue
		}
		if x, ok := number(cell(def, row, ls.Column)); ok {
			total += x
		}
	}
	return total
}

// cell is a row's value for a column, or the column's default.
func cell(def *model.List, row map[string]any, col string) any {
	if x, ok := row[col]; ok {
		return x
	}
	if def != nil {
		if c := def.Column(col); c != nil {
			return fieldDefault(c)
		}
	}
	return nil
}

func truthy(x any) bool {
	b, ok := x.(bool)
	return ok && b
}

// derivedValue works out a derived value by id.
func (v *view) derivedValue(id string) float64 {
	if x, ok := v.derived[id]; ok {
		return x
	}
	if v.busy[id] {
		return 0
	}
	d := v.rs.Sheet.DerivedValue(id)
	if d == nil {
		return 0
	}
	if v.busy == nil {
		v.busy = map[string]bool{}
		v.derived = map[string]float64{}
	}
	v.busy[id] = true
	x := v.compute(d)
	delete(v.busy, id)
	v.derived[id] = x
	return x
}

func (v *view) compute(d *model.Derived) float64 {
	switch d.Op {
	case "sum":
		total := 0.0
		for _, r := range d.Of {
			total += v.ref(r)
		}
		return total
	case "min", "max":
		if len(d.Of) == 0 {
			return 0
		}
		best := v.ref(d.Of[0])
		for _, r := range d.Of[1:] {
			x := v.ref(r)
			if (d.Op == "min" && x < best) || (d.Op == "max" && x > best) {
				best = x
			}
		}
		return best
	case "scale":
		if len(d.Of) == 0 {
			return 0
		}
		return round(v.ref(d.Of[0])*d.Multiplier, d.Round)
	case "stepTable":
		if d.From == nil {
			return 0
		}
		return d.Table.Lookup(v.ref(*d.From))
	case "enumTable":
		var key any
		if d.EnumField != "" {
			key = v.field(d.EnumField)
		} else if st := v.state(d.EnumLiveState); st != nil {
			key = st.Default
		}
		if s, ok := key.(string); ok {
			for _, row := range d.EnumTable {
				if row.Key == s {
					return row.Value
				}
			}
		}
		return d.Default
	}
	return 0
}

func (v *view) state(id string) *model.State {
	for _, st := range v.rs.Sheet.Live.States {
		if st.ID == id {
			return st
		}
	}
	return nil
}
