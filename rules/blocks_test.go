package rules

import (
	"os"
	"slices"
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

// blockCase breaks one rule of the blocks base: it sets path to value (del
// deletes it, "json:" text is parsed), after the edits in also, and wants a
// finding of code at at, the findings in more, and no other error.
type blockCase struct {
	name  string
	path  string
	value any
	code  model.Code
	at    string
	also  [][2]any
	// more are the other findings the edit makes, as code@path.
	more []string
}

// del deletes the key a case sets.
const del = "{delete}"

// value is what a case writes: JSON text after "json:", nothing for del, or
// the value itself.
func value(t *testing.T, v any) any {
	t.Helper()
	if s, ok := v.(string); ok {
		switch {
		case s == del:
			return nil
		case strings.HasPrefix(s, "json:"):
			return raw(t, strings.TrimPrefix(s, "json:"))
		}
	}
	return v
}

func runBlockCases(t *testing.T, cases []blockCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := loadBlocks(t)
			for _, e := range tc.also {
				m.set(t, e[0].(string), value(t, e[1]))
			}
			m.set(t, tc.path, value(t, tc.value))
			shape, cross := formatFindings(t, m)
			found := false
			more := map[string]bool{}
			for _, d := range append(shape, cross...) {
				if d.Severity != model.Error {
					continue
				}
				if key := string(d.Code) + "@" + d.Path; slices.Contains(tc.more, key) {
					more[key] = true
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
			for _, key := range tc.more {
				if !more[key] {
					t.Errorf("want also %s", key)
				}
			}
		})
	}
}

// TestBlockUniqueIDs: the ids a block lists are unique within it.
func TestBlockUniqueIDs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "two rests with one id", path: "rests.0.id", value: "long", code: "duplicate-id", at: "rests.1.id"},
		{name: "two creature actions with one id", path: "catalogs.1.entries.0.creature.actions.1.id", value: "snap", code: "duplicate-id", at: "catalogs.1.entries.0.creature.actions.2.id"},
		{name: "two budgets with one id", path: "combat.economy.budgets", value: `json:[{"id": "action", "label": "Action", "per": "turn"}, {"id": "bonus", "label": "Bonus", "per": "turn"}, {"id": "reaction", "label": "Reaction", "per": "round"}, {"id": "bonus", "label": "Bonus again", "per": "round"}]`, code: "duplicate-id", at: "combat.economy.budgets.3.id"},
		{name: "one condition mapped twice", path: "combat.conditions.1.condition", value: "prone", code: "duplicate-id", at: "combat.conditions.1.condition"},
		{name: "two contests with one id", path: "combat.contests.1.id", value: "grab", code: "duplicate-id", at: "combat.contests.1.id"},
	})
}

// The paths of the base's creatures, entries and items.
const (
	wolf    = "catalogs.1.entries.0.creature"
	mage    = "catalogs.1.entries.1.creature.sheet"
	spell   = "catalogs.0.entries."
	sword   = "catalogs.2.entries.0.item"
	bow     = "catalogs.2.entries.1.item"
	wand    = "catalogs.2.entries.2.item"
	tonic   = "catalogs.2.entries.3.item"
	onWolfs = "catalogs.1.entries.0.creature.actions."
)

// TestRestRefs: what a rest restores and clears is declared, and of the kind
// the step needs.
func TestRestRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "unknown pool", path: "rests.0.restore.0.pool", value: "mana", code: "unknown-pool", at: "rests.0.restore.0.pool"},
		{name: "unknown pool group", path: "rests.1.restore.1.poolGroup", value: "spells", code: "unknown-pool", at: "rests.1.restore.1.poolGroup"},
		{name: "unknown track", path: "rests.1.restore.2.track", value: "fatigue", code: "unknown-track", at: "rests.1.restore.2.track"},
		{name: "unknown kind of mark", path: "rests.1.restore.3.kind", value: "burn", code: "unknown-kind", at: "rests.1.restore.3.kind"},
		{name: "kind on a plain track", path: "rests.1.restore.2.kind", value: "bruise", code: "plain-track", at: "rests.1.restore.2.kind"},
		{name: "unknown state", path: "rests.0.restore.2.state", value: "mood", code: "unknown-state", at: "rests.0.restore.2.state"},
		{name: "state put to a value it lacks", path: "rests.0.restore.2.to", value: "frantic", code: "state-value", at: "rests.0.restore.2.to"},
		{name: "listPools of a list without pools", path: "rests.0.restore.1.listPools", value: "spells", code: "unknown-list", at: "rests.0.restore.1.listPools"},
		{name: "recharge value the column lacks", path: "rests.0.restore.1.recharge", value: "json:[\"dawn\"]", code: "column-value", at: "rests.0.restore.1.recharge.0"},
		{name: "unknown live text cleared", path: "rests.1.clear.text", value: "json:[\"notes\"]", code: "unknown-live-text", at: "rests.1.clear.text.0"},
		{name: "unknown condition cleared", path: "rests.1.clear.conditions", value: "json:[\"stunned\"]", code: "unknown-condition", at: "rests.1.clear.conditions.0"},
	})
}

