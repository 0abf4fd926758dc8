package i18n

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"

	"rulebench/model"
)

// This file writes locale files for translators: a new one for a language
// (NewLocale), and an existing one brought up to date with the ruleset
// (UpdateLocale). Both return bytes; writing them is the caller's.

// ErrEnglishPack is returned when a catalog artifact would get an en
// language pack, which the Engine never has: English is the ruleset itself.
var ErrEnglishPack = errors.New("a catalog ruleset never has an en pack: English is the ruleset itself")

// LocaleTarget is the file that holds the translation into lang: the
// locale file already read for it when there is one, otherwise
// locales/<lang>.json beside the ruleset (in a package or beside a single
// file), or <id>-<version>.<lang>.json beside a catalog artifact.
func LocaleTarget(ws *model.Workspace, r *Report, lang string) string {
	if l := r.Locale(lang); l != nil {
		return l.Name()
	}
	if ws.Kind == model.Artifact {
		dir, base := path.Split(ws.RulesetFile)
		return path.Join(dir, strings.TrimSuffix(base, "ruleset.json")+lang+".json")
	}
	return path.Join(path.Dir(ws.RulesetFile), "locales", lang+".json")
}

// Direction is the writing direction of a language, "rtl" for the scripts
// written right to left and "ltr" for the rest (and for a language whose
// script is not known).
func Direction(lang string) string {
	tag, err := ParseTag(lang)
	if err != nil {
		return "ltr"
	}
	if d, known := direction(tag); known {
		return d
	}
	return "ltr"
}

// PackageText is the package's name and description as the manifest gives
// them ("" when absent or not text, and always for a workspace that is not
// a package): what a locale file's package section translates.
func PackageText(ws *model.Workspace) (name, description string) {
	if ws == nil || ws.Kind != model.Package || ws.Manifest == nil || ws.Manifest.Node == nil {
		return "", ""
	}
	text := func(key string) string {
		if n := ws.Manifest.Node.Get(key); n != nil && n.Kind == model.String {
			return n.Str()
		}
		return ""
	}
	return text("name"), text("description")
}

// schemaOf returns the $schema the workspace's locale files give, when the
// first that gives one does so as text, so that a new file matches them.
func (r *Report) schemaOf() string {
	for _, l := range r.Locales {
		if l.File.Root == nil {
			continue
		}
		if s := l.File.Root.Get("$schema"); s != nil {
			if s.Kind == model.String {
				return s.Str()
			}
			return ""
		}
	}
	return ""
}

// NewLocale returns a new locale file for lang (a canonical tag): _meta
// with the language and its direction, a package section when the
// workspace is a package with a manifest, and a ruleset section with every
// display string as a key and "" as its value, in the order of first use.
// It loads with no finding and 0% coverage.
//
// The package section holds the manifest's name and description in
// English, to be replaced by their translations: the Engine refuses an
// empty package name or description, and shows the English either way.
// An en file is the package's English introduction, with no ruleset
// section (one would reword the ruleset); a catalog artifact gets no en
// pack at all (ErrEnglishPack). The $schema of the workspace's other
// locale files, if they give one, is given too.
func NewLocale(ws *model.Workspace, r *Report, lang string) ([]byte, error) {
	english := lang == "en"
	if english && ws.Kind == model.Artifact {
		return nil, ErrEnglishPack
	}
	doc := localeDoc{Schema: r.schemaOf(), Locale: lang, Direction: Direction(lang)}
	if name, desc := PackageText(ws); name != "" || desc != "" {
		doc.Package = &packageDoc{Name: name, Description: desc}
	}
	if !english {
		strs := r.Strings()
		doc.Ruleset = make([]member, len(strs))
		for i, s := range strs {
			doc.Ruleset[i] = member{Key: s.Text}
		}
	}
	return doc.bytes()
}

// localeDoc is a locale file to be written out whole.
type localeDoc struct {
	Schema            string
	Locale, Direction string
	Package           *packageDoc
	// Ruleset is nil for a file with no ruleset section.
	Ruleset []member
}

type packageDoc struct{ Name, Description string }

type member struct{ Key, Value string }

