// Package modeltest makes ruleset files for tests and benchmarks: a small
// hand-written ruleset that uses every part the model reads (Base), a large
// generated one close to the Engine's 256 KB limit (Large), and sample saves
// for it (LargeSaves). Every function returns new bytes on each call and the
// same bytes every time, so tests may edit what they get.
package modeltest

// base is a small dice-sum ruleset, valid under every check, written one
// key or small object a line so that tests can edit it by text replacement
// and find positions by searching for a marker.
const base = `{
  "$comment": "A small ruleset for rulebench's own tests: one of everything the model reads.",
  "schemaVersion": 1,
  "id": "tollway",
  "version": 3,
  "name": "Tollway",
  "edition": "Test edition",
  "license": { "spdx": "CC0-1.0" },
  "coverage": { "checks": true, "sheet": true, "resources": true, "combat": true, "summary": "Checks, a small sheet, coins and a few beasts." },
  "resolution": {
    "kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 },
    "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [
      { "id": "untrained", "label": "Untrained" },
      { "id": "trained", "label": "Trained", "flat": 2 }
    ],
    "difficultyLadder": [
      { "label": "Easy", "dc": 8 },
      { "label": "Hard", "dc": 14 }
    ]
  },
  "sheet": {
    "version": 2,
    "sections": [ { "id": "body", "label": "Body" } ],
    "abilities": [
      { "id": "grip", "label": "Grip", "short": "GRP", "min": 0, "max": 5, "default": 1, "section": "body" }
    ],
    "skills": [
      { "id": "climb", "label": "Climb", "ability": "grip" }
    ],
    "fields": [
      { "id": "calling", "label": "Calling", "type": "enum", "values": ["guard", "tinker", "drover"], "valueLabels": { "guard": "Gate guard" }, "default": "guard" },
      { "id": "lamp", "label": "Lamp oil", "type": "number", "min": 0, "max": 6, "default": 2, "hideWhen": { "field": "calling", "equals": "drover" } },
      { "id": "motto", "label": "Motto", "type": "text", "maxLength": 60 }
    ],
    "derived": [
      { "id": "reach", "label": "Reach", "op": "sum", "of": [ { "abilityScore": "grip" }, { "const": 1 } ] }
    ],
    "lists": [
      { "id": "gear", "label": "Gear", "maxItems": 20, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": true },
        { "id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 50 }
      ] }
    ],
    "live": {
      "pools": [ { "id": "stamina", "label": "Stamina", "max": { "const": 6 } } ],
      "tracks": [ { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 4, "default": 0 } ],
      "conditions": [ { "id": "winded", "label": "Winded" } ]
    },
    "migrations": [
      { "from": 1, "steps": [ { "rename": "field", "from": "oil", "to": "lamp" } ] }
    ]
  },
  "gm": { "checkGuidance": "Ask for a check when failing would be interesting." },
  "items": {
    "categories": [ { "id": "tool", "label": "Tool" }, { "id": "food", "label": "Food" } ],
    "rarities": [ { "id": "common", "label": "Common" } ],
    "tags": [ { "id": "sturdy", "label": "Sturdy" } ],
    "currencies": [
      { "id": "coin", "label": "Coin", "units": [
        { "id": "copper", "label": "coppers", "value": 1 },
        { "id": "silver", "label": "silvers", "value": 10 }
      ] }
    ],
    "lootTables": [
      { "id": "pack_loot", "label": "Pack loot", "rolls": 1, "entries": [
        { "item": "wares/rope", "weight": 2 },
        { "coins": "copper", "count": "2d6" }
      ] }
    ],
    "market": {
      "prices": [ { "id": "fair", "label": "fair", "times": 1, "default": true } ],
      "places": [ { "id": "village", "label": "village" } ],
      "sellers": [ { "id": "pedlar", "label": "pedlar", "sells": [ { "category": "tool" } ] } ]
    }
  },
  "combat": {
    "kind": "attack-vs-defense",
    "health": { "pool": "stamina" },
    "defense": { "const": 10 },
    "initiative": { "dice": { "count": 1, "sides": 20 }, "modifier": { "abilityMod": "grip" } },
    "attackRoll": { "dice": { "count": 1, "sides": 20 } },
    "economy": { "budgets": [ { "id": "act", "label": "Action", "per": "turn", "count": 1 } ] },
    "damageTypes": ["piercing"],
    "threat": { "tiers": [
      { "id": "minor", "label": "Minor", "health": [1, 6], "defense": 8, "toHit": 1, "damagePerRound": [1, 4], "saveDifficulty": 0 }
    ] }
  },
  "catalogs": [
    { "id": "wares", "label": "Wares", "holds": "items", "filters": [ { "id": "weight", "label": "Weight", "type": "number" } ], "entries": [
      { "id": "rope", "label": "Rope", "summary": "Thirty feet of hemp.", "filters": { "weight": 2 }, "item": { "category": "tool", "tags": ["sturdy"], "cost": { "amount": 3, "unit": "copper" } } },
      { "id": "bread", "label": "Bread", "filters": { "weight": 1 }, "item": { "category": "food", "cost": { "amount": 1, "unit": "copper" } } }
    ] },
    { "id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [
      { "id": "road-dog", "label": "Road dog", "creature": { "tier": "minor", "loot": "pack_loot", "health": 5, "defense": 8, "initiativeModifier": 1, "actions": [ { "id": "bite", "name": "Bite", "budget": "act", "toHit": 1, "damage": { "dice": "1d4", "type": "piercing" } } ] } }
    ] }
  ],
  "layers": [
    { "id": "lean_times", "label": "Lean times", "summary": "Food is short and coin is tight.", "gm": { "guidance": "Hunger presses on every journey." }, "fields": [ { "id": "calling", "removeValues": ["tinker"] } ], "difficultyLadder": [ { "label": "Easy", "dc": 9 }, { "label": "Hard", "dc": 15 } ], "catalogs": [ { "id": "wares", "hide": { "filter": "weight", "above": 1 } } ], "currencies": { "removeUnits": ["silver"] } },
    { "id": "high_road", "label": "High road", "conflicts": ["lean_times"] }
  ]
}
`

// Base returns a small valid dice-sum ruleset that uses every part the model
// reads at least once: sheet with an enum field, hideWhen and migrations,
// items with coins, loot and a market, a combat threat scale, an items and
// a creatures catalog, and two layers. Its text is laid out one key or small
// object a line, so tests can build bad inputs from it by replacing text.
func Base() []byte { return []byte(base) }
