package model

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unsafe"
)

// InputKind says what a PATH given to rulebench is.
type InputKind int

// The kinds of input.
const (
	SingleFile InputKind = iota // one ruleset JSON file
	Package                     // a package folder with manifest.json
	Artifact                    // <id>-<version>.ruleset.json with language packs beside it
	// EntryFile is a catalog entry on its own, or the catalog's index of
	// them ({packages: [entries]}), with the package archives it lists
	// beside it.
	EntryFile
)

func (k InputKind) String() string {
	return [...]string{"ruleset file", "package", "catalog artifact", "catalog entry"}[k]
}

// Workspace is everything read for one PATH: the ruleset, its catalogs,
// manifest, locale files or language packs, sample saves, and the findings
// made while reading them.
type Workspace struct {
	Kind InputKind
	// Path is the PATH as given; RulesetFile the ruleset file inside it.
	Path        string
	RulesetFile string
	// RulesetSource is the ruleset file as read, with its size and
	// checksum (nil when it could not be read).
	RulesetSource *File
	Ruleset       *Ruleset // nil when the ruleset is not JSON
	Manifest      *Manifest
	// Locales are the locales/<lang>.json files of a package, or the
	// language packs beside an artifact.
	Locales []*File
	// Entry is the catalog entry <id>-<version>.entry.json found beside an
	// artifact (nil when there is none), or the entry file itself for an
	// EntryFile. It is not a language pack, so it is not among Locales.
	Entry *File
	// Archives are the package archives (<id>-<version>.zip) the entries
	// of an EntryFile list and that lie beside it, by file name.
	Archives map[string]*Archive
	// Saves are the sample saves found in a saves/ folder beside the
	// ruleset.
	Saves []*Save
	// Sources are the parsed documents by file name, to locate findings.
	Sources map[string]*Node
	// Files are the JSON files read whole (every one but the saves), by
	// name: what `rulebench fix` edits and checksums.
	Files       map[string]*File
	Diagnostics []Diagnostic

	// confined keeps reads inside the folder of the PATH; refused holds
	// the names already reported as refused, so that each is reported once.
	confined confinement
	refused  map[string]bool
	// read is how many bytes the workspace's files have taken so far, and
	// values how many JSON values their trees hold (MaxWorkspaceBytes,
	// MaxValues).
	read   int64
	values int
}

// File is a JSON file read whole, with its size.
type File struct {
	Name string
	// Lang is the language the file name gives (as written, not checked).
	Lang string
	// Data are the bytes as read. The tree of a file Load read holds its
	// texts in them: never change them.
	Data  []byte
	Root  *Node // nil when not JSON
	Bytes int64
	// Unlisted tells that the file lies in a package folder whose manifest
	// does not list it: it is not part of the package (decisions §1), so it
	// needs no Capability API and an import never keeps it.
	Unlisted bool
}

// SHA256 is the hex SHA-256 of the file's bytes, worked out when asked
// for: a check that compares no checksum never hashes the file.
func (f *File) SHA256() string {
	sum := sha256.Sum256(f.Data)
	return hex.EncodeToString(sum[:])
}

// Manifest is a package manifest; only what rulebench compares is modelled.
type Manifest struct {
	ID, Name, Version string
	// Kinds are the package's kinds as written (["ruleset"]).
	Kinds           []string
	CapabilityMajor int
	CapabilityMinor int
	HasCapability   bool
	Files           []ManifestFile
	Node            *Node
}

// ManifestFile is one file a manifest lists.
type ManifestFile struct {
	Path, SHA256 string
	Bytes        int64
	Node         *Node
}

// Lists tells whether the manifest lists the path.
func (m *Manifest) Lists(p string) bool {
	return m != nil && slices.ContainsFunc(m.Files, func(f ManifestFile) bool { return f.Path == p })
}

// ErrUnreadable wraps failures to read the input at all (exit 2).
var ErrUnreadable = errors.New("cannot read")

