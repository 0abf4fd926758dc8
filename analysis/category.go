package analysis

import (
	"path"
	"strconv"
	"strings"

	"rulebench/model"
)

// loadCategory gives a finding made while loading the workspace the
// category of the part of the workspace its file belongs to: a locale file,
// language pack or catalog entry (and the manifest's listing of one) is
// Translations, a sample save Saves, the manifest Packaging. A finding
// that already carries a category other than Reading keeps it; the rest
// (the ruleset and its catalog assets) stay Reading.
//
// This is the one place that looks at file names to categorise; it
// bridges the findings the loader makes without a category, and gives way
// to the loader's own once it sets them where it makes them.
func loadCategory(ws *model.Workspace, d model.Diagnostic) model.Category {
	if d.Category != model.Reading {
		return d.Category
	}
	dir := path.Dir(ws.RulesetFile)
	switch {
	case ws.Entry != nil && d.File == ws.Entry.Name:
		return model.Translations
	case isLocale(ws, d.File), d.File == path.Join(dir, "locales") || path.Dir(d.File) == path.Join(dir, "locales"):
		return model.Translations
	case path.Dir(d.File) == path.Join(dir, "saves"):
		return model.Saves
	case ws.Kind == model.Package && d.File == path.Join(ws.Path, "manifest.json"):
		if listsLocale(ws.Manifest, d.Path) {
			return model.Translations
		}
		return model.Packaging
	}
	return model.Reading
}

func isLocale(ws *model.Workspace, file string) bool {
	for _, f := range ws.Locales {
		if f.Name == file {
			return true
		}
	}
	return false
}

// listsLocale tells whether a manifest path (files.3) is the listing of a
// locale file.
func listsLocale(m *model.Manifest, p string) bool {
	rest, ok := strings.CutPrefix(p, "files.")
	if !ok || m == nil {
		return false
	}
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	if err != nil {
		return false
	}
	for _, f := range m.Files {
		if f.Node != nil && f.Node.Path() == "files."+strconv.Itoa(n) {
			return strings.HasPrefix(f.Path, "locales/")
		}
	}
	return false
}
