package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"slices"

	"rulebench/analysis"
	"rulebench/i18n"
	"rulebench/model"
	"rulebench/rules"
)

// fixedFile is one file `rulebench fix` would change: its bytes before and
// after, and the values changed.
type fixedFile struct {
	Name     string
	Old, New []byte
	Changes  []fixChange
}

// fixChange is one value fix writes: where (the JSON path of the value),
// the finding it mends (the code, reported at FindingPath), and the value
// before and after.
type fixChange struct {
	Path        string
	Code        model.Code
	FindingPath string
	Old, New    any
}

// fixer works out every mechanical fix of a workspace, in an order that
// converges: locale files first, then the listings (manifest, catalog
// entry) with the checksums of the files as fixed.
type fixer struct {
	ws *model.Workspace
	// need is the Capability API minor the files need.
	need  int
	files map[string]*fixedFile
	edits map[string][]model.Edit
	order []string
	// mends are the findings the fixes mend, by file, path and code.
	mends map[fixPlace]bool
}

// fixPlace is where a finding is reported, and its code.
type fixPlace struct {
	file, path string
	code       model.Code
}

// fixPlan is what `rulebench fix` would do: the files it changes, in the
// order they are to be written (listed files before their listings), and
// the findings that disappear once it has.
type fixPlan struct {
	Files []*fixedFile
	mends map[fixPlace]bool
}

// planFixes works out every fix of an analysed workspace. The error is for
// a file whose parsed values do not match its bytes.
func planFixes(a *analysis.Result) (*fixPlan, error) {
	ws := a.Workspace
	f := &fixer{ws: ws, need: a.Capability, files: map[string]*fixedFile{}, edits: map[string][]model.Edit{}, mends: map[fixPlace]bool{}}
	r := a.Translations
	if r == nil {
		return nil, errors.New("the translations could not be worked out")
	}
	for _, l := range r.Locales {
		f.metaLocale(l)
	}
	if err := f.flush(); err != nil {
		return nil, err
	}
	if ws.Kind == model.Package && ws.Manifest != nil {
		manifest := path.Join(ws.Path, "manifest.json")
		for _, mf := range ws.Manifest.Files {
			f.listing(manifest, mf.Node, path.Join(ws.Path, mf.Path), model.CodeManifestBytes, model.CodeManifestSHA256)
		}
		f.capability(manifest)
	}
	if entry := a.Entry; entry != nil {
		if a := entry.Artifact.Node; a != nil && a.Kind == model.Object {
			f.listing(entry.File, a, ws.RulesetFile, i18n.CodeEntryBytes, i18n.CodeEntrySHA256)
		}
		for _, p := range entry.Packs {
			if l := r.Locale(p.Lang); p.Lang != "" && l != nil && p.Node != nil && p.Node.Kind == model.Object {
				f.listing(entry.File, p.Node, l.Name(), i18n.CodeEntryBytes, i18n.CodeEntrySHA256)
			}
		}
	}
	if err := f.flush(); err != nil {
		return nil, err
	}
	plan := &fixPlan{mends: f.mends}
	for _, name := range f.order {
		plan.Files = append(plan.Files, f.files[name])
	}
	return plan, nil
}

// current is a file as fix would leave it so far: its fixed bytes, or the
// bytes read.
func (f *fixer) current(name string) []byte {
	if ff := f.files[name]; ff != nil {
		return ff.New
	}
	if file := f.ws.Files[name]; file != nil {
		return file.Data
	}
	return nil
}

// set records that the value n of file should become v.
func (f *fixer) set(file string, n *model.Node, v any, code model.Code, findingPath string) {
	ff := f.files[file]
	if ff == nil {
		data := f.current(file)
		ff = &fixedFile{Name: file, Old: data, New: data}
		f.files[file] = ff
		f.order = append(f.order, file)
	}
	e, err := model.ReplaceValue(f.current(file), n, v)
	if err != nil {
		// Recorded as an edit that Apply refuses, so flush reports it.
		e = model.Edit{Start: -1}
	}
	f.edits[file] = append(f.edits[file], e)
	f.mends[fixPlace{file, findingPath, code}] = true
	ff.Changes = append(ff.Changes, fixChange{Path: n.Path(), Code: code, FindingPath: findingPath, Old: n.Scalar(), New: v})
}

