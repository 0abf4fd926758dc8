// Command rulebench is a terminal workbench and a headless checker for
// Marinara Engine Game Mode rulesets: it shows what layers, translations and
// migrations will do before the Engine does.
//
// Usage:
//
//	rulebench [--theme NAME] [--lang TAG] [PATH]      the workbench; no PATH opens the bundled example
//	rulebench check   [--format text|json|sarif|github] [--fail-on error|warning] PATH...
//	rulebench layers  [--on ID,ID...] [--json] PATH   the effective ruleset under a layer selection
//	rulebench i18n    [--lang TAG] [--engine-lang TAG] [--entry FILE] [--json] PATH
//	rulebench i18n    --new LANG [--out FILE | -w] PATH
//	rulebench i18n    --update LANG [--prune] [--out FILE | -w] PATH
//	rulebench i18n    --po LANG [--out FILE] PATH
//	rulebench i18n    --from-po FILE.po [--out FILE | -w] PATH
//	rulebench migrate [--json] [--out DIR] PATH SAVE...
//	rulebench migrate --since OLD [--json] PATH [SAVE...]
//	rulebench fix     [-w] [--json] PATH
//	rulebench help [COMMAND]
//	rulebench completion bash|zsh|fish
//	rulebench --version
//
// Exit codes: 0 no errors, 1 errors found, 2 usage or unreadable input.
package main

import (
	"embed"
	"io"
	"os"
)

// version is the rulebench version, printed by --version.
const version = "0.1.0"

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

// bundled holds the examples, so the binary works with no files around it.
//
//go:embed all:examples
var bundled embed.FS

// bundledExample is the ruleset the workbench opens when given no PATH.
const bundledExample = "examples/lantern-road"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program behind main, testable with buffers.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return dispatch(args, stdin, stdout, stderr)
}
