package i18n

import "rulebench/model"

// Finding codes of locale files and language packs.
//
//rulebench:category translations
const (
	// CodeLocaleShape: a locale file or language pack is not a JSON object.
	//
	// Why: the Engine reads a locale file or language pack as one JSON object with `_meta`,
	// `package` and `ruleset` members; anything else (an array, a string, a number) translates
	// nothing and is refused.
	//
	// Fix: make the whole file an object, for example `{ "_meta": { "locale": "de", "direction":
	// "ltr" }, "ruleset": {} }`.
	CodeLocaleShape model.Code = "locale-shape"
	// CodeLocaleKey: a locale file, its _meta or its package section holds a key it does not allow.
	//
	// Why: a locale file holds only `$schema`, `_meta`, `package` and `ruleset` (and `_meta` only
	// `locale` and `direction`, `package` only `name` and `description`); the Engine refuses a file
	// with any other key, so a misspelt section such as `rulset` is never silently lost.
	//
	// Fix: correct the key's spelling or remove it: `"ruleset": { "Torch": "Fackel" }`, not
	// `"rulset": ...`.
	CodeLocaleKey model.Code = "locale-key"
	// CodeLocaleName: a locale file's name does not give a language tag.
	//
	// Why: a locale file is found by its name: `locales/<language>.json` in a package,
	// `<id>-<version>.<language>.json` beside a catalog artifact, where `<language>` is a BCP 47
	// tag; a name that gives no tag (such as `pt_BR.json` or `german.json`) belongs to no language.
	//
	// Fix: rename the file after its language tag, for example `locales/pt-BR.json` or
	// `lantern-road-1.2.0.de.json`.
	CodeLocaleName model.Code = "locale-name"
	// CodeLocaleMeta: a locale's _meta.locale is no language tag, names another language than the file, or is spelled in a form the Engine's catalogs refuse.
	//
	// Why: `_meta.locale` must be the language the file name says once canonicalised (`pt-br` in
	// `locales/pt-BR.json` is that language); the Engine checks a pack's language against it, so
	// another language means the translation is refused or shown for the wrong language. Its
	// localization catalogs also take only a lower-case language and then subtags, so `PT-br` is a
	// warning.
	//
	// Fix: write the file's own tag: in `locales/pt-BR.json`, `"_meta": { "locale": "pt-BR",
	// "direction": "ltr" }`; `rulebench fix -w` mends a spelling the catalogs refuse (`PT-br`
	// becomes `pt-BR`).
	CodeLocaleMeta model.Code = "locale-meta"
	// CodeLocaleDirection: _meta.direction is neither ltr nor rtl, or not the way the language is written.
	//
	// Why: `_meta.direction` tells the Engine which way to lay text out and must be `ltr` or `rtl`;
	// any other value is refused, and a direction opposite to the language's script (as a warning)
	// makes every translated line read backwards.
	//
	// Fix: give the direction the language is written in: `"direction": "rtl"` for `ar`, `he` or
	// `fa`, `"direction": "ltr"` for `de` or `ja`.
	CodeLocaleDirection model.Code = "locale-direction"
	// CodeLocaleEmpty: a package name or description is given empty.
	//
	// Why: the `package` section gives the package's name and description in the file's language;
	// an empty one would show a blank name on the store card instead of the English one.
	//
	// Fix: translate it, or leave the key out so that the English shows: `"package": { "name":
	// "Laternenstraße" }`.
	CodeLocaleEmpty model.Code = "locale-empty"
	// CodeLocaleValue: a translation in the ruleset section is not text.
	//
	// Why: every value of a locale file's `ruleset` section is the translation of its key, so it
	// must be text; a number, list or object translates nothing, and the string counts as missing.
	//
	// Fix: write the translation as a string: `"Torch": "Fackel"`, not `"Torch": ["Fackel"]`; write
	// `""` to leave it untranslated.
	CodeLocaleValue model.Code = "locale-value"
	// CodeLocaleBlank: a translation is only spaces, so it shows nothing.
	//
	// Why: a translation of only spaces is not empty, so the Engine shows it instead of the
	// English, and the player sees a blank name or label.
	//
	// Fix: write the translation, or `""` to leave it untranslated and show the English: `"Torch":
	// ""`.
	CodeLocaleBlank model.Code = "locale-blank"
	// CodeLocaleText: a translation holds a control character, which the screen would show as it is.
	//
	// Why: display strings are shown as they are; a control character (a tab, a line break, an
	// escape) in a translation breaks the line it is shown on, or, in a terminal, can move the
	// cursor.
	//
	// Fix: remove the control character, writing the text on one line: `"Torch": "Fackel"`, not
	// `"Torch": "Fa\u001bckel"`.
	CodeLocaleText model.Code = "locale-text"
	// CodeLocaleStale: a translated string matches no display string of the ruleset (a stale key).
	//
	// Why: each key of the `ruleset` section must be a display string of the ruleset, in English
	// exactly as written; a key that matches none (its string was reworded or removed) is never
	// shown, so its translation is lost and the new string shows in English.
	//
	// Fix: rename the key to the current English string (the finding suggests the nearest), or
	// remove it: `"Lantern": "Laterne"` after the ruleset renamed `Lamp` to `Lantern`; `rulebench
	// i18n --update LANG --prune` drops stale keys.
	CodeLocaleStale model.Code = "locale-stale"
	// CodeLocaleDuplicate: two files give the same language; only the first is used.
	//
	// Why: two files give the same language (`pt-BR.json` and `pt-br.json`, or two packs for one
	// tag), and only the first is used, so the other's translations are silently ignored.
	//
	// Fix: merge the two files into one named by the canonical tag, for example
	// `locales/pt-BR.json`, and delete the other.
	CodeLocaleDuplicate model.Code = "locale-duplicate"
	// CodeLocaleEN: an English locale file rewords the ruleset, or a catalog ruleset has an en pack.
	//
	// Why: English is the ruleset itself: a catalog ruleset never has an `en` pack (the Engine
	// refuses it), and a package's `locales/en.json` is only the package's English introduction, so
	// a `ruleset` section in it rewords strings the players already read in English.
	//
	// Fix: remove the `ruleset` section from `locales/en.json` (keep `_meta` and `package`), or for
	// a catalog artifact delete the `en` pack and change the English in the ruleset itself.
	CodeLocaleEN model.Code = "locale-en"
	// CodePackRuleset: a language pack has no ruleset section to translate.
	//
	// Why: a language pack exists to translate the ruleset's display strings; the spec requires
	// every pack to have a `ruleset` section, and the Engine refuses one without.
	//
	// Fix: add the section with the translations: `"ruleset": { "Torch": "Fackel" }` (or `{}` to
	// start from nothing; `rulebench i18n --new LANG` writes a skeleton).
	CodePackRuleset model.Code = "pack-ruleset"
	// CodePackSize: a language pack is over 8 MiB.
	//
	// Why: the catalog lists each pack with a size of at most 8 MiB (8,388,608 bytes), and the
	// Engine refuses a larger pack before it is fetched.
	//
	// Fix: shorten the pack: remove stale keys (`rulebench i18n --update LANG --prune`) and keys of
	// strings that are not translated.
	CodePackSize model.Code = "pack-size"
)

