package model

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// RootPath is the path of the top of a document.
const RootPath = "(root)"

// Severity says how bad a finding is.
type Severity int

// The severities, mildest first.
const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	}
	return "error"
}

// MarshalText writes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity from its name, so that documents
// rulebench wrote can be read back.
func (s *Severity) UnmarshalText(b []byte) error {
	for _, v := range []Severity{Info, Warning, Error} {
		if v.String() == string(b) {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("unknown severity %q", b)
}

// Diagnostic is one finding about an input file, shared by every package:
// what is wrong (Code, Message), how bad (Severity), and where: the JSON path
// and the line and column where the offending value starts.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// Category is the part of rulebench that made the finding.
	Category Category `json:"category"`
	Code     Code     `json:"code"`
	Path     string   `json:"path"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Message  string   `json:"message"`
	// Fix is the change of the files that mends the finding, nil when it
	// has none: the analysis attaches it (analysis.Run), and `rulebench
	// fix` makes exactly the fixes the findings carry. In JSON a finding
	// with a fix also says "fixable": true (see MarshalJSON).
	Fix *Fix `json:"fix,omitempty"`
}

// Fixable tells whether the finding carries a fix.
func (d Diagnostic) Fixable() bool { return d.Fix != nil }

// MarshalJSON writes the finding with its fields' JSON names, and
// "fixable": true before "fix" when it carries a fix: the one flag
// programs read is worked out from Fix, never kept beside it.
//
// A file name that is not UTF-8 is written with those bytes as \xNN (see
// UTF8Name), so that two such names stay two in the document.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	type plain Diagnostic // without the method, so no recursion
	d.File = UTF8Name(d.File)
	return json.Marshal(struct {
		plain
		Fixable bool `json:"fixable,omitempty"`
		Fix     *Fix `json:"fix,omitempty"` // after fixable: shadows plain's
	}{plain(d), d.Fixable(), d.Fix})
}

// UTF8Name returns a name with every byte that is not UTF-8 written as
// \xNN, for places that hold only UTF-8 text (JSON documents), where such
// a byte would otherwise become U+FFFD and two names could read the same.
// A name that is UTF-8 comes back as it is.
func UTF8Name(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, `\x%02x`, name[i])
		} else {
			b.WriteString(name[i : i+size])
		}
		i += size
	}
	return b.String()
}

// String formats the finding the way compilers do:
// file:line:column: severity: path: message.
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s: %s", d.File, d.Line, d.Column, d.Severity, d.Path, d.Message)
}

// Errorf makes an error finding at a path, without a position yet; Locate
// fills in the line and column.
func Errorf(file, path string, code Code, format string, args ...any) Diagnostic {
	trace(code)
	return Diagnostic{Severity: Error, Code: code, File: file, Path: path, Message: message(format, args...)}
}

// Warnf makes a warning finding at a path, without a position yet.
func Warnf(file, path string, code Code, format string, args ...any) Diagnostic {
	d := Errorf(file, path, code, format, args...)
	d.Severity = Warning
	return d
}

// At makes a finding at a node: its path, line and column.
func At(sev Severity, file string, n *Node, code Code, format string, args ...any) Diagnostic {
	trace(code)
	d := Diagnostic{Severity: sev, Code: code, File: file, Path: ShortPath(n.Path()), Message: message(format, args...)}
	if n != nil {
		d.Line, d.Column = n.Pos().Line, n.Pos().Column
	}
	return d
}

// Locate fills in the line and column of a finding from its path in root.
// A path that leads past the document (a missing key) points at the nearest
// value that exists.
func Locate(d *Diagnostic, root *Node) {
	if d.Line == 0 && root != nil {
		n, _ := root.Find(d.Path)
		d.Line, d.Column = n.Pos().Line, n.Pos().Column
	}
	d.Path = ShortPath(d.Path) // found with the whole path; shown short
}

// HasErrors tells whether any finding is an error.
func HasErrors(ds []Diagnostic) bool {
	return slices.ContainsFunc(ds, func(d Diagnostic) bool { return d.Severity == Error })
}

// Count returns how many findings have the given severity.
func Count(ds []Diagnostic, sev Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == sev {
			n++
		}
	}
	return n
}

// SortDiagnostics orders findings by file, then position, keeping the order
// of findings at the same place.
func SortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
}
