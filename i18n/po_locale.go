package i18n

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"rulebench/model"
)

// The contexts of the PO entries that translate the package section.
const (
	poPackageName        = "package.name"
	poPackageDescription = "package.description"
)

// POLanguage writes a language tag as gettext's Language header does,
// with underscores (pt_BR, zh_Hans).
func POLanguage(lang string) string { return strings.ReplaceAll(lang, "-", "_") }

// parsePOLanguage reads a Language header (pt_BR, pt-BR) as a canonical
// tag.
func parsePOLanguage(v string) (string, error) {
	if strings.ContainsRune(v, '@') {
		return "", fmt.Errorf("%q has a modifier (@...), which has no language tag", v)
	}
	return Canonical(strings.ReplaceAll(strings.TrimSpace(v), "_", "-"))
}

// POOptions are the choices of BuildPO.
type POOptions struct {
	// Now is the time written as POT-Creation-Date (and PO-Revision-Date).
	Now time.Time
	// Template asks for the template (.pot): no language, every msgstr
	// empty, gettext's placeholders in the header for msginit or a CAT
	// tool to fill in.
	Template bool
	// Translator is the Last-Translator header ("" for none known).
	Translator string
	// Carries are translations of stale keys for strings the file does
	// not translate (Carries): a rename's is written as the translation,
	// a nearest key's as a fuzzy one with the previous msgid (#|).
	Carries []Carry
}

// poDate writes a time as PO headers do.
func poDate(t time.Time) string { return t.Format("2006-01-02 15:04-0700") }

