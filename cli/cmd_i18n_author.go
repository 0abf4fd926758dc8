package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"

	"rulebench/analysis"
	"rulebench/analysis/report"
	"rulebench/i18n"
	"rulebench/internal/atomicfile"
	"rulebench/migrate"
	"rulebench/model"
)

// The command lines of `rulebench i18n` that write files for translators.
var i18nAuthorUsage = []string{
	"i18n --new LANG [--out FILE | -w] PATH",
	"i18n --update LANG [--prune] [--carry] [--all] [--since OLD] [--out FILE | -w] PATH",
	"i18n --po LANG [--since OLD] [--out FILE] PATH",
	"i18n --pot [--out FILE] PATH",
	"i18n --schema LANG|all [--vscode] [--out FILE] PATH",
	"i18n --from-po FILE.po [--out FILE | -w] PATH",
}

const i18nAuthorAbout = `

Writing the files a translator works on:
--new LANG     a new locale file for LANG: _meta, the package's name and description
               (in English, to be translated) in a package, and every display string as
               a key with "" as its value, in the order of first use.
--update LANG  LANG's locale file with every missing display string added as "" at the
               end of its ruleset section, each existing member kept in its place; stale
               keys are reported with the nearest current string, and removed with --prune.
               A stale key the ruleset's migrations rename to a current string carries its
               translation there, and so does one that --since OLD (an older version of
               the ruleset) has at the same place as the current string; the nearest
               stale key's translation is proposed, and written (to review) only with
               --carry. In a package, strings the base
               language's file translates (pt for pt-BR) are left to it unless --all; a
               catalog pack gets every string (nothing falls back between packs).
               A second run changes nothing.
--po LANG      a gettext PO file for LANG (for Poedit, Weblate, Crowdin...): msgid the
               English, msgstr the translation or empty, #: where the string is used
               (file:line), msgctxt package.name and package.description in a package;
               stale keys of LANG's file as obsolete (#~) messages, which --from-po
               restores if their string comes back. Not for en, the ruleset's own.
--pot          the PO template (.pot) for CAT tools and msginit: every msgstr empty.
--schema LANG  a JSON Schema (draft-07) of LANG's locale file for editors: the ruleset
               section's properties are exactly the current display strings, each
               described by its English and where it is used; the stale keys of LANG's
               file are flagged as deprecated. --schema all: one schema for every
               language's file. With --vscode, VS Code settings (.vscode/settings.json)
               holding the schema: mapped onto the files by name, and, when they name a
               $schema (which VS Code reads first), registered under that URL, so the
               files' own $schema stays as it is.
--from-po FILE merges a PO file's translations into the locale file of its Language
               header (a new one when there is none). An entry whose msgid is no display
               string, or that is fuzzy or plural, is reported and not written. A PO made
               by --po and merged back unedited changes nothing.

The file goes to stdout, or to --out FILE (a new file: an existing one or an input is
refused), or with -w into the ruleset's own files: locales/LANG.json beside the ruleset
(<id>-<version>.LANG.json beside a catalog artifact), whose listing in the manifest (or
the catalog entry) gets the file's sha256 and size, and the manifest's capabilityApi.minor
what the package needs, as 'rulebench fix' would. --new -w refuses a file that exists.
Every write goes through a temporary file renamed into place; a link is refused.
A ruleset file on its own has no place for translations: --new, --update, --from-po and
--schema refuse it and name the ways that have one (a package, or a catalog artifact
with packs).
Notes (strings added, stale keys, PO entries not written) go to stderr.
Exit 0: written; 1: the ruleset could not be read, or the PO file is malformed (nothing
is written then); 2: bad usage, an unreadable input, or a file that could not be written.`

// authorFlags are the flags of the writing commands of `rulebench i18n`,
// declared on the command's own flag set (so that its help and the shell
// completion list them) by addAuthorFlags.
type authorFlags struct {
	newLang, updateLang, poLang, fromPO, out string
	schemaLang, since                        string
	prune, write, pot, carry, all, vscode    bool
}

