package i18n

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"rulebench/model"
)

// Limits of a catalog entry's language packs (layers-translations-migrations
// §2, decisions §3).
const (
	MaxPacks = 40
	// MaxEntryBytes bounds a catalog entry file; real ones are a few KB.
	MaxEntryBytes = 1024 * 1024
)

// CatalogEntry is a catalog entry: its artifact, the language packs it
// lists and the package manifest it embeds. It comes in two forms
// (decisions §1): today's catalog publishes a package as a .zip archive
// ({manifest, category, iconUrl?, documentationUrl?, artifact}), and the
// behaviour spec's form points the artifact at <id>-<version>.ruleset.json
// and lists language packs under locales.
type CatalogEntry struct {
	// File is the entry's file name, as findings give it; Root is its
	// parsed JSON (nil when it is not JSON): the entry itself, which is
	// the whole file or one of a catalog index's packages.
	File string
	Root *model.Node
	// Artifact is the artifact's listing; its URL is "" when missing or
	// unusable.
	Artifact Listing
	// Zip tells that the artifact is a package archive,
	// <id>-<version>.zip, rather than a ruleset file.
	Zip bool
	// Manifest is the embedded package manifest, nil when the entry has
	// none.
	Manifest *model.Manifest
	// Packs are the language packs listed under locales, in file order,
	// invalid ones included (with Lang "").
	Packs []PackListing
}

// ArchiveName is the file name of a .zip artifact, "" for another form.
func (e *CatalogEntry) ArchiveName() string {
	if !e.Zip || e.Artifact.prefix == "" {
		return ""
	}
	return e.Artifact.prefix + ".zip"
}

// Prefix is "<id>-<version>" of the artifact's file name, "" when its URL
// is unusable.
func (e *CatalogEntry) Prefix() string { return e.Artifact.prefix }

// Listing is a file a catalog entry lists: where to fetch it, its checksum
// and size. SHA256 is "" and Bytes 0 when absent or invalid.
type Listing struct {
	URL    string
	SHA256 string
	Bytes  int64
	Node   *model.Node
	// host, dir and prefix are the parts of a valid artifact URL that pack
	// URLs must share: the host, the folder, and "<id>-<version>".
	host, dir, prefix string
}

// PackListing is one language pack listed in a catalog entry.
type PackListing struct {
	Listing
	// Lang is the canonical language of the key ("" when not a valid tag);
	// Key is the key as written.
	Lang, Key         string
	Name, Description string
}

var sha256Pattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// LoadEntry reads a catalog entry file from fsys, refusing one over
// MaxEntryBytes unread. The error is for a file that cannot be read at all.
//
// An entry that is not a regular file (a named pipe, socket or device) is a
// finding and is never opened for reading.
func LoadEntry(fsys fs.FS, name string) (*CatalogEntry, []model.Diagnostic, error) {
	if info, err := fs.Stat(fsys, name); err == nil && !info.Mode().IsRegular() && !info.IsDir() {
		return notRegularEntry(name, info.Mode())
	}
	f, err := fsys.Open(name)
	if errors.Is(err, model.ErrNotRegular) {
		return notRegularEntry(name, 0)
	}
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxEntryBytes+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > MaxEntryBytes {
		return &CatalogEntry{File: name}, model.InCategory(model.Translations, []model.Diagnostic{model.Errorf(name, model.RootPath, CodeEntrySize,
			"the catalog entry is over %d bytes and is refused unread", MaxEntryBytes)}), nil
	}
	e, ds := ParseEntry(name, data)
	return e, ds, nil
}

// notRegularEntry is LoadEntry's answer for a name that leads to something
// other than a regular file.
func notRegularEntry(name string, mode fs.FileMode) (*CatalogEntry, []model.Diagnostic, error) {
	what := ""
	switch {
	case mode&fs.ModeNamedPipe != 0:
		what = " (a named pipe)"
	case mode&fs.ModeSocket != 0:
		what = " (a socket)"
	case mode&fs.ModeDevice != 0:
		what = " (a device)"
	}
	return &CatalogEntry{File: name}, model.InCategory(model.Translations, []model.Diagnostic{model.Errorf(name, model.RootPath, model.CodeNotRegular,
		"not a regular file%s; it is not opened", what)}), nil
}

