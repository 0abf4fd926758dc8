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
	// `{ "id": "grit", "label": "Grit" }`, and drop trailing commas and comments, which JSON does
	// not allow.
	CodeJSONSyntax Code = "json-syntax"
	// CodeJSONDuplicateKey: an object gives the same key twice; the last one wins.
	//
	// Why: a warning: JSON.parse, as the Engine uses it, keeps only the last value of a repeated
	// key, so the earlier value is silently thrown away and what the author sees is not what the
	// Engine reads.
	//
	// Fix: keep one of the two members, merging them by hand if both hold something wanted, for
	// example a single `"label": "Grit"`.
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
	// Why: the Engine refuses a list outside its count limits (ruleset-format.md gives them, for
	// example 1..12 ladder steps or at most 20 abilities); several are Engine ceilings it relies on
	// in play.
	//
	// Fix: add or remove members to fit the limit the message names, for example give a ladder at
	// least one step: `"difficultyLadder": [ { "label": "Hard", "dc": 15 } ]`.
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
	// Why: JSON.parse reads a number beyond the range of a double, such as `1e400`, as Infinity, and
	// the Engine refuses every number that is not finite.
	//
	// Fix: write a number within range, for example `"max": 1000000`.
	CodeFinite Code = "finite"
	// CodeDuplicateID: two items of one list share an id.
	//
	// Why: ids name things for the rest of the file, for saves and for layers, so the Engine
	// refuses a list whose ids repeat; only the second and later uses are reported.
	//
	// Fix: give each item its own id, for example rename the second `"id": "stealth"` to
	// `"id": "stealth_urban"`, and update what names it.
	CodeDuplicateID Code = "duplicate-id"
	// CodePromptSafe: a text shown to the model holds a line break, a control character, square brackets or double braces.
	//
	// Why: labels, names and guidance can end up inside the Game Master's prompt, so the Engine
	// refuses any that would break its shape: a line break or control character, square brackets
	// (the shape of a Game Master tag) or double braces (macro syntax); a single brace is allowed.
	//
	// Fix: rewrite the text on one line without those characters, for example
	// `"label": "Night watch (dusk)"` rather than `"label": "Night watch [dusk]"`.
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
	CodeRulesetSize Code = "ruleset-size"
	// CodeSchemaURL: $schema is not the URL of the published JSON Schema (a warning: only editors are misled).
	CodeSchemaURL Code = "schema-url"
	// CodeStateValue: a live state value that is not allowed: one that holds a double quote, or one a rest sets that the state does not have.
	CodeStateValue Code = "state-value"
	// CodeTrackShape: a track mixes levels with boxes, or gives a plain track the keys of a wound track.
	CodeTrackShape Code = "track-shape"
	// CodeRefRead: a value reference gives read without liveTrack.
	CodeRefRead Code = "ref-read"
	// CodeGuidanceTotal: a layer's guidance and world guidance together are over 4000 characters.
	CodeGuidanceTotal Code = "guidance-total"
	// CodeCurrenciesEmpty: a layer's currencies removes neither units nor families.
	CodeCurrenciesEmpty Code = "currencies-empty"
	// CodeItemsEmpty: a layer's items has neither market nor lootTables.
	CodeItemsEmpty Code = "items-empty"
	// CodeMarketEmpty: a layer's items.market has neither removeSellers nor unsold.
	CodeMarketEmpty Code = "market-empty"
)

// Finding codes of catalogs and their separate catalog files.
//
//rulebench:category format
const (
	// CodeCatalogSize: a separate catalog file is over 1 MB.
	CodeCatalogSize Code = "catalog-size"
	// CodeAssetPath: a catalog's asset is not catalogs/<id>.json.
	CodeAssetPath Code = "asset-path"
	// CodeAssetCatalog: a catalog file names another catalog than the one the ruleset expects in it.
	CodeAssetCatalog Code = "asset-catalog"
	// CodeFeeds: feeds is given on a catalog that does not hold rows.
	CodeFeeds Code = "feeds"
	// CodeEntryKind: a catalog entry gives the kind of another catalog (rows in an items catalog).
	CodeEntryKind Code = "entry-kind"
	// CodeMechanics: a catalog entry gives mechanics without rows.
	CodeMechanics Code = "mechanics"
)

// Finding codes of a package's files: the manifest's file listing and the
// folders beside the ruleset.
const (
	// CodeManifestBytes: the manifest gives a listed file a size that is not the file's.
	CodeManifestBytes Code = "manifest-bytes"
	// CodeManifestSHA256: the manifest gives a listed file a sha256 that is not the file's.
	CodeManifestSHA256 Code = "manifest-sha256"
	// CodeUnlistedFile: a file in the package is not listed by the manifest, so the Engine will not see it.
	CodeUnlistedFile Code = "unlisted-file"
	// CodeArtifactLocales: a catalog artifact has a locales/ folder, which the Engine refuses.
	CodeArtifactLocales Code = "artifact-locales"
)

// Finding codes of sample saves.
//
//rulebench:category saves
const (
	// CodeSheetSize: a sample save's stored sheet is larger than the Engine keeps.
	CodeSheetSize Code = "sheet-size"
)