// addAuthorFlags declares the flags of the writing commands on the flag
// set of `rulebench i18n`.
func addAuthorFlags(fs *flagSet) *authorFlags {
	f := &authorFlags{}
	fs.StringVar(&f.newLang, "new", "LANG", langsNew, "write a new locale file for this language (a BCP 47 tag such as pt-BR)")
	fs.StringVar(&f.updateLang, "update", "LANG", langsHere, "bring this language's locale file up to date with the ruleset")
	fs.BoolVar(&f.prune, "prune", "with --update, remove the stale keys")
	fs.BoolVar(&f.carry, "carry", "with --update, write the translations proposed from the nearest stale keys (to review)")
	fs.StringVar(&f.since, "since", "OLD", files, "with --update or --po: an older version of the ruleset, whose strings reworded in place carry their translations")
	fs.BoolVar(&f.all, "all", "with --update in a package, add the strings the base language's file translates too")
	fs.StringVar(&f.poLang, "po", "LANG", langsHere, "write a gettext PO file for this language")
	fs.StringVar(&f.schemaLang, "schema", "LANG", langsHere, "write a JSON Schema of this language's locale file, for editors")
	fs.BoolVar(&f.vscode, "vscode", "with --schema, write VS Code settings (.vscode/settings.json) that give the schema to the locale files")
	fs.BoolVar(&f.pot, "pot", "write the gettext PO template (.pot): every display string, nothing translated")
	fs.StringVar(&f.fromPO, "from-po", "FILE", files, "merge this PO file's translations into the locale file of its Language header")
	fs.StringVar(&f.out, "out", "FILE", files, "with --new, --update, --po or --from-po: write to this new file instead of stdout")
	fs.BoolVar(&f.write, "w", "with --new, --update or --from-po: write into the ruleset's own locale file, and refresh its listing")
	return f
}

// active tells whether the flags ask for one of the writing commands, or
// for one of their flags (which then needs one).
func (f *authorFlags) active(fs *flagSet) bool {
	set := fs.given()
	for _, name := range []string{"new", "update", "po", "pot", "schema", "vscode", "from-po", "prune", "carry", "all", "since", "out", "w"} {
		if set[name] {
			return true
		}
	}
	return false
}

// runI18nAuthor runs `rulebench i18n --new | --update | --po | --from-po`
// on PATH p, once the flags are parsed.
func runI18nAuthor(fs *flagSet, f *authorFlags, p string, stdout, stderr io.Writer) int {
	if msg := f.check(fs); msg != "" {
		return fs.usageError("%s", msg)
	}
	lang := ""
	for _, l := range []struct{ flag, value string }{{"new", f.newLang}, {"update", f.updateLang}, {"po", f.poLang}, {"schema", f.schemaLang}} {
		if l.value == "" || (l.flag == "schema" && l.value == "all") {
			continue
		}
		canon, err := i18n.Canonical(l.value)
		if err != nil {
			return fs.usageError("--%s %s: %v", l.flag, l.value, err)
		}
		if l.flag == "po" && canon == "en" {
			return fs.usageError("--po en: English is the ruleset's own language, with nothing to translate; --pot writes the template to start a language from")
		}
		lang = canon
	}
	ws, code, ok := loadPath(p, stderr)
	if !ok {
		return code
	}
	if ws.Ruleset == nil {
		// Without the ruleset there are no display strings to write.
		ds := append([]model.Diagnostic(nil), ws.Diagnostics...)
		model.SortDiagnostics(ds)
		writeDiagnostics(stderr, ds)
		complain(stderr, "rulebench i18n: the ruleset of %s could not be read, so nothing was written", p)
		return exitFindings
	}
	if ws.Kind == model.SingleFile && f.writesLocale() {
		complain(stderr, "rulebench i18n: %s", bareFileRefusal(p))
		return exitUsage
	}
	a, whole := analyse(ws, analysis.Options{}, stderr)
	if !whole || a.Translations == nil {
		return exitUsage
	}
	w := authorWriter{ws: ws, a: a, r: a.Translations, flags: *f, stdout: stdout, stderr: stderr}
	if f.since != "" {
		old, code, ok := loadPath(f.since, stderr)
		if !ok {
			return code
		}
		if old.Ruleset == nil {
			complain(stderr, "rulebench i18n: --since %s: its ruleset could not be read, so nothing was written", f.since)
			return exitUsage
		}
		w.since = i18n.RenamedSince(old, i18n.Analyze(old), ws, a.Translations)
	}
	switch {
	case f.newLang != "":
		return w.newLocale(lang)
	case f.updateLang != "":
		return w.update(lang)
	case f.poLang != "" || f.pot:
		return w.po(lang)
	case f.schemaLang != "":
		return w.schema(lang)
	default:
		return w.fromPOFile()
	}
}

