// Package scaffold makes new package folders: a skeleton to start a
// ruleset from (New), and a package made of a ruleset file that has none
// (FromFile), which is what a translator of a single file needs, since a
// bare file has no place for translations (decisions §7).
//
// It returns the files as bytes; writing them is the caller's (the
// command line's one writer).
package scaffold

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"testing/fstest"
	"time"

	"rulebench/model"
	"rulebench/rules"
)

// The kinds of skeleton New makes, after the resolution kinds.
const (
	DiceSum  = "dice-sum"
	DicePool = "dice-pool"
)

// Kinds are the skeleton kinds, the default first.
var Kinds = []string{DiceSum, DicePool}

// File is one file of a new package: its path inside the package folder
// (slash-separated) and its bytes.
type File struct {
	Path string
	Data []byte
}

// Options adjust New.
type Options struct {
	// Kind is DiceSum or DicePool ("" is DiceSum).
	Kind string
	// ID is the ruleset's and the package's id; "" or an invalid one is
	// made from Name, or "my-ruleset".
	ID string
	// Name is the ruleset's name; "" makes one from the id.
	Name string
	// Date is the day of the first changelog entry.
	Date time.Time
}

// IDFrom makes a ruleset id from a folder name: lowercase letters and
// digits, every other run of characters one hyphen; "my-ruleset" when
// nothing is left.
func IDFrom(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
			continue
		}
		hyphen = true
	}
	id := b.String()
	if len(id) > 64 {
		id = strings.TrimRight(id[:64], "-")
	}
	if !model.IsRulesetID(id) {
		return "my-ruleset"
	}
	return id
}

// nameFrom makes a display name from an id: its words, the first letter of
// each upper case.
func nameFrom(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// New makes the skeleton of a package: manifest.json, ruleset.json (a small
// ruleset of the kind asked for, every part commented with "$comment"),
// locales/en.json (the package's English introduction), a sample save and
// CHANGELOG.md with its first entry. The package checks clean.
func New(opt Options) ([]File, error) {
	kind := opt.Kind
	if kind == "" {
		kind = DiceSum
	}
	if kind != DiceSum && kind != DicePool {
		return nil, fmt.Errorf("unknown kind %q: a skeleton is %s or %s", kind, DiceSum, DicePool)
	}
	id := opt.ID
	if !model.IsRulesetID(id) {
		id = IDFrom(opt.Name)
	}
	name := opt.Name
	if name == "" || len(name) > 80 || strings.ContainsAny(name, "[]{}\r\n") {
		name = nameFrom(id)
	}
	ruleset := skeletonRuleset(kind, id, name)
	description := "A " + kind + " ruleset for Game Mode: " + summaryOf(kind)
	en := localeIntro(name, description)
	save := []byte(sampleSave)
	files := []File{
		{Path: "ruleset.json", Data: ruleset},
		{Path: "locales/en.json", Data: en},
		{Path: "saves/sample.json", Data: save},
	}
	return finish(files, id, name, "0.1.0", description, opt.Date, "First version.")
}

// finish adds the manifest (listing every file but the English
// introduction and the saves, with the Capability API the package needs)
// and the changelog to files.
func finish(files []File, id, name, version, description string, date time.Time, first string) ([]File, error) {
	minor, err := need(files, id, name, version)
	if err != nil {
		return nil, err
	}
	manifest, err := manifestJSON(files, id, name, version, description, minor)
	if err != nil {
		return nil, err
	}
	changelog := changelogEntry(name, version, date, first, minor)
	return append([]File{{Path: "manifest.json", Data: manifest}}, append(files, File{Path: "CHANGELOG.md", Data: changelog})...), nil
}

// listed tells whether the manifest lists a file: the ruleset, catalogs
// and translations, not the English introduction (which the catalog's
// package builder leaves out) nor the sample saves.
func listed(p string) bool {
	switch {
	case p == "ruleset.json", strings.HasPrefix(p, "catalogs/"):
		return true
	case strings.HasPrefix(p, "locales/"):
		return p != "locales/en.json"
	}
	return false
}

// need works out the Capability API minor the package needs, loading the
// files in memory under a manifest that declares the base format.
func need(files []File, id, name, version string) (int, error) {
	m, err := manifestJSON(files, id, name, version, "-", rules.BaseCapability)
	if err != nil {
		return 0, err
	}
	fsys := fstest.MapFS{"pkg/manifest.json": {Data: m, Mode: 0o644}}
	for _, f := range files {
		fsys["pkg/"+f.Path] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
	}
	ws, err := model.Load(fsys, "pkg")
	if err != nil {
		return 0, err
	}
	minor := rules.BaseCapability
	for _, n := range rules.CapabilityNeeds(ws) {
		minor = max(minor, n.Minor)
	}
	return minor, nil
}

// manifest is a package manifest (schema 2), in the order manifests are
// written.
type manifest struct {
	SchemaVersion   int            `json:"schemaVersion"`
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	Version         string         `json:"version"`
	Description     string         `json:"description"`
	CapabilityAPI   capability     `json:"capabilityApi"`
	Kind            []string       `json:"kind"`
	Entrypoints     struct{}       `json:"entrypoints"`
	Contributions   contributions  `json:"contributions"`
	Files           []manifestFile `json:"files"`
	Permissions     []string       `json:"permissions"`
	RestartRequired bool           `json:"restartRequired"`
}

type capability struct {
	Major int `json:"major"`
	Minor int `json:"minor"`
}

type contributions struct {
	Assets struct {
		Paths []string `json:"paths"`
	} `json:"assets"`
}

type manifestFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int    `json:"bytes"`
}

