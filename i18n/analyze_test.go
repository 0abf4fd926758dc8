package i18n

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// statesOf returns each tiny string's state in lang, as "Demo=translated".
func statesOf(t *testing.T, r *Report, lang string) map[string]State {
	t.Helper()
	l, err := r.Language(lang)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]State{}
	for i, s := range r.Strings() {
		out[s.Text] = l.States[i]
	}
	return out
}

func TestStates(t *testing.T) {
	// pt-BR's own file against its base pt, one string per case.
	ws := packageWS(t, tinyRuleset, map[string]string{
		"pt-BR.json": localeJSON("pt-BR", `
			"Demo": "Demonstração",
			"A demo.": "",
			"Hard": "",
			"Goblin": 7,
			"Stab": ""`),
		"pt.json": localeJSON("pt", `
			"Demo": "Demo pt",
			"A demo.": "Uma demo.",
			"Goblin": "Goblim",
			"Stab": "",
			"Prone": ""`),
	})
	r := Analyze(ws)
	got := statesOf(t, r, "pt-BR")
	want := map[string]State{
		"Demo":    Translated, // non-empty in its own file (the base's value does not matter)
		"A demo.": ViaBase,    // "" in its own file, non-empty in the base
		"Hard":    Empty,      // "" in its own file, nothing in the base
		"Goblin":  ViaBase,    // not text in its own file (counts as missing), the base has it
		"Stab":    Empty,      // "" in both
		"Prone":   Missing,    // no key in its own file; "" in the base is nothing
	}
	for s, w := range want {
		if got[s] != w {
			t.Errorf("pt-BR %q: %s, want %s", s, got[s], w)
		}
	}
	pt := statesOf(t, r, "pt")
	wantPt := map[string]State{"Demo": Translated, "A demo.": Translated, "Goblin": Translated, "Stab": Empty, "Prone": Empty, "Hard": Missing}
	for s, w := range wantPt {
		if pt[s] != w {
			t.Errorf("pt %q: %s, want %s (pt has no base of its own)", s, pt[s], w)
		}
	}
	// The non-text value is an error.
	findOne(t, r.Diagnostics, "locale-value")
}

func TestNonTextWithoutBaseIsMissing(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{"fr.json": localeJSON("fr", `"Demo": false, "Hard": ""`)})
	r := Analyze(ws)
	got := statesOf(t, r, "fr")
	if got["Demo"] != Missing || got["Hard"] != Empty {
		t.Errorf("Demo %s (want missing), Hard %s (want empty)", got["Demo"], got["Hard"])
	}
	c := r.Languages[0].Coverage
	if c.Missing != 5 || c.Empty != 1 || c.Strings != 6 {
		t.Errorf("coverage %+v", c)
	}
}

func TestCoverageAddsUp(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"pt-BR.json": localeJSON("pt-BR", `"Demo": "D", "Hard": "", "Old": "x", "Stab": "Golpe"`),
		"pt.json":    localeJSON("pt", `"A demo.": "Uma demo."`),
	})
	r := Analyze(ws)
	if len(r.Strings()) != 6 || r.Words() != 7 {
		t.Fatalf("%d strings, %d words; want 6 and 7", len(r.Strings()), r.Words())
	}
	l, _ := r.Language("pt-BR")
	c := l.Coverage
	want := Coverage{Strings: 6, Translated: 2, ViaBase: 1, Empty: 1, Missing: 2,
		Words: 7, WordsTranslated: 2, WordsViaBase: 2, WordsEmpty: 1, WordsMissing: 2}
	if c != want {
		t.Errorf("coverage\n got %+v\nwant %+v", c, want)
	}
	if c.Translated+c.ViaBase+c.Empty+c.Missing != c.Strings {
		t.Error("the four states do not add up to the strings")
	}
	if c.WordsTranslated+c.WordsViaBase+c.WordsEmpty+c.WordsMissing != c.Words {
		t.Error("the four states do not add up to the words")
	}
	if len(l.Stale) != 1 || l.Stale[0].English != "Old" {
		t.Errorf("stale %+v, want Old, counted apart", l.Stale)
	}
	if p := c.Percent(); p != 50 {
		t.Errorf("percent %v, want 50 (3 of 6)", p)
	}
	if p := c.WordsPercent(); p != 57.1 {
		t.Errorf("words percent %v, want 57.1 (4 of 7, rounded down)", p)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		part, whole int
		want        float64
	}{
		{0, 0, 100}, {0, 5, 0}, {5, 5, 100}, {1, 3, 33.3}, {2, 3, 66.6}, {9999, 10000, 99.9}, {1, 10000, 0},
	}
	for _, tt := range tests {
		if got := percent(tt.part, tt.whole); got != tt.want {
			t.Errorf("percent(%d, %d) = %v, want %v", tt.part, tt.whole, got, tt.want)
		}
	}
}