// writesLocale tells whether the flags ask for a locale file (--new,
// --update, --from-po), which a ruleset file on its own has no place for.
func (f *authorFlags) writesLocale() bool {
	return f.newLang != "" || f.updateLang != "" || f.fromPO != "" || f.schemaLang != ""
}

// bareFileRefusal is the one sentence a writer of locale files gives for
// a ruleset file on its own (decisions §7): it has no place for
// translations, and the two ways that have one.
func bareFileRefusal(name string) string {
	return sprintf("%s is a ruleset file on its own, which has no place for translations, so nothing was written: "+
		"make it a package with `rulebench new --from %s DIR` and translate the package, "+
		"or publish it as a catalog artifact with language packs beside it (`rulebench pack`)", name, name)
}

// check says what is wrong with the combination of flags, "" when nothing.
func (f *authorFlags) check(fs *flagSet) string {
	modes := 0
	for _, v := range []string{f.newLang, f.updateLang, f.poLang, f.fromPO, f.schemaLang} {
		if v != "" {
			modes++
		}
	}
	if f.pot {
		modes++
	}
	set := fs.given()
	for _, name := range []string{"new", "update", "po", "schema", "from-po", "since", "out"} {
		if set[name] && fs.set.Lookup(name).Value.String() == "" {
			return "--" + name + " needs a value"
		}
	}
	switch {
	case modes != 1:
		return "give one of --new, --update, --po, --pot, --schema and --from-po"
	case f.prune && f.updateLang == "":
		return "--prune goes with --update"
	case (f.carry || f.all) && f.updateLang == "":
		return "--carry and --all go with --update"
	case f.since != "" && f.updateLang == "" && f.poLang == "":
		return "--since goes with --update or --po"
	case f.out != "" && f.write:
		return "give --out FILE or -w, not both"
	case (f.poLang != "" || f.pot) && f.write:
		return "--po and --pot write a PO file to stdout or --out FILE; -w is for locale files"
	case f.vscode && f.schemaLang == "":
		return "--vscode goes with --schema"
	case f.schemaLang != "" && f.write:
		return "--schema writes the schema to stdout or --out FILE; -w is for locale files"
	case set["lang"] || set["engine-lang"] || set["entry"] || set["json"] || set["format"] || set["only"]:
		return "--lang, --engine-lang, --entry, --format and --json go with the coverage listing, not with --new, --update, --po or --from-po"
	}
	return ""
}

// authorWriter carries what the writing commands share: the workspace,
// its translation report, the flags and the outputs.
type authorWriter struct {
	ws     *model.Workspace
	a      *analysis.Result
	r      *i18n.Report
	flags  authorFlags
	stdout io.Writer
	stderr io.Writer
	// since maps the strings of --since OLD that the ruleset reworded in
	// place to their current text (i18n.RenamedSince).
	since map[string]string
}

func (w *authorWriter) notef(format string, args ...any) {
	fmt.Fprintln(w.stderr, sprintf(format, args...))
}

