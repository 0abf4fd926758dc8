package migrate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"rulebench/model"
	"rulebench/model/modeltest"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name       string
		version    int
		migrations string
		want       []string // "severity path code", in order
	}{
		{
			name:    "a valid chain of every kind of step",
			version: 4,
			migrations: `[
			  { "from": 1, "steps": [
			    { "rename": "ability", "from": "might", "to": "str" },
			    { "rename": "skill", "from": "climb", "to": "athletics" },
			    { "rename": "save", "from": "toughness", "to": "fort" },
			    { "rename": "field", "from": "xp", "to": "road_xp" },
			    { "setColumn": { "list": "attacks", "where": { "name": ["Dagger"], "ability": ["str"] }, "column": "ability", "to": "finesse" } } ] },
			  { "from": 2, "steps": [
			    { "rename": "field", "from": "road_xp", "to": "experience" },
			    { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "shadow_dark"], "else": "shadow_dark" },
			    { "routeLive": "track", "from": "old_wounds", "cases": ["wounds"], "else": "scars" } ] },
			  { "from": 3, "steps": [
			    { "route": "level", "by": "class", "cases": [
			        { "words": ["fighter"], "to": "level_fighter" }, { "words": ["wizard", "witch"], "to": "level_wizard" } ],
			      "else": "level_other", "default": 1 },
			    { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d8", "hd_d10"], "else": "hd_d8" } ] }
			]`,
		},
		{
			name:       "an entry from sheet.version",
			version:    3,
			migrations: `[ { "from": 3, "steps": [ { "rename": "field", "from": "xp", "to": "experience" } ] } ]`,
			want:       []string{"error sheet.migrations.0.from migration-from-version"},
		},
		{
			name:       "an entry from above sheet.version",
			version:    3,
			migrations: `[ { "from": 7, "steps": [ { "rename": "field", "from": "xp", "to": "experience" } ] } ]`,
			want:       []string{"error sheet.migrations.0.from migration-from-version"},
		},
		{
			name:    "two entries from the same version",
			version: 5,
			migrations: `[
			  { "from": 2, "steps": [ { "rename": "field", "from": "xp", "to": "experience" } ] },
			  { "from": 1, "steps": [ { "rename": "field", "from": "lvl", "to": "level_other" } ] },
			  { "from": 2, "steps": [ { "rename": "field", "from": "honour", "to": "rank" } ] } ]`,
			want: []string{"error sheet.migrations.2.from migration-duplicate-from"},
		},
		{
			name:    "renames writing to ids the sheet does not have, each kind",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "rename": "ability", "from": "might", "to": "power" },
			  { "rename": "skill", "from": "climb", "to": "str" },
			  { "rename": "save", "from": "toughness", "to": "athletics" },
			  { "rename": "field", "from": "xp", "to": "exp" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.to migration-unknown-id",
				"error sheet.migrations.0.steps.1.to migration-unknown-id",
				"error sheet.migrations.0.steps.2.to migration-unknown-id",
				"error sheet.migrations.0.steps.3.to migration-unknown-id",
			},
		},
		{
			name:    "a rename chain is followed to its end, across entries written out of order",
			version: 4,
			migrations: `[
			  { "from": 3, "steps": [ { "rename": "field", "from": "b_xp", "to": "c_xp" } ] },
			  { "from": 1, "steps": [ { "rename": "field", "from": "xp", "to": "a_xp" } ] },
			  { "from": 2, "steps": [ { "rename": "field", "from": "a_xp", "to": "b_xp" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.to migration-unknown-id",
				"error sheet.migrations.1.steps.0.to migration-unknown-id",
				"error sheet.migrations.2.steps.0.to migration-unknown-id",
			},
		},
		{
			name:    "a rename chain that ends on a field the sheet has",
			version: 4,
			migrations: `[
			  { "from": 1, "steps": [ { "rename": "field", "from": "xp", "to": "a_xp" } ] },
			  { "from": 2, "steps": [ { "rename": "field", "from": "a_xp", "to": "b_xp" } ] },
			  { "from": 3, "steps": [ { "rename": "field", "from": "b_xp", "to": "experience" } ] } ]`,
		},
		{
			name:    "a rename feeding a field that a later route sends on",
			version: 3,
			migrations: `[
			  { "from": 1, "steps": [ { "rename": "field", "from": "lvl", "to": "level" } ] },
			  { "from": 2, "steps": [ { "route": "level", "by": "class", "cases": [ { "words": ["fighter"], "to": "level_fighter" } ], "else": "level_other" } ] } ]`,
		},
		{
			name:    "a rename or routeLive reading from an id the sheet still has",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "rename": "ability", "from": "dex", "to": "str" },
			  { "rename": "skill", "from": "stealth", "to": "athletics" },
			  { "rename": "save", "from": "fort", "to": "fort" },
			  { "rename": "field", "from": "experience", "to": "level_other" },
			  { "routeLive": "pool", "from": "spare", "cases": ["hd_d8"], "else": "hd_d8" },
			  { "routeLive": "track", "from": "wounds", "cases": ["scars"], "else": "scars" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.from migration-reads-current",
				"error sheet.migrations.0.steps.1.from migration-reads-current",
				"error sheet.migrations.0.steps.2.from migration-reads-current",
				"error sheet.migrations.0.steps.3.from migration-reads-current",
				"error sheet.migrations.0.steps.4.from migration-reads-current",
				"error sheet.migrations.0.steps.5.from migration-reads-current",
			},
		},
		{
			name:    "route cases listed twice: the same to, the same word in any case",
			version: 2,
			migrations: `[ { "from": 1, "steps": [ { "route": "level", "by": "class", "cases": [
			  { "words": ["fighter"], "to": "level_fighter" },
			  { "words": ["wizard"], "to": "level_fighter" },
			  { "words": ["FIGHTER"], "to": "level_wizard" } ], "else": "level_other" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.cases.1.to migration-case-twice",
				"error sheet.migrations.0.steps.0.cases.2.words.0 migration-case-twice",
			},
		},
		{
			name:    "routeLive cases listed twice",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "hd_d8", "hd_d6"], "else": "hd_d8" } ] } ]`,
			want: []string{"error sheet.migrations.0.steps.0.cases.2 migration-case-twice"},
		},
		{
			name:    "route by: a field the sheet has, one renamed away, or neither",
			version: 3,
			migrations: `[
			  { "from": 1, "steps": [
			    { "route": "level", "by": "old_class", "cases": [ { "words": ["fighter"], "to": "level_fighter" } ], "else": "level_other" },
			    { "route": "level", "by": "calling", "cases": [ { "words": ["fighter"], "to": "level_fighter" } ], "else": "level_other" } ] },
			  { "from": 2, "steps": [ { "rename": "field", "from": "old_class", "to": "class" } ] } ]`,
			want: []string{"error sheet.migrations.0.steps.1.by migration-route-by"},
		},
		{
			name:    "route destinations: number or text with no default, 0 or empty",
			version: 2,
			migrations: `[ { "from": 1, "steps": [ { "route": "level", "by": "class", "cases": [
			  { "words": ["a"], "to": "level_fighter" },
			  { "words": ["b"], "to": "level_other" },
			  { "words": ["c"], "to": "title" },
			  { "words": ["d"], "to": "class" },
			  { "words": ["e"], "to": "rank" },
			  { "words": ["f"], "to": "motto" },
			  { "words": ["g"], "to": "story" },
			  { "words": ["h"], "to": "sworn" },
			  { "words": ["i"], "to": "lamp" },
			  { "words": ["j"], "to": "nowhere" } ], "else": "rank" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.cases.4.to migration-route-destination",
				"error sheet.migrations.0.steps.0.cases.5.to migration-route-destination",
				"error sheet.migrations.0.steps.0.cases.6.to migration-route-destination",
				"error sheet.migrations.0.steps.0.cases.7.to migration-route-destination",
				"error sheet.migrations.0.steps.0.cases.8.to migration-route-destination",
				"error sheet.migrations.0.steps.0.cases.9.to migration-unknown-id",
				"error sheet.migrations.0.steps.0.else migration-route-destination",
			},
		},
		{
			name:    "a route destination that a later rename moves is checked where it ends",
			version: 3,
			migrations: `[
			  { "from": 1, "steps": [ { "route": "level", "by": "class", "cases": [
			      { "words": ["fighter"], "to": "lvl_fighter" } ], "else": "lvl_other" } ] },
			  { "from": 2, "steps": [
			      { "rename": "field", "from": "lvl_fighter", "to": "level_fighter" },
			      { "rename": "field", "from": "lvl_other", "to": "rank" } ] } ]`,
			want: []string{"error sheet.migrations.0.steps.0.else migration-route-destination"},
		},
		{
			name:    "routeLive kinds: pool cases are pools, track cases tracks",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "routeLive": "pool", "from": "hit_dice", "cases": ["hd_d6", "shadow_lit", "nowhere"], "else": "wounds" },
			  { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "spare", "nowhere"], "else": "shadow_dark" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.cases.1 migration-live-kind",
				"error sheet.migrations.0.steps.0.cases.2 migration-unknown-id",
				"error sheet.migrations.0.steps.0.else migration-live-kind",
				"error sheet.migrations.0.steps.1.cases.1 migration-live-kind",
				"error sheet.migrations.0.steps.1.cases.2 migration-unknown-id",
			},
		},
		{
			name:    "routeLive tracks: all wound or all plain",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "routeLive": "track", "from": "shadow", "cases": ["shadow_lit", "wounds"], "else": "shadow_dark" },
			  { "routeLive": "track", "from": "hurt", "cases": ["wounds"], "else": "shadow_dark" } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.cases.1 migration-mixed-tracks",
				"error sheet.migrations.0.steps.1.else migration-mixed-tracks",
			},
		},
		{
			name:    "a routeLive case that a later routeLive moves on is followed",
			version: 3,
			migrations: `[
			  { "from": 1, "steps": [ { "routeLive": "pool", "from": "hit_dice", "cases": ["old_dice"], "else": "hd_d8" } ] },
			  { "from": 2, "steps": [ { "routeLive": "pool", "from": "old_dice", "cases": ["hd_d6"], "else": "hd_d8" } ] } ]`,
		},
		{
			name:    "setColumn: the list and every column must exist",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "setColumn": { "list": "weapons", "where": { "name": ["Dagger"] }, "column": "ability", "to": "dex" } },
			  { "setColumn": { "list": "attacks", "where": { "name": ["Dagger"], "kind": ["light"] }, "column": "stat", "to": "dex" } } ] } ]`,
			want: []string{
				"error sheet.migrations.0.steps.0.setColumn.list migration-unknown-id",
				"error sheet.migrations.0.steps.1.setColumn.where.kind migration-unknown-id",
				"error sheet.migrations.0.steps.1.setColumn.column migration-unknown-id",
			},
		},
		{
			name:    "warnings: words that can never match, a by that holds no text, values that fit no column",
			version: 2,
			migrations: `[ { "from": 1, "steps": [
			  { "route": "level", "by": "experience", "cases": [
			      { "words": ["fighter 3", "fighter", "Fighter"], "to": "level_fighter" } ], "else": "level_other", "default": true },
			  { "setColumn": { "list": "attacks", "where": { "bonus": ["two"], "ability": ["DEX"] }, "column": "ability", "to": "agility" } } ] } ]`,
			want: []string{
				"warning sheet.migrations.0.steps.0.by migration-by-type",
				"warning sheet.migrations.0.steps.0.cases.0.words.0 migration-word-never-matches",
				"warning sheet.migrations.0.steps.0.cases.0.words.2 migration-word-twice",
				"warning sheet.migrations.0.steps.0.default migration-value-type",
				"warning sheet.migrations.0.steps.1.setColumn.where.bonus.0 migration-value-type",
				"warning sheet.migrations.0.steps.1.setColumn.to migration-value-type",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := withMigrations(t, tt.version, tt.migrations)
			ds := Check(rs)
			got := codesAt(ds)
			if joinLines(got) != joinLines(tt.want) {
				t.Errorf("findings:\n%s\nwant:\n%s\nmessages:\n%s", joinLines(got), joinLines(tt.want), messages(ds))
			}
			for _, d := range ds {
				if d.File != "rules.json" || d.Line == 0 || d.Column == 0 || d.Message == "" {
					t.Errorf("finding without file, position or message: %+v", d)
				}
			}
		})
	}
}

func messages(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

// The findings sit on the offending value: the line of the from key's value.
func TestCheckPositions(t *testing.T) {
	rs := withMigrations(t, 2, `[
  { "from": 1, "steps": [ { "rename": "field", "from": "xp", "to": "nowhere" } ] },
  { "from": 2, "steps": [ { "rename": "field", "from": "xp", "to": "experience" } ] } ]`)
	ds := Check(rs)
	lines := strings.Split(rulesetJSON(strings.Replace(baseSheet, "%d", "2", 1)), "\n")
	at := func(needle string) int {
		for i, l := range lines {
			if strings.Contains(l, needle) {
				return i + 1
			}
		}
		return -1
	}
	if len(ds) != 2 {
		t.Fatalf("want 2 findings, got %s", messages(ds))
	}
	first := at(`"migrations": %s`)
	// "to": "nowhere" is on the first line of the array; from 2 on the second.
	if ds[0].Path != "sheet.migrations.0.steps.0.to" || ds[0].Line != first+1 {
		t.Errorf("unknown id at %s line %d, want line %d", ds[0].Path, ds[0].Line, first+1)
	}
	if ds[1].Path != "sheet.migrations.1.from" || ds[1].Line != first+2 {
		t.Errorf("version finding at %s line %d, want line %d", ds[1].Path, ds[1].Line, first+2)
	}
}

func TestCheckNothingToCheck(t *testing.T) {
	if ds := Check(nil); ds != nil {
		t.Errorf("Check(nil) = %v", ds)
	}
	if ds := Check(withMigrations(t, 1, `[]`)); ds != nil {
		t.Errorf("no migrations: %v", ds)
	}
}

// The real rulesets (the shared data's published ones) have no migrations:
// no finding at all.
func TestCheckFixtures(t *testing.T) {
	for _, f := range modeltest.FixtureFiles(t, false) {
		ws, err := model.Load(model.OSFS{}, f)
		if err != nil {
			t.Fatal(err)
		}
		if ds := Check(ws.Ruleset); len(ds) != 0 {
			t.Errorf("%s: %s", f, messages(ds))
		}
	}
}

func TestPlanOrder(t *testing.T) {
	rs := withMigrations(t, 9, `[
	  { "from": 5, "steps": [ { "rename": "field", "from": "e", "to": "experience" } ] },
	  { "from": 1, "steps": [ { "rename": "field", "from": "a", "to": "e" } ] },
	  { "from": 3, "steps": [ { "rename": "field", "from": "c", "to": "e" } ] } ]`)
	var got []int
	for _, e := range Plan(rs) {
		got = append(got, e.Index, e.From)
	}
	if want := []int{1, 1, 2, 3, 0, 5}; !slices.Equal(got, want) {
		t.Errorf("plan (index, from) = %v, want %v", got, want)
	}
}

// Many renames of one id, each feeding the next, must not make the chain
// walk explode: the check finishes and reports every bad destination once.
func TestCheckManyRenames(t *testing.T) {
	var steps []string
	for i := range 60 {
		steps = append(steps, `{ "rename": "field", "from": "a", "to": "a" }`, fmt.Sprintf(`{ "rename": "field", "from": "a", "to": "b%d" }`, i%3))
	}
	var entries []string
	for e := range 5 {
		entries = append(entries, fmt.Sprintf(`{ "from": %d, "steps": [ %s ] }`, e+1, strings.Join(steps[e*24:e*24+24], ", ")))
	}
	rs := withMigrations(t, 6, "["+strings.Join(entries, ",\n")+"]")
	done := make(chan []model.Diagnostic)
	go func() { done <- Check(rs) }()
	select {
	case ds := <-done:
		// one finding a step, whatever number of ends it reaches
		if got, want := len(ds), 120; got != want {
			t.Errorf("%d findings, want %d", got, want)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Check did not finish: the rename chains are walked exponentially")
	}
}

// The worst migration shapes (modeltest.ShapesOf) are one chain of
// thousands of renames, in one entry or one an entry, that ends at a field
// the sheet has: the chain is followed to its end, and no step is refused.
// With the chain's last step gone, every step writes an id nothing
// declares, and each is refused with the chain's end.
func TestCheckRenameChainShapes(t *testing.T) {
	for _, s := range modeltest.Shapes() {
		if s.Name != "renames" && s.Name != "migrations" {
			continue
		}
		root, _ := model.Parse("shape.json", s.Data)
		rs, _ := model.DecodeRuleset("shape.json", root) // renames has more steps than an entry may
		if n := len(rs.Sheet.Migrations); n == 0 {
			t.Fatalf("%s: no migrations", s.Name)
		}
		if ds := Check(rs); len(ds) != 0 {
			t.Errorf("%s: %d findings, the first %s", s.Name, len(ds), ds[0].Message)
		}
		last := chain(Plan(rs))
		end := last[len(last)-1].step
		end.To = "nowhere"
		ds := Check(rs)
		// One a step, up to the cap, then one that counts the rest.
		want := min(len(last), model.MaxFileFindings)
		if len(last) > model.MaxFileFindings {
			if n := len(ds); n == 0 || ds[n-1].Code != model.CodeTooManyFindings {
				t.Fatalf("%s: the findings past the cap are not counted", s.Name)
			}
			ds = ds[:len(ds)-1]
		}
		if len(ds) != want {
			t.Fatalf("%s: %d findings for %d steps that write to nowhere", s.Name, len(ds), len(last))
		}
		for _, d := range ds {
			if d.Code != CodeMigrationUnknownID || !strings.Contains(d.Message, `"nowhere"`) {
				t.Fatalf("%s: %s %s", s.Name, d.Code, d.Message)
			}
		}
	}
}
