package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rulebench/analysis/report"
	"rulebench/internal/atomicfile"
	"rulebench/model"
)

// writeMigrated writes every save that migrated without error to dir,
// under its own base name, all or nothing. Before writing anything it
// refuses a dir that is a link or lies inside the package read, and two
// saves with one name; atomicfile.Write (MakeDir) then makes dir if
// missing, refuses a target that exists (an input, the ruleset, a file or
// a link), stages every file as a temporary file in dir and gives each its
// name by a rename or link that never replaces a file; if a file cannot be
// written, every file and folder this run made is removed again and stderr
// says so. Each step costs time linear in the number of saves.
func writeMigrated(dir string, ws *model.Workspace, saves []*saveRun, stderr io.Writer) (int, bool) {
	fail := func(format string, args ...any) (int, bool) {
		complain(stderr, "rulebench migrate: "+format, args...)
		return exitUsage, false
	}
	info, err := os.Lstat(dir)
	exists := err == nil
	switch {
	case exists && info.Mode()&fs.ModeSymlink != 0:
		return fail("--out %s is a symbolic link; refusing to write through it (name the folder itself)", dir)
	case exists && !info.IsDir():
		return fail("--out %s is a file, not a folder", dir)
	case !exists && !errors.Is(err, fs.ErrNotExist):
		return fail("cannot use --out %s: %v", dir, unwrapPath(err))
	}
	if pkg, inside := insideInputs(dir, ws); inside {
		return fail("--out %s is inside %s, which holds the files read; choose a folder outside it", dir, pkg)
	}
	var plan []*saveRun
	targets := map[string]string{} // base name → the save it comes from
	for _, sd := range saves {
		if !sd.OK || !sd.Migrated {
			continue
		}
		base := filepath.Base(sd.File)
		if other, ok := targets[base]; ok {
			return fail("%s and %s would both be written to %s; migrate them into different folders", other, sd.File, filepath.Join(dir, base))
		}
		targets[base] = sd.File
		plan = append(plan, sd)
	}
	if len(plan) == 0 {
		return exitOK, true
	}
	changes := make([]atomicfile.Change, len(plan))
	for i, sd := range plan {
		var buf bytes.Buffer
		if err := writeJSON(&buf, report.NewSheet(sd.Result.Sheet)); err != nil {
			return fail("cannot write %s: %v", sd.File, err)
		}
		changes[i] = atomicfile.Change{Name: filepath.Join(dir, filepath.Base(sd.File)), Data: buf.Bytes()}
	}
	inputs := []string{filepath.FromSlash(ws.RulesetFile)}
	for _, sd := range saves {
		inputs = append(inputs, sd.File)
	}
	res, err := atomicfile.Write(dir, changes, atomicfile.Options{MakeDir: true, Inputs: inputs, Fault: writeFault})
	if n := len(res.Stale); n > 0 {
		complain(stderr, "rulebench migrate: removed %s left in %s by an earlier run", plural(n, "temporary file"), dir)
	}
	var e *atomicfile.Error
	switch {
	case err == nil:
	case errors.As(err, &e) && e.Step == atomicfile.StepCheck && errors.Is(err, atomicfile.ErrInput):
		return fail("%s (choose another --out folder)", e.Reason())
	case errors.As(err, &e) && e.Step == atomicfile.StepCheck && errors.Is(err, atomicfile.ErrExists):
		return fail("%s (remove it or choose another --out folder)", e.Reason())
	default:
		return fail("%v", err)
	}
	written := map[string]bool{}
	for _, name := range res.Written {
		written[name] = true
	}
	for i, sd := range plan {
		if written[changes[i].Name] {
			sd.Written = changes[i].Name
		}
	}
	return exitOK, true
}

// insideInputs tells whether dir is, or lies inside, the folder whose
// files the workspace is read from (a package's or artifact's folder; the
// saves/ folder beside a single ruleset file), links resolved, and names
// that folder.
func insideInputs(dir string, ws *model.Workspace) (string, bool) {
	protected := filepath.Dir(filepath.FromSlash(ws.RulesetFile))
	if ws.Kind == model.SingleFile {
		protected = filepath.Join(protected, "saves")
	}
	p, err1 := resolve(protected)
	d, err2 := resolve(dir)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(p, d)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return protected, true
}

// resolve makes p absolute with the links in its existing part resolved;
// the rest, not there yet, is kept as written.
func resolve(p string) (string, error) {
	p, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		up := filepath.Dir(p)
		if up == p {
			return p, nil
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = up
	}
}
