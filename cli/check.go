package cli

import (
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

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
		complain(stderr, "rulebench: %s", visible(f))
		return false
	}
	return true
}

// checkFormats are the output formats of check.
var checkFormats = []string{"text", "json", "sarif", "github"}

// checked is the outcome of checking one target.
type checked struct {
	path   string
	result *analysis.Result // nil when the path could not be read
	// findings are the result's, or the one reading finding of a path that
	// could not be read.
	findings []model.Diagnostic
	readErr  error
	failed   string // what failed in the analysis, if anything
}

// checkOne loads and analyses one target.
func checkOne(p string) checked {
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		d := model.Errorf(p, model.RootPath, model.CodeUnreadable, "%s", strings.TrimPrefix(err.Error(), model.ErrUnreadable.Error()+" "+p+": "))
		d.Category, d.Line, d.Column = model.Reading, 1, 1
		return checked{path: p, findings: []model.Diagnostic{d}, readErr: err}
	}
	r := analysis.Run(ws, analysis.Options{})
	return checked{path: p, result: r, findings: r.Findings, failed: r.Failed()}
}

// checkAllTargets checks each target, as many at once as there are
// processors, and returns the outcomes in the order of targets.
func checkAllTargets(targets []string) []checked {
	out := make([]checked, len(targets))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(targets)) {
		wg.Go(func() {
			for i := range next {
				out[i] = checkOne(targets[i])
			}
		})
	}
	for i := range targets {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// doc is the single-path JSON document of a checked target. A path that
// could not be read has no capability to give.
func (c checked) doc() *report.Check {
	if c.result == nil {
		doc := report.NewCheck(0, c.findings)
		doc.OK, doc.CapabilityAPI = false, ""
		return doc
	}
	doc := report.NewCheck(c.result.Capability, c.findings)
	doc.OK = doc.OK && c.failed == ""
	return doc
}

// severityNames are the values --fail-on takes.
var severityNames = map[string]model.Severity{"error": model.Error, "warning": model.Warning, "info": model.Info}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", "rulebench check [--format text|json|sarif|github] [--fail-on error|warning] PATH...",
		"Runs every check on ruleset files, package folders and catalog artifacts: format,\n"+
			"layers, translations, migrations and capability. A folder that is neither a package\n"+
			"nor an artifact is walked for every package, artifact and ruleset file below it.\n"+
			"Exit 0: no errors; 1: errors found (or warnings, with --fail-on warning);\n2: bad usage or unreadable input.", stderr)
	asJSON := fs.Bool("json", false, "print a JSON document (the same as --format json)")
	format := fs.String("format", "text", "output: text (one finding a line), json, sarif (SARIF 2.1.0) or github (workflow commands)")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at least this severe: error, warning or info")
	pos, code, stop := parseArgs(fs, args, 1, -1)
	if stop {
		return code
	}
	if *asJSON {
		*format = "json"
	}
	if !slices.Contains(checkFormats, *format) {
		return fs.usageError("check has no format %q; it knows %s", *format, strings.Join(checkFormats, ", "))
	}
	threshold, ok := severityNames[*failOn]
	if !ok {
		return fs.usageError("--fail-on takes error, warning or info, not %q", *failOn)
	}
	targets := checkTargets(pos)
	results := checkAllTargets(targets)
	single := len(pos) == 1 && len(targets) == 1 && targets[0] == pos[0]

	code = exitOK
	var all []model.Diagnostic
	for _, c := range results {
		all = append(all, c.findings...)
		switch {
		case c.readErr != nil || c.failed != "":
			code = exitUsage
		case code == exitOK && slices.ContainsFunc(c.findings, func(d model.Diagnostic) bool { return d.Severity >= threshold }):
			code = exitFindings
		}
		if c.failed != "" {
			complain(stderr, "rulebench: %s", visible(c.failed))
		}
	}

	var err error
	switch *format {
	case "json":
		if single {
			err = writeJSON(stdout, results[0].doc())
			break
		}
		doc := &report.Checks{SchemaVersion: 1, OK: true, Results: []report.PathCheck{}}
		for _, c := range results {
			d := c.doc()
			doc.OK = doc.OK && d.OK
			doc.Results = append(doc.Results, report.PathCheck{Path: c.path, Check: d})
		}
		err = writeJSON(stdout, doc)
	case "sarif":
		wd, _ := os.Getwd()
		err = writeSARIF(stdout, all, registryRules(), wd)
	case "github":
		writeGitHub(stdout, all)
	default:
		for _, c := range results {
			if c.readErr != nil {
				complain(stderr, "rulebench: %s", visible(c.readErr.Error()))
				continue
			}
			writeDiagnostics(stdout, c.findings)
			writeSummary(stdout, c.path, c.findings)
		}
	}
	if err != nil {
		return exitUsage
	}
	return code
}
