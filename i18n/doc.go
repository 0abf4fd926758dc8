// Package i18n models ruleset translations: the display strings of a ruleset
// and its catalogs, locale files and language packs and their checks, each
// string's state and fallback per language, coverage, the Engine's import
// choice, and catalog entry checks.
package i18n
