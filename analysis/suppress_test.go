package analysis

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// suppressBase is the test ruleset with an unknown key in its one skill
// (an unknown-key error at sheet.skills.0) and the "$comment" members
// given: at the skill (skill), on the sheet (sheet) and on coverage
// (coverage), each left out when "".
func suppressBase(t *testing.T, skill, sheet, coverage string) *model.Workspace {
	t.Helper()
	src := string(modeltest.Base())
	note := func(text string) string {
		if text == "" {
			return ""
		}
		b, _ := json.Marshal(text)
		return `"$comment": ` + string(b) + `, `
	}
	for _, r := range []struct{ old, new string }{
		{`{ "id": "climb", "label": "Climb", "ability": "grip" }`, `{ ` + note(skill) + `"id": "climb", "label": "Climb", "ability": "grip", "bogus": 1 }`},
		{`"sheet": {`, `"sheet": { ` + note(sheet)},
		{`"coverage": {`, `"coverage": { ` + note(coverage)},
	} {
		if !strings.Contains(src, r.old) {
			t.Fatalf("the test ruleset has no %s", r.old)
		}
		src = strings.Replace(src, r.old, r.new, 1)
	}
	ws, err := model.Load(fstest.MapFS{"r.json": {Data: []byte(src)}}, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func codesOf(ds []model.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, string(d.Code)+"@"+d.Path)
	}
	return out
}

func TestDirectiveSuppresses(t *testing.T) {
	// Without a directive the unknown key is an error.
	r := Run(suppressBase(t, "", "", ""), Options{})
	if got := codesOf(r.Findings); !slices.Equal(got, []string{"unknown-key@sheet.skills.0"}) || len(r.Suppressed) != 0 {
		t.Fatalf("without a directive: %v, suppressed %v", got, r.Suppressed)
	}
	for _, tc := range []struct {
		name, skill, sheet string
		reason, by         string
	}{
		{"on the object", "rulebench:ignore unknown-key kept for the old reader", "", "kept for the old reader", "r.json:"},
		{"on an object above", "", "rulebench:ignore unknown-key, layer-dropped -- the old reader", "the old reader", "r.json:"},
		{"no reason", "rulebench:ignore unknown-key", "", "(no reason given)", "r.json:"},
		{"by category", "rulebench:ignore format", "", "(no reason given)", "r.json:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(suppressBase(t, tc.skill, tc.sheet, ""), Options{})
			if len(r.Suppressed) != 1 {
				t.Fatalf("suppressed %v, findings %v", r.Suppressed, codesOf(r.Findings))
			}
			s := r.Suppressed[0]
			if s.Code != "unknown-key" || s.Kind != InSource || s.Reason != tc.reason || !strings.HasPrefix(s.By, tc.by) || s.Line == 0 {
				t.Errorf("suppressed %+v", s)
			}
			for _, d := range r.Findings {
				if d.Code == "unknown-key" {
					t.Errorf("still a finding: %v", d)
				}
			}
			if tc.sheet != "" && strings.Contains(tc.sheet, "layer-dropped") {
				if got := codesOf(r.Findings); !slices.Equal(got, []string{"unused-ignore@sheet.$comment"}) {
					t.Errorf("the unused code: %v", got)
				}
			}
		})
	}
}

// A directive suppresses only on its object and below, and only the codes
// it names; what it suppresses nothing with is reported.
func TestDirectiveScopeAndUnused(t *testing.T) {
	r := Run(suppressBase(t, "", "", "rulebench:ignore unknown-key not here"), Options{})
	got := codesOf(r.Findings)
	if !slices.Equal(got, []string{"unused-ignore@coverage.$comment", "unknown-key@sheet.skills.0"}) || len(r.Suppressed) != 0 {
		t.Fatalf("a directive on another object: %v, suppressed %v", got, r.Suppressed)
	}
	r = Run(suppressBase(t, "rulebench:ignore layer-dropped", "", "rulebench:ignore no-such-code,"), Options{})
	got = codesOf(r.Findings)
	if !slices.Equal(got, []string{"unused-ignore@coverage.$comment", "unused-ignore@sheet.skills.0.$comment", "unknown-key@sheet.skills.0"}) {
		t.Fatalf("another code: %v", got)
	}
	if !strings.Contains(r.Findings[0].Message, `"no-such-code", which is no finding code`) || r.Findings[0].Severity != model.Warning || r.Findings[0].Line == 0 {
		t.Errorf("unknown code: %+v", r.Findings[0])
	}
	// An ordinary note is no directive.
	r = Run(suppressBase(t, "rulebench:ignored by nobody", "", "A note about rulebench:ignore"), Options{})
	if got := codesOf(r.Findings); !slices.Equal(got, []string{"unknown-key@sheet.skills.0"}) {
		t.Errorf("notes: %v", got)
	}
}

