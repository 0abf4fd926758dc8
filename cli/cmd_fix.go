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
Exit 2: bad usage, an unreadable path, or a file that could not be written.

PATH is walked as check walks it: a folder that is neither a package nor a catalog
artifact is searched for every package, artifact and ruleset file below it, and several
PATHs may be given. Every fix is worked out before anything is written; when a PATH cannot
be read or fixed, nothing is written. A finding suppressed by a rulebench:ignore
directive, by the configuration file or by --select/--ignore is not fixed (see
'rulebench explain suppression').`

// fixCommand mends what has a mechanical fix.
var fixCommand = &command{
	name:    "fix",
	summary: "mend what has a mechanical fix: a diff, or -w to write it",
	usage:   []string{"fix [-w] [--format F] [--select CODES] [--ignore CODES] PATH..."},
	about:   fixAbout,
	args:    argSpec{name: "PATH", min: 1, max: -1, values: files},
	bind: func(fs *flagSet) runner {
		write := fs.Bool("w", "write the fixes into the files instead of printing a diff")
		fs.Format(false)
		sel, ign := suppressionFlags(fs)
		return func(c *call, pos []string) int {
			policies, bad := newCheckPolicies(*sel, *ign)
			if bad != "" {
				return fs.usageError("%s", bad)
			}
			return runFix(c, pos, *write, fs.chosenFormat(), policies)
		}
	},
}

// fixTarget is the plan of one target, with the workspace it writes into.
type fixTarget struct {
	ws   *model.Workspace
	plan *fixPlan
}

// runFix works out the fixes of every target of pos (folders walked as
// check walks them) and prints them as a diff, or writes them with write.
// Every plan is made before anything is written: when one target cannot
// be read or fixed, nothing is.
func runFix(c *call, pos []string, write bool, format string, policies *checkPolicies) int {
	stdout, stderr := c.stdout, c.stderr
	walk := checkTargets(pos)
	if err := policies.load(walk.targets, stderr); err != nil {
		return exitUsage
	}
	var planned []fixTarget
	failed := false
	for _, target := range walk.targets {
		if walkedEmpty(target) {
			complain(stderr, "rulebench: %v", errNoRuleset(target))
			failed = true
			continue
		}
		ws, _, ok := loadPath(target, stderr)
		if !ok {
			failed = true
			continue
		}
		a, whole := analyse(ws, analysis.Options{Policy: policies.of(target)}, stderr)
		if !whole {
			failed = true
			continue
		}
		reload := func(files map[string][]byte) (*model.Workspace, error) {
			return model.Load(model.Overlay{Base: model.OSFS{}, Files: files}, target)
		}
		plan, err := planFixes(a, reload)
		if err != nil {
			complain(stderr, "rulebench fix: %s: %v", target, err)
			failed = true
			continue
		}
		planned = append(planned, fixTarget{ws, plan})
	}
	if walkNotes(stderr, walk, false, false) {
		failed = true
	}
	if failed {
		if write {
			complain(stderr, "rulebench fix: nothing was written")
		}
		return exitUsage
	}
	var files []*fixedFile
	doc := report.Fix{SchemaVersion: 1, Written: write, Files: []report.FixFile{}}
	for _, t := range planned {
		for _, ff := range t.plan.Files {
			files = append(files, ff)
			fd := report.FixFile{File: ff.Name, Changes: []report.FixChange{}, Diff: fileDiff(ff)}
			for _, c := range ff.Changes {
				fd.Changes = append(fd.Changes, report.FixChange{Path: c.Path, Code: c.Code, Old: c.Old, New: c.New})
			}
			doc.Files = append(doc.Files, fd)
		}
	}
	doc.Changed = len(files) > 0
	if write {
		for _, t := range planned {
			if len(t.plan.Files) == 0 {
				continue
			}
			if err := writeFixes(t.ws, t.plan.Files, stderr); err != nil {
				complain(stderr, "rulebench fix: %v", err)
				return exitUsage
			}
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
