package analysis

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rulebench/model"
)

// ConfigNames are the names a configuration file may have, in the order
// they are looked for in each folder.
var ConfigNames = []string{"rulebench.json", ".rulebench.json"}

// maxConfigBytes bounds how much of a configuration file is read.
const maxConfigBytes = 1 << 20

// Policy is what a project chose to see of the findings: the
// configuration file's `select`, `ignore`, `severity` and `paths`, and the
// command line's --select and --ignore. The zero Policy, and nil, keep
// every finding as it is.
type Policy struct {
	// File is the configuration file read ("" for none), and Dir the
	// folder its per-path patterns are relative to.
	File, Dir string
	// Rules are the choices for every file.
	Rules
	// Paths are the choices for the files a pattern names, in the order
	// written; a later one's severity wins.
	Paths []PathRules
	// SelectFlag and IgnoreFlag are --select and --ignore: --select takes
	// the place of the configuration's select, --ignore adds to its ignore.
	SelectFlag, IgnoreFlag []string
}

// Rules are one set of choices: only the findings Select names are kept
// (all when it is empty), those Ignore names are not, and Severity gives a
// code another severity. Each name is a code, an alias of one, or a
// category ("translations").
type Rules struct {
	Select, Ignore []string
	Severity       map[string]model.Severity
}

// PathRules are the choices for the files Pattern names (see matchPath).
type PathRules struct {
	Pattern string
	Rules
}

