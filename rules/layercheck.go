package rules

import (
	"fmt"
	"strconv"

	"rulebench/model"
)

// CheckLayers runs the Engine's import-time layer checks
// (engine-behaviour.md §3, decisions.md §2) on the file as written, one
// layer at a time, in file order, and within a layer in the Engine's order:
// ids, conflicts, fields, ladder, currencies, catalogs, then items. Shape
// problems (counts, lengths, prompt-safe text, the 4000-character guidance
// limits, a hide rule without exactly one comparison) were reported when the
// file was read and are not repeated here.
func CheckLayers(rs *model.Ruleset) []model.Diagnostic {
	if rs == nil || len(rs.Layers) == 0 {
		return nil
	}
	c := &layerChecker{rs: rs, fc: newItemRefChecker(rs), declared: map[string]bool{}}
	for _, l := range rs.Layers {
		if l.ID != "" {
			c.declared[l.ID] = true
		}
	}
	seen := map[string]bool{}
	for i, l := range rs.Layers {
		base := "layers." + strconv.Itoa(i)
		if l.ID != "" {
			if seen[l.ID] {
				c.err(at(l.Node, "id"), base+".id", CodeLayerDuplicateID, "the layer id %q is already used by an earlier layer", l.ID)
			}
			seen[l.ID] = true
		}
		c.conflicts(l, base)
		c.fields(l, base)
		if l.Ladder != nil {
			c.add(model.InCategory(model.Layers, checkLadder(rs, l.Ladder, rs.File, base+".difficultyLadder")))
		}
		c.currencies(l, base)
		c.catalogs(l, base)
		c.items(l, base)
	}
	n := len(c.ds)
	c.ds = c.left.Close(c.rs.File, c.ds)
	if len(c.ds) > n {
		c.ds[n].Category = model.Layers
	}
	return c.ds
}

// layerChecker collects the findings of CheckLayers.
type layerChecker struct {
	rs       *model.Ruleset
	fc       *formatChecker // reused for item filters and loot tables
	declared map[string]bool
	ds       []model.Diagnostic
	// left counts the findings past model.MaxFileFindings.
	left model.LeftOut
}

// err reports an error at a node of the ruleset file, or at the path when
// the node is missing.
func (c *layerChecker) err(n *model.Node, path string, code model.Code, format string, args ...any) {
	c.report(model.Error, n, path, code, format, args...)
}

func (c *layerChecker) report(sev model.Severity, n *model.Node, path string, code model.Code, format string, args ...any) {
	if !c.left.Room(len(c.ds), sev) {
		return
	}
	var d model.Diagnostic
	if n != nil {
		d = model.At(sev, c.rs.File, n, code, format, args...)
	} else {
		d = model.Errorf(c.rs.File, path, code, format, args...)
		d.Severity = sev
	}
	d.Category = model.Layers
	c.ds = append(c.ds, d)
}

// add keeps findings made by another checker, within the cap.
func (c *layerChecker) add(ds []model.Diagnostic) {
	for _, d := range ds {
		if c.left.Room(len(c.ds), d.Severity) {
			c.ds = append(c.ds, d)
		}
	}
}

func (c *layerChecker) conflicts(l *model.Layer, base string) {
	for j, id := range l.Conflicts {
		path := base + ".conflicts." + strconv.Itoa(j)
		switch {
		case id == "":
			// a malformed id, reported when the file was read
		case id == l.ID:
			c.err(at(l.Node, "conflicts", j), path, CodeLayerConflictsSelf, "the layer %q lists itself in conflicts", id)
		case !c.declared[id]:
			c.err(at(l.Node, "conflicts", j), path, CodeLayerConflictsUnknown, "conflicts names %q, but no layer has that id", id)
		}
	}
}