// BuildPO makes the PO file of a language: a complete header (msgfmt
// --check-header has nothing to say), then, in a package, the package's
// name and description (msgctxt package.name and package.description),
// then every display string in the order of first use, msgid the English
// and msgstr the language's own translation ("" when its file has none,
// or no file, or gives the package's English as it is), with a #. comment
// giving the first JSON path and #: references to every use (file:line,
// the file relative to the ruleset's folder); then the stale keys of its
// file with a translation as obsolete messages (#~), as gettext keeps them.
// With opts.Template, the template: no language, nothing translated, no
// obsolete messages.
//
// A translation the PO format cannot hold as it is (one whose first or
// last line break differs from the English's, which msgfmt refuses) is
// still written, and reported in the returned notes.
func BuildPO(ws *model.Workspace, r *Report, lang string, opts POOptions) (*PO, []string) {
	own := r.Locale(lang)
	if opts.Template {
		own, lang = nil, ""
	}
	po := &PO{}
	title := "this ruleset"
	if ws.Ruleset != nil && ws.Ruleset.Root != nil {
		if n := ws.Ruleset.Root.Get("name"); n != nil && n.Kind == model.String && n.Str() != "" {
			title = n.Str()
		}
	}
	project := title
	if ws.Manifest != nil && ws.Manifest.ID != "" {
		project = strings.TrimSpace(ws.Manifest.ID + " " + ws.Manifest.Version)
	}
	if opts.Template {
		po.Comments = []string{
			fmt.Sprintf("The display strings of %s: msgid is the English, msgstr its translation (empty: shown in English).", title),
			"Made by rulebench i18n --pot; start a language with msginit or a CAT tool, merge it back with rulebench i18n --from-po.",
		}
		po.Header = []POField{
			{"Project-Id-Version", oneLine(project)},
			{"POT-Creation-Date", poDate(opts.Now)},
			{"PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE"},
			{"Last-Translator", "FULL NAME <EMAIL@ADDRESS>"},
			{"Language-Team", "LANGUAGE <LL@li.org>"},
			{"Language", ""},
			{"MIME-Version", "1.0"},
			{"Content-Type", "text/plain; charset=UTF-8"},
			{"Content-Transfer-Encoding", "8bit"},
			{"X-Generator", "rulebench"},
		}
	} else {
		po.Comments = []string{
			fmt.Sprintf("%s in %s: msgid is the English display string, msgstr its translation (empty: shown in English).", title, lang),
			"Made by rulebench i18n --po; merge it back with rulebench i18n --from-po.",
		}
		translator := oneLine(opts.Translator)
		if translator == "" {
			translator = "none recorded"
		}
		po.Header = []POField{
			{"Project-Id-Version", oneLine(project)},
			{"POT-Creation-Date", poDate(opts.Now)},
			{"PO-Revision-Date", poDate(opts.Now)},
			{"Last-Translator", translator},
			{"Language-Team", "none"},
			{"Language", POLanguage(lang)},
			{"MIME-Version", "1.0"},
			{"Content-Type", "text/plain; charset=UTF-8"},
			{"Content-Transfer-Encoding", "8bit"},
			{"X-Generator", "rulebench"},
		}
	}
	var notes []string
	add := func(e POEntry) {
		if why := poUnfit(e.ID, e.Translation()); why != "" {
			notes = append(notes, fmt.Sprintf("the translation of %q %s; msgfmt will refuse the entry", truncate(e.ID, 40), why))
		}
		po.Entries = append(po.Entries, e)
	}
	name, desc := PackageText(ws)
	for _, p := range []struct{ ctx, english, key string }{{poPackageName, name, "name"}, {poPackageDescription, desc, "description"}} {
		if p.english == "" {
			continue
		}
		e := POEntry{Context: p.ctx, HasContext: true, ID: p.english, Str: []string{""},
			Extracted:  []string{"the package's " + p.key + ", from the manifest"},
			References: []string{"manifest.json:" + strconv.Itoa(ws.Manifest.Node.Get(p.key).Pos().Line)}}
		// The English given as it is (as --new writes it, since the Engine
		// refuses an empty one) is untranslated.
		if own != nil && own.File.Root != nil {
			if v := own.File.Root.Get("package").Get(p.key); v != nil && v.Kind == model.String && v.Str() != p.english {
				e.Str[0] = v.Str()
			}
		}
		add(e)
	}
	dir := path.Dir(ws.RulesetFile)
	if ws.Kind == model.Package {
		dir = ws.Path
	}
	carries := map[string]Carry{}
	if !opts.Template {
		for _, c := range opts.Carries {
			carries[c.String] = c
		}
	}
	for _, s := range r.Strings() {
		e := POEntry{ID: s.Text, Str: []string{""}}
		if k, ok := own.Lookup(s.Text); ok && k.Text {
			e.Str[0] = k.Value
		}
		if c, ok := carries[s.Text]; ok && e.Str[0] == "" {
			e.Str[0] = c.Translation
			if !c.Renamed {
				e.Flags = []string{"fuzzy"}
				e.Previous, e.HasPrevious = c.From, true
			} else {
				e.Comments = []string{"carried from " + c.From + ", which the ruleset's migrations rename to this"}
			}
		}
		if len(s.Uses) > 0 {
			first := s.Uses[0].Path()
			if more := len(s.Uses) - 1; more > 0 {
				first += fmt.Sprintf(" (and %d more)", more)
			}
			e.Extracted = []string{first}
		}
		for _, u := range s.Uses {
			e.References = append(e.References, poReference(dir, u))
		}
		add(e)
	}
	if own != nil {
		view, err := r.Language(lang)
		if err == nil {
			for _, k := range view.Stale {
				if v, ok := own.Lookup(k.English); ok && v.Text && v.Value != "" {
					po.Obsolete = append(po.Obsolete, POEntry{ID: k.English, Str: []string{v.Value}})
				}
			}
		}
	}
	return po, notes
}

// poReference writes a use as file:line, the file relative to dir; a
// space in the name is written as the U+2068 and U+2069 isolates around
// it, as gettext does.
func poReference(dir string, u Use) string {
	name := u.File
	if rel := relativeTo(dir, u.File); rel != "" {
		name = rel
	}
	if strings.ContainsAny(name, " \t") {
		name = "\u2068" + name + "\u2069"
	}
	return name + ":" + strconv.Itoa(u.Node.Pos().Line)
}

// relativeTo returns name relative to dir with slashes, or "" when name
// is not inside dir.
func relativeTo(dir, name string) string {
	dir, name = path.Clean(dir), path.Clean(name)
	if dir == "." {
		return name
	}
	if rest, ok := strings.CutPrefix(name, dir+"/"); ok {
		return rest
	}
	return ""
}

// oneLine keeps a header value to one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// poUnfit says why msgfmt would refuse a translation of english: a line
// break at the start or end of one and not the other. "" when fine or
// untranslated.
func poUnfit(english, translation string) string {
	if translation == "" {
		return ""
	}
	switch {
	case strings.HasPrefix(english, "\n") != strings.HasPrefix(translation, "\n"):
		return "begins with a line break where the English does not, or the other way round"
	case strings.HasSuffix(english, "\n") != strings.HasSuffix(translation, "\n"):
		return "ends with a line break where the English does not, or the other way round"
	}
	return ""
}

