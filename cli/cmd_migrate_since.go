package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/migrate"
	"rulebench/model"
)

const migrateSinceAbout = `
--since OLD compares PATH with OLD, the previously published version of the same
ruleset (a file, package folder or catalog artifact, read like PATH): every stored id
of OLD's sheet that PATH no longer declares and its migrations do not move is lost (an
error, with how many sample saves hold a value there); ids gone while sheet.version did
not go up are an error; an enum value OLD offered that PATH does not, held by a save,
is a warning. It then drafts the entry that keeps the lost values (rename, route,
routeLive, each with why in its $comment), lists the ids that need a decision, runs the
import checks on the draft and rehearses it on the sample saves: OLD's saves/ folder,
or the SAVE arguments. An OLD of another ruleset, or newer than PATH, exits 2. An
entry of OLD's sheet.migrations that PATH deleted or changed is an error naming the
sample saves it strands (a published entry is never deleted).

` + oldArgHelp

// migrateSinceDoc is the JSON document of `rulebench migrate --since`: the
// migrate document, with the saves rehearsed through PATH's migrations and
// the draft, and the comparison under since.
type migrateSinceDoc struct {
	*report.Migrate
	Since *migrate.SinceReport `json:"since"`
}

// runMigrateSince runs `rulebench migrate --since OLD [--json] PATH [SAVE...]`.
func runMigrateSince(oldPath string, pos []string, format string, out bool, stdout, stderr io.Writer) int {
	if out {
		fmt.Fprintln(stderr, "rulebench migrate: --out writes saves migrated by PATH's own entries; it cannot be used with --since")
		return exitUsage
	}
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	oldWS, oldFS, err := loadOldFS(oldPath, pos[0])
	if err != nil {
		complain(stderr, "rulebench: %v", err)
		return exitUsage
	}
	if msg := sinceRefusal(oldPath, oldWS, ws); msg != "" {
		complain(stderr, "rulebench migrate: %s", msg)
		return exitUsage
	}
	if ws.Ruleset == nil {
		// Nothing to compare: the findings say why PATH cannot be read.
		a, whole := analyse(ws, analysis.Options{}, stderr)
		return writeSince(stdout, pos[0], ws, rulesetFindings(a), nil, nil, format, whole)
	}

	names := pos[1:]
	readSave := readSaveFile
	if len(names) == 0 {
		readSave = func(name string) ([]byte, error) { return readOldSave(oldFS, name) }
		for _, s := range oldWS.Saves {
			names = append(names, s.File)
		}
	}
	files := make([]migrate.SaveFile, len(names))
	refused := map[int]model.Diagnostic{}
	for i, name := range names {
		data, err := readSave(name)
		d, isRefused := saveRefusal(name, err)
		switch {
		case isRefused:
			refused[i] = d
		case err != nil:
			complain(stderr, "rulebench: cannot read %s: %v", name, err)
			return exitUsage
		}
		files[i] = migrate.SaveFile{File: name, Data: data}
	}
	a, whole := analyse(ws, analysis.Options{Since: oldWS, SinceFiles: files}, stderr)
	ds := rulesetFindings(a)
	rep, err := a.Since()
	var se *migrate.SinceError
	switch {
	case errors.As(err, &se):
		complain(stderr, "rulebench migrate: --since %s: %s", oldPath, se.Reason)
		return exitUsage
	case err != nil || rep == nil:
		failed := a.Failed()
		if err != nil {
			failed = err.Error()
		}
		complain(stderr, "rulebench: %s", failed)
		return exitUsage
	}
	ds = append(ds, rep.Diagnostics...)
	runs := make([]*saveRun, 0, len(rep.Saves))
	for i, r := range rep.Saves {
		if d, ok := refused[i]; ok {
			d.File = r.File
			r.Diagnostics = []model.Diagnostic{d}
			r.OK = false
		}
		for k := range r.Diagnostics {
			if r.Diagnostics[k].Category == model.Reading {
				r.Diagnostics[k].Category = model.Saves
			}
		}
		runs = append(runs, &saveRun{Result: r})
	}
	return writeSince(stdout, pos[0], ws, ds, runs, rep, format, whole)
}