// bytes writes the file two spaces to a step, one member a line, _meta on
// one line: the layout of the examples' locale files.
func (d localeDoc) bytes() ([]byte, error) {
	var b bytes.Buffer
	var err error
	str := func(s string) string {
		e, encErr := model.Encode(s)
		if encErr != nil && err == nil {
			err = encErr
		}
		return e
	}
	var top []string
	if d.Schema != "" {
		top = append(top, `  "$schema": `+str(d.Schema))
	}
	top = append(top, fmt.Sprintf(`  "_meta": {"locale": %s, "direction": %s}`, str(d.Locale), str(d.Direction)))
	if p := d.Package; p != nil {
		var ms []member
		if p.Name != "" {
			ms = append(ms, member{"name", p.Name})
		}
		if p.Description != "" {
			ms = append(ms, member{"description", p.Description})
		}
		top = append(top, `  "package": `+block(ms, "  ", str))
	}
	if d.Ruleset != nil {
		top = append(top, `  "ruleset": `+block(d.Ruleset, "  ", str))
	}
	b.WriteString("{\n")
	b.WriteString(strings.Join(top, ",\n"))
	b.WriteString("\n}\n")
	return b.Bytes(), err
}

// block writes an object of text members, one a line, one step deeper
// than indent; {} when there are none.
func block(ms []member, indent string, str func(string) string) string {
	if len(ms) == 0 {
		return "{}"
	}
	var b strings.Builder
	b.WriteString("{\n")
	for i, m := range ms {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(indent + "  " + str(m.Key) + ": " + str(m.Value))
	}
	b.WriteString("\n" + indent + "}")
	return b.String()
}

// Update is a locale file brought up to date by UpdateLocale.
type Update struct {
	// Data is the file as updated; Changed tells whether it differs from
	// the file read.
	Data    []byte
	Changed bool
	// Added are the display strings added as "", in the order of first
	// use.
	Added []string
	// Stale are the stale keys found, each with the nearest current string
	// (Nearest, "" when none is near); Pruned tells whether they were
	// removed.
	Stale  []StaleHint
	Pruned bool
	// Carried are the stale keys' translations written for their current
	// strings: every rename's, and the nearest keys' with TakeNearest.
	// Proposed are the nearest keys' translations offered and not written
	// (without TakeNearest).
	Carried, Proposed []Carry
	// LeftToBase counts the display strings left out because the base
	// language's file translates them (a package only; without All).
	LeftToBase int
}

// UpdateOptions are the choices of UpdateLocale.
type UpdateOptions struct {
	// Prune removes the stale keys.
	Prune bool
	// Carries are the translations stale keys offer (Carries): a rename's
	// is written; a nearest key's only with TakeNearest, otherwise it is
	// reported as a proposal.
	Carries     []Carry
	TakeNearest bool
	// All adds, in a package, the strings the base language's file
	// translates too. A catalog pack always gets them: the Engine installs
	// one pack, and nothing falls back to another.
	All bool
}

// StaleHint is a stale key with the nearest current display string.
type StaleHint struct {
	StaleKey
	Nearest string
}