// Load reads the ruleset at p in fsys: a file, a package folder or a
// catalog artifact. Problems in the files are findings in the workspace;
// the error is for a path that cannot be read at all.
func Load(fsys fs.FS, p string) (*Workspace, error) {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		// The cause is wrapped too, so that a caller can tell a path that
		// is not there (fs.ErrNotExist) from one it may not read.
		return nil, fmt.Errorf("%w %s: %w", ErrUnreadable, p, unwrapPathErr(err))
	}
	ws := &Workspace{Path: p, Sources: map[string]*Node{}, Files: map[string]*File{}}
	switch {
	case info.IsDir():
		if _, err := fs.Stat(fsys, path.Join(p, "manifest.json")); err == nil {
			ws.Kind = Package
			ws.confined = confine(fsys, p, "")
			ws.loadPackage(fsys, p)
			break
		}
		artifacts, _ := fs.Glob(fsys, path.Join(globEscape(p), "*.ruleset.json"))
		if len(artifacts) != 1 {
			return nil, fmt.Errorf("%w %s: a folder needs a manifest.json (a package) or one *.ruleset.json (a catalog artifact)", ErrUnreadable, p)
		}
		ws.Kind = Artifact
		ws.confined = confine(fsys, p, "")
		ws.loadArtifact(fsys, artifacts[0])
	case path.Base(p) == "manifest.json":
		ws.Kind = Package
		ws.Path = path.Dir(p)
		ws.confined = confine(fsys, ws.Path, "")
		ws.loadPackage(fsys, ws.Path)
	case strings.HasSuffix(p, ".ruleset.json"):
		ws.Kind = Artifact
		ws.confined = confine(fsys, path.Dir(p), p)
		ws.loadArtifact(fsys, p)
	default:
		ws.Kind = SingleFile
		ws.confined = confine(fsys, path.Dir(p), p)
		f, ok := ws.parseFile(fsys, p, Reading)
		if ok && f.Root != nil && len(EntryNodes(f.Root)) > 0 {
			ws.Kind = EntryFile
			ws.Entry = f
			ws.loadArchives(fsys, path.Dir(p))
			break
		}
		ws.RulesetFile = p
		if ok {
			ws.loadRuleset(fsys, p, MaxRulesetBytes) // reads the tree parsed above
			ws.refuseAssets()
		}
		ws.loadSaves(fsys, path.Join(path.Dir(p), savesDir))
	}
	ws.locateAll()
	return ws, nil
}

