package diff_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"rulebench/analysis"
	"rulebench/analysis/diff"
	"rulebench/analysis/diff/difftest"
	"rulebench/migrate/migratetest"
	"rulebench/model"
	"rulebench/model/modeltest"
)

const lanternRoad = "../../examples/lantern-road"

// compare loads two versions from disk and compares them as the commands
// do: NEW analysed with OLD as its previous version.
func compare(t *testing.T, oldPath, newPath string) (*diff.Diff, *analysis.Result) {
	t.Helper()
	load := func(p string) *model.Workspace {
		ws, err := model.Load(model.OSFS{}, p)
		if err != nil {
			t.Fatal(err)
		}
		if ws.Ruleset == nil {
			t.Fatalf("%s has no ruleset", p)
		}
		return ws
	}
	oldWS, newWS := load(oldPath), load(newPath)
	oldR := analysis.Run(oldWS, analysis.Options{})
	newR := analysis.Run(newWS, analysis.Options{Since: oldWS})
	d := diff.Compare(oldR, newR)
	if f := oldR.Failed() + newR.Failed(); f != "" {
		t.Fatal(f)
	}
	return d, newR
}

// next writes lantern-road's next version (four changes) and returns its
// folder.
func next(t testing.TB) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "lantern-road")
	if err := difftest.WriteLanternNext(lanternRoad, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// key names a change without its values.
func key(c diff.Change) string {
	return fmt.Sprintf("%s %s | %s | %s", c.Kind, c.Section, c.Subject, c.Aspect)
}

func keys(cs []diff.Change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = key(c)
	}
	return out
}

// find returns the change with the key, failing when there is none.
func find(t *testing.T, cs []diff.Change, k string) diff.Change {
	t.Helper()
	for _, c := range cs {
		if key(c) == k {
			return c
		}
	}
	t.Fatalf("no change %q among:\n%s", k, strings.Join(keys(cs), "\n"))
	return diff.Change{}
}