func TestStaleKeys(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"fr.json": localeJSON("fr", `"Demo": "Démo", "Gobelin": "x", "Prone ": "x", "stab": "", "Zzzzzzzzzzzzzzzzzzzzzz": "x"`),
	})
	r := Analyze(ws)
	l := r.Languages[0]
	want := map[string]string{"Gobelin": "Goblin", "Prone ": "Prone", "stab": "Stab", "Zzzzzzzzzzzzzzzzzzzzzz": ""}
	if len(l.Stale) != len(want) {
		t.Fatalf("stale %+v", l.Stale)
	}
	for _, s := range l.Stale {
		w, ok := want[s.English]
		if !ok {
			t.Errorf("unexpected stale key %q", s.English)
			continue
		}
		if near := r.Nearest(s.English); near != w {
			t.Errorf("nearest to %q is %q, want %q", s.English, near, w)
		}
	}
	onlyCodes(t, r.Diagnostics) // the stale warnings come with Findings
	ds := r.Findings(ws, nil, nil)
	stale := 0
	for _, d := range ds {
		if d.Code != "locale-stale" {
			t.Errorf("unexpected finding %s", d)
			continue
		}
		stale++
		if d.Severity.String() != "warning" || d.Line == 0 || !strings.HasPrefix(d.Path, "ruleset.") {
			t.Errorf("stale finding %+v: want a located warning at the key", d)
		}
	}
	if stale != 4 {
		t.Errorf("%d stale warnings, want 4", stale)
	}
	d := ds[0]
	if !strings.Contains(d.Message, `"Gobelin"`) || !strings.Contains(d.Message, `nearest current string is "Goblin"`) {
		t.Errorf("message %q should name the key and its nearest string", d.Message)
	}
	if c := l.Coverage; c.Translated != 1 || c.Empty != 0 || c.Missing != 5 {
		t.Errorf("stale keys must not count as strings: %+v", c)
	}
}

func TestNearest(t *testing.T) {
	strs := []DisplayString{{Text: "Road-luck die"}, {Text: "Guild favor"}, {Text: "Road luck"}, {Text: "Goblin"}, {Text: "Gobline"}, {Text: "Goblins"}}
	n := newNearest(strs)
	tests := []struct{ key, want string }{
		{"Road luck die", "Road-luck die"},
		{"Guild favour", "Guild favor"},
		{"Goblinx", "Goblin"}, // Goblin, Gobline and Goblins are all at 1: the first listed wins
		{"Roadluck", "Road luck"},
		{"", ""},                // nothing within 2 edits
		{"Go", ""},              // 4 edits, past the limit of 2
		{"Goblin kin", ""},      // 4 edits, past the limit of 3
		{"Goblin ki", "Goblin"}, // 3 edits, at the limit of 3
	}
	for _, tt := range tests {
		if got, _ := n.find(tt.key); got != tt.want {
			t.Errorf("nearest(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
	if got, _ := newNearest(nil).find("x"); got != "" {
		t.Errorf("nearest with no strings = %q", got)
	}
}

func TestBoundedDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		bound int
		want  int
		ok    bool
	}{
		{"kitten", "sitting", 10, 3, true},
		{"kitten", "sitting", 3, 3, true},
		{"kitten", "sitting", 2, 0, false},
		{"", "abc", 5, 3, true},
		{"abc", "", 5, 3, true},
		{"flaw", "lawn", 5, 2, true},
		{"Лежащий", "Лежащая", 5, 2, true},
		{"same", "same", 0, 0, true},
		{"a", "abcdef", 3, 0, false},
	}
	for _, tt := range tests {
		a, b := []rune(tt.a), []rune(tt.b)
		got, ok := boundedDistance(a, b, tt.bound, make([]int, len(a)+1), new(int))
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("distance(%q, %q, %d) = %d, %v; want %d, %v", tt.a, tt.b, tt.bound, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDuplicateLanguage(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"pt-BR.json": localeJSON("pt-BR", `"Demo": "Um"`),
		"pt-br.json": localeJSON("pt-BR", `"Demo": "Dois"`),
	})
	r := Analyze(ws)
	d := findOne(t, r.Diagnostics, "locale-duplicate")
	if d.File != "pkg/locales/pt-br.json" || !strings.Contains(d.Message, "pkg/locales/pt-BR.json") {
		t.Errorf("duplicate reported as %s", d)
	}
	if len(r.Languages) != 1 {
		t.Fatalf("%d languages, want one pt-BR", len(r.Languages))
	}
	if got := r.Languages[0].Show("Demo").Text; got != "Um" {
		t.Errorf("shown %q, want the first file's", got)
	}
}

func TestLanguagesListed(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"en.json":    localeJSON("en", ""),
		"fr.json":    localeJSON("fr", ""),
		"pt-BR.json": localeJSON("pt-BR", `"Demo": "D"`),
		"x_y.json":   localeJSON("x", ""),
	})
	r := Analyze(ws)
	var langs []string
	for _, l := range r.Languages {
		langs = append(langs, l.Lang)
	}
	// en without a ruleset section is the package's introduction, not a
	// translation; x_y gives no language; fr translates nothing but is a
	// language.
	if got := strings.Join(langs, " "); got != "fr pt-BR" {
		t.Errorf("languages %q, want fr pt-BR", got)
	}
	if len(r.Locales) != 4 {
		t.Errorf("%d locale files read, want 4", len(r.Locales))
	}
	if r.Locale("fr") == nil || r.Locale("de") != nil {
		t.Error("Locale lookup by language")
	}
	if i, ok := r.Index("Hard"); !ok || i != 2 {
		t.Errorf("Index(Hard) = %d, %v", i, ok)
	}
}

