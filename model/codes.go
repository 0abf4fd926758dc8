package model

// Finding codes of reading a file: one that cannot be read, is too large to
// read, or is not JSON text.
const (
	// CodeUnreadable: the file or folder could not be read at all (missing, no permission, or a folder that is neither a package nor a catalog artifact).
	//
	// Why: nothing in a file that cannot be read can be checked. When it is the PATH given on the
	// command line, rulebench stops and exits with status 2 (decisions §5); a package's own file
	// that cannot be read is an error finding.
	//
	// Fix: check the path and its permissions; a folder must hold a `manifest.json` (a package)
	// or exactly one `*.ruleset.json` (a catalog artifact), for example `rulebench check
	// my-game/manifest.json`.
	CodeUnreadable Code = "unreadable"
	// CodeFileTooLarge: the file is over 16 MiB and is refused unread.
	//
	// Why: rulebench reads no file over 16 MiB (decisions §1), so that a huge or endless input
	// cannot exhaust memory; the Engine itself accepts at most 256 KB for a ruleset and 1 MB for a
	// separate catalog file, so such a file could never be imported anyway.
	//
	// Fix: point rulebench at the right file, and keep a ruleset under 256 KB, moving large
	// catalogs of a package into `catalogs/<id>.json`.
	CodeFileTooLarge Code = "file-too-large"
	// CodeWorkspaceTooLarge: the files read for one input come to more than 64 MiB together; the file that would pass that is refused unread.
	//
	// Why: each file is refused over 16 MiB, but a package can list many files; rulebench reads
	// at most 64 MiB for one PATH (MaxWorkspaceBytes) so that no package, however many files it
	// holds, can exhaust memory. A package the Engine installs is far smaller: a 256 KB ruleset
	// and catalogs of at most 1 MB each.
	//
	// Fix: remove what is not part of the package, such as a `saves/old-campaign/` of thousands
	// of saves or a stray `locales/dump.json`, or check the parts one at a time
	// (`rulebench check ruleset.json`).
	CodeWorkspaceTooLarge Code = "workspace-too-large"
	// CodeTooManyValues: the files read for one input hold more than 4,194,304 JSON values together; the file that passes that is refused and not checked.
	//
	// Why: rulebench keeps every value it reads with its position (54 bytes each, measured) and
	// bounds them (MaxValues) so that checking any input stays under 512 MB of memory. A 256 KB
	// ruleset cannot hold more than about 130,000 values.
	//
	// Fix: the file is not a real ruleset, catalog, locale or save (a generated `[0, 0, 0, ...]`
	// of millions of numbers, say); point rulebench at the right file or remove it from the
	// package.
	CodeTooManyValues Code = "too-many-values"
	// CodeTooManyFindings: reading one file found more than 1,000 problems; the rest are counted, not listed.
	//
	// Why: a file of millions of unknown keys or empty objects would otherwise give millions of
	// findings, each longer than the text that caused it, and the report would take more memory
	// than the file; the first thousand (MaxFileFindings) are listed, in file order, and this
	// finding counts the rest, with the severity of the worst of them.
	//
	// Fix: fix the findings listed and check again; so many problems usually mean the file is not
	// the kind rulebench was told it is (a save given as PATH: `rulebench migrate PATH save.json`
	// rehearses a save).
	CodeTooManyFindings Code = "too-many-findings"
	// CodeJSONEmpty: the file is empty or holds only white space, so there is no JSON value in it.
	//
	// Why: the Engine parses the file as one JSON object and refuses text that holds none, so
	// there is nothing to import; rulebench reports it as an error (exit 1), not as unreadable.
	//
	// Fix: write the document's object into the file, for a ruleset starting with
	// `{ "schemaVersion": 1, "id": "my-game", ... }`.
	CodeJSONEmpty Code = "json-empty"
	// CodeJSONBinary: the file holds NUL bytes: it is binary, not JSON text.
	//
	// Why: JSON text never holds a raw NUL byte, so a file with one among its first 8000 bytes is
	// taken as binary (an image, an archive, a file saved as UTF-16); the Engine cannot parse it,
	// and rulebench reads nothing further in it.
	//
	// Fix: point at the JSON file itself, or save it again as UTF-8 text, for example
	// `iconv -f UTF-16 -t UTF-8 ruleset.json`.
	CodeJSONBinary Code = "json-binary"
	// CodeJSONBOM: the file starts with a byte-order mark, which JSON.parse refuses.
	//
	// Why: the Engine reads the file with JSON.parse, which does not skip a leading byte-order
	// mark, so the import fails even though the rest of the text may be valid; rulebench checks
	// the text after the mark so that every other finding still shows.
	//
	// Fix: save the file as UTF-8 without a byte-order mark (in most editors an encoding choice
	// named `UTF-8` rather than `UTF-8 with BOM`).
	CodeJSONBOM Code = "json-bom"
	// CodeJSONUTF8: the file holds bytes that are not valid UTF-8.
	//
	// Why: the Engine reads every invalid byte as the replacement character U+FFFD, so a label or
	// name written in another encoding (such as Latin-1) silently shows up broken in play.
	//
	// Fix: save the file again as UTF-8, for example `iconv -f LATIN1 -t UTF-8`, and look again at
	// the text the finding points at.
	CodeJSONUTF8 Code = "json-utf8"
	// CodeJSONSyntax: the text is not valid JSON (a missing comma, an unclosed string, a stray character).
	//
	// Why: the Engine cannot parse such a file and refuses it; rulebench stops reading at the first
	// syntax error (also for nesting deeper than 512 levels or a text over 4 GiB), so no other
	// check runs until it is fixed.
	//
	// Fix: correct the text at the line and column given, for example add the missing comma in
	// `{ "id": "morale", "label": "Morale" }`, and drop trailing commas and comments, which JSON does
	// not allow.
	CodeJSONSyntax Code = "json-syntax"
	// CodeJSONDuplicateKey: an object gives the same key twice; the last one wins.
	//
	// Why: a warning: JSON.parse, as the Engine uses it, keeps only the last value of a repeated
	// key, so the earlier value is silently thrown away and what the author sees is not what the
	// Engine reads.
	//
	// Fix: keep one of the two members, merging them by hand if both hold something wanted, for
	// example a single `"label": "Morale"`.
	CodeJSONDuplicateKey Code = "json-duplicate-key"
)