func TestParseDirective(t *testing.T) {
	for _, tc := range []struct {
		text   string
		codes  []string
		reason string
		ok     bool
	}{
		{"rulebench:ignore a-b reason here", []string{"a-b"}, "reason here", true},
		{"  rulebench:ignore a, b ,c  why", []string{"a", "b", "c"}, "why", true},
		{"rulebench:ignore: a -- why", []string{"a"}, "why", true},
		{"rulebench:ignore", nil, "", true},
		{"rulebench:ignorex a", nil, "", false},
		{"see rulebench:ignore a", nil, "", false},
	} {
		codes, reason, ok := ParseDirective(tc.text)
		if ok != tc.ok || !slices.Equal(codes, tc.codes) || reason != tc.reason {
			t.Errorf("%q: %q %q %v", tc.text, codes, reason, ok)
		}
	}
}

// The policy: select, ignore, severity, per-path entries and the flags.
func TestPolicy(t *testing.T) {
	ws := suppressBase(t, "", "", "")
	run := func(p *Policy) *Result { return Run(ws, Options{Policy: p}) }
	if r := run(&Policy{Rules: Rules{Ignore: []string{"unknown-key"}}, File: "/x/rulebench.json"}); len(r.Findings) != 0 ||
		len(r.Suppressed) != 1 || r.Suppressed[0].Kind != External || r.Suppressed[0].Reason != "ignored by rulebench.json" {
		t.Errorf("ignore: %v %+v", codesOf(r.Findings), r.Suppressed)
	}
	if r := run(&Policy{Rules: Rules{Select: []string{"locale-stale"}}}); len(r.Findings) != 0 || len(r.Suppressed) != 1 {
		t.Errorf("select: %v", codesOf(r.Findings))
	}
	if r := run(&Policy{Rules: Rules{Select: []string{"locale-stale"}}, SelectFlag: []string{"unknown-key"}}); len(r.Findings) != 1 {
		t.Errorf("--select takes the place of select: %v", codesOf(r.Findings))
	}
	if r := run(&Policy{IgnoreFlag: []string{"format"}}); len(r.Findings) != 0 || r.Suppressed[0].Reason != "ignored with --ignore" {
		t.Errorf("--ignore a category: %v", codesOf(r.Findings))
	}
	r := run(&Policy{Rules: Rules{Severity: map[string]model.Severity{"unknown-key": model.Warning, "format": model.Info}}})
	if len(r.Findings) != 1 || r.Findings[0].Severity != model.Warning || !r.OK() {
		t.Errorf("severity: %+v", r.Findings)
	}
	dir, _ := filepath.Abs(".")
	for _, tc := range []struct {
		pattern string
		hits    bool
	}{{"r.json", true}, {"*.json", true}, {"other.json", false}, {"sub/", false}} {
		r := run(&Policy{Dir: dir, Paths: []PathRules{{Pattern: tc.pattern, Rules: Rules{Ignore: []string{"unknown-key"}}}}})
		if hit := len(r.Suppressed) == 1; hit != tc.hits {
			t.Errorf("pattern %q: suppressed %v", tc.pattern, r.Suppressed)
		}
	}
}

func TestMatchPath(t *testing.T) {
	for _, tc := range []struct {
		pattern, rel string
		want         bool
	}{
		{"*.entry.json", "a/b/x-1.entry.json", true},
		{"locales/*.json", "locales/de.json", true},
		{"locales/*.json", "pkg/locales/de.json", false},
		{"legacy/", "legacy/pkg/ruleset.json", true},
		{"legacy", "legacy/pkg/ruleset.json", true},
		{"packs/*", "packs/a/ruleset.json", true},
		{"packs/*", "other/a/ruleset.json", false},
	} {
		if got := matchPath(tc.pattern, tc.rel); got != tc.want {
			t.Errorf("%q %q: %v", tc.pattern, tc.rel, got)
		}
	}
}

