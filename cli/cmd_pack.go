package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/pack"
	"rulebench/internal/atomicfile"
	"rulebench/model"
)

// packCommand builds the catalog artifact of a package: the ruleset as one
// file, a language pack per translation and the catalog entry listing them.
var packCommand = &command{
	name:    "pack",
	summary: "build the catalog artifact, language packs and catalog entry of a package",
	usage:   []string{"pack [--out DIR] [--url-base URL] [--check] PATH"},
	about: "Builds, from the package folder PATH, what the catalog publishes: <id>-<version>.ruleset.json\n" +
		"(the ruleset with its catalog files written inline), one <id>-<version>.<lang>.json language\n" +
		"pack per translation (a regional pack also holds what it leaves to its base language), and\n" +
		"<id>-<version>.entry.json, the catalog entry: the manifest, and the url, sha256 and bytes of\n" +
		"the artifact and of each pack, with the pack's name and description. The files go to DIR\n" +
		"(default PATH/dist). A package with errors is not packed, and what is packed is checked\n" +
		"as `rulebench check` would check it before anything is written. --check writes nothing and\n" +
		"names each file on disk that differs from what pack would write. Warnings about CRLF line\n" +
		"endings and byte-order marks go to stderr. Exit 0: packed, or up to date; 1: errors in the\n" +
		"package, or (with --check) a file differs; 2: bad usage or unreadable input.",
	args: argSpec{name: "PATH", min: 1, max: 1, values: folders},
	bind: func(fs *flagSet) runner {
		out := fs.String("out", "DIR", folders, "the folder to write the files in (default PATH/dist)")
		base := fs.String("url-base", "URL", anything, "the https folder the files will be published in; the entry's URLs are it and each file's name (default "+pack.DefaultURLBase+")")
		check := fs.Bool("check", "write nothing; exit 1 naming each file in DIR that differs from what would be written")
		return func(c *call, pos []string) int { return runPack(c, pos[0], *out, *base, *check) }
	},
}

// runPack packs the package at p into out (PATH/dist when ""), or with
// check compares what it would write with what is there.
func runPack(c *call, p, out, base string, check bool) int {
	stdout, stderr := c.stdout, c.stderr
	if err := pack.CheckURLBase(base); err != nil {
		complain(stderr, "rulebench pack: %v", err)
		return exitUsage
	}
	ws, code, ok := loadPath(p, stderr)
	if !ok {
		return code
	}
	if ws.Kind != model.Package {
		complain(stderr, "rulebench pack: %s is a %s; pack reads a package folder (one with a manifest.json) — make one with rulebench new --from %s DIR", p, ws.Kind, p)
		return exitUsage
	}
	r, whole := analyse(ws, analysis.Options{}, stderr)
	if !whole {
		return exitUsage
	}
	if out == "" {
		out = filepath.Join(filepath.FromSlash(ws.Path), "dist")
	}
	errs := errorsOnly(r.Findings)
	if len(errs) > 0 && !check {
		writeDiagnostics(stdout, errs)
		complain(stderr, "rulebench pack: %s has %s; nothing was packed (rulebench check %s lists every finding)", p, plural(len(errs), "error"), p)
		return exitFindings
	}
	res, err := pack.Build(ws, pack.Options{URLBase: base})
	if err != nil {
		complain(stderr, "rulebench pack: %s: %v", p, err)
		if len(errs) > 0 {
			// --check on a package whose errors keep it from being
			// built: the errors are the finding.
			complain(stderr, "rulebench pack: %s has %s (rulebench check %s lists every finding)", p, plural(len(errs), "error"), p)
			return exitFindings
		}
		return exitUsage
	}
	for _, n := range res.Notes {
		what := "note"
		if n.Warning {
			what = "warning"
		}
		complain(stderr, "rulebench pack: %s: %s: %s", what, n.File, n.Message)
	}
	if info, err := os.Lstat(out); err == nil && (info.Mode()&fs.ModeSymlink != 0 || !info.IsDir()) {
		what := "a file, not a folder"
		if info.Mode()&fs.ModeSymlink != 0 {
			what = "a symbolic link; name the folder itself"
		}
		complain(stderr, "rulebench pack: --out %s is %s", out, what)
		return exitUsage
	}
	if check {
		// What is on disk is compared with what the package now makes,
		// whatever its findings: a locale edited since the last pack makes
		// the manifest's checksum stale too, and the stale pack is the
		// news. Errors in the package still fail the check.
		code := packCheck(res, out, stdout, stderr)
		if len(errs) > 0 {
			complain(stderr, "rulebench pack: %s has %s, so it cannot be packed as it is (rulebench check %s lists every finding)", p, plural(len(errs), "error"), p)
			code = exitFindings
		}
		return code
	}
	found, err := pack.Verify(res, filepath.ToSlash(out))
	if err != nil {
		complain(stderr, "rulebench pack: %v", err)
		return exitUsage
	}
	if errs := errorsOnly(found); len(errs) > 0 {
		writeDiagnostics(stdout, errs)
		complain(stderr, "rulebench pack: what would be packed from %s has %s; nothing was written", p, plural(len(errs), "error"))
		return exitFindings
	}
	return packWrite(ws, res, out, found, stdout, stderr)
}