// sinceRefusal says why PATH's workspace cannot be compared with OLD's,
// as migrate --since and the workbench's --since refuse to start ("--since
// OLD: the reason"), or "" when they can be (or when PATH has no ruleset,
// which its findings then tell).
func sinceRefusal(oldPath string, old, cur *model.Workspace) string {
	if old.Ruleset == nil {
		return fmt.Sprintf("--since %s: there is no ruleset to compare with (%s is not a readable ruleset)", oldPath, old.RulesetFile)
	}
	if cur.Ruleset == nil {
		return ""
	}
	var se *migrate.SinceError
	if err := migrate.Comparable(old.Ruleset, cur.Ruleset); errors.As(err, &se) {
		return fmt.Sprintf("--since %s: %s", oldPath, se.Reason)
	}
	return ""
}

// writeSince prints the comparison and the rehearsal, as JSON or for
// people, and returns the exit code: 1 when any finding (the ruleset's, the
// comparison's, the draft's or a save's) is an error.
func writeSince(w io.Writer, path string, ws *model.Workspace, ds []model.Diagnostic, runs []*saveRun, rep *migrate.SinceReport, format string, whole bool) int {
	head := append([]model.Diagnostic(nil), ds...) // the findings besides the saves'
	if rep != nil {
		head = append(head, rep.DraftDiagnostics...)
	}
	all := append([]model.Diagnostic(nil), head...)
	for _, r := range runs {
		all = append(all, r.Diagnostics...)
	}
	code := exitFor(all)
	if !whole {
		code = exitUsage
	}
	if format != report.Text {
		saves := []*report.MigrateSave{}
		for _, r := range runs {
			saves = append(saves, report.NewMigrateSave(r.Result))
		}
		doc := &migrateSinceDoc{Migrate: report.NewMigrate(ws, ds, saves), Since: rep}
		doc.OK = !model.HasErrors(all)
		if err := writeDocument(w, format, doc, all); err != nil {
			return exitUsage
		}
		return code
	}
	if len(ds) > 0 {
		writeDiagnostics(w, ds)
		fmt.Fprintln(w)
	}
	if rep != nil {
		writeSinceText(w, path, rep)
	}
	writeMigrateSaves(w, path, head, keptRuns(runs))
	return code
}

// writeSinceText prints the comparison: what is lost, the draft and what
// needs a decision.
func writeSinceText(w io.Writer, path string, rep *migrate.SinceReport) {
	if len(rep.Lost) == 0 {
		fmt.Fprintf(w, "since sheet version %d (now %d): nothing lost, every stored id is still there or moved by the migrations\n", rep.From, rep.To)
	} else {
		fmt.Fprintf(w, "since sheet version %d (now %d): %s lost\n", rep.From, rep.To, plural(len(rep.Lost), "stored id"))
	}
	if rep.Unchanged && len(rep.Lost) > 0 {
		fmt.Fprintf(w, "  sheet.version did not go up: raise it to %d for the draft to run\n", rep.From+1)
	}
	for _, l := range rep.Lost {
		what := l.Kind + " " + l.ID
		if l.List != "" {
			what = l.Kind + " " + l.List + "." + l.ID
		}
		line := fmt.Sprintf("  %s: %d %s a value", what, l.Saves, map[bool]string{true: "save holds", false: "saves hold"}[l.Saves == 1])
		if rep.Draft != nil && l.Kept > 0 {
			line += fmt.Sprintf(", the draft keeps %d", l.Kept)
		}
		printf(w, "%s\n", line)
	}
	if rep.Draft != nil {
		if rep.AddTo != nil {
			fmt.Fprintf(w, "\ndraft: add these steps at the end of sheet.migrations.%d (it already moves sheets from %d):\n", *rep.AddTo, rep.From)
		} else {
			fmt.Fprintf(w, "\ndraft: a new entry for sheet.migrations:\n")
		}
		for _, line := range strings.Split(strings.TrimSuffix(rep.DraftText, "\n"), "\n") {
			printf(w, "%s\n", line)
		}
		if len(rep.DraftDiagnostics) > 0 {
			fmt.Fprintln(w, "the draft's import checks:")
			writeDiagnostics(w, rep.DraftDiagnostics)
		} else {
			fmt.Fprintln(w, "the draft passes the import checks")
		}
	}
	if len(rep.Undecided) > 0 {
		fmt.Fprintln(w, "\nneeds a decision:")
		for _, u := range rep.Undecided {
			what := u.Kind + " " + u.ID
			if u.List != "" {
				what = u.Kind + " " + u.List + "." + u.ID
			}
			printf(w, "  %s: %s\n", what, u.Reason)
		}
	}
	if rep.Draft != nil && len(rep.Saves) > 0 {
		printf(w, "\nthe sample saves, rehearsed with the draft pasted into %s:\n", path)
	}
	fmt.Fprintln(w)
}
