package migrate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"rulebench/model"
)

// Entry is one sheet.migrations entry in the order entries run.
type Entry struct {
	// Index is the entry's position in sheet.migrations, so its JSON path is
	// sheet.migrations.<Index>.
	Index int
	// From is the version the entry moves sheets from (to From+1), and
	// Migration the entry as decoded.
	From      int
	Migration *model.Migration
}

// Plan returns the ruleset's migration entries in the order they run:
// ascending from, entries with the same from (refused at import) in file
// order.
func Plan(rs *model.Ruleset) []Entry {
	if rs == nil {
		return nil
	}
	out := make([]Entry, 0, len(rs.Sheet.Migrations))
	for i, m := range rs.Sheet.Migrations {
		if m == nil {
			continue
		}
		out = append(out, Entry{Index: i, From: m.From, Migration: m})
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return cmp.Compare(a.From, b.From) })
	return out
}

// chainStep is one step at its place in the running order.
type chainStep struct {
	entry, index int // entry index in sheet.migrations, step index in it
	from         int // the entry's from
	step         *model.Step
}

func (c chainStep) path(sub string) string {
	p := fmt.Sprintf("sheet.migrations.%d.steps.%d", c.entry, c.index)
	if sub != "" {
		p += "." + sub
	}
	return p
}

// chain flattens the plan into steps in running order.
func chain(plan []Entry) []chainStep {
	n := 0
	for _, e := range plan {
		n += len(e.Migration.Steps)
	}
	out := make([]chainStep, 0, n)
	for _, e := range plan {
		for j, s := range e.Migration.Steps {
			if s != nil {
				out = append(out, chainStep{entry: e.Index, index: j, from: e.From, step: s})
			}
		}
	}
	return out
}

// Check runs the import refusals of sheet.migrations (errors) and a few
// warnings about steps that can never do anything. Each finding carries its
// JSON path (sheet.migrations.<i>...) and, when the ruleset was parsed, its
// line and column. The shape of the entries is checked by model's decoder.
func Check(rs *model.Ruleset) []model.Diagnostic {
	if rs == nil || len(rs.Sheet.Migrations) == 0 {
		return nil
	}
	c := &checker{rs: rs, sheet: indexSheet(&rs.Sheet)}
	c.entries()
	c.steps = chain(Plan(rs))
	c.indexSteps()
	for i, cs := range c.steps {
		switch cs.step.Op {
		case model.StepRename:
			c.rename(i, cs)
		case model.StepRoute:
			c.route(i, cs)
		case model.StepRouteLive:
			c.routeLive(i, cs)
		case model.StepSetColumn:
			c.setColumn(cs)
		}
	}
	model.SortDiagnostics(c.diags) // file order, as the author reads it
	n := len(c.diags)
	c.diags = c.left.Close(c.rs.File, c.diags)
	if len(c.diags) > n {
		c.diags[n].Category = model.Migrations
	}
	return c.diags
}

type checker struct {
	rs    *model.Ruleset
	sheet *sheetIndex
	steps []chainStep
	diags []model.Diagnostic
	// renames lists the positions in steps of the renames that read each
	// id of a kind and write somewhere, in running order; after holds, at
	// the position of each, where the id it writes ends (see ends).
	renames  map[kindID][]int
	after    [][]string
	endsMemo map[endsKey][]string
	// left counts the findings past model.MaxFileFindings.
	left model.LeftOut
	// lastRoute is the last position of a route reading each field,
	// lastLive of a routeLive reading each id of a kind; renamedAway holds
	// the fields a rename reads.
	lastRoute   map[string]int
	lastLive    map[kindID]int
	renamedAway map[string]bool
}

type kindID struct{ kind, id string }

// sheetIndex finds the current sheet's ids by kind: the first declared of
// each, as model.Sheet's lookups do.
type sheetIndex struct {
	ids    map[kindID]bool // abilities, skills and saves
	fields map[string]*model.Field
	pools  map[string]*model.Pool
	tracks map[string]*model.Track
	lists  map[string]*model.List
}

