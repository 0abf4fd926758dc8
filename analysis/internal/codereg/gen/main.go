// Command gen writes analysis/registry_gen.go, the table of every finding
// code declared in the module (see package codereg). Run it with go
// generate in package analysis.
package main

import (
	"fmt"
	"os"

	"rulebench/analysis/internal/codereg"
)

func main() {
	// go generate runs in the analysis folder; the module root is its parent.
	out, err := codereg.Generate("..")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile("registry_gen.go", out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