func manifestJSON(files []File, id, name, version, description string, minor int) ([]byte, error) {
	m := manifest{SchemaVersion: 2, ID: id, Name: name, Version: version, Description: description,
		CapabilityAPI: capability{Major: 1, Minor: minor}, Kind: []string{"ruleset"}, Permissions: []string{}}
	for _, f := range files {
		if !listed(f.Path) {
			continue
		}
		sum := sha256.Sum256(f.Data)
		m.Files = append(m.Files, manifestFile{Path: f.Path, SHA256: hex.EncodeToString(sum[:]), Bytes: len(f.Data)})
		if f.Path == "ruleset.json" || strings.HasPrefix(f.Path, "catalogs/") {
			m.Contributions.Assets.Paths = append(m.Contributions.Assets.Paths, f.Path)
		}
	}
	return encode(m)
}

func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// localeIntro is locales/en.json: the package's English introduction.
func localeIntro(name, description string) []byte {
	doc := struct {
		Meta struct {
			Locale    string `json:"locale"`
			Direction string `json:"direction"`
		} `json:"_meta"`
		Package struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"package"`
	}{}
	doc.Meta.Locale, doc.Meta.Direction = "en", "ltr"
	doc.Package.Name, doc.Package.Description = name, description
	data, _ := encode(doc) // strings only: cannot fail
	return data
}

// changelogEntry is CHANGELOG.md in the catalog's format: the package's
// name as its title, then a heading per release, "## <version> — <date>",
// newest first, each a list of changes whose last item names the
// Capability API the release needs.
func changelogEntry(name, version string, date time.Time, text string, minor int) []byte {
	return fmt.Appendf(nil, "# %s\n\n## %s — %s\n- %s\n- Needs an Engine with Capability API 1.%d.\n",
		name, version, date.UTC().Format("2006-01-02"), text, minor)
}

// MaxSaveBytes bounds a sample save FromFile copies.
const MaxSaveBytes = model.MaxReadBytes

// FromFile makes a package of a ruleset file read on its own (a
// SingleFile workspace) or of a catalog artifact: ruleset.json holds the
// file's bytes as they are, the manifest takes its id, name and version
// (version N as N.0.0) and the Capability API it needs, its sample saves
// (read again from fsys) go to saves/, and an artifact's language packs
// become locales/<language>.json. The package checks as the file does,
// plus nothing.
func FromFile(fsys fs.FS, ws *model.Workspace, date time.Time) ([]File, error) {
	if ws == nil || (ws.Kind != model.SingleFile && ws.Kind != model.Artifact) {
		return nil, errors.New("new --from takes a ruleset file (a package is one already)")
	}
	if ws.RulesetSource == nil || ws.Ruleset == nil || ws.RulesetSource.Root == nil || ws.RulesetSource.Root.Kind != model.Object {
		return nil, fmt.Errorf("%s is not a ruleset that can be read as JSON", ws.RulesetFile)
	}
	rs := ws.Ruleset
	id := rs.ID
	if !model.IsRulesetID(id) {
		return nil, fmt.Errorf("%s has no valid id, which the package's id and file names need; give it one first", ws.RulesetFile)
	}
	name := text(ws.RulesetSource.Root.Get("name"))
	if name == "" {
		name = nameFrom(id)
	}
	version := 1
	if v := ws.RulesetSource.Root.Get("version"); v != nil && v.Kind == model.Number && v.Num() >= 1 && v.Num() == float64(int64(v.Num())) && v.Num() < 1<<31 {
		version = int(v.Num())
	}
	description := name + "."
	if cov := ws.RulesetSource.Root.Get("coverage"); cov != nil {
		if s := text(cov.Get("summary")); s != "" {
			description = s
		}
	}
	files := []File{{Path: "ruleset.json", Data: ws.RulesetSource.Data}}
	if ws.Kind == model.Artifact {
		for _, l := range ws.Locales {
			if l.Lang == "" || strings.ContainsAny(l.Lang, `/\`) {
				continue
			}
			files = append(files, File{Path: "locales/" + l.Lang + ".json", Data: l.Data})
		}
	}
	for _, s := range ws.Saves {
		data, err := readBounded(fsys, s.File)
		if err != nil {
			return nil, fmt.Errorf("cannot read the sample save %s again: %w", s.File, err)
		}
		files = append(files, File{Path: "saves/" + path.Base(s.File), Data: data})
	}
	v := fmt.Sprintf("%d.0.0", version)
	return finish(files, id, name, v, description, date, "Made a package of "+path.Base(ws.RulesetFile)+".")
}

// readBounded reads a file of at most MaxSaveBytes.
func readBounded(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSaveBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSaveBytes {
		return nil, fmt.Errorf("it is over %d bytes", MaxSaveBytes)
	}
	return data, nil
}

func text(n *model.Node) string {
	if n == nil || n.Kind != model.String || strings.TrimSpace(n.Str()) == "" {
		return ""
	}
	return n.Str()
}