// newLocale runs --new.
func (w *authorWriter) newLocale(lang string) int {
	data, err := i18n.NewLocale(w.ws, w.r, lang)
	if err != nil {
		complain(w.stderr, "rulebench i18n: --new %s: %v", lang, err)
		return exitUsage
	}
	if w.flags.write {
		if l := w.r.Locale(lang); l != nil {
			complain(w.stderr, "rulebench i18n: %s already has a locale file, %s; refusing to overwrite it (--update %s brings it up to date)",
				lang, l.Name(), lang)
			return exitUsage
		}
	}
	if lang == "en" {
		w.notef("en: the package's English introduction, with no ruleset section (the ruleset is already English)")
	} else {
		w.notef("%s: %s, all untranslated", lang, plural(len(w.r.Strings()), "display string"))
	}
	return w.deliver(lang, i18n.LocaleTarget(w.ws, w.r, lang), nil, data)
}

// update runs --update.
func (w *authorWriter) update(lang string) int {
	opts := i18n.UpdateOptions{Prune: w.flags.prune, TakeNearest: w.flags.carry, All: w.flags.all}
	opts.Carries = i18n.Carries(w.r, lang, w.renamedKeys(lang))
	u, err := i18n.UpdateLocale(w.r, lang, opts)
	if err != nil {
		complain(w.stderr, "rulebench i18n: --update %s: %v", lang, err)
		return exitUsage
	}
	l := w.r.Locale(lang)
	for _, s := range u.Stale {
		line := fmt.Sprintf("%s:%d:%d: stale key %q matches no display string", l.Name(), s.Node.KeyPos().Line, s.Node.KeyPos().Column, s.English)
		if s.Nearest != "" {
			line += fmt.Sprintf("; the nearest current string is %q", s.Nearest)
		}
		if u.Pruned {
			if k, ok := l.Lookup(s.English); ok && k.Text && k.Value != "" {
				line += fmt.Sprintf(" (removed, with its translation %q)", k.Value)
			} else {
				line += " (removed)"
			}
		}
		w.notef("%s", line)
	}
	for _, c := range u.Carried {
		why := "the ruleset's migrations rename it"
		if to, ok := w.since[c.From]; ok && to == c.String {
			why = sprintf("%s has it at the same place", w.flags.since)
		}
		if !c.Renamed {
			why = "the nearest stale key, taken with --carry: review it"
		}
		w.notef("%s: %q carries the translation of %q (%s): %q", l.Name(), c.String, c.From, why, c.Translation)
	}
	for _, c := range u.Proposed {
		w.notef("%s: %q is left untranslated; the nearest stale key %q was translated %q (--carry writes it, to review)", l.Name(), c.String, c.From, c.Translation)
	}
	summary := fmt.Sprintf("%s: %s added", l.Name(), plural(len(u.Added), "string"))
	if n := len(u.Carried); n > 0 {
		summary += fmt.Sprintf(" (%d with a carried translation)", n)
	}
	if n := len(u.Proposed); n > 0 {
		summary += fmt.Sprintf(", %s proposed (--carry writes them)", plural(n, "translation"))
	}
	if u.LeftToBase > 0 {
		if view, err := w.r.Language(lang); err == nil && view.BaseLocale != nil {
			summary += fmt.Sprintf(", %s left to %s, which translates them (--all adds them)", plural(u.LeftToBase, "string"), view.BaseLocale.Name())
		}
	}
	if len(u.Stale) > 0 {
		if u.Pruned {
			summary += fmt.Sprintf(", %s removed", plural(len(u.Stale), "stale key"))
		} else {
			summary += fmt.Sprintf(", %s kept (--prune removes them)", plural(len(u.Stale), "stale key"))
		}
	}
	w.notef("%s", summary)
	return w.deliver(lang, l.Name(), l.File.Data, u.Data)
}

