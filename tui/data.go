package tui

import (
	"slices"

	"rulebench/analysis/say"
	"rulebench/i18n"
	"rulebench/model"
	"rulebench/rules"
)

// snapshot is what the panes show: the analysis of the workspace (the last
// one that could be read), the layers chosen and their effect, and the
// language previewed.
type snapshot struct {
	analysis
	// pending is set until the first analysis arrives: only what reading
	// found is known. loading is set while the files are first read in
	// the background (pending is set too): nothing is known yet.
	pending bool
	loading bool
	// broken is set when the files on disk no longer give a ruleset; the
	// analysis is then the last good one, and diags the findings of the
	// broken files.
	broken bool
	// diagsWS is the workspace diags were worked out from (the broken one
	// when broken): the bytes their fixes edit.
	diagsWS *model.Workspace
	// unreadable says why the files on disk could not be read at all at
	// the last reload ("gone from disk" when the folder or file is not
	// there); "" when they could. The analysis is then the last good one.
	unreadable string
	// chosen holds the ids of the layers switched on.
	chosen map[string]bool
	// loads counts the analyses taken in, so that a tab can tell a new
	// load from a refresh of the same one.
	loads int
	// eff is the effective ruleset under chosen; nil without a ruleset.
	eff *rules.Effective
	// toggles are the layer switches under chosen, in declaration order.
	toggles []toggle
	// lang is the language to preview translations in ("" for none);
	// preview its view, nil when lang is empty or not a language tag.
	lang    string
	preview *i18n.Language
}

// toggle is one layer's switch as the setup wizard shows it.
type toggle struct {
	layer *model.Layer
	// chosen is what the author asked for; on whether the layer applies.
	chosen, on bool
	// blockedBy are the labels of the applied layers that conflict with
	// this one: its switch is disabled while any is on.
	blockedBy []string
	// dropped says why a chosen layer does not apply ("" when it does).
	dropped string
}

func (t toggle) blocked() bool { return len(t.blockedBy) > 0 }

func (s *snapshot) ruleset() *model.Ruleset {
	if s.ws == nil {
		return nil
	}
	return s.ws.Ruleset
}

// chosenIDs lists the chosen layer ids, sorted.
func (s *snapshot) chosenIDs() []string {
	ids := make([]string, 0, len(s.chosen))
	for id, on := range s.chosen {
		if on {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// resolve works out the effective ruleset and the switches for the choice.
func (s *snapshot) resolve() {
	s.toggles, s.eff = nil, nil
	rs := s.ruleset()
	if rs == nil || s.resolver() == nil {
		return
	}
	var failed string
	guard(&failed, "layers", func() { s.eff = s.resolver().Resolve(s.chosenIDs()) })
	if s.eff == nil {
		return
	}
	label := func(id string) string {
		if l := rs.Layer(id); l != nil && l.Label != "" {
			return l.Label
		}
		return id
	}
	for _, t := range s.eff.Toggles {
		tg := toggle{layer: t.Layer, chosen: s.chosen[t.Layer.ID], on: t.On}
		for _, id := range t.DisabledBy {
			tg.blockedBy = append(tg.blockedBy, label(id))
		}
		for _, d := range s.eff.Dropped {
			if d.ID == t.Layer.ID {
				tg.dropped = say.DroppedReason(d, label)
			}
		}
		s.toggles = append(s.toggles, tg)
	}
}

// setLang chooses the language to preview.
func (s *snapshot) setLang(code string) {
	s.lang, s.preview = code, nil
	if code == "" || s.report() == nil {
		return
	}
	if l, err := s.report().Language(code); err == nil {
		s.preview = l
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

// choose switches a layer on or off.
func (s *snapshot) choose(id string, on bool) {
	if on {
		s.chosen[id] = true
	} else {
		delete(s.chosen, id)
	}
}
