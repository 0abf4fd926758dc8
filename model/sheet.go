package model

import (
	"fmt"
	"math"
	"strings"
)

// Field types.
const (
	TypeNumber   = "number"
	TypeText     = "text"
	TypeLongtext = "longtext"
	TypeBoolean  = "boolean"
	TypeEnum     = "enum"
	TypeDice     = "dice"
)

// Sheet is the character sheet definition.
type Sheet struct {
	Version    int
	Sections   []Section
	Abilities  []Ability
	Skills     []Skill
	Saves      []Skill
	SkillTiers []string
	SaveTiers  []string
	Fields     []*Field
	Derived    []*Derived
	Lists      []*List
	Live       Live
	Migrations []*Migration
	Node       *Node
}

// Section groups sheet entries.
type Section struct {
	ID, Label string
	Untrained string
}

// Ability is a numbered ability score.
type Ability struct {
	ID, Label, Short, Section string
	Min, Max, Default         float64
}

// Skill is a skill or a save.
type Skill struct {
	ID, Label, Ability, Section string
	Cap                         *ValueRef
	Untrained                   string
}

// Field is a typed single value on the sheet. The same shape serves list
// columns (Required) and item stats (PromptVisible).
type Field struct {
	ID, Label, Type, Section string
	HideWhen                 *HideWhen
	Min, Max                 float64
	Integer                  bool
	MaxLength                int
	Values                   []string
	ValueLabels              []ValueLabel
	// Default is nil when absent; otherwise float64, string or bool by type.
	Default       any
	Required      bool
	PromptVisible bool
	Node          *Node
}

// ValueLabel is the label shown for one enum value.
type ValueLabel struct {
	Value, Label string
	Node         *Node
}

// LabelOf returns the label for an enum value, or the value itself.
func (f *Field) LabelOf(value string) string {
	for _, vl := range f.ValueLabels {
		if vl.Value == value {
			return vl.Label
		}
	}
	return value
}

// HideWhen hides a sheet item by the value of a field.
type HideWhen struct {
	Field string
	Op    string // equals, notEquals or in
	// Values holds the compared values (one for equals and notEquals).
	Values []any
	Node   *Node
}

// Hides tells whether the rule hides its item when the field holds v.
func (h *HideWhen) Hides(v any) bool {
	if h == nil {
		return false
	}
	in := false
	for _, x := range h.Values {
		if SameScalar(x, v) {
			in = true
			break
		}
	}
	if h.Op == "notEquals" {
		return !in
	}
	return in
}

// SameScalar tells whether two scalars are the same value: the same text,
// the same boolean, or the same finite number (float64, float32, int or
// int64 alike). Anything else, NaN and infinities included, is never the
// same.
func SameScalar(a, b any) bool {
	if x, ok := finiteNumber(a); ok {
		y, ok := finiteNumber(b)
		return ok && x == y
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

// finiteNumber converts a Go number to a finite float64.
func finiteNumber(v any) (float64, bool) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case float32:
		f = float64(x)
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	default:
		return 0, false
	}
	return f, !math.IsNaN(f) && !math.IsInf(f, 0)
}

// Derived is a read-only computed value.
type Derived struct {
	ID, Label, Op, Section string
	HideWhen               *HideWhen
	Of                     []ValueRef // sum, min, max; scale reads one ref
	From                   *ValueRef  // stepTable
	Multiplier             float64
	Round                  string
	Table                  StepTable
	EnumField              string // enumTable keyed by a field
	EnumLiveState          string // enumTable keyed by a live state
	EnumTable              []EnumRow
	Default                float64
	Node                   *Node
}

// EnumRow maps one enum value to a number.
type EnumRow struct {
	Key   string
	Value float64
}

// List is a sheet list of rows.
type List struct {
	ID, Label, Section string
	HideWhen           *HideWhen
	MaxItems           int
	Columns            []*Field
	Pools              *ListPools
	Node               *Node
}

