package main

import (
	"fmt"
	"io"
)

// runI18n runs `rulebench i18n`. (Stub until that work lands.)
func runI18n(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "rulebench i18n: not built yet")
	return exitUsage
}
