package rules

import (
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestCapabilityOfRefusedEntries: cutting a gated feature out of a
// ruleset, as TestNeededCapabilityIsTheHighestNeed does, can leave
// catalog entries the Engine refuses (a creature short of its numbers, an
// entry of another catalog's kind, an item effect that does nothing). Each
// such ruleset, written here from the base test ruleset, is reported where
// the offending entry is written, and the rules' checks still run on it:
// NeededCapability is the highest of the needs and Check does not stop.
func TestCapabilityOfRefusedEntries(t *testing.T) {
	base := string(modeltest.Base())
	tests := []struct {
		name     string
		old, new string // the edit made to the base ruleset
		code     model.Code
		path     string
		entry    string // the line of the offending entry holds its id
		at       string // the finding is where this text starts on that line
		message  []string
	}{
		{
			name: "creature without health",
			old:  `"loot": "pack_loot", "health": 5, `, new: `"loot": "pack_loot", `,
			code: model.CodeCreatureNeeds, path: "catalogs.1.entries.0.creature.health",
			entry: `"id": "road-dog"`, at: `{ "tier": "minor"`,
			message: []string{"health", "without a sheet"},
		},
		{
			name: "creature with no action",
			old:  `"actions": [ { "id": "bite", "name": "Bite", "budget": "act", "toHit": 1, "damage": { "dice": "1d4", "type": "piercing" } } ]`,
			new:  `"actions": [ ]`,
			code: model.CodeCreatureNeeds, path: "catalogs.1.entries.0.creature.actions",
			entry: `"id": "road-dog"`, at: `[ ]`,
			message: []string{"at least one action"},
		},
		{
			name: "creature in an items catalog",
			old:  `"item": { "category": "food", "cost": { "amount": 1, "unit": "copper" } }`,
			new:  `"creature": { "tier": "minor", "health": 2, "defense": 6, "initiativeModifier": 0, "actions": [ { "id": "peck", "name": "Peck", "budget": "act", "toHit": 0, "damage": { "dice": "1d2", "type": "piercing" } } ] }`,
			code: model.CodeEntryKind, path: "catalogs.0.entries.1.creature",
			entry: `"id": "bread"`, at: `{ "tier": "minor"`,
			message: []string{`"creature"`, `"item"`, "items"},
		},
		{
			name: "worn effect that does nothing",
			old:  `"tags": ["sturdy"], `, new: `"tags": ["sturdy"], "worn": { }, `,
			code: model.CodeEffectEmpty, path: "catalogs.0.entries.0.item.worn.effects",
			entry: `"id": "rope"`, at: `{ }`,
			message: []string{"effects", "does something"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Count(base, tt.old) != 1 {
				t.Fatalf("the base ruleset does not hold %q once", tt.old)
			}
			text := strings.Replace(base, tt.old, tt.new, 1)
			line, col := position(t, text, tt.entry, tt.at)
			ws, err := model.Load(fstest.MapFS{"r.json": {Data: []byte(text)}}, "r.json")
			if err != nil {
				t.Fatal(err)
			}
			if len(ws.Diagnostics) != 1 {
				t.Fatalf("%d findings, want one: %v", len(ws.Diagnostics), ws.Diagnostics)
			}
			d := ws.Diagnostics[0]
			if d.Code != tt.code || d.Severity != model.Error || d.Path != tt.path {
				t.Errorf("%s %s at %s, want %s error at %s", d.Severity, d.Code, d.Path, tt.code, tt.path)
			}
			if d.Line != line || d.Column != col {
				t.Errorf("at %d:%d, want %d:%d (the entry %s)", d.Line, d.Column, line, col, tt.entry)
			}
			for _, w := range tt.message {
				if !strings.Contains(d.Message, w) {
					t.Errorf("the message %q does not mention %s", d.Message, w)
				}
			}
			if ws.Ruleset == nil {
				t.Fatal("no ruleset read")
			}
			if got, want := NeededCapability(ws), NeededMinor(CapabilityNeeds(ws)); got != want {
				t.Errorf("NeededCapability %d, the needs' highest %d", got, want)
			}
			Check(ws)
		})
	}
}

// position gives the line and column (from 1, in bytes) where at starts on
// the one line of text that holds entry.
func position(t *testing.T, text, entry, at string) (line, col int) {
	t.Helper()
	found := 0
	for i, l := range strings.Split(text, "\n") {
		if !strings.Contains(l, entry) {
			continue
		}
		j := strings.Index(l, at)
		if j < 0 {
			t.Fatalf("the line of %s does not hold %q", entry, at)
		}
		line, col = i+1, j+1
		found++
	}
	if found != 1 {
		t.Fatalf("%d lines hold %s, want one", found, entry)
	}
	return line, col
}
