package report

import (
	"encoding/json"
	"strings"
	"testing"

	"rulebench/migrate"
	"rulebench/model"
	"rulebench/model/modeltest"
	"rulebench/rules"
)

// A save's values the layers no longer offer are listed kept and shown,
// with the layer that took them away and their place in the save.
func TestNewLayersSave(t *testing.T) {
	ws := modeltest.Load(t, "../../examples/lantern-road")
	e := rules.Resolve(ws.Ruleset, []string{"long_dark"})
	var kept []DocKept
	for _, s := range ws.Saves {
		d := NewLayersSave(e, s)
		if d.File != s.File || d.Kept == nil {
			t.Errorf("%s: %+v", s.File, d)
		}
		kept = append(kept, d.Kept...)
	}
	if len(kept) == 0 {
		t.Fatal("nothing kept under the long dark")
	}
	for _, k := range kept {
		if k.Shown != KeptAndShown || k.Layer == nil || *k.Layer != "long_dark" || k.Line == 0 {
			t.Errorf("kept %+v", k)
		}
		if (k.Kind == rules.KeptCoin) != (k.Count != nil) {
			t.Errorf("%s: count %v", k.Kind, k.Count)
		}
	}
}

// The document of an empty ruleset has every list present and empty, and
// the nulls the contract names.
func TestNewLayersEmpty(t *testing.T) {
	b, err := json.Marshal(NewLayers(rules.Resolve(nil, nil)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"selected":[]`, `"active":[]`, `"toggles":[]`, `"difficultyLadderFrom":null`, `"worldGuidance":null`, `"saves":[]`, `"diagnostics":[]`, `"fields":{}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("no %s in %s", want, b)
		}
	}
	if strings.Count(string(b), "null") != 2 {
		t.Errorf("unexpected nulls in %s", b)
	}
}

// A rehearsal's document keeps the trace's step flat, its changes, and a
// sheet only for a save that could be read.
func TestNewMigrateSave(t *testing.T) {
	ws := modeltest.Load(t, "../../examples/lantern-road")
	m := migrate.New(ws.Ruleset)
	r := m.Rehearse("s.json", []byte(`{"v": 1, "build": {"abilities": {"quick": 7}}}`))
	d := NewMigrateSave(r)
	if d.Sheet == nil || d.Sheet.V != r.To || len(d.Trace) != len(r.Trace) || len(d.Entries) != len(r.Entries) {
		t.Fatalf("%+v", d)
	}
	b, _ := json.Marshal(d.Trace[0])
	if !strings.HasPrefix(string(b), `{"entry":0,"from":1,"step":0,"path":"sheet.migrations.0.steps.0","op":"rename","kind":"ability","source":"build.abilities.quick","destination":"build.abilities.deft","outcome":"moved","value":7,"count":0,"changes":[`) {
		t.Errorf("step %s", b)
	}
	unread := NewMigrateSave(m.Rehearse("bad.json", []byte(`[`)))
	if unread.Sheet != nil || unread.Trace == nil || unread.OK {
		t.Errorf("an unreadable save: %+v", unread)
	}
	doc := NewMigrate(ws, nil, []*MigrateSave{d, unread})
	if doc.OK || doc.Diagnostics == nil || doc.SheetVersion != ws.Ruleset.Sheet.Version {
		t.Errorf("%+v", doc)
	}
}

// BenchmarkLayers builds the layers document of the large ruleset with
// every layer on.
func BenchmarkLayers(b *testing.B) {
	data := modeltest.Large()
	root, _ := model.Parse("large.json", data)
	rs, _ := model.DecodeRuleset("large.json", root)
	var all []string
	for _, l := range rs.Layers {
		all = append(all, l.ID)
	}
	e := rules.Resolve(rs, all)
	b.ReportAllocs()
	for b.Loop() {
		NewLayers(e)
	}
}
