package migrate

import "rulebench/model"

// Finding codes of the migration import checks: what the Engine refuses
// (or warns about) in sheet.migrations.
//
//rulebench:category migrations
const (
	// CodeMigrationFromVersion: a migration entry starts from a version that is not below sheet.version.
	//
	// Why: each entry moves a saved sheet from version `from` to `from + 1`, and the chain ends at
	// `sheet.version`; the Engine refuses an entry whose `from` is at or above `sheet.version`,
	// since it could never run (or would run past the current layout).
	//
	// Fix: raise `sheet.version` when you add the entry, or lower its `from`: with `"version": 4`,
	// the newest entry is `{ "from": 3, "steps": [...] }`.
	CodeMigrationFromVersion model.Code = "migration-from-version"
	// CodeMigrationDuplicateFrom: two migration entries start from the same version.
	//
	// Why: entries run one per version, in ascending `from`; the Engine refuses two entries from
	// the same version, since which one moves a sheet would be ambiguous.
	//
	// Fix: merge the two entries' steps into one entry, `{ "from": 3, "steps": [ ...first's steps,
	// ...second's steps ] }`, or give the later layout its own version.
	CodeMigrationDuplicateFrom model.Code = "migration-duplicate-from"
	// CodeMigrationUnknownID: a step writes to a field, list, column, pool or track the sheet does not have.
	//
	// Why: the Engine refuses a step that writes to an id the sheet does not have (a field, list,
	// column, pool or track): the moved value would land where nothing reads it.
	//
	// Fix: name an id the current sheet declares (check its spelling), or add that id to the sheet:
	// `{ "rename": "field", "from": "xp", "to": "experience" }` needs a field `experience`.
	CodeMigrationUnknownID model.Code = "migration-unknown-id"
	// CodeMigrationReadsCurrent: a rename or routeLive reads from an id the sheet still has, so running it twice is not safe.
	//
	// Why: a moved id is never used again, which is what makes `rename` and `routeLive` safe to run
	// on every read; the Engine refuses one that reads from an id the sheet still has, since its
	// value would be moved again each time.
	//
	// Fix: read from the old id the sheet no longer declares, or remove the id from the sheet if it
	// was meant to go: `{ "rename": "field", "from": "xp", "to": "experience" }` with `xp` gone
	// from the sheet.
	CodeMigrationReadsCurrent model.Code = "migration-reads-current"
	// CodeMigrationRouteBy: a route's by names no field the sheet has or a migration renamed away.
	//
	// Why: a route decides where a value goes by the words of its `by` field, which must be a field
	// the sheet has or one an earlier layout renamed away; with any other `by` every sheet would go
	// to `else`, and the Engine refuses it.
	//
	// Fix: name the text field that holds the words, for example `"by": "class"` where the sheet
	// has a text field `class`.
	CodeMigrationRouteBy model.Code = "migration-route-by"
	// CodeMigrationByType: a route's by names a field that is not text, so no case can match (a warning).
	//
	// Why: a route's cases match words of the `by` text; a `by` field that is not text (a number, a
	// flag) has no words, so every sheet goes to `else`.
	//
	// Fix: route by a text field, such as `"by": "class"` (type text), or replace the route by a
	// `rename` to the one destination.
	CodeMigrationByType model.Code = "migration-by-type"
	// CodeMigrationRouteDestination: a route sends to a field that is not a number or text field, or that has a default.
	//
	// Why: a route's value lands in one destination and the others keep their defaults, so
	// destinations must be number or text fields with no default (or 0, or empty); the Engine
	// refuses another type, and any other default would read as a value nobody gave.
	//
	// Fix: send to number or text fields without a default: `"level_fighter": { "type": "number"
	// }`, not `{ "type": "number", "default": 1 }`.
	CodeMigrationRouteDestination model.Code = "migration-route-destination"
	// CodeMigrationCaseTwice: a route lists a case, a destination or a word twice.
	//
	// Why: the Engine refuses a route that lists a case, a destination or a word twice: which case
	// a sheet takes would depend on the order, and a repeated destination makes two cases one.
	//
	// Fix: list each case once with all its words: `{ "words": ["fighter", "warrior"], "to":
	// "level_fighter" }` instead of two cases to `level_fighter`.
	CodeMigrationCaseTwice model.Code = "migration-case-twice"
	// CodeMigrationWordTwice: a route case lists one word twice (a warning).
	//
	// Why: one case lists the same word twice; it matches just as with one, so the repeat is a slip
	// (perhaps for another word).
	//
	// Fix: keep the word once, or write the word you meant: `"words": ["fighter", "warrior"]`.
	CodeMigrationWordTwice model.Code = "migration-word-twice"
	// CodeMigrationWordNeverMatches: a route word is not a single word, so it never matches (a warning).
	//
	// Why: a case is taken when one of its words equals a whole word of the `by` text, and words
	// are runs of letters; a word with a space, digit or hyphen (`"dark knight"`) can never equal
	// one, so the case never matches.
	//
	// Fix: list single words: `"words": ["knight"]`, not `["dark knight"]`.
	CodeMigrationWordNeverMatches model.Code = "migration-word-never-matches"
	// CodeMigrationValueType: a default or column value can never land where the step puts it (a warning).
	//
	// Why: a route's `default` or a `setColumn` value must be able to land where the step puts it;
	// a text default for a number destination, or a value the column's type cannot hold, never
	// lands (or no row can match).
	//
	// Fix: give a value of the destination's type: `"default": 1` for a number field, `"to":
	// "finesse"` for a text column that offers `finesse`.
	CodeMigrationValueType model.Code = "migration-value-type"
	// CodeMigrationMixedTracks: a step moves a value to wound tracks and plain tracks at once.
	//
	// Why: wound tracks carry marks and ordinary tracks carry numbers, so the Engine refuses a
	// `routeLive` whose tracks are of both kinds: a value cannot be both.
	//
	// Fix: route to tracks of one kind: all wound tracks, or all ordinary tracks, as separate steps
	// if both are needed.
	CodeMigrationMixedTracks model.Code = "migration-mixed-tracks"
)

