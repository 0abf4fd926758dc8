package model

import "fmt"

// Code names one kind of finding ("unknown-key", "manifest-sha256"). Every
// code is declared once, as a named constant with a one-line doc comment, in
// the package that reports it; the analysis package gathers them into the
// registry that `rulebench explain` and the SARIF rule list are built from.
type Code string

// Category says which part of rulebench made a finding. Commands select
// findings by category, never by file name or code.
type Category uint8

// The categories, in the order a check runs them.
const (
	// Reading: a file that could not be read, parsed or found.
	Reading Category = iota
	// Format: the shape and cross-references of a ruleset, catalog or manifest.
	Format
	// Layers: the import checks of layers.
	Layers
	// Capability: the Capability API a package declares against what it needs.
	Capability
	// Translations: locale files, language packs and catalog entries.
	Translations
	// Migrations: the import checks of sheet.migrations.
	Migrations
	// Saves: what reading or rehearsing a sample save found.
	Saves
	// Packaging: a package's manifest, its keys and its listing of the
	// package's files (the listing of locale files is Translations).
	Packaging
)

var categoryNames = [...]string{"reading", "format", "layers", "capability", "translations", "migrations", "saves", "packaging"}

// String names the category in lower case ("format").
func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "unknown"
}

// MarshalText writes the category as its name.
func (c Category) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a category from its name, so that documents
// rulebench wrote can be read back.
func (c *Category) UnmarshalText(b []byte) error {
	for i, name := range categoryNames {
		if name == string(b) {
			*c = Category(i)
			return nil
		}
	}
	return fmt.Errorf("unknown category %q", b)
}

// InCategory gives every finding of ds the category c, and returns ds: for
// the checks that make their findings with At, Errorf or Warnf and name
// their category once, where they return them.
func InCategory(c Category, ds []Diagnostic) []Diagnostic {
	for i := range ds {
		ds[i].Category = c
		trace(ds[i].Code)
	}
	return ds
}

// Reporter makes findings about one file at the moment a check finds them,
// with their category, path, line and column. The zero Reporter is not
// usable; make one with NewReporter.
type Reporter struct {
	file     string
	root     *Node
	category Category
	diags    []Diagnostic
}

// NewReporter returns a reporter for findings of one category about file,
// whose parsed document is root (nil when the file has none; findings by
// path are then placed at 1:1).
func NewReporter(file string, root *Node, category Category) *Reporter {
	return &Reporter{file: file, root: root, category: category}
}

// File is the file the reporter reports about.
func (r *Reporter) File() string { return r.file }

// Diagnostics returns every finding reported so far, in the order reported.
func (r *Reporter) Diagnostics() []Diagnostic { return r.diags }

// Add appends findings made elsewhere (a decoder's), giving each this
// reporter's category where it has none of its own.
func (r *Reporter) Add(ds ...Diagnostic) {
	for _, d := range ds {
		trace(d.Code)
	}
	r.diags = append(r.diags, ds...)
}

// At reports a finding at a value: its path, line and column. A nil node
// stands for the top of the document.
func (r *Reporter) At(sev Severity, n *Node, code Code, format string, args ...any) {
	d := Diagnostic{Severity: sev, Category: r.category, Code: code, File: r.file, Path: RootPath, Message: message(format, args...)}
	if n == nil {
		n = r.root
	}
	if n != nil {
		d.Path, d.Line, d.Column = ShortPath(n.Path()), n.Pos().Line, n.Pos().Column
	}
	trace(code)
	r.diags = append(r.diags, d)
}

// Errorf reports an error at a value.
func (r *Reporter) Errorf(n *Node, code Code, format string, args ...any) {
	r.At(Error, n, code, format, args...)
}

// Warnf reports a warning at a value.
func (r *Reporter) Warnf(n *Node, code Code, format string, args ...any) {
	r.At(Warning, n, code, format, args...)
}

// AtKey reports a finding about a member's key (an unknown or misplaced
// key): at the path of the object holding it, as the Engine reports it, and
// at the position of the key itself.
func (r *Reporter) AtKey(sev Severity, member *Node, code Code, format string, args ...any) {
	d := Diagnostic{Severity: sev, Category: r.category, Code: code, File: r.file, Path: RootPath,
		Line: member.KeyPos().Line, Column: member.KeyPos().Column, Message: message(format, args...)}
	if member.Parent() != nil {
		d.Path = ShortPath(member.Parent().Path())
	}
	trace(code)
	r.diags = append(r.diags, d)
}

// AtPath reports a finding at a JSON path, placed at the value the path
// leads to, or at the nearest one that exists (a missing key is placed at
// the object that lacks it).
func (r *Reporter) AtPath(sev Severity, path string, code Code, format string, args ...any) {
	d := Diagnostic{Severity: sev, Category: r.category, Code: code, File: r.file, Path: ShortPath(path), Line: 1, Column: 1, Message: message(format, args...)}
	if r.root != nil {
		n, _ := r.root.Find(path)
		d.Line, d.Column = n.Pos().Line, n.Pos().Column
	}
	trace(code)
	r.diags = append(r.diags, d)
}

// MaxFileFindings is the most findings of one kind of check on one file
// that are listed (reading it, its format checks, or the translations in
// it); past it they are
// counted, and one more finding says how many were left out.
const MaxFileFindings = 1000

// LeftOut counts the findings about one file past MaxFileFindings, which
// are not made. The zero LeftOut counts none.
type LeftOut struct {
	n     int
	worst Severity
}

// Room tells whether a finding of severity sev is to be made, given that
// listed are made already; when it is not, it is counted.
func (l *LeftOut) Room(listed int, sev Severity) bool {
	if listed < MaxFileFindings {
		return true
	}
	if l.n == 0 || sev > l.worst {
		l.worst = sev
	}
	l.n++
	return false
}

// Add counts n more findings of severity sev as left out, as Room does one
// at a time when there is no room: for a check that knows how many it
// would make past the room, without making them.
func (l *LeftOut) Add(n int, sev Severity) {
	if n <= 0 {
		return
	}
	if l.n == 0 || sev > l.worst {
		l.worst = sev
	}
	l.n += n
}

// Close returns ds with, when findings were left out, one more about file
// that counts them, with the severity of the worst of them.
func (l *LeftOut) Close(file string, ds []Diagnostic) []Diagnostic {
	if l.n == 0 {
		return ds
	}
	trace(CodeTooManyFindings)
	return append(ds, Diagnostic{Severity: l.worst, Code: CodeTooManyFindings, File: file, Path: RootPath, Line: 1, Column: 1,
		Message: fmt.Sprintf("%d more findings in this file are not listed (at most %d are)", l.n, MaxFileFindings)})
}
