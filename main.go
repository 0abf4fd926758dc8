// Command rulebench is a terminal workbench and a headless checker for
// Marinara Engine Game Mode rulesets: it shows what layers, translations and
// migrations will do before the Engine does. The commands live in package
// cli; `rulebench help` lists them.
//
// Exit codes: 0 no errors, 1 errors found, 2 usage or unreadable input.
package main

import (
	"embed"
	"os"
	"runtime/debug"

	"rulebench/cli"
)

// examples holds the bundled examples, so the binary works with no files
// around it: the workbench opens examples/lantern-road when given no PATH.
//
//go:embed all:examples
var examples embed.FS

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(cli.MemoryLimit)
	}
	os.Exit(cli.Run(cli.Streams{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, examples, os.Args[1:]))
}
