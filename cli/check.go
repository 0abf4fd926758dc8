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
		complain(stderr, "rulebench: %s", f)
		return false
	}
	return true
}

// checked is the outcome of checking one target.
type checked struct {
	path   string
	result *analysis.Result // nil when the path could not be read
	// findings are the result's, or the one reading finding of a path that
	// could not be read.
	findings []model.Diagnostic
	readErr  error
	empty    bool   // a folder with no ruleset found in it
	failed   string // what failed in the analysis, if anything
}

// checkOne loads and analyses one target, suppressing what policy
// chooses not to see (nil: only the directives in the files).
func checkOne(p string, policy *analysis.Policy) checked {
	ws, err := model.Load(model.OSFS{}, p)
	empty := err != nil && walkedEmpty(p)
	if empty {
		err = errNoRuleset(p)
	}
	if err != nil {
		d := model.Errorf(p, model.RootPath, model.CodeUnreadable, "%s", strings.TrimPrefix(err.Error(), model.ErrUnreadable.Error()+" "+p+": "))
		d.Category, d.Line, d.Column = model.Reading, 1, 1
		return checked{path: p, findings: []model.Diagnostic{d}, readErr: err, empty: empty}
	}
	r := analysis.Run(ws, analysis.Options{Policy: policy})
	return checked{path: p, result: r, findings: r.Findings, failed: r.Failed()}
}

// checkAllTargets checks each target, as many at once as there are
// processors, and hands each outcome to done in the order of targets, as
// soon as it and those before it are checked. No target is checked more
// than a few places ahead of the next to hand on, and an outcome is
// dropped once handed on, so that however many targets there are, only a
// few workspaces are in memory at once.
func checkAllTargets(targets []string, policies *checkPolicies, done func(checked)) {
	if len(targets) == 1 {
		done(checkOne(targets[0], policies.of(targets[0]))) // nothing to wait for
		return
	}
	workers := min(runtime.GOMAXPROCS(0), len(targets))
	outcomes := make([]chan checked, len(targets))
	for i := range outcomes {
		outcomes[i] = make(chan checked, 1)
	}
	ahead := make(chan struct{}, 2*workers) // a place for each target taken and not yet handed on
	next := make(chan int)
	go func() {
		for i := range targets {
			ahead <- struct{}{}
			next <- i
		}
		close(next)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				outcomes[i] <- checkOne(targets[i], policies.of(targets[i]))
			}
		})
	}
	for i := range targets {
		done(<-outcomes[i])
		outcomes[i] = nil
		<-ahead
	}
	wg.Wait()
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
	doc.Suppressed = suppressedDocs(c.result.Suppressed)
	return doc
}

// severityNames are the values --fail-on takes.
var severityNames = map[string]model.Severity{"error": model.Error, "warning": model.Warning, "info": model.Info}

// checkCommand runs every check on the paths given.
var checkCommand = &command{
	name:    "check",
	summary: "every check: format, layers, translations, migrations, capability",
	usage:   []string{"check [--format F] [--fail-on S] [--select CODES] [--ignore CODES] [-q | --verbose] [--base REF] PATH..."},
	about: "Runs every check on ruleset files, package folders and catalog artifacts: format,\n" +
		"layers, translations, migrations and capability. A folder that is neither a package\n" +
		"nor an artifact is walked for every package, artifact and ruleset file below it,\n" +
		"broken ones included (a *.json named ruleset.json, or holding both \"resolution\" and\n" +
		"\"sheet\", that is not valid JSON), down to 32 folders deep; check says how many\n" +
		"*.json files it skipped as not rulesets (--verbose names them) and names any folder\n" +
		"too deep to walk, which makes the exit 2.\n" +
		"Text output: the findings, then one summary line (what was checked, the findings by\n" +
		"severity, how many were suppressed, how many `rulebench fix` mends); -q prints the\n" +
		"findings only, --verbose a line for every path checked, clean ones too.\n" +
		"Suppression: a \"$comment\": \"rulebench:ignore CODE[,CODE] reason\" on an object, a\n" +
		"rulebench.json (or .rulebench.json) in the checked folder or one above it, and\n" +
		"--select/--ignore; 'rulebench explain suppression' says how.\n" +
		"Exit 0: no errors; 1: errors found (or warnings, with --fail-on warning);\n2: bad usage or unreadable input.\n" + checkBaseHelp,
	args: argSpec{name: "PATH", min: 1, max: -1, values: files},
	bind: func(fs *flagSet) runner {
		fs.Format(true)
		failOn := fs.Choice("fail-on", "S", "error", []string{"error", "warning", "info"}, "exit 1 when a finding is at least this severe")
		sel, ign := suppressionFlags(fs)
		quiet := fs.Bool("q", "print the findings only, without the summary line")
		verbose := fs.Bool("verbose", "print a line for every path checked, clean ones too, and name the files a folder walk skipped as not rulesets")
		base := fs.String("base", "REF", anything, "also hold each PATH to the release rules against the same path at git revision REF")
		return func(c *call, pos []string) int {
			if *quiet && *verbose {
				return fs.usageError("-q and --verbose cannot go together")
			}
			policies, bad := newCheckPolicies(*sel, *ign)
			if bad != "" {
				return fs.usageError("%s", bad)
			}
			return runCheck(c, pos, fs.chosenFormat(), severityNames[*failOn], checkOutput{verbose: *verbose, quiet: *quiet}, policies, *base)
		}
	},
}

