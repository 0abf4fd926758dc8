package analysis

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/analysis/internal/codereg"
	"rulebench/model"
	"rulebench/model/modeltest"
)

// TestMain runs the tests noting the finding codes they report, held to
// testdata/codes-reported.txt like every package's.
func TestMain(m *testing.M) { os.Exit(modeltest.RunTracingCodes(m)) }

// The registry table is what the generator writes from today's source.
func TestRegistryIsCurrent(t *testing.T) {
	want, err := codereg.Generate("..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("registry_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("registry_gen.go is not what the declarations give; run go generate ./analysis")
	}
}

func TestLookupCode(t *testing.T) {
	codes := Codes()
	if len(codes) < 100 || !slices.IsSortedFunc(codes, func(a, b CodeInfo) int { return strings.Compare(string(a.Code), string(b.Code)) }) {
		t.Fatalf("%d codes, sorted %v", len(codes), slices.IsSortedFunc(codes, func(a, b CodeInfo) int { return strings.Compare(string(a.Code), string(b.Code)) }))
	}
	for _, c := range codes {
		if got, ok := LookupCode(c.Code); !ok || got != c {
			t.Errorf("LookupCode(%q) = %+v, %v", c.Code, got, ok)
		}
	}
	got, ok := LookupCode(model.CodeUnknownKey)
	if !ok || got.Package != "rulebench/model" || got.Name != "CodeUnknownKey" || got.Summary == "" || got.FixedCategory {
		t.Errorf("unknown-key: %+v, %v", got, ok)
	}
	if got, ok := LookupCode(CodeLayerDropped); !ok || got.Package != "rulebench/analysis" {
		t.Errorf("layer-dropped: %+v, %v", got, ok)
	}
	if _, ok := LookupCode("no-such-code"); ok {
		t.Error("an undeclared code is found")
	}
}

