package cli

import (
	"io"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/internal/atomicfile"
	"rulebench/model"
)

const fixAbout = `Makes the fixes that check's findings carry (check --json shows each as "fix"), and
nothing else: a manifest's files[] sha256 and bytes, its capabilityApi.minor raised to
what the package needs, a catalog entry's artifact and locales.<lang> sha256 and bytes,
and a locale's _meta.locale in a spelling the Engine's catalogs refuse (PT-br becomes
pt-BR). Only the bytes of those values change; the rest of each file stays byte for
byte. The files are then checked again in memory and the new findings' fixes made, until
none is left (a checksum is that of the file as fixed), so one run is enough.

Without -w, prints a unified diff of what would change: exit 0 when nothing would, 1 when
something would. With -w, writes each changed file in place (a temporary file in the same
folder, then renamed over it; a link is refused) and prints the files it changed: exit 0.
Exit 2: bad usage, an unreadable path, or a file that could not be written.`

// fixCommand mends what has a mechanical fix.
var fixCommand = &command{
	name:    "fix",
	summary: "mend what has a mechanical fix: a diff, or -w to write it",
	usage:   []string{"fix [-w] [--format F] PATH"},
	about:   fixAbout,
	args:    argSpec{name: "PATH", min: 1, max: 1, values: files},
	bind: func(fs *flagSet) runner {
		write := fs.Bool("w", "write the fixes into the files instead of printing a diff")
		fs.Format(false)
		return func(c *call, pos []string) int { return runFix(c, pos, *write, fs.chosenFormat()) }
	},
}

// runFix works out the fixes of pos[0] and prints them as a diff, or
// writes them with write.
func runFix(c *call, pos []string, write bool, format string) int {
	stdout, stderr := c.stdout, c.stderr
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	a, whole := analyse(ws, analysis.Options{}, stderr)
	if !whole {
		return exitUsage
	}
	reload := func(files map[string][]byte) (*model.Workspace, error) {
		return model.Load(model.Overlay{Base: model.OSFS{}, Files: files}, pos[0])
	}
	plan, err := planFixes(a, reload)
	if err != nil {
		complain(stderr, "rulebench fix: %v", err)
		return exitUsage
	}
	files := plan.Files
	doc := report.Fix{SchemaVersion: 1, Changed: len(files) > 0, Written: write, Files: []report.FixFile{}}
	for _, ff := range files {
		fd := report.FixFile{File: ff.Name, Changes: []report.FixChange{}, Diff: fileDiff(ff)}
		for _, c := range ff.Changes {
			fd.Changes = append(fd.Changes, report.FixChange{Path: c.Path, Code: c.Code, Old: c.Old, New: c.New})
		}
		doc.Files = append(doc.Files, fd)
	}
	if write {
		if err := writeFixes(ws, files, stderr); err != nil {
			complain(stderr, "rulebench fix: %v", err)
			return exitUsage
		}
	}
	switch {
	case format == report.JSON:
		if err := writeJSON(stdout, doc); err != nil {
			return exitUsage
		}
	case write:
		for _, ff := range files {
			printf(stdout, "%s\n", ff.Name)
		}
	default:
		for _, f := range doc.Files {
			io.WriteString(stdout, f.Diff)
		}
	}
	if len(files) > 0 && !write {
		return exitFindings
	}
	return exitOK
}

// writeFixes writes every changed file in place, listed files before
// their listings (the plan's order), as one change: each must still be a
// regular file (not a link) holding the bytes read, or nothing is written.
func writeFixes(ws *model.Workspace, files []*fixedFile, stderr io.Writer) error {
	var changes []atomicfile.Change
	for _, ff := range files {
		changes = append(changes, atomicfile.Change{Name: ff.Name, Old: ff.Old, Data: ff.New})
	}
	_, err := writeInPlace(ws, changes, "rulebench fix", stderr)
	return err
}

// fileDiff is the unified diff of one fixed file, each line made safe for
// the terminal (tabs kept).
func fileDiff(ff *fixedFile) string {
	old, new := string(ff.Old), string(ff.New)
	// The header names the file on one line, whatever its name holds.
	name := model.Visible(ff.Name)
	d, err := udiff.ToUnified(name, name, old, udiff.Lines(old, new), udiff.DefaultContextLines)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for line := range strings.Lines(d) {
		body, nl := strings.CutSuffix(line, "\n")
		parts := strings.Split(body, "\t")
		for i := range parts {
			parts[i] = model.Visible(parts[i])
		}
		b.WriteString(strings.Join(parts, "\t"))
		if nl {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
