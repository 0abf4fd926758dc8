package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"rulebench/model"
)

// newFlags makes a flag set for one command whose --help prints usage and
// a description, and whose errors go to stderr.
func newFlags(name, usage, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\n%s\n", usage, about)
		if hasFlags(fs) {
			fmt.Fprintln(stderr, "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parseFlags parses args, allowing flags after positional arguments. It
// returns the positional arguments, and an exit code when the command should
// stop (help asked for, or bad usage).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, true
			}
			return nil, exitUsage, true
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, 0, false
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// parseArgs parses args like parseFlags and also checks the number of
// positional arguments, printing the usage when it is out of range
// (maxN < 0 means no upper bound).
func parseArgs(fs *flag.FlagSet, args []string, minN, maxN int) ([]string, int, bool) {
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return nil, code, true
	}
	if len(pos) < minN || (maxN >= 0 && len(pos) > maxN) {
		fs.Usage()
		return nil, exitUsage, true
	}
	return pos, exitOK, false
}

// loadPath loads the ruleset at p from disk. An unreadable path is reported
// on stderr and gives exit 2.
func loadPath(p string, stderr io.Writer) (*model.Workspace, int, bool) {
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		fmt.Fprintf(stderr, "rulebench: %v\n", err)
		return nil, exitUsage, false
	}
	return ws, exitOK, true
}

// writeJSON writes a document with schemaVersion 1 added, indented.
func writeJSON(w io.Writer, doc any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// writeDiagnostics prints findings one a line, file:line:column: severity:
// path: message, with control characters made visible.
func writeDiagnostics(w io.Writer, ds []model.Diagnostic) {
	for _, d := range ds {
		fmt.Fprintln(w, visible(d.String()))
	}
}

// exitFor gives exit 1 when any finding is an error.
func exitFor(ds []model.Diagnostic) int {
	if model.HasErrors(ds) {
		return exitFindings
	}
	return exitOK
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// visible makes file text safe for the terminal.
func visible(s string) string { return model.Visible(s) }

// writeSummary ends a text report with the counts of errors and warnings:
// "PATH: 1 error, 2 warnings".
func writeSummary(w io.Writer, path string, ds []model.Diagnostic) {
	fmt.Fprintf(w, "%s: %s, %s\n", visible(path), plural(model.Count(ds, model.Error), "error"), plural(model.Count(ds, model.Warning), "warning"))
}

// plural writes a count with its noun: "1 error", "2 errors", "3 successes".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