// errorsOnly are the findings that are errors.
func errorsOnly(ds []model.Diagnostic) []model.Diagnostic {
	var out []model.Diagnostic
	for _, d := range ds {
		if d.Severity == model.Error {
			out = append(out, d)
		}
	}
	return out
}

// packCheck compares each file of the pack with the file of that name in
// out, and names those that differ or are missing.
func packCheck(res *pack.Result, out string, stdout, stderr io.Writer) int {
	differ := 0
	for _, f := range res.Files() {
		name := filepath.Join(out, f.Name)
		have, err := readExisting(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			printf(stdout, "%s: missing\n", name)
			differ++
		case err != nil:
			printf(stdout, "%s: %v\n", name, err)
			differ++
		case !bytes.Equal(have, f.Data):
			printf(stdout, "%s: differs from what pack would write\n", name)
			differ++
		}
	}
	extra := earlierPackFiles(res, out)
	for _, name := range extra {
		printf(stdout, "%s: not made by pack; beside the artifact it reads as one of its language packs (remove it)\n", name)
	}
	if differ > 0 || len(extra) > 0 {
		if differ > 0 {
			complain(stderr, "rulebench pack: %s of %d in %s out of date; rulebench pack writes them", plural(differ, "file"), len(res.Files()), out)
		}
		return exitFindings
	}
	printf(stdout, "%s: %s up to date\n", out, plural(len(res.Files()), "file"))
	return exitOK
}

// maxListed bounds how many names of the output folder are looked at.
const maxListed = 10000

// earlierPackFiles are the files in out that pack did not make but that a check
// of the artifact would read beside it: <prefix>.<lang>.json, as an
// earlier pack leaves for a translation since removed.
func earlierPackFiles(res *pack.Result, out string) []string {
	f, err := os.Open(out)
	if err != nil {
		return nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxListed)
	made := map[string]bool{}
	for _, m := range res.Files() {
		made[m.Name] = true
	}
	var found []string
	for _, e := range entries {
		lang, ok := strings.CutPrefix(e.Name(), res.Prefix+".")
		lang, json := strings.CutSuffix(lang, ".json")
		if ok && json && lang != "" && !strings.Contains(lang, ".") && !made[e.Name()] {
			found = append(found, filepath.Join(out, e.Name()))
		}
	}
	slices.Sort(found)
	return found
}

// maxExisting bounds what is read of a file pack would replace.
const maxExisting = model.MaxReadBytes

// readExisting reads a file pack compares or replaces, refusing one that
// is a link or not a regular file, or larger than maxExisting.
func readExisting(name string) ([]byte, error) {
	info, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxExisting+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxExisting {
		return nil, errors.New("larger than any file pack writes")
	}
	return data, nil
}

// packWrite writes the pack into out through the one writer, replacing
// the files of an earlier pack (checked against the bytes read), and lists
// what it wrote with sizes and checksums.
func packWrite(ws *model.Workspace, res *pack.Result, out string, found []model.Diagnostic, stdout, stderr io.Writer) int {
	var changes []atomicfile.Change
	for _, f := range res.Files() {
		name := filepath.Join(out, f.Name)
		old, err := readExisting(name)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			complain(stderr, "rulebench pack: %s: %v; nothing was written", name, err)
			return exitUsage
		}
		changes = append(changes, atomicfile.Change{Name: name, Old: old, Data: f.Data})
	}
	var inputs []string
	for name := range ws.Files {
		inputs = append(inputs, filepath.FromSlash(name))
	}
	wr, err := atomicfile.Write(out, changes, atomicfile.Options{MakeDir: true, Inputs: inputs, Fault: writeFault})
	noteStale(wr, "rulebench pack", stderr)
	if err != nil {
		complain(stderr, "rulebench pack: %v", err)
		return exitUsage
	}
	written := map[string]bool{}
	for _, name := range wr.Written {
		written[name] = true
	}
	printf(stdout, "%s %s into %s:\n", res.Prefix, "packed", out)
	for i, f := range res.Files() {
		state := "unchanged"
		if written[changes[i].Name] {
			state = "written"
		}
		printf(stdout, "  %-9s %s  %d bytes  sha256 %s\n", state, f.Name, len(f.Data), f.SHA256())
	}
	for _, name := range earlierPackFiles(res, out) {
		complain(stderr, "rulebench pack: warning: %s was not made by this pack, but beside the artifact it reads as one of its language packs; remove it", name)
	}
	if len(found) > 0 {
		printf(stdout, "\nchecked as published:\n")
		writeDiagnostics(stdout, found)
	}
	return exitOK
}