// Probe tells, without reading any file, whether Load can read p at all:
// it returns the error Load would, or nil. The workbench asks before it
// starts, so that a path it cannot read is refused before anything is
// drawn, and then reads the files in the background.
func Probe(fsys fs.FS, p string) error {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		return fmt.Errorf("%w %s: %w", ErrUnreadable, p, unwrapPathErr(err))
	}
	if !info.IsDir() {
		return nil
	}
	if _, err := fs.Stat(fsys, path.Join(p, "manifest.json")); err == nil {
		return nil
	}
	if artifacts, _ := fs.Glob(fsys, path.Join(globEscape(p), "*.ruleset.json")); len(artifacts) != 1 {
		return fmt.Errorf("%w %s: a folder needs a manifest.json (a package) or one *.ruleset.json (a catalog artifact)", ErrUnreadable, p)
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func globEscape(p string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(p)
}

// add records findings of the category c.
func (ws *Workspace) add(c Category, ds ...Diagnostic) {
	ws.Diagnostics = append(ws.Diagnostics, InCategory(c, ds)...)
}

// refuse records, once, the finding of the category c for a file refused
// before reading.
func (ws *Workspace) refuse(c Category, d Diagnostic) {
	if ws.refused == nil {
		ws.refused = map[string]bool{}
	}
	if !ws.refused[d.File] {
		ws.refused[d.File] = true
		ws.add(c, d)
	}
}

// readFile reads at most MaxReadBytes of a file; larger files are refused
// unread. Its findings are of the category c, the part of the workspace the
// file belongs to (Reading for the ruleset and its catalogs).
func (ws *Workspace) readFile(fsys fs.FS, name string, c Category) ([]byte, bool) {
	if ws.refused[name] {
		return nil, false
	}
	info, err := ws.confined.stat(fsys, name)
	if err == nil {
		err = checkRegular(info.Mode())
	}
	if d, ok := refusal(name, err); ok {
		ws.refuse(c, d)
		return nil, false
	}
	if err != nil {
		info = nil
	}
	if info != nil && info.Size() > MaxReadBytes {
		ws.add(c, Errorf(name, RootPath, CodeFileTooLarge,
			"the file is %d bytes; files over %d bytes (16 MiB) are refused unread", info.Size(), MaxReadBytes))
		return nil, false
	}
	if info != nil && ws.read+info.Size() > MaxWorkspaceBytes {
		ws.add(c, ws.overWorkspace(name, info.Size()))
		return nil, false
	}
	var f fs.File
	if info != nil {
		f, err = ws.confined.openStated(fsys, name, info)
	} else {
		f, err = ws.confined.open(fsys, name) // to say why it cannot be read
	}
	if d, ok := refusal(name, err); ok {
		ws.refuse(c, d)
		return nil, false
	}
	if err != nil {
		ws.add(c, Errorf(name, RootPath, CodeUnreadable, "cannot read the file: %v", unwrapPathErr(err)))
		return nil, false
	}
	defer f.Close()
	// Read into a buffer of the size the file says it has (one more byte
	// shows that it grew), rather than growing one as io.ReadAll does.
	size := int64(512)
	if info != nil && info.Size() > 0 {
		size = info.Size() + 1
	}
	data, err := readAll(limitReader(f), size)
	if err != nil {
		ws.add(c, Errorf(name, RootPath, CodeUnreadable, "cannot read the file: %v", unwrapPathErr(err)))
		return nil, false
	}
	if len(data) > MaxReadBytes {
		ws.add(c, TooLarge(name, c))
		return nil, false
	}
	if ws.read+int64(len(data)) > MaxWorkspaceBytes {
		ws.add(c, ws.overWorkspace(name, int64(len(data))))
		return nil, false
	}
	ws.read += int64(len(data))
	return data, true
}

// overWorkspace is the finding about a file of size bytes that would take
// what the workspace reads past MaxWorkspaceBytes.
func (ws *Workspace) overWorkspace(name string, size int64) Diagnostic {
	d := Errorf(name, RootPath, CodeWorkspaceTooLarge,
		"the file is %d bytes and the files read before it %d; one input may read at most %d bytes (64 MiB) in all, so it is refused unread",
		size, ws.read, MaxWorkspaceBytes)
	d.Line, d.Column = 1, 1
	return d
}

// TooLarge is the finding, of the category c, about a file found over
// MaxReadBytes while reading it, and so refused unread.
func TooLarge(file string, c Category) Diagnostic {
	d := Errorf(file, RootPath, CodeFileTooLarge, "the file is over %d bytes (16 MiB) and is refused unread", MaxReadBytes)
	d.Category, d.Line, d.Column = c, 1, 1
	return d
}

// readAll is io.ReadAll starting from a buffer of the given capacity.
func readAll(r io.Reader, capacity int64) ([]byte, error) {
	b := make([]byte, 0, capacity)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // let append pick a larger buffer
		}
	}
}

// parseFile reads and parses a JSON file, recording its findings in the
// category c.
func (ws *Workspace) parseFile(fsys fs.FS, name string, c Category) (*File, bool) {
	data, ok := ws.readFile(fsys, name, c)
	if !ok {
		return nil, false
	}
	f := &File{Name: name, Data: data, Bytes: int64(len(data))}
	// data is the workspace's own and never changes: the tree reads its
	// texts from it rather than from a copy.
	root, diags := parse(name, unsafe.String(unsafe.SliceData(data), len(data)), MaxValues-ws.values)
	ws.values += values(root)
	f.Root = root
	ws.Files[name] = f
	ws.add(c, diags...)
	if root != nil {
		ws.Sources[name] = root
	}
	return f, true
}

