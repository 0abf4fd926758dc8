package i18n

import "rulebench/model"

// Finding codes of locale files and language packs.
//
//rulebench:category translations
const (
	// CodeLocaleShape: a locale file or language pack is not a JSON object.
	CodeLocaleShape model.Code = "locale-shape"
	// CodeLocaleKey: a locale file, its _meta or its package section holds a key it does not allow.
	CodeLocaleKey model.Code = "locale-key"
	// CodeLocaleName: a locale file's name does not give a language tag.
	CodeLocaleName model.Code = "locale-name"
	// CodeLocaleMeta: a locale's _meta.locale is no language tag, names another language than the file, or is not spelled canonically.
	CodeLocaleMeta model.Code = "locale-meta"
	// CodeLocaleDirection: _meta.direction is neither ltr nor rtl, or not the way the language is written.
	CodeLocaleDirection model.Code = "locale-direction"
	// CodeLocaleEmpty: a package name or description is given empty.
	CodeLocaleEmpty model.Code = "locale-empty"
	// CodeLocaleValue: a translation in the ruleset section is not text.
	CodeLocaleValue model.Code = "locale-value"
	// CodeLocaleBlank: a translation is only spaces, so it shows nothing.
	CodeLocaleBlank model.Code = "locale-blank"
	// CodeLocaleText: a translation holds a control character, which the screen would show as it is.
	CodeLocaleText model.Code = "locale-text"
	// CodeLocaleStale: a translated string matches no display string of the ruleset (a stale key).
	CodeLocaleStale model.Code = "locale-stale"
	// CodeLocaleDuplicate: two files give the same language; only the first is used.
	CodeLocaleDuplicate model.Code = "locale-duplicate"
	// CodeLocaleEN: an English locale file rewords the ruleset, or a catalog ruleset has an en pack.
	CodeLocaleEN model.Code = "locale-en"
	// CodePackRuleset: a language pack has no ruleset section to translate.
	CodePackRuleset model.Code = "pack-ruleset"
	// CodePackSize: a language pack is over 8 MiB.
	CodePackSize model.Code = "pack-size"
)

// Finding codes of a catalog entry (the store card of a catalog artifact)
// and of the artifact and packs it lists; `rulebench fix` mends some.
//
//rulebench:category translations
const (
	// CodeEntrySize: the catalog entry file is too large and is refused unread.
	CodeEntrySize model.Code = "entry-size"
	// CodeEntryShape: the catalog entry is not a JSON object.
	CodeEntryShape model.Code = "entry-shape"
	// CodeEntryText: a name or description of the entry is empty.
	CodeEntryText model.Code = "entry-text"
	// CodeEntryURL: a URL of the entry is not an https URL of a file beside the artifact.
	CodeEntryURL model.Code = "entry-url"
	// CodeEntryBytes: a catalog entry's bytes is not a valid size, or not the size of the file it lists.
	CodeEntryBytes model.Code = "entry-bytes"
	// CodeEntrySHA256: a catalog entry's sha256 is not 64 lowercase hex digits, or not the checksum of the file it lists.
	CodeEntrySHA256 model.Code = "entry-sha256"
	// CodeEntryPacks: the entry lists more language packs than are allowed.
	CodeEntryPacks model.Code = "entry-packs"
	// CodeEntryLang: a language pack is listed under a key that is not a language tag, or not written canonically.
	CodeEntryLang model.Code = "entry-lang"
	// CodeEntryEN: the entry lists an en pack, though English is the ruleset itself.
	CodeEntryEN model.Code = "entry-en"
	// CodeEntryDuplicate: the entry lists one language twice, under two spellings.
	CodeEntryDuplicate model.Code = "entry-duplicate"
	// CodeEntryArtifact: the entry lists another artifact than the one beside it.
	CodeEntryArtifact model.Code = "entry-artifact"
	// CodeEntryPackAbsent: the entry lists a pack that is not beside the artifact, so it could not be checked.
	CodeEntryPackAbsent model.Code = "entry-pack-absent"
	// CodeEntryPackLocale: the entry lists a pack under a language other than the pack's _meta.locale.
	CodeEntryPackLocale model.Code = "entry-pack-locale"
	// CodeEntryPackUnlisted: a pack beside the artifact is not listed by the entry, so the Engine never fetches it.
	CodeEntryPackUnlisted model.Code = "entry-pack-unlisted"
)