// deliver sends a locale file where the flags say: stdout, a new --out
// file, or (-w) the target in the ruleset's files, with its listing in the
// manifest or catalog entry refreshed. old is the target's bytes as read,
// nil when the target is new.
func (w *authorWriter) deliver(lang, target string, old, data []byte) int {
	switch {
	case w.flags.out != "":
		if err := writeNew(w.flags.out, data, w.inputs(), "rulebench i18n", w.stderr); err != nil {
			complain(w.stderr, "rulebench i18n: %v", err)
			return exitUsage
		}
		printf(w.stdout, "%s\n", w.flags.out)
		return exitOK
	case !w.flags.write:
		// Printed, the file must not drive a terminal: the controls the
		// screen makes visible are written as \u escapes (the same JSON),
		// while --out and -w keep the file's own bytes.
		w.stdout.Write(terminalSafeJSON(data))
		return exitOK
	}
	writes := []atomicfile.Change{{Name: target, Old: old, Data: data}}
	listing, err := refreshListing(w.a, lang, target, data)
	if err != nil {
		complain(w.stderr, "rulebench i18n: %v", err)
		return exitUsage
	}
	if listing != nil {
		writes = append(writes, *listing)
	}
	written, err := writeInPlace(w.ws, writes, "rulebench i18n", w.stderr)
	for _, name := range written {
		printf(w.stdout, "%s\n", name)
	}
	if err != nil {
		complain(w.stderr, "rulebench i18n: %v", err)
		return exitUsage
	}
	w.noteUnlistedPack(lang, target, data)
	return exitOK
}

// noteUnlistedPack says, for a language pack written beside a catalog
// artifact whose catalog entry does not list it, what the entry needs: the
// Engine fetches only listed packs, and the store card's name and
// description in the language are the author's to write.
func (w *authorWriter) noteUnlistedPack(lang, target string, data []byte) {
	e := w.a.Entry
	if w.ws.Kind != model.Artifact || e == nil {
		return
	}
	for _, p := range e.Packs {
		if p.Lang == lang {
			return
		}
	}
	sum := sha256.Sum256(data)
	url := "<the artifact's folder>/" + path.Base(target)
	if u := e.Artifact.URL; u != "" {
		url = u[:strings.LastIndex(u, "/")+1] + path.Base(target)
	}
	w.notef("%s does not list the %s pack, so the Engine never fetches it; add to its locales: %q: {\"url\": %q, \"sha256\": %q, \"bytes\": %d, \"name\": \"<the name in %s>\", \"description\": \"<the description in %s>\"}",
		e.File, lang, lang, url, hex.EncodeToString(sum[:]), len(data), lang, lang)
}

// inputs are the files read for the workspace: what --out never writes
// over.
func (w *authorWriter) inputs() []string {
	var in []string
	for name := range w.ws.Files {
		in = append(in, name)
	}
	for _, s := range w.ws.Saves {
		in = append(in, s.File)
	}
	in = append(in, w.ws.Path)
	if w.flags.fromPO != "" {
		in = append(in, w.flags.fromPO)
	}
	return in
}

// refreshListing works out the listing file's change for a locale file
// about to become data: in a package, the manifest's files[] item for it
// gets its sha256 and size (the item is added when the manifest lists no
// such file) and capabilityApi.minor is raised to what the package needs
// with it; beside a catalog artifact, the catalog entry's listing of the
// pack (when it lists one) gets its sha256 and size. nil when there is no
// listing file.
func refreshListing(a *analysis.Result, lang, target string, data []byte) (*atomicfile.Change, error) {
	ws := a.Workspace
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	var file *model.File
	var edits []model.Edit
	var err error
	switch ws.Kind {
	case model.Package:
		if ws.Manifest == nil {
			return nil, nil
		}
		file = ws.Files[path.Join(ws.Path, "manifest.json")]
		if file == nil {
			return nil, nil
		}
		edits, err = manifestEdits(ws, file.Data, relativeTo(ws.Path, target), sha, len(data), a.Capability, localeHasRuleset(target, data))
	case model.Artifact:
		entry := a.Entry
		if entry == nil || ws.Files[entry.File] == nil {
			return nil, nil
		}
		file = ws.Files[entry.File]
		for _, p := range entry.Packs {
			if p.Lang == lang && p.Node != nil && p.Node.Kind == model.Object {
				edits, err = listingEdits(file.Data, p.Node, sha, len(data), false)
			}
		}
	default:
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file.Name, err)
	}
	out, err := model.Apply(file.Data, edits)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file.Name, err)
	}
	return &atomicfile.Change{Name: file.Name, Old: file.Data, Data: out}, nil
}

