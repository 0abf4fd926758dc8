// Package pack builds the catalog artifact of a package folder, as the
// behaviour spec publishes a catalog ruleset (layers-translations-migrations
// §2, decisions §1 and §3): the ruleset as one file,
// <id>-<version>.ruleset.json, with its separate catalogs written inline;
// one language pack <id>-<version>.<language>.json per translation the
// package carries; and the catalog entry, <id>-<version>.entry.json, that
// lists the artifact and the packs with their URLs, sizes and checksums.
//
// Build works on bytes only; writing them is the caller's (the command
// line's one writer). Verify loads what Build made, in memory, as `rulebench
// check` would load it from disk, so that a pack is known to check clean
// before anything is written.
package pack

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing/fstest"

	"rulebench/analysis"
	"rulebench/i18n"
	"rulebench/model"
)

// DefaultURLBase is the folder the official catalog publishes its
// artifacts in; a pack's URLs are made from it unless another is given.
const DefaultURLBase = "https://raw.githubusercontent.com/Pasta-Devs/Marinara-Agents/main/artifacts/"

// Options adjust a build.
type Options struct {
	// URLBase is the https folder the files will be published in; every
	// URL in the entry is this folder and the file's name. "" is
	// DefaultURLBase.
	URLBase string
}

// File is one file of the pack: its name (a base name, written into the
// output folder), its bytes and where they come from.
type File struct {
	Name string
	Data []byte
	// Source is the package file the bytes come from ("" for the entry,
	// which is made rather than copied).
	Source string
	// Lang is the language of a pack ("" for the artifact and the entry).
	Lang string
}

// SHA256 is the hex SHA-256 of the file's bytes.
func (f File) SHA256() string {
	sum := sha256.Sum256(f.Data)
	return hex.EncodeToString(sum[:])
}

// Note is a warning about what was packed: a file with CRLF line endings
// or a byte-order mark, a translation left out, a pack whose store card
// falls back to English.
type Note struct {
	// File is the package file the note is about.
	File    string
	Message string
	// Warning tells a warning (something to fix) from a note about what
	// pack did.
	Warning bool
}

// Result is a built pack.
type Result struct {
	// Prefix is <id>-<version>, the start of every file name.
	Prefix   string
	Artifact File
	// Packs are the language packs, sorted by language.
	Packs []File
	// Entry is the catalog entry listing the artifact and the packs.
	Entry File
	Notes []Note
}

// Files are every file of the pack in the order to write them: the
// artifact, the packs, then the entry that lists them.
func (r *Result) Files() []File {
	out := append([]File{r.Artifact}, r.Packs...)
	return append(out, r.Entry)
}

// ErrNotPackage is the error for a workspace that is not a package folder.
var ErrNotPackage = errors.New("pack reads a package folder (one with a manifest.json)")

// versionPattern is a semantic version, as manifests write it.
var versionPattern = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)

// Build makes the catalog artifact of a package. The error is for what
// cannot be packed at all: not a package, a manifest without a usable id
// or version, a ruleset that is not JSON, a catalog file that cannot be
// written inline, or a URL base that is not an https folder.
func Build(ws *model.Workspace, opt Options) (*Result, error) {
	if ws == nil || ws.Kind != model.Package {
		return nil, ErrNotPackage
	}
	base, err := urlBase(opt.URLBase)
	if err != nil {
		return nil, err
	}
	m := ws.Manifest
	if m == nil {
		return nil, errors.New("the manifest.json cannot be read as a manifest")
	}
	if !model.IsRulesetID(m.ID) && !model.IsEntryID(m.ID) {
		return nil, fmt.Errorf("the manifest's id %q cannot name an artifact: lowercase letters and digits joined by single hyphens", m.ID)
	}
	if !versionPattern.MatchString(m.Version) {
		return nil, fmt.Errorf("the manifest's version %q is not a version such as 1.2.0", m.Version)
	}
	if ws.RulesetSource == nil || ws.RulesetSource.Root == nil || ws.Ruleset == nil {
		return nil, errors.New("ruleset.json cannot be read as JSON")
	}
	r := &Result{Prefix: m.ID + "-" + m.Version}
	r.noteBytes(ws.RulesetSource)
	data, err := r.inline(ws)
	if err != nil {
		return nil, err
	}
	r.Artifact = File{Name: r.Prefix + ".ruleset.json", Data: data, Source: ws.RulesetSource.Name}
	if err := r.packs(ws); err != nil {
		return nil, err
	}
	entry, err := r.entry(ws, base)
	if err != nil {
		return nil, err
	}
	r.Entry = File{Name: r.Prefix + ".entry.json", Data: entry}
	return r, nil
}

