package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"rulebench/analysis/diff"
	"rulebench/analysis/diff/difftest"
)

// lanternNext is lantern-road's next version, with the four changes of
// difftest, kept in testdata for the golden cases.
const lanternNext = "testdata/cli/lantern-road-next"

// The copy in testdata is what difftest derives from the example now;
// -update writes it again.
func TestLanternNextIsUpToDate(t *testing.T) {
	fresh := filepath.Join(t.TempDir(), "next")
	if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", fresh); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.RemoveAll(lanternNext); err != nil {
			t.Fatal(err)
		}
		if err := difftest.WriteLanternNext(examplesDir+"/lantern-road", lanternNext); err != nil {
			t.Fatal(err)
		}
		return
	}
	err := filepath.WalkDir(fresh, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(fresh, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(lanternNext, rel))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from what difftest derives (go test ./cli -run TestLanternNextIsUpToDate -update)", filepath.Join(lanternNext, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Exit codes: changes are not an error unless --exit-code asks; OLD and
// NEW of two rulesets, the wrong count of paths, an unreadable path and a
// bad --date are usage errors (2); a version that is not a ruleset is a
// finding (1).
func TestDiffExitCodes(t *testing.T) {
	lantern := examplesDir + "/lantern-road"
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	// the same ruleset version with an older sheet
	data, err := os.ReadFile(lantern + "/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	sheetDown := filepath.Join(t.TempDir(), "ruleset.json")
	if err := os.WriteFile(sheetDown, bytes.Replace(data, []byte("\"version\": 4,"), []byte("\"version\": 3,"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"diff", lantern, lanternNext}, exitOK, ""},
		{[]string{"diff", "--exit-code", lantern, lanternNext}, exitFindings, ""},
		{[]string{"diff", "--exit-code", lantern, lantern}, exitOK, ""},
		{[]string{"diff", "--exit-code", "--json", lantern, lanternNext}, exitFindings, ""},
		{[]string{"diff", lantern}, exitUsage, "diff takes 2 paths, OLD and NEW; not 1"},
		{[]string{"diff", lantern, lantern, lantern}, exitUsage, "not 3"},
		{[]string{"diff", lantern, "nowhere/at/all"}, exitUsage, "nowhere/at/all"},
		{[]string{"diff", lantern, examplesDir + "/mirefall/mirefall-1.0.0.ruleset.json"}, exitUsage, "two versions of the same ruleset"},
		{[]string{"diff", lanternNext, lantern + "/ruleset.json"}, exitUsage, "give the older version first"},
		{[]string{"diff", broken, lantern}, exitFindings, "is not a readable ruleset"},
		{[]string{"diff", "testdata/cli/unreadable", lantern}, exitFindings, "[json-syntax]"},
		{[]string{"diff", "testdata/cli/broken-road", "testdata/cli/broken-road"}, exitOK, ""},
		{[]string{"diff", lantern + "/ruleset.json", sheetDown}, exitUsage, "OLD's sheet.version 4 is newer than NEW's 3"},
		{[]string{"diff", "--format", "sarif", lantern, lantern}, exitUsage, `has no format "sarif"`},
		{[]string{"changelog", lantern, lanternNext}, exitOK, ""},
		{[]string{"changelog", "--date", "08/12/2026", lantern, lanternNext}, exitUsage, "YYYY-MM-DD"},
		{[]string{"changelog", "--json", lantern, lanternNext}, exitUsage, "unknown flag --json"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.stderr)
		}
	}
	// --format json is --json
	_, withJSON, _ := runCLI("diff", "--json", lantern, lanternNext)
	_, withFormat, _ := runCLI("diff", "--format", "json", lantern, lanternNext)
	if withJSON == "" || withJSON != withFormat || !json.Valid([]byte(withJSON)) {
		t.Errorf("diff --format json differs from --json, or is not JSON")
	}
	// markdown is offered by diff only
	if code, _, errOut := runCLI("layers", "--format", "markdown", lantern); code != exitUsage || !strings.Contains(errOut, `has no format "markdown"`) {
		t.Errorf("layers --format markdown: exit %d, %q", code, errOut)
	}
}

// Issue 28, item 3: the entry is at most 1,000 characters, today's date
// by default, and its last line names the Capability minor check gives
// NEW.
func TestChangelogNamesCheckCapability(t *testing.T) {
	code, out, _ := runCLI("changelog", examplesDir+"/lantern-road", lanternNext)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if n := utf8.RuneCountInString(strings.TrimSuffix(out, "\n")); n > 1000 {
		t.Errorf("%d characters", n)
	}
	if !regexp.MustCompile(`^## 1\\\.7\.0 — \d{4}-\d\d-\d\d\n`).MatchString(out) {
		t.Errorf("heading: %q", strings.SplitN(out, "\n", 2)[0])
	}
	_, checked, _ := runCLI("check", "--json", lanternNext)
	var doc struct {
		CapabilityAPI string `json:"capabilityApi"`
	}
	if err := json.Unmarshal([]byte(checked), &doc); err != nil || doc.CapabilityAPI == "" {
		t.Fatalf("check --json: %v", err)
	}
	if !strings.HasSuffix(out, "\nNeeds an Engine with Capability API "+doc.CapabilityAPI+"\n") {
		t.Errorf("want the line for %s:\n%s", doc.CapabilityAPI, out)
	}
}

// A diff too big for one pull request comment: the Markdown stays within
// the limit, every heading is there, and each table that is cut says how
// many rows it leaves out, so that the rows shown and the ones counted add
// up to every change.
func TestDiffMarkdownWithinLimit(t *testing.T) {
	d := &diff.Diff{ID: "big", Old: diff.Version{Version: "1.0.0"}, New: diff.Version{Version: "2.0.0", Name: "Big"}}
	const n = 3000
	for i := range n {
		d.Base.Changes = append(d.Base.Changes, diff.Change{Section: diff.SectionPrices, Subject: fmt.Sprintf("wares/item-%d", i),
			Aspect: "own price", Kind: diff.Changed, Old: "6 groats", New: "7 groats"})
	}
	d.Layers = []diff.View{{Layer: "dark", Changes: d.Base.Changes[:500]}}
	for i := range 800 {
		d.Strings.Added = append(d.Strings.Added, fmt.Sprintf("New label %d", i))
	}
	var b bytes.Buffer
	writeDiffMarkdown(&b, d, markdownLimit)
	if b.Len() > markdownLimit {
		t.Errorf("%d bytes, more than %d", b.Len(), markdownLimit)
	}
	src := b.Bytes()
	var h3 []string
	for line := range strings.Lines(string(src)) {
		if h, ok := strings.CutPrefix(line, "### "); ok {
			h3 = append(h3, strings.TrimSpace(h))
		}
	}
	if strings.Join(h3, "|") != "With no layer on|Under the layer dark|Display strings|Stored ids" {
		t.Errorf("headings: %q", h3)
	}
	rows := strings.Count(b.String(), "| prices |")
	left := 0
	for _, m := range regexp.MustCompile(`…and (\d+) more`).FindAllStringSubmatch(b.String(), -1) {
		k, _ := strconv.Atoi(m[1])
		left += k
	}
	items := strings.Count(b.String(), "\n- added “New label")
	if rows+items+left != n+500+800 || left == 0 {
		t.Errorf("%d rows and %d items shown, %d left out; want %d in all", rows, items, left, n+500+800)
	}
}
