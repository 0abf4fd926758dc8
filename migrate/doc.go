// Package migrate rehearses sheet.migrations (layers-translations-migrations
// §3, decisions §4): the import refusals, and the step-by-step application
// of the chain to sample saves with a trace of every step and a diff of the
// save around each step.
//
// The main calls:
//
//	Check(rs)             the import refusals, each at its JSON path
//	Plan(rs)              the entries in the order they run (ascending from)
//	New(rs).Apply(save)   a save moved to sheet.version: Result with Trace
//	m.Rehearse(file, b)   the same from a save file's bytes
//	r.StateAt(n)          the save after the first n steps, to step back and forth
//	Since(old, rs, saves) what a new version loses of the old one's saved
//	                      values, a draft entry that keeps them, rehearsed
//	Renames(rs)           every id the renames move, to where its chain ends
//
// Choices where the spec is silent:
//
//   - A rename's destination is accepted when, following the later renames
//     of the same kind to their end, it is an id of the current sheet, or a
//     field a later route reads (a rename may feed a route). A route
//     destination and a routeLive case are followed the same way (a
//     routeLive case that a later routeLive reads from is accepted).
//   - route's by may name any field a rename moved away, in any entry: it
//     is checked against the current sheet, where every older layout is
//     "earlier". A by the save does not hold reads the field's default.
//   - Route destinations must be number or text fields (not longtext).
//   - setColumn matches the values rows hold; a row without a where column
//     does not match (its default is not used).
//   - routeLive on tracks reads live.wounds when the cases are wound tracks
//     and live.tracks when they are plain; a value found in the other part
//     is not moved and is reported with a warning.
//   - A migrated sheet over 64 KB is an error for that save: copies never
//     delete, so a chain can push a sheet past the Engine's limit.
//
// Since (issue 12) compares the stored ids of two versions' sheets
// (abilities, skills, saves, fields, lists and their columns, live pools
// and tracks). Choices where the issue is silent:
//
//   - Sample saves are moved to the old sheet.version by the old ruleset
//     before values are counted; a save it cannot move is not counted.
//   - An added id already written by the new ruleset's entries from the old
//     version on is spoken for and never drafted again.
//   - Pairs are made strongest first (ids equal but for separators, then the
//     same label, then one id extending the other); a lost id with several
//     equally good candidates, or a candidate wanted by several, is left
//     undecided. A split (route, routeLive) is looked for before the
//     weakest pairs. A lone renamed pool or track is drafted as a
//     routeLive with one case.
//   - A route's by is the old text, longtext or enum field (one the new
//     sheet has or a migration renames away) whose saved words name a
//     destination in the most saves; without saves, an enum whose values
//     name the most. Its else is a destination whose id adds a word for
//     "the rest" (other, misc...), else the only one no save names, else
//     the last. Destinations with a default other than 0 are left out.
//     Its default is the old field's, when not 0.
//   - A routeLive's cases are every extending id in sheet order; its else
//     the pool a route's else field sizes (hit dice that follow the
//     levels), else a word for the rest, else the last case.
//   - When the new ruleset already has an entry from the old version, the
//     draft's steps go at its end (AddTo). When sheet.version did not go
//     up, the draft is still made and rehearsed with sheet.version raised
//     by one.
//   - Lists and columns are never drafted: no step moves them.
//
// Deciding whether a pool is shown works out the non-live value references
// (const, field, derived, abilityScore, abilityMod, abilityModFromField,
// skillMod, saveMod, listSum) from the migrated build. Approximations:
//
//   - a number field without a default reads 0 (its min when 0 is out of
//     range); text, longtext, dice and enum fields without one read "",
//     boolean ones false;
//   - skillMod and saveMod are the ability modifier, plus the tier's
//     multiplier times the proficiency bonus (rounded as the tier says) plus
//     its flat, plus the saved bonus; an unknown tier counts as the first;
//     a skill's cap and untrained rule are not applied (they concern
//     rolls, and cap may read live state);
//   - listSum's onlyWhen names a boolean column; a row without a value takes
//     the column's default;
//   - "nearest" rounds halves up, as JavaScript's Math.round does;
//   - refs that read live state (liveTrack, livePool, itemStat; a pool
//     maximum may not use them) read 0, and an enumTable keyed on a live
//     state reads the state's default.
//
// The package depends on model and golang.org/x/text only.
package migrate
