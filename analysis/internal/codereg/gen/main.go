// Command gen writes analysis/registry_gen.go, the table of every finding
// code declared in the module (see package codereg), and docs/rules.md, the
// reference built from the same declarations. Run it with go generate in
// package analysis.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"rulebench/analysis/internal/codereg"
)

func main() {
	// go generate runs in the analysis folder; the module root is its parent.
	out, err := codereg.Generate("..")
	if err == nil {
		err = os.WriteFile("registry_gen.go", out, 0o644)
	}
	if err == nil {
		var decls []codereg.Decl
		if decls, err = codereg.Scan(".."); err == nil {
			err = os.WriteFile(filepath.Join("..", "docs", "rules.md"), codereg.RenderDocs(decls), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