// runCheck checks each path and prints the findings in format, failing on
// findings at least as severe as threshold.
func runCheck(c *call, pos []string, format string, threshold model.Severity, text checkOutput, policies *checkPolicies, base string) int {
	stdout, stderr := c.stdout, c.stderr
	verbose := text.verbose
	walk := checkTargets(pos)
	targets := walk.targets
	single := len(pos) == 1 && len(targets) == 1 && targets[0] == pos[0]
	if err := policies.load(targets, stderr); err != nil {
		return exitUsage
	}

	// Each outcome is written as it comes, or what the format writes at
	// the end (the findings, the JSON documents) is taken from it: no
	// workspace is kept.
	code := exitOK
	var all []model.Diagnostic
	var suppressed []analysis.Suppressed
	var tally checkTally
	doc := &report.Checks{SchemaVersion: 1, OK: true, Results: []report.PathCheck{}}
	bases := newBaseCheck(base, len(targets))
	checkAllTargets(targets, policies, func(c checked) {
		c = bases.add(c)
		tally.add(c)
		switch {
		case c.readErr != nil || c.failed != "":
			code = exitUsage
		case code == exitOK && slices.ContainsFunc(c.findings, func(d model.Diagnostic) bool { return d.Severity >= threshold }):
			code = exitFindings
		}
		if c.failed != "" {
			complain(stderr, "rulebench: %s", c.failed)
		}
		switch format {
		case "json":
			d := c.doc()
			doc.OK = doc.OK && d.OK
			doc.Results = append(doc.Results, report.PathCheck{Path: model.UTF8Name(c.path), Check: d})
		case "sarif":
			all = append(all, c.findings...)
			if c.result != nil {
				suppressed = append(suppressed, c.result.Suppressed...)
			}
		case "github":
			writeGitHub(stdout, c.findings)
		default:
			if c.readErr != nil {
				complain(stderr, "rulebench: %s", c.readErr.Error())
				return
			}
			writeDiagnostics(stdout, c.findings)
			if verbose {
				writeSummary(stdout, c.path, c.findings)
			}
		}
	})
	if format == "text" && !text.quiet {
		printf(stdout, "%s\n", tally.line())
	}

	var err error
	switch {
	case format == "json" && single:
		err = writeJSON(stdout, doc.Results[0].Check)
	case format == "json":
		err = writeJSON(stdout, doc)
	case format == "sarif":
		wd, _ := os.Getwd()
		err = writeSARIFSuppressed(stdout, all, suppressed, registryRules(), wd)
	}
	if err != nil {
		return exitUsage
	}
	if walkNotes(stderr, walk, verbose, text.quiet) && code == exitOK {
		code = exitUsage
	}
	return code
}

// walkNotes tells on stderr what a folder walk left out: how many *.json
// files were not rulesets (each named when verbose), and every folder too
// deep to look into. It reports whether any folder went unchecked.
func walkNotes(w io.Writer, walk walked, verbose, quiet bool) bool {
	if n := len(walk.skipped); n > 0 && !quiet {
		how := " (--verbose names them)"
		if verbose {
			how = ":"
		}
		complain(w, "rulebench: skipped %s that %s not a ruleset, a package or an artifact%s",
			plural(n, "*.json file"), map[bool]string{true: "is", false: "are"}[n == 1], how)
		if verbose {
			for _, p := range walk.skipped {
				complain(w, "  %s", p)
			}
		}
	}
	for _, dir := range walk.tooDeep {
		complain(w, "rulebench: %s is more than %d folders deep and was not checked", dir, maxWalkDepth)
	}
	return len(walk.tooDeep) > 0
}
