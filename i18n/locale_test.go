package i18n

import (
	"strings"
	"testing"
)

func TestLocaleChecks(t *testing.T) {
	meta := `"_meta": {"locale": "fr", "direction": "ltr"}`
	tests := []struct {
		name    string
		lang    string
		pack    bool
		content string
		want    []string // severity and code of every finding, in order
		path    string   // the path of the first finding, when checked
	}{
		{name: "clean", lang: "fr", content: localeJSON("fr", `"Demo": "Démo"`)},
		{name: "clean pack", lang: "fr", pack: true, content: localeJSON("fr", `"Demo": "Démo"`)},
		{name: "no $schema is fine", lang: "fr", content: `{` + meta + `, "ruleset": {}}`},
		{name: "only _meta is fine", lang: "fr", content: `{` + meta + `}`},
		{name: "file name with underscore", lang: "pt_BR", content: localeJSON("pt-BR", ""),
			want: []string{"error locale-name"}, path: "(root)"},
		{name: "file name not a tag", lang: "english", content: localeJSON("en", ""),
			want: []string{"error locale-name"}},
		{name: "file name in another case is the same tag", lang: "pt-br", content: localeJSON("pt-BR", "")},
		{name: "_meta.locale canonicalises to the name, but is not written as the Engine's schema wants", lang: "pt-BR", content: localeJSON("PT-br", ""),
			want: []string{"warning locale-meta"}, path: "_meta.locale"},
		{name: "_meta.locale with a script and a region", lang: "sr-Latn-RS", content: localeJSON("sr-Latn-RS", "")},
		{name: "_meta.locale in lower case throughout", lang: "zh-Hans", content: localeJSON("zh-hans", "")},
		{name: "_meta.locale with an extension the schema cannot hold", lang: "en-US-u-va-posix", content: localeJSON("en-US-u-va-posix", ""),
			want: []string{"warning locale-meta"}, path: "_meta.locale"},
		{name: "_meta.locale differs", lang: "pt-BR", content: localeJSON("pt", ""),
			want: []string{"error locale-meta"}, path: "_meta.locale"},
		{name: "_meta.locale with underscore", lang: "pt-BR", content: localeJSON("pt_BR", ""),
			want: []string{"error locale-meta"}, path: "_meta.locale"},
		{name: "_meta.locale not text", lang: "fr", content: `{"_meta": {"locale": 7, "direction": "ltr"}}`,
			want: []string{"error type"}, path: "_meta.locale"},
		{name: "_meta missing", lang: "fr", content: `{"ruleset": {}}`,
			want: []string{"error required"}, path: "_meta"},
		{name: "_meta not an object", lang: "fr", content: `{"_meta": "fr"}`,
			want: []string{"error type"}, path: "_meta"},
		{name: "_meta.locale missing", lang: "fr", content: `{"_meta": {"direction": "ltr"}}`,
			want: []string{"error required"}, path: "_meta.locale"},
		{name: "_meta.direction missing", lang: "fr", content: `{"_meta": {"locale": "fr"}}`,
			want: []string{"error required"}, path: "_meta.direction"},
		{name: "_meta.direction neither ltr nor rtl", lang: "fr", content: `{"_meta": {"locale": "fr", "direction": "LTR"}}`,
			want: []string{"error locale-direction"}, path: "_meta.direction"},
		{name: "_meta.direction against the script", lang: "ar", content: `{"_meta": {"locale": "ar", "direction": "ltr"}}`,
			want: []string{"warning locale-direction"}, path: "_meta.direction"},
		{name: "rtl for Arabic", lang: "ar", content: `{"_meta": {"locale": "ar", "direction": "rtl"}}`},
		{name: "unknown key in _meta", lang: "fr", content: `{"_meta": {"locale": "fr", "direction": "ltr", "name": "x"}}`,
			want: []string{"error locale-key"}, path: "_meta.name"},
		{name: "unknown top-level key", lang: "fr", content: `{` + meta + `, "agents": {}}`,
			want: []string{"error locale-key"}, path: "agents"},
		{name: "$schema not text", lang: "fr", content: `{"$schema": 1, ` + meta + `}`,
			want: []string{"error type"}, path: "$schema"},
		{name: "package not an object", lang: "fr", content: `{` + meta + `, "package": "x"}`,
			want: []string{"error type"}, path: "package"},
		{name: "package unknown key", lang: "fr", content: `{` + meta + `, "package": {"title": "x"}}`,
			want: []string{"error locale-key"}, path: "package.title"},
		{name: "package empty name", lang: "fr", content: `{` + meta + `, "package": {"name": " "}}`,
			want: []string{"error locale-empty"}, path: "package.name"},
		{name: "package description not text", lang: "fr", content: `{` + meta + `, "package": {"description": 3}}`,
			want: []string{"error type"}, path: "package.description"},
		{name: "ruleset not an object", lang: "fr", content: `{` + meta + `, "ruleset": ["Demo"]}`,
			want: []string{"error type"}, path: "ruleset"},
		{name: "a value that is not text", lang: "fr", content: localeJSON("fr", `"Demo": 3, "Hard": null, "Prone": {"x": "y"}`),
			want: []string{"error locale-value", "error locale-value", "error locale-value"}, path: "ruleset.Demo"},
		{name: "an empty value is allowed", lang: "fr", content: localeJSON("fr", `"Demo": ""`)},
		{name: "a value of spaces", lang: "fr", content: localeJSON("fr", `"Demo": "  "`),
			want: []string{"warning locale-blank"}, path: "ruleset.Demo"},
		{name: "a control character", lang: "fr", content: localeJSON("fr", `"Demo": "Dé\nmo"`),
			want: []string{"warning locale-text"}, path: "ruleset.Demo"},
		{name: "a pack needs a ruleset section", lang: "fr", pack: true, content: localeJSON("fr", ""),
			want: []string{"error pack-ruleset"}, path: "(root)"},
		{name: "a package file without ruleset is fine", lang: "fr", content: localeJSON("fr", "")},
		{name: "en in a package with a ruleset section", lang: "en", content: localeJSON("en", `"Demo": "Demo!"`),
			want: []string{"warning locale-en"}, path: "ruleset"},
		{name: "an en pack", lang: "en", pack: true, content: localeJSON("en", `"Demo": "Demo!"`),
			want: []string{"error locale-en"}},
		{name: "not an object", lang: "fr", content: `["fr"]`,
			want: []string{"error locale-shape"}},
		{name: "not JSON", lang: "fr", content: `{"_meta": `,
			want: []string{"error json-syntax"}},
		{name: "empty file", lang: "fr", content: ``,
			want: []string{"error json-empty"}},
		{name: "many problems at once", lang: "pt_BR", content: `{"_meta": {"locale": "xx-", "direction": "up"}, "extra": 1, "ruleset": {"A": 1}}`,
			want: []string{"error locale-name", "error locale-key", "error locale-meta", "error locale-direction", "error locale-value"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := ParseLocale("locales/"+tt.lang+".json", tt.lang, []byte(tt.content), tt.pack)
			onlyCodes(t, ds, tt.want...)
			for _, d := range ds {
				if d.File != "locales/"+tt.lang+".json" || d.Line == 0 || d.Column == 0 || d.Path == "" || d.Message == "" {
					t.Errorf("finding without file, position, path or message: %+v", d)
				}
			}
			if tt.path != "" && ds[0].Path != tt.path {
				t.Errorf("path %q, want %q", ds[0].Path, tt.path)
			}
		})
	}
}

