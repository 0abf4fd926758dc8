package i18n

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"rulebench/model"
)

// This file writes a JSON Schema for a language's locale file, for the
// editors that read one (VS Code's json.schemas setting maps it onto the
// file without touching the file's own $schema): the ruleset section's
// properties are exactly the ruleset's current display strings, each
// described by its English and where it is used, and the stale keys of
// the language's file are flagged as deprecated.

// SchemaDraft is the JSON Schema dialect LocaleSchema writes: draft-07,
// which editors read best.
const SchemaDraft = "http://json-schema.org/draft-07/schema#"

// maxSchemaUses bounds the uses a property's description lists.
const maxSchemaUses = 5

// LocaleSchema returns the JSON Schema of lang's locale file (lang a
// canonical tag): _meta with the language and a direction, the package
// section in a package (its name and description non-empty text), and the
// ruleset section with one text property per current display string and
// no other, but the stale keys of lang's own file, which are declared
// with deprecationMessage (VS Code shows them struck through) so that the
// file stays valid while they are renamed or removed. An en file has no
// ruleset section; a catalog artifact has no en pack (ErrEnglishPack), and
// its packs need the ruleset section.
//
// With lang "", the schema is every language's: _meta.locale any language
// tag in the catalogs' spelling, and the stale keys of every file flagged;
// one schema that an editor can give to all the locale files at once
// (VS Code gives a file naming a $schema the schema registered under that
// URL, and the files share theirs).
func LocaleSchema(ws *model.Workspace, r *Report, lang string) ([]byte, error) {
	if lang == "en" && r.Catalog {
		return nil, ErrEnglishPack
	}
	all := lang == ""
	named := lang
	if all {
		named = "every language"
	}
	title := "this ruleset"
	if ws.Ruleset != nil && ws.Ruleset.Root != nil {
		if n := ws.Ruleset.Root.Get("name"); n != nil && n.Kind == model.String && n.Str() != "" {
			title = n.Str()
		}
	}
	s := &schemaWriter{}
	s.open()
	s.member("$schema", SchemaDraft)
	arg := lang
	if all {
		arg = "all"
	}
	s.member("title", fmt.Sprintf("The translations of %s: %s", title, named))
	s.member("description", fmt.Sprintf("Written by rulebench i18n --schema %s for the ruleset as it is now: every display string is a property of the ruleset section; write it again after the ruleset changes.", arg))
	s.member("type", "object")
	s.member("additionalProperties", false)
	required := []string{"_meta"}
	if r.Catalog {
		required = append(required, "ruleset")
	}
	s.member("required", required)
	s.key("properties")
	s.open()
	s.key("$schema")
	s.object(map[string]any{"type": "string", "description": "The schema the file names for itself; this one is applied by the editor's settings, so the file's own is left as it is."})
	s.key("_meta")
	s.open()
	s.member("type", "object")
	s.member("description", "The language of the file and the direction it is written in.")
	s.member("additionalProperties", false)
	s.member("required", []string{"locale", "direction"})
	s.key("properties")
	s.open()
	s.key("locale")
	if all {
		s.object(map[string]any{"type": "string", "pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$", "description": "The language, as the file's name gives it (a BCP 47 tag such as pt-BR)."})
		s.key("direction")
		s.object(map[string]any{"enum": []string{"ltr", "rtl"}, "description": "rtl for a script written right to left (ar, he, fa), else ltr."})
	} else {
		s.object(map[string]any{"const": lang, "description": "The language, as the file's name gives it: " + lang + "."})
		s.key("direction")
		s.object(map[string]any{"enum": []string{"ltr", "rtl"}, "description": lang + " is written " + Direction(lang) + "."})
	}
	s.close()
	s.close()
	name, desc := PackageText(ws)
	english := func(what, text string) string {
		if text == "" {
			return "The " + what + " in " + named + "."
		}
		return "The " + what + " in " + named + "; English: " + text
	}
	s.key("package")
	s.open()
	s.member("type", "object")
	s.member("description", "The package's name and description in "+named+"; a member left out shows the English.")
	s.member("additionalProperties", false)
	s.key("properties")
	s.open()
	s.key("name")
	s.object(map[string]any{"type": "string", "minLength": 1, "description": english("name", name)})
	s.key("description")
	s.object(map[string]any{"type": "string", "minLength": 1, "description": english("description", desc)})
	s.close()
	s.close()
	s.key("ruleset")
	if lang == "en" && !all {
		// The English introduction translates nothing.
		s.value(false)
	} else {
		s.open()
		s.member("type", "object")
		s.member("description", "Each display string of the ruleset, in English exactly as written, with its translation; \"\" shows the English.")
		s.member("additionalProperties", false)
		s.key("properties")
		s.open()
		for _, ds := range r.Strings() {
			s.key(ds.Text)
			s.object(map[string]any{"type": "string", "description": stringDescription(ws, ds)})
		}
		langs := []string{lang}
		if all {
			langs = nil
			for _, l := range r.Languages {
				langs = append(langs, l.Lang)
			}
		}
		seen := map[string]bool{}
		for _, ds := range r.Strings() {
			seen[ds.Text] = true
		}
		for _, lg := range langs {
			view, err := r.Language(lg)
			if err != nil {
				continue
			}
			for _, k := range view.Stale {
				if seen[k.English] {
					continue
				}
				seen[k.English] = true
				msg := "A stale key: no display string of the ruleset is written so, and it is never shown."
				if near := r.Nearest(k.English); near != "" {
					msg += fmt.Sprintf(" The nearest current string is %q.", near)
				}
				msg += " Rename the key, or remove it (rulebench i18n --update " + lg + " --prune)."
				s.key(k.English)
				s.object(map[string]any{"type": "string", "description": msg, "deprecationMessage": msg})
			}
		}
		s.close()
		s.close()
	}
	s.close()
	s.close()
	if s.err != nil {
		return nil, s.err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, s.b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// stringDescription describes a display string for its property: the
// English, and where the ruleset uses it.
func stringDescription(ws *model.Workspace, ds DisplayString) string {
	var b strings.Builder
	b.WriteString("English: " + ds.Text + "\nUsed at:")
	dir := ws.Path
	if ws.Kind != model.Package {
		dir = pathDir(ws.RulesetFile)
	}
	for i, u := range ds.Uses {
		if i == maxSchemaUses {
			fmt.Fprintf(&b, "\n  and %d more", len(ds.Uses)-i)
			break
		}
		name := relativeTo(dir, u.File)
		if name == "" {
			name = u.File
		}
		fmt.Fprintf(&b, "\n  %s (%s:%d)", u.Path(), name, u.Node.Pos().Line)
	}
	return b.String()
}

func pathDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return "."
}

// schemaWriter writes a JSON object member by member, in the order given
// (encoding/json would sort a map's keys; the display strings keep their
// order of first use).
type schemaWriter struct {
	b bytes.Buffer
	// first tells, for each object open, whether no member is written yet.
	first []bool
	err   error
}

func (s *schemaWriter) open() {
	s.b.WriteByte('{')
	s.first = append(s.first, true)
}

func (s *schemaWriter) close() {
	s.b.WriteByte('}')
	s.first = s.first[:len(s.first)-1]
}

func (s *schemaWriter) key(k string) {
	if n := len(s.first); n > 0 {
		if !s.first[n-1] {
			s.b.WriteByte(',')
		}
		s.first[n-1] = false
	}
	s.value(k)
	s.b.WriteByte(':')
}

func (s *schemaWriter) value(v any) {
	data, err := json.Marshal(v)
	if err != nil && s.err == nil {
		s.err = err
	}
	s.b.Write(data)
}

func (s *schemaWriter) member(k string, v any) {
	s.key(k)
	s.value(v)
}

// object writes a small object of members in the order of their keys
// (encoding/json's), which for these is as good as any.
func (s *schemaWriter) object(m map[string]any) { s.value(m) }

// VSCodeSettings returns a VS Code settings document (.vscode/settings.json)
// that gives schema, a schema of LocaleSchema for lang ("" for every
// language), to the locale files it is for: by their names (fileMatch,
// for a file without a $schema of its own) and, when the workspace's
// locale files name a $schema, under that URL, which VS Code reads first.
// The schema is written in the settings themselves, as VS Code takes it.
func VSCodeSettings(ws *model.Workspace, r *Report, lang string, schema []byte) ([]byte, error) {
	pattern := "*"
	if lang != "" {
		pattern = lang
	}
	name := path.Base(LocaleTarget(ws, r, "LANG"))
	match := "**/" + strings.Replace(name, "LANG", pattern, 1)
	if ws.Kind == model.Package {
		match = "**/locales/" + pattern + ".json"
	}
	entry := map[string]any{"fileMatch": []string{match}, "schema": json.RawMessage(schema)}
	if url := r.schemaOf(); url != "" {
		entry["url"] = url
	}
	data, err := json.MarshalIndent(map[string]any{"json.schemas": []any{entry}}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