// Finding codes of the shape every document shares: its keys, lists and
// texts.
const (
	// CodeRequired: a key that must be given is missing.
	//
	// Why: the Engine refuses a file that lacks a required key (ruleset-format.md marks which
	// keys are required); the same holds for the documents rulebench checks beside it, such as
	// locale files and catalog entries.
	//
	// Fix: add the key at the path given, for example `"checkGuidance": "Ask for a check when the
	// outcome is in doubt."` in `gm`.
	CodeRequired Code = "required"
	// CodeUnknownKey: an object holds a key its place does not allow (unknown, or allowed only in another form).
	//
	// Why: every object of the format is strict: the Engine refuses the whole file over one key it
	// does not know, so a misspelt key is never silently ignored; the finding is reported at the
	// object's path, as the Engine reports it.
	//
	// Fix: correct the key's spelling or remove it, for example `"maxLength"` rather than
	// `"maxlength"`; a note for people goes in `"$comment"`, which is allowed everywhere.
	CodeUnknownKey Code = "unknown-key"
	// CodeCount: a list or object holds fewer or more members than its place allows.
	//
	// Why: the Engine refuses a list or object outside its count limits (ruleset-format.md gives
	// each, for example 1..12 ladder steps or at most 20 abilities).
	//
	// Fix: add or remove members to fit the limit the message names, for example give a ladder at
	// least one step: `"difficultyLadder": [ { "label": "Tricky", "dc": 15 } ]`.
	CodeCount Code = "count"
	// CodeLength: a text is empty, shorter or longer than its place allows.
	//
	// Why: the Engine refuses a text outside its length limits, counting in UTF-16 code units as
	// JavaScript does, so a character outside the Basic Multilingual Plane (most emoji) counts as 2.
	//
	// Fix: shorten or fill in the text, for example keep a `label` to at most 80 characters and a
	// `name` to at least one.
	CodeLength Code = "length"
	// CodeInteger: a number that must be whole has a fraction.
	//
	// Why: the Engine refuses a fraction where the format asks for a whole number (marked `int` in
	// ruleset-format.md), such as a dice count, an ability's `min` or a ladder's `dc`.
	//
	// Fix: write a whole number, for example `"dc": 15` rather than `"dc": 15.5`.
	CodeInteger Code = "integer"
	// CodeFinite: a number is too large to be a finite number.
	//
	// Why: JSON.parse reads a number beyond the range of a double, such as `1e400`, as Infinity,
	// which no number of the format may be, so the Engine refuses it.
	//
	// Fix: write a number within range, for example `"max": 1000000`.
	CodeFinite Code = "finite"
	// CodeDuplicateID: two items of one list share an id.
	//
	// Why: ids name things for the rest of the file, for saves and for layers, so the Engine
	// refuses a list whose ids repeat; only the second and later uses are reported.
	//
	// Fix: give each item its own id, for example rename the second `"id": "haggle"` to
	// `"id": "haggle_city"`, and update what names it.
	CodeDuplicateID Code = "duplicate-id"
	// CodePromptSafe: a text shown to the model holds a line break, a control character, square brackets or double braces.
	//
	// Why: labels, names and guidance can end up inside the Game Master's prompt, so the Engine
	// refuses any that would break its shape: a line break or control character, square brackets
	// (the shape of a Game Master tag) or double braces (macro syntax); a single brace is allowed.
	//
	// Fix: rewrite the text on one line without those characters, for example
	// `"label": "Night watch (late)"` rather than `"label": "Night watch [late]"`.
	CodePromptSafe Code = "prompt-safe"
	// CodeCatalogText: a catalog text holds a control character.
	//
	// Why: the Engine refuses a catalog entry's `summary` or an item's `binds.restriction` holding a
	// control character (U+0000 to U+001F, U+007F to U+009F) or a line or paragraph separator
	// (U+2028, U+2029); brackets and braces are allowed there, as that text never reaches the model.
	//
	// Fix: replace the line break or control character with a space, for example
	// `"summary": "Sturdy boots. Good on mud."`.
	CodeCatalogText Code = "catalog-text"
)