// fields runs the eight enum-narrowing checks of engine-behaviour.md §3.3.
func (c *layerChecker) fields(l *model.Layer, base string) {
	seen := map[string]bool{}
	for k, lf := range l.Fields {
		p := base + ".fields." + strconv.Itoa(k)
		n := lf.Node
		if lf.ID == "" {
			continue
		}
		// 1. the same field twice in this layer
		if seen[lf.ID] {
			c.err(at(n, "id"), p+".id", CodeLayerFieldTwice, "this layer already narrows the field %q", lf.ID)
		}
		seen[lf.ID] = true
		// 2. no such field; 3. not an enum
		f := c.rs.Sheet.Field(lf.ID)
		if f == nil {
			c.err(at(n, "id"), p+".id", CodeLayerFieldUnknown, "no sheet field has the id %q", lf.ID)
			continue
		}
		if f.Type != model.TypeEnum {
			c.err(at(n, "id"), p+".id", CodeLayerFieldNotEnum, "the field %q is a %s field; a layer can narrow only enum fields", lf.ID, f.Type)
			continue
		}
		values := map[string]bool{}
		for _, v := range f.Values {
			values[v] = true
		}
		removed := map[string]bool{}
		// 4. a removed value the field does not have
		for i, v := range lf.RemoveValues {
			if !values[v] {
				c.err(at(n, "removeValues", i), p+".removeValues."+strconv.Itoa(i), CodeLayerValueUnknown,
					"the field %q has no value %q to remove (its values: %s)", lf.ID, v, quoteList(f.Values))
				continue
			}
			removed[v] = true
		}
		// 5. a removed value some hideWhen compares against
		for i, v := range lf.RemoveValues {
			if !values[v] {
				continue
			}
			if who, never := hideWhenUser(c.rs, lf.ID, v); who != "" {
				c.err(at(n, "removeValues", i), p+".removeValues."+strconv.Itoa(i), CodeLayerValueHideWhen,
					"%q cannot be removed from %q: %s compares against it in its hideWhen, so it %s", v, lf.ID, who, never)
			}
		}
		// 6. nothing left
		left := 0
		for _, v := range f.Values {
			if !removed[v] {
				left++
			}
		}
		if left == 0 {
			c.err(at(n, "removeValues"), p+".removeValues", CodeLayerNoValueLeft,
				"removing these values leaves the field %q with no value; at least one must remain", lf.ID)
			continue
		}
		// 7. the layer's default must be a value this layer leaves
		if lf.Default != nil {
			if d := *lf.Default; !values[d] || removed[d] {
				why := "this layer removes it"
				if !values[d] {
					why = "the field has no such value"
				}
				c.err(at(n, "default"), p+".default", CodeLayerDefaultInvalid,
					"the default %q is not among the values this layer leaves in %q (%s)", d, lf.ID, why)
			}
			continue
		}
		// 8. the field's own default removed with no replacement; the
		// Engine asks whether the default is among the values left, so a
		// default that was never a value needs a replacement too
		if d, ok := f.Default.(string); ok && removed[d] {
			c.err(at(n, "removeValues"), p+".removeValues", CodeLayerDefaultRemoved,
				"this layer removes %q, the default of %q, so it must name a replacement default", d, lf.ID)
		} else if ok && !values[d] {
			c.err(at(n, "removeValues"), p+".removeValues", CodeLayerDefaultRemoved,
				"the default %q of %q is not among the values this layer leaves, so the layer must name a default that is", d, lf.ID)
		}
	}
}

// hideWhenUser names the first sheet item (fields, derived values, lists,
// pools, tracks, states, in that order) whose hideWhen on field compares
// against value, and says what removing the value would do to it.
func hideWhenUser(rs *model.Ruleset, field, value string) (who, effect string) {
	s := &rs.Sheet
	try := func(kind, id string, h *model.HideWhen) bool {
		if h == nil || h.Field != field {
			return false
		}
		for _, x := range h.Values {
			if sv, ok := x.(string); ok && sv == value {
				who = fmt.Sprintf("the %s %q", kind, id)
				effect = "would never be hidden"
				if h.Op == "notEquals" {
					effect = "could never be shown"
				}
				return true
			}
		}
		return false
	}
	for _, f := range s.Fields {
		if try("field", f.ID, f.HideWhen) {
			return
		}
	}
	for _, d := range s.Derived {
		if try("derived value", d.ID, d.HideWhen) {
			return
		}
	}
	for _, l := range s.Lists {
		if try("list", l.ID, l.HideWhen) {
			return
		}
	}
	for _, p := range s.Live.Pools {
		if try("pool", p.ID, p.HideWhen) {
			return
		}
	}
	for _, t := range s.Live.Tracks {
		if try("track", t.ID, t.HideWhen) {
			return
		}
	}
	for _, st := range s.Live.States {
		if try("state", st.ID, st.HideWhen) {
			return
		}
	}
	return "", ""
}

