package analysis

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"rulebench/model"
)

// DirectivePrefix starts a suppression directive: the text of a "$comment"
// member that reads `rulebench:ignore CODE[,CODE...] reason` keeps the
// findings of those codes on the object that holds it, and on every value
// below it, out of Findings (they go to Suppressed, with the reason). The
// Engine strips "$comment" everywhere, so the directive changes nothing it
// reads.
const DirectivePrefix = "rulebench:ignore"

// SuppressionKind says where the choice to suppress a finding was written,
// in the words of SARIF's suppression kinds.
type SuppressionKind string

// The kinds of suppression.
const (
	// InSource: a directive in the file itself ("$comment").
	InSource SuppressionKind = "inSource"
	// External: the configuration file (rulebench.json) or the command
	// line (--select, --ignore).
	External SuppressionKind = "external"
)

// Suppressed is a finding kept out of Findings by a directive or by the
// Policy, with why.
type Suppressed struct {
	model.Diagnostic
	Kind SuppressionKind
	// Reason is the directive's own words when it gives some, else what
	// suppressed the finding ("ignored by rulebench.json").
	Reason string
	// By is where the suppression is written: "ruleset.json:12:5" for a
	// directive, the configuration file's name, or the flag.
	By string
}

// MarshalJSON writes the finding as Findings are written, with a
// "suppression" object added: {kind, reason, by}.
func (s Suppressed) MarshalJSON() ([]byte, error) {
	d, err := json.Marshal(s.Diagnostic)
	if err != nil {
		return nil, err
	}
	extra, err := json.Marshal(struct {
		Kind   SuppressionKind `json:"kind"`
		Reason string          `json:"reason"`
		By     string          `json:"by"`
	}{s.Kind, s.Reason, s.By})
	if err != nil {
		return nil, err
	}
	out := append(d[:len(d)-1:len(d)-1], `,"suppression":`...)
	out = append(out, extra...)
	return append(out, '}'), nil
}

// UnmarshalJSON reads a suppressed finding as MarshalJSON writes it.
func (s *Suppressed) UnmarshalJSON(b []byte) error {
	var extra struct {
		Suppression struct {
			Kind   SuppressionKind `json:"kind"`
			Reason string          `json:"reason"`
			By     string          `json:"by"`
		} `json:"suppression"`
	}
	if err := json.Unmarshal(b, &s.Diagnostic); err != nil {
		return err
	}
	if err := json.Unmarshal(b, &extra); err != nil {
		return err
	}
	s.Kind, s.Reason, s.By = extra.Suppression.Kind, extra.Suppression.Reason, extra.Suppression.By
	return nil
}

// directive is one `rulebench:ignore` comment of a file.
type directive struct {
	file   string
	note   *model.Node // the "$comment" member
	scope  string      // the JSON path of the object it annotates, shown short
	codes  []string    // as written
	reason string
	used   []bool // by code
}

// ParseDirective reads the text of a "$comment": the codes it names and
// its reason, and whether it is a directive at all. Codes are separated by
// commas (spaces around them allowed); the reason is the rest.
func ParseDirective(text string) (codes []string, reason string, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(text), DirectivePrefix)
	if !found || (rest != "" && rest[0] != ' ' && rest[0] != '\t' && rest[0] != ':') {
		return nil, "", false
	}
	rest = strings.TrimLeft(strings.TrimPrefix(rest, ":"), " \t")
	for {
		end := strings.IndexFunc(rest, func(r rune) bool { return !isCodeRune(r) })
		if end < 0 {
			end = len(rest)
		}
		if end == 0 {
			break
		}
		codes = append(codes, rest[:end])
		after := strings.TrimLeft(rest[end:], " \t")
		if !strings.HasPrefix(after, ",") {
			rest = rest[end:]
			break
		}
		rest = strings.TrimLeft(after[1:], " \t")
	}
	reason = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(rest), "-—:"))
	return codes, reason, true
}

func isCodeRune(r rune) bool {
	return r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// directives finds the suppression directives of every file read.
func directives(ws *model.Workspace) []*directive {
	var out []*directive
	names := make([]string, 0, len(ws.Files))
	for name := range ws.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f := ws.Files[name]
		if f == nil || f.Root == nil {
			continue
		}
		for _, note := range f.Root.Comments() {
			if note.Kind != model.String {
				continue
			}
			codes, reason, ok := ParseDirective(note.Str())
			if !ok {
				continue
			}
			out = append(out, &directive{file: name, note: note, scope: model.ShortPath(note.Parent().Path()),
				codes: codes, reason: reason, used: make([]bool, len(codes))})
		}
	}
	return out
}

// covers tells whether the directive is on the finding's value or one of
// the objects holding it.
func (dv *directive) covers(d model.Diagnostic) bool {
	return d.File == dv.file && underPath(d.Path, dv.scope)
}

// underPath tells whether the JSON path p is scope or below it.
func underPath(p, scope string) bool {
	return scope == model.RootPath || p == scope || strings.HasPrefix(p, scope+".")
}

// codeMatches tells whether a code written in a directive, the
// configuration or a flag names c: the code itself, an alias of it, or
// the category of the finding.
func codeMatches(written string, d model.Diagnostic) bool {
	return model.Code(written) == d.Code || model.Code(CanonicalCode(written)) == d.Code || written == d.Category.String()
}

// CanonicalCode returns the code a name written by a user stands for: the
// code itself, or the code an old name was kept for (see codeAliases).
func CanonicalCode(name string) string {
	if c, ok := codeAliases[name]; ok {
		return string(c)
	}
	return name
}