// ParseEntry parses a catalog entry given as bytes and checks its shape:
// an artifact with an https URL ending in <id>-<version>.ruleset.json or
// <id>-<version>.zip, the embedded manifest, and
// at most 40 language packs, never en, each keyed by a valid tag, with an
// https URL on the artifact's host and folder named
// <id>-<version>.<language>.json, a sha256 of 64 lowercase hex digits, a
// size from 1 byte to 8 MiB, and a non-empty name and description.
func ParseEntry(name string, data []byte) (*CatalogEntry, []model.Diagnostic) {
	root, ds := model.Parse(name, data)
	e, more := ReadEntry(name, root)
	return e, append(model.InCategory(model.Translations, ds), more...)
}

// ReadEntry checks a parsed catalog entry (see ParseEntry). A nil root (not
// JSON) gives an empty entry; the parser has said why.
func ReadEntry(name string, root *model.Node) (*CatalogEntry, []model.Diagnostic) {
	r := entryReader{file: name, e: &CatalogEntry{File: name, Root: root}}
	if root == nil {
		return r.e, nil
	}
	if root.Kind != model.Object {
		r.errorf(root, CodeEntryShape, "a catalog entry is a JSON object, not %s", root.Kind)
		return r.e, model.InCategory(model.Translations, r.ds)
	}
	r.artifact(root)
	r.packs(root.Get("locales"))
	ds := model.InCategory(model.Translations, r.ds)
	return r.e, append(ds, r.published(root)...)
}

// ReadEntries reads every catalog entry of a parsed entry file: the file
// itself when it is one entry, each of its packages when it is a catalog
// index (see model.EntryNodes).
func ReadEntries(name string, root *model.Node) ([]*CatalogEntry, []model.Diagnostic) {
	var out []*CatalogEntry
	var ds []model.Diagnostic
	for _, n := range model.EntryNodes(root) {
		e, more := ReadEntry(name, n)
		out = append(out, e)
		ds = append(ds, more...)
	}
	return out, ds
}

// published checks the keys today's catalog publishes beside the artifact:
// the embedded manifest (as a package manifest is checked), the category,
// and the icon and documentation URLs (https).
func (r *entryReader) published(root *model.Node) []model.Diagnostic {
	var ds []model.Diagnostic
	if m := root.Get("manifest"); m != nil {
		r.e.Manifest, ds = model.DecodeManifest(r.file, m)
	}
	more := entryReader{file: r.file, e: r.e}
	if c := root.Get("category"); c != nil && (c.Kind != model.String || c.Str() == "") {
		more.errorf(c, model.CodeType, "category is a word such as \"misc\", not %s", kindOrEmpty(c))
	}
	for _, key := range []string{"iconUrl", "documentationUrl"} {
		u := root.Get(key)
		if u == nil {
			continue
		}
		if u.Kind != model.String {
			more.errorf(u, model.CodeType, "%s is a URL, not %s", key, u.Kind)
			continue
		}
		// A page, not a file the Engine fetches: a fragment is fine.
		if p, err := url.Parse(u.Str()); err != nil || p.Scheme != "https" || p.Host == "" {
			more.errorf(u, CodeEntryURL, "%s must be an https URL", key)
		}
	}
	return append(ds, model.InCategory(model.Packaging, more.ds)...)
}

func kindOrEmpty(n *model.Node) string {
	if n.Kind == model.String {
		return "empty text"
	}
	return n.Kind.String()
}

type entryReader struct {
	file string
	e    *CatalogEntry
	ds   []model.Diagnostic
}

func (r *entryReader) errorf(n *model.Node, code model.Code, format string, args ...any) {
	r.ds = append(r.ds, model.At(model.Error, r.file, n, code, format, args...))
}

