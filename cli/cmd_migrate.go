package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/analysis/say"
	"rulebench/migrate"
	"rulebench/model"
)

const migrateAbout = `Rehearses the ruleset's sheet.migrations on sample saves ({v, build, live}): runs the
import checks, then moves each save to sheet.version step by step and shows what every
step did (moved, kept-existing, no-value, default, else, set, dropped-old-key) and what
changed. With no SAVE, the saves in PATH's saves/ folder are used.

--out DIR writes each save that migrated without error to DIR under its own file name
(DIR is made if missing), all or nothing. Nothing is ever overwritten: the command stops
before writing anything when DIR is a symbolic link or lies inside the package read,
when a target file already exists or is one of the inputs, or when two saves share a
name. Every file is first staged in DIR as .rulebench-<pid>-<random>.tmp, then given
its name by a rename that never replaces a file; if one cannot be written, everything
the run wrote is removed again. Staged files left by a killed run are removed by the
next run into DIR (never those of a run still going).

Exit 0: no errors; 1: errors found (in the migrations, or a save newer than the ruleset,
or a save that cannot be read as JSON); 2: bad usage, an unreadable path, or a file
that could not be written.`

// saveRun is one save rehearsed, and the file it was written to with --out.
type saveRun struct {
	*migrate.Result
	Written string
}

// saveRuns are the saves of a migrate run, in order. at rehearses the i-th
// again each time it is asked for, unless the runs are kept (keptRuns):
// the saves are written one at a time, so that the traces and sheets of
// tens of thousands of saves are never all in memory.
type saveRuns struct {
	n  int
	at func(i int) *saveRun
}

// keptRuns are saveRuns of runs already made.
func keptRuns(runs []*saveRun) saveRuns {
	return saveRuns{len(runs), func(i int) *saveRun { return runs[i] }}
}

// migrateCommand rehearses sheet migrations on sample saves, or compares
// with the previous version of the ruleset.
var migrateCommand = &command{
	name:    "migrate",
	summary: "rehearse sheet migrations on sample saves",
	usage:   []string{"migrate [--format F] [--out DIR] PATH [SAVE...]", "migrate --since OLD [--format F] PATH [SAVE...]"},
	about:   migrateAbout + "\n" + migrateSinceAbout,
	args:    argSpec{name: "PATH", min: 1, max: -1, values: files},
	bind: func(fs *flagSet) runner {
		fs.Format(true)
		outDir := fs.String("out", "DIR", folders, "write each migrated save as a new file in DIR")
		since := fs.String("since", "OLD", files, "compare with OLD, the previous version, and draft the entry that keeps its saved values")
		return func(c *call, pos []string) int {
			if *since != "" {
				return runMigrateSince(*since, pos, fs.chosenFormat(), *outDir != "", c.stdout, c.stderr)
			}
			return runMigrate(c, pos, fs.chosenFormat(), *outDir)
		}
	},
}

// runMigrate rehearses the migrations of pos[0] on its saves, or on the
// saves pos[1:] names. A first pass works out each save's findings, for the
// exit code and the document's ok; the output rehearses each save again as
// it writes it (with --out, whose files are written from them, the
// rehearsals are kept instead).
func runMigrate(c *call, pos []string, format, outDir string) int {
	stdout, stderr := c.stdout, c.stderr
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	if len(pos) == 1 && len(ws.Saves) == 0 {
		complain(stderr, "rulebench migrate: no SAVE given, and %s has no saves/ folder with saves in it", pos[0])
		return exitUsage
	}
	a, whole := analyse(ws, analysis.Options{}, stderr)
	ds := rulesetFindings(a)
	saves, ok := migrateSaves(a, pos[1:], stderr)
	if !ok {
		return exitUsage
	}
	all := append([]model.Diagnostic(nil), ds...)
	var kept []*saveRun
	for i := range saves.n {
		run := saves.at(i)
		all = append(all, run.Diagnostics...)
		if outDir != "" {
			kept = append(kept, run)
		}
	}
	if outDir != "" {
		if code, ok := writeMigrated(outDir, ws, kept, stderr); !ok {
			return code
		}
		saves = keptRuns(kept)
	}
	code = exitFor(all)
	if !whole {
		code = exitUsage
	}
	var err error
	switch format {
	case report.Text:
		writeMigrateText(stdout, pos[0], ds, saves)
	case report.JSON:
		err = writeMigrateJSON(stdout, ws, ds, all, saves)
	default:
		err = writeDocument(stdout, format, nil, all)
	}
	if err != nil {
		return exitUsage
	}
	return code
}

