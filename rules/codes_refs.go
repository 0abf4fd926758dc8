package rules

import "rulebench/model"

// Codes of a name that is not declared, or not of the kind it must be. The
// format checks and the block checks share them.
//
//rulebench:category format
const (
	// CodeUnknownRef: a value ref or a level names a derived value the sheet does not declare.
	CodeUnknownRef model.Code = "unknown-ref"
	// CodeRefType: a value ref names something of the wrong type (a text field, a text stat).
	CodeRefType model.Code = "ref-type"
	// CodeUnknownAbility: an ability the sheet does not declare.
	CodeUnknownAbility model.Code = "unknown-ability"
	// CodeUnknownField: a field the sheet does not declare.
	CodeUnknownField model.Code = "unknown-field"
	// CodeUnknownList: a list the sheet does not declare, or not of the kind needed.
	CodeUnknownList model.Code = "unknown-list"
	// CodeUnknownColumn: a column its list does not have.
	CodeUnknownColumn model.Code = "unknown-column"
	// CodeColumnValue: a value its field, column, ability or bonus cannot hold.
	CodeColumnValue model.Code = "column-value"
	// CodeRequiredColumn: a row without a value for a required column.
	CodeRequiredColumn model.Code = "required-column"
	// CodeUnknownTrack: a live track the sheet does not declare.
	CodeUnknownTrack model.Code = "unknown-track"
	// CodePlainTrack: a plain track where a wound track (with levels or boxes) is needed.
	CodePlainTrack model.Code = "plain-track"
	// CodeUnknownState: a live state the sheet does not declare.
	CodeUnknownState model.Code = "unknown-state"
	// CodeUnknownTier: a proficiency or threat tier that is not declared, or not offered.
	CodeUnknownTier model.Code = "unknown-tier"
	// CodeUnknownStat: an item stat that items.stats does not declare.
	CodeUnknownStat model.Code = "unknown-stat"
	// CodeStatType: an item stat of the wrong type for what reads it.
	CodeStatType model.Code = "stat-type"
	// CodeUnknownWord: an item category, rarity, tag, slot or place the items block does not declare.
	CodeUnknownWord model.Code = "unknown-word"
	// CodeUnknownCatalog: a catalog the ruleset does not declare.
	CodeUnknownCatalog model.Code = "unknown-catalog"
	// CodeUnknownEntry: an entry its catalog does not have.
	CodeUnknownEntry model.Code = "unknown-entry"
)