func TestLanguageWithoutFile(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{"pt.json": localeJSON("pt", `"Demo": "Demo pt", "Hard": ""`)})
	r := Analyze(ws)
	l, err := r.Language("pt-pt")
	if err != nil {
		t.Fatal(err)
	}
	if l.Lang != "pt-PT" || l.Base != "pt" || l.Own != nil || l.BaseLocale == nil {
		t.Fatalf("pt-PT read as %+v", l)
	}
	if c := l.Coverage; c.ViaBase != 1 || c.Missing != 5 || c.Empty != 0 {
		t.Errorf("coverage %+v: via base 1; Hard is empty only in the base, so missing", c)
	}
	de, _ := r.Language("de")
	if c := de.Coverage; c.Missing != 6 || de.Base != "" {
		t.Errorf("de: %+v", de)
	}
	if _, err := r.Language("pt_PT"); err == nil {
		t.Error("pt_PT is not a tag")
	}
}

func TestShow(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"pt-BR.json": localeJSON("pt-BR", `"Goblin": "Goblim", "Hard": "", "Prone": ""`),
		"pt.json":    localeJSON("pt", `"Goblin": "Duende", "Stab": "Facada", "Prone": "Caído"`),
	})
	r := Analyze(ws)
	l, _ := r.Language("pt-BR")
	tests := []struct {
		english string
		want    Shown
	}{
		{"Goblin", Shown{Text: "Goblim", State: Translated, Lang: "pt-BR", File: "pkg/locales/pt-BR.json"}},
		{"Stab", Shown{Text: "Facada", State: ViaBase, Lang: "pt", File: "pkg/locales/pt.json"}},
		{"Prone", Shown{Text: "Caído", State: ViaBase, Lang: "pt", File: "pkg/locales/pt.json"}},
		{"Hard", Shown{Text: "Hard", State: Empty, Lang: "en"}},
		{"Demo", Shown{Text: "Demo", State: Missing, Lang: "en"}},
		{"Not in the ruleset", Shown{Text: "Not in the ruleset", State: Missing, Lang: "en"}},
	}
	for _, tt := range tests {
		if got := l.Show(tt.english); got != tt.want {
			t.Errorf("Show(%q) = %+v, want %+v", tt.english, got, tt.want)
		}
	}
}

func TestShowName(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"pt-BR.json": localeJSON("pt-BR", `"Goblin": "Goblim", "Goblin 3": "O terceiro", "Prone": ""`),
		"pt.json":    localeJSON("pt", `"Stab": "Facada"`),
	})
	r := Analyze(ws)
	l, _ := r.Language("pt-BR")
	tests := []struct {
		name, want string
		state      State
	}{
		{"Goblin", "Goblim", Translated},
		{"Goblin 2", "Goblim 2", Translated},
		{"Goblin 12", "Goblim 12", Translated},
		{"Goblin 3", "O terceiro", Translated}, // its own translation wins
		{"Stab 2", "Facada 2", ViaBase},        // the rest translated via the base
		{"Prone 2", "Prone 2", Missing},        // the rest is empty: English
		{"Demo 2", "Demo 2", Missing},          // the rest has no translation
		{"Goblin2", "Goblin2", Missing},        // no space before the number
		{"Goblin  2", "Goblin  2", Missing},    // the rest would be "Goblin "
		{"Goblin 2b", "Goblin 2b", Missing},    // not a number
		{"Goblin -2", "Goblin -2", Missing},
		{" 2", " 2", Missing},
		{"2", "2", Missing},
	}
	for _, tt := range tests {
		got := l.ShowName(tt.name)
		if got.Text != tt.want || got.State != tt.state {
			t.Errorf("ShowName(%q) = %q (%s), want %q (%s)", tt.name, got.Text, got.State, tt.want, tt.state)
		}
	}
}

