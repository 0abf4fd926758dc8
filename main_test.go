package main

import (
	"path"
	"testing"

	"rulebench/cli"
)

// The bundled example is embedded, so the binary works with no files.
func TestBundledExampleEmbedded(t *testing.T) {
	if _, err := examples.ReadFile(path.Join(cli.BundledExample, "ruleset.json")); err != nil {
		t.Fatalf("the bundled example is not embedded: %v", err)
	}
}
