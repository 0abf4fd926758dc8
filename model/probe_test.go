package model_test

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

// TestProbe: Probe refuses what Load refuses (a path that is not there, a
// folder that is neither a package nor an artifact's) with Load's error,
// and passes what Load reads, without reading it.
func TestProbe(t *testing.T) {
	fsys := fstest.MapFS{
		"pkg/manifest.json":        {Data: []byte("{")},
		"one.json":                 {Data: []byte("{")},
		"art/a-1.0.0.ruleset.json": {Data: []byte("{")},
		"two/a.ruleset.json":       {Data: []byte("{")},
		"two/b.ruleset.json":       {Data: []byte("{")},
		"empty/notes.txt":          {Data: []byte("")},
	}
	for _, p := range []string{"pkg", "pkg/manifest.json", "one.json", "art"} {
		if err := model.Probe(fsys, p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, p := range []string{"missing.json", "two", "empty"} {
		err := model.Probe(fsys, p)
		_, loadErr := model.Load(fsys, p)
		if !errors.Is(err, model.ErrUnreadable) || loadErr == nil || err.Error() != loadErr.Error() {
			t.Errorf("%s: Probe says %v, Load %v", p, err, loadErr)
		}
	}
	if err := model.Probe(fsys, "missing.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing path is not told from an unreadable one: %v", err)
	}
}