// TestBattleRefs: battle's pools are declared live pools, each with one job,
// and its skills' columns are of the right type.
func TestBattleRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "health pool that starts empty", path: "battle.health", value: `json:{"pool": "stress"}`, code: "empty-pool", at: "battle.health.pool"},
		{name: "health a plain track", path: "battle.health", value: `json:{"track": "exhaustion"}`, code: "plain-track", at: "battle.health.track"},
		{name: "energy is the health pool", path: "battle.energy.pool", value: "hp", code: "pool-twice", at: "battle.energy.pool"},
		{name: "one pool for two slot levels", path: "battle.slots.1.pool", value: "slot_1", code: "pool-twice", at: "battle.slots.1.pool"},
		{name: "two slot pools of one level", path: "battle.slots.1.level", value: 1.0, code: "duplicate-level", at: "battle.slots.1.level"},
		{name: "slot pool is a list of row pools", path: "battle.slots.0.pool", value: "powers", code: "unknown-pool", at: "battle.slots.0.pool"},
		{name: "onlyWhen not a boolean column", path: "battle.skills.0.onlyWhen", value: "tier", code: "column-type", at: "battle.skills.0.onlyWhen"},
		{name: "alwaysWhen equals a value the column cannot hold", path: "battle.skills.0.alwaysWhen.equals", value: "zero", code: "column-value", at: "battle.skills.0.alwaysWhen.equals"},
		{name: "alwaysWhen without onlyWhen", path: "battle.skills.0.onlyWhen", value: del, code: "always-when", at: "battle.skills.0.alwaysWhen"},
	})
}

// TestCombatRefs: what the combat block names is declared and fits its kind.
func TestCombatRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "defense reads an unknown derived value", path: "combat.defense", value: `json:{"derived": "ward"}`, code: "unknown-ref", at: "combat.defense.derived"},
		{name: "initiative without dice or pool", path: "combat.initiative.dice", value: del, code: "initiative", at: "combat.initiative", more: []string{"initiative@combat.initiative.modifier"}},
		{name: "initiative plus without a pool", path: "combat.initiative.plus", value: 2.0, code: "initiative", at: "combat.initiative.plus"},
		{name: "dice-pool fight in a dice-sum ruleset", path: "combat.kind", value: "dice-pool", code: "combat-kind", at: "combat.kind",
			more: []string{"combat-kind@combat.attackRoll", "combat-kind@combat.pool"}},
		{name: "attack-vs-defense without attackRoll", path: "combat.attackRoll", value: del, code: "combat-kind", at: "combat.attackRoll"},
		{name: "pool in an attack-vs-defense fight", path: "combat.pool", value: `json:{"advantage": true}`, code: "combat-kind", at: "combat.pool"},
		{name: "naturals on two attack dice", path: "combat.attackRoll.dice.count", value: 2.0, code: "naturals-count", at: "combat.attackRoll.naturals"},
		{name: "cells without a distance", path: "combat.distance", value: del, code: "needs-distance", at: "combat.ranged",
			more: []string{"needs-distance@combat.attacks.0.reach", "needs-distance@combat.attacks.0.range", "needs-distance@combat.contests.0.reach",
				"needs-distance@combat.contests.0.onWin.push", "needs-distance@" + sword + ".attack.reach", "needs-distance@" + bow + ".attack.range"}},
		{name: "unknown opportunity budget", path: "combat.opportunity.budget", value: "move", code: "unknown-budget", at: "combat.opportunity.budget"},
		{name: "spend limit on an unknown pool", path: "combat.spendLimits.0.pool", value: "mana", code: "unknown-pool", at: "combat.spendLimits.0.pool"},
		{name: "contest check reading an unknown skill", path: "combat.checks.0.value", value: `json:{"skillMod": "swim"}`, code: "unknown-ref", at: "combat.checks.0.value.skillMod"},
		{name: "penalty read off a plain track", path: "combat.checks.0.value", value: `json:{"liveTrack": "exhaustion", "read": "penalty"}`, code: "track-read", at: "combat.checks.0.value.read"},
		{name: "contest on an unknown check", path: "combat.contests.0.attacker.checks", value: `json:["shove"]`, code: "unknown-check", at: "combat.contests.0.attacker.checks.0"},
		{name: "contest applying an unknown condition", path: "combat.contests.0.onWin.applies.0.condition", value: "held", code: "unknown-condition", at: "combat.contests.0.onWin.applies.0.condition"},
		{name: "contest breaking free of what it applies", path: "combat.contests.1.onWin.applies", value: `json:[{"condition": "grappled"}]`, code: "contest-loop", at: "combat.contests.1.onWin.applies.0.condition"},
		{name: "attacks from an unknown list", path: "combat.attacks.0.list", value: "gear", code: "unknown-list", at: "combat.attacks.0.list",
			more: []string{"unknown-list@" + spell + "3.mechanics.rider.sources.0"}},
		{name: "attack name from a dice column", path: "combat.attacks.0.name", value: "dice", code: "column-type", at: "combat.attacks.0.name"},
		{name: "damage type from a number column", path: "combat.attacks.0.damage.type.column", value: "bonus", code: "column-type", at: "combat.attacks.0.damage.type.column"},
		{name: "toHit bonus from an unknown column", path: "combat.attacks.0.toHit.bonus.column", value: "heft", code: "unknown-column", at: "combat.attacks.0.toHit.bonus.column"},
		{name: "strikesCappedBy without strikes", path: "combat.attacks.0.strikes", value: del, code: "strikes-cap", at: "combat.attacks.0.strikesCappedBy"},
		{name: "strikes below one", path: "combat.attacks.0.strikes", value: `json:{"const": 0}`, code: "range", at: "combat.attacks.0.strikes.const"},
		{name: "abilities gated by a text column", path: "combat.abilities.0.onlyWhen", value: "name", code: "column-type", at: "combat.abilities.0.onlyWhen"},
		{name: "a standard action twice", path: "combat.standard", value: `json:["dash", "dash", "dodge"]`, code: "duplicate-value", at: "combat.standard.1"},
		{name: "dodge effects without dodge", path: "combat.standard", value: `json:["dash", "help"]`, code: "no-dodge", at: "combat.standardEffects.dodge"},
		{name: "dodge saves unknown", path: "combat.standardEffects.dodge.saves", value: `json:["wis_save"]`, code: "unknown-save", at: "combat.standardEffects.dodge.saves.0"},
		{name: "unknown condition mapped", path: "combat.conditions.0.condition", value: "blinded", code: "unknown-condition", at: "combat.conditions.0.condition"},
		{name: "sight gating an effect the condition lacks", path: "combat.conditions.0.whileSourceInSight", value: `json:["cannot-act"]`, code: "sight-effect", at: "combat.conditions.0.whileSourceInSight.0"},
		{name: "condition narrowed to an unknown skill", path: "combat.conditions.1.skills", value: `json:["swim"]`, code: "unknown-skill", at: "combat.conditions.1.skills.0"},
		{name: "modifier narrowed to an unknown save", path: "combat.conditions.1.modifiers.0.saves", value: `json:["wis_save"]`, code: "unknown-save", at: "combat.conditions.1.modifiers.0.saves.0"},
		{name: "level on a wound track", path: "combat.levels.0.track", value: "wounds", code: "wound-track", at: "combat.levels.0.track"},
		{name: "level above the track's top", path: "combat.levels.0.at", value: 7.0, code: "range", at: "combat.levels.0.at"},
		{name: "level on an unknown derived value", path: "combat.levels.1.derived", value: "ward", code: "unknown-ref", at: "combat.levels.1.derived"},
		{name: "one level given twice", path: "combat.levels.1", value: `json:{"track": "exhaustion", "at": 1, "effects": ["cannot-act"]}`, code: "duplicate-level", at: "combat.levels.1.at"},
		{name: "concentration on unknown live text", path: "combat.concentration.text", value: "notes", code: "unknown-live-text", at: "combat.concentration.text"},
		{name: "successes and failures on one track", path: "combat.dying.failures", value: "death_ok", code: "dying-track", at: "combat.dying.failures"},
		{name: "death saves on a wound track", path: "combat.dying.successes", value: "wounds", code: "wound-track", at: "combat.dying.successes"},
		{name: "dying condition unknown", path: "combat.dying.condition", value: "down", code: "unknown-condition", at: "combat.dying.condition"},
		{name: "a damage type twice, case aside", path: "combat.damageTypes", value: `json:["piercing", "slashing", "fire", "cold", "poison", " Fire"]`, code: "duplicate-value", at: "combat.damageTypes.5"},
		{name: "wound-track health without damageKinds", path: "combat.health", value: `json:{"track": "wounds"}`, code: "damage-kinds", at: "combat.damageKinds"},
		{name: "damageKinds beside a health pool", path: "combat.damageKinds", value: `json:{"default": "bruise", "marks": "per-blow"}`, code: "damage-kinds", at: "combat.damageKinds"},
		{name: "damageKinds default not a kind", path: "combat.damageKinds", value: `json:{"default": "burn", "marks": "per-blow"}`, code: "unknown-kind", at: "combat.damageKinds.default",
			also: [][2]any{{"combat.health", `json:{"track": "wounds"}`}}},
		{name: "damageKinds for an unknown damage type", path: "combat.damageKinds", value: `json:{"default": "cut", "byType": {"acid": "bruise"}, "marks": "per-blow"}`, code: "unknown-damage-type", at: "combat.damageKinds.byType.acid",
			also: [][2]any{{"combat.health", `json:{"track": "wounds"}`}}},
	})
}