// CheckURLBase says what is wrong with a URL base ("" is the default):
// it must be an https URL with a plain host and no query or fragment.
func CheckURLBase(s string) error {
	_, err := urlBase(s)
	return err
}

// urlBase checks the folder the files will be published in and returns
// it parsed, its path ending in a slash.
func urlBase(s string) (*url.URL, error) {
	if s == "" {
		s = DefaultURLBase
	}
	u, err := url.Parse(s)
	switch {
	case err != nil || !u.IsAbs() || u.Opaque != "":
		return nil, fmt.Errorf("--url-base %q is not a URL", s)
	case u.Scheme != "https":
		return nil, fmt.Errorf("--url-base %q must use https: the Engine fetches packs only over https", s)
	case u.Host == "" || u.User != nil:
		return nil, fmt.Errorf("--url-base %q needs a plain host", s)
	case u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(s, "?#"):
		return nil, fmt.Errorf("--url-base %q must be a folder, without a query or fragment", s)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		u.RawPath = ""
	}
	return u, nil
}

// noteBytes notes a byte-order mark and CRLF line endings in a file packed.
func (r *Result) noteBytes(f *model.File) {
	if f == nil {
		return
	}
	if bytes.HasPrefix(f.Data, []byte("\uFEFF")) {
		r.Notes = append(r.Notes, Note{File: f.Name, Warning: true, Message: "the file starts with a byte-order mark, which JSON.parse refuses; save it as UTF-8 without BOM"})
	}
	if n := bytes.Count(f.Data, []byte("\r\n")); n > 0 {
		r.Notes = append(r.Notes, Note{File: f.Name, Warning: true, Message: fmt.Sprintf(
			"CRLF line endings (%d lines): they are packed as they are and counted in its size and checksum, and a checkout that converts them (git core.autocrlf) makes the published file differ: save it with LF endings, or mark *.json -text in .gitattributes", n)})
	}
}

// inline returns the ruleset's bytes with each catalog kept in a separate
// file written inline: its "asset" member replaced by "entries" holding the
// file's entries as written. A catalog artifact is one file; the Engine's
// import of it cannot read separate files.
func (r *Result) inline(ws *model.Workspace) ([]byte, error) {
	src := ws.RulesetSource.Data
	var edits []model.Edit
	for _, c := range ws.Ruleset.Catalogs {
		if c.Asset == "" {
			continue
		}
		af := ws.Files[c.EntriesFile]
		if af == nil || c.EntriesFile == ws.RulesetSource.Name || c.EntriesNode == nil {
			return nil, fmt.Errorf("the catalog %q keeps its entries in %s, which cannot be read, so it cannot be written inline", c.ID, c.Asset)
		}
		r.noteBytes(af)
		start := c.EntriesNode.Pos().Offset
		end, err := model.ValueEnd(af.Data, start)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", af.Name, err)
		}
		asset := c.Node.Get("asset")
		valueEnd, err := model.ValueEnd(src, asset.Pos().Offset)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ws.RulesetSource.Name, err)
		}
		keyStart := asset.KeyPos().Offset
		if keyStart < len(src) && src[keyStart] != '"' {
			keyStart-- // the position of the name, past its quote
		}
		if keyStart < 0 || keyStart >= len(src) || src[keyStart] != '"' {
			return nil, fmt.Errorf("%s: %w", ws.RulesetSource.Name, model.ErrStale)
		}
		text := `"entries": ` + string(reindent(af.Data[start:end], indentOf(src, keyStart)))
		edits = append(edits, model.Edit{Start: keyStart, End: valueEnd, Text: text})
	}
	if len(edits) == 0 {
		return src, nil
	}
	return model.Apply(src, edits)
}

