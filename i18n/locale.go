package i18n

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"

	"rulebench/model"
)

// MaxPackBytes is the largest language pack the catalog allows: 8 MiB.
const MaxPackBytes = 8 * 1024 * 1024

// Locale is one locale file read and checked: a package's
// locales/<language>.json or a language pack beside a catalog artifact.
type Locale struct {
	// File is the file as read: name, bytes, checksum and parsed JSON.
	File *model.File
	// Lang is the canonical language the file name gives, "" when the name
	// gives no valid language tag; Tag is that language parsed.
	Lang string
	Tag  language.Tag
	// Pack tells whether the file is a language pack of a catalog artifact
	// (which must have a ruleset section) rather than a package locale.
	Pack bool
	// MetaLocale and Direction are _meta.locale and _meta.direction as
	// written ("" when absent or not text).
	MetaLocale string
	Direction  string
	// HasRuleset tells whether the file has a ruleset section. A file
	// without one translates nothing.
	HasRuleset bool
	// Keys are the members of the ruleset section in file order. A key
	// written twice appears twice; the last one counts, as with JSON.parse
	// (the parser warns about the repeat).
	Keys []Key

	lookupOnce sync.Once
	lookup     map[string]int // built on first use
}

// Key is one member of a locale file's ruleset section: an English display
// string and its translation.
type Key struct {
	English string
	// Value is the translation; Text tells whether the value is text at
	// all (a value that is not text is an error and counts as missing).
	Value string
	Text  bool
	// Node is the value, for its path and position.
	Node *model.Node
}

// Lookup returns the member of the ruleset section keyed by english (the
// last one when the key is repeated). It is safe for concurrent use.
func (l *Locale) Lookup(english string) (Key, bool) {
	if l == nil {
		return Key{}, false
	}
	l.lookupOnce.Do(l.buildLookup)
	i, ok := l.lookup[english]
	if !ok {
		return Key{}, false
	}
	return l.Keys[i], true
}

// usable returns the non-empty text translation of english, if any.
func (l *Locale) usable(english string) (string, bool) {
	k, ok := l.Lookup(english)
	return k.Value, ok && k.Text && k.Value != ""
}

func (l *Locale) buildLookup() {
	l.lookup = make(map[string]int, len(l.Keys))
	for i, k := range l.Keys {
		l.lookup[k.English] = i
	}
}

// Name is the locale file's name.
func (l *Locale) Name() string { return l.File.Name }

// ParseLocale parses and checks a locale file given as bytes: name is the
// file name used in findings, lang the language its name gives, and pack
// whether it is a catalog language pack. Unlike model.Load it reads the
// bytes it is given; the caller bounds their size.
func ParseLocale(name, lang string, data []byte, pack bool) (*Locale, []model.Diagnostic) {
	f := &model.File{Name: name, Lang: lang, Data: data, Bytes: int64(len(data))}
	root, ds := model.Parse(name, data)
	f.Root = root
	l, more := ReadLocale(f, pack)
	return l, append(model.InCategory(model.Translations, ds), more...)
}

// allowedLocaleKeys are the top-level keys a locale file may hold.
const allowedLocaleKeys = "$schema, _meta, package and ruleset"

