package analysis

import (
	"rulebench/i18n"
	"rulebench/model"
	"rulebench/rules"
)

// The fixes of catalog entries as today's catalog publishes them
// (decisions §1): an entry's artifact gets the size and checksum of the
// package archive beside it, and an embedded manifest is raised to the
// Capability API minor its artifact needs.

// archiveEntryFix makes an entry of a catalog entry file give the size or
// checksum of the package archive beside it, where the finding is reported
// at that value.
func (r *Result) archiveEntryFix(d model.Diagnostic) *model.Fix {
	ws := r.Workspace
	if ws.Kind != model.EntryFile {
		return nil
	}
	for _, e := range r.Entries {
		arc := ws.Archives[e.ArchiveName()]
		f := ws.Files[e.File]
		n := e.Artifact.Node
		if arc == nil || arc.File == nil || f == nil || n == nil || n.Kind != model.Object {
			continue
		}
		if b := n.Get("bytes"); d.Code == i18n.CodeEntryBytes && at(d, e.File, b) {
			return sizeFix(f, b, arc.File, "the artifact's ", e.ArchiveName())
		}
		if s := n.Get("sha256"); d.Code == i18n.CodeEntrySHA256 && at(d, e.File, s) {
			return checksumFix(f, s, arc.File, "the artifact's ", e.ArchiveName())
		}
	}
	return nil
}

// embeddedCapabilityFix raises an entry's embedded manifest's
// capabilityApi.minor to what its artifact needs (and to the minor of
// language packs when the entry lists some).
func (r *Result) embeddedCapabilityFix(d model.Diagnostic) *model.Fix {
	ws := r.Workspace
	var entries []*i18n.CatalogEntry
	need := r.Capability
	switch {
	case ws.Kind == model.EntryFile:
		entries = r.Entries
	case ws.Kind == model.Artifact && r.Entry != nil:
		entries = []*i18n.CatalogEntry{r.Entry}
	}
	for _, e := range entries {
		m, f := e.Manifest, ws.Files[e.File]
		if m == nil || !m.HasCapability || m.CapabilityMajor != 1 || f == nil {
			continue
		}
		n, ok := m.Node.Find("capabilityApi.minor")
		if !ok || n.Kind != model.Number || !at(d, e.File, n) {
			continue
		}
		want := need
		if ws.Kind == model.EntryFile {
			want = rules.BaseCapability
			if arc := ws.Archives[e.ArchiveName()]; arc != nil && arc.Package != nil {
				if needs := rules.CapabilityNeeds(arc.Package); len(needs) > 0 {
					want = needs[0].Minor
				}
			}
		}
		if len(e.Packs) > 0 {
			want = max(want, i18n.EntryTranslationsMinor)
		}
		if n.Num() >= float64(want) {
			return nil
		}
		return valueFix(f, n, want, "raise the embedded manifest's capabilityApi.minor to %d", want)
	}
	return nil
}