// indentOf is the white space that starts the line holding off.
func indentOf(data []byte, off int) string {
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	end := start
	for end < off && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

// reindent moves every line of a JSON value but its first by the indent
// of the line it lands on less the indent its own closing line had, so that
// an inlined array lines up with the member it replaces. Line breaks inside
// JSON strings cannot occur (they are escaped), so lines are safe to move.
func reindent(value []byte, indent string) []byte {
	lines := bytes.Split(value, []byte("\n"))
	if len(lines) < 2 {
		return value
	}
	last := lines[len(lines)-1]
	old := len(last) - len(bytes.TrimLeft(last, " \t"))
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		cut := min(old, len(l)-len(bytes.TrimLeft(l, " \t")))
		lines[i] = append([]byte(indent), l[cut:]...)
	}
	return bytes.Join(lines, []byte("\n"))
}

// packs makes a language pack of each translation the package carries: a
// locale file the manifest lists, with a ruleset section, in a language
// other than English. A regional language's pack also gets the strings its
// package leaves to the base language's file (pt for pt-BR): the Engine
// installs one pack, so nothing falls back to another.
func (r *Result) packs(ws *model.Workspace) error {
	rep := i18n.Analyze(ws)
	seen := map[string]bool{}
	for _, l := range rep.Locales {
		f := l.File
		switch {
		case f.Unlisted:
			if l.HasRuleset {
				r.Notes = append(r.Notes, Note{File: f.Name, Warning: true, Message: "the manifest does not list it, so it is not part of the package and is not packed"})
			}
			continue
		case l.Lang == "":
			r.Notes = append(r.Notes, Note{File: f.Name, Warning: true, Message: "the file name gives no language, so it is not packed"})
			continue
		case l.Lang == "en":
			continue // English is the ruleset itself
		case !l.HasRuleset:
			r.Notes = append(r.Notes, Note{File: f.Name, Warning: true, Message: "no ruleset section: it translates nothing and is not packed"})
			continue
		case seen[l.Lang]:
			continue // a second file of one language; check reports it
		}
		seen[l.Lang] = true
		r.noteBytes(f)
		data, filled, err := withBase(rep, l)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if filled > 0 {
			lang, _ := rep.Language(l.Lang)
			r.Notes = append(r.Notes, Note{File: f.Name, Message: fmt.Sprintf(
				"the pack also holds the %d %s that the package leaves to %s: the Engine installs one pack, so nothing falls back to another",
				filled, plural(filled, "translation", "translations"), lang.BaseLocale.Name())})
		}
		r.Packs = append(r.Packs, File{Name: r.Prefix + "." + l.Lang + ".json", Data: data, Source: f.Name, Lang: l.Lang})
	}
	slices.SortFunc(r.Packs, func(a, b File) int { return strings.Compare(a.Lang, b.Lang) })
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// withBase returns a locale file's bytes with the translations its base
// language's file gives and it does not (each display string whose state
// is via base) written into its ruleset section, and how many there were.
// A file with nothing to add is returned as it is, byte for byte.
func withBase(rep *i18n.Report, l *i18n.Locale) ([]byte, int, error) {
	lang, err := rep.Language(l.Lang)
	if err != nil || lang.BaseLocale == nil || lang.BaseLocale.File.Unlisted {
		// No base, or one that is not part of the package: the Engine
		// would not have read it either.
		return l.File.Data, 0, nil
	}
	section := l.File.Root.Get("ruleset")
	if section == nil || section.Kind != model.Object {
		return l.File.Data, 0, nil
	}
	var edits []model.Edit
	var add []model.Member
	filled := 0
	for i, s := range rep.Strings() {
		if lang.States[i] != i18n.ViaBase {
			continue
		}
		shown := lang.Show(s.Text)
		filled++
		if own, ok := l.Lookup(s.Text); ok && own.Text {
			e, err := model.ReplaceValue(l.File.Data, own.Node, shown.Text)
			if err != nil {
				return nil, 0, err
			}
			edits = append(edits, e)
			continue
		}
		add = append(add, model.Member{Key: s.Text, Value: shown.Text})
	}
	if len(add) > 0 {
		e, err := model.AppendMember(l.File.Data, section, add)
		if err != nil {
			return nil, 0, err
		}
		edits = append(edits, e)
	}
	if len(edits) == 0 {
		return l.File.Data, 0, nil
	}
	out, err := model.Apply(l.File.Data, edits)
	return out, filled, err
}

// listing is a file's listing in the catalog entry.
type listing struct {
	URL         string `json:"url"`
	SHA256      string `json:"sha256"`
	Bytes       int    `json:"bytes"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
}

// entryDoc is the catalog entry: the package's manifest as it is (as
// today's catalog index embeds it), the artifact and the language packs.
type entryDoc struct {
	Manifest json.RawMessage    `json:"manifest,omitempty"`
	Artifact listing            `json:"artifact"`
	Locales  map[string]listing `json:"locales,omitempty"`
}

// entry makes the catalog entry: the manifest, the artifact's listing,
// and each pack's with the store card's name and description in its
// language (from the pack's package section; the manifest's English, with
// a note, where it has none).
func (r *Result) entry(ws *model.Workspace, base *url.URL) ([]byte, error) {
	at := func(name string) string {
		u := *base
		u.Path = path.Join(base.Path, name)
		u.RawPath = ""
		return u.String()
	}
	doc := entryDoc{Artifact: listing{URL: at(r.Artifact.Name), SHA256: r.Artifact.SHA256(), Bytes: len(r.Artifact.Data)}}
	if mf := ws.Files[path.Join(ws.Path, "manifest.json")]; mf != nil && mf.Root != nil && mf.Root.Kind == model.Object {
		doc.Manifest = json.RawMessage(bytes.TrimPrefix(mf.Data, []byte("\uFEFF")))
	}
	englishName, englishDescription := manifestText(ws)
	for _, p := range r.Packs {
		if doc.Locales == nil {
			doc.Locales = map[string]listing{}
		}
		name, description := packageText(p)
		if base := r.basePack(p.Lang); base != nil && (name == "" || description == "") {
			// A regional pack's card reads in its base language before
			// it falls back to English.
			baseName, baseDescription := packageText(*base)
			name, description = cmp.Or(name, baseName), cmp.Or(description, baseDescription)
		}
		if name == "" || description == "" {
			var missing []string
			if name == "" {
				name, missing = englishName, append(missing, "name")
			}
			if description == "" {
				description, missing = englishDescription, append(missing, "description")
			}
			r.Notes = append(r.Notes, Note{File: p.Source, Warning: true, Message: fmt.Sprintf(
				"no package %s, so the store card in %s shows the manifest's English %s; write them in the file's package section",
				strings.Join(missing, " or "), p.Lang, strings.Join(missing, " and "))})
		}
		doc.Locales[p.Lang] = listing{URL: at(p.Name), SHA256: p.SHA256(), Bytes: len(p.Data), Name: name, Description: description}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("the catalog entry cannot be written: %w", err)
	}
	return b.Bytes(), nil
}

// basePack is the pack of lang's base language (pt for pt-BR), nil when
// lang is a base language itself or its base has no pack.
func (r *Result) basePack(lang string) *File {
	tag, err := i18n.ParseTag(lang)
	if err != nil {
		return nil
	}
	base, differs := i18n.BaseOf(tag)
	if !differs {
		return nil
	}
	for i := range r.Packs {
		if r.Packs[i].Lang == base {
			return &r.Packs[i]
		}
	}
	return nil
}

// manifestText is the manifest's name and description.
func manifestText(ws *model.Workspace) (string, string) {
	mf := ws.Files[path.Join(ws.Path, "manifest.json")]
	if mf == nil || mf.Root == nil {
		return "", ""
	}
	return text(mf.Root.Get("name")), text(mf.Root.Get("description"))
}

// packageText is a pack's package name and description, "" where absent
// or blank.
func packageText(p File) (string, string) {
	root, _ := model.Parse(p.Name, p.Data)
	if root == nil {
		return "", ""
	}
	pkg := root.Get("package")
	return text(pkg.Get("name")), text(pkg.Get("description"))
}

func text(n *model.Node) string {
	if n == nil || n.Kind != model.String || strings.TrimSpace(n.Str()) == "" {
		return ""
	}
	return n.Str()
}

// Verify checks what Build made as `rulebench check` would once it is
// written in dir: the artifact with its packs and the entry beside it, and
// the entry file on its own. It returns the findings of both, their files
// named inside dir (slash-separated), and an error when the files cannot
// be loaded at all.
func Verify(r *Result, dir string) ([]model.Diagnostic, error) {
	fsys := fstest.MapFS{}
	for _, f := range r.Files() {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
	}
	var out []model.Diagnostic
	for _, name := range []string{r.Artifact.Name, r.Entry.Name} {
		ws, err := model.Load(fsys, name)
		if err != nil {
			return nil, err
		}
		for _, d := range analysis.Run(ws, analysis.Options{}).Findings {
			d.File = path.Join(dir, d.File)
			out = append(out, d)
		}
	}
	return out, nil
}