func indexSheet(s *model.Sheet) *sheetIndex {
	x := &sheetIndex{ids: map[kindID]bool{}, fields: map[string]*model.Field{}, pools: map[string]*model.Pool{},
		tracks: map[string]*model.Track{}, lists: map[string]*model.List{}}
	for _, a := range s.Abilities {
		x.ids[kindID{"ability", a.ID}] = true
	}
	for _, a := range s.Skills {
		x.ids[kindID{"skill", a.ID}] = true
	}
	for _, a := range s.Saves {
		x.ids[kindID{"save", a.ID}] = true
	}
	for _, f := range s.Fields {
		first(x.fields, f.ID, f)
	}
	for _, p := range s.Live.Pools {
		first(x.pools, p.ID, p)
	}
	for _, t := range s.Live.Tracks {
		first(x.tracks, t.ID, t)
	}
	for _, l := range s.Lists {
		first(x.lists, l.ID, l)
	}
	return x
}

// first sets m[id] to v unless it holds an earlier one.
func first[T any](m map[string]T, id string, v T) {
	if _, ok := m[id]; !ok {
		m[id] = v
	}
}

// indexSteps notes where each id is read by a later step, and works out
// where each rename's id ends, from the last step back, so that each is
// worked out once from those after it.
func (c *checker) indexSteps() {
	c.renames = make(map[kindID][]int, len(c.steps))
	c.lastRoute = map[string]int{}
	c.lastLive = map[kindID]int{}
	c.renamedAway = map[string]bool{}
	for q, cs := range c.steps {
		s := cs.step
		switch s.Op {
		case model.StepRename:
			if s.What != "" && s.To != "" {
				k := kindID{s.What, s.From}
				c.renames[k] = append(c.renames[k], q)
			}
			if s.What == "field" {
				c.renamedAway[s.From] = true
			}
		case model.StepRoute:
			c.lastRoute[s.Field] = q
		case model.StepRouteLive:
			c.lastLive[kindID{s.What, s.From}] = q
		}
	}
	c.after = make([][]string, len(c.steps))
	for q := len(c.steps) - 1; q >= 0; q-- {
		if s := c.steps[q].step; s.Op == model.StepRename && s.What != "" && s.To != "" {
			c.after[q] = c.ends(s.What, s.To, q)
		}
	}
}

func (c *checker) report(sev model.Severity, path string, code model.Code, format string, args ...any) {
	if !c.left.Room(len(c.diags), sev) {
		return
	}
	d := model.Errorf(c.rs.File, path, code, format, args...)
	d.Severity = sev
	d.Category = model.Migrations
	if c.rs.Root != nil {
		model.Locate(&d, c.rs.Root)
	}
	c.diags = append(c.diags, d)
}

func (c *checker) errorf(path string, code model.Code, format string, args ...any) {
	c.report(model.Error, path, code, format, args...)
}

func (c *checker) warnf(path string, code model.Code, format string, args ...any) {
	c.report(model.Warning, path, code, format, args...)
}

// entries: every from below sheet.version, no two from the same version.
func (c *checker) entries() {
	version := c.rs.Sheet.Version
	first := make(map[int]int, len(c.rs.Sheet.Migrations))
	for i, m := range c.rs.Sheet.Migrations {
		if m == nil || m.From < 1 {
			continue // a missing or bad from is a shape error already
		}
		path := fmt.Sprintf("sheet.migrations.%d.from", i)
		if version >= 1 && m.From >= version {
			c.errorf(path, CodeMigrationFromVersion,
				"this entry moves sheets from version %d to %d, but sheet.version is %d: an entry's from must be below sheet.version",
				m.From, m.From+1, version)
		}
		if j, ok := first[m.From]; ok {
			c.errorf(path, CodeMigrationDuplicateFrom,
				"sheet.migrations.%d already moves sheets from version %d; two entries may not start from the same version", j, m.From)
			continue
		}
		first[m.From] = i
	}
}

