// Package cli is rulebench's command line: the workbench's start-up and the
// headless commands (check, layers, i18n, migrate, fix, explain, help,
// completion) over the same analysis. Each command is declared as data in
// commands.go, from which usage, help and completion are built.
package cli

import (
	"io"
	"io/fs"
)

// Version is the rulebench version, printed by --version and in SARIF.
const Version = "0.1.0"

// MemoryLimit is the soft limit of the heap that the rulebench command
// sets (unless GOMEMLIMIT is set). What rulebench keeps of any input is
// bounded (about 300 MB at most, see package model), and the collector
// would let the garbage of the work done on it grow as large again; the
// limit has it collect sooner instead, so that the process stays under
// 512 MB.
const MemoryLimit = 448 << 20

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

// BundledExample is the folder, inside the bundled examples, that the
// workbench opens when given no PATH.
const BundledExample = "examples/lantern-road"

// Streams are the program's standard input and outputs.
type Streams struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Run runs rulebench with args (the arguments after the program's name)
// and returns its exit code. examples holds the bundled examples, with
// BundledExample inside it.
//
// Everything it prints goes through a writer that makes control characters
// and escape sequences visible, so that no text from a file can move the
// cursor or change colours. The workbench, which draws with escape
// sequences of its own, writes to the terminal directly and makes file text
// visible where it draws it.
func Run(s Streams, examples fs.FS, args []string) int {
	stdout, stderr := newSafeWriter(s.Stdout), newSafeWriter(s.Stderr)
	c := &call{stdin: s.Stdin, stdout: stdout, stderr: stderr, terminal: s.Stdout, examples: examples}
	code := dispatch(args, c)
	stdout.Flush()
	stderr.Flush()
	return code
}