func TestParseConfig(t *testing.T) {
	p, ds := ParseConfig("rulebench.json", []byte(`{
  "$comment": "the project's choices",
  "select": ["format", "locale-stale"],
  "ignore": ["ruleset-layer-conflict"],
  "severity": {"unlisted-file": "error"},
  "paths": {"legacy/": {"ignore": ["layer-dropped"], "severity": {"locale-stale": "info"}}}
}`))
	if len(ds) != 0 || p == nil || len(p.Select) != 2 || p.Ignore[0] != "ruleset-layer-conflict" ||
		p.Severity["unlisted-file"] != model.Error || len(p.Paths) != 1 || p.Paths[0].Pattern != "legacy/" || p.Paths[0].Severity["locale-stale"] != model.Info {
		t.Fatalf("%+v %v", p, ds)
	}
	for _, bad := range []string{
		`[]`,
		`{"ignore": "locale-stale"}`,
		`{"ignore": ["no-such-code"]}`,
		`{"severity": {"locale-stale": "note"}}`,
		`{"paths": {"x/": {"paths": {}}}}`,
		`{"selct": []}`,
		`{"ignore": [`,
	} {
		_, ds := ParseConfig("rulebench.json", []byte(bad))
		if !model.HasErrors(ds) || ds[0].Line == 0 {
			t.Errorf("%s: %v", bad, ds)
		}
	}
}

// FindConfig looks in the folder and those above, and stops at the top of
// a repository.
func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "repo", "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(deep, "r.json")
	os.WriteFile(file, modeltest.Base(), 0o644)
	if got := FindConfig(file); got != "" {
		t.Errorf("none: %q", got)
	}
	os.WriteFile(filepath.Join(root, "rulebench.json"), []byte(`{}`), 0o644)
	os.Mkdir(filepath.Join(root, "repo", ".git"), 0o755)
	if got := FindConfig(file); got != "" {
		t.Errorf("past the repository's top: %q", got)
	}
	want := filepath.Join(root, "repo", "a", ".rulebench.json")
	os.WriteFile(want, []byte(`{}`), 0o644)
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	if got := FindConfig(file); abs(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := FindConfig(deep); abs(got) != want {
		t.Errorf("from the folder: got %q, want %q", got, want)
	}
}

// A suppressed finding is written as a finding with its suppression, and
// read back.
func TestSuppressedJSON(t *testing.T) {
	r := Run(suppressBase(t, "rulebench:ignore unknown-key why", "", ""), Options{})
	b, err := json.Marshal(r.Suppressed[0])
	if err != nil || !strings.Contains(string(b), `"code":"unknown-key"`) || !strings.Contains(string(b), `"suppression":{"kind":"inSource","reason":"why","by":"r.json:`) {
		t.Fatalf("%s %v", b, err)
	}
	var back Suppressed
	if err := json.Unmarshal(b, &back); err != nil || back.Code != "unknown-key" || back.Reason != "why" || back.Kind != InSource {
		t.Errorf("%+v %v", back, err)
	}
}

// BenchmarkSuppress measures what the directives and a policy with a
// per-path entry add to an analysis of the lantern-road example (run with
// and without them, -bench Suppress).
func BenchmarkSuppress(b *testing.B) {
	ws := modeltest.Load(b, "../examples/lantern-road")
	dir, _ := filepath.Abs("../examples/lantern-road")
	policy := &Policy{Dir: dir, Rules: Rules{Ignore: []string{"layer-dropped"}, Severity: map[string]model.Severity{"locale-stale": model.Error}},
		Paths: []PathRules{{Pattern: "locales/", Rules: Rules{Ignore: []string{"locale-stale"}}}}}
	for _, tc := range []struct {
		name string
		p    *Policy
	}{{"none", nil}, {"policy", policy}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if r := Run(ws, Options{Policy: tc.p}); tc.p != nil && len(r.Suppressed) != 2 {
					b.Fatalf("suppressed %d", len(r.Suppressed))
				}
			}
		})
	}
}