func (r *entryReader) artifact(root *model.Node) {
	a := root.Get("artifact")
	if a == nil {
		r.ds = append(r.ds, missingAt(r.file, root, "artifact", `"artifact" is required: the listing of <id>-<version>.ruleset.json`))
		return
	}
	r.e.Artifact.Node = a
	urlNode := a
	limit := int64(model.MaxReadBytes)
	switch a.Kind {
	case model.String:
	case model.Object:
		urlNode = a.Get("url")
		if urlNode == nil {
			r.ds = append(r.ds, missingAt(r.file, a, "url", `"url" is required: where the artifact is published`))
			return
		}
		r.e.Artifact.SHA256 = r.sha(a.Get("sha256"))
		r.e.Artifact.Bytes = r.size(a.Get("bytes"), limit)
	default:
		r.errorf(a, model.CodeType, "artifact is an object {url, sha256, bytes} or a URL, not %s", a.Kind)
		return
	}
	u, ok := r.https(urlNode, "the artifact")
	if !ok {
		return
	}
	base := path.Base(u.Path)
	prefix, found := strings.CutSuffix(base, ".ruleset.json")
	if !found {
		prefix, found = strings.CutSuffix(base, ".zip")
		r.e.Zip = found
	}
	if !found || prefix == "" {
		r.e.Zip = false
		r.errorf(urlNode, CodeEntryURL, "the artifact's URL names %q; a catalog ruleset is published as <id>-<version>.ruleset.json, or as a package archive <id>-<version>.zip", base)
		return
	}
	r.e.Artifact.URL = u.String()
	r.e.Artifact.host, r.e.Artifact.dir, r.e.Artifact.prefix = strings.ToLower(u.Host), path.Dir(u.Path), prefix
}

// https checks that a node is an https URL with a host and nothing after
// the path.
func (r *entryReader) https(n *model.Node, what string) (*url.URL, bool) {
	if n.Kind != model.String {
		r.errorf(n, model.CodeType, "a url is text, not %s", n.Kind)
		return nil, false
	}
	u, err := url.Parse(n.Str())
	switch {
	case err != nil || !u.IsAbs() || u.Opaque != "":
		r.errorf(n, CodeEntryURL, "the url of %s is not a valid URL", what)
	case u.Scheme != "https":
		r.errorf(n, CodeEntryURL, "the url of %s uses %s; it must use https", what, u.Scheme)
	case u.Host == "" || u.User != nil:
		r.errorf(n, CodeEntryURL, "the url of %s needs a plain host", what)
	case u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(n.Str(), "?#"):
		r.errorf(n, CodeEntryURL, "the url of %s must end with the file name, without a query or fragment", what)
	default:
		return u, true
	}
	return nil, false
}

// sha reads a sha256: 64 lowercase hex digits.
func (r *entryReader) sha(n *model.Node) string {
	switch {
	case n == nil:
		return ""
	case n.Kind != model.String:
		r.errorf(n, model.CodeType, "sha256 is text, not %s", n.Kind)
	case !sha256Pattern.MatchString(n.Str()):
		r.errorf(n, CodeEntrySHA256, "sha256 must be 64 lowercase hexadecimal digits; this is %d characters%s", len(n.Str()), upperHint(n.Str()))
	default:
		return n.Str()
	}
	return ""
}

func upperHint(s string) string {
	if len(s) == 64 && sha256Pattern.MatchString(strings.ToLower(s)) {
		return ", with capital letters"
	}
	return ""
}

// size reads a byte count: a whole number from 1 to limit.
func (r *entryReader) size(n *model.Node, limit int64) int64 {
	switch {
	case n == nil:
		return 0
	case n.Kind != model.Number:
		r.errorf(n, model.CodeType, "bytes is a number, not %s", n.Kind)
	case n.Num() != float64(int64(n.Num())) || n.Num() < 1 || n.Num() > float64(limit):
		r.errorf(n, CodeEntryBytes, "bytes must be a whole number from 1 to %d; it is %s", limit, n.Raw())
	default:
		return int64(n.Num())
	}
	return 0
}

func (r *entryReader) packs(n *model.Node) {
	if n == nil {
		return
	}
	if n.Kind != model.Object {
		r.errorf(n, model.CodeType, "locales is an object of language packs keyed by language, not %s", n.Kind)
		return
	}
	if len(n.Children()) > MaxPacks {
		r.errorf(n, CodeEntryPacks, "the entry lists %d language packs; at most %d are allowed", len(n.Children()), MaxPacks)
	}
	seen := map[string]string{}
	for _, m := range n.Children() {
		p := PackListing{Key: m.Key(), Listing: Listing{Node: m}}
		lang, err := Canonical(m.Key())
		switch {
		case err != nil:
			r.ds = append(r.ds, keyAt(model.Error, r.file, m, CodeEntryLang, "%q is not a language tag: %v", m.Key(), err))
		case lang == "en":
			r.ds = append(r.ds, keyAt(model.Error, r.file, m, CodeEntryEN, "a catalog ruleset never lists an en pack: English is the ruleset itself"))
		case seen[lang] != "":
			r.ds = append(r.ds, keyAt(model.Error, r.file, m, CodeEntryDuplicate, "%q is the language %s, already listed as %q", m.Key(), lang, seen[lang]))
		default:
			p.Lang = lang
			seen[lang] = m.Key()
			if lang != m.Key() {
				r.ds = append(r.ds, keyAt(model.Warning, r.file, m, CodeEntryLang, "write the language %q as %s", m.Key(), lang))
			}
		}
		r.pack(m, &p)
		r.e.Packs = append(r.e.Packs, p)
	}
}