// Column returns the column with the given id, or nil.
func (l *List) Column(id string) *Field {
	for _, c := range l.Columns {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// ListPools makes every row of a list a live pool.
type ListPools struct {
	NameColumn, MaxColumn, RechargeColumn string
}

// Live is the live state a sheet declares.
type Live struct {
	Pools      []*Pool
	Tracks     []*Track
	Text       []LiveText
	Conditions []Condition
	States     []*State
}

// Pool is a live pool such as hit points.
type Pool struct {
	ID, Label, Group, Start string
	Max                     ValueRef
	AllowTemp               bool
	HideWhen                *HideWhen
	Node                    *Node
}

// Track is a live track: plain (a number) or wound (marks).
type Track struct {
	ID, Label  string
	Min        int
	Max        ValueRef // a const ref when written as a number
	Default    int
	HasDefault bool
	Levels     []TrackLevel
	Kinds      []TrackKind
	Boxes      bool
	Fill       string
	OnFull     string
	AlwaysShow bool
	// Extra is the list whose rows give a wound track more levels, nil
	// when absent.
	Extra    *TrackExtra
	HideWhen *HideWhen
	Node     *Node
}

// TrackExtra is a wound track's extra levels: each row of List adds
// CountColumn levels of the penalty PenaltyColumn.
type TrackExtra struct {
	List, CountColumn, PenaltyColumn string
	Node                             *Node
}

// Wound tells whether the track carries marks (levels or boxes).
func (t *Track) Wound() bool { return len(t.Levels) > 0 || t.Boxes }

// TrackLevel is one level of a wound track.
type TrackLevel struct {
	Label   string
	Penalty int
}

// TrackKind is a kind of wound mark.
type TrackKind struct {
	ID, Label string
	Severity  int
}

// LiveText is a short live text value.
type LiveText struct {
	ID, Label string
	MaxLength int
}

// Condition is a condition a character can be under.
type Condition struct{ ID, Label string }

// State is a live state with a closed set of values.
type State struct {
	ID, Label   string
	Values      []string
	ValueLabels []ValueLabel
	Default     string
	HideWhen    *HideWhen
	Node        *Node
}

// Field returns the sheet field with the given id, or nil.
func (s *Sheet) Field(id string) *Field {
	for _, f := range s.Fields {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// List returns the sheet list with the given id, or nil.
func (s *Sheet) List(id string) *List {
	for _, l := range s.Lists {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// DerivedValue returns the derived value with the given id, or nil.
func (s *Sheet) DerivedValue(id string) *Derived {
	for _, d := range s.Derived {
		if d.ID == id {
			return d
		}
	}
	return nil
}

// Pool returns the live pool with the given id, or nil.
func (s *Sheet) Pool(id string) *Pool {
	for _, p := range s.Live.Pools {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Track returns the live track with the given id, or nil.
func (s *Sheet) Track(id string) *Track {
	for _, t := range s.Live.Tracks {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// HideWhens returns every hideWhen on the sheet with the path of its owner.
func (s *Sheet) HideWhens() []*HideWhen {
	var out []*HideWhen
	add := func(h *HideWhen) {
		if h != nil {
			out = append(out, h)
		}
	}
	for _, f := range s.Fields {
		add(f.HideWhen)
	}
	for _, d := range s.Derived {
		add(d.HideWhen)
	}
	for _, l := range s.Lists {
		add(l.HideWhen)
	}
	for _, p := range s.Live.Pools {
		add(p.HideWhen)
	}
	for _, t := range s.Live.Tracks {
		add(t.HideWhen)
	}
	for _, st := range s.Live.States {
		add(st.HideWhen)
	}
	return out
}

func (d *decoder) sheet(n *Node) Sheet {
	s := Sheet{Node: n}
	o := d.object(n, "version", "sections", "abilities", "skills", "saves", "skillTiers", "saveTiers",
		"bonusRange", "fields", "derived", "lists", "live", "migrations")
	if !o.ok() {
		return s
	}
	if v, ok := o.integer("version", true, 1, math.MaxInt64); ok {
		s.Version = int(v)
	}
	for _, c := range room(&s.Sections, o.array("sections", false, 0, 20)) {
		so := d.object(c, "id", "label", "untrained")
		s.Sections = append(s.Sections, Section{ID: so.id("id", true), Label: so.label("label", 80), Untrained: d.untrained(so)})
	}
	for _, c := range room(&s.Abilities, o.array("abilities", false, 0, 20)) {
		ao := d.object(c, "id", "label", "short", "min", "max", "default", "section")
		a := Ability{ID: ao.id("id", true), Label: ao.label("label", 80), Section: ao.id("section", false)}
		if ao.has("short") {
			a.Short = ao.str("short", false, 1, 8, promptSafe)
		}
		mn, okMin := ao.integer("min", true, math.MinInt64, math.MaxInt64)
		mx, okMax := ao.integer("max", true, math.MinInt64, math.MaxInt64)
		df, okDef := ao.integer("default", true, math.MinInt64, math.MaxInt64)
		a.Min, a.Max, a.Default = float64(mn), float64(mx), float64(df)
		d.minMaxDefault(ao, "the ability", a.ID, mn, mx, df, okMin && okMax, okMin && okMax && okDef)
		s.Abilities = append(s.Abilities, a)
	}
	s.Skills = d.skills(o.array("skills", false, 0, 120))
	s.Saves = d.skills(o.array("saves", false, 0, 40))
	s.SkillTiers = o.ids("skillTiers", false, 1, 12)
	s.SaveTiers = o.ids("saveTiers", false, 1, 12)
	if br := o.child("bonusRange", false, "min", "max"); br.ok() {
		mn, okMin := br.integer("min", true, -100, math.MaxInt64)
		mx, okMax := br.integer("max", true, math.MinInt64, 100)
		if okMin && okMax && mn > mx {
			d.errorf(br.get("min"), CodeRange, "bonusRange.min %d is above bonusRange.max %d", mn, mx)
		}
	}
	for _, c := range room(&s.Fields, o.array("fields", false, 0, 160)) {
		s.Fields = append(s.Fields, d.field(c, fieldOnSheet))
	}
	for _, c := range room(&s.Derived, o.array("derived", false, 0, 60)) {
		s.Derived = append(s.Derived, d.derived(c))
	}
	for _, c := range room(&s.Lists, o.array("lists", false, 0, 20)) {
		s.Lists = append(s.Lists, d.sheetList(c))
	}
	if lv := o.get("live"); lv != nil {
		s.Live = d.live(lv)
	}
	for _, c := range room(&s.Migrations, o.array("migrations", false, 0, -1)) {
		s.Migrations = append(s.Migrations, d.migration(c))
	}
	return s
}

func (d *decoder) untrained(o obj) string {
	c := o.get("untrained")
	if c == nil {
		return ""
	}
	if c.Kind == Object {
		u := d.object(c, "by")
		u.integer("by", true, -20, 20)
		return "by"
	}
	return o.oneOf("untrained", false, "normal", "normal", "harder", "refuse")
}

func (d *decoder) skills(items []*Node) []Skill {
	var out []Skill
	for _, c := range items {
		so := d.object(c, "id", "label", "ability", "cap", "section", "untrained")
		sk := Skill{ID: so.id("id", true), Label: so.label("label", 80), Ability: so.id("ability", false),
			Section: so.id("section", false), Untrained: d.untrained(so)}
		if cp := so.get("cap"); cp != nil {
			ref := d.valueRef(cp)
			sk.Cap = &ref
		}
		out = append(out, sk)
	}
	return out
}

// Where a field shape is used: the keys differ.
type fieldUse uint8

const (
	fieldOnSheet fieldUse = iota
	fieldColumn
	fieldStat
)

func (d *decoder) field(n *Node, use fieldUse) *Field {
	f := &Field{Node: n, Integer: true, PromptVisible: true}
	if n == nil || !d.wantKind(n, Object) {
		return f
	}
	typ := n.Get("type")
	if typ != nil && typ.Kind == String {
		f.Type = typ.Str()
	}
	var buf [16]string // the most keys a field allows
	keys := append(buf[:0], "id", "label", "type")
	switch use {
	case fieldOnSheet:
		keys = append(keys, "section", "hideWhen")
	case fieldColumn:
		keys = append(keys, "required")
	case fieldStat:
		keys = append(keys, "promptVisible")
	}
	switch f.Type {
	case TypeNumber:
		keys = append(keys, "min", "max", "default", "integer")
	case TypeText, TypeLongtext:
		keys = append(keys, "maxLength", "default")
	case TypeBoolean:
		keys = append(keys, "default")
	case TypeEnum:
		keys = append(keys, "values", "valueLabels", "default")
	case TypeDice:
		keys = append(keys, "default", "example")
	default: // no known type: its error is enough, any type's keys pass
		keys = append(keys, "min", "max", "default", "integer", "maxLength", "values", "valueLabels", "example")
	}
	o := d.object(n, keys...)
	f.ID = o.id("id", true)
	f.Label = o.label("label", 80)
	types := []string{TypeNumber, TypeText, TypeLongtext, TypeBoolean, TypeEnum, TypeDice}
	if use == fieldStat {
		types = []string{TypeNumber, TypeText, TypeBoolean, TypeEnum, TypeDice}
	}
	o.oneOf("type", true, "", types...)
	f.Section = o.id("section", false)
	f.Required = o.boolean("required", false)
	f.PromptVisible = o.boolean("promptVisible", true)
	if h := o.get("hideWhen"); h != nil {
		f.HideWhen = d.hideWhen(h)
	}
	def := o.get("default")
	switch f.Type {
	case TypeNumber:
		var okMin, okMax bool
		f.Min, okMin = o.number("min", true)
		f.Max, okMax = o.number("max", true)
		f.Integer = o.boolean("integer", true)
		if okMin && okMax && f.Min > f.Max {
			d.errorf(o.get("min"), CodeRange, "%q needs min ≤ max; min %v is above max %v", f.ID, f.Min, f.Max)
		}
		if def != nil {
			if v, ok := d.number(def); ok {
				f.Default = v
				if v < f.Min || v > f.Max {
					d.errorf(def, CodeRange, "the default %v of %q is outside %v..%v", v, f.ID, f.Min, f.Max)
				}
			}
		}
	case TypeText, TypeLongtext:
		limit := int64(500)
		if f.Type == TypeLongtext {
			limit = 4000
		}
		ml, _ := o.integer("maxLength", f.Type == TypeText, 1, limit)
		f.MaxLength = int(ml)
		if f.MaxLength == 0 {
			f.MaxLength = int(limit)
		}
		if def != nil {
			s := d.text(def, 0, f.MaxLength, plainText)
			f.Default = s
		}
	case TypeBoolean:
		if def != nil && d.wantKind(def, Bool) {
			f.Default = def.Truth()
		}
	case TypeEnum:
		f.Values = o.strs("values", true, 1, 40, 1, 80, plainText)
		seen := map[string]bool{}
		for i, v := range f.Values {
			if seen[v] {
				d.errorf(o.get("values").At(i), CodeDuplicateValue, "the value %q is listed twice", v)
			}
			seen[v] = true
		}
		if vl := o.get("valueLabels"); vl != nil && d.wantKind(vl, Object) {
			for _, c := range vl.Children() {
				f.ValueLabels = append(f.ValueLabels, ValueLabel{Value: c.Key(), Label: d.text(c, 1, 80, promptSafe), Node: c})
			}
		}
		if def != nil {
			f.Default = d.text(def, 0, 80, plainText)
		}
	case TypeDice:
		if def != nil {
			f.Default = d.text(def, 0, 40, plainText)
		}
		o.str("example", false, 0, 40, plainText)
	}
	return f
}

func (d *decoder) hideWhen(n *Node) *HideWhen {
	o := d.object(n, "field", "equals", "notEquals", "in")
	h := &HideWhen{Node: n, Field: o.id("field", true)}
	h.Op = o.exactlyOne("hideWhen", "equals", "notEquals", "in")
	switch h.Op {
	case "equals", "notEquals":
		c := o.get(h.Op)
		if v := d.hideValue(c); v != nil {
			h.Values = []any{v}
		}
	case "in":
		for _, c := range o.array("in", true, 1, 24) {
			if v := d.hideValue(c); v != nil {
				h.Values = append(h.Values, v)
			}
		}
	}
	return h
}

func (d *decoder) hideValue(c *Node) any {
	if c.Kind == String {
		return d.text(c, 0, 80, plainText)
	}
	return d.scalar(c)
}

func (d *decoder) derived(n *Node) *Derived {
	dv := &Derived{Node: n, Round: "down"}
	if n == nil || !d.wantKind(n, Object) {
		return dv
	}
	// The keys allowed depend on the op; with no known op, any op's keys.
	keys := []string{"id", "label", "section", "hideWhen", "op"}
	op, _ := n.Get("op").Scalar().(string)
	switch op {
	case "sum", "min", "max":
		keys = append(keys, "of")
	case "scale":
		keys = append(keys, "of", "multiplier", "round")
	case "stepTable":
		keys = append(keys, "from", "table")
	case "enumTable":
		keys = append(keys, "from", "table", "default")
	default:
		keys = append(keys, "of", "from", "multiplier", "round", "table", "default")
	}
	o := d.object(n, keys...)
	dv.ID = o.id("id", true)
	dv.Label = o.label("label", 80)
	dv.Section = o.id("section", false)
	if h := o.get("hideWhen"); h != nil {
		dv.HideWhen = d.hideWhen(h)
	}
	dv.Op = o.oneOf("op", true, "", "sum", "min", "max", "scale", "stepTable", "enumTable")
	refs := func(lo, hi int) {
		for _, c := range room(&dv.Of, o.array("of", true, lo, hi)) {
			dv.Of = append(dv.Of, d.valueRef(c))
		}
	}
	switch dv.Op {
	case "sum":
		refs(1, 12)
	case "min", "max":
		refs(2, 12)
	case "scale":
		if c := o.need("of", true); c != nil {
			dv.Of = append(dv.Of, d.valueRef(c))
		}
		dv.Multiplier, _ = o.number("multiplier", true)
		dv.Round = o.oneOf("round", false, "down", "down", "up", "nearest")
	case "stepTable":
		if c := o.need("from", true); c != nil {
			ref := d.valueRef(c)
			dv.From = &ref
		}
		dv.Table = d.stepTable(o.need("table", true))
	case "enumTable":
		from := o.child("from", true, "field", "liveState")
		if from.ok() {
			switch from.exactlyOne("enumTable.from", "field", "liveState") {
			case "field":
				dv.EnumField = from.id("field", true)
			case "liveState":
				dv.EnumLiveState = from.id("liveState", true)
			}
		}
		if t := o.need("table", true); t != nil && d.wantKind(t, Object) {
			if len(t.Children()) < 1 || len(t.Children()) > 40 {
				d.errorf(t, CodeCount, "the table needs 1 to 40 keys, not %d", len(t.Children()))
			}
			for _, c := range t.Children() {
				v, _ := d.number(c)
				dv.EnumTable = append(dv.EnumTable, EnumRow{Key: c.Key(), Value: v})
			}
		}
		dv.Default, _ = o.number("default", false)
	}
	return dv
}

func (d *decoder) sheetList(n *Node) *List {
	l := &List{Node: n}
	o := d.object(n, "id", "label", "section", "hideWhen", "maxItems", "columns", "pools")
	if !o.ok() {
		return l
	}
	l.ID = o.id("id", true)
	l.Label = o.label("label", 80)
	l.Section = o.id("section", false)
	if h := o.get("hideWhen"); h != nil {
		l.HideWhen = d.hideWhen(h)
	}
	mi, _ := o.integer("maxItems", true, 1, 500)
	l.MaxItems = int(mi)
	var ids []string
	var idNodes []*Node
	for _, c := range room(&l.Columns, o.array("columns", true, 1, 12)) {
		col := d.field(c, fieldColumn)
		l.Columns = append(l.Columns, col)
		ids, idNodes = append(ids, col.ID), append(idNodes, c.Get("id"))
	}
	d.uniqueIDs("column", ids, idNodes)
	if p := o.child("pools", false, "nameColumn", "maxColumn", "rechargeColumn"); p.ok() {
		l.Pools = &ListPools{NameColumn: p.id("nameColumn", true), MaxColumn: p.id("maxColumn", true), RechargeColumn: p.id("rechargeColumn", false)}
	}
	return l
}

func (d *decoder) live(n *Node) Live {
	var lv Live
	o := d.object(n, "pools", "tracks", "text", "conditions", "states")
	for _, c := range room(&lv.Pools, o.array("pools", false, 0, 60)) {
		po := d.object(c, "id", "label", "max", "allowTemp", "group", "start", "hideWhen")
		p := &Pool{Node: c, ID: po.id("id", true), Label: po.label("label", 80), Group: po.id("group", false),
			AllowTemp: po.boolean("allowTemp", false), Start: po.oneOf("start", false, "full", "full", "empty")}
		if m := po.need("max", true); m != nil {
			p.Max = d.valueRef(m)
		}
		if h := po.get("hideWhen"); h != nil {
			p.HideWhen = d.hideWhen(h)
		}
		lv.Pools = append(lv.Pools, p)
	}
	for _, c := range room(&lv.Tracks, o.array("tracks", false, 0, 30)) {
		lv.Tracks = append(lv.Tracks, d.track(c))
	}
	for _, c := range room(&lv.Text, o.array("text", false, 0, 12)) {
		to := d.object(c, "id", "label", "maxLength")
		ml, _ := to.integer("maxLength", true, 1, 500)
		lv.Text = append(lv.Text, LiveText{ID: to.id("id", true), Label: to.label("label", 80), MaxLength: int(ml)})
	}
	for _, c := range room(&lv.Conditions, o.array("conditions", false, 0, 80)) {
		co := d.object(c, "id", "label")
		lv.Conditions = append(lv.Conditions, Condition{ID: co.id("id", true), Label: co.label("label", 80)})
	}
	for _, c := range room(&lv.States, o.array("states", false, 0, 12)) {
		so := d.object(c, "id", "label", "values", "valueLabels", "default", "hideWhen")
		st := &State{Node: c, ID: so.id("id", true), Label: so.label("label", 80)}
		st.Values = so.strs("values", true, 2, 40, 1, 80, promptSafe)
		for i, v := range st.Values {
			if strings.Contains(v, `"`) {
				d.errorf(so.get("values").At(i), CodeStateValue, "a state value may not contain a double quote")
			}
		}
		if vl := so.get("valueLabels"); vl != nil && d.wantKind(vl, Object) {
			for _, kv := range vl.Children() {
				st.ValueLabels = append(st.ValueLabels, ValueLabel{Value: kv.Key(), Label: d.text(kv, 1, 80, promptSafe), Node: kv})
			}
		}
		if so.has("default") {
			st.Default = so.str("default", false, 0, 80, plainText)
		} else if len(st.Values) > 0 {
			st.Default = st.Values[0]
		}
		if h := so.get("hideWhen"); h != nil {
			st.HideWhen = d.hideWhen(h)
		}
		lv.States = append(lv.States, st)
	}
	return lv
}

// boxTable reads a boxes penalty table: 1..40 pairs [number, int
// -1000..0], the numbers strictly ascending.
func (d *decoder) boxTable(n *Node) {
	if n == nil {
		return
	}
	prev, have := 0.0, false
	for _, p := range d.list(n, 1, 40) {
		pair := d.list(p, 2, 2)
		if len(pair) != 2 {
			continue
		}
		at, ok := d.number(pair[0])
		d.integer(pair[1], -1000, 0)
		if !ok {
			continue
		}
		if have && at <= prev {
			d.errorf(pair[0], CodeAscending, "the counts must rise strictly: %v is not above %v", at, prev)
		}
		prev, have = at, true
	}
}

func (d *decoder) track(n *Node) *Track {
	t := &Track{Node: n}
	o := d.object(n, "id", "label", "min", "max", "default", "levels", "kinds", "boxes", "fill", "onFull", "extra", "alwaysShow", "hideWhen")
	if !o.ok() {
		return t
	}
	t.ID = o.id("id", true)
	t.Label = o.label("label", 80)
	mn, _ := o.integer("min", true, math.MinInt64, math.MaxInt64)
	t.Min = int(mn)
	if m := o.need("max", true); m != nil {
		if m.Kind == Number {
			v, _ := d.integer(m, math.MinInt64, math.MaxInt64)
			t.Max = ValueRef{Kind: RefConst, Const: float64(v), Node: m}
		} else {
			t.Max = d.valueRef(m)
		}
	}
	if v, ok := o.integer("default", false, math.MinInt64, math.MaxInt64); ok {
		t.Default, t.HasDefault = int(v), true
	}
	for _, c := range room(&t.Levels, o.array("levels", false, 1, 16)) {
		lo := d.object(c, "label", "penalty")
		p, _ := lo.integer("penalty", true, -1000, 0)
		t.Levels = append(t.Levels, TrackLevel{Label: lo.label("label", 80), Penalty: int(p)})
	}
	if b := o.child("boxes", false, "penalty"); b.ok() {
		t.Boxes = true
		if p := b.child("penalty", true, "by", "table"); p.ok() {
			p.oneOf("by", true, "", "filled", "remaining")
			d.boxTable(p.need("table", true))
		}
	} else {
		t.Boxes = o.has("boxes")
	}
	if x := o.child("extra", false, "list", "countColumn", "penaltyColumn"); x.ok() {
		t.Extra = &TrackExtra{List: x.id("list", true), CountColumn: x.id("countColumn", true), PenaltyColumn: x.id("penaltyColumn", true), Node: x.n}
	}
	for _, c := range room(&t.Kinds, o.array("kinds", false, 1, 6)) {
		ko := d.object(c, "id", "label", "severity")
		sv, _ := ko.integer("severity", true, -100, 100)
		t.Kinds = append(t.Kinds, TrackKind{ID: ko.id("id", true), Label: ko.str("label", true, 1, 16, promptSafe), Severity: int(sv)})
	}
	t.Fill = o.str("fill", false, 1, 40, plainText)
	t.OnFull = o.str("onFull", false, 1, 40, plainText)
	t.AlwaysShow = o.boolean("alwaysShow", false)
	if h := o.get("hideWhen"); h != nil {
		t.HideWhen = d.hideWhen(h)
	}
	if len(t.Levels) > 0 && t.Boxes {
		d.errorf(n, CodeTrackShape, "a wound track has levels or boxes, never both")
	}
	if t.Wound() {
		if x := o.get("extra"); x != nil && t.Boxes {
			d.errorf(x, CodeTrackShape, "a track with boxes takes no extra levels; extra belongs to a track with levels")
		}
		if t.HideWhen != nil {
			d.errorf(t.HideWhen.Node, CodeTrackShape, "a wound track may not have hideWhen")
		}
		if !o.has("kinds") {
			d.missing(n, "kinds")
		}
	} else {
		for _, k := range []string{"kinds", "fill", "onFull", "extra"} {
			if c := o.get(k); c != nil {
				d.errorf(c, CodeTrackShape, "%q belongs to wound tracks (with levels or boxes), not to a plain track", k)
			}
		}
	}
	return t
}

// minMaxDefault reports, as the Engine does, a min above max at min and a
// default outside min..max at default, for what (an ability, the target),
// named name when it has one, whose three whole numbers were read; ranged
// and defaulted say which comparisons the numbers read allow. The name is
// put into words only for a finding, as this runs for every ability.
func (d *decoder) minMaxDefault(o obj, what, name string, mn, mx, df int64, ranged, defaulted bool) {
	above := ranged && mn > mx
	outside := defaulted && (df < mn || df > mx)
	if !above && !outside {
		return
	}
	if name != "" {
		what = fmt.Sprintf("%s %q", what, name)
	}
	if above {
		d.errorf(o.get("min"), CodeRange, "%s needs min ≤ max; min %d is above max %d", what, mn, mx)
	}
	if outside {
		d.errorf(o.get("default"), CodeRange, "%s needs min ≤ default ≤ max; the default %d is outside %d..%d", what, df, mn, mx)
	}
}
