package outline_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rulebench/analysis/outline"
	"rulebench/model"
	"rulebench/rules"
)

const mirefall = "../../examples/mirefall/mirefall-1.0.0.ruleset.json"

// outlineOf outlines a ruleset file under a layer selection.
func outlineOf(t *testing.T, file string, on ...string) *outline.Outline {
	t.Helper()
	ws, err := model.Load(model.OSFS{}, file)
	if err != nil || ws.Ruleset == nil {
		t.Fatalf("%s: %v", file, err)
	}
	res := rules.NewResolver(ws.Ruleset)
	return outline.New(res.Resolve(on), res.Resolve(nil), ws.Saves)
}

func price(t *testing.T, o *outline.Outline, key string) outline.Price {
	t.Helper()
	for _, p := range o.Prices.Items {
		if p.Key == key {
			return p
		}
	}
	t.Fatalf("no price %s", key)
	return outline.Price{}
}

// TestMirefall: every section of Mirefall with its four layers on, each
// change against the base marked and the base's value beside it.
func TestMirefall(t *testing.T) {
	o := outlineOf(t, mirefall, "high_water", "lean_trade", "bog_law", "fog_years", "nope")
	var applied []string
	for _, l := range o.Applied {
		applied = append(applied, l.Label)
	}
	if got := strings.Join(applied, ", "); got != "High water, Lean trade, Bog law, Fog years" {
		t.Errorf("applied: %s", got)
	}
	if len(o.Dropped) != 1 || o.Dropped[0].Name != "nope" || o.Dropped[0].Why != `the ruleset declares no layer "nope"` {
		t.Errorf("dropped: %+v", o.Dropped)
	}
	// Guidance: the base's, what each layer appends, and the whole text.
	if a := o.Check.Appended; len(a) != 1 || a[0].Layer.ID != "high_water" || !strings.HasSuffix(o.Check.Text, a[0].Text) ||
		!strings.HasPrefix(o.Check.Text, o.Check.Base) {
		t.Errorf("check guidance: %+v", o.Check)
	}
	if w := o.World; w.HasBase || !w.HasText || len(w.Appended) != 1 || w.Appended[0].Layer.Label != "Fog years" {
		t.Errorf("world guidance: %+v", w)
	}
	// The ladder comes from High water; its steps pair with the base's.
	if o.Ladder.From == nil || o.Ladder.From.ID != "high_water" || o.Ladder.Kind != "dice-pool" {
		t.Errorf("ladder from %+v, kind %s", o.Ladder.From, o.Ladder.Kind)
	}
	kinds := map[string]string{}
	for _, s := range o.Ladder.Steps {
		kinds[s.Label] = s.Kind
	}
	if kinds["Tricky"] != rules.StepSame || kinds["Heroic"] != rules.StepChanged {
		t.Errorf("ladder steps: %v", kinds)
	}
	// Fog years removes otter from the totem.
	want := outline.Enum{ID: "totem", Label: o.Enums[0].Label,
		Values: []outline.Value{{Text: "heron"}, {Text: "eel"}, {Text: "otter", Removed: true}},
		Kept:   []string{"heron", "eel"}, Default: "heron", HasDefault: true, BaseDefault: "heron",
		Removed: []string{"otter"}, By: []string{"fog_years"}, ByNames: []string{"Fog years"}}
	if len(o.Enums) != 1 || !reflect.DeepEqual(o.Enums[0], want) {
		t.Errorf("enums:\n got %+v\nwant %+v", o.Enums, want)
	}
	// Lean trade removes the sheaf.
	if c := o.Coins; len(c) != 1 || c[0].Removed || strings.Join(c[0].Left, ",") != "reed,bundle" || strings.Join(c[0].Gone, ",") != "sheaf" {
		t.Errorf("coins: %+v", c)
	}
	// Prices: written, shown and at each level, each beside the base's.
	if got := strings.Join(o.Prices.Levels, ", "); got != "low water, fair, steep" {
		t.Errorf("levels: %s", got)
	}
	pole := price(t, o, "pack/iron-punt-pole")
	if pole.Written != "2 sheaves" || pole.Shown != (outline.Cell{Text: "10 bundles", Changed: true, Base: "2 sheaves"}) ||
		pole.Levels[1] != (outline.Cell{Text: "10 bundles", Changed: true, Base: "2 sheaves"}) || pole.Levels[0].Changed || !pole.LevelsChanged() {
		t.Errorf("iron punt pole: %+v", pole)
	}
	if why, ok := o.Why(pole); !ok || why != "Lean trade removes sheaves: 2 sheaves = 120 reeds → 10 bundles" {
		t.Errorf("why: %q %v", why, ok)
	}
	snare := price(t, o, "pack/reed-snare")
	if snare.Shown.Changed || snare.LevelsChanged() {
		t.Errorf("the reed snare's prices are marked changed: %+v", snare)
	}
	if _, ok := o.Why(snare); ok {
		t.Error("the reed snare's price has a why")
	}
	// The market: Bog law removes the eeler and takes iron off sale.
	m := o.Market
	if !m.Declared || len(m.Sellers) != 2 || m.Sellers[0].Name() != "reed-wife" || len(m.Removed) != 1 ||
		m.Removed[0].Seller.ID != "eeler" || m.Removed[0].Layer.ID != "bog_law" {
		t.Errorf("market: %+v", m)
	}
	if len(m.Unsold) != 1 || m.Unsold[0].Filter.Tag != "iron" || m.Unsold[0].Layer.ID != "bog_law" || !reflect.DeepEqual(m.Unsold[0].Takes, []string{"pack/gutting-knife", "pack/iron-punt-pole"}) {
		t.Errorf("unsold: %+v", m.Unsold)
	}
	// Loot: Bog law replaces bog_pickings; a line of the hoard pays in the
	// removed sheaf.
	if l := o.Loot; len(l) != 2 || l[0].ReplacedBy == nil || l[0].ReplacedBy.ID != "bog_law" || l[0].TableLabel != "Thin pickings" ||
		l[1].ReplacedBy != nil || len(l[1].Dead) != 1 || l[1].Dead[0].Reason != "its coin is removed" || l[1].Dead[0].By.ID != "lean_trade" {
		t.Errorf("loot: %+v", l)
	}
}