// migrateSaves are the saves migrate rehearses: those of PATH's saves/
// folder, or the SAVE files names, read now (one that cannot be read stops
// the command: false). A SAVE refused unread (too large, not a regular
// file) is rehearsed as a save that could not be read, with that finding.
func migrateSaves(a *analysis.Result, names []string, stderr io.Writer) (saveRuns, bool) {
	if len(names) == 0 {
		saves := a.Workspace.Saves
		return saveRuns{len(saves), func(i int) *saveRun { return &saveRun{Result: a.RehearseSave(saves[i])} }}, true
	}
	rehearse := make([]func() *migrate.Result, len(names))
	for i, name := range names {
		data, err := readSaveFile(name)
		refused, isRefused := saveRefusal(name, err)
		switch {
		case isRefused:
			rehearse[i] = func() *migrate.Result {
				r := a.Rehearse(name, nil)
				r.Diagnostics = []model.Diagnostic{refused}
				r.OK = false
				return r
			}
		case err != nil:
			complain(stderr, "rulebench: cannot read %s: %v", name, err)
			return saveRuns{}, false
		default:
			rehearse[i] = func() *migrate.Result { return a.Rehearse(name, data) }
		}
	}
	return saveRuns{len(names), func(i int) *saveRun { return &saveRun{Result: rehearse[i]()} }}, true
}

// writeMigrateJSON writes the migrate document as writeJSON does, one save
// at a time: each is rehearsed when it is written and dropped after, so
// that the document of tens of thousands of saves (hundreds of MB) is never
// in memory whole. Its ok comes before the saves, so it is worked out from
// all, the findings of the ruleset and of every save.
func writeMigrateJSON(w io.Writer, ws *model.Workspace, ds, all []model.Diagnostic, saves saveRuns) error {
	doc := report.NewMigrate(ws, ds, []*report.MigrateSave{})
	doc.OK = !model.HasErrors(all)
	var b bytes.Buffer
	if err := encodeIndented(&b, doc, ""); err != nil {
		return err
	}
	// The saves are the document's last member, written "saves": [] and the
	// closing brace; each save goes in between.
	head := b.Bytes()
	at := bytes.LastIndex(head, []byte("[]"))
	tail := string(head[at+len("[]"):])
	if _, err := w.Write(escapeControls(head[:at+1])); err != nil {
		return err
	}
	var item bytes.Buffer
	enc := json.NewEncoder(&item) // one for every save, reusing its buffers
	enc.SetIndent("    ", "  ")
	enc.SetEscapeHTML(false)
	for i := range saves.n {
		run := saves.at(i)
		sd := report.NewMigrateSave(run.Result)
		sd.Written = run.Written
		item.Reset()
		if i > 0 {
			item.WriteByte(',')
		}
		item.WriteString("\n    ")
		if err := enc.Encode(sd); err != nil {
			return err
		}
		item.Truncate(item.Len() - 1) // the encoder's newline
		if _, err := w.Write(escapeControls(item.Bytes())); err != nil {
			return err
		}
	}
	if saves.n > 0 {
		tail = "\n  ]" + tail
	} else {
		tail = "]" + tail
	}
	_, err := io.WriteString(w, tail)
	return err
}

// rulesetFindings are the findings that concern the migrations: reading
// the ruleset and its format (the Engine refuses a broken file, so its saves
// are never migrated) and the migration import checks.
func rulesetFindings(a *analysis.Result) []model.Diagnostic {
	ws := a.Workspace
	ds := append([]model.Diagnostic{}, a.Select(model.Reading, model.Format, model.Migrations)...)
	if ws.Ruleset == nil && !model.HasErrors(ds) {
		r := model.NewReporter(ws.RulesetFile, nil, model.Migrations)
		r.AtPath(model.Error, model.RootPath, analysis.CodeNoRuleset, "there is no ruleset to migrate with")
		ds = append(ds, r.Diagnostics()...)
	}
	return ds
}

var errTooLarge = errors.New("too large")