func TestNumbered(t *testing.T) {
	tr := map[string]string{"Goblin": "Гоблин", "Fire Bolt": "Огненный снаряд", "Goblin 7": "Седьмой"}
	lookup := func(s string) (string, bool) { v, ok := tr[s]; return v, ok }
	tests := []struct{ name, want string }{
		{"Goblin", "Гоблин"},
		{"Goblin 2", "Гоблин 2"},
		{"Goblin 7", "Седьмой"},
		{"Fire Bolt 10", "Огненный снаряд 10"},
		{"Orc 2", "Orc 2"},
		{"Goblin", "Гоблин"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Numbered(tt.name, lookup); got != tt.want {
			t.Errorf("Numbered(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestStateNames(t *testing.T) {
	for s, want := range map[State]string{Translated: "translated", ViaBase: "via base", Empty: "empty", Missing: "missing", State(9): "unknown"} {
		if s.String() != want {
			t.Errorf("%d is %q, want %q", s, s.String(), want)
		}
		if b, _ := s.MarshalText(); string(b) != want {
			t.Errorf("%d marshals as %q", s, b)
		}
	}
}

func TestAnalyzeNil(t *testing.T) {
	r := Analyze(nil)
	if len(r.Strings()) != 0 || len(r.Languages) != 0 || len(r.Diagnostics) != 0 {
		t.Errorf("Analyze(nil) = %+v", r)
	}
	if ds := Check(nil); len(ds) != 0 {
		t.Errorf("Check(nil) = %v", ds)
	}
}

func TestBrokenRulesetStillReadsLocales(t *testing.T) {
	ws := packageWS(t, `{"name": `, map[string]string{"fr.json": localeJSON("fr", `"Demo": "Démo"`)})
	r := Analyze(ws)
	if len(r.Strings()) != 0 || len(r.Languages) != 1 {
		t.Fatalf("%d strings, %d languages", len(r.Strings()), len(r.Languages))
	}
	// The keys are read even so; whether they are stale is not judged (see
	// TestNoStaleKeysWithoutARuleset).
	if l := r.Locale("fr"); l == nil || len(l.Keys) != 1 {
		t.Errorf("the fr keys were not read: %+v", l)
	}
}

func TestRepeatedKeys(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"fr.json": localeJSON("fr", `"Demo": "Un", "Old": "a", "Demo": "", "Old": "b"`),
	})
	r := Analyze(ws)
	l := r.Languages[0]
	// The last value counts, as with JSON.parse: Demo is empty.
	if got := l.Show("Demo"); got.State != Empty || got.Text != "Demo" {
		t.Errorf("Demo: %+v, want empty", got)
	}
	if len(l.Stale) != 1 || l.Stale[0].English != "Old" || l.Stale[0].Node.Str() != "b" {
		t.Errorf("stale %+v, want Old once, at its last value", l.Stale)
	}
	if k, _ := l.Own.Lookup("Old"); k.Value != "b" {
		t.Errorf("Lookup(Old) = %q, want the last value", k.Value)
	}
	// The parser warns about each repeat; the stale key is reported once.
	findOne(t, r.Findings(ws, nil, nil), "locale-stale")
	n := 0
	for _, d := range ws.Diagnostics {
		if d.Code == "json-duplicate-key" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d repeat warnings from the parser, want 2", n)
	}
}

func TestBlankAndUnsafeText(t *testing.T) {
	for s, want := range map[string]bool{"": false, " ": true, "\t\n": true, "\u00a0": true, " x ": false, "x": false, "«x»": false, "\u3000": true} {
		if got := blank(s); got != want {
			t.Errorf("blank(%q) = %v", s, got)
		}
	}
	for _, s := range []string{"a\nb", "a\x00", "a\x7f", "a\u0085b", "a\u2028b", "a\u2029"} {
		if unsafeText(s) == "" {
			t.Errorf("unsafeText(%q) found nothing", s)
		}
	}
	for _, s := range []string{"", "Démo", "«x»", "a\u2014b", "火の玉", "a\u00a0b"} {
		if why := unsafeText(s); why != "" {
			t.Errorf("unsafeText(%q) = %q", s, why)
		}
	}
}

func TestHintsAreBounded(t *testing.T) {
	var keys []string
	for i := 0; i < maxHints+20; i++ {
		keys = append(keys, fmt.Sprintf("%q: \"x\"", fmt.Sprintf("Goblin%03d", i)))
	}
	ws := packageWS(t, tinyRuleset, map[string]string{"fr.json": localeJSON("fr", strings.Join(keys, ", "))})
	ds := Analyze(ws).Findings(ws, nil, nil)
	if len(ds) != maxHints+20 {
		t.Fatalf("%d findings", len(ds))
	}
	for i, d := range ds {
		hinted := strings.Contains(d.Message, `nearest current string is "Goblin"`)
		capped := strings.Contains(d.Message, "too many stale keys")
		if hinted != (i < maxHints) || capped != (i >= maxHints) {
			t.Errorf("finding %d: %s", i, d.Message)
		}
	}
}

// levenshtein is the plain textbook distance, to check the fast search.
func levenshtein(a, b []rune) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func TestNearestMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		alphabet := []rune("abcdeé -Ж")
		rs := make([]rune, rng.IntN(12))
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(rs)
	}
	var strs []DisplayString
	seen := map[string]bool{}
	for len(strs) < 300 {
		if w := word(); !seen[w] {
			seen[w] = true
			strs = append(strs, DisplayString{Text: w})
		}
	}
	n := newNearest(strs)
	for i := 0; i < 2000; i++ {
		key := word()
		k := []rune(key)
		want, best := "", nearLimit(len(k))+1
		for _, s := range strs {
			if d := levenshtein(k, []rune(s.Text)); d < best {
				want, best = s.Text, d
			}
		}
		if got, _ := n.find(key); got != want {
			t.Fatalf("nearest(%q) = %q, want %q (distance %d)", key, got, want, best)
		}
		// The bounded distance agrees with the textbook one.
		for _, s := range strs[:20] {
			b := []rune(s.Text)
			d := levenshtein(k, b)
			for _, bound := range []int{d - 1, d, d + 3} {
				got, ok := boundedDistance(k, b, bound, make([]int, len(k)+1), new(int))
				if ok != (d <= bound) || (ok && got != d) {
					t.Fatalf("boundedDistance(%q, %q, %d) = %d, %v; distance is %d", key, s.Text, bound, got, ok, d)
				}
			}
		}
	}
}

