package model

// Migration step kinds.
const (
	StepRename    = "rename"
	StepRoute     = "route"
	StepRouteLive = "routeLive"
	StepSetColumn = "setColumn"
)

// Migration moves a saved sheet from version From to From+1.
type Migration struct {
	From  int
	Steps []*Step
	Node  *Node
}

// Step is one migration step. Op says which of the four kinds it is.
type Step struct {
	Op string
	// What is the rename kind (ability, skill, save, field) or the routeLive
	// kind (pool, track).
	What string
	// From is the id read by rename and routeLive; route reads Field.
	From, To string
	// route
	Field      string
	By         string
	Cases      []RouteCase
	Else       string
	Default    any
	HasDefault bool
	// routeLive
	LiveCases []string
	// setColumn
	List   string
	Where  []WhereColumn
	Column string
	Value  any
	Node   *Node
}

// RouteCase sends a routed value to To when one of Words names it.
type RouteCase struct {
	Words []string
	To    string
	Node  *Node
}

// WhereColumn selects rows whose Column holds one of Values.
type WhereColumn struct {
	Column string
	Values []any
	Node   *Node
}

func (d *decoder) migration(n *Node) *Migration {
	m := &Migration{Node: n}
	o := d.object(n, "from", "steps")
	if !o.ok() {
		return m
	}
	from, _ := o.integer("from", true, 1, 1<<31-1)
	m.From = int(from)
	for _, c := range o.array("steps", true, 1, 64) {
		m.Steps = append(m.Steps, d.step(c))
	}
	return m
}

func (d *decoder) step(n *Node) *Step {
	s := &Step{Node: n}
	if n == nil || !d.wantKind(n, Object) {
		return s
	}
	probe := obj{d: d, n: n}
	s.Op = probe.exactlyOne("a migration step", StepRename, StepRoute, StepRouteLive, StepSetColumn)
	switch s.Op {
	case StepRename:
		o := d.object(n, StepRename, "from", "to")
		s.What = o.oneOf(StepRename, true, "", "ability", "skill", "save", "field")
		s.From, s.To = o.id("from", true), o.id("to", true)
	case StepRoute:
		o := d.object(n, StepRoute, "by", "cases", "else", "default")
		s.Field = o.id(StepRoute, true)
		s.By = o.id("by", true)
		for _, c := range o.array("cases", true, 1, 40) {
			co := d.object(c, "words", "to")
			s.Cases = append(s.Cases, RouteCase{Node: c, Words: co.strs("words", true, 1, 40, 1, 80, plainText), To: co.id("to", true)})
		}
		s.Else = o.id("else", true)
		if c := o.get("default"); c != nil {
			s.Default, s.HasDefault = d.scalar(c), true
		}
	case StepRouteLive:
		o := d.object(n, StepRouteLive, "from", "cases", "else")
		s.What = o.oneOf(StepRouteLive, true, "", "pool", "track")
		s.From = o.id("from", true)
		s.LiveCases = o.ids("cases", true, 1, 40)
		s.Else = o.id("else", true)
	case StepSetColumn:
		d.object(n, StepSetColumn)
		o := d.object(n.Get(StepSetColumn), "list", "where", "column", "to")
		if !o.ok() {
			return s
		}
		s.List = o.id("list", true)
		s.Column = o.id("column", true)
		if w := o.need("where", true); w != nil && d.wantKind(w, Object) {
			if len(w.Children()) == 0 {
				d.errorf(w, CodeCount, "where names at least one column")
			}
			for _, c := range w.Children() {
				wc := WhereColumn{Column: c.Key(), Node: c}
				if !IsSheetID(c.Key()) {
					d.errorf(c, CodeIDPattern, "%q is not a valid column id", c.Key())
				}
				for _, v := range d.list(c, 1, 40) {
					wc.Values = append(wc.Values, d.scalar(v))
				}
				s.Where = append(s.Where, wc)
			}
		}
		if c := o.need("to", true); c != nil {
			s.Value = d.scalar(c)
		}
	}
	return s
}