func (ws *Workspace) loadRuleset(fsys fs.FS, name string, limit int) *File {
	ws.RulesetFile = name
	f, ok := ws.Files[name], true
	if f == nil {
		f, ok = ws.parseFile(fsys, name, Reading)
	}
	if !ok {
		return nil
	}
	ws.RulesetSource = f
	if f.Bytes > int64(limit) {
		ws.add(Format, Errorf(name, RootPath, CodeRulesetSize,
			"the ruleset is %d bytes; the Engine accepts at most %d (256 KB)", f.Bytes, limit))
	}
	if f.Root == nil {
		return f
	}
	rs, diags := DecodeRuleset(name, f.Root)
	ws.Ruleset = rs
	ws.Diagnostics = append(ws.Diagnostics, diags...)
	return f
}

func (ws *Workspace) loadPackage(fsys fs.FS, dir string) {
	if mf, ok := ws.parseFile(fsys, path.Join(dir, "manifest.json"), Packaging); ok && mf.Root != nil {
		m, diags := DecodeManifest(mf.Name, mf.Root)
		ws.Manifest = m
		ws.Diagnostics = append(ws.Diagnostics, diags...)
	}
	rf := ws.loadRuleset(fsys, path.Join(dir, "ruleset.json"), MaxRulesetBytes)
	ws.verifyListed(dir, "ruleset.json", rf)
	if ws.Ruleset != nil {
		for _, c := range ws.Ruleset.Catalogs {
			if c.Asset == "" || !assetPathPattern.MatchString(c.Asset) {
				continue
			}
			name := path.Join(dir, c.Asset)
			af, ok := ws.parseFile(fsys, name, Reading)
			ws.verifyListed(dir, c.Asset, af)
			if !ok {
				continue
			}
			if af.Bytes > MaxCatalogBytes {
				ws.add(Format, Errorf(name, RootPath, CodeCatalogSize,
					"the catalog file is %d bytes; at most %d (1 MB) are allowed", af.Bytes, MaxCatalogBytes))
			}
			if af.Root != nil {
				ws.Diagnostics = append(ws.Diagnostics, DecodeCatalogAsset(name, af.Root, c)...)
			}
		}
	}
	ws.warnUnlisted(fsys, dir, catalogsDir)
	for _, e := range ws.listJSON(fsys, path.Join(dir, localesDir), Translations) {
		f, ok := ws.parseFile(fsys, path.Join(dir, localesDir, e), Translations)
		if !ok {
			continue
		}
		f.Lang = strings.TrimSuffix(e, ".json")
		f.Unlisted = ws.Manifest != nil && !ws.Manifest.Lists(localesDir+"/"+e)
		ws.verifyListed(dir, localesDir+"/"+e, f)
		ws.Locales = append(ws.Locales, f)
	}
	ws.warnUnlisted(fsys, dir, localesDir)
	ws.loadSaves(fsys, path.Join(dir, savesDir))
}

// verifyListed checks a package file against the manifest's listing.
func (ws *Workspace) verifyListed(dir, rel string, f *File) {
	m := ws.Manifest
	if m == nil || f == nil {
		return
	}
	c := Packaging
	if strings.HasPrefix(rel, "locales/") {
		c = Translations
	}
	for _, mf := range m.Files {
		if mf.Path != rel {
			continue
		}
		if mf.Bytes != f.Bytes {
			ws.add(c, At(Error, path.Join(dir, "manifest.json"), mf.Node, CodeManifestBytes,
				"the manifest says %s is %d bytes; it is %d", rel, mf.Bytes, f.Bytes))
		}
		switch sum := f.SHA256(); {
		case mf.Node.Kind == Object && mf.Node.Get("sha256") == nil:
			ws.add(c, At(Error, path.Join(dir, "manifest.json"), mf.Node, CodeManifestSHA256,
				"the manifest lists %s without its sha256 (the file's is %s)", rel, sum))
		case mf.SHA256 == "":
			ws.add(c, At(Error, path.Join(dir, "manifest.json"), mf.Node, CodeManifestSHA256,
				"the manifest's sha256 for %s is empty; the file's is %s", rel, sum))
		case mf.SHA256 != sum:
			ws.add(c, At(Error, path.Join(dir, "manifest.json"), mf.Node, CodeManifestSHA256,
				"the manifest's sha256 for %s does not match the file (%s)", rel, sum))
		}
		return
	}
}