// ReadLocale checks a parsed locale file and returns what it translates.
// The findings cover the file name's language tag, the top-level keys,
// _meta (locale matching the file name, direction), package and the
// ruleset section (every value text). Stale keys need the ruleset and are
// found by Analyze. A file that is not JSON (Root nil) gives an empty
// Locale; the parser has reported why.
func ReadLocale(f *model.File, pack bool) (*Locale, []model.Diagnostic) {
	l := &Locale{File: f, Pack: pack}
	r := localeReader{l: l, file: f.Name}
	r.name()
	if f.Root == nil {
		return l, model.InCategory(model.Translations, r.ds)
	}
	if pack && f.Bytes > MaxPackBytes {
		r.ds = append(r.ds, model.Errorf(f.Name, model.RootPath, CodePackSize,
			"the language pack is %d bytes; a pack is at most %d bytes (8 MiB)", f.Bytes, MaxPackBytes))
	}
	root := f.Root
	if root.Kind != model.Object {
		r.ds = append(r.ds, model.At(model.Error, f.Name, root, CodeLocaleShape,
			"a locale file is a JSON object, not %s", root.Kind))
		return l, model.InCategory(model.Translations, r.ds)
	}
	for _, m := range root.Children() {
		switch m.Key() {
		case "$schema":
			if m.Kind != model.String {
				r.ds = append(r.ds, model.At(model.Error, f.Name, m, model.CodeType, "$schema is text, not %s", m.Kind))
			}
		case "_meta", "package", "ruleset":
		default:
			if r.room(model.Error) {
				r.ds = append(r.ds, keyAt(model.Error, f.Name, m, CodeLocaleKey,
					"unknown key %q: a locale file holds only %s", m.Key(), allowedLocaleKeys))
			}
		}
	}
	r.meta(root)
	r.pkg(root.Get("package"))
	r.ruleset(root.Get("ruleset"))
	if pack && !l.HasRuleset {
		r.ds = append(r.ds, model.At(model.Error, f.Name, root, CodePackRuleset,
			"a language pack needs a ruleset section: it is what the pack translates"))
	}
	if l.Lang == "en" && l.HasRuleset {
		sev, why := model.Warning, "the ruleset is already English; this file's ruleset section rewords it for English players"
		if pack {
			sev, why = model.Error, "a catalog ruleset never has an en pack: English is the ruleset itself"
		}
		r.ds = append(r.ds, model.At(sev, f.Name, root.Get("ruleset"), CodeLocaleEN, "%s", why))
	}
	return l, model.InCategory(model.Translations, r.left.Close(f.Name, r.ds))
}

type localeReader struct {
	l    *Locale
	file string
	ds   []model.Diagnostic
	// left counts the findings past model.MaxFileFindings, one a key of a
	// file of a million keys.
	left model.LeftOut
}

// room tells whether a finding of severity sev about one key is listed.
func (r *localeReader) room(sev model.Severity) bool { return r.left.Room(len(r.ds), sev) }

func (r *localeReader) errorf(n *model.Node, code model.Code, format string, args ...any) {
	if r.room(model.Error) {
		r.ds = append(r.ds, model.At(model.Error, r.file, n, code, format, args...))
	}
}

// keyAt makes a finding at an object member's key rather than its value.
func keyAt(sev model.Severity, file string, n *model.Node, code model.Code, format string, args ...any) model.Diagnostic {
	d := model.At(sev, file, n, code, format, args...)
	if n.KeyPos().Line > 0 {
		d.Line, d.Column = n.KeyPos().Line, n.KeyPos().Column
	}
	return d
}

// name checks the language the file name gives.
func (r *localeReader) name() {
	code := r.l.File.Lang
	tag, err := ParseTag(code)
	if err != nil {
		msg := "the file name gives the language %q, which is not a language tag: %v"
		args := []any{code, err}
		if err == ErrUnderscore {
			if fixed, err2 := Canonical(strings.ReplaceAll(code, "_", "-")); err2 == nil {
				msg += "; name the file for %s"
				args = append(args, fixed)
			}
		}
		d := model.At(model.Error, r.file, r.l.File.Root, CodeLocaleName, msg, args...)
		if d.Line == 0 { // the file is not JSON: point at its start
			d.Line, d.Column = 1, 1
		}
		r.ds = append(r.ds, d)
		return
	}
	r.l.Tag, r.l.Lang = tag, tag.String()
}

