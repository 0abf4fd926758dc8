package i18n

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// addSeeds adds the files matching pattern (relative to the examples) to
// the fuzzing corpus.
func addSeeds(f *testing.F, pattern string, add func(data []byte)) {
	files, _ := filepath.Glob(filepath.Join("..", "examples", pattern))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			add(data)
		}
	}
}

// FuzzLocale feeds arbitrary bytes and file-name languages to the locale
// reader, then to the string machinery over what it read. Nothing may
// panic or hang, and every finding must say where it is.
func FuzzLocale(f *testing.F) {
	addSeeds(f, "lantern-road/locales/*.json", func(d []byte) { f.Add(d, "pt-BR", false) })
	addSeeds(f, "mirefall/*.de.json", func(d []byte) { f.Add(d, "de", true) })
	f.Add([]byte(localeJSON("pt_BR", `"A": 1, "B": "", "B": "x"`)), "pt_BR", false)
	f.Add([]byte(`{"_meta": {"locale": "ar", "direction": "ltr"}, "ruleset": {"Goblin 2": "\u2028"}}`), "ar", true)
	f.Add([]byte(`[]`), "", false)
	f.Fuzz(func(t *testing.T, data []byte, lang string, pack bool) {
		l, ds := ParseLocale("fuzz.json", lang, data, pack)
		if l == nil {
			t.Fatal("no locale")
		}
		for _, d := range ds {
			if d.File != "fuzz.json" || d.Line < 1 || d.Column < 1 || d.Path == "" || d.Message == "" {
				t.Fatalf("finding without a place: %+v", d)
			}
		}
		strs := make([]DisplayString, 0, len(l.Keys))
		for _, k := range l.Keys {
			if got, ok := l.Lookup(k.English); !ok || got.English != k.English {
				t.Fatalf("Lookup(%q) lost the key", k.English)
			}
			if w := CountWords(k.English); w < 0 || w > utf8.RuneCountInString(k.English) {
				t.Fatalf("CountWords(%q) = %d", k.English, w)
			}
			strs = append(strs, DisplayString{Text: k.Value})
		}
		// The nearest-string search over what was read.
		n := newNearest(strs)
		for _, k := range l.Keys {
			n.find(k.English)
		}
		// A view of the language over the keys as display strings.
		lang2 := &Language{Own: l}
		for _, k := range l.Keys {
			lang2.ShowName(k.English + " 2")
		}
		Numbered(string(data), func(s string) (string, bool) { return l.usable(s) })
	})
}

// FuzzEntry feeds arbitrary bytes to the catalog entry reader. Nothing may
// panic or hang, and every finding must say where it is.
func FuzzEntry(f *testing.F) {
	addSeeds(f, "mirefall/*.entry.json", func(d []byte) { f.Add(d) })
	f.Add([]byte(`{"artifact": "https://h/x/a-1.ruleset.json", "locales": {"pt_BR": {"url": "https://h/x/a-1.pt_BR.json"}, "en": 1, "fr": {"bytes": 1e400, "sha256": "AB"}}}`))
	f.Add([]byte(`{"artifact": {"url": "https://u:p@h/?q#f"}, "locales": []}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, ds := ParseEntry("entry.json", data)
		if e == nil {
			t.Fatal("no entry")
		}
		for _, d := range ds {
			if d.File != "entry.json" || d.Line < 1 || d.Column < 1 || d.Path == "" || d.Message == "" {
				t.Fatalf("finding without a place: %+v", d)
			}
		}
		for _, p := range e.Packs {
			if p.Lang != "" {
				if _, err := ParseTag(p.Lang); err != nil {
					t.Fatalf("a pack's language %q is not a tag", p.Lang)
				}
			}
			if p.Bytes < 0 || p.Bytes > MaxPackBytes {
				t.Fatalf("pack bytes %d kept", p.Bytes)
			}
		}
		// Checking the entry against an empty report must not panic either.
		r := &Report{Catalog: true, byLang: map[string]*Locale{}}
		r.ImportChoice("pt-BR", e)
	})
}