// Merge is a locale file with a PO file's translations merged in.
type Merge struct {
	// Lang is the language the PO's header gives; Target the locale file
	// merged into (an existing one, or a new one at LocaleTarget); Old its
	// bytes as read (nil for a new file) and Data as merged.
	Lang   string
	Target string
	Old    []byte
	Data   []byte
	// Written counts the values written or changed; Restored those of
	// them that obsolete messages (#~) brought back.
	Written, Restored int
	// Findings are the PO's entries not written, and why.
	Findings []model.Diagnostic
}

// MergePO merges the translations of a PO file into the locale file of
// the language its header gives: each entry whose msgid is a display
// string sets that string's value (an empty msgstr empties an existing
// value and adds no key), and the package.name and package.description
// entries the package section's (an empty msgstr there removes the member,
// since the Engine refuses an empty one). An entry whose msgid is no
// display string, with another msgctxt, with plural forms or marked fuzzy
// is a finding and is not written (a fuzzy one writes nothing, empty
// msgstr or not: msgfmt leaves fuzzy entries out); of two entries for one
// string, the first counts. An obsolete message (#~) whose msgid is a
// display string again brings its translation back where the file does
// not translate the string (Merge.Restored counts them); the package's
// English given as it is and an empty msgstr for it are both untranslated,
// so neither changes the other. Members the PO does not mention stay as they
// are, byte for byte, and the file's other members too: a PO written by
// BuildPO and merged back unedited changes nothing.
//
// With no locale file for the language yet, the PO is merged into a new
// one (NewLocale). The findings are those of the merge; the PO's own
// (ReadPO) are the caller's. The error is for a PO with no usable
// Language, an en pack of a catalog artifact, or a locale file that is not
// a JSON object.
func MergePO(ws *model.Workspace, r *Report, po *PO, poName string) (*Merge, error) {
	v, ok := po.HeaderValue("Language")
	if !ok || strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("%s: the header gives no Language, so the locale file to merge into is not known", poName)
	}
	lang, err := parsePOLanguage(v)
	if err != nil {
		return nil, fmt.Errorf("%s: the header's Language %s is not a language tag: %v", poName, v, err)
	}
	if lang == "en" && r.Catalog {
		return nil, ErrEnglishPack
	}
	m := &Merge{Lang: lang, Target: LocaleTarget(ws, r, lang)}
	data := []byte(nil)
	if l := r.Locale(lang); l != nil {
		m.Old, data = l.File.Data, l.File.Data
	} else if data, err = NewLocale(ws, r, lang); err != nil {
		return nil, err
	}
	root, _ := model.Parse(m.Target, data)
	if root == nil || root.Kind != model.Object {
		return nil, fmt.Errorf("%s is not a JSON object, so nothing can be merged into it; mend it first", m.Target)
	}
	rs, pkg := root.Get("ruleset"), root.Get("package")
	if (rs != nil && rs.Kind != model.Object) || (pkg != nil && pkg.Kind != model.Object) {
		return nil, fmt.Errorf("the ruleset or package section of %s is not an object; mend it first", m.Target)
	}
	warn := func(e POEntry, code model.Code, path, format string, args ...any) {
		d := model.Warnf(poName, path, code, format, args...)
		d.Category, d.Line, d.Column = model.Translations, e.Line, 1
		m.Findings = append(m.Findings, d)
	}
	// The ruleset section's members by key (the last of a repeated key, as
	// JSON.parse keeps).
	members := map[string]*model.Node{}
	if rs != nil {
		for _, c := range rs.Children() {
			members[c.Key()] = c
		}
	}
	var edits []model.Edit
	var removes []*model.Node
	var addRuleset, addPackage []model.Member
	seen := map[string]int{}
	pkgName, pkgDesc := PackageText(ws)
	for _, e := range po.Entries {
		id := e.ID
		if e.HasContext {
			id = e.Context + "\x00" + e.ID
		}
		if first, dup := seen[id]; dup {
			warn(e, CodePODuplicate, "msgid", "%q is given again (first on line %d); the first is used", truncate(e.ID, 60), first)
			continue
		}
		seen[id] = e.Line
		str := e.Translation()
		switch {
		case e.HasPlural:
			warn(e, CodePOPlural, "msgid_plural", "%q has plural forms, which display strings have not; it was not written", truncate(e.ID, 60))
			continue
		case e.Fuzzy() && str != "":
			warn(e, CodePOFuzzy, "msgstr", "the translation of %q is marked fuzzy (to be reviewed); it was not written", truncate(e.ID, 60))
			continue
		case e.Fuzzy():
			// An empty msgstr empties a value; a fuzzy one must not.
			warn(e, CodePOFuzzy, "msgstr", "the empty translation of %q is marked fuzzy (to be reviewed); it was not written", truncate(e.ID, 60))
			continue
		case e.HasContext:
			key, english := "", ""
			switch e.Context {
			case poPackageName:
				key, english = "name", pkgName
			case poPackageDescription:
				key, english = "description", pkgDesc
			default:
				warn(e, CodePOContext, "msgctxt", "msgctxt %q is none rulebench writes (package.name, package.description); it was not written", truncate(e.Context, 60))
				continue
			}
			if english == "" || e.ID != english {
				warn(e, CodePOUnknown, "msgid", "%q is not the package's %s; it was not written", truncate(e.ID, 60), key)
				continue
			}
			cur := pkg.Get(key)
			switch {
			case cur != nil && str == "" && cur.Kind == model.String && cur.Str() == english:
				// The English as --new writes it: untranslated either way.
			case cur != nil && str == "":
				removes = append(removes, cur)
				m.Written++
			case cur != nil && (cur.Kind != model.String || cur.Str() != str):
				ed, err := model.ReplaceValue(data, cur, str)
				if err != nil {
					return nil, err
				}
				edits = append(edits, ed)
				m.Written++
			case cur == nil && str != "":
				addPackage = append(addPackage, model.Member{Key: key, Value: str})
				m.Written++
			}
			continue
		}
		if _, current := r.Index(e.ID); !current {
			msg := fmt.Sprintf("%q is no display string of the ruleset; it was not written", truncate(e.ID, 60))
			if near := r.Nearest(e.ID); near != "" {
				msg += fmt.Sprintf(" (the nearest is %q)", truncate(near, 60))
			}
			warn(e, CodePOUnknown, "msgid", "%s", msg)
			continue
		}
		cur := members[e.ID]
		switch {
		case cur != nil && cur.Kind == model.String && cur.Str() == str,
			cur != nil && cur.Kind != model.String && str == "",
			cur == nil && str == "":
			continue
		case cur != nil:
			ed, err := model.ReplaceValue(data, cur, str)
			if err != nil {
				return nil, err
			}
			edits = append(edits, ed)
		default:
			addRuleset = append(addRuleset, model.Member{Key: e.ID, Value: str})
		}
		m.Written++
	}
	// An obsolete message whose string the ruleset has again brings its
	// translation back, where the file does not translate the string and
	// no message of the PO gave it.
	for _, e := range po.Obsolete {
		str := e.Translation()
		if e.HasContext || e.HasPlural || e.Fuzzy() || str == "" {
			continue
		}
		if _, current := r.Index(e.ID); !current {
			continue
		}
		if _, given := seen[e.ID]; given {
			continue
		}
		seen[e.ID] = e.Line
		switch cur := members[e.ID]; {
		case cur == nil:
			addRuleset = append(addRuleset, model.Member{Key: e.ID, Value: str})
		case cur.Kind == model.String && cur.Str() == "":
			ed, err := model.ReplaceValue(data, cur, str)
			if err != nil {
				return nil, err
			}
			edits = append(edits, ed)
		default:
			continue
		}
		m.Written++
		m.Restored++
	}
	if len(removes) > 0 {
		more, err := model.RemoveMembers(data, pkg, removes)
		if err != nil {
			return nil, err
		}
		edits = append(edits, more...)
	}
	if data, err = model.Apply(data, edits); err != nil {
		return nil, err
	}
	if len(addRuleset) > 0 {
		if data, err = appendToSection(m.Target, data, "ruleset", addRuleset); err != nil {
			return nil, err
		}
	}
	if len(addPackage) > 0 {
		if data, err = appendToSection(m.Target, data, "package", addPackage); err != nil {
			return nil, err
		}
	}
	m.Data = data
	return m, nil
}
