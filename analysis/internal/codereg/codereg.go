// Package codereg reads the finding codes declared in the module's source
// and writes the table of them that package analysis serves as its code
// registry (registry_gen.go) and the rules reference (docs/rules.md). A
// code is a constant of type model.Code with a string value and a doc
// comment whose first paragraph is one line, "CodeName: what it means.",
// and whose later paragraphs, when present, are
//
//	Why: why the Engine, or the spec, refuses such a file (or, for a
//	warning, what goes wrong if it is kept).
//
//	Fix: what to change, with a short example.
//
// each of which may wrap over several lines. The doc comment of a const
// group may fix the category of every code in the group with the directive
// line
//
//	//rulebench:category NAME
//
// where NAME is a model.Category's name (format, layers, ...).
package codereg

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// Directive is the comment line that fixes the category of a const group.
const Directive = "//rulebench:category "

// Decl is one finding code as its package declares it.
type Decl struct {
	// Code is the code's text ("unknown-key").
	Code string
	// Name is the constant's name (CodeUnknownKey).
	Name string
	// Package is the import path of the declaring package; PkgName its name.
	Package, PkgName string
	// Summary is the doc comment after "Name: ": what the code means.
	Summary string
	// Why and Fix are the doc comment's "Why:" and "Fix:" paragraphs,
	// unwrapped to one line each; "" when the comment has none.
	Why, Fix string
	// Category is the name of the category fixed for the code's group, ""
	// when findings of the code may be of several.
	Category string
	// Pos is file:line of the declaration, for messages.
	Pos string
}

// Scan reads every non-test Go file of the module rooted at root (skipping
// testdata and hidden folders) and returns the codes declared, sorted by
// code. It fails, naming every problem, when a code has no one-line doc
// comment in the form "Name: ...", a group names an unknown category, or
// two constants declare the same code.
func Scan(root string) ([]Decl, error) {
	module, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	var decls []Decl
	var problems []string
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := module
		if rel != "." {
			pkg += "/" + filepath.ToSlash(rel)
		}
		ds, ps := fileDecls(fset, f, pkg)
		decls = append(decls, ds...)
		problems = append(problems, ps...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(decls, func(a, b Decl) int { return strings.Compare(a.Code, b.Code) })
	for i := 1; i < len(decls); i++ {
		if decls[i].Code == decls[i-1].Code {
			problems = append(problems, fmt.Sprintf("%s: %s declares %q, as %s.%s (%s) does: a code is declared once",
				decls[i].Pos, decls[i].Name, decls[i].Code, decls[i-1].PkgName, decls[i-1].Name, decls[i-1].Pos))
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, errors.New(strings.Join(problems, "\n"))
	}
	return decls, nil
}

// modulePath reads the module path from root/go.mod.
func modulePath(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", filepath.Join(root, "go.mod"))
}

// fileDecls lists the codes one file declares, and what is wrong with them.
func fileDecls(fset *token.FileSet, f *ast.File, pkg string) ([]Decl, []string) {
	var decls []Decl
	var problems []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		category, bad := groupCategory(g.Doc)
		if bad != "" {
			problems = append(problems, fmt.Sprintf("%s: %s", fset.Position(g.Pos()), bad))
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if !isCode(vs.Type, f.Name.Name) {
				continue
			}
			for i, id := range vs.Names {
				pos := fset.Position(id.Pos())
				at := fmt.Sprintf("%s:%d", filepath.ToSlash(pos.Filename), pos.Line)
				var lit *ast.BasicLit
				if i < len(vs.Values) {
					lit, _ = vs.Values[i].(*ast.BasicLit)
				}
				if lit == nil || lit.Kind != token.STRING {
					problems = append(problems, fmt.Sprintf("%s: %s: a code's value is a string literal", at, id.Name))
					continue
				}
				code, err := strconv.Unquote(lit.Value)
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s: %s: %v", at, id.Name, err))
					continue
				}
				doc := vs.Doc
				if doc == nil && !g.Lparen.IsValid() {
					doc = g.Doc // const CodeX Code = "x", alone
				}
				text, bad := docOf(doc, id.Name)
				if bad != "" {
					problems = append(problems, fmt.Sprintf("%s: %s: %s", at, id.Name, bad))
				}
				decls = append(decls, Decl{Code: code, Name: id.Name, Package: pkg, PkgName: f.Name.Name,
					Summary: text.summary, Why: text.why, Fix: text.fix, Category: category, Pos: at})
			}
		}
	}
	return decls, problems
}

// isCode tells whether a declared type is model.Code (Code inside model).
func isCode(t ast.Expr, pkgName string) bool {
	switch t := t.(type) {
	case *ast.Ident:
		return pkgName == "model" && t.Name == "Code"
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		return ok && x.Name == "model" && t.Sel.Name == "Code"
	}
	return false
}

// groupCategory reads the category directive of a const group's doc.
func groupCategory(doc *ast.CommentGroup) (string, string) {
	if doc == nil {
		return "", ""
	}
	for _, c := range doc.List {
		name, ok := strings.CutPrefix(c.Text, Directive)
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		if _, ok := CategoryOf(name); !ok {
			return "", fmt.Sprintf("%q is not a category (%s)", name, strings.Join(categoryNames(), ", "))
		}
		return name, ""
	}
	return "", ""
}

// docText is what a code's doc comment says.
type docText struct{ summary, why, fix string }

