package i18n

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"regexp"
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

// CatalogEntry is a catalog entry of a catalog ruleset, as far as
// translations go: its artifact and the language packs it lists.
type CatalogEntry struct {
	// File is the entry's file name, as findings give it; Root is its
	// parsed JSON (nil when it is not JSON).
	File string
	Root *model.Node
	// Artifact is the artifact's listing; its URL is "" when missing or
	// unusable.
	Artifact Listing
	// Packs are the language packs listed under locales, in file order,
	// invalid ones included (with Lang "").
	Packs []PackListing
}

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
// an artifact with an https URL ending in <id>-<version>.ruleset.json, and
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
	return r.e, model.InCategory(model.Translations, r.ds)
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
	switch a.Kind {
	case model.String:
	case model.Object:
		urlNode = a.Get("url")
		if urlNode == nil {
			r.ds = append(r.ds, missingAt(r.file, a, "url", `"url" is required: where the artifact is published`))
			return
		}
		r.e.Artifact.SHA256 = r.sha(a.Get("sha256"))
		r.e.Artifact.Bytes = r.size(a.Get("bytes"), model.MaxReadBytes)
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
	if !found || prefix == "" {
		r.errorf(urlNode, CodeEntryURL, "the artifact's URL names %q; a catalog ruleset is published as <id>-<version>.ruleset.json", base)
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
