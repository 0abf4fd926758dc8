// Package tui is the rulebench workbench: a Bubble Tea program that shows a
// ruleset's outline and findings, lets the author switch its layers on and
// off and see the effective ruleset beside the base, shows each
// translation's coverage and every string as a player of that language
// sees it, rehearses the migration of sample saves step by step, and opens
// the source around any finding. It follows edits to the files and keeps
// the last good state on screen while a file is broken, or while the
// package folder is gone (the header says so; the watch picks the folder
// up again when it is made again).
//
// # Tabs
//
//   - Overview: the outline, the layers, languages, migrations and findings.
//   - Layers: the setup wizard's switches (space); a switch blocked by a
//     conflicting layer is disabled and names it; a chosen layer that the
//     fallback drops says why.
//   - Effective: the ruleset under the chosen layers, each part beside the
//     base: appended guidance, the ladder, enum values, hidden catalog
//     entries with their rule, prices as written and shown at each price
//     level, the market, loot tables; ] and [ jump between sections.
//   - Translations: a language picker (names from golang.org/x/text, coverage
//     bars, the Engine's import choice); enter shows the language's strings
//     as a table of English, shown text and state, filtered with u, b and s
//     and searched with /, the selected string's uses and source below.
//   - Migrations: the entries (with the import refusals) and the sample
//     saves; enter on a save steps through its migration (n, p, ], [, and c
//     for the whole chain) with the save before and after each step.
//   - Problems: every finding, those with a fix marked (f makes the
//     selected one's); enter shows the source around it; a finding too long
//     for its row is shown whole under the list.
//
// In every tab, e opens $VISUAL or $EDITOR at the selection (editor.go)
// and y copies it to the clipboard through the terminal (copy.go).
//
// # Shape
//
// [Run] is the only entry point; [App] is the root model and [New] builds
// it from a [Config]. The root Update only dispatches: each message goes to
// a named method. The App handles the keys that work everywhere (quit,
// help, the tabs, reload, edit, fix, copy, interrupt) and forwards every other key, click
// and paste to the focused tab. Each tab is a component (the tab
// interface in panes.go): it owns its keys, which of them are enabled and
// how the help labels them, its clicks and its status hint, and asks the
// App through a small host interface for the choices every tab shows (a
// layer switched, a language previewed). The tabs are listed in tabTable:
// a seventh tab is one entry there and a file for its type. The Layers,
// Translations and Migrations tabs share a list with a detail that scrolls
// on its own. One keyMap, built by a function and shared by the tabs,
// drives both the keys and the help, and bindings are enabled only where
// they work. Styles are derived from a [themes.Theme] of semantic roles; no
// colour is written here. The layout is a pure function of the terminal
// size.
//
// # Work off the UI goroutine
//
// Checks and the analysis of layers, translations and migrations run in
// commands, stamped with a load generation so that a late result for an
// older load is dropped. The first frame is drawn before the checks land;
// started without a workspace (as the command line starts it), the files
// are read in such a command too, the first frame saying so (loadedMsg).
// What a tab draws from a whole package is worked out the same way: the
// Effective tab's document is drawn when the tab is in view, from a copy
// of what it shows (effectiveDrawnMsg), and the Translations tab's search
// is matched in the background (searchedMsg), a later search stopping an
// earlier one; each result is taken in only if it is of the last request.
// No key waits for them: on the largest package a workspace may read
// (60 MB), a key costs the UI goroutine a few milliseconds.
//
// # Safety
//
// Every string read from a file is passed through model.Visible before it
// is drawn, so that a label holding escape sequences shows as visible text
// and changes nothing on the screen.
package tui