// UpdateLocale brings the locale file of lang (a canonical tag) up to date
// with the ruleset: every missing display string (no key in the file and,
// in a package without opts.All, nothing in the base language's file) is
// added as "" at the end of the ruleset section, in the order of first
// use, or with the translation a stale key carries to it (opts.Carries);
// an empty value a carry fills is filled in place; each existing member stays
// where it is, byte for byte; stale keys are reported, and removed when
// prune is set. Running it on its own output changes nothing.
//
// A string whose key holds something other than text is missing too, but
// keeps its key (a second one would repeat it); the file's finding says
// why. A file with no ruleset section gets one, except an en file, the
// package's English introduction, which is left as it is.
func UpdateLocale(r *Report, lang string, opts UpdateOptions) (*Update, error) {
	prune := opts.Prune
	l := r.Locale(lang)
	if l == nil {
		return nil, fmt.Errorf("there is no %s locale file to update; make one with --new %s", lang, lang)
	}
	if lang == "en" && r.Catalog {
		return nil, ErrEnglishPack
	}
	root := l.File.Root
	if root == nil || root.Kind != model.Object {
		return nil, fmt.Errorf("%s is not a JSON object, so it cannot be updated; mend it first", l.Name())
	}
	if rs := root.Get("ruleset"); rs != nil && rs.Kind != model.Object {
		return nil, fmt.Errorf("the ruleset section of %s is %s, not an object, so it cannot be updated; mend it first", l.Name(), rs.Kind)
	}
	view, err := r.Language(lang)
	if err != nil {
		return nil, err
	}
	u := &Update{Data: l.File.Data, Pruned: prune}
	if lang == "en" && !l.HasRuleset {
		return u, nil // the English introduction translates nothing
	}
	for _, s := range view.Stale {
		u.Stale = append(u.Stale, StaleHint{StaleKey: s, Nearest: r.Nearest(s.English)})
	}
	data := l.File.Data
	var edits []model.Edit
	if prune {
		var gone []*model.Node
		for _, k := range l.Keys {
			if _, current := r.Index(k.English); !current {
				gone = append(gone, k.Node)
			}
		}
		if len(gone) > 0 {
			removes, err := model.RemoveMembers(data, root.Get("ruleset"), gone)
			if err != nil {
				return nil, err
			}
			edits = append(edits, removes...)
		}
	}
	carry := map[string]Carry{}
	for _, c := range opts.Carries {
		if c.Renamed || opts.TakeNearest {
			carry[c.String] = c
		} else {
			u.Proposed = append(u.Proposed, c)
		}
	}
	var add []model.Member
	for i, s := range r.Strings() {
		k, has := l.Lookup(s.Text)
		c, carried := carry[s.Text]
		switch {
		case has && carried && k.Text && k.Value == "":
			// An empty value the carry fills, in place.
			e, err := model.ReplaceValue(data, k.Node, c.Translation)
			if err != nil {
				return nil, err
			}
			edits = append(edits, e)
			u.Carried = append(u.Carried, c)
		case has:
		case carried, view.States[i] == Missing, view.States[i] == ViaBase && (r.Catalog || opts.All):
			v := ""
			if carried {
				v = c.Translation
				u.Carried = append(u.Carried, c)
			}
			add = append(add, model.Member{Key: s.Text, Value: v})
			u.Added = append(u.Added, s.Text)
		case view.States[i] == ViaBase:
			u.LeftToBase++
		}
	}
	if len(edits) > 0 {
		if data, err = model.Apply(data, edits); err != nil {
			return nil, err
		}
	}
	if len(add) > 0 || !l.HasRuleset {
		if data, err = appendToSection(l.Name(), data, "ruleset", add); err != nil {
			return nil, err
		}
	}
	u.Data = data
	u.Changed = !bytes.Equal(data, l.File.Data)
	return u, nil
}

// appendToSection adds members at the end of the top-level object section
// of a locale file's bytes, adding the section (at the end of the file's
// object) when it is absent. data must parse as an object.
func appendToSection(name string, data []byte, section string, ms []model.Member) ([]byte, error) {
	root, _ := model.Parse(name, data)
	if root == nil || root.Kind != model.Object {
		return nil, fmt.Errorf("%s is not a JSON object", name)
	}
	obj := root.Get(section)
	if obj == nil {
		e, err := model.AppendMember(data, root, []model.Member{{Key: section, Value: model.RawJSON("{}")}})
		if err != nil {
			return nil, err
		}
		if data, err = model.Apply(data, []model.Edit{e}); err != nil {
			return nil, err
		}
		if root, _ = model.Parse(name, data); root == nil {
			return nil, fmt.Errorf("%s: %w", name, model.ErrStale)
		}
		obj = root.Get(section)
	}
	if obj == nil || obj.Kind != model.Object {
		return nil, fmt.Errorf("the %s section of %s is not an object", section, name)
	}
	if len(ms) == 0 {
		return data, nil
	}
	e, err := model.AppendMember(data, obj, ms)
	if err != nil {
		return nil, err
	}
	return model.Apply(data, []model.Edit{e})
}
