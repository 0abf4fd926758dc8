package say

import "rulebench/i18n"

// Import says what an Engine set to the import's language keeps of a
// ruleset's translations. For a package: the languages it keeps and those
// it discards. For a catalog ruleset (catalog set): the one pack installing
// fetches, and whether it is refused for differing from the catalog
// entry's listing.
func Import(imp i18n.Import, catalog bool) string {
	engine := "an Engine set to " + List([]string{imp.EngineLang}) + " "
	if catalog {
		switch {
		case len(imp.Refused) > 0:
			return engine + "fetches the " + List(imp.Refused[:1]) + " pack and refuses it (it differs from the catalog entry's listing): the ruleset stays in English"
		case imp.Fetched == "":
			return engine + "fetches no pack: the ruleset stays in English"
		}
		return engine + "fetches the " + List([]string{imp.Fetched}) + " pack"
	}
	// Translations are not part of the version: importing a file with none
	// for the language leaves a translation an earlier import kept.
	text := engine + "keeps " + ListOr(imp.Kept, "nothing: a first import shows the ruleset in English, a re-import leaves the translation kept before")
	if len(imp.Discarded) > 0 {
		text += "; discards " + List(imp.Discarded)
	}
	if len(imp.Unlisted) > 0 {
		text += "; never sees " + List(imp.Unlisted) + " (the manifest does not list the file, so it is not part of the package)"
	}
	return text
}
