package i18n

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"rulebench/model"
)

func TestImportChoicePackage(t *testing.T) {
	ws := packageWS(t, tinyRuleset, map[string]string{
		"en.json":    localeJSON("en", ""),
		"fr.json":    localeJSON("fr", `"Demo": "Démo"`),
		"pt-BR.json": localeJSON("pt-BR", `"Demo": "D"`),
		"pt.json":    localeJSON("pt", `"Demo": "D"`),
		"de.json":    localeJSON("de", ""),
		"zh.json":    localeJSON("zh", `"Demo": "演示"`),
	})
	r := Analyze(ws)
	tests := []struct{ engine, kept, discarded string }{
		{"pt-BR", "pt-BR pt", "fr zh"},
		{"pt-br", "pt-BR pt", "fr zh"},
		{"fr", "fr", "pt pt-BR zh"},
		{"zh-Hans", "zh", "fr pt pt-BR"}, // its base only
		{"de", "", "fr pt pt-BR zh"},     // de.json has no ruleset section: nothing to keep
		{"en", "", "fr pt pt-BR zh"},     // en.json is the package's introduction
		{"ja", "", "fr pt pt-BR zh"},
	}
	for _, tt := range tests {
		imp, err := r.ImportChoice(tt.engine, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.engine, err)
		}
		if got := strings.Join(imp.Kept, " "); got != tt.kept {
			t.Errorf("Engine %s keeps %q, want %q", tt.engine, got, tt.kept)
		}
		if got := strings.Join(imp.Discarded, " "); got != tt.discarded {
			t.Errorf("Engine %s discards %q, want %q", tt.engine, got, tt.discarded)
		}
		if imp.Kept == nil || imp.Discarded == nil {
			t.Errorf("Engine %s: kept and discarded are empty lists, never nil", tt.engine)
		}
	}
	for _, bad := range []string{"pt", "en-US", "pt_BR", "", "xx"} {
		if _, err := r.ImportChoice(bad, nil); err == nil {
			t.Errorf("%q is not an Engine language", bad)
		}
	}
}

// entryFor builds a catalog entry for demo-1.0.0 listing packs (language →
// file content, or "" for a listing whose file is not beside the artifact
// and which is given a made-up checksum).
func entryFor(langs []string, files map[string]string, tamper map[string]string) string {
	var parts []string
	for _, lang := range langs {
		content := files[lang]
		sum := sha256.Sum256([]byte(content))
		sha, size := hex.EncodeToString(sum[:]), len(content)
		if v, ok := tamper[lang]; ok {
			sha = v
		}
		if size == 0 {
			size = 100
		}
		parts = append(parts, fmt.Sprintf(`"%s": {"url": "https://example.com/art/demo-1.0.0.%s.json", "sha256": "%s", "bytes": %d, "name": "Demo %s", "description": "About demo"}`,
			lang, lang, sha, size, lang))
	}
	return `{"artifact": {"url": "https://example.com/art/demo-1.0.0.ruleset.json"}, "locales": {` + strings.Join(parts, ", ") + `}}`
}

func TestImportChoiceCatalog(t *testing.T) {
	files := map[string]string{
		"pt":    localeJSON("pt", `"Demo": "D pt"`),
		"pt-BR": localeJSON("pt-BR", `"Demo": "D"`),
		"de":    localeJSON("de", `"Demo": "D de"`),
		"fr":    localeJSON("fr", `"Demo": "D fr"`),
	}
	beside := map[string]string{}
	for lang, c := range files {
		beside["demo-1.0.0."+lang+".json"] = c
	}
	ws := artifactWS(t, tinyRuleset, beside)
	r := Analyze(ws)
	zeros := strings.Repeat("0", 64)
	tests := []struct {
		name                    string
		listed                  []string
		tamper                  map[string]string
		engine, kept, discarded string
		refused                 string
	}{
		{name: "own pack listed", listed: []string{"pt-BR", "pt", "de"}, engine: "pt-BR", kept: "pt-BR", discarded: "de pt"},
		{name: "base pack when own not listed", listed: []string{"pt", "de"}, engine: "pt-BR", kept: "pt", discarded: "de"},
		{name: "nothing for the language", listed: []string{"pt", "de"}, engine: "ja", kept: "", discarded: "de pt"},
		{name: "a pack that differs is refused", listed: []string{"pt-BR", "de"}, tamper: map[string]string{"de": zeros},
			engine: "de", kept: "", discarded: "de pt-BR", refused: "de"},
		{name: "a refused own pack does not fall back to the base", listed: []string{"pt-BR", "pt"}, tamper: map[string]string{"pt-BR": zeros},
			engine: "pt-BR", kept: "", discarded: "pt pt-BR", refused: "pt-BR"},
		{name: "a listed pack not beside the artifact is fetched", listed: []string{"es"}, engine: "es", kept: "es", discarded: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, ds := ParseEntry("entry.json", []byte(entryFor(tt.listed, files, tt.tamper)))
			onlyCodes(t, ds)
			imp, err := r.ImportChoice(tt.engine, e)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(imp.Kept, " "); got != tt.kept {
				t.Errorf("kept %q, want %q", got, tt.kept)
			}
			if got := strings.Join(imp.Discarded, " "); got != tt.discarded {
				t.Errorf("discarded %q, want %q", got, tt.discarded)
			}
			if got := strings.Join(imp.Refused, " "); got != tt.refused {
				t.Errorf("refused %q, want %q", got, tt.refused)
			}
			if imp.Fetched != tt.kept {
				t.Errorf("fetched %q, want %q", imp.Fetched, tt.kept)
			}
		})
	}
	// With no entry, the packs beside the artifact stand for the catalog's list.
	imp, _ := r.ImportChoice("pt-BR", nil)
	if strings.Join(imp.Kept, " ") != "pt-BR" || strings.Join(imp.Discarded, " ") != "de fr pt" {
		t.Errorf("without an entry: kept %v, discarded %v", imp.Kept, imp.Discarded)
	}
}

// A locale file the manifest does not list is not part of the package: an
// import neither keeps nor discards it (decisions §1).
func TestImportChoiceUnlisted(t *testing.T) {
	ptBR := localeJSON("pt-BR", `"Demo": "D"`)
	fsys := fstest.MapFS{
		"pkg/ruleset.json":       {Data: []byte(tinyRuleset)},
		"pkg/locales/fr.json":    {Data: []byte(localeJSON("fr", `"Demo": "Démo"`))},
		"pkg/locales/pt-BR.json": {Data: []byte(ptBR)},
		"pkg/manifest.json": {Data: []byte(fmt.Sprintf(`{"schemaVersion": 2, "files": [{"path": "ruleset.json", "bytes": %d}, {"path": "locales/pt-BR.json", "bytes": %d}]}`,
			len(tinyRuleset), len(ptBR)))},
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	r := Analyze(ws)
	for _, tt := range []struct{ engine, kept, discarded string }{
		{"fr", "", "pt-BR"},
		{"pt-BR", "pt-BR", ""},
	} {
		imp, err := r.ImportChoice(tt.engine, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(imp.Kept, " "); got != tt.kept {
			t.Errorf("Engine %s keeps %q, want %q", tt.engine, got, tt.kept)
		}
		if got := strings.Join(imp.Discarded, " "); got != tt.discarded {
			t.Errorf("Engine %s discards %q, want %q", tt.engine, got, tt.discarded)
		}
		if fmt.Sprint(imp.Unlisted) != "[fr]" {
			t.Errorf("Engine %s: unlisted %v, want [fr]", tt.engine, imp.Unlisted)
		}
	}
}