// Finding codes of a catalog entry (the store card of a catalog artifact)
// and of the artifact and packs it lists; `rulebench fix` mends some.
//
//rulebench:category translations
const (
	// CodeEntrySize: the catalog entry file is too large and is refused unread.
	//
	// Why: a catalog entry is a small store card (its artifact and pack listings); rulebench
	// reads one of at most 1 MiB and refuses a larger file unread, as a mistaken or hostile
	// input, so nothing in it is checked.
	//
	// Fix: keep only the entry's own fields (`artifact`, `locales` with `url`, `sha256`, `bytes`,
	// `name`, `description`), without embedded rulesets or data.
	CodeEntrySize model.Code = "entry-size"
	// CodeEntryShape: the catalog entry is not a JSON object.
	//
	// Why: the Engine reads a catalog entry as one JSON object with its `artifact` and `locales`;
	// anything else lists nothing and is refused.
	//
	// Fix: make the entry an object: `{ "artifact": { "url": "https://...", "sha256": "...",
	// "bytes": 812 }, "locales": {} }`.
	CodeEntryShape model.Code = "entry-shape"
	// CodeEntryText: a name or description of the entry is empty.
	//
	// Why: a pack's listing gives the store card's `name` and `description` in its language, so
	// that the card reads in the Engine's language without fetching the pack; an empty one would
	// show a blank card.
	//
	// Fix: write the name and description in that language: `"de": { ..., "name": "Laternenstraße",
	// "description": "Ein kurzes Abenteuer auf der Landstraße." }`.
	CodeEntryText model.Code = "entry-text"
	// CodeEntryURL: a URL of the entry is not an https URL of a file beside the artifact.
	//
	// Why: the Engine fetches the artifact and each pack by URL, and accepts only https URLs on the
	// artifact's host and folder named `<id>-<version>.ruleset.json` or
	// `<id>-<version>.<language>.json`; any other URL is refused.
	//
	// Fix: point the URL at the file beside the artifact: `"url":
	// "https://example.org/artifacts/lantern-road-1.2.0.de.json"`.
	CodeEntryURL model.Code = "entry-url"
	// CodeEntryBytes: a catalog entry's bytes is not a valid size, or not the size of the file it lists.
	//
	// Why: the Engine checks the size of what it fetches against the entry's `bytes` (a whole
	// number from 1 to 8 MiB for a pack), and refuses a file of any other size, so a stale size
	// makes the pack or artifact fail to install.
	//
	// Fix: give the file's exact size in bytes: `"bytes": 40213`; `rulebench fix -w` writes it.
	CodeEntryBytes model.Code = "entry-bytes"
	// CodeEntrySHA256: a catalog entry's sha256 is not 64 lowercase hex digits, or not the checksum of the file it lists.
	//
	// Why: the Engine checks the SHA-256 of what it fetches against the entry's `sha256` (64
	// lowercase hex digits) and refuses a file whose checksum differs, so a stale checksum makes
	// the pack or artifact fail to install.
	//
	// Fix: give the file's checksum in lowercase hex (`sha256sum FILE`): `"sha256": "9f86d0..."`;
	// `rulebench fix -w` writes it.
	CodeEntrySHA256 model.Code = "entry-sha256"
	// CodeEntryPacks: the entry lists more language packs than are allowed.
	//
	// Why: a ruleset lists at most 40 language packs; the Engine refuses an entry with more.
	//
	// Fix: list at most 40 languages in `locales`, dropping the least used, or join regional
	// variants to their base language (`pt` for `pt-PT` and `pt-BR` when they agree).
	CodeEntryPacks model.Code = "entry-packs"
	// CodeEntryLang: a language pack is listed under a key that is not a language tag, or not written canonically.
	//
	// Why: each key of `locales` names the pack's language as a BCP 47 tag in the Engine's
	// spelling; the Engine fetches the pack whose key is its configured language or that language's
	// base, so a key like `pt_BR` or `pt-br` is never matched.
	//
	// Fix: key the pack by its canonical tag: `"pt-BR": { ... }`.
	CodeEntryLang model.Code = "entry-lang"
	// CodeEntryEN: the entry lists an en pack, though English is the ruleset itself.
	//
	// Why: English is the ruleset itself; the spec says a ruleset never lists an `en` pack, and the
	// Engine refuses an entry that does.
	//
	// Fix: remove the `en` listing (and its pack file); change English text in the ruleset itself.
	CodeEntryEN model.Code = "entry-en"
	// CodeEntryDuplicate: the entry lists one language twice, under two spellings.
	//
	// Why: the entry lists one language under two spellings (`pt-BR` and `pt-br`); the Engine
	// fetches one pack per language, so one listing is dead and the two may disagree.
	//
	// Fix: keep one listing, under the canonical tag `"pt-BR"`, and remove the other.
	CodeEntryDuplicate model.Code = "entry-duplicate"
	// CodeEntryArtifact: the entry lists another artifact than the one beside it.
	//
	// Why: an entry describes the artifact it is published with; one that lists another artifact
	// (another id or version) would make the Engine fetch a file other than the one beside it.
	//
	// Fix: list the artifact beside the entry: `"url":
	// "https://example.org/artifacts/lantern-road-1.2.0.ruleset.json"`, with its own `sha256` and
	// `bytes`.
	CodeEntryArtifact model.Code = "entry-artifact"
	// CodeEntryCapability: the manifest a catalog entry embeds declares a lower Capability API than its artifact needs.
	//
	// Why: the catalog shows and installs a package by the manifest its entry embeds; the Engine
	// refuses at install a package whose files use a feature newer than the declared
	// `capabilityApi.minor`, and language packs listed under `locales` need 1.811 (decisions §1,
	// §6).
	//
	// Fix: raise the embedded manifest's `"capabilityApi": { "major": 1, "minor": N }` to the
	// version named (and the package's own manifest.json with it); `rulebench fix -w` does it
	// for a package.
	CodeEntryCapability model.Code = "entry-capability"
	// CodeEntryManifest: the manifest a catalog entry embeds is not the package's manifest.json, or names another id or version than its artifact.
	//
	// Why: today's catalog publishes the package's `manifest.json` itself in the entry, and
	// names the archive `<id>-<version>.zip` after it; an entry whose manifest differs shows and
	// installs a package other than the one it links to (decisions §1).
	//
	// Fix: copy the package's `manifest.json` into the entry's `manifest` as it is, and name the
	// archive after its id and version: `ruleset-tollway-1.2.0.zip` for `"id":
	// "ruleset-tollway"`, `"version": "1.2.0"`.
	CodeEntryManifest model.Code = "entry-manifest"
	// CodeEntryArchive: the package archive beside a catalog entry cannot be read as a package.
	//
	// Why: the artifact of today's catalog entries is a zip of the package folder, with
	// `manifest.json` at its top (or in its one top folder); the Engine cannot install an archive
	// it cannot open or that holds no package.
	//
	// Fix: zip the package folder itself: `manifest.json`, `ruleset.json`, `catalogs/` and
	// `locales/` (for example `cd ruleset-tollway && zip -r ../ruleset-tollway-1.2.0.zip .`).
	CodeEntryArchive model.Code = "entry-archive"
	// CodeEntryPackAbsent: the entry lists a pack that is not beside the artifact, so it could not be checked.
	//
	// Why: the entry lists a pack whose file is not beside the artifact, so rulebench cannot check
	// its size, checksum and language; if it is missing from the published folder too, the Engine
	// cannot fetch it and the ruleset stays in English.
	//
	// Fix: put the pack file beside the artifact, named `<id>-<version>.<language>.json` (for
	// example `lantern-road-1.2.0.de.json`), or remove its listing.
	CodeEntryPackAbsent model.Code = "entry-pack-absent"
	// CodeEntryPackLocale: the entry lists a pack under a language other than the pack's _meta.locale.
	//
	// Why: the Engine checks a fetched pack's language against the key it is listed under, and
	// refuses a pack whose `_meta.locale` names another language.
	//
	// Fix: list the pack under its own language, or correct its `_meta.locale`: a pack listed as
	// `"de"` has `"_meta": { "locale": "de", ... }`.
	CodeEntryPackLocale model.Code = "entry-pack-locale"
	// CodeEntryPackUnlisted: a pack beside the artifact is not listed by the entry, so the Engine never fetches it.
	//
	// Why: the Engine fetches only the packs the catalog entry lists; a pack beside the artifact
	// that the entry does not list is never installed, so its players see English.
	//
	// Fix: add its listing to the entry's `locales`: `"de": { "url":
	// "https://.../lantern-road-1.2.0.de.json", "sha256": "...", "bytes": 40213, "name": "...",
	// "description": "..." }`.
	CodeEntryPackUnlisted model.Code = "entry-pack-unlisted"
)
