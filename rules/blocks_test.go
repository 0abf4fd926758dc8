package rules

import (
	"os"
	"strings"
	"testing"

	"rulebench/model"
)

// loadBlocks reads testdata/blocks-base.json, a ruleset using every part of
// rests, battle, combat, creatures, mechanics and the item keys.
func loadBlocks(t *testing.T) doc {
	t.Helper()
	data, err := os.ReadFile("testdata/blocks-base.json")
	if err != nil {
		t.Fatal(err)
	}
	return parseDoc(t, string(data))
}

func TestBlocksBaseIsClean(t *testing.T) {
	shape, cross := formatFindings(t, loadBlocks(t))
	for _, d := range append(shape, cross...) {
		t.Errorf("unexpected finding: %s (%s)", d, d.Code)
	}
}

// blockCase breaks one rule of the blocks base: it sets path to value (nil
// deletes it), after the edits in also, and wants a finding of code at at,
// and no other error.
type blockCase struct {
	name  string
	path  string
	value any
	code  model.Code
	at    string
	also  [][2]any
}

func runBlockCases(t *testing.T, cases []blockCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := loadBlocks(t)
			for _, e := range tc.also {
				m.set(t, e[0].(string), e[1])
			}
			if strings.HasPrefix(tc.value.(string), "{json}") {
				m.set(t, tc.path, raw(t, strings.TrimPrefix(tc.value.(string), "{json}")))
			} else if tc.value.(string) == "{delete}" {
				m.set(t, tc.path, nil)
			} else {
				m.set(t, tc.path, tc.value)
			}
			shape, cross := formatFindings(t, m)
			found := false
			for _, d := range append(shape, cross...) {
				if d.Severity != model.Error {
					continue
				}
				if d.Code == tc.code && d.Path == tc.at {
					found = true
					if d.Line == 0 || d.Column == 0 || d.Message == "" {
						t.Errorf("the finding has no place or sentence: %+v", d)
					}
					continue
				}
				t.Errorf("unexpected extra finding: %s (%s)", d, d.Code)
			}
			if !found {
				t.Errorf("want %s at %s; got %v %v", tc.code, tc.at, shape, cross)
			}
		})
	}
}

// TestBlockUniqueIDs: the ids a block lists are unique within it.
func TestBlockUniqueIDs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "two rests with one id", path: "rests.0.id", value: "long", code: "duplicate-id", at: "rests.1.id"},
		{name: "two creature actions with one id", path: "catalogs.1.entries.0.creature.actions.1.id", value: "snap", code: "duplicate-id", at: "catalogs.1.entries.0.creature.actions.2.id"},
		{name: "two budgets with one id", path: "combat.economy.budgets", value: `{json}[{"id": "action", "label": "Action", "per": "turn"}, {"id": "bonus", "label": "Bonus", "per": "turn"}, {"id": "reaction", "label": "Reaction", "per": "round"}, {"id": "bonus", "label": "Bonus again", "per": "round"}]`, code: "duplicate-id", at: "combat.economy.budgets.3.id"},
		{name: "one condition mapped twice", path: "combat.conditions.1.condition", value: "prone", code: "duplicate-id", at: "combat.conditions.1.condition"},
		{name: "two contests with one id", path: "combat.contests.1.id", value: "grab", code: "duplicate-id", at: "combat.contests.1.id"},
	})
}