// docOf checks a code's doc comment: "Name: what it means." on one line,
// then optionally a "Why:" and a "Fix:" paragraph, in that order.
func docOf(doc *ast.CommentGroup, name string) (docText, string) {
	if doc == nil {
		return docText{}, "a code needs a one-line doc comment: // " + name + ": what it means"
	}
	paragraphs := strings.Split(strings.TrimSpace(doc.Text()), "\n\n")
	summary, ok := strings.CutPrefix(paragraphs[0], name+": ")
	switch {
	case !ok:
		return docText{}, "the doc comment starts with \"" + name + ": \""
	case strings.Contains(summary, "\n"):
		return docText{}, "the doc comment's first paragraph is one line"
	case strings.TrimSpace(summary) == "":
		return docText{}, "the doc comment says what the code means"
	}
	t := docText{summary: summary}
	for _, p := range paragraphs[1:] {
		p = strings.Join(strings.Fields(p), " ")
		switch {
		case strings.HasPrefix(p, "Why: ") && t.why == "" && t.fix == "":
			t.why = strings.TrimPrefix(p, "Why: ")
		case strings.HasPrefix(p, "Fix: ") && t.fix == "":
			t.fix = strings.TrimPrefix(p, "Fix: ")
		default:
			return docText{}, "after its first line, a code's doc comment has a \"Why: \" paragraph and then a \"Fix: \" paragraph, once each"
		}
	}
	return t, ""
}

// CategoryOf returns the category of a name ("format").
func CategoryOf(name string) (model.Category, bool) {
	for c := model.Category(0); c.String() != "unknown"; c++ {
		if c.String() == name {
			return c, true
		}
	}
	return 0, false
}

func categoryNames() []string {
	var out []string
	for c := model.Category(0); c.String() != "unknown"; c++ {
		out = append(out, c.String())
	}
	return out
}

// Render writes the registry table of package analysis for the codes, as
// gofmt lays it out. A code of package analysis is named by its constant,
// one of an importable package by package and constant, and one of package
// main, which nothing imports, by its text.
func Render(decls []Decl, module string) ([]byte, error) {
	imports := map[string]string{module + "/model": "model"}
	var rows bytes.Buffer
	for _, d := range decls {
		var ref string
		switch {
		case d.Package == module+"/analysis":
			ref = d.Name
		case d.PkgName == "main":
			ref = strconv.Quote(d.Code)
		default:
			imports[d.Package] = d.PkgName
			ref = d.PkgName + "." + d.Name
		}
		cat, fixed := "model.Category(0)", "false"
		if d.Category != "" {
			c, _ := CategoryOf(d.Category)
			cat, fixed = "model."+categoryConst(c), "true"
		}
		fmt.Fprintf(&rows, "\t{Code: %s, Name: %q, Package: %q, Summary: %q", ref, d.Name, d.Package, d.Summary)
		if d.Why != "" {
			fmt.Fprintf(&rows, ", Why: %q", d.Why)
		}
		if d.Fix != "" {
			fmt.Fprintf(&rows, ", Fix: %q", d.Fix)
		}
		if d.Category != "" {
			fmt.Fprintf(&rows, ", Category: %s, FixedCategory: %s", cat, fixed)
		}
		rows.WriteString("},\n")
	}
	paths := make([]string, 0, len(imports))
	for p := range imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	var b bytes.Buffer
	b.WriteString("// Code generated by go generate (analysis/internal/codereg/gen); DO NOT EDIT.\n\npackage analysis\n\nimport (\n")
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	b.WriteString(")\n\n// registry is every finding code declared in the module, sorted by code.\nvar registry = []CodeInfo{\n")
	b.Write(rows.Bytes())
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// categoryConst is the name of a category's constant in model (Format).
func categoryConst(c model.Category) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// Generate scans the module at root and renders its registry table.
func Generate(root string) ([]byte, error) {
	module, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	decls, err := Scan(root)
	if err != nil {
		return nil, err
	}
	return Render(decls, module)
}

// RenderDocs writes docs/rules.md, the reference of every finding code:
// what it means, why it is refused and how to fix it, sorted by code, as
// `rulebench explain CODE` prints it.
func RenderDocs(decls []Decl) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Generated by go generate ./analysis from the codes' doc comments; DO NOT EDIT. -->\n\n")
	b.WriteString("# Finding codes\n\n")
	b.WriteString("Every finding rulebench reports carries one of these codes, shown at the end of each text line\n")
	b.WriteString("(`[unknown-key]`), as `code` in `--json`, and as the rule id in SARIF. `rulebench explain CODE`\n")
	b.WriteString("prints the same entry in the terminal; `rulebench explain` lists them all.\n\n")
	fmt.Fprintf(&b, "%d codes:", len(decls))
	for i, d := range decls {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s [`%s`](#%s)", sep, d.Code, d.Code)
	}
	b.WriteString(".\n")
	for _, d := range decls {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", d.Code, upperFirst(d.Summary))
		if d.Why != "" {
			fmt.Fprintf(&b, "\n**Why.** %s\n", d.Why)
		}
		if d.Fix != "" {
			fmt.Fprintf(&b, "\n**Fix.** %s\n", d.Fix)
		}
		where := "Reported by `" + d.Package + "`"
		if d.Category != "" {
			where += "; category " + d.Category
		}
		fmt.Fprintf(&b, "\n%s.\n", where)
	}
	return b.Bytes()
}

// upperFirst gives s with its first letter in upper case.
func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
