package i18n

import (
	"fmt"
	"math"
	"sync"

	"rulebench/model"
)

// State is what a display string is in one language (decisions §3). Every
// string is in exactly one state.
type State uint8

// The states of a display string in one language.
const (
	// Missing: no key in the language's own file and nothing in its base
	// language's file; shown in English.
	Missing State = iota
	// Empty: "" in the own file and nothing in the base; shown in English.
	Empty
	// ViaBase: no usable value in the own file, a non-empty one in the base
	// language's file, which is shown.
	ViaBase
	// Translated: a non-empty value in the language's own file.
	Translated
)

var stateNames = [...]string{"missing", "empty", "via base", "translated"}

// String names the state: "translated", "via base", "empty" or "missing".
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "unknown"
}

// MarshalText writes the state as its name.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Coverage counts a language's display strings by state, in strings and
// in words (see CountWords). Translated+ViaBase+Empty+Missing == Strings,
// and likewise for words.
type Coverage struct {
	Strings, Translated, ViaBase, Empty, Missing                   int
	Words, WordsTranslated, WordsViaBase, WordsEmpty, WordsMissing int
}

// Percent is the share of display strings a player of the language sees
// translated (in its own file or via its base), rounded down to a tenth so
// that only complete coverage reads 100. With no display strings it is 100.
func (c Coverage) Percent() float64 { return percent(c.Translated+c.ViaBase, c.Strings) }

// WordsPercent is Percent counted in words.
func (c Coverage) WordsPercent() float64 {
	return percent(c.WordsTranslated+c.WordsViaBase, c.Words)
}

func percent(part, whole int) float64 {
	if whole == 0 {
		return 100
	}
	return math.Floor(float64(part)*1000/float64(whole)) / 10
}

func (c *Coverage) add(s State, words int) {
	c.Strings++
	c.Words += words
	switch s {
	case Translated:
		c.Translated++
		c.WordsTranslated += words
	case ViaBase:
		c.ViaBase++
		c.WordsViaBase += words
	case Empty:
		c.Empty++
		c.WordsEmpty += words
	default:
		c.Missing++
		c.WordsMissing += words
	}
}

// StaleKey is a key of a locale file's ruleset section that matches no
// current display string. Report.Nearest gives the nearest current string,
// as a hint.
type StaleKey struct {
	English string
	Node    *model.Node
}

// Language is one language's view of the ruleset: its own file and its
// base language's file (each nil when absent), each display string's state,
// the coverage, and the stale keys of its own file.
type Language struct {
	Lang string
	// Base is the base language when it differs from Lang (pt for pt-BR),
	// else "".
	Base       string
	Own        *Locale
	BaseLocale *Locale
	// States holds each display string's state, in Report.Strings() order.
	States   []State
	Coverage Coverage
	Stale    []StaleKey

	// ownAt and baseAt give, for each display string, the index of its key
	// in Own and BaseLocale, or -1.
	ownAt, baseAt []int32
}

// Report is the translation picture of a workspace: the display strings
// (Strings, listed on first use), every locale file read, one Language per
// language that has a file, and the findings about the locale files
// themselves (Diagnostics; Findings adds the stale keys and a catalog
// entry's checks). A finding made by path rather than at a node has no
// position yet; the caller locates it. A Report is safe for concurrent
// reads.
type Report struct {
	// Catalog tells whether the workspace is a catalog artifact, whose
	// translations are language packs fetched one at a time.
	Catalog bool
	// Locales are all locale files (or packs), in the order read. A catalog
	// entry the loader found beside an artifact (an object with an artifact
	// member) is not a pack and is left out.
	Locales []*Locale
	// Languages has one entry per language with a locale file, in file
	// order. English without a ruleset section (a package's own
	// introduction) is not a translation and is left out.
	Languages   []*Language
	Diagnostics []model.Diagnostic

	// ruleset is what the display strings are listed from, on first use
	// (strs): a check with no locale file never needs them.
	ruleset *model.Ruleset
	once    sync.Once
	strings []DisplayString
	index   map[string]int // each display string's position in strings
	words   int

	byLang map[string]*Locale
	stale  map[*Locale][]StaleKey
	// keyIndex maps each locale's keys onto the display strings: for
	// string i, the index of its key in the locale, or -1.
	keyIndex map[*Locale][]int32

	nearMu sync.Mutex
	near   *nearest // built on first use
}

