package rules

import "rulebench/model"

func (b *blockChecker) restRefs() {
	for _, rest := range kids(b.restsNode) {
		for _, op := range kids(rest.Get("restore")) {
			b.restStep(op)
		}
		for _, id := range kids(at(rest, "clear", "text")) {
			if id.Kind == model.String && !b.liveText.has(id.Str()) {
				b.err(id, CodeUnknownLiveText, "the rest clears the live text %q, which the sheet does not declare", id.Str())
			}
		}
		if cl := at(rest, "clear", "conditions"); cl != nil && cl.Kind == model.Array {
			for _, id := range cl.Children() {
				b.condition(id)
			}
		}
	}
}

func (b *blockChecker) restStep(op *model.Node) {
	if p := at(op, "pool"); p != nil && p.Kind == model.String && b.pools[p.Str()] == nil {
		b.err(p, CodeUnknownPool, "the rest restores the pool %q, which the sheet does not declare", p.Str())
	}
	if g := at(op, "poolGroup"); g != nil && g.Kind == model.String && !b.poolGroups.has(g.Str()) {
		b.err(g, CodeUnknownPool, "no live pool declares the group %q", g.Str())
	}
	tn := at(op, "track")
	var track *model.Track
	if tn != nil && tn.Kind == model.String {
		if track = b.tracks[tn.Str()]; track == nil {
			b.err(tn, CodeUnknownTrack, "the rest restores the track %q, which the sheet does not declare", tn.Str())
		}
	}
	if k := at(op, "kind"); k != nil && k.Kind == model.String && track != nil {
		if !track.Wound() {
			b.err(k, CodePlainTrack, "%q is a plain track, so it has no kind of mark %q to clear", track.ID, k.Str())
		} else if !hasKind(track, k.Str()) {
			b.err(k, CodeUnknownKind, "the wound track %q declares no kind %q", track.ID, k.Str())
		}
	}
	if sn := at(op, "state"); sn != nil && sn.Kind == model.String {
		st := b.states[sn.Str()]
		if st == nil {
			b.err(sn, CodeUnknownState, "the rest puts back the live state %q, which the sheet does not declare", sn.Str())
		} else if to := at(op, "to"); to != nil && to.Kind == model.String && to.Str() != "default" && !contains(st.Values, to.Str()) {
			b.err(to, model.CodeStateValue, "%q is not \"default\" or one of the values of the state %q", to.Str(), st.ID)
		}
	}
	ln := at(op, "listPools")
	if ln == nil || ln.Kind != model.String {
		return
	}
	l := b.lists[ln.Str()]
	if l == nil || l.Pools == nil {
		b.err(ln, CodeUnknownList, "%q is not a sheet list whose rows are pools", ln.Str())
		return
	}
	rc := at(op, "recharge")
	if rc == nil {
		return
	}
	col := l.Column(l.Pools.RechargeColumn)
	if col == nil || col.Type != model.TypeEnum {
		b.err(rc, CodeColumnType, "the list %q declares no enum rechargeColumn to filter its pools by", l.ID)
		return
	}
	for _, v := range kids(rc) {
		if v.Kind == model.String && !contains(col.Values, v.Str()) {
			b.err(v, CodeColumnValue, "%q is not one of the values of the column %q", v.Str(), col.ID)
		}
	}
}