func (r *localeReader) meta(root *model.Node) {
	meta := root.Get("_meta")
	if meta == nil {
		r.ds = append(r.ds, missingAt(r.file, root, "_meta",
			`"_meta" is required: {"locale": "<the file's language>", "direction": "ltr" or "rtl"}`))
		return
	}
	if meta.Kind != model.Object {
		r.errorf(meta, model.CodeType, "_meta is an object, not %s", meta.Kind)
		return
	}
	for _, m := range meta.Children() {
		if m.Key() != "locale" && m.Key() != "direction" {
			r.ds = append(r.ds, keyAt(model.Error, r.file, m, CodeLocaleKey, "unknown key %q in _meta: it holds only locale and direction", m.Key()))
		}
	}
	var metaTag language.Tag
	metaOK := false
	switch loc := meta.Get("locale"); {
	case loc == nil:
		r.ds = append(r.ds, missingAt(r.file, meta, "locale", `"locale" is required in _meta: the language the file name says`))
	case loc.Kind != model.String:
		r.errorf(loc, model.CodeType, "_meta.locale is text, not %s", loc.Kind)
	default:
		r.l.MetaLocale = loc.Str()
		tag, err := ParseTag(loc.Str())
		if err != nil {
			r.errorf(loc, CodeLocaleMeta, "_meta.locale %q is not a language tag: %v", loc.Str(), err)
			break
		}
		metaTag, metaOK = tag, true
		if r.l.Lang != "" && tag.String() != r.l.Lang {
			r.errorf(loc, CodeLocaleMeta, "_meta.locale is %s but the file name says %s: the Engine refuses a file whose language differs from its name", tag, r.l.Lang)
		} else if !metaLocalePattern.MatchString(loc.Str()) {
			msg := "_meta.locale %q is not in the form the Engine's localization catalogs require (a lower-case language of 2 or 3 letters, then subtags of 2 to 8 letters or digits)"
			if spelling, ok := MetaLocaleSpelling(loc.Str()); ok {
				msg += "; write it as " + spelling
			}
			r.ds = append(r.ds, model.At(model.Warning, r.file, loc, CodeLocaleMeta, msg, loc.Str()))
		}
	}
	switch dir := meta.Get("direction"); {
	case dir == nil:
		r.ds = append(r.ds, missingAt(r.file, meta, "direction", `"direction" is required in _meta: "ltr" or "rtl"`))
	case dir.Kind != model.String:
		r.errorf(dir, model.CodeType, "_meta.direction is text, not %s", dir.Kind)
	case dir.Str() != "ltr" && dir.Str() != "rtl":
		r.errorf(dir, CodeLocaleDirection, "_meta.direction is %q; it must be \"ltr\" or \"rtl\"", dir.Str())
	default:
		r.l.Direction = dir.Str()
		tag, haveTag := r.l.Tag, r.l.Lang != ""
		if !haveTag && metaOK {
			tag, haveTag = metaTag, true
		}
		if want, known := direction(tag); haveTag && known && want != dir.Str() {
			r.ds = append(r.ds, model.At(model.Warning, r.file, dir, CodeLocaleDirection,
				"_meta.direction is %s, but %s is written %s", dir.Str(), tag, map[string]string{"ltr": "left to right", "rtl": "right to left"}[want]))
		}
	}
}

// metaLocalePattern is the form the Engine's package localization catalogs
// require of _meta.locale (engine-behaviour §10.3). decisions §3 only asks
// that it canonicalise to the file's language, so another spelling of the
// right language (PT-br for pt-BR) is a warning.
var metaLocalePattern = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)

// MetaLocaleSpelling is the spelling to write for a _meta.locale that is
// a language tag in a form the Engine's localization catalogs refuse (PT-br
// for pt-BR): its canonical form, when the catalogs take that. ok is false
// for a value in a form they take (pt-br among them: decisions §3 asks only
// that it canonicalise to the file's language), for one that is not a tag,
// and for one whose canonical form they refuse too.
func MetaLocaleSpelling(s string) (spelling string, ok bool) {
	if metaLocalePattern.MatchString(s) {
		return "", false
	}
	canon, err := Canonical(s)
	if err != nil || !metaLocalePattern.MatchString(canon) {
		return "", false
	}
	return canon, true
}

