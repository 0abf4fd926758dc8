package rules

import (
	"math"
	"slices"
	"strings"

	"rulebench/model"
)

// OptionPrefix starts the key of a layer option: a game records a chosen
// layer as "layer.<id>": true.
const OptionPrefix = "layer."

// Issue codes of the new-game check (engine-behaviour.md §1.2). The two
// about layers are also finding codes (CodeLayerUnknown, CodeLayerConflict).
const (
	IssueLayerUnknown  = string(CodeLayerUnknown)
	IssueLayerConflict = string(CodeLayerConflict)
	IssueTooMany       = "options_too_many"
	IssueBadValue      = "option_value_invalid"
)

// MaxOptions is the most entries a new game's options record may have.
const MaxOptions = 64

// Option is one entry of a game's options record, kept in the record's own
// order (the new-game check reports issues in that order).
type Option struct {
	Key   string
	Value any
}

// LayerOptions makes the options record that turns on the given layers:
// "layer.<id>": true for each, in the order given, each key once (a record
// has no repeated keys).
func LayerOptions(ids []string) []Option {
	out := make([]Option, 0, len(ids))
	for i, id := range ids {
		if !slices.Contains(ids[:i], id) {
			out = append(out, Option{Key: OptionPrefix + id, Value: true})
		}
	}
	return out
}

// ChosenLayers returns the ids an options record turns on: the keys
// "layer.<id>" whose value is exactly the boolean true (not "true", not 1).
// Other keys are ignored.
func ChosenLayers(opts []Option) []string {
	var ids []string
	for _, o := range opts {
		if id, ok := strings.CutPrefix(o.Key, OptionPrefix); ok && o.Value == true {
			ids = append(ids, id)
		}
	}
	return ids
}

// Conflict tells whether two layers conflict: either one names the other in
// its conflicts.
func Conflict(a, b *model.Layer) bool {
	return slices.Contains(a.Conflicts, b.ID) || slices.Contains(b.Conflicts, a.ID)
}

// Issue is one problem the Engine's new-game check finds with an options
// record. Layers holds the layer ids it names: the unknown id, or the
// earlier and the later of two conflicting layers; Labels their labels.
type Issue struct {
	Code   string
	Layers []string
	Labels []string
	// Key is the option key concerned, for the option checks.
	Key string
}

// NewGameIssues runs the Engine's strict new-game check on an options
// record (engine-behaviour.md §1.2) and returns every issue in the order
// the Engine records them; the Engine refuses the game with the first.
// Values other than true and keys that are not layer options raise none.
func NewGameIssues(rs *model.Ruleset, opts []Option) []Issue {
	var out []Issue
	if len(opts) > MaxOptions {
		out = append(out, Issue{Code: IssueTooMany})
	}
	for _, o := range opts {
		switch v := o.Value.(type) {
		case bool:
		case float64:
			if math.IsInf(v, 0) || math.IsNaN(v) {
				out = append(out, Issue{Code: IssueBadValue, Key: o.Key})
			}
		case int:
		case string:
			if model.UTF16Len(v) > 200 {
				out = append(out, Issue{Code: IssueBadValue, Key: o.Key})
			}
		default:
			out = append(out, Issue{Code: IssueBadValue, Key: o.Key})
		}
	}
	if rs == nil {
		return out
	}
	chosen := map[string]bool{}
	for _, o := range opts {
		id, ok := strings.CutPrefix(o.Key, OptionPrefix)
		if !ok || o.Value != true {
			continue
		}
		chosen[id] = true
		if rs.Layer(id) == nil {
			out = append(out, Issue{Code: IssueLayerUnknown, Key: o.Key, Layers: []string{id}})
		}
	}
	for i, a := range rs.Layers {
		if !chosen[a.ID] {
			continue
		}
		for _, b := range rs.Layers[i+1:] {
			if chosen[b.ID] && Conflict(a, b) {
				out = append(out, Issue{Code: IssueLayerConflict, Layers: []string{a.ID, b.ID}, Labels: []string{a.Label, b.Label}})
			}
		}
	}
	return out
}

// activeLayers walks the declared layers in declaration order and keeps
// each chosen one that conflicts with none already kept (the forgiving
// resolution of engine-behaviour.md §1.1). It returns the kept layers'
// indices and, for each chosen layer left out, the index of the kept layer
// it conflicts with.
func activeLayers(rs *model.Ruleset, chosen map[string]bool) (active []int, knockedBy map[int]int) {
	for i, l := range rs.Layers {
		if !chosen[l.ID] {
			continue
		}
		blocked := -1
		for _, k := range active {
			if Conflict(rs.Layers[k], l) {
				blocked = k
				break
			}
		}
		if blocked >= 0 {
			if knockedBy == nil {
				knockedBy = map[int]int{}
			}
			knockedBy[i] = blocked
			continue
		}
		active = append(active, i)
	}
	return active, knockedBy
}
