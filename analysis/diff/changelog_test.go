package diff_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
		difftest.EnumField + " no longer offers " + difftest.EnumValue + ".", difftest.PricedItem + " costs 7 groats (was 6 groats).",
		"“" + difftest.OldLabel + "” is now “" + difftest.NewLabel + "”"} {
		if !strings.Contains(entry, s) {
			t.Errorf("the entry lacks %q:\n%s", s, entry)
		}
	}
	// a market price follows the own price, and the price under the long
	// dark (in mites) is the same change: neither is a bullet of its own
	if strings.Contains(entry, "at posted price") || strings.Contains(entry, "more") || strings.Contains(entry, "With “The long dark” on") {
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

// Each kind of change reads as a sentence; the ones without a sentence of
// their own read as their line.
func TestChangeSentences(t *testing.T) {
	for _, tc := range []struct {
		c    diff.Change
		want string
	}{
		{diff.Change{Section: diff.SectionPrices, Subject: "wares/a", Aspect: "own price", Kind: diff.Changed, Old: "1 mite", New: "2 mites"}, "wares/a costs 2 mites (was 1 mite)."},
		{diff.Change{Section: diff.SectionPrices, Subject: "wares/a", Aspect: "own price", Kind: diff.Added, New: "2 mites"}, "wares/a costs 2 mites."},
		{diff.Change{Section: diff.SectionPrices, Subject: "wares/a", Aspect: "own price", Kind: diff.Removed, Old: "2 mites"}, "wares/a has no price (was 2 mites)."},
		{diff.Change{Section: diff.SectionEnums, Subject: "kind", Aspect: "value tin", Kind: diff.Removed, Old: "tin"}, "kind no longer offers tin."},
		{diff.Change{Section: diff.SectionEnums, Subject: "kind", Aspect: "value tin", Kind: diff.Added, New: "tin"}, "kind offers tin."},
		{diff.Change{Section: diff.SectionEnums, Subject: "kind", Aspect: "default", Kind: diff.Changed, Old: "a", New: "b"}, "kind defaults to b (was a)."},
		{diff.Change{Section: diff.SectionEntries, Subject: "wares/a", Kind: diff.Added}, "New entry wares/a."},
		{diff.Change{Section: diff.SectionEntries, Subject: "wares/a", Kind: diff.Removed}, "Entry wares/a removed."},
		{diff.Change{Section: diff.SectionEntries, Subject: "wares/a", Aspect: "hidden from the pickers", Kind: diff.Added}, "wares/a is hidden from the pickers."},
		{diff.Change{Section: diff.SectionEntries, Subject: "wares/a", Aspect: "hidden from the pickers", Kind: diff.Removed}, "wares/a is no longer hidden from the pickers."},
		{diff.Change{Section: diff.SectionMarket, Subject: "seller peddler", Kind: diff.Removed}, "Seller peddler removed."},
		{diff.Change{Section: diff.SectionMarket, Subject: "seller peddler", Kind: diff.Added}, "New seller peddler."},
		{diff.Change{Section: diff.SectionLadder, Subject: "Hard", Kind: diff.Changed, Old: "dc 14", New: "dc 15"}, "Ladder step Hard: dc 15 (was dc 14)."},
		{diff.Change{Section: diff.SectionGuidance, Subject: "world guidance", Kind: diff.Added, New: "Fog."}, "New world guidance."},
		{diff.Change{Section: diff.SectionGuidance, Subject: "check guidance", Kind: diff.Changed, Old: "a", New: "b"}, "Changed check guidance."},
		{diff.Change{Section: diff.SectionCoins, Subject: "coin", Aspect: "coin groat", Kind: diff.Removed, Old: "groat"}, "coins: coin, coin groat: removed"},
		{diff.Change{Section: diff.SectionLoot, Subject: "spoils", Aspect: "rolls", Kind: diff.Changed, Old: "spoils, 1 a time", New: "spoils, 2 a time"}, "loot: spoils, rolls: spoils, 1 a time → spoils, 2 a time"},
	} {
		if got := tc.c.Sentence(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}

// Brief keeps short texts whole, and of long ones the part where they
// differ, with a little shared context and "…" where text is left out.
func TestBrief(t *testing.T) {
	if o, n := diff.Brief("short", "texts", 10); o != "short" || n != "texts" {
		t.Errorf("short texts: %q %q", o, n)
	}
	base := strings.Repeat("The road is long. ", 10)
	o, n := diff.Brief(base, base+"Fog rolls in.", 40)
	if !strings.HasPrefix(o, "…") || !strings.HasSuffix(n, "Fog rolls in.") || !strings.HasPrefix(n, "…") {
		t.Errorf("an appended sentence: %q → %q", o, n)
	}
	if utf8.RuneCountInString(n) > 2*40+2 {
		t.Errorf("too long: %q", n)
	}
	o, n = diff.Brief(base+"A"+base, base+"B"+base, 40)
	if !strings.Contains(o, "A") || !strings.Contains(n, "B") || !strings.HasSuffix(o, "…") || !strings.HasPrefix(o, "…") {
		t.Errorf("a change in the middle: %q → %q", o, n)
	}
}

// Loot tables and price levels: a multiplier changed is one bullet, not
// one for each price it moves, with no layer on or under a layer.
func TestChangelogOfLootAndPriceLevels(t *testing.T) {
	dir := next(t)
	edit(t, dir, `{"item": "wares/hardtack", "weight": 3, "count": "1d4"}`, `{"item": "wares/hardtack", "weight": 5, "count": "1d4"}`)
	edit(t, dir, `"rolls": "1d2",`, `"rolls": "1d3",`)
	edit(t, dir, `{"coins": "groat", "weight": 3, "count": "2d6"},`, ``)
	edit(t, dir, `"label": "haggled down", "times": 0.75`, `"label": "haggled down", "times": 0.5`)
	d, _ := compare(t, next(t), dir)
	var other []string
	for _, c := range d.Base.Changes {
		if c.Section != diff.SectionPrices || c.Aspect != "at haggled down" {
			other = append(other, key(c))
		}
	}
	want := []string{
		"changed market | price level haggled down | ",
		"changed loot | road_spoils | rolls",
		"changed loot | road_spoils | line wares/hardtack",
		"removed loot | road_spoils | line coins groat",
	}
	if strings.Join(other, "\n") != strings.Join(want, "\n") {
		t.Errorf("with no layer on, besides the haggled prices:\n%s", strings.Join(other, "\n"))
	}
	if c := find(t, d.Base.Changes, want[0]); c.Old != "× 0.75" || c.New != "× 0.5" {
		t.Errorf("the multiplier: %q → %q", c.Old, c.New)
	}
	if c := find(t, d.Base.Changes, want[1]); !strings.Contains(c.Old, "1d2") || !strings.Contains(c.New, "1d3") {
		t.Errorf("the rolls: %q → %q", c.Old, c.New)
	}
	entry := diff.Changelog(d, "2026-12-08", 0, same)
	if n := strings.Count(entry, "\n- "); n != 4 {
		t.Errorf("%d bullets, want one for each of the four changes:\n%s", n, entry)
	}
}

// An item removed is one bullet: its prices go with it.
func TestChangelogOfAnItemRemoved(t *testing.T) {
	dir := next(t)
	edit(t, dir, `"cost": {"amount": 20, "unit": "groat"}`, `"cost": {"amount": 21, "unit": "groat"}`)
	d, _ := compare(t, next(t), dir)
	if c := find(t, d.Base.Changes, "changed prices | wares/warding-bell | own price"); c.New != "21 groats" {
		t.Fatalf("the edit did not take: %+v", c)
	}
	// now the same item gone
	gone := next(t)
	data, err := os.ReadFile(filepath.Join(gone, "ruleset.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc["catalogs"].([]any) {
		cat := c.(map[string]any)
		if cat["id"] != "wares" {
			continue
		}
		entries := cat["entries"].([]any)
		cat["entries"] = slices.DeleteFunc(entries, func(e any) bool { return e.(map[string]any)["id"] == "warding-bell" })
	}
	out, _ := json.Marshal(doc)
	if err := os.WriteFile(filepath.Join(gone, "ruleset.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	d, _ = compare(t, next(t), gone)
	find(t, d.Base.Changes, "removed entries | wares/warding-bell | ")
	find(t, d.Base.Changes, "removed prices | wares/warding-bell | own price")
	entry := diff.Changelog(d, "2026-12-08", 0, same)
	if strings.Count(entry, "warding-bell") != 1 || !strings.Contains(entry, "- Entry wares/warding-bell removed.") {
		t.Errorf("entry:\n%s", entry)
	}
}