// localeHasRuleset tells whether locale bytes have a ruleset section (and
// so need Capability API 1.811 in a package).
func localeHasRuleset(name string, data []byte) bool {
	root, _ := model.Parse(name, data)
	return root != nil && root.Kind == model.Object && root.Get("ruleset") != nil
}

// translationsMinor is the Capability API minor that translations in a
// package need.
const translationsMinor = 811

// manifestEdits are the edits of a manifest that list rel with the given
// checksum and size and raise capabilityApi.minor to what the package
// needs: need, what the files as read need, or 811 when the file written
// translates.
func manifestEdits(ws *model.Workspace, data []byte, rel, sha string, size, need int, translates bool) ([]model.Edit, error) {
	var edits []model.Edit
	found := false
	for _, mf := range ws.Manifest.Files {
		if mf.Path == rel && mf.Node != nil && mf.Node.Kind == model.Object {
			e, err := listingEdits(data, mf.Node, sha, size, true)
			if err != nil {
				return nil, err
			}
			edits = append(edits, e...)
			found = true
		}
	}
	if !found {
		files := ws.Manifest.Node.Get("files")
		if files == nil || files.Kind != model.Array {
			return nil, fmt.Errorf("the manifest has no files list to list %s in", rel)
		}
		item, err := newListing(data, files, rel, sha, size)
		if err != nil {
			return nil, err
		}
		e, err := model.AppendItem(data, files, []any{model.RawJSON(item)})
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	if translates {
		need = max(need, translationsMinor)
	}
	if n, ok := ws.Manifest.Node.Find("capabilityApi.minor"); ok && ws.Manifest.HasCapability && n.Kind == model.Number && n.Num() < float64(need) {
		e, err := model.ReplaceValue(data, n, need)
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	return edits, nil
}

// listingEdits make a listing's sha256 and bytes those given, where they
// are present with the right type. In a manifest an empty sha256 asks for
// no check and stays empty.
func listingEdits(data []byte, listing *model.Node, sha string, size int, manifest bool) ([]model.Edit, error) {
	var edits []model.Edit
	if n := listing.Get("bytes"); n != nil && n.Kind == model.Number && n.Num() != float64(size) {
		e, err := model.ReplaceValue(data, n, size)
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	if n := listing.Get("sha256"); n != nil && n.Kind == model.String && n.Str() != sha && (n.Str() != "" || !manifest) {
		e, err := model.ReplaceValue(data, n, sha)
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	return edits, nil
}

// newListing writes a manifest files[] item for rel, laid out like the
// last item of the list when that one has path, sha256 and bytes (its text
// with those three values replaced), otherwise on one line.
func newListing(data []byte, files *model.Node, rel, sha string, size int) (string, error) {
	compact := func() (string, error) {
		p, err := model.Encode(rel)
		return fmt.Sprintf(`{"path": %s, "sha256": "%s", "bytes": %d}`, p, sha, size), err
	}
	if len(files.Children()) == 0 {
		return compact()
	}
	last := files.Children()[len(files.Children())-1]
	p, s, b := last.Get("path"), last.Get("sha256"), last.Get("bytes")
	if last.Kind != model.Object || len(last.Children()) != 3 || p == nil || p.Kind != model.String || s == nil || s.Kind != model.String || b == nil || b.Kind != model.Number {
		return compact()
	}
	start := last.Pos().Offset
	end, err := model.ValueEnd(data, start)
	if err != nil {
		return "", err
	}
	var edits []model.Edit
	for _, change := range []struct {
		n *model.Node
		v any
	}{{p, rel}, {s, sha}, {b, size}} {
		e, err := model.ReplaceValue(data, change.n, change.v)
		if err != nil {
			return "", err
		}
		e.Start -= start
		e.End -= start
		edits = append(edits, e)
	}
	out, err := model.Apply(data[start:end], edits)
	return string(out), err
}

// relativeTo returns name relative to the folder dir, with slashes: the
// form of a manifest's files[] paths.
func relativeTo(dir, name string) string {
	dir, name = path.Clean(dir), path.Clean(name)
	if dir == "." {
		return name
	}
	return strings.TrimPrefix(name, dir+"/")
}

// schema runs --schema.
func (w *authorWriter) schema(lang string) int {
	data, err := i18n.LocaleSchema(w.ws, w.r, lang)
	if err == nil && w.flags.vscode {
		data, err = i18n.VSCodeSettings(w.ws, w.r, lang, data)
	}
	if err != nil {
		complain(w.stderr, "rulebench i18n: --schema %s: %v", w.flags.schemaLang, err)
		return exitUsage
	}
	of := i18n.LocaleTarget(w.ws, w.r, lang)
	if lang == "" {
		of = "every language's locale file"
	}
	what := "a JSON Schema"
	if w.flags.vscode {
		what = "VS Code settings with a JSON Schema"
	}
	w.notef("%s of %s with %s", what, of, plural(len(w.r.Strings()), "display string"))
	if w.flags.out == "" {
		w.stdout.Write(terminalSafeJSON(data))
		return exitOK
	}
	return w.deliver(lang, "", nil, data)
}

// now is the clock of the PO headers' dates; tests set it.
var now = time.Now

// po runs --po and --pot.
func (w *authorWriter) po(lang string) int {
	opts := i18n.POOptions{Now: now().UTC(), Template: w.flags.pot}
	if !opts.Template {
		opts.Carries = i18n.Carries(w.r, lang, w.renamedKeys(lang))
	}
	po, notes := i18n.BuildPO(w.ws, w.r, lang, opts)
	for _, n := range notes {
		w.notef("%s", n)
	}
	if opts.Template {
		w.notef("the template: %d PO entries, none translated", len(po.Entries))
	} else {
		line := fmt.Sprintf("%s: %d PO entries, %d translated in its own file", lang, len(po.Entries), countTranslated(po)-len(opts.Carries))
		if n := len(opts.Carries); n > 0 {
			sure := 0
			for _, c := range opts.Carries {
				if c.Renamed {
					sure++
				}
			}
			line += fmt.Sprintf(", %d carried across a rename, %d proposed from the nearest stale key (fuzzy, to review)", sure, n-sure)
		}
		if n := len(po.Obsolete); n > 0 {
			line += fmt.Sprintf(", %s kept as obsolete (#~)", plural(n, "stale translation"))
		}
		w.notef("%s", line)
	}
	data := po.Bytes()
	if w.flags.out == "" {
		w.stdout.Write(data)
		return exitOK
	}
	return w.deliver(lang, "", nil, data)
}

func countTranslated(po *i18n.PO) int {
	n := 0
	for _, e := range po.Entries {
		if e.Translation() != "" {
			n++
		}
	}
	return n
}

// fromPOFile runs --from-po.
func (w *authorWriter) fromPOFile() int {
	name := w.flags.fromPO
	data, err := readBounded(name, i18n.MaxPOBytes)
	if err != nil {
		complain(w.stderr, "rulebench i18n: cannot read %s: %v", name, err)
		return exitUsage
	}
	po, ds := i18n.ReadPO(name, data)
	if model.HasErrors(ds) {
		writeDiagnostics(w.stderr, ds)
		complain(w.stderr, "rulebench i18n: %s is not a PO file rulebench can read; nothing was written", name)
		return exitFindings
	}
	m, err := i18n.MergePO(w.ws, w.r, po, name)
	if err != nil {
		complain(w.stderr, "rulebench i18n: %v", err.Error())
		return exitFindings
	}
	ds = append(ds, m.Findings...)
	writeDiagnostics(w.stderr, ds)
	verb, target := "merged into", m.Target
	if m.Old == nil {
		verb = "merged into a new"
	}
	if w.flags.out != "" {
		// --out writes a new file and leaves the ruleset's own untouched.
		verb, target = "merged into", w.flags.out
		if m.Old != nil {
			target += " (" + m.Target + " as read, with the PO's translations; " + m.Target + " itself is not changed)"
		} else {
			target += " (a new " + m.Lang + " locale file; nothing is written into the ruleset's files)"
		}
	} else if !w.flags.write {
		verb, target = "merged into", "stdout"
		if m.Old != nil {
			target += " (" + m.Target + " with the PO's translations; -w writes it there)"
		}
	}
	line := fmt.Sprintf("%s: %s %s %s", name, plural(m.Written, "value"), verb, target)
	if m.Restored > 0 {
		line += fmt.Sprintf("; %d of them brought back from obsolete (#~) messages", m.Restored)
	}
	w.notef("%s", line)
	return w.deliver(m.Lang, m.Target, m.Old, m.Data)
}

// readBounded reads a file of at most limit bytes; a larger one is
// refused unread.
func readBounded(name string, limit int64) ([]byte, error) {
	f, err := model.OpenRegular(name)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("it is over %d MiB, refused unread", limit>>20)
	}
	return data, nil
}

// filterDoc keeps, in each language's detail of an i18n document, only the
// strings and stale keys the filter lists.
func (f stateFilter) filterDoc(doc *report.I18n) *report.I18n {
	if f == nil {
		return doc
	}
	for i := range doc.Languages {
		l := &doc.Languages[i]
		if l.Detail != nil {
			l.Detail = slices.DeleteFunc(l.Detail, func(s report.I18nString) bool { return !f.shows(s.State) })
		}
		if !f.showsStale() {
			l.StaleKeys = nil
		}
	}
	return doc
}

// stateFilter is what `i18n --lang TAG --only STATES` lists: the states
// named, and whether stale keys are. nil lists everything.
type stateFilter map[string]bool

// onlyStates are the words --only takes, in the order the help gives them:
// the states, and "untranslated", the workbench's name for missing and
// empty together.
var onlyStates = []string{"missing", "empty", "via-base", "translated", "stale", "untranslated"}

// parseOnly reads the value of --only; nil for "".
func parseOnly(v string) (stateFilter, error) {
	if v == "" {
		return nil, nil
	}
	f := stateFilter{}
	for _, w := range strings.Split(v, ",") {
		w = strings.ToLower(strings.TrimSpace(w))
		if w == "via base" || w == "viabase" {
			w = "via-base"
		}
		if !slices.Contains(onlyStates, w) {
			return nil, fmt.Errorf("%q is not a state; the states are %s (untranslated: missing and empty)", w, strings.Join(onlyStates[:len(onlyStates)-1], ", "))
		}
		if w == "untranslated" {
			f["missing"], f["empty"] = true, true
			continue
		}
		f[w] = true
	}
	return f, nil
}

// shows tells whether strings in state st are listed.
func (f stateFilter) shows(st i18n.State) bool {
	return f == nil || f[strings.ReplaceAll(st.String(), " ", "-")]
}

// showsStale tells whether stale keys are listed.
func (f stateFilter) showsStale() bool { return f == nil || f["stale"] }

// renamedKeys maps each stale key of lang's locale file that the
// ruleset's migrations rename (migrate.RenameOfKey: the key spells the
// renamed id) to the current label of the id it becomes, when that label
// is a display string; then, for the rest, each that --since OLD has at
// the place of a current string.
func (w *authorWriter) renamedKeys(lang string) map[string]string {
	view, err := w.r.Language(lang)
	if err != nil || len(view.Stale) == 0 {
		return nil
	}
	renames := migrate.Renames(w.ws.Ruleset)
	out := map[string]string{}
	for _, k := range view.Stale {
		if rn, ok := migrate.RenameOfKey(renames, k.English); ok {
			if _, current := w.r.Index(rn.Label); current {
				out[k.English] = rn.Label
				continue
			}
		}
		if to, ok := w.since[k.English]; ok {
			out[k.English] = to
		}
	}
	return out
}