// Issue 28, item 2: against a copy with a changed price, a removed enum
// value, a renamed label and a new layer, diff lists exactly those
// changes: with no layer on, under the layers they touch (the long dark
// removes the groat, so the new price shows in mites there; the new layer
// shows what it does), and nowhere else.
func TestDiffListsExactlyTheChanges(t *testing.T) {
	d, _ := compare(t, lanternRoad, next(t))
	if d.ID != "lantern-road" || d.Old.Version != "1.6.0" || d.New.Version != difftest.Version {
		t.Errorf("versions: %s %s → %s", d.ID, d.Old.Version, d.New.Version)
	}
	price := "prices | " + difftest.PricedItem + " | "
	wantBase := []string{
		"added layers | " + difftest.NewLayer + " | ",
		"removed enums | " + difftest.EnumField + " | value " + difftest.EnumValue,
		"changed " + price + "own price",
		"changed " + price + "at haggled down",
		"changed " + price + "at posted price",
		"changed " + price + "at road-gouged",
	}
	if got := keys(d.Base.Changes); !slices.Equal(got, wantBase) {
		t.Errorf("with no layer on:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantBase, "\n"))
	}
	own := find(t, d.Base.Changes, "changed "+price+"own price")
	if own.Old != "6 groats" || own.New != "7 groats" {
		t.Errorf("own price %q → %q, want 6 groats → 7 groats", own.Old, own.New)
	}
	if c := find(t, d.Base.Changes, "added layers | "+difftest.NewLayer+" | "); c.New != difftest.NewLayerLabel {
		t.Errorf("the new layer's label: %q", c.New)
	}

	var ids []string
	for _, l := range d.Layers {
		ids = append(ids, l.Layer)
		switch l.Layer {
		case "long_dark":
			// no groats: the price is re-expressed in mites; the haggled
			// price was in mites already, as with no layer on
			want := []string{"changed " + price + "own price", "changed " + price + "at posted price", "changed " + price + "at road-gouged"}
			if got := keys(l.Changes); !slices.Equal(got, want) {
				t.Errorf("under long_dark:\n%s", strings.Join(got, "\n"))
			}
			if c := find(t, l.Changes, "changed "+price+"own price"); c.Old != "60 mites" || c.New != "70 mites" {
				t.Errorf("under long_dark the own price %q → %q", c.Old, c.New)
			}
		case difftest.NewLayer:
			if l.Status != diff.Added || l.Label != difftest.NewLayerLabel {
				t.Errorf("the new layer's view: status %q, label %q", l.Status, l.Label)
			}
			want := []string{"changed guidance | check guidance | ", "removed market | seller " + difftest.NewLayerSeller + " | "}
			if got := keys(l.Changes); !slices.Equal(got, want) {
				t.Errorf("under %s:\n%s", l.Layer, strings.Join(got, "\n"))
			}
			g := find(t, l.Changes, "changed guidance | check guidance | ")
			if !strings.HasPrefix(g.New, g.Old+" Fog-bound road is on.") {
				t.Errorf("the layer's guidance is not appended: %q", g.New)
			}
		default:
			if l.Status != "" || len(l.Changes) > 0 {
				t.Errorf("under %s (%s), nothing more should change:\n%s", l.Layer, l.Status, strings.Join(keys(l.Changes), "\n"))
			}
		}
	}
	wantIDs := []string{"long_dark", "midsummer", "drowned_fens", "hill_fever", "guild_ruin", "toll_war", "lean_years", "unlit_wicks", difftest.NewLayer}
	if !slices.Equal(ids, wantIDs) {
		t.Errorf("views: %v", ids)
	}

	s := d.Strings
	if len(s.Changed) != 1 || s.Changed[0].Old != difftest.OldLabel || s.Changed[0].New != difftest.NewLabel || !strings.HasSuffix(s.Changed[0].Path, ".label") {
		t.Errorf("changed strings: %+v", s.Changed)
	}
	if !slices.Equal(s.Added, []string{difftest.NewLayerLabel}) {
		t.Errorf("added strings: %q", s.Added)
	}
	// the value and its value label
	if !slices.Equal(s.Removed, []string{difftest.EnumValue, "Brass lantern"}) {
		t.Errorf("removed strings: %q", s.Removed)
	}
	langs := map[string]diff.Language{}
	for _, l := range s.Languages {
		langs[l.Lang] = l
	}
	for _, lang := range []string{"fr", "pt-BR"} {
		l := langs[lang]
		if l.Old == nil || l.New == nil || l.New.Translated != l.Old.Translated-3 || l.New.Strings != l.Old.Strings-1 {
			// three translations lost: the old label's and the two brass strings'
			t.Errorf("%s coverage %+v → %+v", lang, l.Old, l.New)
		}
		if !slices.Equal(l.Untranslated, []string{difftest.NewLabel, difftest.NewLayerLabel}) {
			t.Errorf("%s shows in English: %q", lang, l.Untranslated)
		}
	}
	if st := d.Stored; len(st.Lost)+len(st.Moved)+len(st.Added) != 0 || st.NotCompared != "" {
		t.Errorf("stored ids: %+v", st)
	}
	if d.Empty() || d.Count() != len(wantBase)+3+2+4 {
		t.Errorf("Empty %v, Count %d", d.Empty(), d.Count())
	}
}

// A version against itself: nothing changes.
func TestDiffOfTheSameVersionIsEmpty(t *testing.T) {
	d, _ := compare(t, lanternRoad, lanternRoad)
	if !d.Empty() || d.Count() != 0 {
		t.Errorf("lantern-road against itself: %d changes\n%s", d.Count(), strings.Join(keys(d.Base.Changes), "\n"))
	}
	for _, l := range d.Strings.Languages {
		if *l.Old != *l.New || len(l.Untranslated) != 0 {
			t.Errorf("%s: %+v → %+v", l.Lang, l.Old, l.New)
		}
	}
}

// Backwards, every change turns round: the layer is gone (its own view
// lists what it took away), the value comes back, the label is changed
// back.
func TestDiffBackwards(t *testing.T) {
	d, _ := compare(t, next(t), lanternRoad)
	want := []string{
		"removed layers | " + difftest.NewLayer + " | ",
		"added enums | " + difftest.EnumField + " | value " + difftest.EnumValue,
	}
	if got := keys(d.Base.Changes); len(got) != 6 || !slices.Equal(got[:2], want) {
		t.Errorf("backwards:\n%s", strings.Join(got, "\n"))
	}
	last := d.Layers[len(d.Layers)-1]
	if last.Layer != difftest.NewLayer || last.Status != diff.Removed || len(last.Changes) != 2 {
		t.Errorf("the layer gone: %+v", last)
	}
	if len(d.Strings.Changed) != 1 || d.Strings.Changed[0].New != difftest.OldLabel {
		t.Errorf("changed strings: %+v", d.Strings.Changed)
	}
}

// Stored ids: a field renamed with a step is moved, without one lost, as
// migrate --since says; the new id is added either way.
func TestDiffStoredIDs(t *testing.T) {
	for _, name := range []string{migratetest.RenameWritten, migratetest.Rename} {
		t.Run(name, func(t *testing.T) {
			c, err := migratetest.LanternCase(lanternRoad, name)
			if err != nil {
				t.Fatal(err)
			}
			oldPath, newPath, err := c.Write(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			d, _ := compare(t, oldPath, newPath)
			st := d.Stored
			if len(st.Added) != 1 || st.Added[0].ID != migratetest.Renamed {
				t.Errorf("added: %+v", st.Added)
			}
			moved := len(st.Moved) == 1 && st.Moved[0].ID == "road_name" && slices.Equal(st.Moved[0].To, []string{migratetest.Renamed})
			lost := len(st.Lost) == 1 && st.Lost[0].ID == "road_name"
			if name == migratetest.RenameWritten && (!moved || len(st.Lost) != 0) {
				t.Errorf("with the step: moved %+v, lost %+v", st.Moved, st.Lost)
			}
			if name == migratetest.Rename && (!lost || len(st.Moved) != 0) {
				t.Errorf("without a step: moved %+v, lost %+v", st.Moved, st.Lost)
			}
		})
	}
}

// The two real published versions of the 5e ruleset (shared data): the
// newer one's sheet adds stored ids and display strings, nothing is lost,
// and the changelog names the Capability the analysis gives 0.9.1, in at
// most 1,000 characters.
func TestDiffRealVersions(t *testing.T) {
	real := modeltest.Shared(t, "fixtures", "marinara", "real")
	d, newR := compare(t, filepath.Join(real, "ruleset-5e-2014-0.5.0"), filepath.Join(real, "ruleset-5e-2014-0.9.1"))
	if d.Old.Version != "0.5.0" || d.New.Version != "0.9.1" {
		t.Errorf("versions %s → %s", d.Old.Version, d.New.Version)
	}
	if len(d.Stored.Added) == 0 || len(d.Stored.Lost) != 0 || d.Stored.From >= d.Stored.To {
		t.Errorf("stored ids: %d added, %d lost, sheet.version %d → %d", len(d.Stored.Added), len(d.Stored.Lost), d.Stored.From, d.Stored.To)
	}
	if len(d.Strings.Added) == 0 {
		t.Errorf("no display string added")
	}
	entry := diff.Changelog(d, "2026-12-08", 0, func(s string) string { return s })
	if utf8.RuneCountInString(entry) > diff.MaxChangelog || !strings.HasSuffix(entry, "Capability API 1."+strconv.Itoa(newR.Capability)) {
		t.Errorf("entry:\n%s", entry)
	}
	// each version against itself
	for _, v := range []string{"ruleset-5e-2014-0.5.0", "ruleset-5e-2014-0.9.1"} {
		if d, _ := compare(t, filepath.Join(real, v), filepath.Join(real, v)); !d.Empty() {
			t.Errorf("%s against itself: %d changes", v, d.Count())
		}
	}
}

// Every published ruleset, and every machine-made variant, against
// itself: nothing changes, nothing fails.
func TestDiffFixturesAgainstThemselves(t *testing.T) {
	for _, f := range modeltest.FixtureFiles(t, true) {
		d, _ := compare(t, f, f)
		if !d.Empty() {
			t.Errorf("%s against itself: %d changes", filepath.Base(f), d.Count())
		}
	}
}

// BenchmarkDiff compares lantern-road with its next version, as diff does
// once both are loaded: both analysed, then the views, strings and stored
// ids.
func BenchmarkDiff(b *testing.B) {
	dir := next(b)
	load := func(p string) *model.Workspace {
		ws, err := model.Load(model.OSFS{}, p)
		if err != nil {
			b.Fatal(err)
		}
		return ws
	}
	oldWS, newWS := load(lanternRoad), load(dir)
	for b.Loop() {
		d := diff.Compare(analysis.Run(oldWS, analysis.Options{}), analysis.Run(newWS, analysis.Options{Since: oldWS}))
		if d.Empty() {
			b.Fatal("no change")
		}
	}
}

// A catalog artifact's version is the one in its file name (its entry
// embeds no manifest); a bare ruleset file's is its version number.
func TestDiffVersionOfAnArtifact(t *testing.T) {
	d, _ := compare(t, "../../examples/mirefall", "../../examples/mirefall/mirefall-1.0.0.ruleset.json")
	if d.Old.Version != "1.0.0" || d.New.Version != "1.0.0" || !d.Empty() {
		t.Errorf("mirefall: %s → %s, %d changes", d.Old.Version, d.New.Version, d.Count())
	}
	d, _ = compare(t, lanternRoad+"/ruleset.json", lanternRoad+"/ruleset.json")
	if d.New.Version != "6" {
		t.Errorf("a bare file: version %q", d.New.Version)
	}
}

// edited writes lantern-road's next version and replaces one text of its
// ruleset, which must be there once.
func edited(t *testing.T, old, cur string) string {
	t.Helper()
	dir := next(t)
	edit(t, dir, old, cur)
	return dir
}

// edit replaces one text of the ruleset in dir, which must be there once.
func edit(t *testing.T, dir, old, cur string) {
	t.Helper()
	p := filepath.Join(dir, "ruleset.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), old); n != 1 {
		t.Fatalf("%q is in the ruleset %d times", old, n)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, cur, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A conflict dropped shows with no layer on, on both layers it concerned;
// a layer the Engine's fallback now drops when turned on alone says why
// under its own view, and what it no longer does.
func TestDiffLayerConflictsAndFallback(t *testing.T) {
	d, _ := compare(t, next(t), edited(t, `"conflicts": ["midsummer"],`, ``))
	want := []string{"removed layers | long_dark | conflicts with", "removed layers | midsummer | conflicts with"}
	if got := keys(d.Base.Changes); !slices.Equal(got, want) {
		t.Errorf("a conflict dropped:\n%s", strings.Join(got, "\n"))
	}
	for _, l := range d.Layers {
		if len(l.Changes) > 0 {
			t.Errorf("under %s: %s", l.Layer, strings.Join(keys(l.Changes), "\n"))
		}
	}

	// hill fever now removes every value of home_reach: on its own it
	// leaves the field no value, and the fallback drops it
	d, _ = compare(t, next(t), edited(t, `"fields": [{"id": "home_reach", "removeValues": ["stonegate"]}]`,
		`"fields": [{"id": "home_reach", "removeValues": ["stonegate", "fenward", "saltmarch"]}]`))
	found := false
	for _, l := range d.Layers {
		if l.Layer != "hill_fever" {
			continue
		}
		found = true
		c := find(t, l.Changes, "added layers | hill_fever | turned on alone")
		if !strings.HasPrefix(c.New, "not applied: ") {
			t.Errorf("why: %q", c.New)
		}
		find(t, l.Changes, "changed guidance | check guidance | ")
		find(t, l.Changes, "added enums | home_reach | value stonegate")
	}
	if !found {
		t.Error("no view of hill_fever")
	}
}

// The other parts a player sees, each under the view that shows it: a
// layer's ladder step and world guidance (under that layer only), a hide
// rule's test (the entries hidden and shown again under it), and a coin's
// label (every price in it, with no layer on).
func TestDiffLadderGuidanceHidingCoins(t *testing.T) {
	dir := next(t)
	edit(t, dir, `{"label": "Steady going", "dc": 10},`, `{"label": "Steady going", "dc": 11},`)
	edit(t, dir, `"worldGuidance": "The long dark is on.`, `"worldGuidance": "The long dark has come.`)
	edit(t, dir, `"hide": {"filter": "origin", "equals": "Smuggled"}`, `"hide": {"filter": "origin", "equals": "Guild-made"}`)
	edit(t, dir, `{"id": "warrant", "label": "warrants", "value": 25}`, `{"id": "warrant", "label": "writs", "value": 25}`)
	d, _ := compare(t, next(t), dir)
	for _, c := range d.Base.Changes {
		if c.Section != diff.SectionPrices || !strings.Contains(c.Old, "warrants") || !strings.Contains(c.New, "writs") {
			t.Errorf("with no layer on, not a price in writs: %s %q → %q", key(c), c.Old, c.New)
		}
	}
	if len(d.Base.Changes) == 0 {
		t.Error("with no layer on, no price in writs")
	}
	for _, l := range d.Layers {
		switch l.Layer {
		case "long_dark":
			want := []string{"changed guidance | world guidance | ", "changed ladder | Steady going | "}
			if got := keys(l.Changes); !slices.Equal(got, want) {
				t.Errorf("under long_dark:\n%s", strings.Join(got, "\n"))
			}
			if c := find(t, l.Changes, want[1]); c.Old != "dc 10" || c.New != "dc 11" {
				t.Errorf("the step: %q → %q", c.Old, c.New)
			}
		case "toll_war":
			find(t, l.Changes, "added entries | wares/tin-lantern | hidden from the pickers")
			find(t, l.Changes, "removed entries | wares/black-lantern | hidden from the pickers")
		default:
			for _, c := range l.Changes {
				if c.Section != diff.SectionPrices && c.Section != diff.SectionLoot {
					t.Errorf("under %s: %s", l.Layer, key(c))
				}
			}
		}
	}
	if len(d.Strings.Changed) != 1 || d.Strings.Changed[0].Old != "warrants" || d.Strings.Changed[0].New != "writs" {
		t.Errorf("changed strings: %+v", d.Strings.Changed)
	}
}