// Codes of the block cross-reference checks (rests, battle, combat,
// creatures, mechanics and the item keys).
//
//rulebench:category format
const (
	// CodeUnknownPool: a live pool or pool group the sheet does not declare (or a list of row pools where a live pool is needed).
	CodeUnknownPool model.Code = "unknown-pool"
	// CodeEmptyPool: a pool that starts empty used as a fight's health.
	CodeEmptyPool model.Code = "empty-pool"
	// CodePoolTwice: one pool given two jobs (health and energy, two slot levels, two spend limits).
	CodePoolTwice model.Code = "pool-twice"
	// CodeUnknownKind: a kind of mark the wound track does not declare.
	CodeUnknownKind model.Code = "unknown-kind"
	// CodeWoundTrack: a wound track where a plain track's number is read.
	CodeWoundTrack model.Code = "wound-track"
	// CodeTrackRead: a penalty read off a track without levels or boxes.
	CodeTrackRead model.Code = "track-read"
	// CodeUnknownLiveText: a live text the sheet does not declare.
	CodeUnknownLiveText model.Code = "unknown-live-text"
	// CodeUnknownCondition: a condition sheet.live.conditions does not declare.
	CodeUnknownCondition model.Code = "unknown-condition"
	// CodeUnknownSkill: a skill the sheet does not declare.
	CodeUnknownSkill model.Code = "unknown-skill"
	// CodeUnknownSave: a save the sheet does not declare.
	CodeUnknownSave model.Code = "unknown-save"
	// CodeUnknownRest: a rest the ruleset does not declare.
	CodeUnknownRest model.Code = "unknown-rest"
	// CodeColumnType: a column of the wrong type for what reads it.
	CodeColumnType model.Code = "column-type"
	// CodeAlwaysWhen: alwaysWhen without the onlyWhen it is the exception to.
	CodeAlwaysWhen model.Code = "always-when"
	// CodeDuplicateLevel: two battle slot pools of one level, or one combat level given twice.
	CodeDuplicateLevel model.Code = "duplicate-level"
	// CodeUnknownBudget: a budget combat.economy.budgets does not declare.
	CodeUnknownBudget model.Code = "unknown-budget"
	// CodeUnknownDamageType: a damage type that is not one of combat.damageTypes.
	CodeUnknownDamageType model.Code = "unknown-damage-type"
	// CodeUnknownCheck: a contest check combat.checks does not declare, or one listed twice.
	CodeUnknownCheck model.Code = "unknown-check"
	// CodeUnknownAction: an action the creature does not have.
	CodeUnknownAction model.Code = "unknown-action"
	// CodeUnknownStandard: a standard action combat.standard does not offer.
	CodeUnknownStandard model.Code = "unknown-standard"
	// CodePoolDie: dice in a dice-pool fight that are not the ruleset's own die, or dice a modifier cannot roll there.
	CodePoolDie model.Code = "pool-die"
	// CodeNeedsDistance: something measured in cells where the combat block declares no distance.
	CodeNeedsDistance model.Code = "needs-distance"
	// CodeNeedsCombat: a creature in a ruleset without a combat block.
	CodeNeedsCombat model.Code = "needs-combat"
	// CodeNoItems: an itemStat in a ruleset without an items block.
	CodeNoItems model.Code = "no-items"
	// CodeCombatKind: a combat key that belongs to the other combat or resolution kind, or one the kind needs and lacks.
	CodeCombatKind model.Code = "combat-kind"
	// CodeInitiative: initiative thrown neither or both ways, or a key that goes only with the other way.
	CodeInitiative model.Code = "initiative"
	// CodeStyleTakes: initiative styles of which none takes.
	CodeStyleTakes model.Code = "style-takes"
	// CodeSoakEmpty: a soak that takes nothing off, or a creature's soak in a fight that has none.
	CodeSoakEmpty model.Code = "soak-empty"
	// CodeSoakKind: soak by a kind that is not a kind of the health track.
	CodeSoakKind model.Code = "soak-kind"
	// CodeHardness: hardness where no initiative style spends.
	CodeHardness model.Code = "hardness"
	// CodeNoDodge: standardEffects.dodge where combat.standard has no dodge.
	CodeNoDodge model.Code = "no-dodge"
	// CodeSightEffect: whileSourceInSight gates an effect the condition does not have.
	CodeSightEffect model.Code = "sight-effect"
	// CodeContestLoop: a contest that breaks free of a condition and puts it on.
	CodeContestLoop model.Code = "contest-loop"
	// CodeStrikesCap: strikesCappedBy on an attack list without strikes.
	CodeStrikesCap model.Code = "strikes-cap"
	// CodeDyingTrack: a death-save track that cannot count (computed or low max, hidden, or both sides on one track).
	CodeDyingTrack model.Code = "dying-track"
	// CodeDamageKinds: damageKinds missing beside a wound-track health, or given beside a pool.
	CodeDamageKinds model.Code = "damage-kinds"
	// CodeSequenceStep: a sequence step naming itself, a reaction, another sequence or a signature action.
	CodeSequenceStep model.Code = "sequence-step"
	// CodeListRows: a creature's sheet list with more rows than the list holds.
	CodeListRows model.Code = "list-rows"
	// CodeCatalogMark: a row's _catalog mark that is not a <catalog>/<entry> of a catalog feeding the list.
	CodeCatalogMark model.Code = "catalog-mark"
	// CodeTemporary: temporary points where a fight's health is a wound track.
	CodeTemporary model.Code = "temporary"
	// CodeStandardBudget: standard actions granted for the main budget, which already buys them.
	CodeStandardBudget model.Code = "standard-budget"
	// CodeCheckEffect: a check effect in a ruleset or on a face rule that cannot honour it.
	CodeCheckEffect model.Code = "check-effect"
	// CodeScaledRow: a scaled column without a starting value, beside another row for its list, or adding up a list.
	CodeScaledRow model.Code = "scaled-row"
	// CodeItemTarget: an item's own per-die target where the ruleset's target cannot move.
	CodeItemTarget model.Code = "item-target"
	// CodeAttackWorn: a weapon that takes no slot and does not bind, or versatile dice on one without a slot.
	CodeAttackWorn model.Code = "attack-worn"
	// CodeAttackDice: a weapon without damage dice in a summed fight.
	CodeAttackDice model.Code = "attack-dice"
	// CodeClip: ammunition that does not fit the weapon's clip or the weapon's lack of one.
	CodeClip model.Code = "clip"
	// CodeDuplicateMode: two attack modes of one item with one id.
	CodeDuplicateMode model.Code = "duplicate-mode"
	// CodeOffHand: an off-hand weapon where the combat block declares no offHand.
	CodeOffHand model.Code = "off-hand"
	// CodeCharges: charges and a use that do not go together, or a charged item stacking.
	CodeCharges model.Code = "charges"
	// CodeRestoreHealth: a use that restores the health pool.
	CodeRestoreHealth model.Code = "restore-health"
	// CodeUseToHit: a use with a to-hit that rolls no attack.
	CodeUseToHit model.Code = "use-to-hit"
	// CodeSpendKind: a resolution spend in a ruleset that throws no pool.
	CodeSpendKind model.Code = "spend-kind"
	// CodeProficiencyMod: the proficiency bonus reading a skill or save modifier, itself or through a derived value.
	CodeProficiencyMod model.Code = "proficiency-mod"
	// CodeUseBudget: a use in a ruleset with fights that spends no budget and is not free.
	CodeUseBudget model.Code = "use-budget"
)