func (r *entryReader) pack(n *model.Node, p *PackListing) {
	if n.Kind != model.Object {
		r.errorf(n, model.CodeType, "a language pack's listing is an object {url, sha256, bytes, name, description}, not %s", n.Kind)
		return
	}
	for _, m := range n.Children() {
		switch m.Key() {
		case "url", "sha256", "bytes", "name", "description":
		default:
			d := keyAt(model.Error, r.file, m, model.CodeUnknownKey,
				"unknown key %q in a language pack's listing (allowed: url, sha256, bytes, name, description)", m.Key())
			d.Path = n.Path() // at the object, as model reports unknown keys
			r.ds = append(r.ds, d)
		}
	}
	for _, key := range []string{"url", "sha256", "bytes", "name", "description"} {
		if n.Get(key) == nil {
			r.ds = append(r.ds, missingAt(r.file, n, key, fmt.Sprintf("%q is required in a language pack's listing", key)))
		}
	}
	if u := n.Get("url"); u != nil {
		if parsed, ok := r.https(u, fmt.Sprintf("the %s pack", p.Key)); ok {
			p.URL = parsed.String()
			r.packURL(u, parsed, p)
		}
	}
	p.SHA256 = r.sha(n.Get("sha256"))
	p.Bytes = r.size(n.Get("bytes"), MaxPackBytes)
	for _, key := range []string{"name", "description"} {
		v := n.Get(key)
		switch {
		case v == nil:
		case v.Kind != model.String:
			r.errorf(v, model.CodeType, "%s is text, not %s", key, v.Kind)
		case strings.TrimSpace(v.Str()) == "":
			r.errorf(v, CodeEntryText, "%s is empty: it is the store card's %s in this language", key, key)
		case key == "name":
			p.Name = v.Str()
		default:
			p.Description = v.Str()
		}
	}
}

// packURL checks that a pack is published beside the artifact under the
// name <id>-<version>.<language>.json.
func (r *entryReader) packURL(n *model.Node, u *url.URL, p *PackListing) {
	a := r.e.Artifact
	if a.prefix == "" || p.Lang == "" || p.Lang == "en" {
		return // nothing sound to compare with; reported already
	}
	if host := strings.ToLower(u.Host); host != a.host {
		r.errorf(n, CodeEntryURL, "the %s pack is on %s; packs are published on the artifact's host, %s", p.Key, u.Host, a.host)
		return
	}
	if dir := path.Dir(u.Path); dir != a.dir {
		r.errorf(n, CodeEntryURL, "the %s pack is in the folder %s; packs are published beside the artifact, in %s", p.Key, dir, a.dir)
		return
	}
	want := a.prefix + "." + p.Key + ".json"
	base := path.Base(u.Path)
	lang, found := strings.CutPrefix(base, a.prefix+".")
	lang, hasJSON := strings.CutSuffix(lang, ".json")
	if base == want {
		return
	}
	if canon, err := Canonical(lang); found && hasJSON && err == nil && canon == p.Lang && p.Lang != "" {
		return // the same language written another way; the key's spelling was reported
	}
	r.errorf(n, CodeEntryURL, "the %s pack's URL names %q; it must be %q", p.Key, base, want)
}

