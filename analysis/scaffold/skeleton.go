package scaffold

import (
	"encoding/json"
	"strings"
)

// summaryOf is the one-line description of a skeleton of a kind.
func summaryOf(kind string) string {
	if kind == DicePool {
		return "roll a pool of d10s, each die at or above the target is a success."
	}
	return "roll a d20, add an ability and a skill, and beat the difficulty."
}

// skeletonRuleset is the ruleset of a new package: a small sheet of each
// part, with a "$comment" on each saying what it is for. The texts are
// rulebench's own.
func skeletonRuleset(kind, id, name string) []byte {
	r := strings.NewReplacer("@ID@", quote(id), "@NAME@", quote(name), "@SUMMARY@", quote(strings.TrimSuffix(summaryOf(kind), ".")))
	body := diceSumResolution
	if kind == DicePool {
		body = dicePoolResolution
	}
	return []byte(r.Replace(head + body + sheetAndGM))
}

func quote(s string) string {
	b, _ := json.Marshal(s) // a string: cannot fail
	return string(b)
}

const head = `{
  "$comment": "A new ruleset made by rulebench new. Run rulebench check on its folder after each change, and rulebench on the folder to open it in the workbench.",
  "schemaVersion": 1,
  "id": @ID@,
  "version": 1,
  "name": @NAME@,
  "coverage": {
    "$comment": "Say which parts of play the ruleset covers; the summary is told to the Game Master.",
    "checks": true,
    "saves": true,
    "sheet": true,
    "resources": true,
    "rests": false,
    "combat": false,
    "summary": @SUMMARY@
  },
`

const diceSumResolution = `  "resolution": {
    "$comment": "How a check is rolled: one d20 plus the ability modifier and the skill's tier, against a difficulty from the ladder.",
    "kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 },
    "advantage": true,
    "naturals": { "check": "both", "save": "none" },
    "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiency": { "bonus": { "const": 2 } },
    "proficiencyTiers": [
      { "id": "untrained", "label": "Untrained" },
      { "id": "trained", "label": "Trained", "multiplier": 1 },
      { "id": "expert", "label": "Expert", "multiplier": 2 }
    ],
    "penaltyFrom": "harm",
    "difficultyLadder": [
      { "label": "Easy", "dc": 8 },
      { "label": "Fair", "dc": 12 },
      { "label": "Hard", "dc": 16 },
      { "label": "Heroic", "dc": 20 }
    ]
  },
`

const dicePoolResolution = `  "resolution": {
    "$comment": "How a check is rolled: a pool of d10s, ability plus skill tier; each die at or above the target is a success, and the ladder says how many are needed.",
    "kind": "dice-pool",
    "die": { "sides": 10 },
    "pool": { "min": 1, "max": 12 },
    "target": { "default": 7, "min": 6, "max": 8 },
    "explode": { "from": 10 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [
      { "id": "untrained", "label": "Untrained" },
      { "id": "trained", "label": "Trained", "flat": 1 },
      { "id": "expert", "label": "Expert", "flat": 2 }
    ],
    "penaltyFrom": "harm",
    "difficultyLadder": [
      { "label": "Easy", "successes": 1 },
      { "label": "Fair", "successes": 2 },
      { "label": "Hard", "successes": 3, "target": 8 },
      { "label": "Heroic", "successes": 5 }
    ]
  },
`

const sheetAndGM = `  "sheet": {
    "$comment": "The character sheet. Raise version, and add sheet.migrations, whenever a stored id moves or is renamed.",
    "version": 1,
    "abilities": [
      { "id": "might", "label": "Might", "min": 1, "max": 20, "default": 10 },
      { "id": "wits", "label": "Wits", "min": 1, "max": 20, "default": 10 },
      { "id": "heart", "label": "Heart", "min": 1, "max": 20, "default": 10 }
    ],
    "skills": [
      { "id": "climb", "label": "Climb", "ability": "might" },
      { "id": "notice", "label": "Notice", "ability": "wits" },
      { "id": "persuade", "label": "Persuade", "ability": "heart" }
    ],
    "saves": [
      { "id": "endure", "label": "Endure", "ability": "might" }
    ],
    "fields": [
      { "id": "background", "label": "Background", "type": "enum", "values": ["farmer", "sailor", "scholar"], "default": "farmer",
        "valueLabels": { "farmer": "Farmer", "sailor": "Sailor", "scholar": "Scholar" } },
      { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 10, "default": 1 },
      { "id": "notes", "label": "Notes", "type": "longtext", "maxLength": 2000 }
    ],
    "live": {
      "pools": [
        { "id": "stamina", "label": "Stamina", "max": { "const": 6 } }
      ],
      "tracks": [
        { "id": "harm", "label": "Harm", "min": 0, "max": 3,
          "levels": [
            { "label": "Bruised", "penalty": 0 },
            { "label": "Hurt", "penalty": -1 },
            { "label": "Broken", "penalty": -2 }
          ],
          "kinds": [
            { "id": "blow", "label": "Blow", "severity": 1 },
            { "id": "wound", "label": "Wound", "severity": 2 }
          ] }
      ]
    }
  },
  "gm": {
    "$comment": "What the Game Master is told. checkGuidance replaces the built-in paragraph on asking for checks.",
    "checkGuidance": "Ask for a check only when failure would change the story. Pick the difficulty from the ladder by how hard the task is, not by who attempts it."
  }
}
`

// sampleSave is the sample save of a new package: a sheet stored at
// version 1, for rulebench migrate to try sheet.migrations on later.
const sampleSave = `{
  "v": 1,
  "build": {
    "abilities": { "might": 12, "wits": 10, "heart": 9 },
    "skills": { "notice": "trained" },
    "fields": { "background": "sailor", "level": 2 }
  },
  "live": {
    "pools": { "stamina": { "value": 4 } },
    "tracks": { "harm": 1 }
  }
}
`
