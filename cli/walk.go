package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rulebench/analysis"
	"rulebench/model"
)

// maxWalkDepth bounds how deep a walked folder is followed; a folder
// deeper than that is not looked into, and check says so.
const maxWalkDepth = 32

// walked is what walking the PATHs given to check found.
type walked struct {
	// targets are what is checked, in order.
	targets []string
	// skipped are the *.json files looked at and left out as not rulesets.
	skipped []string
	// tooDeep are the folders not looked into, past maxWalkDepth.
	tooDeep []string
}

// checkTargets expands the PATHs given to check into what is checked: a
// file, a package folder or a catalog artifact folder is itself; any other
// folder is walked for the package folders, catalog artifacts and ruleset
// files below it (see rulesetCandidate), broken ones included. The files of
// a package or of an artifact (its language packs and entry) belong to it
// and are not checked again on their own. Hidden folders, .git and
// node_modules are skipped, and links are not followed. A folder with
// nothing to check is itself a target, so that reading it reports why.
func checkTargets(paths []string) walked {
	var w walked
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil || !info.IsDir() || isCheckUnit(p) {
			w.targets = append(w.targets, p)
			continue
		}
		before := len(w.targets)
		w.walk(p, 0)
		if len(w.targets) == before {
			w.targets = append(w.targets, p)
		}
	}
	return w
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

// walk adds the targets found below dir.
func (w *walked) walk(dir string, depth int) {
	if depth > maxWalkDepth {
		w.tooDeep = append(w.tooDeep, dir)
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.targets = append(w.targets, dir) // reading it says why it cannot be read
		return
	}
	if depth > 0 && isRegular(filepath.Join(dir, "manifest.json")) {
		w.targets = append(w.targets, dir)
		return
	}
	var stems []string
	for _, e := range entries {
		if stem, ok := strings.CutSuffix(e.Name(), ".ruleset.json"); ok && e.Type().IsRegular() {
			stems = append(stems, stem+".")
			w.targets = append(w.targets, filepath.Join(dir, e.Name()))
		}
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case !e.Type().IsRegular() || !strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".ruleset.json"):
		case hasAnyPrefix(name, stems):
		case slices.Contains(analysis.ConfigNames, name): // the configuration, not a ruleset
		case rulesetCandidate(filepath.Join(dir, name)):
			w.targets = append(w.targets, filepath.Join(dir, name))
		default:
			w.skipped = append(w.skipped, filepath.Join(dir, name))
		}
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() && e.Type()&fs.ModeSymlink == 0 && !strings.HasPrefix(name, ".") && name != "node_modules" {
			w.walk(filepath.Join(dir, name), depth+1)
		}
	}
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

// rulesetCandidate tells whether a *.json file found in a walk is checked:
// a ruleset (a top-level object with the keys every ruleset has,
// resolution and sheet), a catalog entry or catalog index, or a file that cannot be read as JSON but looks
// like one — named ruleset.json, or holding both key names — which the
// check then reports as broken rather than passing it by.
func rulesetCandidate(p string) bool {
	if filepath.Base(p) == "ruleset.json" {
		return true
	}
	f, err := model.OpenRegular(p)
	if err != nil {
		return true // reading it says why it cannot be read
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, model.MaxRulesetBytes+1))
	if err != nil {
		return true
	}
	if json.Valid(data) {
		return hasRulesetKeys(data) || holdsEntries(p, data)
	}
	mentions := func(key string) bool {
		return bytes.Contains(data, []byte(`"`+key+`"`)) || bytes.Contains(data, []byte(`'`+key+`'`))
	}
	return mentions("resolution") && mentions("sheet")
}

// hasRulesetKeys tells whether valid JSON is an object with the keys
// resolution and sheet at its top level.
func hasRulesetKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
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

// holdsEntries tells whether valid JSON is a catalog entry or a catalog
// index with entries, which check reads as an entry file.
func holdsEntries(name string, data []byte) bool {
	root, _ := model.Parse(name, data)
	return root != nil && len(model.EntryNodes(root)) > 0
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

// errNoRuleset is the error of a folder given to check or fix that holds
// nothing to check: not a package, not a catalog artifact, and with no
// package, artifact or ruleset file below it.
func errNoRuleset(dir string) error {
	return fmt.Errorf("no ruleset found in %s: it holds no package (a folder with manifest.json), catalog artifact (*.ruleset.json) or ruleset file", dir)
}

// walkedEmpty tells whether a target is a folder a walk found nothing to
// check in (one it could read, and that is not itself a package or an
// artifact).
func walkedEmpty(p string) bool {
	info, err := os.Stat(p)
	if err != nil || !info.IsDir() || isCheckUnit(p) {
		return false
	}
	_, err = os.ReadDir(p)
	return err == nil
}
