package analysis

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// commentTarget is one workspace to check with and without "$comment" in
// every object: a folder (a package or a catalog artifact) or one file.
type commentTarget struct {
	name string
	dir  string // the folder to read, or "" for data
	file string // the PATH inside it
	data []byte // a lone ruleset file's bytes, when dir is ""
	// grows names the finding the comments' bytes bring (a file near the
	// Engine's 256 KB limit passes it).
	grows string
}

// commentedFS reads the files of a target into memory, with "$comment"
// added to every object of each ruleset and catalog file when comment is
// set, and the manifest's and the catalog entry's sizes and checksums of
// those files made to match again.
func commentedFS(t *testing.T, tg commentTarget, comment bool) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	if tg.dir == "" {
		data := tg.data
		if comment {
			data = modeltest.WithComments(data, "x")
		}
		fsys[tg.file] = &fstest.MapFile{Data: data}
		return fsys
	}
	err := filepath.WalkDir(tg.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(tg.dir, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !comment {
		return fsys
	}
	sums := map[string]*fstest.MapFile{}
	for name, f := range fsys {
		if name == "ruleset.json" || strings.HasPrefix(name, "catalogs/") || strings.HasSuffix(name, ".ruleset.json") {
			f.Data = modeltest.WithComments(f.Data, "x")
			sums[name] = f
		}
	}
	for name, f := range fsys {
		switch {
		case name == "manifest.json":
			f.Data = resum(t, f.Data, sums, "files", "")
		case strings.HasSuffix(name, ".entry.json"):
			f.Data = resum(t, f.Data, sums, "artifact", strings.TrimSuffix(name, ".entry.json")+".ruleset.json")
		}
	}
	return fsys
}

// resum gives the files listed in a manifest's files (or an entry's
// artifact, which is the file named artifact) their new sizes and checksums.
func resum(t *testing.T, data []byte, sums map[string]*fstest.MapFile, key, artifact string) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return data // a broken manifest stays broken
	}
	set := func(m map[string]any, name string) {
		if f, ok := sums[name]; ok {
			sum := sha256.Sum256(f.Data)
			m["sha256"], m["bytes"] = hex.EncodeToString(sum[:]), len(f.Data)
		}
	}
	switch v := doc[key].(type) {
	case []any:
		for _, e := range v {
			if m, ok := e.(map[string]any); ok {
				p, _ := m["path"].(string)
				set(m, p)
			}
		}
	case map[string]any:
		set(v, artifact)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// findingKeys are the findings of a target as "severity code path".
func findingKeys(t *testing.T, tg commentTarget, comment bool) []string {
	t.Helper()
	ws, err := model.Load(commentedFS(t, tg, comment), tg.file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range Run(ws, Options{}).Findings {
		out = append(out, fmt.Sprintf("%s %s %s %s", path.Base(d.File), d.Severity, d.Code, d.Path))
	}
	slices.Sort(out)
	return out
}

// commentTargets are the examples, the test ruleset of modeltest and, when
// the shared data is there, the published rulesets, their variants and the
// real packages.
func commentTargets(t *testing.T) []commentTarget {
	out := []commentTarget{
		{name: "lantern-road", dir: "../examples/lantern-road", file: "."},
		{name: "mirefall", dir: "../examples/mirefall", file: "mirefall-1.0.0.ruleset.json"},
		{name: "base", file: "base.json", data: modeltest.Base()},
		{name: "large", file: "large.json", data: modeltest.Large(), grows: "large.json error ruleset-size (root)"},
	}
	if modeltest.SharedDir() == "" {
		return out
	}
	t.Run("shared", func(t *testing.T) {
		for _, f := range modeltest.FixtureFiles(t, true) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, commentTarget{name: filepath.Base(f), file: filepath.Base(f), data: data})
		}
		real := filepath.Join(modeltest.Fixtures(t), "real")
		dirs, _ := filepath.Glob(filepath.Join(real, "ruleset-*"))
		for _, d := range dirs {
			out = append(out, commentTarget{name: filepath.Base(d), dir: d, file: "."})
		}
	})
	return out
}

// "$comment" is allowed as a key in every object, map-like ones included:
// the Engine strips it everywhere before it validates (decisions §1). A
// comment added to every object of every example, test and published
// ruleset adds no finding.
func TestCommentEverywhere(t *testing.T) {
	for _, tg := range commentTargets(t) {
		before, after := findingKeys(t, tg, false), findingKeys(t, tg, true)
		var added []string
		for _, k := range after {
			if i := slices.Index(before, k); i >= 0 || k == tg.grows {
				if i < 0 {
					continue
				}
				before = slices.Delete(before, i, i+1)
				continue
			}
			added = append(added, k)
		}
		if len(added) > 0 || len(before) > 0 {
			t.Errorf("%s with a $comment in every object: %d findings added %q, %d gone %q", tg.name, len(added), first(added, 8), len(before), first(before, 8))
		}
	}
}

func first(list []string, n int) []string { return list[:min(n, len(list))] }
