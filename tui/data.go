package tui

import (
	"slices"

	"rulebench/model"
)

// snapshot is what the panes show: the workspace (the last one that could
// be read), its findings, and the layers switched on.
type snapshot struct {
	ws    *model.Workspace
	diags []model.Diagnostic
	// broken is set when the files on disk no longer give a ruleset; ws is
	// then the last good one, and diags the findings of the broken files.
	broken bool
	// chosen holds the ids of the layers switched on. It is replaced, never
	// changed in place, so that copies of an App stay independent.
	chosen map[string]bool
	// toggles are the layer switches under chosen, in declaration order.
	toggles []toggle
	// lang is the language to preview translations in ("" for none).
	lang string
}

// toggle is one layer's switch as the setup wizard shows it.
type toggle struct {
	layer *model.Layer
	// chosen is what the author asked for; on whether the layer applies.
	chosen, on bool
	// blockedBy are the labels of the layers switched on that conflict with
	// this one: its switch is disabled while any is on.
	blockedBy []string
}

func (t toggle) blocked() bool { return len(t.blockedBy) > 0 }

func (s *snapshot) ruleset() *model.Ruleset {
	if s.ws == nil {
		return nil
	}
	return s.ws.Ruleset
}

// conflict tells whether either layer names the other in its conflicts.
func conflict(a, b *model.Layer) bool {
	return slices.Contains(a.Conflicts, b.ID) || slices.Contains(b.Conflicts, a.ID)
}

// resolve works out the switches: layers are taken in declaration order,
// and of two conflicting chosen layers the one declared later is dropped.
func (s *snapshot) resolve() {
	s.toggles = nil
	rs := s.ruleset()
	if rs == nil {
		return
	}
	var kept []*model.Layer
	for _, l := range rs.Layers {
		t := toggle{layer: l, chosen: s.chosen[l.ID]}
		if t.chosen && !slices.ContainsFunc(kept, func(k *model.Layer) bool { return conflict(k, l) }) {
			kept = append(kept, l)
			t.on = true
		}
		s.toggles = append(s.toggles, t)
	}
	for i := range s.toggles {
		t := &s.toggles[i]
		for _, k := range kept {
			if k != t.layer && conflict(k, t.layer) {
				t.blockedBy = append(t.blockedBy, k.Label)
			}
		}
	}
}

// onCount is the number of layers that apply.
func (s *snapshot) onCount() int {
	n := 0
	for _, t := range s.toggles {
		if t.on {
			n++
		}
	}
	return n
}

// withChosen returns the choice with the layer id switched to on.
func withChosen(chosen map[string]bool, id string, on bool) map[string]bool {
	out := make(map[string]bool, len(chosen)+1)
	for k, v := range chosen {
		if v {
			out[k] = true
		}
	}
	if on {
		out[id] = true
	} else {
		delete(out, id)
	}
	return out
}
