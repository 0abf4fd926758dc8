package say

import (
	"strings"
	"testing"

	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n          int
		noun, want string
	}{{0, "error", "0 errors"}, {1, "error", "1 error"}, {2, "warning", "2 warnings"}, {1, "success", "1 success"},
		{4, "success", "4 successes"}, {2, "entry", "2 entries"}, {2, "day", "2 days"}, {3, "box", "3 boxes"}, {1, "row", "1 row"}} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if got := Plural(3, "display string", "display strings"); got != "3 display strings" {
		t.Errorf("Plural: %q", got)
	}
}

func TestListsAndValues(t *testing.T) {
	if got := List([]string{"a", "b\x1b[2J"}); got != `a, b\x1b[2J` {
		t.Errorf("List: %q", got)
	}
	if got := ListOr(nil, "none"); got != "none" {
		t.Errorf("ListOr: %q", got)
	}
	if got := Quoted("Ghoul\n"); got != `"Ghoul\n"` {
		t.Errorf("Quoted: %q", got)
	}
	if got := Value(map[string]any{"value": 2, "tag": "<&>"}, 60); got != `{"tag":"<&>","value":2}` {
		t.Errorf("Value: %q", got)
	}
	long := Value(strings.Repeat("x", 100), 20)
	if len([]rune(long)) != 20 || !strings.HasSuffix(long, "...") {
		t.Errorf("a long value: %q", long)
	}
}

func TestOutcome(t *testing.T) {
	route := &migrate.StepInfo{Op: model.StepRoute, ByField: "calling"}
	renameXP := &migrate.StepInfo{Op: model.StepRename, Source: "build.fields.xp"}
	live := &migrate.StepInfo{Op: model.StepRouteLive}
	rename := &migrate.StepInfo{Op: model.StepRename}
	for _, tc := range []struct {
		st          migrate.StepTrace
		full, brief string
	}{
		{migrate.StepTrace{StepInfo: rename, Outcome: migrate.Moved, Value: 7.0}, "copied 7 (the old key stays)", "copied"},
		{migrate.StepTrace{StepInfo: renameXP, Outcome: migrate.NoValue}, "nothing to copy: the save has no build.fields.xp", "no-value"},
		{migrate.StepTrace{StepInfo: route, Outcome: migrate.KeptExisting, Value: 4.0, Existing: 2.0, By: "Fighter", Matched: []string{"level_fighter"}},
			`"Fighter" names level_fighter; not copied: the new key holds 2 already (4 stays in the old key)`, "kept-existing"},
		{migrate.StepTrace{StepInfo: route, Outcome: migrate.Else, Value: 5.0, By: ""}, `the sheet has no calling, so it goes to else; copied 5 (the old key stays)`, "else"},
		{migrate.StepTrace{StepInfo: route, Outcome: migrate.Else, Value: 5.0, By: "Witch and Warden", Matched: []string{"level_witch", "level_warden"}},
			`two cases matched (level_witch, level_warden), so it goes to else; copied 5 (the old key stays)`, "else"},
		{migrate.StepTrace{StepInfo: route, Outcome: migrate.Else, Value: 5.0, By: "Bard"}, `no case matched "Bard", so it goes to else; copied 5 (the old key stays)`, "else"},
		{migrate.StepTrace{Outcome: migrate.Set, Count: 1, Value: "deft"}, `set 1 row to "deft"`, "set 1 row"},
		{migrate.StepTrace{StepInfo: live, Outcome: migrate.Moved, Value: 3.0, Shown: []string{"shadow_lit"}}, "moved 3; the sheet shows shadow_lit", "moved"},
		{migrate.StepTrace{StepInfo: live, Outcome: migrate.DroppedOldKey, Value: 3.0, Existing: 1.0, Shown: []string{"hit_dice_d10"}},
			"the new key holds 1 already, so the old key's 3 is dropped; the sheet shows hit_dice_d10", "dropped-old-key"},
		{migrate.StepTrace{StepInfo: live, Outcome: migrate.NoValue}, "nothing to move", "no-value"},
	} {
		if got := Outcome(tc.st); got != tc.full {
			t.Errorf("Outcome = %q, want %q", got, tc.full)
		}
		if got := OutcomeBrief(tc.st); got != tc.brief {
			t.Errorf("OutcomeBrief = %q, want %q", got, tc.brief)
		}
	}
}