// readSaveFile reads a save of at most model.MaxReadBytes. A save that is
// not a regular file (a named pipe, socket or device) is refused without
// being opened for a blocking read; saveRefusal makes it a finding.
func readSaveFile(name string) ([]byte, error) {
	if info, err := os.Stat(name); err == nil && info.IsDir() {
		return nil, errors.New("it is a folder, not a save file")
	}
	f, err := model.OpenRegular(name)
	if err != nil {
		if errors.Is(err, model.ErrNotRegular) {
			return nil, err
		}
		return nil, unwrapPath(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	if info.Size() > model.MaxReadBytes {
		return nil, errTooLarge
	}
	return readAtMost(f)
}

// readAtMost reads an opened save to its end, refusing one of over
// model.MaxReadBytes.
func readAtMost(f io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, model.MaxReadBytes+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if len(data) > model.MaxReadBytes {
		return nil, errTooLarge
	}
	return data, nil
}

// saveRefusal is the finding about a SAVE refused unread: one too large,
// or one that is not a regular file. False for any other error.
func saveRefusal(name string, err error) (model.Diagnostic, bool) {
	switch {
	case errors.Is(err, errTooLarge):
		return model.TooLarge(name, model.Saves), true
	case errors.Is(err, model.ErrNotRegular):
		d := model.Errorf(name, model.RootPath, model.CodeNotRegular, "%s; it is not opened", unwrapPath(err).Error())
		d.Category, d.Line, d.Column = model.Saves, 1, 1
		return d, true
	}
	return model.Diagnostic{}, false
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// saveVersion names a save's version for the text: v3, or what is wrong
// with it.
func saveVersion(r *migrate.Result) string {
	switch {
	case r.VOutOfRange:
		return "v out of range"
	case r.From < 1:
		return "no valid v"
	}
	return fmt.Sprintf("v%d", r.From)
}

// writeMigrateText prints the rehearsal for people.
func writeMigrateText(w io.Writer, path string, ds []model.Diagnostic, runs saveRuns) {
	if len(ds) > 0 {
		writeDiagnostics(w, ds)
		fmt.Fprintln(w)
	}
	writeMigrateSaves(w, path, ds, runs)
}

// writeMigrateSaves prints each save's trace and the summary line, whose
// counts take in the findings ds.
func writeMigrateSaves(w io.Writer, path string, ds []model.Diagnostic, runs saveRuns) {
	migrated, failed := 0, 0
	all := append([]model.Diagnostic(nil), ds...)
	for i := range runs.n {
		sd := runs.at(i)
		all = append(all, sd.Diagnostics...)
		if i > 0 {
			fmt.Fprintln(w)
		}
		r := sd.Result
		switch {
		case r.Migrated && r.From == r.To:
			printf(w, "%s: v%d, already current\n", r.File, r.From)
		case r.Migrated:
			printf(w, "%s: v%d → v%d\n", r.File, r.From, r.To)
		default:
			printf(w, "%s: %s, not migrated\n", r.File, saveVersion(r))
		}
		writeTrace(w, r.Trace)
		if len(r.Diagnostics) > 0 {
			writeDiagnostics(w, r.Diagnostics)
		}
		if sd.Written != "" {
			printf(w, "  written to %s\n", sd.Written)
		}
		if r.Migrated && r.OK {
			migrated++
		} else {
			failed++
		}
	}
	printf(w, "\n%s: %s, %d migrated, %d not; %s, %s\n", path, say.Count(runs.n, "save"), migrated, failed,
		say.Count(model.Count(all, model.Error), "error"), say.Count(model.Count(all, model.Warning), "warning"))
}

// writeTrace prints one line a step: the entry, the step, where the value
// came from and went, and the outcome with its value.
func writeTrace(w io.Writer, trace []migrate.StepTrace) {
	rows := make([][3]string, 0, len(trace))
	width := [2]int{}
	for _, st := range trace {
		op := st.Op
		if st.Kind != "" {
			op += " " + st.Kind
		}
		move := st.Source
		if st.Destination != "" {
			move += " → " + st.Destination
		}
		row := [3]string{fmt.Sprintf("%d→%d  %s", st.From, st.From+1, op), visible(move), say.Outcome(st)}
		for i := range width {
			width[i] = max(width[i], len([]rune(row[i])))
		}
		rows = append(rows, row)
	}
	for _, row := range rows {
		fmt.Fprintf(w, "  %s  %s  %s\n", pad(row[0], width[0]), pad(row[1], width[1]), row[2])
	}
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-len([]rune(s))))
}