// TestCreatureRefs: what a creature names is the combat block's, the
// sheet's or the items block's.
func TestCreatureRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "unknown ability", path: wolf + ".abilities", value: `json:{"wis": 3}`, code: "unknown-ability", at: wolf + ".abilities.wis"},
		{name: "unknown save", path: wolf + ".saves", value: `json:{"wis_save": 1}`, code: "unknown-save", at: wolf + ".saves.wis_save"},
		{name: "unknown contest check", path: wolf + ".checks", value: `json:{"shove": 1}`, code: "unknown-check", at: wolf + ".checks.shove"},
		{name: "resistance pierced by an unknown tag", path: wolf + ".resist.1.except", value: `json:["gold"]`, code: "unknown-word", at: wolf + ".resist.1.except.0"},
		{name: "unknown damage type", path: wolf + ".vulnerable", value: `json:["acid"]`, code: "unknown-damage-type", at: wolf + ".vulnerable.0"},
		{name: "unknown condition immunity", path: wolf + ".conditionImmunities", value: `json:["stunned"]`, code: "unknown-condition", at: wolf + ".conditionImmunities.0"},
		{name: "hardness without a spending style", path: wolf + ".hardness", value: 2.0, code: "hardness", at: wolf + ".hardness"},
		{name: "soak in an attack-vs-defense fight", path: wolf + ".soak", value: `json:{"all": 1}`, code: "combat-kind", at: wolf + ".soak"},
		{name: "action on an unknown budget", path: onWolfs + "0.budget", value: "move", code: "unknown-budget", at: onWolfs + "0.budget"},
		{name: "action of an unknown damage type", path: onWolfs + "0.damage.type", value: "acid", code: "unknown-damage-type", at: onWolfs + "0.damage.type"},
		{name: "clause saved with an unknown save", path: onWolfs + "0.damage.plus.0.save.save", value: "wis_save", code: "unknown-save", at: onWolfs + "0.damage.plus.0.save.save"},
		{name: "saves with no difficulty", path: onWolfs + "0.saveDifficulty", value: del, code: "save-difficulty", at: onWolfs + "0.damage.plus.0.save.difficulty",
			more: []string{"save-difficulty@" + onWolfs + "0.saveDifficulty"}},
		{name: "applies an unknown condition", path: onWolfs + "0.applies.0.condition", value: "held", code: "unknown-condition", at: onWolfs + "0.applies.0.condition"},
		{name: "reaction against an unknown catalog", path: onWolfs + "2.reaction.against.catalogs", value: `json:["tomes"]`, code: "unknown-catalog", at: onWolfs + "2.reaction.against.catalogs.0"},
		{name: "sequence of an unknown action", path: onWolfs + "1.sequence.0.action", value: "claw", code: "unknown-action", at: onWolfs + "1.sequence.0.action"},
		{name: "sequence of a reaction", path: onWolfs + "1.sequence.0.action", value: "snap", code: "sequence-step", at: onWolfs + "1.sequence.0.action"},
		{name: "sequence of itself", path: onWolfs + "1.sequence.0.action", value: "pounce", code: "sequence-step", at: onWolfs + "1.sequence.0.action"},
		{name: "rider on an unknown action", path: wolf + ".riders.0.actions", value: `json:["claw"]`, code: "unknown-action", at: wolf + ".riders.0.actions.0"},
		{name: "rider of an unknown damage type", path: wolf + ".riders.0.type", value: "acid", code: "unknown-damage-type", at: wolf + ".riders.0.type"},
	})
}