// currencies runs the coin checks of engine-behaviour.md §3.5.
func (c *layerChecker) currencies(l *model.Layer, base string) {
	lc := l.Currencies
	if lc == nil {
		return
	}
	p := base + ".currencies"
	var families []*model.CurrencyFamily
	if c.rs.Items != nil {
		families = c.rs.Items.Currencies
	}
	removedFamily := map[string]bool{}
	for n, id := range lc.RemoveFamilies {
		if id == "" {
			continue
		}
		found := false
		for _, f := range families {
			found = found || f.ID == id
		}
		if !found {
			c.err(at(lc.Node, "removeFamilies", n), p+".removeFamilies."+strconv.Itoa(n), CodeLayerFamilyUnknown,
				"no currency family has the id %q", id)
			continue
		}
		removedFamily[id] = true
	}
	for n, id := range lc.RemoveUnits {
		if id == "" {
			continue
		}
		fam, coin := c.rs.Items.Family(id)
		path := p + ".removeUnits." + strconv.Itoa(n)
		switch {
		case coin == nil:
			c.err(at(lc.Node, "removeUnits", n), path, CodeLayerUnitUnknown, "no currency family declares the coin %q", id)
		case coin.Value == 1 && !removedFamily[fam.ID]:
			c.err(at(lc.Node, "removeUnits", n), path, CodeLayerSmallestCoin,
				"%q is the smallest coin of %q; it can be removed only together with the whole family (removeFamilies)", id, fam.ID)
		}
	}
}

// catalogs runs the hide-rule checks of engine-behaviour.md §3.6. The
// "exactly one comparison" shape check was made when the file was read.
func (c *layerChecker) catalogs(l *model.Layer, base string) {
	for m, r := range l.Catalogs {
		p := base + ".catalogs." + strconv.Itoa(m)
		if r.Catalog == "" {
			continue
		}
		cat := c.fc.catalogNamed(r.Catalog)
		if cat == nil {
			c.err(at(r.Node, "id"), p+".id", CodeLayerCatalogUnknown, "no catalog has the id %q", r.Catalog)
			continue
		}
		if r.Filter == "" {
			continue
		}
		f := cat.Filter(r.Filter)
		if f == nil {
			c.err(at(r.Node, "hide", "filter"), p+".hide.filter", CodeLayerFilterUnknown,
				"the catalog %q declares no filter %q", r.Catalog, r.Filter)
			continue
		}
		switch {
		case r.Op == "":
		case f.Type == model.FilterNumber && (r.Op == model.HideEquals || r.Op == model.HideNotIn):
			c.err(at(r.Node, "hide"), p+".hide", CodeLayerHideType,
				"%q is a number filter; compare it with above or below, not %s", r.Filter, r.Op)
		case (f.Type == model.FilterText || f.Type == model.FilterTags) && (r.Op == model.HideAbove || r.Op == model.HideBelow):
			c.err(at(r.Node, "hide"), p+".hide", CodeLayerHideType,
				"%q is a %s filter; compare it with equals or notIn, not %s", r.Filter, f.Type, r.Op)
		}
	}
}

// items runs the checks decisions.md §2 gives for a layer's items.
func (c *layerChecker) items(l *model.Layer, base string) {
	li := l.Items
	if li == nil {
		return
	}
	p := base + ".items"
	if len(li.RemoveSellers) > 0 {
		known := map[string]bool{}
		if c.rs.Items != nil && c.rs.Items.Market != nil {
			for _, s := range c.rs.Items.Market.Sellers {
				known[s.ID] = true
			}
		}
		removing := map[string]bool{}
		for n, id := range li.RemoveSellers {
			if id == "" {
				continue
			}
			if !known[id] {
				c.err(at(li.Node, "market", "removeSellers", n), p+".market.removeSellers."+strconv.Itoa(n), CodeLayerSellerUnknown,
					"the market has no seller %q", id)
				continue
			}
			removing[id] = true
		}
		if len(known) > 0 && len(removing) == len(known) {
			c.err(at(li.Node, "market", "removeSellers"), p+".market.removeSellers", CodeLayerNoSellerLeft,
				"this layer removes every seller; at least one must remain (a market with no sellers lets anyone sell everything)")
		}
	}
	for _, f := range li.Unsold {
		c.fc.filter(c.rs.File, f)
	}
	seen := map[string]bool{}
	for n, t := range li.LootTables {
		path := p + ".lootTables." + strconv.Itoa(n) + ".id"
		if t.ID == "" {
			continue
		}
		switch {
		case seen[t.ID]:
			c.err(at(t.Node, "id"), path, CodeLayerTableTwice, "this layer already replaces the loot table %q", t.ID)
		case c.rs.Items.LootTable(t.ID) == nil:
			c.err(at(t.Node, "id"), path, CodeLayerTableUnknown,
				"no loot table has the id %q; a layer can only replace a table items.lootTables declares", t.ID)
		}
		seen[t.ID] = true
		c.fc.lootTable(c.rs.File, t)
	}
	c.add(c.fc.findings())
	c.fc.ds = nil
}

