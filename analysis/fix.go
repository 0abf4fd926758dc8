package analysis

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/rules"
)

// attachFixes gives each finding that has a mechanical fix the fix that
// mends it (model.Diagnostic.Fix). A fix is only ever made for a finding:
// the planner starts from the finding and works out what mends it, so
// `rulebench fix`, which makes exactly the fixes the findings carry,
// changes nothing that no finding mentions.
//
// Each fix stands alone against the bytes read for this analysis: a
// listing's checksum and size are those of the listed file as it is now.
// When one fix changes a file that another file lists, the listing's
// finding appears at the next analysis, with its own fix (rulebench fix
// analyses again until nothing is left to fix).
//
// The findings with a fix:
//   - a manifest's files[] bytes or sha256 that differ from the file
//     (model.CodeManifestBytes, model.CodeManifestSHA256);
//   - a catalog entry's artifact or locales.<lang> bytes or sha256 that
//     differ from the file beside it, or are not written as they must be
//     (i18n.CodeEntryBytes, i18n.CodeEntrySHA256);
//   - a manifest's capabilityApi.minor below what the package needs
//     (rules.CodeCapabilityTooLow);
//   - a locale's _meta.locale that names its own language in a form the
//     Engine's localization catalogs refuse, such as PT-br
//     (i18n.CodeLocaleMeta, the warning; see i18n.MetaLocaleSpelling).
func (r *Result) attachFixes() {
	r.guard("fixes", func() {
		for i := range r.Findings {
			r.Findings[i].Fix = r.fixOf(r.Findings[i])
		}
	})
}

// fixOf works out the fix of one finding; nil when it has none.
func (r *Result) fixOf(d model.Diagnostic) *model.Fix {
	switch d.Code {
	case i18n.CodeLocaleMeta:
		return r.metaLocaleFix(d)
	case model.CodeManifestBytes, model.CodeManifestSHA256:
		return r.manifestFix(d)
	case i18n.CodeEntryBytes, i18n.CodeEntrySHA256:
		if fix := r.archiveEntryFix(d); fix != nil {
			return fix
		}
		return r.entryFix(d)
	case i18n.CodeEntryCapability:
		return r.embeddedCapabilityFix(d)
	case rules.CodeCapabilityTooLow:
		return r.capabilityFix(d)
	}
	return nil
}

// at tells whether a finding is reported at the value n of file.
func at(d model.Diagnostic, file string, n *model.Node) bool {
	return n != nil && d.File == file && d.Path == model.ShortPath(n.Path())
}

// valueFix is the fix that writes v in place of the value n of f; nil when
// n was not parsed from f's bytes.
func valueFix(f *model.File, n *model.Node, v any, format string, args ...any) *model.Fix {
	fix, err := model.NewFix(fmt.Sprintf(format, args...), f.Name, f.Data, n, v)
	if err != nil {
		return nil
	}
	return fix
}

// metaLocaleFix writes a locale's _meta.locale in its canonical spelling
// when the finding is that the Engine's catalogs refuse the spelling of the
// file's own language. Another language, or no tag at all, has no
// mechanical fix.
func (r *Result) metaLocaleFix(d model.Diagnostic) *model.Fix {
	if r.Translations == nil {
		return nil
	}
	for _, l := range r.Translations.Locales {
		f := l.File
		if f == nil || f.Root == nil || l.Lang == "" || r.Workspace.Files[f.Name] != f {
			continue
		}
		loc, ok := f.Root.Find("_meta.locale")
		if !ok || loc.Kind != model.String || !at(d, f.Name, loc) {
			continue
		}
		if spelling, ok := i18n.MetaLocaleSpelling(loc.Str()); ok && spelling == l.Lang {
			return valueFix(f, loc, spelling, "write _meta.locale as %q", spelling)
		}
	}
	return nil
}

