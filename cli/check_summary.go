package cli

import (
	"errors"
	"io"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/say"
	"rulebench/model"
)

// checkTally counts what check found over every target, for the one
// summary line that ends its text output.
type checkTally struct {
	kinds      [model.EntryFile + 1]int
	unreadable int
	empty      int
	bySeverity [model.Error + 1]int
	fixable    int
	suppressed int
}

// add counts one checked target.
func (t *checkTally) add(c checked) {
	switch {
	case c.empty:
		t.empty++
	case c.result == nil || c.result.Workspace == nil:
		t.unreadable++
	default:
		t.kinds[c.result.Workspace.Kind]++
		t.suppressed += len(c.result.Suppressed)
	}
	for _, d := range c.findings {
		t.bySeverity[d.Severity]++
		if d.Fixable() {
			t.fixable++
		}
	}
}

// line is the summary: what was checked, the findings by severity, how many
// were suppressed and how many `rulebench fix` mends. "checked 2 packages
// and 1 ruleset file: 3 errors, 1 warning; 2 fixable with `rulebench fix`".
func (t *checkTally) line() string {
	var what []string
	for k, n := range t.kinds {
		if n > 0 {
			what = append(what, kindCount(n, model.InputKind(k)))
		}
	}
	if t.unreadable > 0 {
		what = append(what, say.Plural(t.unreadable, "path that could not be read", "paths that could not be read"))
	}
	if t.empty > 0 {
		what = append(what, say.Plural(t.empty, "folder with no ruleset", "folders with no ruleset"))
	}
	if len(what) == 0 {
		what = []string{"nothing"}
	}
	counts := []string{say.Count(t.bySeverity[model.Error], "error"), say.Count(t.bySeverity[model.Warning], "warning")}
	if n := t.bySeverity[model.Info]; n > 0 {
		counts = append(counts, say.Plural(n, model.Info.String(), model.Info.String()))
	}
	if t.suppressed > 0 {
		counts = append(counts, say.Plural(t.suppressed, "suppressed", "suppressed"))
	}
	fixable := say.Plural(t.fixable, "fixable", "fixable")
	if t.fixable > 0 {
		fixable += " with `rulebench fix`"
	}
	return "checked " + say.And(what) + ": " + strings.Join(counts, ", ") + "; " + fixable
}

// kindCount is a count of checked targets of one kind: "2 packages",
// "1 catalog entry file".
func kindCount(n int, k model.InputKind) string {
	switch k {
	case model.EntryFile:
		return say.Plural(n, "catalog entry file", "catalog entry files")
	case model.Artifact:
		return say.Count(n, "catalog artifact")
	}
	return say.Count(n, k.String())
}

// checkPolicies works out the suppression policy of each target: the
// configuration file found for it (analysis.FindConfig), each read once,
// with --select and --ignore. A configuration that cannot be used is
// reported on stderr, each problem as a finding, and gives an error.
type checkPolicies struct {
	selected, ignored []string
	byConfig          map[string]*analysis.Policy
	configOf          map[string]string // by target
}

// errBadConfig is the error of a configuration file that cannot be used.
var errBadConfig = errors.New("a configuration file cannot be used")

// newCheckPolicies checks the names given to --select and --ignore.
func newCheckPolicies(selected, ignored []string) (*checkPolicies, string) {
	for _, names := range [][]string{selected, ignored} {
		if bad := analysis.UnknownNames(names); len(bad) > 0 {
			return nil, quoteList(bad) + " " + map[bool]string{true: "is", false: "are"}[len(bad) == 1] +
				" no finding code or category ('rulebench explain' lists the codes)"
		}
	}
	return &checkPolicies{selected: selected, ignored: ignored, byConfig: map[string]*analysis.Policy{}, configOf: map[string]string{}}, ""
}

// load reads the configuration files of every target, before any is
// checked, and reports on stderr the problems of those that cannot be
// used.
func (cp *checkPolicies) load(targets []string, stderr io.Writer) error {
	var failed error
	for _, t := range targets {
		name := analysis.FindConfig(t)
		cp.configOf[t] = name
		if _, done := cp.byConfig[name]; done {
			continue
		}
		if name == "" {
			cp.byConfig[name] = nil
			continue
		}
		p, ds, err := analysis.LoadConfig(name)
		writeDiagnostics(stderr, ds)
		if err != nil {
			if !errors.Is(err, analysis.ErrConfig) {
				complain(stderr, "rulebench: cannot read %s: %v", name, err)
			}
			failed = errBadConfig
		}
		cp.byConfig[name] = p
	}
	return failed
}

// of is the policy of one target; nil when nothing is to be suppressed.
func (cp *checkPolicies) of(target string) *analysis.Policy {
	if cp == nil {
		return nil
	}
	p := cp.byConfig[cp.configOf[target]]
	if p == nil && len(cp.selected) == 0 && len(cp.ignored) == 0 {
		return nil
	}
	out := &analysis.Policy{}
	if p != nil {
		*out = *p
	}
	out.SelectFlag, out.IgnoreFlag = cp.selected, cp.ignored
	return out
}

// checkOutput is how check writes text: quiet prints the findings only,
// verbose a line for every path checked too.
type checkOutput struct {
	quiet, verbose bool
}

// suppressionFlags declares --select and --ignore, for check and fix.
func suppressionFlags(fs *flagSet) (selected, ignored *listFlag) {
	selected = fs.List("select", "CODES", findingCodes, nil, "report only the findings of these codes or categories (comma-separated); takes the place of the configuration's select")
	ignored = fs.List("ignore", "CODES", findingCodes, nil, "suppress the findings of these codes or categories (comma-separated), as well as those the configuration ignores")
	return selected, ignored
}

// suppressedDocs is the suppressed findings of a document, empty rather
// than nil.
func suppressedDocs(s []analysis.Suppressed) []analysis.Suppressed {
	if s == nil {
		return []analysis.Suppressed{}
	}
	return s
}