func (ws *Workspace) warnUnlisted(fsys fs.FS, dir, sub string) {
	if ws.Manifest == nil {
		return
	}
	c := Packaging
	if sub == localesDir {
		c = Translations
	}
	for _, e := range ws.listJSON(fsys, path.Join(dir, sub), c) {
		rel := sub + "/" + e
		if rel == localesDir+"/en.json" && introductionOnly(ws.Files[path.Join(dir, rel)]) {
			// The package's English introduction, which the catalog's
			// package builder leaves out on purpose (decisions §1).
			continue
		}
		if !ws.Manifest.Lists(rel) {
			ws.add(c, Warnf(path.Join(dir, rel), RootPath, CodeUnlistedFile,
				"the manifest does not list %s, so the Engine will not see it", rel))
		}
	}
}

// introductionOnly tells whether a locale file was read as a JSON object
// with no ruleset section: one that translates nothing.
func introductionOnly(f *File) bool {
	return f != nil && f.Root != nil && f.Root.Kind == Object && f.Root.Get("ruleset") == nil
}

// listJSON lists the *.json files of a folder, sorted; none when absent.
// A folder that is a link leading outside the package is reported and not
// listed; an entry that is not a regular file (or a link to one inside the
// package) is reported and left out, without being opened. Findings are of
// the category c.
func (ws *Workspace) listJSON(fsys fs.FS, dir string, c Category) []string {
	if _, err := fs.Stat(fsys, dir); err != nil {
		return nil // no such folder (the usual case), or none that can be read
	}
	if err := ws.confined.checkDir(dir); err != nil {
		if d, ok := refusal(dir, err); ok {
			ws.refuse(c, d)
		}
		return nil
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		name := path.Join(dir, e.Name())
		if ws.refused[name] {
			continue
		}
		info, err := ws.confined.stat(fsys, name)
		if err == nil {
			err = checkRegular(info.Mode())
		}
		if d, ok := refusal(name, err); ok {
			ws.refuse(c, d)
			continue
		}
		out = append(out, e.Name())
	}
	return out
}

// refuseAssets reports each catalog of a ruleset read on its own that
// names a separate file: only a package install reads one (decisions §1).
func (ws *Workspace) refuseAssets() {
	if ws.Ruleset == nil {
		return
	}
	what := "a single ruleset file"
	if ws.Kind == Artifact {
		what = "a catalog artifact"
	}
	for _, c := range ws.Ruleset.Catalogs {
		if c.Asset == "" {
			continue
		}
		ws.add(Format, At(Error, ws.RulesetFile, c.Node.Get("asset"), CodeAssetAlone,
			"the catalog %q keeps its entries in %s, but the Engine's import of %s cannot read separate files; write the entries inline, or publish a package", c.ID, c.Asset, what))
	}
}

func (ws *Workspace) loadArtifact(fsys fs.FS, name string) {
	ws.loadRuleset(fsys, name, MaxRulesetBytes)
	ws.refuseAssets()
	dir, base := path.Split(name)
	prefix := strings.TrimSuffix(base, "ruleset.json") // "<id>-<version>."
	for _, e := range ws.listJSON(fsys, path.Clean(dir), Translations) {
		if e == base || !strings.HasPrefix(e, prefix) {
			continue
		}
		lang := strings.TrimSuffix(strings.TrimPrefix(e, prefix), ".json")
		if lang == "" || strings.Contains(lang, ".") {
			continue // the catalog entry or another document
		}
		f, ok := ws.parseFile(fsys, path.Join(dir, e), Translations)
		if !ok {
			continue
		}
		if lang == "entry" {
			ws.Entry = f
			continue
		}
		f.Lang = lang
		ws.Locales = append(ws.Locales, f)
	}
	if entries, err := fs.ReadDir(fsys, path.Join(dir, localesDir)); err == nil && len(entries) > 0 && ws.confined.checkDir(path.Join(dir, localesDir)) == nil {
		ws.add(Translations, Errorf(path.Join(dir, localesDir), RootPath, CodeArtifactLocales,
			"a catalog ruleset does not carry locales/ (the Engine refuses it before download); publish language packs beside the artifact instead"))
	}
	ws.loadSaves(fsys, path.Join(dir, savesDir))
}

