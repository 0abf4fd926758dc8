package migrate

import "rulebench/model"

// Finding codes of the migration import checks: what the Engine refuses
// (or warns about) in sheet.migrations.
//
//rulebench:category migrations
const (
	// CodeMigrationFromVersion: a migration entry starts from a version that is not below sheet.version.
	CodeMigrationFromVersion model.Code = "migration-from-version"
	// CodeMigrationDuplicateFrom: two migration entries start from the same version.
	CodeMigrationDuplicateFrom model.Code = "migration-duplicate-from"
	// CodeMigrationUnknownID: a step writes to a field, list, column, pool or track the sheet does not have.
	CodeMigrationUnknownID model.Code = "migration-unknown-id"
	// CodeMigrationReadsCurrent: a rename or routeLive reads from an id the sheet still has, so running it twice is not safe.
	CodeMigrationReadsCurrent model.Code = "migration-reads-current"
	// CodeMigrationRouteBy: a route's by names no field the sheet has or a migration renamed away.
	CodeMigrationRouteBy model.Code = "migration-route-by"
	// CodeMigrationByType: a route's by names a field that is not text, so no case can match (a warning).
	CodeMigrationByType model.Code = "migration-by-type"
	// CodeMigrationRouteDestination: a route sends to a field that is not a number or text field, or that has a default.
	CodeMigrationRouteDestination model.Code = "migration-route-destination"
	// CodeMigrationCaseTwice: a route lists a case, a destination or a word twice.
	CodeMigrationCaseTwice model.Code = "migration-case-twice"
	// CodeMigrationWordTwice: a route case lists one word twice (a warning).
	CodeMigrationWordTwice model.Code = "migration-word-twice"
	// CodeMigrationWordNeverMatches: a route word is not a single word, so it never matches (a warning).
	CodeMigrationWordNeverMatches model.Code = "migration-word-never-matches"
	// CodeMigrationValueType: a default or column value can never land where the step puts it (a warning).
	CodeMigrationValueType model.Code = "migration-value-type"
	// CodeMigrationMixedTracks: a step moves a value to wound tracks and plain tracks at once.
	CodeMigrationMixedTracks model.Code = "migration-mixed-tracks"
)

// Finding codes of both the import checks and a save's rehearsal.
const (
	// CodeMigrationLiveKind: a step moves a pool as a track or a track as a pool, or a save holds marks where numbers are moved (or numbers where marks are).
	CodeMigrationLiveKind model.Code = "migration-live-kind"
)

// Finding codes of rehearsing the migrations on a sample save.
//
//rulebench:category saves
const (
	// CodeMigrationNoRuleset: there is no ruleset to migrate a save with.
	CodeMigrationNoRuleset model.Code = "migration-no-ruleset"
	// CodeMigrationNoVersion: the ruleset has no valid sheet.version, so no save can be migrated.
	CodeMigrationNoVersion model.Code = "migration-no-version"
	// CodeSaveUnreadable: the save has no valid v and build, so it cannot be migrated.
	CodeSaveUnreadable model.Code = "save-unreadable"
	// CodeSaveVersion: the save has no valid version v.
	CodeSaveVersion model.Code = "save-version"
	// CodeSaveNewer: the save was written under a newer sheet version than the ruleset's; it cannot be migrated back.
	CodeSaveNewer model.Code = "save-newer"
	// CodeMigrationSeveralShown: the migrated sheet shows several cases of a route; the first takes the value (a warning).
	CodeMigrationSeveralShown model.Code = "migration-several-shown"
)
