package i18n

import "slices"

// Import is what the Engine keeps of a ruleset's translations when its
// language is EngineLang: the languages kept, own first, and the languages
// discarded, in file (or listing) order.
type Import struct {
	EngineLang string
	Kept       []string
	Discarded  []string
	// Refused lists, for a catalog ruleset, a pack the Engine would fetch
	// but refuse because the file beside the artifact differs from the
	// entry's listing in size, checksum or language; the ruleset then stays
	// in English.
	Refused []string
	// Fetched is, for a catalog ruleset, the one pack installing fetches
	// ("" when none); it is Kept's only member.
	Fetched string
	// Unlisted lists, for a package, the languages whose files the manifest
	// does not list: they are not part of the package, so the Engine never
	// sees them and they are neither kept nor discarded (decisions §1).
	Unlisted []string
}

// ImportChoice simulates the Engine keeping translations for its
// language (engine-behaviour §10.2, decisions §3). engineLang is normalised
// and must be one of EngineLanguages.
//
// For a package, the Engine keeps the language's own file and its base
// language's file, each where present, own first, so that the per-string
// fallback still works; every other translation is discarded. For a catalog
// ruleset it fetches one pack: the language's own if the catalog lists
// one, else its base language's. The catalog's list is entry's packs when
// entry is given, else the packs found beside the artifact. A fetched pack
// whose file beside the artifact differs from its listing is refused, and
// the ruleset stays in English (layers-translations-migrations §2).
//
// Discarded languages are sorted by tag.
//
// Only files with a ruleset section are translations: a package's en.json
// introduction is neither kept nor discarded. Nor is a file the package's
// manifest does not list (Import.Unlisted): it is not part of the package.
func (r *Report) ImportChoice(engineLang string, entry *CatalogEntry) (Import, error) {
	lang, err := EngineLanguage(engineLang)
	if err != nil {
		return Import{}, err
	}
	imp := Import{EngineLang: lang, Kept: []string{}, Discarded: []string{}}
	tag, _ := ParseTag(lang)
	base, differs := BaseOf(tag)
	if !differs {
		base = ""
	}
	var available []string
	listing := map[string]PackListing{}
	if r.Catalog && entry != nil {
		for _, p := range entry.Packs {
			if p.Lang != "" {
				available = append(available, p.Lang)
				listing[p.Lang] = p
			}
		}
	} else {
		for _, l := range r.Locales {
			switch {
			case l.Lang == "" || r.byLang[l.Lang] != l || !(l.HasRuleset || r.Catalog):
			case l.File.Unlisted:
				imp.Unlisted = append(imp.Unlisted, l.Lang)
			default:
				available = append(available, l.Lang)
			}
		}
	}
	has := func(want string) bool { return want != "" && slices.Contains(available, want) }
	if r.Catalog {
		switch {
		case has(lang):
			imp.Fetched = lang
		case has(base):
			imp.Fetched = base
		}
		if p, listed := listing[imp.Fetched]; listed && len(r.packMismatches(entry.File, p)) > 0 {
			imp.Refused = append(imp.Refused, imp.Fetched)
			imp.Fetched = ""
		}
	}
	for _, keep := range []string{lang, base} {
		if has(keep) && (!r.Catalog || keep == imp.Fetched) {
			imp.Kept = append(imp.Kept, keep)
		}
	}
	for _, a := range available {
		if !slices.Contains(imp.Kept, a) {
			imp.Discarded = append(imp.Discarded, a)
		}
	}
	slices.Sort(imp.Discarded)
	return imp, nil
}