// Finding codes of a ruleset's own parts: its size, header, sheet and layers.
//
//rulebench:category format
const (
	// CodeRulesetSize: the ruleset file is over the 256 KB the Engine accepts.
	//
	// Why: the Engine refuses a ruleset file over 262,144 bytes (in a package it checks the size
	// the manifest declares before reading it); a single-file or GitHub ruleset keeps every
	// catalog inline, so the catalogs count towards that budget. rulebench still reads the file so
	// that everything else in it is checked.
	//
	// Fix: make the file smaller; in a package, move large catalogs into their own files, for
	// example `"asset": "catalogs/herbs.json"` in place of the catalog's `entries`.
	CodeRulesetSize Code = "ruleset-size"
	// CodeSchemaURL: $schema is not text, so it cannot be the URL of the published JSON Schema (a warning: only editors are misled).
	//
	// Why: a warning: the Engine removes `$schema` before it validates the file, so any value
	// imports, but an editor that looks for a schema there finds none and cannot help the author.
	//
	// Fix: give `$schema` as text, the URL of the JSON Schema the Engine publishes, or leave the
	// key out, rather than writing a number, list or object there.
	CodeSchemaURL Code = "schema-url"
	// CodeStateValue: a live state value that is not allowed: one that holds a double quote, or one a rest sets that the state does not have.
	//
	// Why: the Engine refuses a live state value holding a double quote (ruleset-format.md §3.5),
	// as its sheet command writes a state's value inside double quotes; and a rest step on a
	// state must set it to `"default"` or to one of that state's values (§3.9), as a state never
	// holds anything else.
	//
	// Fix: write the values without double quotes, for example `"values": ["calm", "alert"]`,
	// and let a rest set one of them: `{ "state": "posture", "to": "calm" }`.
	CodeStateValue Code = "state-value"
	// CodeTrackShape: a track mixes levels with boxes, gives a wound track hideWhen or a track with boxes extra levels, or gives a plain track the keys of a wound track.
	//
	// Why: the Engine tells a wound track from a plain one by its `levels` or `boxes`, so it
	// refuses a track with both, a wound track with `hideWhen`, and a plain track with `kinds`,
	// `fill`, `onFull` or `extra`, which only a wound track can use; `extra` adds levels, so a
	// track counted in boxes takes none (ruleset-format.md §3.5).
	//
	// Fix: keep one form: either drop `boxes` or `levels` from the wound track and its
	// `hideWhen`, or drop the wound keys from the plain track, for example
	// `{ "id": "fever", "label": "Fever", "min": 0, "max": 6 }`.
	CodeTrackShape Code = "track-shape"
	// CodeRefRead: a value reference gives read without liveTrack.
	//
	// Why: `read` says which number of a track a `liveTrack` ref reads (value, filled, remaining
	// or penalty); beside any other ref it means nothing, so the Engine refuses it.
	//
	// Fix: remove `read`, or make the ref a track read, for example
	// `{ "liveTrack": "fatigue", "read": "remaining" }`.
	CodeRefRead Code = "ref-read"
	// CodeGuidanceTotal: a layer's guidance and world guidance together are over 4000 characters.
	//
	// Why: the Engine refuses a layer whose `gm.guidance` and `gm.worldGuidance` together pass
	// 4000 characters, even when each alone is within its own limit (engine-behaviour.md §3.7);
	// the limit bounds what one layer adds to the text the Game Master reads.
	//
	// Fix: shorten one or both texts until their lengths add up to 4000 or less, keeping in
	// `worldGuidance` only what world setup needs.
	CodeGuidanceTotal Code = "guidance-total"
	// CodeCurrenciesEmpty: a layer's currencies removes neither units nor families.
	//
	// Why: the Engine refuses a layer `currencies` object that names neither `removeUnits` nor
	// `removeFamilies` (engine-behaviour.md §3.5), since it would change nothing.
	//
	// Fix: name what the layer removes, for example `"currencies": { "removeUnits": ["ducat"] }`,
	// or remove the `currencies` key.
	CodeCurrenciesEmpty Code = "currencies-empty"
	// CodeItemsEmpty: a layer's items has neither market nor lootTables.
	//
	// Why: a layer's `items` (decisions §2) changes the market or replaces loot tables and
	// nothing else; rulebench refuses one that names neither, as the Engine refuses an empty
	// layer `currencies`, since it would change nothing.
	//
	// Fix: say what the layer changes, for example
	// `"items": { "market": { "removeSellers": ["pedlar"] } }`, or remove the `items` key.
	CodeItemsEmpty Code = "items-empty"
	// CodeMarketEmpty: a layer's items.market has neither removeSellers nor unsold.
	//
	// Why: a layer's `items.market` (decisions §2) only removes sellers or takes goods off sale;
	// rulebench refuses one that names neither, since it would change nothing.
	//
	// Fix: name the change, for example `"market": { "unsold": [ { "tag": "hexed" } ] }`, or remove
	// the `market` key.
	CodeMarketEmpty Code = "market-empty"
)

