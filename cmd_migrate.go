package main

import (
	"fmt"
	"io"
)

// runMigrate runs `rulebench migrate`. (Stub until that work lands.)
func runMigrate(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "rulebench migrate: not built yet")
	return exitUsage
}
