package rules

import "rulebench/model"

// Codes of a name that is not declared, or not of the kind it must be. The
// format checks and the block checks share them.
//
//rulebench:category format
const (
	// CodeUnknownRef: a value ref names something the sheet does not declare (a field, derived value, ability, skill, save, live pool or track, list or column), or a combat level or the sheet summary an unknown derived value.
	//
	// Why: the Engine resolves every value ref against the sheet when it reads the file, and
	// refuses the file when a ref names an id the sheet does not declare: the check, maximum or
	// fight that reads it would have no number to read.
	//
	// Fix: spell the id as it is declared, or declare it: `{ "abilityMod": "grace" }` needs an
	// ability `grace` in `sheet.abilities`, and `{ "listSum": { "list": "packs", "column": "heft"
	// } }` a list `packs` with a column `heft`.
	CodeUnknownRef model.Code = "unknown-ref"
	// CodeRefType: a value ref names something of the wrong type (a text field, a text stat).
	//
	// Why: the Engine refuses the file when a ref cannot give a number: a `field` ref and a
	// `listSum` column must be numbers, `abilityModFromField` and an `enumTable`'s field must be
	// enum fields, a `listSum`'s `onlyWhen` a boolean column of that list, and an `itemStat` that
	// sums or takes the highest or lowest value must read a number stat (ruleset-format.md §3.3,
	// §3.8).
	//
	// Fix: point the ref at something of the right type, or change the declared type: `{ "field":
	// "age" }` where `age` is `"type": "number"`, or `"onlyWhen": "readied"` where `readied` is a
	// boolean column.
	CodeRefType model.Code = "ref-type"
	// CodeUnknownAbility: a skill, save, adjustment, creature or item names an ability the sheet does not declare.
	//
	// Why: ability ids are resolved against `sheet.abilities`, and the Engine refuses the file
	// when a skill's or save's `ability`, an `adjust` entry, a creature, or an item's effect,
	// to-hit or `gate` names one that is not there: the roll would have no score to add.
	//
	// Fix: spell the ability as declared, or declare it: `"ability": "grace"` needs `{ "id":
	// "grace", "label": "Grace", "min": 1, "max": 5, "default": 2 }` in `sheet.abilities`.
	CodeUnknownAbility model.Code = "unknown-ability"
	// CodeUnknownField: a hideWhen, enumTable, catalog filter's startFrom, sheet summary or creature sheet names a field the sheet does not declare.
	//
	// Why: each of these reads a field's value (to hide something, to look up a number, to open
	// the picker filtered on it, to show it in the sheet block, to fill it in for a creature), and
	// the Engine refuses the file when the field is not in `sheet.fields`.
	//
	// Fix: name a declared field, or declare it: `"hideWhen": { "field": "trade", "equals":
	// "smith" }` needs a field `trade` in `sheet.fields`.
	CodeUnknownField model.Code = "unknown-field"
	// CodeUnknownList: a list the sheet does not declare, or not of the kind needed.
	//
	// Why: the Engine refuses the file when a catalog's `feeds`, the sheet summary, a fight's
	// attack or ability source, a creature's sheet or a wound track's `extra` names a list that
	// is not in `sheet.lists`,
	// when a rest's `listPools` names a list without `pools`, or when a rider's `sources` names a
	// list that is not one of `combat.attacks`: there would be no rows to write, show, fight with
	// or refill.
	//
	// Fix: name a declared list of the kind needed, for example `"listPools": "arts"` where `arts`
	// declares `"pools": { "nameColumn": "name", "maxColumn": "uses" }`.
	CodeUnknownList model.Code = "unknown-list"
	// CodeUnknownColumn: a column its list does not have.
	//
	// Why: catalog rows, a creature's sheet rows, scaled columns, a fight's attack columns,
	// `alwaysWhen`, the sheet summary, a wound track's `extra` and a rider's `requires` all name
	// columns of one list, and
	// the Engine refuses the file when the list does not declare the column: the value would have
	// no place on the row, or nothing to be read from.
	//
	// Fix: use a column id of that list, or add the column to the list: `{ "list": "arts",
	// "values": { "name": "Ward", "uses": 2 } }` needs columns `name` and `uses` on `arts`.
	CodeUnknownColumn model.Code = "unknown-column"
	// CodeColumnValue: a value its field, column, stat, ability or bonus cannot hold.
	//
	// Why: the Engine checks each value a catalog row, a creature's sheet or an item writes
	// against what holds it (a number within `min`..`max` and whole where `integer` is true, one
	// of an enum's values, true or false, text within `maxLength`) and refuses the file otherwise;
	// an `alwaysWhen.equals` or a rest's `recharge` that the column can never hold would match no
	// row.
	//
	// Fix: write a value the column can hold: `"uses": 3` for a number column from 0 to 5, or
	// `"recharge": ["dawn"]` where the column's values include `dawn`.
	CodeColumnValue model.Code = "column-value"
	// CodeRequiredColumn: a row without a value for a required column.
	//
	// Why: a column with `"required": true` must be set on every row a catalog entry or a
	// creature's sheet writes into its list, and the Engine refuses the file when one is missing
	// (ruleset-format.md §4.2).
	//
	// Fix: give the row that column, `"values": { "name": "Ward", "uses": 2 }` where `name` is
	// required, or make the column optional with `"required": false`.
	CodeRequiredColumn model.Code = "required-column"
	// CodeUnknownTrack: a live track the sheet does not declare.
	//
	// Why: `resolution.penaltyFrom`, a fight's `health`, a rest step, a combat level and the dying
	// rules read a track of `sheet.live.tracks`, and the Engine refuses the file when the track
	// they name is not declared.
	//
	// Fix: spell the track as declared, or declare it: `"penaltyFrom": "hurt"` needs a track `{
	// "id": "hurt", ... }` in `sheet.live.tracks`.
	CodeUnknownTrack model.Code = "unknown-track"
	// CodePlainTrack: a plain track where a wound track (with levels or boxes) is needed.
	//
	// Why: only a wound track has a penalty to apply, levels for a fight to mark and kinds of
	// mark; the Engine refuses the file when `resolution.penaltyFrom`, a fight's `health` or a
	// rest step's `kind` points at a plain track (ruleset-format.md §2.1, §3.5, §3.9).
	//
	// Fix: point it at a wound track, or give the track `levels` or `boxes` and `kinds`, for
	// example `{ "id": "hurt", "min": 0, "max": 2, "levels": [...], "kinds": [...] }`.
	CodePlainTrack model.Code = "plain-track"
	// CodeUnknownState: a live state the sheet does not declare.
	//
	// Why: an `enumTable` keyed on a `liveState` and a rest step on a `state` read one of
	// `sheet.live.states`, and the Engine refuses the file when the state is not declared.
	//
	// Fix: spell the state as declared, or declare it: `"from": { "liveState": "guard" }` needs `{
	// "id": "guard", "label": "Guard", "values": ["low", "high"] }` in `sheet.live.states`.
	CodeUnknownState model.Code = "unknown-state"
	// CodeUnknownTier: a proficiency or threat tier that is not declared, or not offered.
	//
	// Why: `skillTiers`, `saveTiers` and a creature sheet's skills and saves name ids of
	// `resolution.proficiencyTiers` (and a creature sheet only the tiers `skillTiers` or
	// `saveTiers` offer), and a creature's `tier` names one of `combat.threat.tiers`; the Engine
	// refuses the file otherwise.
	//
	// Fix: use a declared tier, or declare it: `"tier": "brute"` needs `{ "id": "brute", ... }` in
	// `combat.threat.tiers`, and `"skills": { "sneak": "trained" }` a proficiency tier `trained`.
	CodeUnknownTier model.Code = "unknown-tier"
	// CodeUnknownStat: an item stat that items.stats does not declare.
	//
	// Why: an item's `stats`, an `itemStat` ref, `items.carry.stat`, a rarity cap and a value an
	// item's attack, use or charges reads off a stat (`{ "stat": id }`) all name stats of
	// `items.stats`, and the Engine refuses the file when the stat is not declared.
	//
	// Fix: spell the stat as declared, or declare it: `"stats": { "heft": 2 }` needs `{ "id":
	// "heft", "label": "Heft", "type": "number", "min": 0, "max": 20 }` in `items.stats`.
	CodeUnknownStat model.Code = "unknown-stat"
	// CodeStatType: an item stat of the wrong type for what reads it.
	//
	// Why: the Engine refuses the file when a stat is read as something it is not: `items.carry`
	// counts a number stat whose `min` is at least 0, a rarity cap limits number stats, and a
	// value an item reads off a stat needs a number, dice, or text or enum stat to match, with
	// every word of an enum stat an ability, skill or damage type where one is read.
	//
	// Fix: read a stat of the right type, or change the stat's type: `"carry": { "stat": "heft",
	// ... }` with `heft` a number stat from 0, or `"dice": { "stat": "bite" }` with `bite` a dice
	// stat.
	CodeStatType model.Code = "stat-type"
	// CodeUnknownWord: an item category, rarity or tag (or an itemStat's slot) the items block does not declare.
	//
	// Why: items, item filters, rarity caps, `itemStat` refs, ammunition and a creature's
	// resistance exceptions name the words `items.categories`, `items.rarities`, `items.tags` (and
	// `items.slots`) declare, and the Engine refuses the file when a word is not among them.
	//
	// Fix: spell the word as declared, or declare it: `"category": "tool"` needs `{ "id": "tool",
	// "label": "Tool" }` in `items.categories`.
	CodeUnknownWord model.Code = "unknown-word"
	// CodeUnknownCatalog: a catalog the ruleset does not declare.
	//
	// Why: a loot line's `item` (`<catalog>/<entry>`) and a reaction's `against.catalogs` name
	// catalogs of the ruleset's `catalogs`, and the Engine refuses the file when the catalog is
	// not declared: the loot could not be found, and the reaction could answer nothing.
	//
	// Fix: spell the catalog as declared, or declare it: `"item": "stores/rope"` needs `{ "id":
	// "stores", "holds": "items", ... }` in `catalogs`.
	CodeUnknownCatalog model.Code = "unknown-catalog"
	// CodeUnknownEntry: an entry its catalog does not have.
	//
	// Why: a loot line's `item` and a row's `_catalog` mark are `<catalog>/<entry>`, and the
	// Engine refuses the file when the catalog keeps its entries inline and has none with that id
	// (a catalog in its own asset file is checked when that file is read).
	//
	// Fix: use an entry id of that catalog, or add the entry: `"item": "stores/rope"` needs `{
	// "id": "rope", "label": "Rope", "item": { ... } }` in the entries of `stores`.
	CodeUnknownEntry model.Code = "unknown-entry"
)

