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