// A ruleset that cannot be read makes every key look stale; those warnings
// would bury the one finding that matters, so none are given.
func TestNoStaleKeysWithoutARuleset(t *testing.T) {
	ws := packageWS(t, `{"schemaVersion": 1,`, map[string]string{
		"fr.json": localeJSON("fr", `"Demo": "Démo", "Goblin": "Gobelin"`),
	})
	if ws.Ruleset != nil {
		t.Fatal("the broken ruleset was read")
	}
	for _, d := range Analyze(ws).Findings(ws, nil, nil) {
		if d.Code == "locale-stale" {
			t.Errorf("stale warning without a ruleset: %s", d)
		}
	}
}

// The searches for hints share a budget: once it is spent, a key not
// answered before gets no hint and is said not to have been looked for,
// while the answers found before it stay. The check says so in its
// warnings.
func TestNearestBudget(t *testing.T) {
	strs := []DisplayString{{Text: "Road luck"}, {Text: "Guild favor"}}
	n := newNearest(strs)
	if near, looked := n.find("Road lucky"); near != "Road luck" || !looked {
		t.Fatalf("find = %q, %v", near, looked)
	}
	n.left = 0
	if near, looked := n.find("Guild favour"); near != "" || looked {
		t.Errorf("with the budget spent: find = %q, %v", near, looked)
	}
	if near, looked := n.find("Road lucky"); near != "Road luck" || !looked {
		t.Errorf("an answer found before: find = %q, %v", near, looked)
	}

	fsys := fstest.MapFS{}
	for name, data := range modeltest.StaleLocale(400) {
		fsys["pkg/"+name] = &fstest.MapFile{Data: data}
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	looked, notLooked := 0, 0
	for _, d := range Check(ws) {
		switch {
		case d.Code != CodeLocaleStale:
		case strings.Contains(d.Message, "too many stale keys"):
			notLooked++
		default:
			looked++
		}
	}
	if looked == 0 || looked >= maxHints || looked+notLooked != 400 {
		t.Errorf("%d stale keys looked for, %d not", looked, notLooked)
	}
}