// Finding codes of catalogs and their separate catalog files.
//
//rulebench:category format
const (
	// CodeCatalogSize: a separate catalog file is over 1 MB.
	//
	// Why: the Engine refuses a separate catalog file over 1,048,576 bytes (ruleset-format.md
	// §1.2); in a package it checks the size the manifest declares before reading the file.
	//
	// Fix: split the catalog into two catalogs with their own ids and files, for example
	// `catalogs/herbs.json` and `catalogs/herbs_rare.json`.
	CodeCatalogSize Code = "catalog-size"
	// CodeAssetPath: a catalog's asset is not catalogs/<id>.json.
	//
	// Why: the Engine accepts a catalog's asset only as `catalogs/<catalogId>.json`, named after
	// that catalog's own id, and refuses any other path (ruleset-format.md §1.3).
	//
	// Fix: name the file after the catalog, for example `"asset": "catalogs/herbs.json"` on the
	// catalog `"id": "herbs"`, and rename the file to match.
	CodeAssetPath Code = "asset-path"
	// CodeAssetAlone: a ruleset checked on its own (not as a package's ruleset.json) keeps a catalog in a separate file.
	//
	// Why: only a package install reads separate catalog files; the Engine's import of a single
	// file, a GitHub repository's rulesets and a catalog artifact fetched on its own read the one
	// ruleset file, cannot read `"asset": "catalogs/<id>.json"`, and refuse the file
	// (ruleset-format.md §4.1, decisions §1).
	//
	// Fix: write the catalog's entries inline, `"entries": [ ... ]` in place of `"asset"`, or
	// publish the ruleset as a package (a folder with `manifest.json`, `ruleset.json` and
	// `catalogs/<id>.json`).
	CodeAssetAlone Code = "asset-alone"
	// CodeAssetCatalog: a catalog file names another catalog than the one the ruleset expects in it.
	//
	// Why: the Engine checks that a catalog file's `catalog` is the id of the catalog that names
	// it, and refuses it otherwise (ruleset-format.md §4.4), so a file copied from another catalog
	// cannot be read as this one.
	//
	// Fix: set `catalog` to the id of the catalog whose asset it is, for example
	// `"catalog": "herbs"` in `catalogs/herbs.json`.
	CodeAssetCatalog Code = "asset-catalog"
	// CodeFeeds: feeds is given on a catalog that does not hold rows.
	//
	// Why: `feeds` names the sheet lists a rows catalog's entries may be copied into; the Engine
	// requires it on a rows catalog and refuses it on a creatures or items catalog
	// (ruleset-format.md §4.1).
	//
	// Fix: remove `feeds` from the creatures or items catalog, or make it a rows catalog:
	// `"holds": "rows", "feeds": ["satchel"]`.
	CodeFeeds Code = "feeds"
	// CodeEntryKind: a catalog entry gives the kind of another catalog (rows in an items catalog).
	//
	// Why: the Engine refuses an entry whose kind does not match its catalog's `holds`: a rows
	// catalog's entries give `rows`, a creatures catalog's a `creature`, an items catalog's an
	// `item` (ruleset-format.md §4.2).
	//
	// Fix: write the entry in its catalog's kind, for example `"item": { "category": "tool" }` in
	// an items catalog, or move it to a catalog that holds its kind.
	CodeEntryKind Code = "entry-kind"
	// CodeMechanics: a catalog entry gives mechanics without rows.
	//
	// Why: `mechanics` describes what a picked row does and is shown in the row picker, so the
	// Engine allows it only beside `rows`; creatures and items have their own keys for this and
	// carry no `mechanics` (ruleset-format.md §4.2, §5.8).
	//
	// Fix: remove `mechanics` from the creature or item entry, writing what it does with that
	// kind's own keys (an item's `use` or `attack`, for example).
	CodeMechanics Code = "mechanics"
)