// Codes of the block cross-reference checks (rests, battle, combat,
// creatures, mechanics and the item keys).
//
//rulebench:category format
const (
	// CodeUnknownPool: a live pool or pool group the sheet does not declare (or a list of row pools where a live pool is needed).
	//
	// Why: a spend, a fight's `health`, `energy`, `slots` and `spendLimits`, a rest step, an
	// entry's `cost` and an item use's `restore` act on pools of `sheet.live.pools` (costs and
	// rests may also name a pool `group`), and the Engine refuses the file when the pool is not
	// declared. A list with `pools` does not count: its rows are pools keyed by their names, which
	// come and go as the player edits the sheet.
	//
	// Fix: spell the pool as declared, or declare it: `"health": { "pool": "vigor" }` needs `{
	// "id": "vigor", "label": "Vigor", "max": { "const": 10 } }` in `sheet.live.pools`.
	CodeUnknownPool model.Code = "unknown-pool"
	// CodeEmptyPool: a pool that starts empty used as a fight's health, or paid from by a spend.
	//
	// Why: a pool with `"start": "empty"` counts up (stress, strain): as a fight's health every
	// new character would start the fight already down, and as a `resolution.spend` it has nothing
	// in it to spend at the start of play, so the Engine refuses the file either way
	// (ruleset-format.md §2.1, §3.10).
	//
	// Fix: name a pool that starts full, or let this one start full with `"start": "full"` (the
	// default): `"health": { "pool": "vigor" }`.
	CodeEmptyPool model.Code = "empty-pool"
	// CodePoolTwice: one pool given two jobs (health and energy, two slot levels, two spends, two spend limits).
	//
	// Why: the Engine refuses the file: a fight drains health as damage and spends energy and
	// slots as costs, so one pool cannot be two of them or slots of two levels; two spends on one
	// pool leave a check unable to say which it means, and two spend limits on one pool give two
	// answers to how much may be spent.
	//
	// Fix: give each job its own pool, for example `"energy": { "pool": "focus" }` beside
	// `"health": { "pool": "vigor" }`, or merge the two spends or limits into one entry.
	CodePoolTwice model.Code = "pool-twice"
	// CodeUnknownKind: a kind of mark the wound track does not declare.
	//
	// Why: a wound track's marks are of the kinds its `kinds` declares, and the Engine refuses the
	// file when a rest step's `kind`, or `combat.damageKinds.default` or a `byType` value, names a
	// kind the track does not have.
	//
	// Fix: use a kind of that track, or add it to the track's `kinds`: `"damageKinds": {
	// "default": "bruise", "marks": "per-blow" }` needs `{ "id": "bruise", "label": "Bruise",
	// "severity": 1 }` among the health track's `kinds`.
	CodeUnknownKind model.Code = "unknown-kind"
	// CodeWoundTrack: a wound track where a plain track's number is read.
	//
	// Why: a combat level reads how far a plain track stands, and `combat.dying` counts death
	// saves by number on plain tracks; a wound track holds marks of kinds rather than a count, so
	// the Engine refuses one in either place.
	//
	// Fix: point the level or `dying.successes` / `dying.failures` at a plain track such as `{
	// "id": "fatigue", "min": 0, "max": 6 }`, or let the level read a derived value: `{ "derived":
	// "weariness", "at": 2, "effects": [...] }`.
	CodeWoundTrack model.Code = "wound-track"
	// CodeTrackRead: a penalty read off a track without levels or boxes.
	//
	// Why: only a wound track has a penalty in force, read off its levels or boxes; the Engine
	// refuses a `liveTrack` ref with `"read": "penalty"` on a plain track, which has none.
	//
	// Fix: read the plain track's number, `{ "liveTrack": "fatigue", "read": "value" }`, or read
	// the penalty off a wound track.
	CodeTrackRead model.Code = "track-read"
	// CodeUnknownLiveText: a live text the sheet does not declare.
	//
	// Why: a rest's `clear.text` and `combat.concentration.text` name short texts of
	// `sheet.live.text` (such as what a character is concentrating on), and the Engine refuses the
	// file when the text is not declared.
	//
	// Fix: spell the live text as declared, or declare it: `"text": "focus_on"` needs `{ "id":
	// "focus_on", "label": "Focus", "maxLength": 80 }` in `sheet.live.text`.
	CodeUnknownLiveText model.Code = "unknown-live-text"
	// CodeUnknownCondition: a condition sheet.live.conditions does not declare.
	//
	// Why: conditions are the sheet's own record of what holds a character, shared by the sheet
	// and its fights, so every condition a rest clears, a fight maps, a contest, entry, creature
	// action or item puts on or ends, a crash or the dying rules apply, or an immunity keeps off
	// must be one of `sheet.live.conditions`; the Engine refuses the file otherwise.
	//
	// Fix: spell the condition as declared, or declare it: `"condition": "dazed"` needs `{ "id":
	// "dazed", "label": "Dazed" }` in `sheet.live.conditions`.
	CodeUnknownCondition model.Code = "unknown-condition"
	// CodeUnknownSkill: a skill the sheet does not declare.
	//
	// Why: a condition's, level's or item effect's `skills`, a modifier's `skills`, an item's
	// to-hit and `gate`, and a creature's sheet name skills of `sheet.skills` (a creature's
	// `bonuses` a skill or a save), and the Engine refuses the file when the skill is not
	// declared.
	//
	// Fix: spell the skill as declared, or declare it: `"skills": ["sneak"]` needs `{ "id":
	// "sneak", "label": "Sneak" }` in `sheet.skills`.
	CodeUnknownSkill model.Code = "unknown-skill"
	// CodeUnknownSave: a save the sheet does not declare.
	//
	// Why: a fight's saves (`failsSaves`, a modifier's `saves`, dodge's saves, concentration, an
	// entry's, action's or use's `save`, a `saveEnds`) and a creature's saves name saves of
	// `sheet.saves`, and the Engine refuses the file when the save is not declared: there would be
	// nothing to roll.
	//
	// Fix: spell the save as declared, or declare it: `"saveEnds": { "save": "resolve", "at":
	// "turn-end" }` needs `{ "id": "resolve", "label": "Resolve" }` in `sheet.saves`.
	CodeUnknownSave model.Code = "unknown-save"
	// CodeUnknownRest: a rest the ruleset does not declare.
	//
	// Why: an item's charges come back on rests of the ruleset's `rests`, and the Engine refuses
	// the file when `charges.recharge.rests` names a rest that is not declared: the charges would
	// never come back.
	//
	// Fix: spell the rest as declared, or declare it: `"recharge": { "rests": ["camp"], "amount":
	// "max" }` needs `{ "id": "camp", "label": "Camp" }` in `rests`.
	CodeUnknownRest model.Code = "unknown-rest"
	// CodeColumnType: a column of the wrong type for what reads it.
	//
	// Why: the Engine refuses the file when a column is not of the type its reader needs: a
	// fight's `onlyWhen` filter a boolean column; an attack list's `name` a text column, its
	// ability and skill columns enum, `proficiency` and `strikesCappedBy` boolean, bonuses,
	// `reach` and `range` number, `damage.dice` dice, and `damage.type` text or enum; a rest's
	// `recharge` an enum `rechargeColumn`; a scaled column a number column; the sheet summary's
	// `nameColumn` a text or enum column and its `onlyWhen` a boolean column; and a wound track's
	// `extra` count and penalty columns number columns (ruleset-format.md §3.5, §6).
	//
	// Fix: name a column of the needed type, or change the column's type: `"onlyWhen": "readied"`
	// where `readied` is `{ "id": "readied", "label": "Readied", "type": "boolean" }`.
	CodeColumnType model.Code = "column-type"
	// CodeAlwaysWhen: alwaysWhen without the onlyWhen it is the exception to.
	//
	// Why: `alwaysWhen` is the exception to `onlyWhen`: it lets through rows that `onlyWhen` holds
	// back. Alone it holds nothing back and only reads like a filter, so the Engine refuses it.
	//
	// Fix: add the `onlyWhen` it is the exception to, `{ "list": "arts", "onlyWhen": "readied",
	// "alwaysWhen": { "column": "rank", "equals": 0 } }`, or drop `alwaysWhen`.
	CodeAlwaysWhen model.Code = "always-when"
	// CodeDuplicateLevel: two battle slot pools of one level, or one combat level given twice.
	//
	// Why: `battle.slots` holds one pool per slot level, and a combat level is one rung of one
	// track or derived value at one `at`; the Engine refuses the file when two slot pools share a
	// level or one rung is given twice, which would say two things about one level.
	//
	// Fix: give each slot pool its own `level`, or merge the two combat levels into one entry: `{
	// "track": "fatigue", "at": 2, "effects": [...], "modifiers": [...] }`.
	CodeDuplicateLevel model.Code = "duplicate-level"
	// CodeUnknownBudget: a budget combat.economy.budgets does not declare.
	//
	// Why: every budget a fight spends (an attack or ability source's, a contest's, opportunity
	// and off-hand strikes, a reload, a creature's action, an entry's `budget`, `gives` and
	// `standard`, an item's attack and use) is one of `combat.economy.budgets`, and the Engine
	// refuses the file when it is not declared.
	//
	// Fix: spell the budget as declared, or declare it: `"budget": "swift"` needs `{ "id":
	// "swift", "label": "Swift action", "per": "turn" }` in `combat.economy.budgets`.
	CodeUnknownBudget model.Code = "unknown-budget"
	// CodeUnknownDamageType: a damage type that is not one of combat.damageTypes.
	//
	// Why: where `combat.damageTypes` is declared, every type a blow, a rider, a resistance or
	// `damageKinds.byType` names must be one of them (compared trimmed and ignoring case), and the
	// Engine refuses the file otherwise; a ruleset that declares no damage types reads any type as
	// free text.
	//
	// Fix: use a declared type, or declare it: `"type": "frost"` needs `"damageTypes": ["frost",
	// "blunt"]` or another list holding `frost`.
	CodeUnknownDamageType model.Code = "unknown-damage-type"
	// CodeUnknownCheck: a contest, or a creature's checks, names a check that combat.checks does not declare.
	//
	// Why: each side of a contest rolls the best of the checks it lists, and a creature adds its
	// numbers to checks by id; both are ids of `combat.checks`, and the Engine refuses the file
	// when one is not declared. (A check a contest side lists twice is a `duplicate-value`
	// finding.)
	//
	// Fix: spell the check as declared, or declare it: `"attacker": { "checks": ["grapple"] }`
	// needs `{ "id": "grapple", "label": "Grapple", "value": { "abilityMod": "brawn" } }` in
	// `combat.checks`.
	CodeUnknownCheck model.Code = "unknown-check"
	// CodeUnknownAction: an action the creature does not have.
	//
	// Why: a creature's `sequence` steps and a rider's `actions` name actions of that same
	// creature, and the Engine refuses the file when the creature has no action with that id.
	//
	// Fix: use an action id of the creature, or add the action: `"sequence": [{ "action": "claw",
	// "times": 2 }]` needs `{ "id": "claw", "name": "Claw", "budget": "action", ... }` in its
	// `actions`.
	CodeUnknownAction model.Code = "unknown-action"
	// CodeUnknownStandard: a standard action combat.standard does not offer.
	//
	// Why: an entry's `mechanics.standard` lets its holder take standard actions for another
	// budget, but only ones the ruleset's `combat.standard` offers; the Engine refuses the file
	// when it names one the ruleset does not have.
	//
	// Fix: add the action to `combat.standard`, `"standard": ["dash", "hide"]`, or leave it out of
	// the entry's `actions`.
	CodeUnknownStandard model.Code = "unknown-standard"
	// CodePoolDie: dice in a dice-pool fight that are not the ruleset's own die, or dice a modifier cannot roll there.
	//
	// Why: a dice-pool fight throws damage with the ruleset's own die and counts successes on it,
	// and adds dice to a pool rather than rolling them, so the Engine refuses damage dice of
	// another size (a heal keeps its dice), and a modifier that gives dice to roll on a condition,
	// a level, or an item's effect on attacks.
	//
	// Fix: write damage in the ruleset's die, `"dice": "3d10"` where `resolution.die.sides` is 10,
	// and give a modifier a flat number of dice: `{ "to": "attacks", "flat": 1 }`.
	CodePoolDie model.Code = "pool-die"
	// CodeNeedsDistance: something measured in cells where the combat block declares no distance.
	//
	// Why: `combat.distance` says what one cell of a board is worth, and without it every fight
	// stays without positions; the Engine refuses `ranged`, `cover`, `opportunity`, a `reach` or
	// `range` and a contest's `push`, which are measured in cells, in a combat block that declares
	// no distance.
	//
	// Fix: declare the distance, `"distance": { "label": "yards", "perCell": 3 }`, or remove the
	// keys measured in cells.
	CodeNeedsDistance model.Code = "needs-distance"
	// CodeNeedsCombat: a creature in a ruleset without a combat block.
	//
	// Why: a creature is written in a fight's numbers (its budgets, saves, damage types and threat
	// tier), which the combat block declares; the Engine refuses a creature in a ruleset without a
	// `combat` block, since there is nothing for it to be written in.
	//
	// Fix: add a `combat` block with a `threat` scale, or take the creature out: `"combat": {
	// "kind": "attack-vs-defense", ..., "threat": { "tiers": [...] } }`.
	CodeNeedsCombat model.Code = "needs-combat"
	// CodeNoItems: an itemStat in a ruleset without an items block.
	//
	// Why: an `itemStat` reads a stat over the items a character holds, and the Engine refuses one
	// in a ruleset without an `items` block, where there are no items to read (ruleset-format.md
	// §3.8).
	//
	// Fix: add an `items` block declaring the stat, `"items": { "categories": [{ "id": "gear",
	// "label": "Gear" }], "stats": [...] }`, or read the value from something else.
	CodeNoItems model.Code = "no-items"
	// CodeCombatKind: a combat key that belongs to the other combat or resolution kind, or one the kind needs and lacks.
	//
	// Why: each combat kind rolls with its own block: an attack-vs-defense fight needs
	// `attackRoll` and has no `pool`; a dice-pool fight needs `pool`, has no `attackRoll`, throws
	// the ruleset's own pools (so `resolution.kind` is dice-pool too), and is the only kind whose
	// initiative may be a `pool` or a `resource` and whose creatures may `soak`. The Engine
	// refuses the file otherwise.
	//
	// Fix: match the keys to the kind: `"kind": "attack-vs-defense"` with `"attackRoll": { "dice":
	// { "count": 1, "sides": 20 } }`, or `"kind": "dice-pool"` with `"pool": { "damageTarget": 6
	// }` in a dice-pool ruleset.
	CodeCombatKind model.Code = "combat-kind"
	// CodeInitiative: initiative thrown neither or both ways, or a key that goes only with the other way.
	//
	// Why: initiative is thrown either as `dice` with a `modifier` added, or as a `pool` whose
	// successes plus `plus` are the number, never both or neither; a number attacks move
	// (`resource`) opens as a thrown pool and is kept for the fight, so it needs `pool` and takes
	// no `each`. The Engine refuses the file otherwise.
	//
	// Fix: keep one way: `"initiative": { "dice": { "count": 1, "sides": 20 }, "modifier": {
	// "abilityMod": "grace" } }`, or `{ "pool": { "abilityScore": "grace" }, "plus": 1 }`.
	CodeInitiative model.Code = "initiative"
	// CodeStyleTakes: initiative styles of which none takes.
	//
	// Why: where initiative is a number attacks move, a combatant who has crashed, and every
	// action made of several strikes, attacks in a style that takes; the Engine refuses a
	// `resource` whose styles all spend, since such an attack would have no style to be made in.
	//
	// Fix: add a style that takes: `{ "id": "press", "label": "Press", "takes": { "gain": 1 } }`
	// in `initiative.resource.styles`.
	CodeStyleTakes model.Code = "style-takes"
	// CodeSoakEmpty: a soak that takes nothing off, or a creature's soak in a fight that has none.
	//
	// Why: soak takes something off the harm a hit does: `all` for every kind, `byKind` for kinds
	// of the health track. The Engine refuses a `combat.pool.soak` that names neither, and a
	// creature's `soak` when `combat.pool` has no `soak` saying how it is taken (thrown, or off
	// the damage dice).
	//
	// Fix: say what is soaked, `"soak": { "roll": true, "all": { "abilityScore": "brawn" } }` in
	// `combat.pool`, or leave soak out.
	CodeSoakEmpty model.Code = "soak-empty"
	// CodeSoakKind: soak by a kind that is not a kind of the health track.
	//
	// Why: soak by kind is keyed on the kinds of the health track, so the Engine refuses a
	// `byKind` (in `combat.pool.soak` or a creature's `soak`) when `combat.health` is not a wound
	// track with kinds, or when a key is not one of its kinds.
	//
	// Fix: key it by a kind of the health track, `"byKind": { "bruise": { "const": 1 } }` where
	// the track declares a kind `bruise`, or soak with `all`.
	CodeSoakKind model.Code = "soak-kind"
	// CodeHardness: hardness where no initiative style spends.
	//
	// Why: hardness stops a spending blow whose dice are below it, so it means something only
	// where initiative is a number attacks move with a style that `spends`; the Engine refuses
	// `combat.pool.hardness`, or a creature's `hardness`, anywhere else.
	//
	// Fix: add a spending style to `combat.initiative.resource.styles`, `{ "id": "cleave",
	// "label": "Cleave", "spends": {} }`, or leave hardness out.
	CodeHardness model.Code = "hardness"
	// CodeNoDodge: standardEffects.dodge where combat.standard has no dodge.
	//
	// Why: `standardEffects.dodge` adds saves to the dodge standard action; where
	// `combat.standard` has no `dodge` nobody can take it, so the Engine refuses the block.
	//
	// Fix: offer the action, `"standard": ["dodge", "dash"]`, or remove `standardEffects.dodge`.
	CodeNoDodge model.Code = "no-dodge"
	// CodeSightEffect: whileSourceInSight gates an effect the condition does not have.
	//
	// Why: a list in `whileSourceInSight` gates only the effects it names, while whoever applied
	// the condition is in sight; an effect the condition does not have gates nothing and is nearly
	// always a typo, so the Engine refuses it.
	//
	// Fix: list only effects of the condition's `effects`: `{ "condition": "dazed", "effects":
	// ["cannot-react"], "whileSourceInSight": ["cannot-react"] }`.
	CodeSightEffect model.Code = "sight-effect"
	// CodeContestLoop: a contest that breaks free of a condition and puts it on.
	//
	// Why: a contest with `from.holding` is how a character breaks free of that condition; one
	// whose `onWin.applies` puts the same condition on again says nothing a fight can do, and the
	// Engine refuses it.
	//
	// Fix: let the win end the hold instead: `"onWin": { "ends": [{ "condition": "held", "on":
	// "actor" }] }`, or apply a different condition.
	CodeContestLoop model.Code = "contest-loop"
	// CodeStrikesCap: strikesCappedBy on an attack list without strikes.
	//
	// Why: `strikesCappedBy` holds its own row to a single strike whatever `strikes` grants; a
	// list without `strikes` already buys one strike per spend, so the cap could never change
	// anything and the Engine refuses it.
	//
	// Fix: give the list the strikes the cap limits, `"strikes": { "derived": "attacks_per_turn"
	// }`, or remove `strikesCappedBy`.
	CodeStrikesCap model.Code = "strikes-cap"
	// CodeDyingTrack: a death-save track that cannot count (computed or low max, hidden, or both sides on one track).
	//
	// Why: the dying rules count death saves up to each track's top, so the Engine refuses a track
	// whose `max` is a value the sheet works out, is below 1 or not above `min`, or that has
	// `hideWhen` (a hidden track reads 0): one roll could then settle what the rules say takes
	// several. Successes and failures also need two different tracks.
	//
	// Fix: count on two fixed, always shown plain tracks: `"successes": "saves_won"` and
	// `"failures": "saves_lost"`, each like `{ "id": "saves_won", "label": "Saves won", "min": 0,
	// "max": 3 }`.
	CodeDyingTrack model.Code = "dying-track"
	// CodeDamageKinds: damageKinds missing beside a wound-track health, or given beside a pool.
	//
	// Why: a wound track's marks have kinds, so when `combat.health` is a wound track the Engine
	// requires `combat.damageKinds` to say what kind of harm a blow is (`default`, `byType`) and
	// whether it marks per blow or per point; a pool has no kinds, and the Engine refuses
	// `damageKinds` beside a pool health.
	//
	// Fix: beside `"health": { "track": "hurt" }` write `"damageKinds": { "default": "bruise",
	// "marks": "per-blow" }`; beside a pool, remove `damageKinds`.
	CodeDamageKinds model.Code = "damage-kinds"
	// CodeSequenceStep: a sequence step naming itself, a reaction, another sequence or a signature action.
	//
	// Why: a sequence spends one budget on other actions of the same creature, in order; the
	// Engine refuses a step that names the sequence itself, another sequence, a reaction (taken at
	// its moment, never on a turn) or a signature action (bought with points, not a budget).
	//
	// Fix: name plain actions only: `"sequence": [{ "action": "claw", "times": 2 }, { "action":
	// "bite" }]`.
	CodeSequenceStep model.Code = "sequence-step"
	// CodeListRows: a creature's sheet list with more rows than the list holds.
	//
	// Why: a creature's sheet is built the way a character's is, and the Engine refuses one that
	// fills a list with more rows than the list's `maxItems`.
	//
	// Fix: give the creature fewer rows, or raise the list's limit: `{ "id": "arts", "maxItems":
	// 12, ... }`.
	CodeListRows model.Code = "list-rows"
	// CodeCatalogMark: a row's _catalog mark that is not a <catalog>/<entry> of a catalog feeding the list.
	//
	// Why: a row's `_catalog` mark says which entry it was picked from, which is where a fight
	// reads the row's mechanics; the Engine refuses a mark that is not `<catalog>/<entry>` text,
	// or that names no catalog of rows feeding the row's list.
	//
	// Fix: write the mark as catalog id, slash, entry id, `"_catalog": "arts_book/ward"`, where
	// the catalog `arts_book` lists this list in `feeds`.
	CodeCatalogMark model.Code = "catalog-mark"
	// CodeTemporary: temporary points where a fight's health is a wound track.
	//
	// Why: temporary points are a buffer that damage drains first, and a wound track has boxes and
	// no buffer; the Engine refuses `temporary` on a catalog entry's mechanics or an item's use
	// when `combat.health` (or `battle.health`) is a wound track.
	//
	// Fix: remove `temporary`, or give it only where health is a pool, such as `"health": {
	// "pool": "vigor" }`.
	CodeTemporary model.Code = "temporary"
	// CodeStandardBudget: standard actions granted for the main budget, which already buys them.
	//
	// Why: every standard action is already taken for the main budget, the first of
	// `combat.economy.budgets`; an entry's `standard` that names that budget grants nothing and
	// would put the same action on the menu twice, so the Engine refuses it.
	//
	// Fix: name another budget: `"standard": { "actions": ["dash"], "budget": "swift" }` where
	// `swift` is not the first budget.
	CodeStandardBudget model.Code = "standard-budget"
	// CodeCheckEffect: a check effect in a ruleset or on a face rule that cannot honour it.
	//
	// Why: an entry's `mechanics.check` changes a pool roll (dice, successes, a re-throw, the
	// target, face rules), which a dice-sum ruleset does not have, so the Engine refuses it there;
	// and a check may move `explode` or `double` only as far down as the ruleset's own `min` for
	// it, so where `resolution.explode` or `resolution.double` gives no `min` no check may move
	// it.
	//
	// Fix: in a dice-pool ruleset give the face rule a `min`, `"explode": { "from": 12, "min": 10
	// }` for a d12; in a dice-sum ruleset remove `check`.
	CodeCheckEffect model.Code = "check-effect"
	// CodeScaledRow: a scaled column without a starting value, beside another row for its list, or adding up a list.
	//
	// Why: a scaled column is recomputed from the sheet, so the Engine refuses one without a plain
	// starting number in `values`, a scaled row that is not its entry's only row for that list (a
	// picked row must match its entry without guessing), and a `from` that reads a `listSum`
	// directly or through derived values, caps or the proficiency bonus, since the lists it adds
	// up hold scaled cells the same recompute rewrites (ruleset-format.md §4.2).
	//
	// Fix: make it the entry's only row for the list, with a start value and a `from` that adds up
	// no list: `{ "list": "arts", "values": { "name": "Ward", "uses": 1 }, "scaled": { "uses": {
	// "from": { "field": "rank" } } } }`.
	CodeScaledRow model.Code = "scaled-row"
	// CodeItemTarget: an item's own per-die target where the ruleset's target cannot move.
	//
	// Why: an item's own per-die target (a weapon's or use's `toHit.target`, an attack mode's
	// `target`) moves a dice-pool check's target, so it means something only where
	// `resolution.kind` is dice-pool and `target.min` is below `target.max`; the Engine refuses it
	// elsewhere (in a dice-sum ruleset a to-hit `bonus` says the same).
	//
	// Fix: use a to-hit bonus, `"toHit": { "bonus": 1 }`, or let the ruleset's target move:
	// `"target": { "default": 6, "min": 5, "max": 8 }`.
	CodeItemTarget model.Code = "item-target"
	// CodeAttackWorn: a weapon that takes no slot and does not bind, or versatile dice on one without a slot.
	//
	// Why: a weapon is used while it is worn, and an item is worn only when it takes a slot or
	// binds, so the Engine refuses an `attack` on an item that does neither; `versatile` dice are
	// for a hand free beside the weapon, so they need the item to take a slot.
	//
	// Fix: let the item take a slot, `"slots": { "hands": 1 }` (or bind it with `binds`), or
	// remove `attack`.
	CodeAttackWorn model.Code = "attack-worn"
	// CodeAttackDice: a weapon without damage dice in a summed fight.
	//
	// Why: in a dice-sum ruleset a weapon's hit deals its damage dice, so the Engine refuses an
	// item's `attack` whose `damage` gives no `dice` (a dice-pool fight deals successes and needs
	// none).
	//
	// Fix: give the damage dice, `"damage": { "dice": "1d8", "abilities": ["brawn"] }`, or read
	// them off a dice stat: `"dice": { "stat": "bite" }`.
	CodeAttackDice model.Code = "attack-dice"
	// CodeClip: ammunition that does not fit the weapon's clip or the weapon's lack of one.
	//
	// Why: what a clip fires is not picked up after a fight, so `ammo.recover` is for a weapon
	// without a clip; one attack, in any mode, cannot shoot more than the clip holds; and a mode's
	// `ammo` needs a weapon that shoots something (`ammo` or `clip`). The Engine refuses the file
	// otherwise.
	//
	// Fix: keep the numbers within the clip, `"clip": { "max": 6, "reload": "action" }` with
	// `"ammo": { "tag": "bolt", "perAttack": 1 }`, and drop `recover` on a clip weapon.
	CodeClip model.Code = "clip"
	// CodeDuplicateMode: two attack modes of one item with one id.
	//
	// Why: an attack's modes are offered beside it by id, and the Engine refuses two modes of one
	// item with the same id, which could not be told apart.
	//
	// Fix: give each mode its own id: `"modes": [{ "id": "aimed", "label": "Aimed", "toHit": 2 },
	// { "id": "snap", "label": "Snap shot", "toHit": -2 }]`.
	CodeDuplicateMode model.Code = "duplicate-mode"
	// CodeOffHand: an off-hand weapon where the combat block declares no offHand.
	//
	// Why: an off-hand strike is paid from `combat.offHand.budget`, and a ruleset that declares no
	// `offHand` has no off-hand attacks, so the Engine refuses an item attack with `"offHand":
	// true` there.
	//
	// Fix: declare it in the combat block, `"offHand": { "budget": "swift", "ability":
	// "penalty-only" }`, or remove `offHand` from the item.
	CodeOffHand model.Code = "off-hand"
	// CodeCharges: charges and a use that do not go together, or a charged item stacking, holding none, or recharging nothing.
	//
	// Why: an item's charges are kept on its one stack and spent by its use, so the Engine refuses
	// a use that spends `charges` on an item that holds none, `charges` that no use spends, a
	// charged item whose `stack` is not 1, a charge stat whose value is below 1, and a
	// `recharge.amount` with no dice, no flat amount and not `"max"`.
	//
	// Fix: give the item both sides and one to a stack: `"stack": 1, "charges": { "max": 3,
	// "recharge": { "rests": ["camp"], "amount": "max" } }` with `"use": { ..., "charges": 1 }`.
	CodeCharges model.Code = "charges"
	// CodeRestoreHealth: a use that restores the health pool.
	//
	// Why: a fight's health comes back with a heal; `restore` gives back some other pool of the
	// user's sheet, and the Engine refuses a `restore` that names the health pool of
	// `combat.health` (or `battle.health`).
	//
	// Fix: heal instead: `"use": { "kind": "heal", "amount": { "dice": "2d4" }, ... }`, and keep
	// `restore` for other pools such as `focus`.
	CodeRestoreHealth model.Code = "restore-health"
	// CodeUseToHit: a use with a to-hit that rolls no attack.
	//
	// Why: a use's `toHit` is what it adds when it rolls to hit, and the Engine refuses one on a
	// use without `"attackRoll": true`, which never rolls.
	//
	// Fix: let the use roll, `"attackRoll": true, "toHit": { "bonus": 1 }`, or remove `toHit`.
	CodeUseToHit model.Code = "use-to-hit"
	// CodeSpendKind: a resolution spend in a ruleset that throws no pool.
	//
	// Why: a spend buys successes, pool dice or a re-throw, which a dice-sum roll does not have,
	// so the Engine refuses `resolution.spend` unless `resolution.kind` is dice-pool
	// (ruleset-format.md §2.1).
	//
	// Fix: remove `spend` from a dice-sum ruleset, or make the ruleset dice-pool: `"kind":
	// "dice-pool"`, with `"spend": [{ "pool": "will", "amount": 1, "successes": 1, "perCheck": 1
	// }]`.
	CodeSpendKind model.Code = "spend-kind"
	// CodeProficiencyMod: the proficiency bonus reading a skill or save modifier, itself or through a derived value.
	//
	// Why: the proficiency bonus feeds every skill and save modifier, so the Engine refuses a
	// bonus that reads a `skillMod` or `saveMod`, or one that reads a derived value when that
	// value, or any derived value declared above it, reads one (ruleset-format.md §2.1): the
	// modifiers would read themselves.
	//
	// Fix: build the bonus from the sheet, not from modifiers: `"proficiency": { "bonus": {
	// "derived": "training" } }` with `training` reading `{ "field": "rank" }`.
	CodeProficiencyMod model.Code = "proficiency-mod"
	// CodeUseBudget: a use in a ruleset with fights that spends no budget and is not free.
	//
	// Why: in a ruleset with a `combat` block a use of an item is taken in a fight's turn, so it
	// spends a budget of the action economy or is marked free; the Engine refuses a use that says
	// neither.
	//
	// Fix: name the budget, `"budget": "action"`, or mark the use `"free": true`.
	CodeUseBudget model.Code = "use-budget"
)
