package model

// Value ref kinds.
const (
	RefConst               = "const"
	RefField               = "field"
	RefDerived             = "derived"
	RefAbilityScore        = "abilityScore"
	RefAbilityMod          = "abilityMod"
	RefAbilityModFromField = "abilityModFromField"
	RefSkillMod            = "skillMod"
	RefSaveMod             = "saveMod"
	RefLiveTrack           = "liveTrack"
	RefLivePool            = "livePool"
	RefListSum             = "listSum"
	RefItemStat            = "itemStat"
)

var refKinds = []string{RefConst, RefField, RefDerived, RefAbilityScore, RefAbilityMod, RefAbilityModFromField,
	RefSkillMod, RefSaveMod, RefLiveTrack, RefLivePool, RefListSum, RefItemStat}

// refKeys are the keys a value ref may hold: a kind, and read.
var refKeys = append(refKinds[:len(refKinds):len(refKinds)], "read")

// ValueRef is a reference to a number on the sheet: exactly one of the kinds
// above. Name holds the id it names (for the id-naming kinds).
type ValueRef struct {
	Kind  string
	Name  string
	Const float64
	Read  string // beside liveTrack: value, filled, remaining or penalty
	// ListSum is set for listSum refs.
	ListSum *ListSumRef
	Node    *Node
}

// ListSumRef adds up one number column of a list.
type ListSumRef struct {
	List, Column, OnlyWhen string
}

// Live tells whether the ref reads live state directly.
func (r ValueRef) Live() bool {
	return r.Kind == RefLiveTrack || r.Kind == RefLivePool || r.Kind == RefItemStat
}

func (d *decoder) valueRef(n *Node) ValueRef {
	r := ValueRef{Node: n}
	o := d.object(n, refKeys...)
	if !o.ok() {
		return r
	}
	r.Kind = o.exactlyOne("a value ref", refKinds...)
	switch r.Kind {
	case "":
		if c := o.get("read"); c != nil && !o.has(RefLiveTrack) {
			d.errorf(c, CodeRefRead, "read is allowed only beside liveTrack")
		}
		return r
	case RefConst:
		r.Const, _ = o.number(RefConst, true)
	case RefListSum:
		ls := o.child(RefListSum, true, "list", "column", "onlyWhen")
		r.ListSum = &ListSumRef{List: ls.id("list", true), Column: ls.id("column", true), OnlyWhen: ls.id("onlyWhen", false)}
	case RefItemStat:
		is := o.child(RefItemStat, true, "stat", "from", "pick", "slot", "category", "tag", "default")
		pick := is.oneOf("pick", true, "", "sum", "max", "min", "count")
		is.oneOf("from", true, "", "worn", "carried", "all")
		r.Name = is.id("stat", pick != "count" && pick != "")
		is.id("slot", false)
		is.id("category", false)
		is.id("tag", false)
		is.number("default", false)
	default:
		r.Name = o.id(r.Kind, true)
	}
	if c := o.get("read"); c != nil {
		if r.Kind != RefLiveTrack {
			d.errorf(c, CodeRefRead, "read is allowed only beside liveTrack")
		}
		r.Read = o.oneOf("read", false, "value", "value", "filled", "remaining", "penalty")
	}
	return r
}