// reportedCodes reads every package's testdata/codes-reported.txt: the
// codes its tests reported on their last full run. It returns the code with
// the packages that reported it.
func reportedCodes(t *testing.T) map[model.Code][]string {
	t.Helper()
	out := map[model.Code][]string{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != ".." && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.ToSlash(p) != filepath.ToSlash(filepath.Join(filepath.Dir(p), modeltest.ReportedCodesFile)) &&
			!strings.HasSuffix(filepath.ToSlash(p), "/"+modeltest.ReportedCodesFile) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(filepath.Dir(p)))
		for line := range strings.SplitSeq(string(data), "\n") {
			if line != "" {
				out[model.Code(line)] = append(out[model.Code(line)], pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every declared code is reported by some package's tests, and every code
// the tests report is declared.
func TestEveryCodeReported(t *testing.T) {
	reported := reportedCodes(t)
	for _, dir := range []string{"../model", "../rules", "../i18n", "../migrate", "../cli", "."} {
		if _, err := os.Stat(filepath.Join(dir, modeltest.ReportedCodesFile)); err != nil {
			t.Errorf("%s keeps no record of the codes its tests report: %v", dir, err)
		}
	}
	for _, c := range registry {
		if len(reported[c.Code]) == 0 {
			t.Errorf("%s (%s.%s) is reported by no test", c.Code, c.Package, c.Name)
		}
	}
	for c, pkgs := range reported {
		if _, ok := LookupCode(c); !ok {
			t.Errorf("the tests of %s report %q, which no package declares", strings.Join(pkgs, ", "), c)
		}
	}
}

// Every finding on the examples and the broken test packages has a
// declared code, and the category its code fixes, if any.
func TestFindingsAsRegistered(t *testing.T) {
	var dirs []string
	for _, pattern := range []string{"../examples/*", "../cli/testdata/cli/*"} {
		m, _ := filepath.Glob(pattern)
		for _, d := range m {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				dirs = append(dirs, d)
			}
		}
	}
	if len(dirs) < 3 {
		t.Fatalf("only %d workspaces: %v", len(dirs), dirs)
	}
	seen := 0
	for _, dir := range dirs {
		r := Run(modeltest.Load(t, dir), Options{Complete: true})
		ds := slices.Clone(r.Findings)
		for _, s := range r.Saves() {
			ds = append(ds, s.Diagnostics...)
		}
		for _, d := range ds {
			seen++
			c, ok := LookupCode(d.Code)
			switch {
			case !ok:
				t.Errorf("%s: %s:%s: the code %q is not declared", dir, d.File, d.Path, d.Code)
			case c.FixedCategory && d.Category != c.Category:
				t.Errorf("%s: %s:%s: a %s finding of category %s; the code is always %s", dir, d.File, d.Path, d.Code, d.Category, c.Category)
			}
		}
	}
	if seen < 10 {
		t.Errorf("only %d findings on %v", seen, dirs)
	}
}

// listedPkg is what `go list -export -json` says about a package.
type listedPkg struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
}

// TestNoCodeLiterals: outside the declarations of codes (and the generated
// registry), no string literal is used where a model.Code is expected: as
// an argument, a field, a comparison or a case. Tests may write a code's
// text, to pin what the findings say. And outside package model no finding
// is written as a model.Diagnostic literal with a code: findings are made
// by model's constructors or a Reporter, which tell the tests' tracer.
func TestNoCodeLiterals(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module")
	}
	cmd := exec.Command("go", "list", "-export", "-deps", "-json", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	var mine []listedPkg
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p listedPkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if p.ImportPath == "rulebench" || strings.HasPrefix(p.ImportPath, "rulebench/") {
			mine = append(mine, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	checked := 0
	for _, p := range mine {
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		if _, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info); err != nil {
			t.Fatalf("%s: %v", p.ImportPath, err)
		}
		for _, at := range codeLiterals(files, info) {
			if filepath.Base(fset.Position(at.Pos()).Filename) == "registry_gen.go" && p.ImportPath == "rulebench/analysis" {
				continue // the table names the codes of package main by their text
			}
			t.Errorf("%s: the code %s is written as a literal; use its constant", fset.Position(at.Pos()), at.Value)
		}
		if p.ImportPath != "rulebench/model" {
			for _, at := range diagnosticLiterals(files, info) {
				t.Errorf("%s: a finding written as a model.Diagnostic literal; make it with model.Errorf, At or a Reporter", fset.Position(at))
			}
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d packages checked", checked)
	}
}

// codeLiterals returns the string literals of type model.Code that are not
// the value of a constant's declaration.
func codeLiterals(files []*ast.File, info *types.Info) []*ast.BasicLit {
	declared := map[ast.Expr]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, s := range g.Specs {
					for _, v := range s.(*ast.ValueSpec).Values {
						declared[v] = true
					}
				}
			}
		}
	}
	var out []*ast.BasicLit
	for e, tv := range info.Types {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || declared[e] {
			continue
		}
		if n, ok := tv.Type.(*types.Named); ok && n.Obj().Name() == "Code" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "rulebench/model" {
			out = append(out, lit)
		}
	}
	slices.SortFunc(out, func(a, b *ast.BasicLit) int { return int(a.Pos() - b.Pos()) })
	return out
}

// diagnosticLiterals returns where a model.Diagnostic literal sets Code.
func diagnosticLiterals(files []*ast.File, info *types.Info) []token.Pos {
	var out []token.Pos
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			named, ok := info.Types[cl].Type.(*types.Named)
			if !ok || named.Obj().Name() != "Diagnostic" || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "rulebench/model" {
				return true
			}
			for _, e := range cl.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Code" {
						out = append(out, cl.Pos())
					}
				}
			}
			return true
		})
	}
	return out
}

// docs/rules.md is what the generator writes from today's declarations.
func TestRulesDocIsCurrent(t *testing.T) {
	decls, err := codereg.Scan("..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, codereg.RenderDocs(decls)) {
		t.Errorf("docs/rules.md is not what the declarations give; run go generate ./analysis")
	}
	for _, c := range Codes() {
		if !bytes.Contains(got, []byte("\n## "+string(c.Code)+"\n")) {
			t.Errorf("docs/rules.md has no entry for %s", c.Code)
		}
	}
}

// Every code says why it is refused and how to fix it, for explain, the
// SARIF rules and docs/rules.md.
func TestEveryCodeExplained(t *testing.T) {
	for _, c := range Codes() {
		if c.Why == "" {
			t.Errorf("%s (%s.%s) has no Why: paragraph in its doc comment", c.Code, c.Package, c.Name)
		}
		if c.Fix == "" {
			t.Errorf("%s (%s.%s) has no Fix: paragraph in its doc comment", c.Code, c.Package, c.Name)
		}
	}
}