// TestCreatureSheetRefs: a creature written as a sheet uses the sheet's ids
// and values each of them can hold.
func TestCreatureSheetRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "unknown ability", path: mage + ".abilities.wis", value: 3.0, code: "unknown-ability", at: mage + ".abilities.wis"},
		{name: "ability above its max", path: mage + ".abilities.str", value: 40.0, code: "column-value", at: mage + ".abilities.str"},
		{name: "ability not whole", path: mage + ".abilities.str", value: 9.5, code: "column-value", at: mage + ".abilities.str"},
		{name: "unknown skill", path: mage + ".skills.swim", value: "trained", code: "unknown-skill", at: mage + ".skills.swim"},
		{name: "unknown proficiency tier", path: mage + ".skills.stealth", value: "expert", code: "unknown-tier", at: mage + ".skills.stealth"},
		{name: "tier the sheet does not offer", path: "sheet.skillTiers", value: `json:["untrained"]`, code: "unknown-tier", at: mage + ".skills.stealth"},
		{name: "field above its max", path: mage + ".fields.level", value: 30.0, code: "column-value", at: mage + ".fields.level"},
		{name: "enum field of another value", path: mage + ".fields.calling", value: "wizard", code: "column-value", at: mage + ".fields.calling"},
		{name: "text field too long", path: mage + ".fields.motto", value: strings.Repeat("q", 21), code: "column-value", at: mage + ".fields.motto"},
		{name: "unknown field", path: mage + ".fields.mood", value: 1.0, code: "unknown-field", at: mage + ".fields.mood"},
		{name: "bonus outside bonusRange", path: mage + ".bonuses.stealth", value: 50.0, code: "column-value", at: mage + ".bonuses.stealth"},
		{name: "bonus to an unknown skill", path: mage + ".bonuses.swim", value: 1.0, code: "unknown-skill", at: mage + ".bonuses.swim"},
		{name: "unknown list", path: mage + ".lists.gear", value: `json:[]`, code: "unknown-list", at: mage + ".lists.gear"},
		{name: "row value not whole", path: mage + ".lists.spells.0.tier", value: 1.5, code: "column-value", at: mage + ".lists.spells.0.tier"},
		{name: "row without a required column", path: mage + ".lists.spells.0.name", value: del, code: "required-column", at: mage + ".lists.spells.0"},
		{name: "row with an unknown column", path: mage + ".lists.spells.0.colour", value: "red", code: "unknown-column", at: mage + ".lists.spells.0.colour"},
		{name: "row from an unknown entry", path: mage + ".lists.spells.0._catalog", value: "spellbook/missing", code: "unknown-entry", at: mage + ".lists.spells.0._catalog"},
		{name: "row from a catalog that does not feed the list", path: mage + ".lists.spells.0._catalog", value: "armory/sword", code: "catalog-mark", at: mage + ".lists.spells.0._catalog"},
		{name: "row mark without a catalog", path: mage + ".lists.spells.0._catalog", value: "hold", code: "catalog-mark", at: mage + ".lists.spells.0._catalog"},
	})
}

// TestMechanicsRefs: what a catalog entry's mechanics and scaled rows name
// is declared, and fits the ruleset.
func TestMechanicsRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "unknown damage type", path: spell + "0.mechanics.damageType", value: "acid", code: "unknown-damage-type", at: spell + "0.mechanics.damageType"},
		{name: "unknown budget", path: spell + "0.mechanics.budget", value: "move", code: "unknown-budget", at: spell + "0.mechanics.budget"},
		{name: "applies an unknown condition", path: spell + "0.mechanics.applies.0.condition", value: "held", code: "unknown-condition", at: spell + "0.mechanics.applies.0.condition"},
		{name: "check effect in a dice-sum ruleset", path: spell + "0.mechanics.check", value: `json:{"dice": 1}`, code: "check-effect", at: spell + "0.mechanics.check"},
		{name: "unknown save", path: spell + "1.mechanics.save.save", value: "wis_save", code: "unknown-save", at: spell + "1.mechanics.save.save"},
		{name: "cost from an unknown pool", path: spell + "1.mechanics.cost.0.pool", value: "mana", code: "unknown-pool", at: spell + "1.mechanics.cost.0.pool"},
		{name: "reaction against an unknown catalog", path: spell + "1.mechanics.reaction.against.catalogs", value: `json:["tomes"]`, code: "unknown-catalog", at: spell + "1.mechanics.reaction.against.catalogs.0"},
		{name: "a save with nothing to roll against", path: "combat.abilities.0.saveDifficulty", value: del, code: "save-difficulty", at: spell + "1.mechanics.save"},
		{name: "standard actions for the main budget", path: spell + "2.mechanics.standard.budget", value: "action", code: "standard-budget", at: spell + "2.mechanics.standard.budget"},
		{name: "standard action the combat block lacks", path: spell + "2.mechanics.standard.actions", value: `json:["hide"]`, code: "unknown-standard", at: spell + "2.mechanics.standard.actions.0"},
		{name: "gives an unknown budget", path: spell + "2.mechanics.gives.0.budget", value: "move", code: "unknown-budget", at: spell + "2.mechanics.gives.0.budget"},
		{name: "scales reading live state", path: spell + "2.mechanics.scales.from", value: `json:{"livePool": "hp"}`, code: "live-read", at: spell + "2.mechanics.scales.from"},
		{name: "rider from a list that is no attack list", path: spell + "3.mechanics.rider.sources", value: `json:["spells"]`, code: "unknown-list", at: spell + "3.mechanics.rider.sources.0",
			more: []string{"unknown-column@" + spell + "3.mechanics.rider.requires.column"}},
		{name: "rider requiring an unknown column", path: spell + "3.mechanics.rider.requires.column", value: "edge", code: "unknown-column", at: spell + "3.mechanics.rider.requires.column"},
		{name: "scaled text column", path: spell + "0.rows.0.scaled", value: `json:{"name": {"from": {"field": "level"}}}`, code: "column-type", at: spell + "0.rows.0.scaled.name"},
		{name: "scaled column reading live state", path: spell + "0.rows.0.scaled", value: `json:{"tier": {"from": {"livePool": "hp"}}}`, code: "live-read", at: spell + "0.rows.0.scaled.tier.from"},
		{name: "scaled column adding up a list", path: spell + "0.rows.0.scaled", value: `json:{"tier": {"from": {"listSum": {"list": "spells", "column": "tier"}}}}`, code: "scaled-row", at: spell + "0.rows.0.scaled.tier.from"},
		{name: "scaled column without a starting value", path: spell + "0.rows.0.scaled", value: `json:{"tier": {"from": {"field": "level"}}}`, code: "scaled-row", at: spell + "0.rows.0.values",
			also: [][2]any{{spell + "0.rows.0.values.tier", del}}},
	})
}