func TestImport(t *testing.T) {
	for _, tc := range []struct {
		imp     i18n.Import
		catalog bool
		want    string
	}{
		{i18n.Import{EngineLang: "pt-BR", Kept: []string{"pt-BR", "pt"}, Discarded: []string{"fr"}}, false, "an Engine set to pt-BR keeps pt-BR, pt; discards fr"},
		{i18n.Import{EngineLang: "ja", Discarded: []string{"fr"}}, false, "an Engine set to ja keeps nothing: a first import shows the ruleset in English, a re-import leaves the translation kept before; discards fr"},
		{i18n.Import{EngineLang: "fr", Kept: []string{"fr"}}, false, "an Engine set to fr keeps fr"},
		{i18n.Import{EngineLang: "de", Refused: []string{"de"}}, true, "an Engine set to de fetches the de pack and refuses it (it differs from the catalog entry's listing): the ruleset stays in English"},
		{i18n.Import{EngineLang: "ja"}, true, "an Engine set to ja fetches no pack: the ruleset stays in English"},
		{i18n.Import{EngineLang: "pt-BR", Kept: []string{"pt-BR"}, Fetched: "pt-BR"}, true, "an Engine set to pt-BR fetches the pt-BR pack"},
	} {
		if got := Import(tc.imp, tc.catalog); got != tc.want {
			t.Errorf("Import(%+v) = %q, want %q", tc.imp, got, tc.want)
		}
	}
}

func TestMarketNotes(t *testing.T) {
	ws, err := model.Load(model.OSFS{}, "../../examples/lantern-road")
	if err != nil || ws.Ruleset == nil {
		t.Fatal(err)
	}
	r := rules.NewResolver(ws.Ruleset)
	if notes := MarketNotes(r.Resolve(nil)); notes == nil || len(notes) != 0 {
		t.Errorf("no layer: %q", notes)
	}
	notes := MarketNotes(r.Resolve([]string{"toll_war", "lean_years"}))
	if len(notes) != 2 || !strings.HasPrefix(notes[0], "lean_years: its seller removal (lamp_house) is not made") ||
		!strings.HasPrefix(notes[1], "2 priced items are hidden from the item picker by a layer; they are still listed") {
		t.Errorf("notes %q", notes)
	}
}

// TestLayerEffects: a layer's effects read as English, a count of one in
// the singular, every thing named by its id.
func TestLayerEffects(t *testing.T) {
	def := "stonegate"
	rs := &model.Ruleset{Catalogs: []*model.Catalog{{ID: "knacks", Entries: []*model.Entry{}}}}
	l := &model.Layer{ID: "dark", Label: "The dark",
		Ladder:     []model.LadderStep{{Label: "Easy", DC: 7, HasDC: true}},
		Fields:     []model.LayerField{{ID: "home_reach", RemoveValues: []string{"fenward", "saltmarch"}, Default: &def}},
		Catalogs:   []model.HideRule{{Catalog: "knacks", Filter: "oil", Op: model.HideAbove, Number: 1}, {Catalog: "wares", Filter: "road", Op: model.HideEquals, Text: "Fen causeway"}},
		Currencies: &model.LayerCurrencies{RemoveUnits: []string{"groat"}, RemoveFamilies: []string{"scrip", "bone"}},
		Items:      &model.LayerItems{RemoveSellers: []string{"chandler"}, Unsold: []model.ItemFilter{{Category: "provisions", Tag: "fresh"}}},
		Conflicts:  []string{"midsummer"},
	}
	want := []string{
		"replaces the difficulty ladder with 1 step: Easy 7",
		"removes the values fenward and saltmarch from the field home_reach and makes stonegate its default",
		"hides the knacks whose oil is above 1 (0 entries)",
		`hides the wares whose road is "Fen causeway"`,
		"removes the coin groat",
		"removes the coin families scrip and bone",
		"removes the seller chandler",
		"takes the items of category provisions and tag fresh off sale",
		"conflicts with the layer midsummer",
	}
	got := LayerEffects(l, rs)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("LayerEffects:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := And([]string{"a", "b", "c"}); got != "a, b and c" {
		t.Errorf("And: %q", got)
	}
	d := rules.Dropped{ID: "hill_fever", With: []string{"drowned_fens"}, Problem: "no value left"}
	if got := DroppedReason(d, func(id string) string { return strings.ToUpper(id) }); got != "together with DROWNED_FENS, the layered ruleset would fail the Engine's checks: no value left" {
		t.Errorf("DroppedReason: %q", got)
	}
}

// TestStep: a step in words, setColumn's and a route's value lists quoted.
func TestStep(t *testing.T) {
	s := &model.Step{Op: model.StepSetColumn, List: "wards", Column: "kind", Value: "charm",
		Where: []model.WhereColumn{{Column: "name", Values: []any{"Ash Ward", "Salt Ring"}}}}
	if got := Step(s); got != `set column kind of wards to "charm" where name in ["Ash Ward", "Salt Ring"]` {
		t.Errorf("Step: %q", got)
	}
}

// TestRenamed: the hint for a stale key spelt like a renamed id, file text
// made safe and the label quoted as the caller quotes.
func TestRenamed(t *testing.T) {
	r := migrate.Rename{What: "skill", From: "row\x1b", To: "steer", Label: "Steer"}
	if got := Renamed(r, Quoted); got != `the migrations rename the skill row\x1b to steer, shown as "Steer"` {
		t.Errorf("Renamed: %q", got)
	}
}
