package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis"
	"rulebench/model"
)

// copyDir copies a folder into a temporary one and returns the copy's path.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// snapshotDir reads every file below dir, by path relative to it.
func snapshotDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// reportedFixes runs check --json on dir and returns its findings that
// carry a fix.
func reportedFixes(t *testing.T, dir string) []model.Diagnostic {
	t.Helper()
	_, out, errOut := runCLI("check", "--json", dir)
	var doc struct{ Diagnostics []model.Diagnostic }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check --json: %v\n%s%s", err, out, errOut)
	}
	var fixable []model.Diagnostic
	for _, d := range doc.Diagnostics {
		if d.Fix != nil {
			fixable = append(fixable, d)
		}
	}
	return fixable
}

// applyReported makes, on disk, the fixes check reported, as the test
// reads them: each fix whose edits overlap no fix taken before it. It is
// written apart from the command's code on purpose.
func applyReported(t *testing.T, ds []model.Diagnostic) {
	t.Helper()
	type span struct {
		start, end int
		new        string
	}
	byFile := map[string][]span{}
	for _, d := range ds {
		clash := false
		for _, e := range d.Fix.Edits {
			for _, s := range byFile[e.File] {
				clash = clash || (e.Start < s.end && s.start < e.End)
			}
		}
		if clash {
			continue
		}
		for _, e := range d.Fix.Edits {
			byFile[e.File] = append(byFile[e.File], span{e.Start, e.End, e.New})
		}
	}
	for name, spans := range byFile {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
		for _, s := range spans { // from the end, so the offsets hold
			data = append(data[:s.start:s.start], append([]byte(s.new), data[s.end:]...)...)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// covered tells whether after differs from before only inside the byte
// ranges of the fixes' edits of file (ranges of before): the bytes outside
// them are all in after, in order, with something (or nothing) in place of
// each range.
func covered(before, after []byte, file string, ds []model.Diagnostic) bool {
	var ranges [][2]int
	for _, d := range ds {
		for _, e := range d.Fix.Edits {
			if e.File == file {
				ranges = append(ranges, [2]int{e.Start, e.End})
			}
		}
	}
	if len(ranges) == 0 {
		return bytes.Equal(before, after)
	}
	slices.SortFunc(ranges, func(a, b [2]int) int { return a[0] - b[0] })
	head := before[:ranges[0][0]]
	if !bytes.HasPrefix(after, head) {
		return false
	}
	rest, at := after[len(head):], ranges[0][1]
	for _, r := range ranges[1:] {
		if r[0] > at {
			// A run between two ranges: the first place it fits is as good
			// as any for the runs after it.
			run := before[at:r[0]]
			i := bytes.Index(rest, run)
			if i < 0 {
				return false
			}
			rest = rest[i+len(run):]
		}
		at = max(at, r[1])
	}
	return bytes.HasSuffix(rest, before[at:])
}

func TestCovered(t *testing.T) {
	fix := func(ranges ...[2]int) []model.Diagnostic {
		var f model.Fix
		for _, r := range ranges {
			f.Edits = append(f.Edits, model.FileEdit{File: "f", Start: r[0], End: r[1]})
		}
		return []model.Diagnostic{{Fix: &f}}
	}
	before := []byte(`{"a": 1, "b": "xy", "c": 3}`)
	tests := []struct {
		after string
		ds    []model.Diagnostic
		want  bool
	}{
		{`{"a": 1, "b": "xy", "c": 3}`, nil, true},
		{`{"a": 1, "b": "xy", "c": 4}`, nil, false},
		{`{"a": 100, "b": "xy", "c": 3}`, fix([2]int{6, 7}), true},
		{`{"a": 100, "b": "zz", "c": 3}`, fix([2]int{6, 7}), false},
		{`{"a": 100, "b": "zz", "c": 3}`, fix([2]int{6, 7}, [2]int{14, 18}), true},
		{`{"a": 100, "b": "zz", "c": 3} `, fix([2]int{6, 7}, [2]int{14, 18}), false},
		{`X"a": 1, "b": "xy", "c": 3}`, fix([2]int{0, 1}), true},
		{`{"a": 1, "b": "xy", "c": 3}`, fix([2]int{0, 1}), true},
	}
	for _, tt := range tests {
		if got := covered(before, []byte(tt.after), "f", tt.ds); got != tt.want {
			t.Errorf("covered(%s) = %v, want %v", tt.after, got, tt.want)
		}
	}
}

// fixCase is a workspace to fix; later says that fixes come up in later
// rounds at places where check reported none at first (a listing of a
// file that a fix changes).
type fixCase struct {
	name, dir string
	later     bool
}

// fixCases are workspaces to fix: the bundled examples, the broken package
// of the CLI's tests, and examples broken in the ways fix mends.
func fixCases(t *testing.T) []fixCase {
	t.Helper()
	cases := []fixCase{
		{name: "lantern-road", dir: copyExample(t, "lantern-road")},
		{name: "mirefall", dir: copyExample(t, "mirefall")},
		{name: "broken-road", dir: copyDir(t, "testdata/cli/broken-road")},
	}
	dir := copyExample(t, "lantern-road")
	editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"locale": "pt-BR"`, `"locale": "PT-br"`)
	editFile(t, filepath.Join(dir, "locales", "pt-BR.json"), `"Glasswork": ""`, `"Glasswork": "Vidraria"`)
	editFile(t, filepath.Join(dir, "manifest.json"), `"minor": 813`, `"minor": 20`)
	editFile(t, filepath.Join(dir, "manifest.json"), `"bytes": 53280`, `"bytes": 1`)
	cases = append(cases, fixCase{name: "lantern-road broken", dir: dir})
	dir = copyExample(t, "mirefall")
	editFile(t, filepath.Join(dir, "mirefall-1.0.0.pt-BR.json"), `"locale": "pt-BR", "direction": "ltr"}`, `"locale": "PT-br", "direction": "ltr" }`)
	name := filepath.Join(dir, "mirefall-1.0.0.ruleset.json")
	os.WriteFile(name, []byte(readText(t, name)+"\n"), 0o644)
	cases = append(cases, fixCase{name: "mirefall broken", dir: dir},
		fixCase{name: "listing ahead of the spelling", dir: listedSpelling(t, "PT-br"), later: true})
	return cases
}

// listedSpelling is lantern-road with its pt-BR locale's _meta.locale
// spelled another way, and the manifest listing the locale as it is now:
// only the spelling is left to find.
func listedSpelling(t *testing.T, spelling string) string {
	t.Helper()
	dir := copyExample(t, "lantern-road")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	editFile(t, locale, `"locale": "pt-BR"`, `"locale": "`+spelling+`"`)
	data := readText(t, locale)
	editFile(t, filepath.Join(dir, "manifest.json"), `"68b2a0631e09489b00a8c192472ad5785b628cd137d380c3e4a51d7fbed19819"`, `"`+sha256Of(data)+`"`)
	return dir
}

// Must hold: every change fix makes is a fix of a finding check reports.
// fix -w leaves the files exactly as making the fixes check reports,
// checking again and making the new ones does, round after round, until
// check reports no fix; and unless a later round has fixes where the first
// had none, every byte fix changes lies inside a fix check reported on the
// files as they were.
func TestFixMakesOnlyReportedFixes(t *testing.T) {
	for _, c := range fixCases(t) {
		dir := c.dir
		t.Run(c.name, func(t *testing.T) {
			ref := copyDir(t, dir)
			before := snapshotDir(t, dir)
			first := reportedFixes(t, dir)

			if code, _, errOut := runCLI("fix", "-w", dir); code != exitOK {
				t.Fatalf("fix -w: exit %d %s", code, errOut)
			}
			after := snapshotDir(t, dir)

			// The reference: the reported fixes, round after round.
			rounds := 0
			for ds := reportedFixes(t, ref); len(ds) > 0; ds = reportedFixes(t, ref) {
				if rounds++; rounds > maxFixRounds {
					t.Fatalf("the reported fixes do not settle")
				}
				applyReported(t, ds)
			}
			want := snapshotDir(t, ref)

			for rel, data := range after {
				if !bytes.Equal(data, want[rel]) {
					t.Errorf("%s after fix -w differs from the reported fixes made round after round", rel)
				}
				if !c.later && !covered(before[rel], data, filepath.Join(dir, rel), first) {
					t.Errorf("%s: fix changed bytes outside every fix check reported", rel)
				}
			}
			if len(after) != len(before) {
				t.Errorf("fix left %d files, there were %d", len(after), len(before))
			}
			if fixes := reportedFixes(t, dir); len(fixes) > 0 {
				t.Errorf("after fix -w check still reports fixes: %v", fixes)
			}
		})
	}
}

// Must hold: fix on a workspace whose findings carry no fix changes
// nothing and exits 0, with -w, without it and with --json.
func TestFixWithNothingToFix(t *testing.T) {
	dir := copyExample(t, "lantern-road")
	rs := filepath.Join(t.TempDir(), "alone.ruleset.json")
	// A ruleset file on its own, with an error that has no mechanical fix.
	data := strings.Replace(readText(t, filepath.Join(dir, "ruleset.json")), `{`, `{"notAKey": 1, `, 1)
	if err := os.WriteFile(rs, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{rs, dir, listedSpelling(t, "pt-br")} {
		code, out, _ := runCLI("check", "--json", p)
		if strings.Contains(out, `"fixable"`) {
			t.Fatalf("%s: check reports a fixable finding:\n%s", p, out)
		}
		if p == rs && (code != exitFindings || !strings.Contains(out, `"severity": "error"`)) {
			t.Fatalf("%s: check: exit %d, want findings", p, code)
		}
		before := snapshotDir(t, filepath.Dir(p))
		for _, args := range [][]string{{"fix", p}, {"fix", "-w", p}} {
			if code, out, errOut := runCLI(args...); code != exitOK || out != "" || errOut != "" {
				t.Errorf("%v: exit %d, %q %q; want 0 and nothing", args, code, out, errOut)
			}
		}
		code, out, _ = runCLI("fix", "--json", "-w", p)
		if code != exitOK || !strings.Contains(out, `"changed": false`) || !strings.Contains(out, `"files": []`) {
			t.Errorf("fix --json -w: exit %d\n%s", code, out)
		}
		after := snapshotDir(t, filepath.Dir(p))
		for rel := range before {
			if !bytes.Equal(before[rel], after[rel]) {
				t.Errorf("%s changed", rel)
			}
		}
		if len(after) != len(before) {
			t.Errorf("fix left %d files, there were %d", len(after), len(before))
		}
	}
}

// A _meta.locale spelled pt-br names pt-BR, as decisions §3 allows
// ("_meta.locale must canonicalise to the file name's tag"), in a form the
// Engine's catalogs take: no finding, so fix leaves it. PT-br, which the
// catalogs refuse, is a warning whose fix writes pt-BR.
func TestFixMetaLocaleSpelling(t *testing.T) {
	dir := listedSpelling(t, "pt-br")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	if code, out, _ := runCLI("check", dir); code != exitOK || strings.Contains(out, "locale-meta") {
		t.Errorf("check pt-br: exit %d\n%s", code, out)
	}

	// Spelled pt-br, with the manifest listing the file as it was: fix
	// mends the listing, and leaves the spelling.
	dir = copyExample(t, "lantern-road")
	locale = filepath.Join(dir, "locales", "pt-BR.json")
	editFile(t, locale, `"locale": "pt-BR"`, `"locale": "pt-br"`)
	if code, got := checkCodes(t, dir); code != exitFindings || strings.Join(got, "|") != "manifest-sha256 files.5 (fixable)" {
		t.Errorf("check: exit %d, %q", code, got)
	}
	if code, out, _ := runCLI("fix", "-w", dir); code != exitOK || out != filepath.Join(dir, "manifest.json")+"\n" {
		t.Errorf("fix -w: exit %d, %q; want the manifest alone", code, out)
	}
	if !strings.Contains(readText(t, locale), `"locale": "pt-br"`) {
		t.Error("fix rewrote a pt-br that no finding mentions")
	}

	// Spelled PT-br: a warning, with a fix.
	dir = listedSpelling(t, "PT-br")
	fixable := reportedFixes(t, dir)
	if len(fixable) != 1 || fixable[0].Code != "locale-meta" || fixable[0].Severity != model.Warning {
		t.Fatalf("check PT-br: the fixable findings are %v", fixable)
	}
	fix := fixable[0].Fix
	locale = filepath.Join(dir, "locales", "pt-BR.json")
	data := readText(t, locale)
	if len(fix.Edits) != 1 || fix.Edits[0].File != locale || data[fix.Edits[0].Start:fix.Edits[0].End] != `"PT-br"` || fix.Edits[0].New != `"pt-BR"` {
		t.Errorf("the fix: %+v", fix)
	}
	// The locale is fixed, then its listing in the manifest (round two).
	if code, out, _ := runCLI("fix", "-w", dir); code != exitOK || out != locale+"\n"+filepath.Join(dir, "manifest.json")+"\n" {
		t.Errorf("fix -w: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI("check", dir); code != exitOK || strings.Contains(out, "locale-meta") || len(reportedFixes(t, dir)) > 0 {
		t.Errorf("check after fix -w: exit %d\n%s", code, out)
	}
}

// Fixes that never settle (here: files read again that never show the
// fixes made) stop after maxFixRounds with an error, before anything is
// written.
func TestFixRoundsAreBounded(t *testing.T) {
	dir := copyExample(t, "mirefall")
	ws, err := model.Load(model.OSFS{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	rounds := 0
	_, err = planFixes(analysis.Run(ws, analysis.Options{}), func(map[string][]byte) (*model.Workspace, error) {
		rounds++
		return model.Load(model.OSFS{}, dir)
	})
	if err != errUnsettled || rounds != maxFixRounds {
		t.Errorf("err %v after %d rounds, want errUnsettled after %d", err, rounds, maxFixRounds)
	}
}