// TestItemKeyRefs: what an item's worn, carried, requires, attack, use and
// charges name is declared, and the stats they read fit.
func TestItemKeyRefs(t *testing.T) {
	runBlockCases(t, []blockCase{
		{name: "worn modifier for an unknown skill", path: sword + ".worn.modifiers.0.skills", value: `json:["swim"]`, code: "unknown-skill", at: sword + ".worn.modifiers.0.skills.0"},
		{name: "worn change to an unknown ability", path: sword + ".worn.abilities", value: `json:{"wis": {"add": 1}}`, code: "unknown-ability", at: sword + ".worn.abilities.wis"},
		{name: "ability set beyond its range", path: sword + ".worn.abilities.str", value: `json:{"set": 40}`, code: "range", at: sword + ".worn.abilities.str.set"},
		{name: "worn resistance of an unknown type", path: sword + ".worn.resist", value: `json:["acid"]`, code: "unknown-damage-type", at: sword + ".worn.resist.0"},
		{name: "worn immunity to an unknown condition", path: sword + ".worn.conditionImmunities", value: `json:["stunned"]`, code: "unknown-condition", at: sword + ".worn.conditionImmunities.0"},
		{name: "carried narrowed to an unknown skill", path: wand + ".carried.skills", value: `json:["swim"]`, code: "unknown-skill", at: wand + ".carried.skills.0"},
		{name: "requirement on an unknown ability", path: sword + ".requires.0.value", value: `json:{"abilityScore": "wis"}`, code: "unknown-ref", at: sword + ".requires.0.value.abilityScore"},
		{name: "requirement adding up a text stat", path: sword + ".requires.0.value", value: `json:{"itemStat": {"from": "worn", "pick": "sum", "stat": "kind"}}`, code: "ref-type", at: sword + ".requires.0.value.itemStat.stat"},
		{name: "attack on an unknown budget", path: sword + ".attack.budget", value: "move", code: "unknown-budget", at: sword + ".attack.budget"},
		{name: "attack with an unknown skill", path: sword + ".attack.toHit.skill", value: "swim", code: "unknown-skill", at: sword + ".attack.toHit.skill"},
		{name: "abilities from a stat of damage types", path: sword + ".attack.toHit.abilities", value: `json:{"stat": "kind"}`, code: "stat-type", at: sword + ".attack.toHit.abilities.stat"},
		{name: "dice from a number stat", path: sword + ".attack.damage.dice", value: `json:{"stat": "heft"}`, code: "stat-type", at: sword + ".attack.damage.dice.stat"},
		{name: "type from an unknown stat", path: sword + ".attack.damage.type", value: `json:{"stat": "edge"}`, code: "unknown-stat", at: sword + ".attack.damage.type.stat"},
		{name: "own target in a dice-sum ruleset", path: sword + ".attack.toHit.target", value: 5.0, code: "item-target", at: sword + ".attack.toHit.target"},
		{name: "weapon neither worn in a slot nor bound", path: sword + ".slots", value: del, code: "attack-worn", at: sword + ".attack",
			more: []string{"attack-worn@" + sword + ".attack.versatile"}},
		{name: "ammunition of an unknown tag", path: bow + ".attack.ammo.tag", value: "bolt", code: "unknown-word", at: bow + ".attack.ammo.tag"},
		{name: "mode shooting what the weapon does not", path: bow + ".attack.ammo", value: del, code: "clip", at: bow + ".attack.modes.0.ammo"},
		{name: "clip smaller than a mode and recovering", path: bow + ".attack.clip", value: `json:{"max": 1, "reload": "action"}`, code: "clip", at: bow + ".attack.ammo.recover",
			more: []string{"clip@" + bow + ".attack.modes.0.ammo"}},
		{name: "two modes of one id", path: bow + ".attack.modes", value: `json:[{"id": "volley", "label": "Volley", "ammo": 2}, {"id": "volley", "label": "Again"}]`, code: "duplicate-mode", at: bow + ".attack.modes.1.id"},
		{name: "summed weapon without dice", path: bow + ".attack.damage", value: `json:{"type": "piercing"}`, code: "attack-dice", at: bow + ".attack.damage.dice"},
		{name: "off-hand weapon without combat.offHand", path: bow + ".attack.offHand", value: true, code: "off-hand", at: bow + ".attack.offHand",
			also: [][2]any{{"combat.offHand", del}}},
		{name: "on-hit condition unknown", path: bow + ".attack.onHit", value: `json:[{"condition": "held", "atLeast": 1}]`, code: "unknown-condition", at: bow + ".attack.onHit.0.condition"},
		{name: "use on an unknown budget", path: wand + ".use.budget", value: "move", code: "unknown-budget", at: wand + ".use.budget"},
		{name: "use asking a save with no difficulty", path: wand + ".use.saveDifficulty", value: del, code: "save-difficulty", at: wand + ".use.saveDifficulty"},
		{name: "use spending charges the item lacks", path: wand + ".charges", value: del, code: "charges", at: wand + ".use.charges"},
		{name: "charges no use spends", path: wand + ".use.charges", value: del, code: "charges", at: wand + ".charges"},
		{name: "charged item stacking", path: wand + ".stack", value: 2.0, code: "charges", at: wand + ".stack"},
		{name: "charges back on an unknown rest", path: wand + ".charges.recharge.rests", value: `json:["nap"]`, code: "unknown-rest", at: wand + ".charges.recharge.rests.0"},
		{name: "recharge of no amount", path: wand + ".charges.recharge.amount", value: `json:{}`, code: "charges", at: wand + ".charges.recharge.amount"},
		{name: "to-hit on a use that rolls none", path: wand + ".use.attackRoll", value: false, code: "use-to-hit", at: wand + ".use.toHit"},
		{name: "restore the health pool", path: tonic + ".use.restore.pool", value: "hp", code: "restore-health", at: tonic + ".use.restore.pool"},
		{name: "restore an unknown pool", path: tonic + ".use.restore.pool", value: "mana", code: "unknown-pool", at: tonic + ".use.restore.pool"},
		{name: "use neither free nor on a budget", path: tonic + ".use.free", value: del, code: "use-budget", at: tonic + ".use.budget"},
		{name: "gate on an unknown ability", path: tonic + ".use.gate.check", value: `json:{"ability": "wis"}`, code: "unknown-ability", at: tonic + ".use.gate.check.ability"},
		{name: "gate unless reading a text field", path: tonic + ".use.gate.unless.value", value: `json:{"field": "motto"}`, code: "ref-type", at: tonic + ".use.gate.unless.value.field"},
	})
}

