package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rulebench/analysis/scaffold"
	"rulebench/internal/atomicfile"
	"rulebench/model"
)

// newNow is the clock of new's changelog date; tests set it.
var newNow = time.Now

// newCommand makes a package folder: a skeleton, or a package of a ruleset
// file that has none.
var newCommand = &command{
	name:    "new",
	summary: "make a package folder: a skeleton, or from a ruleset file",
	usage:   []string{"new [--kind dice-sum|dice-pool] DIR", "new --from FILE DIR"},
	about: "Makes the package folder DIR (which must not exist or be empty). With --kind, a skeleton\n" +
		"that checks clean and opens in the workbench: manifest.json, ruleset.json, locales/en.json,\n" +
		"a sample save in saves/ and CHANGELOG.md in the catalog's format. With --from, a package of\n" +
		"the ruleset file FILE, which is what translating a single file needs (a bare file has no\n" +
		"place for translations): ruleset.json holds FILE's bytes as they are, the manifest takes its\n" +
		"id, name and version and the Capability API it needs, its sample saves are copied, and the\n" +
		"language packs beside a catalog artifact become locales/<lang>.json. The package checks as\n" +
		"FILE does, plus nothing. Then add a translation with rulebench i18n --new LANG -w DIR.\n" +
		"Exit 0: made; 1: FILE is not a ruleset that can be made a package; 2: bad usage, DIR not\n" +
		"empty, or unreadable input.",
	args: argSpec{name: "DIR", min: 1, max: 1, values: folders},
	bind: func(fs *flagSet) runner {
		kind := fs.Choice("kind", "KIND", scaffold.DiceSum, scaffold.Kinds, "the resolution kind of the skeleton")
		from := fs.String("from", "FILE", files, "make the package of this ruleset file (or catalog artifact) instead of a skeleton")
		return func(c *call, pos []string) int {
			if *from != "" && fs.given()["kind"] {
				complain(c.stderr, "rulebench new: --kind makes a skeleton and --from a package of a file; give one of them")
				return exitUsage
			}
			return runNew(c, pos[0], *kind, *from)
		}
	},
}

// runNew makes the package folder dir.
func runNew(c *call, dir, kind, from string) int {
	stdout, stderr := c.stdout, c.stderr
	if reason := notEmptyDir(dir); reason != "" {
		complain(stderr, "rulebench new: %s %s; name a new folder", dir, reason)
		return exitUsage
	}
	var files []scaffold.File
	var inputs []string
	if from == "" {
		made, err := scaffold.New(scaffold.Options{Kind: kind, ID: scaffold.IDFrom(filepath.Base(filepath.Clean(dir))), Date: newNow()})
		if err != nil {
			complain(stderr, "rulebench new: %v", err)
			return exitUsage
		}
		files = made
	} else {
		ws, code, ok := loadPath(from, stderr)
		if !ok {
			return code
		}
		made, err := scaffold.FromFile(model.OSFS{}, ws, newNow())
		if err != nil {
			complain(stderr, "rulebench new: %v", err)
			return exitFindings
		}
		files = made
		for name := range ws.Files {
			inputs = append(inputs, filepath.FromSlash(name))
		}
		for _, s := range ws.Saves {
			inputs = append(inputs, filepath.FromSlash(s.File))
		}
	}
	changes := make([]atomicfile.Change, len(files))
	for i, f := range files {
		changes[i] = atomicfile.Change{Name: filepath.Join(dir, filepath.FromSlash(f.Path)), Data: f.Data}
	}
	res, err := atomicfile.Write(dir, changes, atomicfile.Options{MakeDir: true, Inputs: inputs, Fault: writeFault})
	noteStale(res, "rulebench new", stderr)
	if err != nil {
		complain(stderr, "rulebench new: %v", err)
		return exitUsage
	}
	what := "a " + kind + " skeleton"
	if from != "" {
		what = "a package of " + from
	}
	printf(stdout, "made %s in %s:\n", what, dir)
	for _, f := range files {
		printf(stdout, "  %s\n", f.Path)
	}
	printf(stdout, "next: rulebench check %s, or rulebench %s to open it in the workbench\n", dir, dir)
	return exitOK
}

// notEmptyDir says why dir cannot be made a new package ("" when it can: it
// does not exist, or is an empty folder that is not a link).
func notEmptyDir(dir string) string {
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return ""
	case err != nil:
		return "cannot be used (" + unwrapPath(err).Error() + ")"
	case info.Mode()&fs.ModeSymlink != 0:
		return "is a symbolic link"
	case !info.IsDir():
		return "is a file"
	}
	f, err := os.Open(dir)
	if err != nil {
		return "cannot be read (" + unwrapPath(err).Error() + ")"
	}
	defer f.Close()
	// A few names are enough to show; a huge folder is not listed whole.
	names, err := f.Readdirnames(64)
	if err != nil && !errors.Is(err, io.EOF) {
		return "cannot be read (" + unwrapPath(err).Error() + ")"
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	shown := names[:min(3, len(names))]
	more := ""
	if len(names) > len(shown) {
		more = ", ..."
	}
	return "is not empty (it holds " + strings.Join(shown, ", ") + more + ")"
}
