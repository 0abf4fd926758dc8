package i18n

import "rulebench/model"

// Finding codes of the PO files that `rulebench i18n --from-po` reads.
const (
	// CodePOSyntax: a line of a PO file is not PO (an unknown keyword, a string not closed, a msgid with no msgstr).
	CodePOSyntax model.Code = "po-syntax"
	// CodePOEncoding: a PO file, or a string its escapes make, is not UTF-8.
	CodePOEncoding model.Code = "po-encoding"
	// CodePOUnknown: a PO entry's msgid is no display string of the ruleset, so its translation is not written.
	CodePOUnknown model.Code = "po-unknown"
	// CodePOContext: a PO entry has a msgctxt other than the package's name and description, so it is not written.
	CodePOContext model.Code = "po-context"
	// CodePOPlural: a PO entry has plural forms, which display strings have not, so it is not written.
	CodePOPlural model.Code = "po-plural"
	// CodePOFuzzy: a PO entry is marked fuzzy (to be reviewed), so its translation is not written.
	CodePOFuzzy model.Code = "po-fuzzy"
	// CodePODuplicate: a PO file gives the same msgid (and msgctxt) twice; the first is used.
	CodePODuplicate model.Code = "po-duplicate"
)