func TestLocaleUnderscoreSuggestsHyphen(t *testing.T) {
	_, ds := ParseLocale("locales/pt_BR.json", "pt_BR", []byte(localeJSON("pt-BR", "")), false)
	d := findOne(t, ds, "locale-name")
	if !strings.Contains(d.Message, "pt-BR") || !strings.Contains(d.Message, "hyphen") {
		t.Errorf("message %q should say to use a hyphen and name pt-BR", d.Message)
	}
}

func TestLocaleMetaSpelling(t *testing.T) {
	_, ds := ParseLocale("locales/pt-BR.json", "pt-BR", []byte(localeJSON("PT-br", "")), false)
	d := findOne(t, ds, "locale-meta")
	if d.Severity.String() != "warning" || !strings.Contains(d.Message, `"PT-br"`) || !strings.HasSuffix(d.Message, "write it as pt-BR") {
		t.Errorf("finding %s: want a warning naming PT-br and suggesting pt-BR", d)
	}
	_, ds = ParseLocale("locales/en-US-u-va-posix.json", "en-US-u-va-posix", []byte(localeJSON("en-US-u-va-posix", "")), false)
	if d := findOne(t, ds, "locale-meta"); strings.Contains(d.Message, "write it as") {
		t.Errorf("no spelling fits the schema, yet the message suggests one: %s", d)
	}
}

