package analysis

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"rulebench/migrate"
	"rulebench/model"
)

// Finding codes of the release rules (check --base): what a new version
// must do that the one published before it did not.
//
//rulebench:category packaging
const (
	// CodeReleaseVersionUnchanged: the ruleset's bytes changed since the version compared with, but version was not raised.
	//
	// Why: the Engine stores a ruleset by its id and `version` with the checksum of its bytes
	// (ruleset-format.md §8); importing different bytes under a version it already stored is
	// refused, so a changed file (the ruleset, or a catalog file of its package) needs a higher
	// `version`. Translations are not part of the version and do not count.
	//
	// Fix: raise `version` by one with every published change: `"version": 7` after `"version": 6`.
	CodeReleaseVersionUnchanged model.Code = "release-version-unchanged"
)

// Release holds a workspace to the release rules against old, the same
// ruleset as published before (check --base): the ruleset's bytes (and its
// package's catalog files) changed while version was not raised
// (release-version-unchanged); and what comparing the two sheets finds, as
// migrate --since finds it (migrate.SinceSaves, rehearsed on old's sample
// saves, or cur's when old has none): stored ids gone or moved while
// sheet.version did not go up, ids lost, published migration entries
// deleted or changed. It returns a *migrate.SinceError when old is not an
// earlier version of the same ruleset (another id; or a newer sheet.version
// while version went up), and nothing when either has no ruleset to read.
func Release(old, cur *model.Workspace) ([]model.Diagnostic, error) {
	if old == nil || cur == nil || old.Ruleset == nil || cur.Ruleset == nil {
		return nil, nil
	}
	var ds []model.Diagnostic
	if changed := changedFiles(old, cur); len(changed) > 0 && cur.Ruleset.Version <= old.Ruleset.Version && old.Ruleset.ID == cur.Ruleset.ID {
		r := model.NewReporter(cur.RulesetFile, cur.Ruleset.Root, model.Packaging)
		how := fmt.Sprintf("version is still %d", cur.Ruleset.Version)
		if cur.Ruleset.Version < old.Ruleset.Version {
			how = fmt.Sprintf("version went down from %d to %d", old.Ruleset.Version, cur.Ruleset.Version)
		}
		r.AtPath(model.Error, "version", CodeReleaseVersionUnchanged,
			"%s changed since %s, but %s: the Engine refuses different bytes under a version it already stored; raise version to %d",
			quoteNames(changed), old.Path, how, old.Ruleset.Version+1)
		ds = append(ds, r.Diagnostics()...)
	}
	err := migrate.Comparable(old.Ruleset, cur.Ruleset)
	var se *migrate.SinceError
	switch {
	case errors.As(err, &se) && len(ds) > 0 && old.Ruleset.ID == cur.Ruleset.ID:
		return ds, nil // the version went down: said above
	case err != nil:
		return nil, err
	}
	saves := old.Saves
	if len(saves) == 0 {
		saves = cur.Saves
	}
	rep, err := migrate.SinceSaves(old.Ruleset, cur.Ruleset, saves)
	if err != nil {
		return nil, err
	}
	return append(ds, rep.Diagnostics...), nil
}

// changedFiles names the files that make up a ruleset's version (the
// ruleset file, and in a package its catalogs/ files) whose bytes differ
// between the two, or that only one has, each by its name inside the
// package ("ruleset.json", "catalogs/herbs.json").
func changedFiles(old, cur *model.Workspace) []string {
	a, b := versioned(old), versioned(cur)
	var out []string
	for name, data := range b {
		if o, ok := a[name]; !ok || string(o) != string(data) {
			out = append(out, name)
		}
	}
	for name := range a {
		if _, ok := b[name]; !ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	for i, name := range out {
		if name == "" {
			out[i] = baseName(cur.RulesetFile)
		}
	}
	return out
}

// versioned is a workspace's files that make up its version, by name
// inside the package: the ruleset file under "" (whatever its name), and in
// a package its catalogs/ files.
func versioned(ws *model.Workspace) map[string][]byte {
	out := map[string][]byte{}
	if ws.RulesetSource != nil {
		out[""] = ws.RulesetSource.Data
	}
	if ws.Kind != model.Package {
		return out
	}
	for _, name := range slices.Sorted(maps.Keys(ws.Files)) {
		rel, ok := strings.CutPrefix(name, strings.TrimSuffix(ws.Path, "/")+"/")
		if ok && strings.HasPrefix(rel, "catalogs/") {
			out[rel] = ws.Files[name].Data
		}
	}
	return out
}

func baseName(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// quoteNames writes names as "a", "a and b" or "a, b and c".
func quoteNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
