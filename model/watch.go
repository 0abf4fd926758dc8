package model

import (
	"path"
	"slices"
	"strings"
)

// The folders beside a ruleset that loading reads.
const (
	catalogsDir = "catalogs" // a package's catalog assets
	localesDir  = "locales"  // a package's locale files; refused beside an artifact
	savesDir    = "saves"    // sample saves, beside any ruleset
)

// besideDirs names the folders beside the ruleset that Load reads for the
// workspace's kind.
func (ws *Workspace) besideDirs() []string {
	switch ws.Kind {
	case Package:
		return []string{catalogsDir, localesDir, savesDir}
	case Artifact:
		return []string{localesDir, savesDir}
	}
	return []string{savesDir}
}

// WatchPaths returns the folders whose files make up the workspace, for a
// program that follows edits to it: the folder holding the ruleset first,
// then the folders beside it that Load reads (a package's catalogs,
// locales and saves; the saves beside an artifact or a single file, and
// an artifact's locales folder, which is refused when it is there). A
// folder may not exist yet; it is to be watched once it appears. Folders
// are given rather than files because editors save by replacing a file;
// Reads tells which of their entries count. Names are slash-separated, in
// the file system the workspace was loaded from.
func (ws *Workspace) WatchPaths() []string {
	root := path.Dir(ws.RulesetFile)
	out := []string{root}
	for _, d := range ws.besideDirs() {
		out = append(out, path.Join(root, d))
	}
	return out
}

// Reads tells whether a change to the file or folder of that name (slash
// separated, as in WatchPaths) is a change to the workspace: it is a file
// loading reads, or would read if it appeared (a package's manifest and
// ruleset, an artifact's language packs and catalog entry, a single
// ruleset file, the JSON files of the folders beside the ruleset), or one
// of those folders.
func (ws *Workspace) Reads(name string) bool {
	name = path.Clean(name)
	dirs := ws.WatchPaths()
	root, beside := dirs[0], dirs[1:]
	if slices.Contains(beside, name) {
		return true
	}
	dir, base := path.Dir(name), path.Base(name)
	if !strings.HasSuffix(base, ".json") {
		return false
	}
	if dir != root {
		return slices.Contains(beside, dir)
	}
	switch ws.Kind {
	case Package:
		return base == "manifest.json" || base == "ruleset.json"
	case Artifact:
		// <id>-<version>.ruleset.json and the files named after it.
		prefix := strings.TrimSuffix(path.Base(ws.RulesetFile), "ruleset.json")
		return strings.HasPrefix(base, prefix)
	}
	return name == path.Clean(ws.RulesetFile)
}
