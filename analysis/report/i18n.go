package report

import (
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
)

// I18n is the JSON document of `rulebench i18n --json` (decisions §5).
type I18n struct {
	SchemaVersion int                `json:"schemaVersion"`
	Strings       int                `json:"strings"`
	Words         int                `json:"words"`
	Languages     []I18nLanguage     `json:"languages"`
	Import        *I18nImport        `json:"import,omitempty"`
	Diagnostics   []model.Diagnostic `json:"diagnostics"`
}

// I18nLanguage is one language's coverage. Detail lists every display
// string, and is given only for the language chosen with --lang.
type I18nLanguage struct {
	Lang            string       `json:"lang"`
	File            *string      `json:"file"`
	Base            string       `json:"base,omitempty"`
	BaseFile        *string      `json:"baseFile,omitempty"`
	Translated      int          `json:"translated"`
	Empty           int          `json:"empty"`
	Missing         int          `json:"missing"`
	ViaBase         int          `json:"viaBase"`
	Stale           int          `json:"stale"`
	Percent         float64      `json:"percent"`
	WordsTranslated int          `json:"wordsTranslated"`
	WordsEmpty      int          `json:"wordsEmpty"`
	WordsMissing    int          `json:"wordsMissing"`
	WordsViaBase    int          `json:"wordsViaBase"`
	WordsPercent    float64      `json:"wordsPercent"`
	Detail          []I18nString `json:"detail,omitempty"`
	StaleKeys       []I18nStale  `json:"staleKeys,omitempty"`
}

// I18nString is one display string in one language.
type I18nString struct {
	English string     `json:"english"`
	State   i18n.State `json:"state"`
	Shown   string     `json:"shown"`
	From    string     `json:"from"`
	Words   int        `json:"words"`
	Uses    []I18nUse  `json:"uses"`
}

// I18nUse is one place a display string is used: a file and a JSON path.
type I18nUse struct {
	File string `json:"file"`
	Path string `json:"path"`
}

// I18nStale is a stale key of a language, with the nearest current string
// and, when the key is spelt like an id the migrations rename, that rename
// (migrate.RenameOfKey).
type I18nStale struct {
	Key     string      `json:"key"`
	Nearest string      `json:"nearest"`
	Renamed *I18nRename `json:"renamed,omitempty"`
}

// I18nRename is an id the migrations rename: its kind (ability, skill,
// save or field), the old id, the id its chain of renames ends as and
// that id's label, which the stale key most likely translated.
type I18nRename struct {
	What  string `json:"what"`
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label"`
}

// I18nImport is what the Engine keeps on import (--engine-lang).
type I18nImport struct {
	EngineLang string   `json:"engineLang"`
	Kept       []string `json:"kept"`
	Discarded  []string `json:"discarded"`
	Refused    []string `json:"refused,omitempty"`
	// Unlisted are the languages whose files the manifest does not list.
	Unlisted []string `json:"unlisted,omitempty"`
}

// NewI18n builds the i18n document: the report's counts, each of langs
// (with every display string and stale key when detail is set, a stale key
// with the rename among renames it is spelt like), the import choice when
// one is given, and the findings.
func NewI18n(r *i18n.Report, langs []*i18n.Language, detail bool, renames []migrate.Rename, imp *i18n.Import, ds []model.Diagnostic) *I18n {
	doc := &I18n{SchemaVersion: 1, Strings: len(r.Strings()), Words: r.Words(), Languages: []I18nLanguage{}, Diagnostics: ds}
	if doc.Diagnostics == nil {
		doc.Diagnostics = []model.Diagnostic{}
	}
	for _, l := range langs {
		c := l.Coverage
		ld := I18nLanguage{Lang: l.Lang, Base: l.Base,
			Translated: c.Translated, Empty: c.Empty, Missing: c.Missing, ViaBase: c.ViaBase, Stale: len(l.Stale), Percent: c.Percent(),
			WordsTranslated: c.WordsTranslated, WordsEmpty: c.WordsEmpty, WordsMissing: c.WordsMissing, WordsViaBase: c.WordsViaBase, WordsPercent: c.WordsPercent()}
		if l.Own != nil {
			name := l.Own.Name()
			ld.File = &name
		}
		if l.BaseLocale != nil {
			name := l.BaseLocale.Name()
			ld.BaseFile = &name
		}
		if detail {
			ld.Detail = []I18nString{}
			for i, s := range r.Strings() {
				shown := l.Show(s.Text)
				sd := I18nString{English: s.Text, State: l.States[i], Shown: shown.Text, From: shown.Lang, Words: s.Words}
				for _, u := range s.Uses {
					sd.Uses = append(sd.Uses, I18nUse{File: u.File, Path: u.Path()})
				}
				ld.Detail = append(ld.Detail, sd)
			}
			for _, k := range l.Stale {
				sk := I18nStale{Key: k.English, Nearest: r.Nearest(k.English)}
				if rn, ok := migrate.RenameOfKey(renames, k.English); ok {
					sk.Renamed = &I18nRename{What: rn.What, From: rn.From, To: rn.To, Label: rn.Label}
				}
				ld.StaleKeys = append(ld.StaleKeys, sk)
			}
		}
		doc.Languages = append(doc.Languages, ld)
	}
	if imp != nil {
		doc.Import = &I18nImport{EngineLang: imp.EngineLang, Kept: imp.Kept, Discarded: imp.Discarded, Refused: imp.Refused, Unlisted: imp.Unlisted}
	}
	return doc
}