// Finding codes of both the import checks and a save's rehearsal.
const (
	// CodeMigrationLiveKind: a step moves a pool as a track or a track as a pool, or a save holds marks where numbers are moved (or numbers where marks are).
	//
	// Why: pools and tracks hold different values (a pool a number, a wound track marks); the
	// Engine refuses a step that moves a pool as a track or a track as a pool, and a saved value of
	// the wrong kind is not moved.
	//
	// Fix: name ids of the kind the step says: `{ "routeLive": "pool", "from": "hit_dice", "cases":
	// ["hit_dice_d8"] }` with `hit_dice_d8` a pool, not a track.
	CodeMigrationLiveKind model.Code = "migration-live-kind"
)

// Finding codes of rehearsing the migrations on a sample save.
//
//rulebench:category saves
const (
	// CodeMigrationNoRuleset: there is no ruleset to migrate a save with.
	//
	// Why: a save is migrated by the ruleset's `sheet.migrations`; with no ruleset read (it is
	// missing or unreadable) there is nothing to rehearse the save with.
	//
	// Fix: give the ruleset first: `rulebench migrate PATH SAVE...`, where PATH is the ruleset file
	// or package folder, and mend what stops it being read.
	CodeMigrationNoRuleset model.Code = "migration-no-ruleset"
	// CodeMigrationNoVersion: the ruleset has no valid sheet.version, so no save can be migrated.
	//
	// Why: the chain ends at `sheet.version`, and a save runs the entries from its own `v` up to
	// it; without a valid whole-number `sheet.version` no save can be migrated.
	//
	// Fix: give the sheet its version, a whole number at least 1: `"sheet": { "version": 4, ... }`.
	CodeMigrationNoVersion model.Code = "migration-no-version"
	// CodeSaveUnreadable: the save has no valid v and build, so it cannot be migrated.
	//
	// Why: a save is `{ "v": <int>, "build": {...}, "live": {...} }`; without a valid `v` and
	// `build` there is no version to start from and no values to move.
	//
	// Fix: write the save in that shape, for example `{ "v": 3, "build": { "fields": { "xp": 1200 }
	// }, "live": {} }`.
	CodeSaveUnreadable model.Code = "save-unreadable"
	// CodeSaveVersion: the save has no valid version v.
	//
	// Why: a save's `v` is the sheet version it was written under, a whole number; without it the
	// entries to run cannot be chosen.
	//
	// Fix: give the save its version: `"v": 3`.
	CodeSaveVersion model.Code = "save-version"
	// CodeSaveNewer: the save was written under a newer sheet version than the ruleset's; it cannot be migrated back.
	//
	// Why: migrations only go forward: a save written under a newer sheet version than the
	// ruleset's cannot be moved back, and the spec makes it an error for that save.
	//
	// Fix: rehearse the save against the ruleset version it came from or a later one, or correct
	// its `v` if it is wrong.
	CodeSaveNewer model.Code = "save-newer"
	// CodeMigrationSeveralShown: the migrated sheet shows several cases of a route; the first takes the value (a warning).
	//
	// Why: `routeLive` sends the value to the first case the migrated sheet shows; when several are
	// shown, the order of `cases` alone decides, which is rarely what was meant.
	//
	// Fix: order the cases so that the intended one comes first, or hide the others for this build
	// with `hideWhen`.
	CodeMigrationSeveralShown model.Code = "migration-several-shown"
)
