package i18n

import (
	"fmt"
	"path"

	"rulebench/model"
)

// Check runs every translation check on a workspace: each locale file or
// language pack (its name, _meta, keys and values), languages given twice,
// stale keys, and the catalog entry found beside an artifact
// (<id>-<version>.entry.json) against the artifact and its packs. The
// findings carry paths and, where a node is at hand, positions; the caller
// locates the rest.
func Check(ws *model.Workspace) []model.Diagnostic {
	entry, ds := BesideEntry(ws)
	var artifact *model.File
	if ws != nil {
		artifact = ws.RulesetSource
	}
	return append(ds, Analyze(ws).Findings(ws, entry, artifact)...)
}

// BesideEntry reads the catalog entry that the loader found beside a
// catalog artifact, with the findings about its shape; nil when there is
// none.
func BesideEntry(ws *model.Workspace) (*CatalogEntry, []model.Diagnostic) {
	if ws == nil || ws.Kind != model.Artifact || ws.Entry == nil || ws.Entry.Root == nil {
		return nil, nil
	}
	return ReadEntry(ws.Entry.Name, ws.Entry.Root)
}

// Findings returns every translation finding: the report's own, the
// stale-key warnings with their hints, then, when entry is given, the checks of that catalog entry against the artifact and
// its packs (see VerifyEntry). artifact is the artifact file as read, to
// compare with the entry's listing of it (nil to skip that comparison). The
// entry's own shape findings come from ParseEntry or LoadEntry.
func (r *Report) Findings(ws *model.Workspace, entry *CatalogEntry, artifact *model.File) []model.Diagnostic {
	ds := append([]model.Diagnostic(nil), r.Diagnostics...)
	if ws != nil && ws.Ruleset != nil {
		// Without a readable ruleset every key would look stale and bury the
		// finding that matters: the ruleset's own.
		ds = append(ds, r.staleFindings()...)
		ds = append(ds, r.qualityFindings()...)
	}
	if entry != nil {
		ds = append(ds, r.VerifyEntry(ws, entry, artifact)...)
	}
	return model.InCategory(model.Translations, ds)
}

// VerifyEntry compares a catalog entry with the catalog artifact beside
// which it was found: the artifact's name (and its size and checksum when
// artifact is given), and each listed pack found beside the artifact in
// size, checksum and _meta.locale. A listed pack with no file is a warning
// (it could not be verified), as is a pack file the entry does not list
// (the Engine never fetches it).
func (r *Report) VerifyEntry(ws *model.Workspace, e *CatalogEntry, artifact *model.File) []model.Diagnostic {
	if ws == nil || e == nil || ws.Kind != model.Artifact {
		return nil
	}
	var ds []model.Diagnostic
	at := func(sev model.Severity, n *model.Node, code model.Code, format string, args ...any) {
		if n == nil {
			n = e.Root
		}
		ds = append(ds, model.At(sev, e.File, n, code, format, args...))
	}
	a := e.Artifact
	if want := path.Base(ws.RulesetFile); a.prefix != "" && a.prefix+".ruleset.json" != want {
		at(model.Error, urlNode(a.Node), CodeEntryArtifact, "the entry lists the artifact %s.ruleset.json, but the artifact here is %s", a.prefix, want)
	}
	if artifact != nil && a.Node != nil && a.Node.Kind == model.Object {
		if a.Bytes != 0 && a.Bytes != artifact.Bytes {
			at(model.Error, a.Node.Get("bytes"), CodeEntryBytes, "the entry says the artifact is %d bytes; %s is %d", a.Bytes, artifact.Name, artifact.Bytes)
		}
		if sum := artifact.SHA256(); a.SHA256 != "" && a.SHA256 != sum {
			at(model.Error, a.Node.Get("sha256"), CodeEntrySHA256, "the artifact's sha256 does not match %s (%s)", artifact.Name, sum)
		}
	}
	listed := map[string]bool{}
	for _, p := range e.Packs {
		if p.Lang == "" {
			// A pack refused for its key (en) is still listed: the file
			// beside the artifact is not unlisted.
			if lang, err := Canonical(p.Key); err == nil {
				listed[lang] = true
			}
			continue
		}
		listed[p.Lang] = true
		l := r.byLang[p.Lang]
		if l == nil {
			ds = append(ds, keyAt(model.Warning, e.File, p.Node, CodeEntryPackAbsent,
				"no %s pack beside the artifact, so its size, checksum and language were not checked", p.Lang))
			continue
		}
		ds = append(ds, r.packMismatches(e.File, p)...)
	}
	for _, l := range r.Locales {
		if l.Lang != "" && r.byLang[l.Lang] == l && !listed[l.Lang] {
			ds = append(ds, model.At(model.Warning, l.Name(), l.File.Root, CodeEntryPackUnlisted,
				"the catalog entry %s does not list this %s pack, so the Engine never fetches it", e.File, l.Lang))
		}
	}
	return model.InCategory(model.Translations, ds)
}

// urlNode returns the node of a listing's URL: the listing itself when it
// is a bare URL, else its url member.
func urlNode(n *model.Node) *model.Node {
	if n != nil && n.Kind == model.Object {
		if u := n.Get("url"); u != nil {
			return u
		}
	}
	return n
}

// packMismatches compares a listed pack with its file beside the artifact
// in size, checksum and _meta.locale; none when there is no such file.
func (r *Report) packMismatches(entryFile string, p PackListing) []model.Diagnostic {
	l := r.byLang[p.Lang]
	if p.Lang == "" || l == nil || p.Node == nil || p.Node.Kind != model.Object {
		return nil
	}
	var ds []model.Diagnostic
	if p.Bytes != 0 && p.Bytes != l.File.Bytes {
		ds = append(ds, model.At(model.Error, entryFile, p.Node.Get("bytes"), CodeEntryBytes,
			"the entry says the %s pack is %d bytes; %s is %d", p.Lang, p.Bytes, l.Name(), l.File.Bytes))
	}
	if sum := l.File.SHA256(); p.SHA256 != "" && p.SHA256 != sum {
		ds = append(ds, model.At(model.Error, entryFile, p.Node.Get("sha256"), CodeEntrySHA256,
			"the %s pack's sha256 does not match %s (%s)", p.Lang, l.Name(), sum))
	}
	if meta, err := Canonical(l.MetaLocale); err != nil || meta != p.Lang {
		shown := "missing"
		if l.MetaLocale != "" {
			shown = fmt.Sprintf("%q", l.MetaLocale)
		}
		ds = append(ds, keyAt(model.Error, entryFile, p.Node, CodeEntryPackLocale,
			"the entry lists %s under %s, but that file's _meta.locale is %s", l.Name(), p.Lang, shown))
	}
	return ds
}