// has tells whether the current sheet declares an id of a rename kind.
func (c *checker) has(kind, id string) bool {
	if kind == "field" {
		return c.sheet.fields[id] != nil
	}
	return c.sheet.ids[kindID{kind, id}]
}

// ends follows an id written by the step at position p through the later
// renames of the same kind, and returns the ids where the chains end, each
// once. The ends of each later rename are known (indexSteps works them out
// from the last step back), and the answer is kept for the first of those
// renames, so that many renames of one id, or a long chain, stay quick.
func (c *checker) ends(kind, id string, p int) []string {
	later := c.renames[kindID{kind, id}]
	i, _ := slices.BinarySearch(later, p+1)
	later = later[i:]
	switch len(later) {
	case 0:
		return []string{id}
	case 1:
		return c.after[later[0]]
	}
	key := endsKey{kind, id, later[0]}
	if out, ok := c.endsMemo[key]; ok {
		return out
	}
	var out []string
	seen := map[string]bool{}
	for _, q := range later {
		for _, e := range c.after[q] {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	if c.endsMemo == nil {
		c.endsMemo = map[endsKey][]string{}
	}
	c.endsMemo[key] = out
	return out
}

type endsKey struct {
	kind, id string
	q        int // the first later rename
}

// routedLater tells whether a route after position p reads the field id.
func (c *checker) routedLater(id string, p int) bool {
	q, ok := c.lastRoute[id]
	return ok && q > p
}

// liveLater tells whether a routeLive of the same kind after position p
// reads the id (so a value sent there moves on).
func (c *checker) liveLater(kind, id string, p int) bool {
	q, ok := c.lastLive[kindID{kind, id}]
	return ok && q > p
}

// via describes where a chain of renames leads, for messages.
func via(start, end string) string {
	if start == end {
		return ""
	}
	return fmt.Sprintf(" (%q is renamed on to %q by a later step)", start, end)
}

func (c *checker) rename(p int, cs chainStep) {
	s := cs.step
	if s.What == "" {
		return
	}
	if s.From != "" && c.has(s.What, s.From) {
		c.errorf(cs.path("from"), CodeMigrationReadsCurrent,
			"the sheet still has the %s %q; a rename reads only from an id the sheet no longer has, so that running it again is safe", s.What, s.From)
	}
	if s.To == "" {
		return
	}
	var missing []string
	for _, end := range c.ends(s.What, s.To, p) {
		if !c.has(s.What, end) && !(s.What == "field" && c.routedLater(end, p)) {
			missing = append(missing, end)
		}
	}
	if len(missing) > 0 {
		c.errorf(cs.path("to"), CodeMigrationUnknownID, "the sheet has no %s %s to write to%s", s.What, quoteList(missing), viaAll(s.To, missing))
	}
}

// quoteList writes ids as "a", "b" and "c".
func quoteList(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// viaAll says that the ids were reached through later renames, when they
// were.
func viaAll(start string, ends []string) string {
	if len(ends) == 1 {
		return via(start, ends[0])
	}
	return fmt.Sprintf(" (%q is renamed on to them by later steps)", start)
}

func (c *checker) route(p int, cs chainStep) {
	s := cs.step
	if s.By != "" {
		if f := c.sheet.fields[s.By]; f != nil {
			if f.Type == model.TypeNumber || f.Type == model.TypeBoolean {
				c.warnf(cs.path("by"), CodeMigrationByType,
					"by names the %s field %q; a route matches words in text, so no case can ever match", f.Type, s.By)
			}
		} else if !c.renamedAway[s.By] {
			c.errorf(cs.path("by"), CodeMigrationRouteBy,
				"by names %q, which is neither a field the sheet has nor one a migration renamed away", s.By)
		}
	}
	toCase := map[string]int{}
	wordCase := map[string]int{}
	for k, rc := range s.Cases {
		if rc.To != "" {
			if k0, ok := toCase[rc.To]; ok {
				c.errorf(cs.path(fmt.Sprintf("cases.%d.to", k)), CodeMigrationCaseTwice,
					"cases %d and %d both send to %q; a case is listed only once", k0+1, k+1, rc.To)
			} else {
				toCase[rc.To] = k
			}
		}
		inCase := map[string]bool{}
		for w, word := range rc.Words {
			path := cs.path(fmt.Sprintf("cases.%d.words.%d", k, w))
			if word == "" {
				continue
			}
			if !singleWord(word) {
				c.warnf(path, CodeMigrationWordNeverMatches,
					"%q is not a single word (words are runs of letters), so it can never match", word)
			}
			f := Fold(word)
			if k0, ok := wordCase[f]; ok && k0 != k {
				c.errorf(path, CodeMigrationCaseTwice,
					"the word %q is in case %d and case %d; a word may name only one case", word, k0+1, k+1)
			} else if inCase[f] {
				c.warnf(path, CodeMigrationWordTwice, "the word %q is listed twice in this case", word)
			} else {
				wordCase[f] = k
			}
			inCase[f] = true
		}
		c.destination(p, cs, fmt.Sprintf("cases.%d.to", k), rc.To)
	}
	c.destination(p, cs, "else", s.Else)
	if s.HasDefault {
		switch s.Default.(type) {
		case float64, string:
		default:
			c.warnf(cs.path("default"), CodeMigrationValueType,
				"the default is %s; it can land only in a number or text field", kind(s.Default))
		}
	}
}

// destination checks one route destination, followed through later renames.
func (c *checker) destination(p int, cs chainStep, sub, id string) {
	if id == "" {
		return
	}
	path := cs.path(sub)
	var missing []string
	for _, end := range c.ends("field", id, p) {
		f := c.sheet.fields[end]
		if f == nil {
			missing = append(missing, end)
			continue
		}
		if f.Type != model.TypeNumber && f.Type != model.TypeText {
			c.errorf(path, CodeMigrationRouteDestination,
				"%q is a %s field%s; a route sends only to number or text fields", end, f.Type, via(id, end))
			continue
		}
		switch d := f.Default.(type) {
		case float64:
			if d != 0 {
				c.errorf(path, CodeMigrationRouteDestination,
					"%q has the default %v%s; a route destination has no default, or 0, or it would read as a value nobody gave", end, d, via(id, end))
			}
		case string:
			if d != "" {
				c.errorf(path, CodeMigrationRouteDestination,
					"%q has the default %q%s; a route destination has no default, or an empty one, or it would read as a value nobody gave", end, d, via(id, end))
			}
		}
	}
	if len(missing) > 0 {
		c.errorf(path, CodeMigrationUnknownID, "the sheet has no field %s to route to%s", quoteList(missing), viaAll(id, missing))
	}
}

func (c *checker) routeLive(p int, cs chainStep) {
	s := cs.step
	sheet := c.sheet
	if s.From != "" && (sheet.pools[s.From] != nil || sheet.tracks[s.From] != nil) {
		c.errorf(cs.path("from"), CodeMigrationReadsCurrent,
			"the sheet still has the live %s %q; routeLive reads only from an id the sheet no longer has, so that running it on every read is safe",
			liveKind(sheet, s.From), s.From)
	}
	seen := map[string]int{}
	type dest struct {
		id, path string
		wound    bool
	}
	var tracks []dest
	check := func(id, sub string) {
		if id == "" {
			return
		}
		path := cs.path(sub)
		if c.liveLater(s.What, id, p) {
			return
		}
		switch s.What {
		case "pool":
			if sheet.pools[id] == nil {
				if sheet.tracks[id] != nil {
					c.errorf(path, CodeMigrationLiveKind, "%q is a track, not a pool; this step moves a pool", id)
				} else {
					c.errorf(path, CodeMigrationUnknownID, "the sheet has no live pool %q to move to", id)
				}
			}
		case "track":
			t := sheet.tracks[id]
			if t == nil {
				if sheet.pools[id] != nil {
					c.errorf(path, CodeMigrationLiveKind, "%q is a pool, not a track; this step moves a track", id)
				} else {
					c.errorf(path, CodeMigrationUnknownID, "the sheet has no live track %q to move to", id)
				}
				return
			}
			tracks = append(tracks, dest{id: id, path: path, wound: t.Wound()})
		}
	}
	for k, id := range s.LiveCases {
		sub := fmt.Sprintf("cases.%d", k)
		if k0, ok := seen[id]; ok && id != "" {
			c.errorf(cs.path(sub), CodeMigrationCaseTwice, "%q is listed twice in cases (%d and %d)", id, k0, k)
			continue
		}
		seen[id] = k
		check(id, sub)
	}
	check(s.Else, "else")
	for _, t := range tracks[min(1, len(tracks)):] {
		if t.wound != tracks[0].wound {
			c.errorf(t.path, CodeMigrationMixedTracks,
				"%q is %s but %q is %s; the tracks a value goes to are all wound tracks (marks) or all plain tracks (numbers)",
				t.id, trackKind(t.wound), tracks[0].id, trackKind(tracks[0].wound))
		}
	}
}

func trackKind(wound bool) string {
	if wound {
		return "a wound track"
	}
	return "a plain track"
}

func liveKind(s *sheetIndex, id string) string {
	if s.pools[id] != nil {
		return "pool"
	}
	return "track"
}

func (c *checker) setColumn(cs chainStep) {
	s := cs.step
	if s.List == "" {
		return
	}
	list := c.sheet.lists[s.List]
	if list == nil {
		c.errorf(cs.path("setColumn.list"), CodeMigrationUnknownID, "the sheet has no list %q", s.List)
		return
	}
	for _, w := range s.Where {
		path := cs.path("setColumn.where." + w.Column)
		col := list.Column(w.Column)
		if col == nil {
			c.errorf(path, CodeMigrationUnknownID, "the list %q has no column %q", s.List, w.Column)
			continue
		}
		for k, v := range w.Values {
			if why := misfit(col, v, true); why != "" {
				c.warnf(fmt.Sprintf("%s.%d", path, k), CodeMigrationValueType, "%s, so no row can match it", why)
			}
		}
	}
	if s.Column == "" {
		return
	}
	col := list.Column(s.Column)
	if col == nil {
		c.errorf(cs.path("setColumn.column"), CodeMigrationUnknownID, "the list %q has no column %q", s.List, s.Column)
		return
	}
	if why := misfit(col, s.Value, false); why != "" && s.Value != nil {
		c.warnf(cs.path("setColumn.to"), CodeMigrationValueType, "%s", why)
	}
}

// misfit says why a value does not fit a column, or "" when it does. Loose
// compares enum values the way setColumn's where does (ignoring case and
// surrounding spaces); otherwise the value must be one of them exactly.
func misfit(col *model.Field, v any, loose bool) string {
	switch col.Type {
	case model.TypeNumber:
		if _, ok := v.(float64); !ok {
			return fmt.Sprintf("the column %q holds numbers, not %s", col.ID, kind(v))
		}
	case model.TypeBoolean:
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("the column %q holds true or false, not %s", col.ID, kind(v))
		}
	case model.TypeEnum:
		s, ok := v.(string)
		if !ok {
			return fmt.Sprintf("the column %q holds one of its values, not %s", col.ID, kind(v))
		}
		if !slices.ContainsFunc(col.Values, func(x string) bool { return x == s || (loose && foldTrim(x) == foldTrim(s)) }) {
			return fmt.Sprintf("%q is not one of the column %q's values (%s)", s, col.ID, strings.Join(col.Values, ", "))
		}
	default:
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("the column %q holds text, not %s", col.ID, kind(v))
		}
	}
	return ""
}

// kind names a value's JSON type in plain words.
func kind(v any) string {
	switch v.(type) {
	case float64, int, int64:
		return "a number"
	case string:
		return "text"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