// poolEdits turn the blocks base into a dice-pool ruleset with a dice-pool
// fight: d10 pools, damage dice of d10s.
var poolEdits = [][2]any{
	{"resolution", `json:{"kind": "dice-pool", "die": {"sides": 10}, "pool": {"min": 1, "max": 10}, "target": {"default": 7, "min": 5, "max": 9},
		"explode": {"from": 10, "min": 9}, "abilityModifier": {"op": "identity"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}],
		"difficultyLadder": [{"label": "Easy", "successes": 1}]}`},
	{"combat.kind", "dice-pool"},
	{"combat.attackRoll", del},
	{"combat.pool", `json:{"soak": {"roll": true, "all": {"const": 1}}}`},
	{wolf + ".actions.0.damage", `json:{"dice": "2d10", "type": "piercing"}`},
	{wolf + ".riders.0.amount.dice", "1d10"},
	{spell + "3.mechanics.rider.amount.dice", "2d10"},
	{wand + ".use.amount.dice", "2d10"},
}

// TestPoolBlocksBaseIsClean: the dice-pool variant of the blocks base has no
// findings, so the pool cases below find only what they break.
func TestPoolBlocksBaseIsClean(t *testing.T) {
	m := loadBlocks(t)
	for _, e := range poolEdits {
		m.set(t, e[0].(string), value(t, e[1]))
	}
	shape, cross := formatFindings(t, m)
	for _, d := range append(shape, cross...) {
		t.Errorf("unexpected finding: %s (%s)", d, d.Code)
	}
}

// TestPoolBlockRefs: the rules of a dice-pool fight.
func TestPoolBlockRefs(t *testing.T) {
	cases := []blockCase{
		{name: "damage dice not the pool's die", path: onWolfs + "0.damage.dice", value: "2d6", code: "pool-die", at: onWolfs + "0.damage.dice"},
		{name: "entry amount not the pool's die", path: spell + "0.mechanics.amount.dice", value: "1d8", code: "pool-die", at: spell + "0.mechanics.amount.dice"},
		{name: "condition modifier rolling dice", path: "combat.conditions.1.modifiers.0", value: `json:{"to": "saves", "dice": "1d4", "saves": ["dex_save"]}`, code: "pool-die", at: "combat.conditions.1.modifiers.0.dice"},
		{name: "worn modifier to attacks rolling dice", path: sword + ".worn.modifiers.0", value: `json:{"to": "attacks", "dice": "1d4"}`, code: "pool-die", at: sword + ".worn.modifiers.0.dice"},
		{name: "soak by kind with a health pool", path: "combat.pool.soak.byKind", value: `json:{"cut": {"const": 1}}`, code: "soak-kind", at: "combat.pool.soak.byKind.cut"},
		{name: "soak of nothing", path: "combat.pool.soak", value: `json:{"roll": false}`, code: "soak-empty", at: "combat.pool.soak"},
		{name: "damage target past the die", path: "combat.pool.damageTarget", value: 12.0, code: "range", at: "combat.pool.damageTarget"},
		{name: "hardness without a spending style", path: "combat.pool.hardness", value: `json:{"const": 1}`, code: "hardness", at: "combat.pool.hardness"},
		{name: "a resource with no style that takes", path: "combat.initiative", value: `json:{"pool": {"const": 3}, "resource": {"base": 0, "styles": [{"id": "cut", "label": "Cut", "spends": {}}], "crash": {"at": 0}}}`,
			code: "style-takes", at: "combat.initiative.resource.styles", more: []string{"range@combat.initiative.resource.base"}},
		{name: "reroll on the top face", path: spell + "0.mechanics.check", value: `json:{"reroll": {"upTo": 10, "mode": "once"}}`, code: "range", at: spell + "0.mechanics.check.reroll.upTo"},
		{name: "threshold outside the target range", path: spell + "0.mechanics.check", value: `json:{"threshold": 3}`, code: "range", at: spell + "0.mechanics.check.threshold"},
		{name: "double moved with no min to move to", path: spell + "0.mechanics.check", value: `json:{"double": 9}`, code: "check-effect", at: spell + "0.mechanics.check.double"},
		{name: "explode moved below its min", path: spell + "0.mechanics.check", value: `json:{"explode": 8}`, code: "range", at: spell + "0.mechanics.check.explode"},
	}
	for i := range cases {
		cases[i].also = append(append([][2]any{}, poolEdits...), cases[i].also...)
	}
	runBlockCases(t, cases)
}

