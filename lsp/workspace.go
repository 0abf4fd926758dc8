package lsp

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"

	"rulebench/analysis"
	"rulebench/model"
)

// maxWorkspaces bounds how many analyses are kept; the one used longest
// ago is dropped first, and worked out again when next asked for.
const maxWorkspaces = 8

// workspaces are the analyses of the workspaces the open documents belong
// to, by workspace path.
type workspaces struct {
	s       *Server
	entries map[string]*wsEntry
	clock   int64
	// good keeps, by workspace path, the last analysis whose ruleset was
	// JSON, for completion while the text is broken mid-edit.
	good map[string]*wsEntry
}

// wsEntry is one workspace's analysis.
type wsEntry struct {
	path   string
	root   string // the workspace folder it was read in
	result *analysis.Result
	err    error
	// files are the names of every file the workspace read.
	files map[string]bool
	dirty bool
	used  int64
	idx   *index
	// keys are the keys each object of the ruleset and its catalog files
	// allows, worked out for a file when first needed (keysDone).
	keys     map[*model.Node][]string
	keysDone map[string]bool
	// texts are the files' texts split in lines, made when first needed.
	texts map[string]*lines
}

func newWorkspaces(s *Server) *workspaces {
	return &workspaces{s: s, entries: map[string]*wsEntry{}, good: map[string]*wsEntry{}}
}

// invalidate marks every workspace that read file, or whose folder holds
// it, as needing a new analysis.
func (w *workspaces) invalidate(file string) {
	for _, e := range w.entries {
		if e.files[file] || inside(file, e.dir()) {
			e.dirty = true
		}
	}
}

func (w *workspaces) invalidateAll() {
	for _, e := range w.entries {
		e.dirty = true
	}
}

// dir is the folder of the workspace: the package or artifact folder, or
// the folder of a single file.
func (e *wsEntry) dir() string {
	if e.result != nil && e.result.Workspace != nil && e.result.Workspace.Kind == model.Package {
		return e.path
	}
	return path.Dir(e.path)
}

// pathFor is the workspace path a file belongs to: a workspace already
// read that holds it, else the nearest folder up to its root with a
// manifest.json (a package), else the file itself. "" when the file is
// outside every workspace folder.
func (w *workspaces) pathFor(file string) string {
	root := w.s.rootOf(file)
	if root == "" {
		return ""
	}
	keys := make([]string, 0, len(w.entries))
	for k := range w.entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if e := w.entries[k]; e.files[file] && k != file {
			return k
		}
	}
	fsys := w.s.overlay()
	for dir := path.Dir(file); inside(dir, root); dir = path.Dir(dir) {
		if _, err := fsys.Stat(path.Join(dir, "manifest.json")); err == nil {
			return dir
		}
		if dir == root || dir == "/" {
			break
		}
	}
	if dir := path.Dir(file); strings.HasSuffix(file, ".json") && !strings.HasSuffix(file, ".ruleset.json") {
		// A language pack or catalog entry beside a catalog artifact: the
		// artifact's workspace.
		if names, _ := fs.Glob(fsys, path.Join(globEscape(dir), "*.ruleset.json")); len(names) == 1 {
			return names[0]
		}
	}
	if path.Base(path.Dir(file)) == "saves" {
		// A sample save beside a single ruleset file: the one ruleset of
		// the folder above, when there is one.
		up := path.Dir(path.Dir(file))
		if inside(up, root) {
			if names, _ := fs.Glob(fsys, path.Join(globEscape(up), "*.json")); len(names) == 1 {
				return names[0]
			}
		}
	}
	return file
}

func globEscape(p string) string {
	return strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(p)
}

// overlay is the file system the workspaces are read from: the open
// documents' text over the disk.
func (s *Server) overlay() model.Overlay {
	if s.files == nil {
		s.files = make(map[string][]byte, len(s.docs))
		for p, d := range s.docs {
			s.files[p] = unsafe.Slice(unsafe.StringData(d.lines.text), len(d.lines.text))
		}
	}
	return model.Overlay{Base: model.OSFS{}, Files: s.files}
}

// errOutside is the error for a workspace outside the workspace folders.
var errOutside = errors.New("outside the workspace folder")

// get returns the analysis of the workspace at p, working it out when it
// is missing or stale.
func (w *workspaces) get(p string) *wsEntry {
	w.clock++
	if e := w.entries[p]; e != nil && !e.dirty {
		e.used = w.clock
		return e
	}
	e := &wsEntry{path: p, root: w.s.rootOf(p), used: w.clock, files: map[string]bool{}}
	e.load(w.s)
	w.entries[p] = e
	if e.result != nil && e.result.Workspace != nil && e.result.Workspace.Ruleset != nil {
		w.good[p] = e
	}
	if len(w.entries) > maxWorkspaces {
		oldest := ""
		for k, o := range w.entries {
			if oldest == "" || o.used < w.entries[oldest].used {
				oldest = k
			}
		}
		delete(w.entries, oldest)
		delete(w.good, oldest)
	}
	return e
}

// lastGood is the last analysis of the workspace at p whose ruleset was
// JSON (the current one when it is), or nil.
func (w *workspaces) lastGood(p string) *wsEntry {
	if e := w.get(p); e.result != nil && e.result.Workspace != nil && e.result.Workspace.Ruleset != nil {
		return e
	}
	return w.good[p]
}

// load reads and analyses the workspace. Its path must lead, through its
// links, to a place inside its workspace folder; the model keeps every
// read of the workspace inside the workspace's own folder.
func (e *wsEntry) load(s *Server) {
	if e.root == "" || !resolvesInside(e.path, e.root) {
		e.err = errOutside
		return
	}
	ws, err := model.Load(s.overlay(), e.path)
	if err != nil {
		e.err = err
		return
	}
	e.result = analysis.Run(ws, analysis.Options{})
	for name := range ws.Sources {
		e.files[name] = true
	}
	for name := range ws.Files {
		e.files[name] = true
	}
	if ws.RulesetFile != "" {
		e.files[ws.RulesetFile] = true
	}
	for _, d := range e.result.Findings {
		e.files[d.File] = true
	}
}

// resolvesInside tells whether p, through its links, is inside root (a
// name not yet on disk counts by its folder).
func resolvesInside(p, root string) bool {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return false
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return false
		}
		real = filepath.Join(dir, filepath.Base(p))
	}
	rel, err := filepath.Rel(realRoot, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel)
}

// entryFor is the analysis of the workspace an open document belongs to.
func (s *Server) entryFor(d *document) *wsEntry {
	p := s.ws.pathFor(d.path)
	if p == "" {
		return nil
	}
	e := s.ws.get(p)
	if e.result == nil {
		return nil
	}
	return e
}

// textOf is the text of a file of a workspace: the open document's, else
// the bytes the workspace read; nil when neither is there (a sample save).
func (s *Server) textOf(e *wsEntry, file string) *lines {
	if l := s.docLines(file); l != nil {
		return l
	}
	if e == nil || e.result == nil || e.result.Workspace == nil {
		return nil
	}
	if l, ok := e.texts[file]; ok {
		return l
	}
	ws := e.result.Workspace
	var l *lines
	if f := ws.Files[file]; f != nil {
		l = newLines(string(f.Data))
	} else if n := ws.Sources[file]; n != nil && n.Source() != "" {
		l = newLines(n.Source())
	}
	if e.texts == nil {
		e.texts = map[string]*lines{}
	}
	e.texts[file] = l
	return l
}