// flush applies the edits recorded so far to each file's bytes.
func (f *fixer) flush() error {
	for _, name := range f.order {
		edits := f.edits[name]
		if len(edits) == 0 {
			continue
		}
		ff := f.files[name]
		if slices.ContainsFunc(edits, func(e model.Edit) bool { return e.Start < 0 }) {
			return fmt.Errorf("%s: %w", visible(name), model.ErrStale)
		}
		out, err := model.Apply(ff.New, edits)
		if err != nil {
			return fmt.Errorf("%s: %v", visible(name), err)
		}
		ff.New = out
		delete(f.edits, name)
	}
	return nil
}

// metaLocale writes a locale's _meta.locale in its canonical spelling when
// it names the file's own language another way (pt-br for pt-BR).
func (f *fixer) metaLocale(l *i18n.Locale) {
	if l.Lang == "" || l.File.Root == nil || f.ws.Files[l.Name()] == nil {
		return
	}
	loc, ok := l.File.Root.Find("_meta.locale")
	if !ok || loc.Kind != model.String {
		return
	}
	if canon, err := i18n.Canonical(loc.Str()); err == nil && canon == l.Lang && loc.Str() != canon {
		f.set(l.Name(), loc, canon, i18n.CodeLocaleMeta, loc.Path())
	}
}

// listing makes the bytes and sha256 of a listing (a manifest's files[]
// item, a catalog entry's artifact or pack) those of the file it lists, as
// fixed. Only values already there, of the right type, are rewritten.
func (f *fixer) listing(file string, listing *model.Node, listed string, bytesCode, shaCode model.Code) {
	data := f.current(listed)
	if listed == file || listing == nil || listing.Kind != model.Object || data == nil {
		return
	}
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	// A manifest's finding is at the listing; a catalog entry's at the value.
	at := func(n *model.Node) string {
		if bytesCode == model.CodeManifestBytes || n == nil {
			return listing.Path()
		}
		return n.Path()
	}
	if f.files[listed] != nil {
		// The listed file changes: a mismatch found now is gone after.
		f.mends[fixPlace{file, at(listing.Get("bytes")), bytesCode}] = true
		f.mends[fixPlace{file, at(listing.Get("sha256")), shaCode}] = true
	}
	if n := listing.Get("bytes"); n != nil && n.Kind == model.Number && n.Num() != float64(len(data)) {
		f.set(file, n, len(data), bytesCode, at(n))
	}
	// A manifest's empty sha256 asks for no check, and stays empty.
	if n := listing.Get("sha256"); n != nil && n.Kind == model.String && n.Str() != sha && (n.Str() != "" || bytesCode != model.CodeManifestBytes) {
		f.set(file, n, sha, shaCode, at(n))
	}
}

// capability raises the manifest's capabilityApi.minor to what the package
// needs.
func (f *fixer) capability(manifest string) {
	m := f.ws.Manifest
	if !m.HasCapability || f.ws.Files[manifest] == nil {
		return
	}
	n, ok := m.Node.Find("capabilityApi.minor")
	if !ok || n.Kind != model.Number {
		return
	}
	if need := f.need; n.Num() < float64(need) {
		f.set(manifest, n, need, rules.CodeCapabilityTooLow, n.Path())
	}
}

// markFixable sets Fixable on each finding the plan mends.
func (p *fixPlan) markFixable(ds []model.Diagnostic) {
	for i, d := range ds {
		if p.mends[fixPlace{d.File, d.Path, d.Code}] {
			ds[i].Fixable = true
		}
	}
}