// TestResolutionRefs: what the resolution's spends, adjustments and
// proficiency bonus read, what the sheet's refs read through itemStat and
// read, derived values feeding a cap, and the base ladder's steps of its
// own kind.
func TestResolutionRefs(t *testing.T) {
	spend := func(pool string) string {
		return `{"pool": "` + pool + `", "amount": 1, "dice": 1, "perCheck": 1}`
	}
	pool := func(cases ...blockCase) []blockCase {
		for i := range cases {
			cases[i].also = append(append([][2]any{}, poolEdits...), cases[i].also...)
		}
		return cases
	}
	cases := pool(
		blockCase{name: "spend from an unknown pool", path: "resolution.spend", value: "json:[" + spend("mana") + "]", code: "unknown-pool", at: "resolution.spend.0.pool"},
		blockCase{name: "spend from a pool that starts empty", path: "resolution.spend", value: "json:[" + spend("stress") + "]", code: "empty-pool", at: "resolution.spend.0.pool"},
		blockCase{name: "two spends from one pool", path: "resolution.spend", value: "json:[" + spend("ki") + "," + spend("ki") + "]", code: "pool-twice", at: "resolution.spend"},
		blockCase{name: "spend perCheck reading a text field", path: "resolution.spend", value: `json:[{"pool": "ki", "amount": 1, "dice": 1, "perCheck": {"field": "motto"}}]`, code: "ref-type", at: "resolution.spend.0.perCheck.field"},
	)
	cases = append(cases,
		blockCase{name: "adjustment of an unknown ability", path: "resolution.adjust", value: `json:[{"value": {"const": -1}, "abilities": ["wis"]}]`, code: "unknown-ability", at: "resolution.adjust.0.abilities.0"},
		blockCase{name: "proficiency bonus reading a skill", path: "resolution.proficiency.bonus", value: `json:{"skillMod": "athletics"}`, code: "proficiency-mod", at: "resolution.proficiency.bonus"},
		blockCase{name: "proficiency bonus through a derived value reading a save", path: "resolution.proficiency.bonus", value: `json:{"derived": "armor"}`, code: "proficiency-mod", at: "sheet.derived.0",
			also: [][2]any{{"sheet.derived.0.of.1", `json:{"saveMod": "dex_save"}`}}},
		blockCase{name: "derived value reading an unknown item stat", path: "sheet.derived.0.of.1", value: `json:{"itemStat": {"from": "worn", "pick": "sum", "stat": "edge"}}`, code: "unknown-stat", at: "sheet.derived.0.of.1.itemStat.stat"},
		blockCase{name: "derived value counting items of an unknown slot", path: "sheet.derived.0.of.1", value: `json:{"itemStat": {"from": "worn", "pick": "count", "slot": "belt"}}`, code: "unknown-word", at: "sheet.derived.0.of.1.itemStat.slot"},
		blockCase{name: "derived value reading a plain track's penalty", path: "sheet.derived.0.of.1", value: `json:{"liveTrack": "exhaustion", "read": "penalty"}`, code: "track-read", at: "sheet.derived.0.of.1.read"},
		blockCase{name: "skill cap through a derived value reading a save", path: "sheet.skills.0.cap", value: `json:{"derived": "armor"}`, code: "cap-mod", at: "sheet.derived.0",
			also: [][2]any{{"sheet.derived.0.of.1", `json:{"saveMod": "dex_save"}`}}},
		blockCase{name: "summed ladder step without a dc", path: "resolution.difficultyLadder.0", value: `json:{"label": "Easy"}`, code: "required", at: "resolution.difficultyLadder.0.dc",
			more: []string{"ladder-kind@resolution.difficultyLadder.0"}},
	)
	runBlockCases(t, cases)
}