// codeAliases are other spellings taken for a code, in explain, in
// directives, in the configuration and in --select and --ignore. The two
// layer-selection codes are the Engine's own issue names and keep its
// underscores; the hyphenated spelling every other code uses is taken for
// them too.
var codeAliases = map[string]model.Code{}

func init() {
	for _, c := range registry {
		if hyphens := strings.ReplaceAll(string(c.Code), "_", "-"); hyphens != string(c.Code) {
			codeAliases[hyphens] = c.Code
		}
	}
}

// KnownCodeName tells whether a name written by a user is a finding code,
// one of its aliases, or a category.
func KnownCodeName(name string) bool {
	if _, ok := LookupCode(model.Code(CanonicalCode(name))); ok {
		return true
	}
	var c model.Category
	return c.UnmarshalText([]byte(name)) == nil
}

// suppress moves the findings that a directive or the policy suppresses
// from Findings to Suppressed, reports each code of a directive that
// suppressed nothing (CodeUnusedIgnore), and applies the policy's severity
// overrides. Directives come first: a finding both a directive and the
// policy suppress is the directive's.
func (r *Result) suppress(p *Policy) {
	dvs := directives(r.Workspace)
	if len(dvs) == 0 && p == nil {
		return
	}
	var kept []model.Diagnostic
	for _, d := range r.Findings {
		if s, ok := suppressedInSource(d, dvs); ok {
			r.Suppressed = append(r.Suppressed, s)
			continue
		}
		kept = append(kept, d)
	}
	for _, dv := range dvs {
		kept = append(kept, dv.unused()...)
	}
	model.SortDiagnostics(kept)
	r.Findings = kept[:0:0]
	for _, d := range kept {
		d = p.severityOf(d)
		if s, ok := p.suppresses(d); ok {
			r.Suppressed = append(r.Suppressed, s)
			continue
		}
		r.Findings = append(r.Findings, d)
	}
	model.SortDiagnostics(r.Findings)
	slices.SortStableFunc(r.Suppressed, func(a, b Suppressed) int { return compareDiagnostics(a.Diagnostic, b.Diagnostic) })
}

// compareDiagnostics orders findings as model.SortDiagnostics does.
func compareDiagnostics(a, b model.Diagnostic) int {
	switch {
	case a.File != b.File:
		return strings.Compare(a.File, b.File)
	case a.Line != b.Line:
		return a.Line - b.Line
	}
	return a.Column - b.Column
}

// suppressedInSource finds the innermost directive that suppresses d.
func suppressedInSource(d model.Diagnostic, dvs []*directive) (Suppressed, bool) {
	var best *directive
	bestCode, bestDepth := -1, -1
	for _, dv := range dvs {
		if !dv.covers(d) || scopeDepth(dv.scope) <= bestDepth {
			continue
		}
		for i, c := range dv.codes {
			if codeMatches(c, d) {
				best, bestCode, bestDepth = dv, i, scopeDepth(dv.scope)
				break
			}
		}
	}
	if best == nil {
		return Suppressed{}, false
	}
	best.used[bestCode] = true
	reason := best.reason
	if reason == "" {
		reason = "(no reason given)"
	}
	pos := best.note.Pos()
	return Suppressed{Diagnostic: d, Kind: InSource, Reason: reason, By: fmt.Sprintf("%s:%d:%d", best.file, pos.Line, pos.Column)}, true
}

// scopeDepth orders the scopes of directives holding one value: the longer
// path is the inner one, and the top of the file the outermost.
func scopeDepth(scope string) int {
	if scope == model.RootPath {
		return 0
	}
	return len(scope) + 1
}

// unused reports each code of the directive that suppressed nothing, at
// the directive.
func (dv *directive) unused() []model.Diagnostic {
	at := func(format string, args ...any) model.Diagnostic {
		d := model.At(model.Warning, dv.file, dv.note, CodeUnusedIgnore, format, args...)
		d.Category = model.Format
		return d
	}
	if len(dv.codes) == 0 {
		return []model.Diagnostic{at("%q names no finding code, so it suppresses nothing; write %s CODE reason", model.Cut(dv.note.Str(), model.MaxQuoted), DirectivePrefix)}
	}
	var out []model.Diagnostic
	for i, c := range dv.codes {
		switch {
		case dv.used[i]:
		case !KnownCodeName(c):
			out = append(out, at("%s names %q, which is no finding code (rulebench explain lists them), so it suppresses nothing", DirectivePrefix, c))
		default:
			out = append(out, at("%s %s suppresses nothing: no %s finding is on %s or below it", DirectivePrefix, c, c, pathWords(dv.scope)))
		}
	}
	return out
}

// pathWords names a JSON path in a sentence.
func pathWords(p string) string {
	if p == model.RootPath {
		return "the file"
	}
	return p
}

// matchPath tells whether a file name, relative to the configuration's
// folder with forward slashes, is one a per-path entry's pattern names: a
// pattern without a slash matches the file's base name (`*.entry.json`);
// with a slash, the whole relative name or any folder above it
// (`locales/*.json`, `legacy/`, `packs/*`).
func matchPath(pattern, rel string) bool {
	pattern = strings.TrimPrefix(pattern, "./")
	if dir, ok := strings.CutSuffix(pattern, "/"); ok {
		pattern = dir
	}
	if !strings.Contains(pattern, "/") {
		ok, _ := path.Match(pattern, path.Base(rel))
		if ok {
			return true
		}
	}
	for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if ok, _ := path.Match(pattern, p); ok {
			return true
		}
	}
	return false
}
