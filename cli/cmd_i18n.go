package cli

import (
	"fmt"
	"io"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/analysis/say"
	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
)

const i18nAbout = `Shows how far each translation of a ruleset goes, in display strings and in words,
and checks its locale files or language packs: file names, _meta, keys, values and
stale keys, and each translation against its English (left in English, white space at
the ends, end punctuation, numbers, brackets and placeholders, far longer). With
--lang, lists every display string in that language with its state (translated, via
base, empty, missing) and the text a player sees. With --engine-lang,
shows which translations the Engine keeps on import. For a catalog artifact, checks
its catalog entry against the artifact and the packs beside it: the
<id>-<version>.entry.json beside the artifact, or the file --entry names. For a
package, --entry names its catalog entry (as the catalog publishes it, with the
package's manifest embedded), checked against the package's manifest.json and the
Capability API its files need.
Exit 0: no errors; 1: errors found; 2: bad usage or unreadable input.`

// i18nCommand reports translation coverage and checks packs, and writes
// the translators' files.
var i18nCommand = &command{
	name:    "i18n",
	summary: "translation coverage and pack checks; new, updated and PO files for translators",
	usage: append([]string{"i18n [--lang TAG [--only STATES]] [--engine-lang TAG] [--entry FILE] [--format F] PATH"},
		i18nAuthorUsage...),
	about: i18nAbout + i18nAuthorAbout,
	args:  argSpec{name: "PATH", min: 1, max: 1, values: files},
	bind: func(fs *flagSet) runner {
		o := i18nOptions{
			lang:   fs.String("lang", "TAG", langsHere, "list one language (a BCP 47 tag such as pt-BR): every display string, its state and what is shown"),
			engine: fs.Suggest("engine-lang", "TAG", i18n.EngineLanguages, "the Engine's language ("+strings.Join(i18n.EngineLanguages, ", ")+"): which translations an import keeps"),
			entry:  fs.String("entry", "FILE", files, "a catalog entry (JSON with artifact, and manifest or locales) to check against a catalog artifact or a package"),
			only:   fs.List("only", "STATES", commaList, onlyStates, "with --lang, list only the strings in these states (comma-separated; untranslated is missing and empty, as the workbench's u shows)"),
		}
		fs.Format(true)
		author := addAuthorFlags(fs)
		return func(c *call, pos []string) int {
			if author.active(fs) {
				return runI18nAuthor(fs, author, pos[0], c.stdout, c.stderr)
			}
			return runI18n(fs, c, pos, o)
		}
	},
}

// i18nOptions are the flags of the coverage listing, once parsed.
type i18nOptions struct {
	lang, engine, entry *string
	only                *listFlag
}

// runI18n prints the coverage of pos[0]'s translations.
func runI18n(fs *flagSet, c *call, pos []string, o i18nOptions) int {
	stdout, stderr := c.stdout, c.stderr
	langFlag, engineFlag, entryFlag := o.lang, o.engine, o.entry
	onlyFlag := o.only.String()
	if *langFlag != "" {
		if _, err := i18n.ParseTag(*langFlag); err != nil {
			complain(stderr, "rulebench i18n: --lang %s: %v", *langFlag, err)
			return exitUsage
		}
	}
	only, err := parseOnly(onlyFlag)
	switch {
	case err != nil:
		return fs.usageError("--only %s: %v", onlyFlag, err)
	case only != nil && *langFlag == "":
		return fs.usageError("--only filters the listing of one language: give --lang TAG too")
	}
	if *engineFlag != "" {
		if _, err := i18n.EngineLanguage(*engineFlag); err != nil {
			complain(stderr, "rulebench i18n: --engine-lang %s: %v (the Engine's languages: %s)",
				*engineFlag, err, strings.Join(i18n.EngineLanguages, ", "))
			return exitUsage
		}
	}
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	var opts analysis.Options
	if *entryFlag != "" {
		if ws.Kind != model.Artifact && ws.Kind != model.Package {
			complain(stderr, "rulebench i18n: --entry is for a catalog artifact (<id>-<version>.ruleset.json) or a package; %s is a %s", pos[0], ws.Kind)
			return exitUsage
		}
		var err error
		opts.EntryGiven = true
		opts.Entry, opts.EntryFindings, err = i18n.LoadEntry(model.OSFS{}, *entryFlag)
		if err != nil {
			complain(stderr, "rulebench i18n: cannot read %s: %v", *entryFlag, err)
			return exitUsage
		}
	}
	a, whole := analyse(ws, opts, stderr)
	r := a.Translations
	if r == nil {
		return exitUsage
	}
	// The translation findings; and everything when the ruleset itself could
	// not be read, since then nothing can be compared.
	ds := a.Findings
	if ws.Ruleset != nil {
		ds = a.Select(model.Translations)
	}
	code = exitFor(ds)
	if !whole {
		code = exitUsage
	}

	langs := r.Languages
	if *langFlag != "" {
		l, _ := r.Language(*langFlag)
		langs = []*i18n.Language{l}
	}
	var imp *i18n.Import
	if *engineFlag != "" {
		choice, _ := r.ImportChoice(*engineFlag, a.Entry)
		imp = &choice
	}

	renames := migrate.Renames(ws.Ruleset)
	if format := fs.chosenFormat(); format != report.Text {
		if err := writeDocument(stdout, format, only.filterDoc(report.NewI18n(r, langs, *langFlag != "", renames, imp, ds)), ds); err != nil {
			return exitUsage
		}
		return code
	}
	writeI18nText(stdout, pos[0], ws.Kind == model.SingleFile, r, langs, *langFlag != "", only, imp, renames)
	writeDiagnostics(stdout, ds)
	writeSummary(stdout, pos[0], ds)
	return code
}