// manifestFix makes a manifest's listing of a file (its files[] item, where
// the finding is reported) give that file's size or checksum as it is now.
func (r *Result) manifestFix(d model.Diagnostic) *model.Fix {
	ws := r.Workspace
	m := ws.Manifest
	if ws.Kind != model.Package || m == nil {
		return nil
	}
	manifest := ws.Files[path.Join(ws.Path, "manifest.json")]
	if manifest == nil || manifest.Root != m.Node {
		return nil
	}
	for _, mf := range m.Files {
		if !at(d, manifest.Name, mf.Node) || mf.Node.Kind != model.Object {
			continue
		}
		listed := ws.Files[path.Join(ws.Path, mf.Path)]
		if listed == nil {
			return nil
		}
		if d.Code == model.CodeManifestBytes {
			return sizeFix(manifest, mf.Node.Get("bytes"), listed, "", mf.Path)
		}
		return checksumFix(manifest, mf.Node.Get("sha256"), listed, "", mf.Path)
	}
	return nil
}

// entryFix makes a catalog entry's listing of the artifact or of a pack
// (its bytes or sha256 value, where the finding is reported) give the size
// or checksum of that file beside it as it is now. Only the entry found
// beside the artifact is fixed: one given with --entry is not among the
// files read.
func (r *Result) entryFix(d model.Diagnostic) *model.Fix {
	ws, e := r.Workspace, r.Entry
	if e == nil || ws.Entry == nil || e.Root == nil || e.Root != ws.Entry.Root || ws.Files[ws.Entry.Name] != ws.Entry {
		return nil
	}
	type listing struct {
		node   *model.Node
		file   *model.File
		whose  string
		listed string
	}
	var ls []listing
	if a := e.Artifact.Node; a != nil && a.Kind == model.Object && ws.RulesetSource != nil {
		ls = append(ls, listing{a, ws.RulesetSource, "the artifact's ", path.Base(ws.RulesetSource.Name)})
	}
	for _, p := range e.Packs {
		if p.Lang == "" || p.Node == nil || p.Node.Kind != model.Object || r.Translations == nil {
			continue
		}
		if l := r.Translations.Locale(p.Lang); l != nil && l.File != nil && ws.Files[l.Name()] == l.File {
			ls = append(ls, listing{p.Node, l.File, "the " + p.Lang + " pack's ", path.Base(l.Name())})
		}
	}
	for _, l := range ls {
		if n := l.node.Get("bytes"); d.Code == i18n.CodeEntryBytes && at(d, ws.Entry.Name, n) {
			return sizeFix(ws.Entry, n, l.file, l.whose, l.listed)
		}
		if n := l.node.Get("sha256"); d.Code == i18n.CodeEntrySHA256 && at(d, ws.Entry.Name, n) {
			return checksumFix(ws.Entry, n, l.file, l.whose, l.listed)
		}
	}
	return nil
}

// sizeFix writes the size of listed into the bytes value n of the listing
// file f; nil when n is not a number or already says it, or when f lists
// itself (writing its size would change it).
func sizeFix(f *model.File, n *model.Node, listed *model.File, whose, name string) *model.Fix {
	size := len(listed.Data)
	if n == nil || n.Kind != model.Number || n.Num() == float64(size) || listed == f {
		return nil
	}
	return valueFix(f, n, size, "set %sbytes to %d, the size of %s", whose, size, name)
}

// checksumFix writes the SHA-256 of listed into the sha256 value n of the
// listing file f; nil when n is not text or already says it, or when f
// lists itself.
func checksumFix(f *model.File, n *model.Node, listed *model.File, whose, name string) *model.Fix {
	sum := sha256.Sum256(listed.Data)
	sha := hex.EncodeToString(sum[:])
	if n == nil || n.Kind != model.String || n.Str() == sha || listed == f {
		return nil
	}
	return valueFix(f, n, sha, "set %ssha256 to the checksum of %s", whose, name)
}

// capabilityFix raises the manifest's capabilityApi.minor to what the
// package needs.
func (r *Result) capabilityFix(d model.Diagnostic) *model.Fix {
	ws := r.Workspace
	m := ws.Manifest
	if ws.Kind != model.Package || m == nil || !m.HasCapability {
		return nil
	}
	manifest := ws.Files[path.Join(ws.Path, "manifest.json")]
	if manifest == nil || manifest.Root != m.Node {
		return nil
	}
	n, ok := m.Node.Find("capabilityApi.minor")
	if !ok || n.Kind != model.Number || !at(d, manifest.Name, n) || n.Num() >= float64(r.Capability) {
		return nil
	}
	return valueFix(manifest, n, r.Capability, "raise capabilityApi.minor to %d, what the package needs", r.Capability)
}
