// Package i18n models ruleset translations: the display strings of a ruleset
// and its catalogs, locale files and language packs and their checks, each
// string's state and fallback per language, coverage, the Engine's import
// choice, and catalog entry checks.
//
// It follows layers-translations-migrations.md §2 and decisions.md §3, and
// the Engine's language rules in engine-behaviour.md §10. It imports only
// the model package, the standard library and golang.org/x/text.
//
// # Display strings
//
// Strings lists the text a player sees, each distinct string once with
// every place it is written (file and JSON path), in the order first met:
// the top-level name and edition, coverage.summary, every label, short and
// summary anywhere (sheet, items vocabulary, coins, market, loot tables,
// layers, catalogs and their entries, combat), the values and valueLabels of
// enum fields, list columns, item stats and live states, and the names of
// creature actions (a creature's own name is its entry's label). Entries of
// a catalog kept in a separate file are listed where the catalog is
// declared. Ids, anything under gm, $comment, license, dice text, the
// values entries give their filters, the values rows write into lists,
// item stat values and a creature's own sheet are not display strings.
//
// # Languages
//
// Language codes are BCP 47 tags read with ParseTag, which canonicalises
// them with golang.org/x/text/language (pt-br is pt-BR) and refuses what
// the Engine refuses: an underscore (pt_BR), spaces, and tags that name no
// language. A language's base is its language subtag alone (pt for pt-BR).
// EngineLanguage accepts only the Engine's own UI languages.
//
// # Locale files
//
// ReadLocale checks one locale file (a package's locales/<lang>.json) or
// language pack (<id>-<version>.<lang>.json beside a catalog artifact): the
// language its name gives, the top-level keys ($schema, _meta, package and
// ruleset only), _meta.locale canonicalising to the file name's language
// (and written in the form the Engine's catalogs require, as a warning),
// _meta.direction ltr or rtl (and matching the script, as a warning), the
// package section, and that every value in the ruleset section is text. A
// file without a ruleset section translates nothing; a language pack must
// have one, must not be English and is at most 8 MiB.
//
// # States, fallback and coverage
//
// Analyze reads every locale file against the display strings. In one
// language each string is exactly one of: translated (a non-empty value in
// the language's own file), via base (no usable value there, a non-empty
// one in the base language's file), empty ("" in its own file and nothing
// in the base) or missing. A value that is not text counts as missing. A
// key matching no display string is stale, counted apart, and warned about
// with the nearest current string as a hint (Levenshtein distance, within a
// third of the key's length). Language.Show gives what a player sees and
// where it comes from: the own file, then the base's, then English;
// ShowName adds the battle screen's numbering ("Goblin 2" shows as the
// translation of "Goblin", a space and 2).
//
// Coverage counts strings and words per state. Percent is the share of
// strings a player sees translated (own file or via base), rounded down to
// a tenth so that only complete coverage reads 100. Words are counted by
// CountWords: maximal runs of letters, marks and digits, joined across an
// apostrophe or full stop between them and a comma between digits, with
// each Han or Hiragana character a word of its own. This follows Unicode
// word segmentation (UAX #29) closely enough for ruleset text, without a
// dictionary; so "Will-o'-wick" is 3 words and "Don't" 1.
//
// # Quality
//
// Quality compares a translation with its English as translation platforms'
// everyday checks do, each check a finding code (QualityCodes): left in
// English (two or more words), white space at either end, end punctuation
// (the marks of other scripts count as their English counterparts),
// numbers (digits of any script, separators between digits ignored),
// brackets and placeholders (full-width brackets as ASCII), and a
// translation far longer than the English.
//
// # Writing files for translators
//
// NewLocale and UpdateLocale write locale files; Carries finds the
// translations stale keys offer to current strings (for sure across a
// rename the caller knows of, from sheet.migrations or RenamedSince on an
// older version; otherwise the nearest key's, to review). BuildPO, ReadPO
// and MergePO write and read gettext PO files, obsolete (#~) messages and
// previous msgids (#|) included. LocaleSchema writes a JSON Schema of a
// locale file for editors, and VSCodeSettings the VS Code settings that
// give it to the files.
//
// # Import and catalog entries
//
// Report.ImportChoice simulates the Engine keeping translations for its
// language: for a package, the language's own file and its base's, own
// first; for a catalog ruleset, the one pack installing fetches (its own if
// listed, else its base's), refused when the pack differs from its listing.
// ParseEntry and VerifyEntry check a catalog entry: at most 40 packs, never
// en, keys valid tags, https URLs on the artifact's host and folder named
// <id>-<version>.<language>.json, 64-hex sha256, sizes from 1 byte to
// 8 MiB, a name and description, and each pack found beside the artifact
// matching its listing in size, checksum and language.
package i18n