// Analyze reads every locale file of a workspace against its display
// strings: what each language translates, each string's state, coverage,
// and stale keys. Report.Diagnostics holds the findings about the files
// themselves; Findings adds the stale-key warnings, whose nearest-string
// hints cost more than the rest and are worked out only when asked for.
// The display strings are listed only when something needs them: mapping
// a locale file's keys, a Language, or a call of Strings, Words or Index.
func Analyze(ws *model.Workspace) *Report {
	r := &Report{byLang: map[string]*Locale{}, stale: map[*Locale][]StaleKey{}, keyIndex: map[*Locale][]int32{}}
	if ws == nil {
		return r
	}
	r.Catalog = ws.Kind == model.Artifact
	r.ruleset = ws.Ruleset
	for _, f := range ws.Locales {
		if isCatalogEntry(f) {
			continue
		}
		l, ds := ReadLocale(f, r.Catalog)
		r.Diagnostics = append(r.Diagnostics, ds...)
		r.Locales = append(r.Locales, l)
		if l.Lang == "" {
			continue
		}
		if first, dup := r.byLang[l.Lang]; dup {
			d := model.At(model.Error, f.Name, f.Root, CodeLocaleDuplicate,
				"this file gives the language %s, as %s already does; only the first is used", l.Lang, first.Name())
			d.Category = model.Translations
			r.Diagnostics = append(r.Diagnostics, d)
			continue
		}
		r.byLang[l.Lang] = l
	}
	for _, l := range r.Locales {
		r.mapKeys(l)
	}
	for _, l := range r.Locales {
		if l.Lang == "" || r.byLang[l.Lang] != l || (l.Lang == "en" && !l.HasRuleset) {
			continue
		}
		lang, _ := r.Language(l.Lang)
		r.Languages = append(r.Languages, lang)
	}
	return r
}

// strs lists the display strings, indexes them and counts their words,
// once, on first use, and returns them. Every use of strings, index and
// words goes through it.
func (r *Report) strs() []DisplayString {
	r.once.Do(func() {
		r.strings, r.index = collect(r.ruleset)
		for _, s := range r.strings {
			r.words += s.Words
		}
	})
	return r.strings
}

// Strings returns the display strings of the ruleset (see the function
// Strings), each distinct text once, in the order first met. They are
// listed on the first call (or first other need) and shared afterwards:
// the caller must not modify the slice.
func (r *Report) Strings() []DisplayString { return r.strs() }

// Words returns the number of words in all display strings, each distinct
// string counted once.
func (r *Report) Words() int {
	r.strs()
	return r.words
}

// isCatalogEntry tells whether a file the loader took for a language pack
// is in fact a catalog entry (an object with an artifact member), such as
// <id>-<version>.entry.json beside an artifact.
func isCatalogEntry(f *model.File) bool {
	return f.Root != nil && f.Root.Kind == model.Object && f.Root.Get("artifact") != nil && f.Root.Get("_meta") == nil
}

// mapKeys maps the keys of l's ruleset section onto the display strings,
// and records the keys that match none (stale keys).
func (r *Report) mapKeys(l *Locale) {
	at := make([]int32, len(r.strs()))
	for i := range at {
		at[i] = -1
	}
	r.keyIndex[l] = at
	// The stale keys written more than once, where each is listed: only
	// a key with a later repeat (Overridden) goes in, so a file of a million
	// distinct keys makes no map of them.
	var repeated map[string]int
	for ki, k := range l.Keys {
		if si, ok := r.index[k.English]; ok {
			at[si] = int32(ki) // a later repeat wins
			continue
		}
		if i, seen := repeated[k.English]; seen {
			r.stale[l][i] = StaleKey{English: k.English, Node: k.Node}
			continue
		}
		if r.stale[l] == nil {
			// Room for every key left: a large slice grown by append
			// would cost five times its size.
			r.stale[l] = make([]StaleKey, 0, len(l.Keys)-ki)
		}
		if !k.Node.Overridden() {
			r.stale[l] = append(r.stale[l], StaleKey{English: k.English, Node: k.Node})
			continue
		}
		if repeated == nil {
			repeated = map[string]int{}
		}
		repeated[k.English] = len(r.stale[l])
		r.stale[l] = append(r.stale[l], StaleKey{English: k.English, Node: k.Node})
	}
}

// Nearest returns the current display string nearest to a text (fewest
// characters inserted, deleted or replaced; the first listed among equals),
// or "" when none is within a third of the text's length (at least 2
// edits), or when the report's searches have spent their budget (about a
// tenth of a second of work; see nearest). It is the hint given for a
// stale key.
// Answers are remembered; Nearest is safe for concurrent use.
func (r *Report) Nearest(text string) string {
	near, _ := r.nearest(text)
	return near
}

// nearest is Nearest, and whether the answer was looked for (false once the
// budget is spent).
func (r *Report) nearest(text string) (string, bool) {
	r.nearMu.Lock()
	defer r.nearMu.Unlock()
	if r.near == nil {
		r.near = newNearest(r.strs())
	}
	return r.near.find(text)
}

// maxHints bounds the nearest-string searches one report makes for its
// warnings: a file written for another ruleset can have thousands of stale
// keys, and each search costs a pass over the display strings.
const maxHints = 100

