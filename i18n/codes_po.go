package i18n

import "rulebench/model"

// Finding codes of the PO files that `rulebench i18n --from-po` reads.
const (
	// CodePOSyntax: a line of a PO file is not PO (an unknown keyword, a string not closed, a msgid with no msgstr).
	//
	// Why: `rulebench i18n --from-po` merges only what it can read for certain; a line that is not
	// PO (an unknown keyword, an unclosed string, a msgid with no msgstr) could hide or garble a
	// translation, so the entry is not merged.
	//
	// Fix: correct the line as PO writes it (`msgid "Torch"` then `msgstr "Fackel"`), or export the
	// file again from the translation tool.
	CodePOSyntax model.Code = "po-syntax"
	// CodePOEncoding: a PO file, or a string its escapes make, is not UTF-8.
	//
	// Why: locale files are UTF-8 JSON, so a PO file (or a string its escapes make) in another
	// encoding cannot be written into one without garbling its text.
	//
	// Fix: save the PO file as UTF-8 with `"Content-Type: text/plain; charset=UTF-8\n"` in its
	// header (`msgconv --to-code=UTF-8 in.po`).
	CodePOEncoding model.Code = "po-encoding"
	// CodePOUnknown: a PO entry's msgid is no display string of the ruleset, so its translation is not written.
	//
	// Why: a locale file's keys are the ruleset's display strings in English exactly as written; a
	// msgid that is none (the English changed since the PO was made) would be a stale key, so it is
	// not written.
	//
	// Fix: update the PO to the current strings (`rulebench i18n --po LANG PATH` writes a fresh
	// one; msgmerge carries old translations over), then translate the new msgid.
	CodePOUnknown model.Code = "po-unknown"
	// CodePOContext: a PO entry has a msgctxt other than the package's name and description, so it is not written.
	//
	// Why: rulebench's PO files use a msgctxt only for the package's `name` and `description`; a
	// translation under any other context has no place in the locale file, so it is not written.
	//
	// Fix: remove the msgctxt line of a ruleset string, or use the context `rulebench i18n --po`
	// wrote (`msgctxt "package.name"`).
	CodePOContext model.Code = "po-context"
	// CodePOPlural: a PO entry has plural forms, which display strings have not, so it is not written.
	//
	// Why: display strings have no plural forms: the Engine shows one text per string, so a
	// msgid_plural entry has no place in the locale file and is not written.
	//
	// Fix: give the entry one msgid and one msgstr: `msgid "Torch"` and `msgstr "Fackel"`, without
	// msgid_plural or msgstr[n].
	CodePOPlural model.Code = "po-plural"
	// CodePOFuzzy: a PO entry is marked fuzzy (to be reviewed), so its translation is not written.
	//
	// Why: gettext tools mark a translation fuzzy when it was guessed or its English changed and it
	// needs review; like msgfmt, rulebench does not ship unreviewed translations, so it is not
	// written.
	//
	// Fix: review the translation in the translation tool and clear its fuzzy mark (remove `#,
	// fuzzy`), then merge again.
	CodePOFuzzy model.Code = "po-fuzzy"
	// CodePODuplicate: a PO file gives the same msgid (and msgctxt) twice; the first is used.
	//
	// Why: one display string has one translation; a PO that gives the same msgid (and msgctxt)
	// twice is ambiguous, and only the first is used.
	//
	// Fix: keep one entry for the msgid and delete the other (`msguniq` finds them).
	CodePODuplicate model.Code = "po-duplicate"
)