func TestLocaleMismatchNamesBoth(t *testing.T) {
	_, ds := ParseLocale("locales/pt-BR.json", "pt-BR", []byte(localeJSON("pt", "")), false)
	d := findOne(t, ds, "locale-meta")
	if !strings.Contains(d.Message, "pt-BR") || !strings.Contains(d.Message, "_meta.locale is pt ") {
		t.Errorf("message %q should name both languages", d.Message)
	}
	if d.Line != 1 || d.Column != 63 {
		t.Errorf("position %d:%d, want the value of _meta.locale at 1:63", d.Line, d.Column)
	}
}

func TestLocaleKeys(t *testing.T) {
	l, _ := ParseLocale("locales/fr.json", "fr", []byte(localeJSON("fr", `"Demo": "Démo", "Hard": "", "Prone": 3, "Demo": "Démo 2"`)), false)
	if !l.HasRuleset || l.Lang != "fr" || l.MetaLocale != "fr" || l.Direction != "ltr" {
		t.Fatalf("locale read as %+v", l)
	}
	if len(l.Keys) != 4 {
		t.Fatalf("%d keys, want 4 (every member)", len(l.Keys))
	}
	if k, ok := l.Lookup("Demo"); !ok || k.Value != "Démo 2" || !k.Text {
		t.Errorf("Demo = %+v, want the last value", k)
	}
	if k, ok := l.Lookup("Hard"); !ok || k.Value != "" || !k.Text {
		t.Errorf("Hard = %+v, want empty text", k)
	}
	if k, ok := l.Lookup("Prone"); !ok || k.Text {
		t.Errorf("Prone = %+v, want present but not text", k)
	}
	if _, ok := l.Lookup("Goblin"); ok {
		t.Error("Goblin should be absent")
	}
	var nilLocale *Locale
	if _, ok := nilLocale.Lookup("Demo"); ok {
		t.Error("a nil locale has nothing")
	}
}

func TestLocaleWithoutRulesetTranslatesNothing(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{"fr.json": localeJSON("fr", "")})
	r := Analyze(ws)
	onlyCodes(t, r.Diagnostics)
	if len(r.Languages) != 1 {
		t.Fatalf("%d languages, want fr", len(r.Languages))
	}
	c := r.Languages[0].Coverage
	if c.Missing != len(tinyStrings) || c.Translated+c.ViaBase+c.Empty != 0 {
		t.Errorf("coverage %+v, want everything missing", c)
	}
}

func TestPackTooLarge(t *testing.T) {
	big := localeJSON("fr", `"Demo": "`+strings.Repeat("x", MaxPackBytes)+`"`)
	_, ds := ParseLocale("demo-1.0.0.fr.json", "fr", []byte(big), true)
	onlyCodes(t, ds, "error pack-size")
	_, ds = ParseLocale("locales/fr.json", "fr", []byte(big), false)
	onlyCodes(t, ds) // the 8 MiB limit is for catalog packs

	// The limit itself: 8 MiB is allowed, one byte more is not.
	frame := localeJSON("fr", `"Demo": ""`)
	exact := localeJSON("fr", `"Demo": "`+strings.Repeat("x", MaxPackBytes-len(frame))+`"`)
	if len(exact) != MaxPackBytes {
		t.Fatalf("the test pack is %d bytes", len(exact))
	}
	_, ds = ParseLocale("demo-1.0.0.fr.json", "fr", []byte(exact), true)
	onlyCodes(t, ds)
	_, ds = ParseLocale("demo-1.0.0.fr.json", "fr", []byte(exact+" "), true)
	onlyCodes(t, ds, "error pack-size")
}

func TestReadLocaleOfLoadedFiles(t *testing.T) {
	ws := artifactWS(t, tinyRuleset, map[string]string{
		"demo-1.0.0.fr.json": localeJSON("fr", `"Demo": "Démo"`),
		"demo-1.0.0.de.json": localeJSON("de", ""),
	})
	r := Analyze(ws)
	if !r.Catalog {
		t.Fatal("an artifact's report is a catalog report")
	}
	// de.json sorts first; it has no ruleset section, which a pack needs.
	onlyCodes(t, r.Diagnostics, "error pack-ruleset")
	if r.Diagnostics[0].File != "art/demo-1.0.0.de.json" {
		t.Errorf("finding in %s", r.Diagnostics[0].File)
	}
}
