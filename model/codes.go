package model

// Finding codes of reading a file: one that cannot be read, is too large to
// read, or is not JSON text.
const (
	// CodeUnreadable: the file or folder could not be read at all (missing, no permission, not a regular file).
	CodeUnreadable Code = "unreadable"
	// CodeFileTooLarge: the file is over 16 MiB and is refused unread.
	CodeFileTooLarge Code = "file-too-large"
	// CodeJSONEmpty: the file is empty or holds only white space, so there is no JSON value in it.
	CodeJSONEmpty Code = "json-empty"
	// CodeJSONBinary: the file holds NUL bytes: it is binary, not JSON text.
	CodeJSONBinary Code = "json-binary"
	// CodeJSONBOM: the file starts with a byte-order mark, which JSON.parse refuses.
	CodeJSONBOM Code = "json-bom"
	// CodeJSONUTF8: the file holds bytes that are not valid UTF-8.
	CodeJSONUTF8 Code = "json-utf8"
	// CodeJSONSyntax: the text is not valid JSON (a missing comma, an unclosed string, a stray character).
	CodeJSONSyntax Code = "json-syntax"
	// CodeJSONDuplicateKey: an object gives the same key twice; the last one wins.
	CodeJSONDuplicateKey Code = "json-duplicate-key"
)

// Finding codes of the shape every document shares: its keys, lists and
// texts.
const (
	// CodeRequired: a key that must be given is missing.
	CodeRequired Code = "required"
	// CodeUnknownKey: an object holds a key its place does not allow (unknown, or allowed only in another form).
	CodeUnknownKey Code = "unknown-key"
	// CodeCount: a list or object holds fewer or more members than its place allows.
	CodeCount Code = "count"
	// CodeLength: a text is empty, shorter or longer than its place allows.
	CodeLength Code = "length"
	// CodeInteger: a number that must be whole has a fraction.
	CodeInteger Code = "integer"
	// CodeFinite: a number is too large to be a finite number.
	CodeFinite Code = "finite"
	// CodeDuplicateID: two items of one list share an id.
	CodeDuplicateID Code = "duplicate-id"
	// CodePromptSafe: a text shown to the model holds a line break, a control character, square brackets or double braces.
	CodePromptSafe Code = "prompt-safe"
	// CodeCatalogText: a catalog text holds a control character.
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
