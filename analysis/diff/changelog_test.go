package diff_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"rulebench/analysis/diff"
	"rulebench/analysis/diff/difftest"
)

func same(s string) string { return s }

// Issue 28, item 3: the entry holds at most 1,000 characters and names the
// Capability minor NEW needs, as the analysis (rulebench check) works it
// out.
func TestChangelogOfTheNextVersion(t *testing.T) {
	d, newR := compare(t, lanternRoad, next(t))
	entry := diff.Changelog(d, "2026-12-08", 0, same)
	if n := utf8.RuneCountInString(entry); n > diff.MaxChangelog {
		t.Errorf("%d characters:\n%s", n, entry)
	}
	if !strings.HasPrefix(entry, "## "+difftest.Version+" — 2026-12-08\n\n") {
		t.Errorf("heading:\n%s", entry)
	}
	want := "\nNeeds an Engine with Capability API 1." + strconv.Itoa(newR.Capability)
	if newR.Capability < 800 || !strings.HasSuffix(entry, want) {
		t.Errorf("want the entry to end with %q:\n%s", want, entry)
	}
	for _, s := range []string{"New layer “" + difftest.NewLayerLabel + "” (" + difftest.NewLayer + ")",
		"value " + difftest.EnumValue + ": removed", "own price: 6 groats → 7 groats",
		"“" + difftest.OldLabel + "” is now “" + difftest.NewLabel + "”"} {
		if !strings.Contains(entry, s) {
			t.Errorf("the entry lacks %q:\n%s", s, entry)
		}
	}
	// a market price follows the own price: not a bullet of its own
	if strings.Contains(entry, "at posted price") || strings.Contains(entry, "more") {
		t.Errorf("the entry lists market prices or leaves bullets out:\n%s", entry)
	}
}

// A diff far longer than an entry: the entry is cut at whole bullets to at
// most the limit, and the last bullet counts what was left out, so that
// the bullets shown and the ones counted add up to every bullet.
func TestChangelogOfABigDiff(t *testing.T) {
	d := &diff.Diff{New: diff.Version{Version: strings.Repeat("9", 5000), CapabilityAPI: "1.813"}}
	const n = 400
	for i := range n {
		d.Base.Changes = append(d.Base.Changes, diff.Change{Section: diff.SectionPrices, Subject: fmt.Sprintf("wares/item-%d", i),
			Aspect: "own price", Kind: diff.Changed, Old: strings.Repeat("x", i%300), New: "7 groats"})
	}
	for _, limit := range []int{diff.MaxChangelog, 300, 10} {
		entry := diff.Changelog(d, "2026-12-08", limit, same)
		if got := utf8.RuneCountInString(entry); got > max(limit, 200) {
			t.Errorf("limit %d: %d characters", limit, got)
		}
		if !strings.HasSuffix(entry, "Needs an Engine with Capability API 1.813") {
			t.Errorf("limit %d: no Capability line:\n%s", limit, entry)
		}
		m := regexp.MustCompile(`- …and (\d+) more\n`).FindStringSubmatch(entry)
		if m == nil {
			t.Fatalf("limit %d: no count of what was left out:\n%s", limit, entry)
		}
		left, _ := strconv.Atoi(m[1])
		shown := strings.Count(entry, "\n- wares/") + strings.Count(entry, "\n- prices")
		if shown+left != n {
			t.Errorf("limit %d: %d bullets shown and %d left out, want %d in all", limit, shown, left, n)
		}
	}
}

// Nothing changed: one bullet says so.
func TestChangelogOfNoChange(t *testing.T) {
	d, _ := compare(t, lanternRoad, lanternRoad)
	entry := diff.Changelog(d, "2026-12-08", 0, same)
	if !strings.Contains(entry, "\n- Nothing a player sees changes.\n") {
		t.Errorf("entry:\n%s", entry)
	}
}