// TestBlockShapeRules: the rules between the keys of one block, which
// reading the file reports.
func TestBlockShapeRules(t *testing.T) {
	woundHealth := [][2]any{{"combat.health", `json:{"track": "wounds"}`}, {"combat.damageKinds", `json:{"default": "cut", "marks": "per-blow"}`}}
	cases := []blockCase{
		{name: "break above the die", path: wand + ".charges.breaksOn", value: `json:{"die": 4, "atMost": 6}`, code: "breaks-on", at: wand + ".charges.breaksOn.atMost"},
		{name: "check effect of nothing", path: spell + "0.mechanics.check", value: `json:{}`, code: "check-empty", at: spell + "0.mechanics.check",
			more: []string{"check-effect@" + spell + "0.mechanics.check"}},
		{name: "creature with a sheet giving its health too", path: "catalogs.1.entries.1.creature.health", value: 5.0, code: "creature-sheet-key", at: "catalogs.1.entries.1.creature.health"},
		{name: "adding 0 to an ability", path: sword + ".worn.abilities.str", value: `json:{"add": 0}`, code: "effect-abilities", at: sword + ".worn.abilities.str.add"},
		{name: "free and on a budget", path: spell + "0.mechanics.free", value: true, code: "free-budget", at: spell + "0.mechanics.free"},
		{name: "heal with damage clauses", path: spell + "0.mechanics.plus", value: `json:[{"dice": "1d4"}]`, code: "heal-plus", at: spell + "0.mechanics.plus",
			also: [][2]any{{spell + "0.mechanics.kind", "heal"}}},
		{name: "clauses without an amount", path: spell + "0.mechanics.plus", value: `json:[{"dice": "1d4"}]`, code: "plus-needs-amount", at: spell + "0.mechanics.plus",
			also: [][2]any{{spell + "0.mechanics.amount", del}}},
		{name: "level ending on damage", path: "combat.levels.0.effects", value: `json:["ends-on-damage"]`, code: "level-effect", at: "combat.levels.0.effects.0"},
		{name: "level doing nothing", path: "combat.levels.0.effects", value: `json:[]`, code: "level-empty", at: "combat.levels.0.effects"},
		{name: "level reading a track and a derived value", path: "combat.levels.0.derived", value: "armor", code: "level-source", at: "combat.levels.0.track"},
		{name: "flat change of 0", path: "combat.conditions.1.modifiers.0.flat", value: 0.0, code: "modifier-key", at: "combat.conditions.1.modifiers.0.flat"},
		{name: "saves narrowing nothing", path: "combat.conditions.0.saves", value: `json:["dex_save"]`, code: "narrows-nothing", at: "combat.conditions.0.saves"},
		{name: "contest winning nothing", path: "combat.contests.1.onWin", value: `json:{}`, code: "on-win-empty", at: "combat.contests.1.onWin"},
		{name: "unmet requirement changing an ability", path: sword + ".requires.0.otherwise.abilities", value: `json:{"str": {"add": -1}}`, code: "otherwise-abilities", at: sword + ".requires.0.otherwise.abilities"},
		{name: "long range below the ordinary one", path: onWolfs + "0.range", value: `json:{"normal": 30, "long": 10}`, code: "range-long", at: onWolfs + "0.range.long"},
		{name: "reaction after the fact cancelling", path: onWolfs + "2.reaction", value: `json:{"on": "hit", "cancels": true}`, code: "reaction-cancels", at: onWolfs + "2.reaction"},
		{name: "reaction bought with points", path: onWolfs + "2.signature", value: `json:{"cost": 1}`, code: "reaction-signature", at: onWolfs + "2.signature",
			also: [][2]any{{wolf + ".signaturePoints", 2.0}}},
		{name: "signature action without points", path: onWolfs + "0.signature", value: `json:{"cost": 1}`, code: "signature-points", at: wolf + ".signaturePoints",
			more: []string{"sequence-step@" + onWolfs + "1.sequence.0.action"}},
		{name: "recharge the dice never roll", path: onWolfs + "0.recharge", value: `json:{"dice": {"count": 1, "sides": 6}, "from": 7}`, code: "recharge-unreachable", at: onWolfs + "0.recharge.from"},
		{name: "rest step without to or by", path: "rests.0.restore.0", value: `json:{"pool": "ki"}`, code: "rest-amount", at: "rests.0.restore.0"},
		{name: "recharge on a pool step", path: "rests.0.restore.0.recharge", value: `json:["short"]`, code: "rest-key", at: "rests.0.restore.0.recharge"},
		{name: "rider with a range", path: spell + "3.mechanics.range", value: 5.0, code: "rider-key", at: spell + "3.mechanics.range"},
		{name: "rider on an attack entry", path: spell + "0.mechanics.rider", value: `json:{"on": "hit", "oncePer": "turn", "amount": {"flat": 1}}`, code: "rider-kind", at: spell + "0.mechanics.kind"},
		{name: "self action with targets", path: onWolfs + "2.targetCount", value: 2.0, code: "self-target", at: onWolfs + "2.targetCount"},
		{name: "sequence with a toHit of its own", path: onWolfs + "1.toHit", value: 3.0, code: "sequence-key", at: onWolfs + "1.toHit"},
		{name: "self written as false", path: onWolfs + "2.self", value: false, code: "true-only", at: onWolfs + "2.self"},
		{name: "until-save without saveEnds", path: onWolfs + "0.applies.0.saveEnds", value: del, code: "until-save", at: onWolfs + "0.applies.0.saveEnds"},
		{name: "use that consumes and spends charges", path: wand + ".use.consumes", value: true, code: "use-key", at: wand + ".use.charges"},
		{name: "temporary points on a wound-track health", path: spell + "0.mechanics.temporary", value: `json:{"dice": "1d4"}`, code: "temporary", at: spell + "0.mechanics.temporary", also: woundHealth},
		{name: "itemStat without an items block", path: "sheet.derived.0.of.1", value: `json:{"itemStat": {"from": "worn", "pick": "count"}}`, code: "no-items", at: "sheet.derived.0.of.1.itemStat",
			also: [][2]any{{"items", del}},
			more: []string{"items-need-items@catalogs.2.holds", "unknown-word@" + wolf + ".resist.1.except.0"}},
	}
	runBlockCases(t, cases)
	style := blockCase{name: "style that takes and spends", path: "combat.initiative", value: `json:{"pool": {"const": 3}, "resource": {"base": 1, "styles": [{"id": "cut", "label": "Cut", "takes": {}, "spends": {}}]}}`,
		code: "style-shape", at: "combat.initiative.resource.styles.0", also: poolEdits}
	runBlockCases(t, []blockCase{style})
}