// missingAt reports a required key absent from obj, at the path the key
// would have and the position of the object.
func missingAt(file string, obj *model.Node, key, msg string) model.Diagnostic {
	d := model.At(model.Error, file, obj, model.CodeRequired, "%s", msg)
	d.Path = key
	if obj.Parent() != nil {
		d.Path = obj.Path() + "." + key
	}
	return d
}

func (r *localeReader) pkg(n *model.Node) {
	if n == nil {
		return
	}
	if n.Kind != model.Object {
		r.errorf(n, model.CodeType, "package is an object {name?, description?}, not %s", n.Kind)
		return
	}
	for _, m := range n.Children() {
		if m.Key() != "name" && m.Key() != "description" {
			r.ds = append(r.ds, keyAt(model.Error, r.file, m, CodeLocaleKey, "unknown key %q in package: it holds only name and description", m.Key()))
			continue
		}
		switch {
		case m.Kind != model.String:
			r.errorf(m, model.CodeType, "package.%s is text, not %s", m.Key(), m.Kind)
		case strings.TrimSpace(m.Str()) == "":
			r.errorf(m, CodeLocaleEmpty, "package.%s is empty; leave the key out instead", m.Key())
		}
	}
}

func (r *localeReader) ruleset(n *model.Node) {
	if n == nil {
		return
	}
	if n.Kind != model.Object {
		r.errorf(n, model.CodeType, "ruleset is an object of English display strings and their translations, not %s", n.Kind)
		return
	}
	r.l.HasRuleset = true
	r.l.Keys = make([]Key, 0, len(n.Children()))
	for _, m := range n.Children() {
		k := Key{English: m.Key(), Node: m}
		if m.Kind == model.String {
			k.Value, k.Text = m.Str(), true
			switch why := unsafeText(m.Str()); {
			case why != "" && r.room(model.Warning):
				r.ds = append(r.ds, model.At(model.Warning, r.file, m, CodeLocaleText,
					"the translation holds %s, which the screen would show as it is", why))
			case why == "" && blank(m.Str()) && r.room(model.Warning):
				r.ds = append(r.ds, model.At(model.Warning, r.file, m, CodeLocaleBlank,
					"the translation is only spaces: it counts as translated but shows nothing; leave it \"\" to show the English"))
			}
		} else {
			r.errorf(m, CodeLocaleValue, "every value in ruleset is text; this one is %s, so the string counts as missing", m.Kind)
		}
		r.l.Keys = append(r.l.Keys, k)
	}
}

// blank tells whether s is not empty but holds only white space.
func blank(s string) bool {
	if s == "" {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(s); !unicode.IsSpace(r) {
		return false // the common case, without scanning
	}
	return strings.TrimSpace(s) == ""
}

// unsafeText says why a translation holds characters that should not be
// shown (model.CatalogUnsafe), or "" when it is clean. Clean text, the
// common case, is checked a byte at a time against a table.
func unsafeText(s string) string {
	for i := 0; i < len(s); i++ {
		if !suspect[s[i]] {
			continue
		}
		switch c := s[i]; {
		case c < 0x20 || c == 0x7f:
			return model.CatalogUnsafe(s)
		case c == 0xc2 && i+1 < len(s) && s[i+1] <= 0x9f: // U+0080..U+009F
			return model.CatalogUnsafe(s)
		case c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9): // U+2028, U+2029
			return model.CatalogUnsafe(s)
		}
	}
	return ""
}

// suspect marks the bytes that may start a character unsafeText refuses:
// controls, DEL, and the lead bytes of U+0080..U+00BF and U+2000..U+2FFF.
var suspect = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t[0x7f], t[0xc2], t[0xe2] = true, true, true
	return t
}()