// FindConfig looks for a configuration file for a checked path: in the
// folder of the path (the path itself when it is a folder), then in each
// folder above it, stopping after the first that holds .git (the top of the
// repository) or at the top of the file system. It returns "" when there is
// none. The name is relative to the working folder when the file lies
// below it.
func FindConfig(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	dir := abs
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	for {
		for _, name := range ConfigNames {
			c := filepath.Join(dir, name)
			if info, err := os.Lstat(c); err == nil && info.Mode().IsRegular() {
				return shortName(c)
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return ""
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// shortName is an absolute file name relative to the working folder when
// it lies below it.
func shortName(abs string) string {
	wd, err := os.Getwd()
	if err != nil {
		return abs
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel
	}
	return abs
}

// ErrConfig is the error of a configuration file that cannot be used; the
// findings LoadConfig returns say why.
var ErrConfig = errors.New("the configuration file cannot be used")

// LoadConfig reads a configuration file. Every problem in it is a finding
// (CodeConfig, or what parsing the JSON found), and with any of them the
// error is ErrConfig: a run with a configuration it cannot follow would
// report what the project chose not to see, or hide what it chose to.
func LoadConfig(name string) (*Policy, []model.Diagnostic, error) {
	f, err := model.OpenRegular(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > maxConfigBytes {
		return nil, nil, fmt.Errorf("%s is over %d bytes, too large for a configuration file", name, maxConfigBytes)
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, nil, err
	}
	p, ds := ParseConfig(name, data)
	if p == nil || model.HasErrors(ds) {
		return nil, ds, ErrConfig
	}
	p.Dir = filepath.Dir(abs)
	return p, ds, nil
}

// ParseConfig reads the text of a configuration file:
//
//	{
//	  "select": ["CODE", "category", ...],
//	  "ignore": ["CODE", ...],
//	  "severity": {"CODE": "error" | "warning" | "info"},
//	  "paths": {"PATTERN": {"select": [...], "ignore": [...], "severity": {...}}}
//	}
//
// Every key is optional; "$comment" is allowed in every object.
func ParseConfig(name string, data []byte) (*Policy, []model.Diagnostic) {
	root, ds := model.Parse(name, data)
	if root == nil || model.HasErrors(ds) {
		return nil, model.InCategory(model.Reading, ds)
	}
	c := &configReader{file: name}
	p := &Policy{File: name}
	if root.Kind != model.Object {
		c.errorf(root, "a configuration file is an object {select, ignore, severity, paths}, not %s", root.Kind)
		return nil, c.ds
	}
	p.Rules = c.rules(root, true)
	if paths := root.Get("paths"); paths != nil {
		if paths.Kind != model.Object {
			c.errorf(paths, "paths is an object of patterns, {\"locales/*.json\": {\"ignore\": [...]}}, not %s", paths.Kind)
		}
		for _, m := range paths.Children() {
			if m.Key() == model.CommentKey {
				continue
			}
			if m.Key() == "" {
				c.errorf(m, "a pattern of paths is empty")
				continue
			}
			p.Paths = append(p.Paths, PathRules{Pattern: m.Key(), Rules: c.rules(m, false)})
		}
	}
	return p, c.ds
}

// configReader collects the findings of one configuration file.
type configReader struct {
	file string
	ds   []model.Diagnostic
}

func (c *configReader) errorf(n *model.Node, format string, args ...any) {
	d := model.At(model.Error, c.file, n, CodeConfig, format, args...)
	d.Category = model.Reading
	c.ds = append(c.ds, d)
}

// rules reads select, ignore and severity from an object; top says
// whether it is the top of the file, where paths is allowed too.
func (c *configReader) rules(o *model.Node, top bool) Rules {
	var r Rules
	if o.Kind != model.Object {
		c.errorf(o, "the choices for a pattern are an object {select, ignore, severity}, not %s", o.Kind)
		return r
	}
	allowed := []string{"select", "ignore", "severity", model.CommentKey}
	if top {
		allowed = append(allowed, "paths")
	}
	for _, m := range o.Children() {
		if !slices.Contains(allowed, m.Key()) {
			c.errorf(m, "unknown key %q here (allowed: %s)", m.Key(), strings.Join(allowed[:len(allowed)-1], ", "))
		}
	}
	r.Select = c.codes(o.Get("select"))
	r.Ignore = c.codes(o.Get("ignore"))
	if sev := o.Get("severity"); sev != nil {
		if sev.Kind != model.Object {
			c.errorf(sev, "severity is an object {\"CODE\": \"warning\"}, not %s", sev.Kind)
			return r
		}
		r.Severity = map[string]model.Severity{}
		for _, m := range sev.Children() {
			if m.Key() == model.CommentKey {
				continue
			}
			c.known(m, m.Key())
			var s model.Severity
			if m.Kind != model.String || s.UnmarshalText([]byte(m.Str())) != nil {
				c.errorf(m, "the severity of %s is error, warning or info, not %s", m.Key(), model.Cut(m.Raw(), model.MaxQuoted))
				continue
			}
			r.Severity[m.Key()] = s
		}
	}
	return r
}

// codes reads a list of code names.
func (c *configReader) codes(n *model.Node) []string {
	if n == nil {
		return nil
	}
	if n.Kind != model.Array {
		c.errorf(n, "%s is a list of finding codes, [\"locale-stale\"], not %s", n.Key(), n.Kind)
		return nil
	}
	var out []string
	for _, item := range n.Children() {
		if item.Kind != model.String {
			c.errorf(item, "a finding code is text, not %s", item.Kind)
			continue
		}
		c.known(item, item.Str())
		out = append(out, item.Str())
	}
	return out
}

// known reports a name that is no code, alias or category.
func (c *configReader) known(n *model.Node, name string) {
	if !KnownCodeName(name) {
		c.errorf(n, "%q is no finding code or category (rulebench explain lists the codes)", name)
	}
}

// UnknownNames returns the names of a --select or --ignore list that are
// no code, alias or category.
func UnknownNames(names []string) []string {
	var out []string
	for _, n := range names {
		if !KnownCodeName(n) {
			out = append(out, n)
		}
	}
	return out
}

// rel is a finding's file name relative to the policy's folder, with
// forward slashes; "" when it is not below it.
func (p *Policy) rel(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	r, err := filepath.Rel(p.Dir, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}

// matching returns the per-path rules that apply to a file.
func (p *Policy) matching(file string) []PathRules {
	if len(p.Paths) == 0 || p.Dir == "" {
		return nil
	}
	rel := p.rel(file)
	if rel == "" {
		return nil
	}
	var out []PathRules
	for _, pr := range p.Paths {
		if matchPath(pr.Pattern, rel) {
			out = append(out, pr)
		}
	}
	return out
}

// severityOf gives a finding the severity the policy sets for its code:
// the configuration's, then each matching per-path entry's in order.
func (p *Policy) severityOf(d model.Diagnostic) model.Diagnostic {
	if p == nil {
		return d
	}
	apply := func(m map[string]model.Severity) {
		if s, ok := m[d.Category.String()]; ok {
			d.Severity = s
		}
		for name, s := range m { // a code's own setting wins over its category's
			if name != d.Category.String() && codeMatches(name, d) {
				d.Severity = s
			}
		}
	}
	apply(p.Severity)
	for _, pr := range p.matching(d.File) {
		apply(pr.Severity)
	}
	return d
}

// suppresses tells whether the policy keeps a finding out of Findings,
// and why.
func (p *Policy) suppresses(d model.Diagnostic) (Suppressed, bool) {
	if p == nil {
		return Suppressed{}, false
	}
	config := p.File
	if config != "" {
		config = filepath.Base(config)
	}
	out := func(reason, by string) (Suppressed, bool) {
		return Suppressed{Diagnostic: d, Kind: External, Reason: reason, By: by}, true
	}
	named := func(names []string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return codeMatches(n, d) })
	}
	switch {
	case len(p.SelectFlag) > 0 && !named(p.SelectFlag):
		return out("not selected with --select", "--select")
	case len(p.SelectFlag) == 0 && len(p.Select) > 0 && !named(p.Select):
		return out("not among the select of "+config, p.File)
	case named(p.IgnoreFlag):
		return out("ignored with --ignore", "--ignore")
	case named(p.Ignore):
		return out("ignored by "+config, p.File)
	}
	for _, pr := range p.matching(d.File) {
		switch {
		case len(pr.Select) > 0 && !named(pr.Select):
			return out(fmt.Sprintf("not among the select of %s for %q", config, pr.Pattern), p.File)
		case named(pr.Ignore):
			return out(fmt.Sprintf("ignored by %s for %q", config, pr.Pattern), p.File)
		}
	}
	return Suppressed{}, false
}