// checkLadder holds a difficulty ladder (the base one, or a layer's) to the
// base resolution kind and the rules of ruleset-format.md §2.4. path is the
// ladder's path; each finding is at a step or one of its keys. The step
// shape, counts, label and number ranges were checked when the file was
// read.
func checkLadder(rs *model.Ruleset, steps []model.LadderStep, file, path string) []model.Diagnostic {
	if rs == nil {
		return nil
	}
	var ds []model.Diagnostic
	for _, p := range ladderProblems(rs.Resolution, steps, false) {
		if p.step < 0 || p.step >= len(steps) {
			continue
		}
		n := steps[p.step].Node
		stepPath := path + "." + strconv.Itoa(p.step)
		pp := stepPath
		if p.key != "" {
			n = at(n, p.key)
			pp += "." + p.key
		}
		var d model.Diagnostic
		if n != nil {
			d = model.At(model.Error, file, n, p.code, "%s", p.msg)
		} else {
			d = model.Errorf(file, pp, p.code, "%s", p.msg)
		}
		ds = append(ds, d)
	}
	return ds
}

// ladderProblem is one way a ladder breaks the rules: the step, the key
// inside it ("" for the step itself), a code and a message.
type ladderProblem struct {
	step int
	key  string
	code model.Code
	msg  string
}

// ladderProblems lists what is wrong with a ladder under a resolution.
// With full set it also re-checks what reading the file checks (count,
// labels, number ranges, with the codes reading gives them), as validating
// a layered definition needs.
func ladderProblems(r model.Resolution, steps []model.LadderStep, full bool) []ladderProblem {
	var out []ladderProblem
	if full && (len(steps) < 1 || len(steps) > 12) {
		out = append(out, ladderProblem{step: -1, code: model.CodeCount, msg: fmt.Sprintf("a ladder has 1 to 12 steps, not %d", len(steps))})
	}
	for i, s := range steps {
		if full {
			if why := model.PromptUnsafe(s.Label); why != "" || s.Label == "" || model.UTF16Len(s.Label) > 80 {
				out = append(out, ladderProblem{i, "label", model.CodeLength, "a step label is prompt-safe text of 1 to 80 characters"})
			}
		}
		switch r.Kind {
		case model.DiceSum:
			if !s.HasDC {
				out = append(out, ladderProblem{i, "", CodeLadderKind,
					"this ruleset is dice-sum, so every ladder step needs a dc (a {label, dc} step)"})
				continue
			}
			if full && (s.DC < -100 || s.DC > 1000) {
				out = append(out, ladderProblem{i, "dc", model.CodeRange, fmt.Sprintf("dc %d is outside -100..1000", s.DC)})
			}
		case model.DicePool:
			if !s.HasSuccesses {
				out = append(out, ladderProblem{i, "", CodeLadderKind,
					"this ruleset is dice-pool, so every ladder step needs successes (a {label, successes, target?} step)"})
				continue
			}
			if full && (s.Successes < 1 || s.Successes > 100) {
				out = append(out, ladderProblem{i, "successes", model.CodeRange, fmt.Sprintf("successes %d is outside 1..100", s.Successes)})
			} else if most := r.MaxSuccesses(); s.Successes > most {
				out = append(out, ladderProblem{i, "successes", CodeLadderSuccesses,
					fmt.Sprintf("%d successes can never be reached: the pool counts at most %d", s.Successes, most)})
			}
			if !s.HasTarget {
				continue
			}
			switch {
			case !r.TargetAdjustable():
				out = append(out, ladderProblem{i, "target", CodeLadderTarget,
					fmt.Sprintf("a step may set a target only when the target is adjustable (target.min %d is not below target.max %d)", r.TargetMin, r.TargetMax)})
			case s.Target < r.TargetMin || s.Target > r.TargetMax:
				out = append(out, ladderProblem{i, "target", CodeLadderTarget,
					fmt.Sprintf("the target %d is outside the ruleset's target range %d..%d", s.Target, r.TargetMin, r.TargetMax)})
			}
		}
	}
	return out
}
