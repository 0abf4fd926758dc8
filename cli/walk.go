package cli

import (
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rulebench/model"
)

// maxWalkDepth bounds how deep a walked folder is followed; deeper folders
// are not looked into.
const maxWalkDepth = 32

// checkTargets expands the PATHs given to check into what is checked: a
// file, a package folder or a catalog artifact folder is itself; any other
// folder is walked for the package folders, catalog artifacts and ruleset
// files below it. The files of a package or of an artifact (its language
// packs and entry) belong to it and are not checked again on their own.
// Hidden folders, .git and node_modules are skipped, and links are not
// followed. A folder with nothing to check is itself a target, so that
// reading it reports why.
func checkTargets(paths []string) []string {
	var targets []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil || !info.IsDir() || isCheckUnit(p) {
			targets = append(targets, p)
			continue
		}
		before := len(targets)
		targets = walkTargets(p, 0, targets)
		if len(targets) == before {
			targets = append(targets, p)
		}
	}
	return targets
}

// isCheckUnit tells whether a folder is checked whole: a package (it has a
// manifest.json) or a folder holding exactly one catalog artifact.
func isCheckUnit(dir string) bool {
	if isRegular(filepath.Join(dir, "manifest.json")) {
		return true
	}
	artifacts, _ := filepath.Glob(filepath.Join(globQuote(dir), "*.ruleset.json"))
	return len(artifacts) == 1
}

// walkTargets appends the targets found below dir.
func walkTargets(dir string, depth int, targets []string) []string {
	if depth > maxWalkDepth {
		return targets
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return append(targets, dir) // reading it says why it cannot be read
	}
	if depth > 0 && isRegular(filepath.Join(dir, "manifest.json")) {
		return append(targets, dir)
	}
	var stems []string
	for _, e := range entries {
		if stem, ok := strings.CutSuffix(e.Name(), ".ruleset.json"); ok && e.Type().IsRegular() {
			stems = append(stems, stem+".")
			targets = append(targets, filepath.Join(dir, e.Name()))
		}
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case !e.Type().IsRegular() || !strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".ruleset.json"):
		case hasAnyPrefix(name, stems):
		case looksLikeRuleset(filepath.Join(dir, name)):
			targets = append(targets, filepath.Join(dir, name))
		}
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() && e.Type()&fs.ModeSymlink == 0 && !strings.HasPrefix(name, ".") && name != "node_modules" {
			targets = walkTargets(filepath.Join(dir, name), depth+1, targets)
		}
	}
	return targets
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// isRegular tells whether p is a regular file, not following a link.
func isRegular(p string) bool {
	info, err := os.Lstat(p)
	return err == nil && info.Mode().IsRegular()
}

// looksLikeRuleset tells whether a JSON file's top-level object has the
// keys every ruleset has, resolution and sheet. It reads only as far as it
// needs to, so a file broken after both keys still counts.
func looksLikeRuleset(p string) bool {
	if !isRegular(p) {
		return false
	}
	f, err := model.OpenRegular(p)
	if err != nil {
		return false
	}
	defer f.Close()
	dec := json.NewDecoder(io.LimitReader(f, model.MaxRulesetBytes))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	var resolution, sheet bool
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return false
		}
		switch key {
		case "resolution":
			resolution = true
		case "sheet":
			sheet = true
		}
		if resolution && sheet {
			return true
		}
		if err := skipValue(dec); err != nil {
			return false
		}
	}
	return false
}

// skipValue reads past one JSON value without keeping it.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// globQuote escapes the pattern characters of a literal path for Glob.
func globQuote(p string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`).Replace(p)
}