// Finding codes of a package's files: the manifest's file listing and the
// folders beside the ruleset.
const (
	// CodeManifestBytes: the manifest gives a listed file a size that is not the file's.
	//
	// Why: the manifest's `files[]` pins every file of a package by size and checksum, and the
	// Engine installs only verified bytes (ruleset-format.md §8), so a listing whose `bytes` is not
	// the file's size fails that check.
	//
	// Fix: set `bytes` to the file's size, for example with `rulebench fix -w PATH`, which rewrites
	// each listing's `bytes` and `sha256` from the files.
	CodeManifestBytes Code = "manifest-bytes"
	// CodeManifestSHA256: the manifest gives a listed file a sha256 that is not the file's, or none.
	//
	// Why: the manifest's `files[]` pins every file of a package by its checksum, `{ path, sha256,
	// bytes }` with the SHA-256 in 64 lowercase hex digits, and the Engine installs only verified
	// bytes (ruleset-format.md §8), so a file edited after its listing was written fails that
	// check, and so does a listing with an empty or missing `sha256`, which verifies nothing.
	//
	// Fix: write the file's current checksum into `sha256`, for example with
	// `rulebench fix -w PATH`.
	CodeManifestSHA256 Code = "manifest-sha256"
	// CodeManifestOutside: the manifest lists a path that is not a file inside the package.
	//
	// Why: a listed path names a file of the package, relative to the manifest's folder; an
	// absolute path (`/etc/passwd`), one that climbs out (`../x`) or one spelled in another way
	// (`./a`, `a//b`, a backslash) names nothing the package ships, so the Engine cannot verify or
	// install it, and rulebench never reads it.
	//
	// Fix: list the file by its path inside the package, with forward slashes: `"path":
	// "catalogs/spells.json"`, or remove the listing.
	CodeManifestOutside Code = "manifest-outside"
	// CodeUnlistedFile: a file in the package is not listed by the manifest, so the Engine will not see it.
	//
	// Why: a warning: the Engine reads only the files the manifest lists, so a catalog or locale
	// file left out of `files[]` is silently missing once installed (decisions §1).
	//
	// Fix: list the file in the manifest's `files`, for example
	// `{ "path": "locales/fr.json", "sha256": "...", "bytes": 2048 }`, or delete it if it is not
	// meant to ship.
	CodeUnlistedFile Code = "unlisted-file"
	// CodeArtifactLocales: a catalog artifact has a locales/ folder, which the Engine refuses.
	//
	// Why: the behaviour spec (translations) refuses, before download, a catalog ruleset that
	// carries `locales/`; a catalog ruleset's translations are language packs published beside
	// the artifact instead.
	//
	// Fix: move each `locales/<language>.json` beside the artifact as
	// `<id>-<version>.<language>.json`, for example `my-game-3.fr.json`, and list it in the
	// catalog entry's `locales`.
	CodeArtifactLocales Code = "artifact-locales"
)

// Finding codes of sample saves.
//
//rulebench:category saves
const (
	// CodeSheetSize: a sample save's stored sheet is larger than the Engine keeps.
	//
	// Why: the Engine stores a sheet `{ v, build }` of at most 64 KB serialised as UTF-8, and
	// importers drop a larger one (ruleset-format.md §1.2, §3.7); a save that migrating makes
	// larger is reported the same way.
	//
	// Fix: keep sheets small enough, for example lower a list's `maxItems` or a text field's
	// `maxLength`, or trim the sample save if no real sheet can grow so large.
	CodeSheetSize Code = "sheet-size"
)