// staleFindings warns about every stale key, with the nearest current
// string as a hint when one is near (for the first maxHints keys).
func (r *Report) staleFindings() []model.Diagnostic {
	var ds []model.Diagnostic
	hints := 0
	for _, l := range r.Locales {
		var left model.LeftOut
		listed := 0
		for _, s := range r.stale[l] {
			if !left.Room(listed, model.Warning) {
				continue
			}
			listed++
			msg := fmt.Sprintf("%q matches no display string of the ruleset (a stale key)", s.English)
			hints++
			near, looked := "", false
			if hints <= maxHints {
				near, looked = r.nearest(s.English)
			}
			if !looked {
				msg += "; too many stale keys to look for the nearest strings"
			} else if near != "" {
				msg += fmt.Sprintf("; the nearest current string is %q", near)
			}
			ds = append(ds, keyAt(model.Warning, l.Name(), s.Node, CodeLocaleStale, "%s", msg))
		}
		ds = left.Close(l.Name(), ds)
	}
	return ds
}

// Locale returns the locale file used for a canonical language tag, or nil.
func (r *Report) Locale(lang string) *Locale { return r.byLang[lang] }

// Index returns the position of an English display string in Strings.
func (r *Report) Index(english string) (int, bool) {
	r.strs()
	i, ok := r.index[english]
	return i, ok
}

// Language returns the view of the ruleset in any language, whether or not
// it has a file of its own (pt-PT with only a pt file reads everything via
// its base). code is any valid language tag.
func (r *Report) Language(code string) (*Language, error) {
	tag, err := ParseTag(code)
	if err != nil {
		return nil, err
	}
	lang := &Language{Lang: tag.String(), Own: r.byLang[tag.String()]}
	if base, differs := BaseOf(tag); differs {
		lang.Base = base
		lang.BaseLocale = r.byLang[base]
	}
	lang.ownAt, lang.baseAt = r.keyIndex[lang.Own], r.keyIndex[lang.BaseLocale]
	lang.Stale = r.stale[lang.Own]
	strs := r.strs()
	lang.States = make([]State, len(strs))
	for i, s := range strs {
		st := lang.stateAt(i)
		lang.States[i] = st
		lang.Coverage.add(st, s.Words)
	}
	return lang, nil
}

// key returns the key of display string i in a locale mapped by at.
func key(l *Locale, at []int32, i int) (Key, bool) {
	if l == nil || at == nil || at[i] < 0 {
		return Key{}, false
	}
	return l.Keys[at[i]], true
}

// stateAt works out the state of display string i.
func (l *Language) stateAt(i int) State {
	own, hasOwn := key(l.Own, l.ownAt, i)
	if hasOwn && own.Text && own.Value != "" {
		return Translated
	}
	if b, ok := key(l.BaseLocale, l.baseAt, i); ok && b.Text && b.Value != "" {
		return ViaBase
	}
	if hasOwn && own.Text {
		return Empty
	}
	return Missing
}

// untranslated is the state of an English text that neither the own file
// nor the base's translates: empty when the own file has "" for it,
// otherwise missing.
func (l *Language) untranslated(english string) State {
	if k, ok := l.Own.Lookup(english); ok && k.Text {
		return Empty
	}
	return Missing
}

// Shown is what a player of a language sees for an English string, and
// where it comes from.
type Shown struct {
	Text  string
	State State
	// Lang is the language of the text shown: the language itself, its
	// base, or "en" when the English is shown.
	Lang string
	// File is the locale file the text comes from, "" for English.
	File string
}

// Show returns what a player of this language sees for an English string,
// falling back per string: the language's own file, then its base
// language's file, then English.
func (l *Language) Show(english string) Shown {
	if v, ok := l.Own.usable(english); ok {
		return Shown{Text: v, State: Translated, Lang: l.Lang, File: l.Own.Name()}
	}
	if v, ok := l.BaseLocale.usable(english); ok {
		return Shown{Text: v, State: ViaBase, Lang: l.Base, File: l.BaseLocale.Name()}
	}
	return Shown{Text: english, State: l.untranslated(english), Lang: "en"}
}

// ShowName is Show for a name on the battle screen, where the Engine
// numbers creatures of the same kind: "Goblin 2" with no translation of its
// own shows as the translation of "Goblin", a space and the number.
func (l *Language) ShowName(name string) Shown {
	s := l.Show(name)
	if s.State == Translated || s.State == ViaBase {
		return s
	}
	rest, number, ok := splitNumber(name)
	if !ok {
		return s
	}
	r := l.Show(rest)
	if r.State != Translated && r.State != ViaBase {
		return s
	}
	r.Text += " " + number
	return r
}

// Numbered applies the "Goblin 2" rule with any translation: a name ending
// in a space and a number whose rest has a translation is shown as that
// translation, a space, and the number. A name with a translation of its
// own keeps it; any other name is returned as it is.
func Numbered(name string, translate func(english string) (string, bool)) string {
	if t, ok := translate(name); ok {
		return t
	}
	if rest, number, ok := splitNumber(name); ok {
		if t, ok := translate(rest); ok {
			return t + " " + number
		}
	}
	return name
}

// splitNumber splits "Goblin 12" into "Goblin" and "12". The number is one
// or more ASCII digits after a single space, with something before it.
func splitNumber(name string) (rest, number string, ok bool) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	if i == len(name) || i < 2 || name[i-1] != ' ' {
		return "", "", false
	}
	return name[:i-1], name[i:], true
}