// writeI18nText prints the coverage table, then with --lang every string
// in that language (a stale key with the rename among renames it is spelt
// like), then the import choice.
func writeI18nText(w io.Writer, name string, bare bool, r *i18n.Report, langs []*i18n.Language, detail bool, only stateFilter, imp *i18n.Import, renames []migrate.Rename) {
	printf(w, "%s: %s, %s\n", name, say.Count(len(r.Strings()), "display string"), say.Count(r.Words(), "word"))
	if len(langs) == 0 && bare {
		printf(w, "no translations: %s is a ruleset file on its own, which has no place for them; make it a package (`rulebench new --from %s DIR`) or publish it with language packs (`rulebench pack`)\n", name, name)
	} else if len(langs) == 0 {
		fmt.Fprintln(w, "no translations")
	} else {
		width := len("language")
		for _, l := range langs {
			width = max(width, len(l.Lang))
		}
		fmt.Fprintf(w, "%-*s  %10s  %8s  %5s  %7s  %5s  %7s  %7s\n", width, "language", "translated", "via base", "empty", "missing", "stale", "strings", "words")
		for _, l := range langs {
			c := l.Coverage
			printf(w, "%-*s  %10d  %8d  %5d  %7d  %5d  %6.1f%%  %6.1f%%\n", width, l.Lang,
				c.Translated, c.ViaBase, c.Empty, c.Missing, len(l.Stale), c.Percent(), c.WordsPercent())
		}
	}
	if detail && len(langs) == 1 {
		writeI18nDetail(w, r, langs[0], only, renames)
	}
	if imp != nil {
		fmt.Fprintf(w, "\nOn import, %s.\n", say.Import(*imp, r.Catalog))
	}
	fmt.Fprintln(w)
}

func writeI18nDetail(w io.Writer, r *i18n.Report, l *i18n.Language, only stateFilter, renames []migrate.Rename) {
	fmt.Fprintln(w)
	switch {
	case l.Own != nil && l.BaseLocale != nil:
		printf(w, "%s from %s, then %s from %s, then English\n", l.Lang, l.Own.Name(), l.Base, l.BaseLocale.Name())
	case l.Own != nil:
		printf(w, "%s from %s, then English\n", l.Lang, l.Own.Name())
	case l.BaseLocale != nil:
		printf(w, "%s has no file of its own: %s from %s, then English\n", l.Lang, l.Base, l.BaseLocale.Name())
	default:
		fmt.Fprintf(w, "%s has no file of its own, nor its base: everything is shown in English\n", l.Lang)
	}
	for i, s := range r.Strings() {
		st := l.States[i]
		if !only.shows(st) {
			continue
		}
		line := fmt.Sprintf("  %-10s  %s", st, say.Quoted(s.Text))
		if st == i18n.Translated || st == i18n.ViaBase {
			shown := l.Show(s.Text)
			line += " → " + say.Quoted(shown.Text)
			if st == i18n.ViaBase {
				line += " (" + shown.Lang + ")"
			}
		}
		fmt.Fprintln(w, line)
	}
	for _, k := range l.Stale {
		if !only.showsStale() {
			break
		}
		line := "  stale       " + say.Quoted(k.English)
		if rn, ok := migrate.RenameOfKey(renames, k.English); ok {
			line += " (" + say.Renamed(rn, say.Quoted) + ")"
		}
		if near := r.Nearest(k.English); near != "" {
			line += ", nearest current string " + say.Quoted(near)
		}
		fmt.Fprintln(w, line)
	}
}
