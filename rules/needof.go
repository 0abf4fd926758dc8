package rules

import (
	"strings"

	"rulebench/model"
)

// NeedOf is the Capability API need of the value n of a ruleset file (the
// value of a key, for an editor's hover): the highest-minor gate whose
// pattern names n's path and whose condition n meets. inEntry is the path
// of n inside the catalog entry that holds it ("" when n is not in one),
// for the gates that match on every entry. ok is false when n needs no
// more than the base format.
func NeedOf(n *model.Node, inEntry string) (need Need, ok bool) {
	if n == nil {
		return Need{}, false
	}
	segs := strings.Split(n.Path(), ".")
	var entrySegs []string
	if inEntry != "" {
		entrySegs = strings.Split(inEntry, ".")
	}
	for gi, g := range gates {
		if g.cond != nil && !g.cond(n) {
			continue
		}
		hit := false
		for _, p := range compiled[gi].root {
			hit = hit || matchSegs(p.segs, segs)
		}
		for _, p := range compiled[gi].entry {
			hit = hit || entrySegs != nil && matchSegs(p.segs, entrySegs)
		}
		if hit && (!ok || g.minor > need.Minor) {
			need, ok = Need{Minor: g.minor, Feature: g.feature, Path: n.Path()}, true
		}
	}
	return need, ok
}

// matchSegs tells whether a path, split at its dots, is matched by a
// gate's pattern ("*" one segment, "**" any number).
func matchSegs(pat, segs []string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if matchSegs(pat[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 || pat[0] != "*" && pat[0] != segs[0] {
		return false
	}
	return matchSegs(pat[1:], segs[1:])
}
