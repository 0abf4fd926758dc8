package i18n

import "rulebench/model"

// Finding codes of locale files and catalog entries that `rulebench fix`
// mends, among others.
const (
	// CodeEntryBytes: a catalog entry's bytes is not a valid size, or not the size of the file it lists.
	CodeEntryBytes model.Code = "entry-bytes"
	// CodeEntrySHA256: a catalog entry's sha256 is not 64 lowercase hex digits, or not the checksum of the file it lists.
	CodeEntrySHA256 model.Code = "entry-sha256"
	// CodeLocaleMeta: a locale's _meta.locale is no language tag, names another language than the file, or is not spelled canonically.
	CodeLocaleMeta model.Code = "locale-meta"
)