func (ws *Workspace) loadSaves(fsys fs.FS, dir string) {
	for _, e := range ws.listJSON(fsys, dir, Saves) {
		name := path.Join(dir, e)
		data, ok := ws.readFile(fsys, name, Saves)
		if !ok {
			continue
		}
		// data is read for the save alone: its tree keeps it, uncopied.
		s, diags := decodeSave(name, unsafe.String(unsafe.SliceData(data), len(data)), MaxValues-ws.values)
		ws.values += values(s.Root)
		s.Findings = diags
		ws.Diagnostics = append(ws.Diagnostics, diags...)
		if s.Root != nil {
			ws.Sources[name] = s.Root
		}
		ws.Saves = append(ws.Saves, s)
	}
}

// locateAll gives every finding without a position the position of its
// path in its file.
func (ws *Workspace) locateAll() {
	ws.Locate(ws.Diagnostics)
}

// Locate fills in the line and column of findings from the workspace's
// documents.
func (ws *Workspace) Locate(ds []Diagnostic) {
	for i := range ds {
		if ds[i].Line == 0 {
			if root := ws.Sources[ds[i].File]; root != nil {
				Locate(&ds[i], root)
			} else {
				ds[i].Line, ds[i].Column = 1, 1
			}
		}
	}
}

// DecodeManifest reads a package manifest (schema 2). Only the keys
// rulebench compares are checked; the rest is kept.
func DecodeManifest(file string, root *Node) (*Manifest, []Diagnostic) {
	d := &decoder{file: file}
	m := &Manifest{Node: root}
	if !d.wantKind(root, Object) {
		return m, d.result(Packaging)
	}
	o := obj{d: d, n: root}
	o.integer("schemaVersion", true, 2, 2)
	m.ID = o.str("id", true, 1, 140, plainText)
	m.Name = o.str("name", true, 1, 200, plainText)
	m.Version = o.str("version", true, 1, 64, plainText)
	if k := o.get("kind"); k != nil && k.Kind == Array {
		m.Kinds = k.Strings()
	}
	if c := o.child("capabilityApi", true, "major", "minor"); c.ok() {
		maj, _ := c.integer("major", true, 1, 1)
		mnr, _ := c.integer("minor", true, 0, math32)
		m.CapabilityMajor, m.CapabilityMinor, m.HasCapability = int(maj), int(mnr), true
	}
	for _, f := range o.array("files", false, 0, -1) {
		fo := d.object(f, "path", "sha256", "bytes")
		mf := ManifestFile{Node: f, Path: fo.str("path", true, 1, 240, plainText), SHA256: fo.str("sha256", false, 0, 64, plainText)}
		mf.Bytes, _ = fo.integer("bytes", true, 0, MaxReadBytes)
		if mf.Path != "" && !insidePackage(mf.Path) {
			d.errorf(f.Get("path"), CodeManifestOutside,
				"the manifest lists %q, which is not a path inside the package; list files as paths below its folder, such as locales/de.json", mf.Path)
		}
		m.Files = append(m.Files, mf)
	}
	return m, d.result(Packaging)
}

const math32 = 1<<31 - 1

// insidePackage tells whether a manifest's listed path names a file inside
// the package: relative, with forward slashes, already clean, and not
// climbing out of the folder.
func insidePackage(p string) bool {
	return fs.ValidPath(p) && p != "." && !strings.Contains(p, `\`)
}
