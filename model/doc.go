// Package model reads the files rulebench works on — rulesets, package
// folders, catalog artifacts, locale files and sample saves — into typed
// values, keeping the line and column where every JSON value starts.
//
// Reading never stops at the first problem: every shape problem (a wrong
// type, a missing or unknown key, a bad id, a text too long or not
// prompt-safe) becomes a Diagnostic at the exact JSON path, line and column
// of the offending value, and reading goes on to find the others. Parts of
// the format that no other package needs (combat details, mechanics, rests)
// are kept raw in the Node tree and not judged.
//
// # Decisions: what one input may cost
//
// Packages come from strangers, and the format's spec sets no bound on
// what rulebench reads, so rulebench sets its own, each reported as a
// finding rather than a crash or an exhausted machine:
//
//   - One file: at most 16 MiB (MaxReadBytes). A larger file is refused
//     unread (file-too-large).
//   - One input, every file read for one PATH together (the manifest, the
//     ruleset, its catalogs, locales and saves, in that order): at most
//     64 MiB (MaxWorkspaceBytes). The file that would take the total past
//     it is refused unread (workspace-too-large); the files before it are
//     read and checked as usual, so the same files are always the ones
//     refused.
//   - Values: at most 4,194,304 JSON values (MaxValues) in the trees of one
//     input. A value costs 52 bytes (a 40-byte Node, and 12 in its
//     parent's list of children and of their names' signatures) besides the
//     text, which the tree reads in place, so the trees of one input take
//     at most about 220 MB beside the 64 MiB
//     read. A file that passes it is refused and not checked
//     (too-many-values). Real rulesets hold a value every ten to thirty
//     bytes, under thirty thousand in the 256 KB the Engine accepts; only a
//     generated file (16 MiB of "0,") comes near the bound.
//   - Findings: reading a file, the format checks of the rules package on
//     it, the warnings of its layers about entries with empty lists
//     (hide-unsettled), and the translation checks of a locale file list at
//     most 1,000 findings each (MaxFileFindings); one more
//     counts the rest with the severity of the worst (too-many-findings), so
//     a file of a million unknown keys does not make a report larger than
//     itself.
//   - Nesting: at most 512 levels (MaxDepth), a syntax error past it.
//
// A sample save is kept as its tree only, like every other file: its values
// as Go maps (Save.Build, Save.Live) are made when a migration is rehearsed
// on it and dropped after, so 75,000 small saves (52 MB, all the values one
// input may hold) cost their 300 MB of trees and no more.
//
// Together these keep what one input holds under about 300 MB, and the
// command sets a soft limit of 448 MiB on the heap (cli.MemoryLimit), so
// that the garbage of the work done on it cannot double that: the peak
// memory of `rulebench check` and `rulebench migrate --json` on any input
// stays under 512 MB (measured at 441 MB at most on 64 MiB packages of the
// worst shapes: arrays of numbers, objects of a million keys, deep nesting,
// long texts, locale files of 760,000 keys; 437 MB and 450 MB on 75,000
// saves).
//
// The model imports no UI code; the packages rules, i18n and migrate build
// on it, and share its Diagnostic type.
package model