// CheckArchive compares an entry whose artifact is a package archive with
// that archive lying beside the entry file (in size and checksum), and says
// when the archive holds no readable package. An archive that is not there
// is compared with nothing (decisions §1).
func (e *CatalogEntry) CheckArchive(a *model.Archive) []model.Diagnostic {
	if e == nil || !e.Zip || a == nil || a.File == nil || e.Artifact.Node == nil {
		return nil
	}
	var ds []model.Diagnostic
	an := e.Artifact.Node
	if an.Kind == model.Object {
		if e.Artifact.Bytes != 0 && e.Artifact.Bytes != a.File.Bytes {
			ds = append(ds, model.At(model.Error, e.File, an.Get("bytes"), CodeEntryBytes,
				"the entry says the archive is %d bytes; %s is %d", e.Artifact.Bytes, a.File.Name, a.File.Bytes))
		}
		if sum := a.File.SHA256(); e.Artifact.SHA256 != "" && e.Artifact.SHA256 != sum {
			ds = append(ds, model.At(model.Error, e.File, an.Get("sha256"), CodeEntrySHA256,
				"the archive's sha256 does not match %s (%s)", a.File.Name, sum))
		}
	}
	if a.Package == nil {
		ds = append(ds, model.At(model.Error, e.File, urlNode(an), CodeEntryArchive,
			"%s beside the entry cannot be installed: %s", a.File.Name, a.Problem))
	}
	return model.InCategory(model.Translations, ds)
}

// CheckManifest compares the manifest the entry embeds with the package's
// own manifest.json (pkg, from the file pkgFile; nil to skip), and its id
// and version with the artifact's name <id>-<version>.
func (e *CatalogEntry) CheckManifest(pkg *model.Manifest, pkgFile string) []model.Diagnostic {
	if e == nil || e.Manifest == nil || e.Manifest.Node == nil || e.Manifest.Node.Kind != model.Object {
		return nil
	}
	var ds []model.Diagnostic
	m := e.Manifest
	if p := e.Artifact.prefix; p != "" && m.ID != "" && m.Version != "" && p != m.ID+"-"+m.Version {
		ds = append(ds, model.At(model.Error, e.File, urlNode(e.Artifact.Node), CodeEntryManifest,
			"the artifact is named %s, but the embedded manifest is %s version %s, whose artifact is %s-%s", p, m.ID, m.Version, m.ID, m.Version))
	}
	if pkg != nil && pkg.Node != nil {
		if key, differs := firstDifference(m.Node, pkg.Node); differs {
			at := m.Node
			if key != "" && m.Node.Get(key) != nil {
				at = m.Node.Get(key)
			}
			what := "differs from"
			if key != "" {
				what = fmt.Sprintf("differs in %q from", key)
			}
			ds = append(ds, model.At(model.Error, e.File, at, CodeEntryManifest,
				"the embedded manifest %s the package's %s; the entry must embed that manifest as it is", what, pkgFile))
		}
	}
	return model.InCategory(model.Translations, ds)
}

// firstDifference compares two manifests as JSON values: the first member
// (in a's order, then b's) whose value differs, "" when they differ
// otherwise (one is not an object), and whether they differ at all.
func firstDifference(a, b *model.Node) (string, bool) {
	if a.Kind != model.Object || b.Kind != model.Object {
		return "", !reflect.DeepEqual(a.Interface(), b.Interface())
	}
	for _, c := range a.Children() {
		if o := b.Get(c.Key()); o == nil || !reflect.DeepEqual(c.Interface(), o.Interface()) {
			return c.Key(), true
		}
	}
	for _, c := range b.Children() {
		if a.Get(c.Key()) == nil {
			return c.Key(), true
		}
	}
	return "", false
}

// EntryTranslationsMinor is what an entry listing language packs needs.
const EntryTranslationsMinor = 811

// CheckCapability holds the Capability API the embedded manifest declares
// to what its artifact needs: need (a minor of major 1, for feature), or
// 1.811 when the entry lists language packs and need is lower. An entry
// with no manifest, or whose manifest is of no ruleset package, is not
// compared.
func (e *CatalogEntry) CheckCapability(need int, feature string) []model.Diagnostic {
	if e == nil || e.Manifest == nil || !e.Manifest.HasCapability {
		return nil
	}
	m := e.Manifest
	if len(m.Kinds) > 0 && !slices.Contains(m.Kinds, "ruleset") {
		return nil
	}
	if len(e.Packs) > 0 && need < EntryTranslationsMinor {
		need, feature = EntryTranslationsMinor, "the language packs listed under locales"
	}
	if m.CapabilityMajor != 1 || m.CapabilityMinor >= need {
		return nil
	}
	at := m.Node.Get("capabilityApi")
	if c := at.Get("minor"); c != nil {
		at = c
	}
	return model.InCategory(model.Translations, []model.Diagnostic{model.At(model.Error, e.File, at, CodeEntryCapability,
		"the embedded manifest declares Capability API 1.%d, but its artifact needs 1.%d for %s", m.CapabilityMinor, need, feature)})
}