// TestNoLayer: with no layer on nothing is marked changed.
func TestNoLayer(t *testing.T) {
	for _, file := range []string{mirefall, "../../examples/lantern-road"} {
		o := outlineOf(t, file)
		if len(o.Applied) != 0 || o.Ladder.From != nil || len(o.Check.Appended) != 0 {
			t.Errorf("%s: layers applied: %+v", file, o.Applied)
		}
		for _, p := range o.Prices.Items {
			if p.Shown.Changed || p.LevelsChanged() {
				t.Errorf("%s: %s marked changed", file, p.Key)
			}
		}
		for _, e := range o.Enums {
			if e.DefaultChanged || len(e.Removed) > 0 {
				t.Errorf("%s: %s narrowed", file, e.ID)
			}
		}
		for _, c := range o.Catalogs {
			if c.Hidden > 0 {
				t.Errorf("%s: %s has hidden entries", file, c.ID)
			}
		}
		for _, s := range o.Ladder.Steps {
			if s.Kind != rules.StepSame {
				t.Errorf("%s: step %s %s", file, s.Label, s.Kind)
			}
		}
	}
}

// TestLanternRoadKept: the Long dark hides catalog entries, each with its
// rule, and the sample saves keep what it removes.
func TestLanternRoadKept(t *testing.T) {
	o := outlineOf(t, "../../examples/lantern-road", "long_dark", "midsummer", "toll_war", "lean_years")
	hidden := 0
	for _, c := range o.Catalogs {
		n := 0
		for _, e := range c.Entries {
			if e.Hidden {
				n++
				if e.By == nil || e.Test == "" {
					t.Errorf("%s/%s is hidden with no rule: %+v", c.ID, e.ID, e)
				}
			}
		}
		if n != c.Hidden {
			t.Errorf("%s: %d entries marked hidden, Hidden %d", c.ID, n, c.Hidden)
		}
		hidden += n
	}
	kept := 0
	for _, s := range o.Saves {
		kept += len(s.Kept)
	}
	if hidden == 0 || kept == 0 {
		t.Errorf("%d hidden entries, %d kept values", hidden, kept)
	}
}

// TestFileTextMadeSafe: text from the file reaches the outline as visible
// escapes, never raw.
func TestFileTextMadeSafe(t *testing.T) {
	data, err := os.ReadFile(mirefall)
	if err != nil {
		t.Fatal(err)
	}
	esc := `\u001b[2J\u0007\u009b31m\u202e`
	text := strings.NewReplacer(`"label": "`, `"label": "`+esc, `"guidance": "`, `"guidance": "`+esc).Replace(string(data))
	file := filepath.Join(t.TempDir(), "mirefall-1.0.0.ruleset.json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	o := outlineOf(t, file, "high_water", "lean_trade", "bog_law", "fog_years")
	if !strings.Contains(o.Applied[0].Label, `\x1b[2J`) {
		t.Fatalf("the layer's label %q is not the hostile one", o.Applied[0].Label)
	}
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			if s := v.String(); s != model.Visible(s) {
				t.Errorf("%s holds raw control characters: %q", path, s)
			}
		case reflect.Pointer:
			if !v.IsNil() && v.Type().Elem().PkgPath() == reflect.TypeFor[outline.Outline]().PkgPath() {
				walk(path, v.Elem())
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if f := v.Type().Field(i); f.IsExported() && f.Name != "File" && f.Name != "Filter" {
					walk(path+"."+f.Name, v.Field(i))
				}
			}
		}
	}
	walk("Outline", reflect.ValueOf(o).Elem())
}
