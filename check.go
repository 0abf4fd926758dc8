package main

import (
	"fmt"
	"io"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/model"
)

// analyse works out everything the commands report about a workspace
// (see package analysis), printing a note on stderr when a domain package
// failed; the command then exits with 2 after its output.
func analyse(ws *model.Workspace, opts analysis.Options, stderr io.Writer) (*analysis.Result, bool) {
	r := analysis.Run(ws, opts)
	return r, noteFailure(r, stderr)
}

// noteFailure prints what failed in the analysis, if anything, and tells
// whether nothing did.
func noteFailure(r *analysis.Result, stderr io.Writer) bool {
	if f := r.Failed(); f != "" {
		fmt.Fprintf(stderr, "rulebench: %s\n", visible(f))
		return false
	}
	return true
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", "rulebench check [--json] PATH",
		"Runs every check on a ruleset file, package folder or catalog artifact: format,\nlayers, translations, migrations and capability. Exit 0: no errors; 1: errors found;\n2: bad usage or unreadable input.", stderr)
	asJSON := fs.Bool("json", false, "print a JSON document instead of one finding a line")
	pos, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	r, whole := analyse(ws, analysis.Options{}, stderr)
	ds := r.Findings
	code = exitFor(ds)
	if !whole {
		code = exitUsage
	}
	if *asJSON {
		if plan, err := planFixes(r); err == nil {
			plan.markFixable(ds)
		}
		if err := writeJSON(stdout, report.NewCheck(r.Capability, ds)); err != nil {
			return exitUsage
		}
		return code
	}
	writeDiagnostics(stdout, ds)
	writeSummary(stdout, pos[0], ds)
	return code
}
