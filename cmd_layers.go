package main

import (
	"fmt"
	"io"
)

// runLayers runs `rulebench layers`. (Stub until that work lands.)
func runLayers(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "rulebench layers: not built yet")
	return exitUsage
}
