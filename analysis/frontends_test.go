package analysis

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The work the analysis does once, which no front end may do again.
var analysisOnly = map[string][]string{
	"rulebench/rules":   {"Check", "CheckFormat", "CheckLayers", "CheckCapability", "CheckNeeds", "CapabilityNeeds", "NeededCapability", "NewResolver", "Resolve"},
	"rulebench/i18n":    {"Check", "Analyze", "BesideEntry"},
	"rulebench/migrate": {"Check", "New", "Apply", "Since", "SinceSaves"},
}

// TestFrontEndsReadTheAnalysis: the commands (package main) and the
// workbench (tui) call none of the checks and analyses that Run works out;
// they read them from its Result, so that each runs once.
func TestFrontEndsReadTheAnalysis(t *testing.T) {
	var files []string
	for _, dir := range []string{"..", "../tui"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		local := map[string][]string{} // import name → forbidden functions
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if fns, ok := analysisOnly[p]; ok {
				n := p[strings.LastIndex(p, "/")+1:]
				if imp.Name != nil {
					n = imp.Name.Name
				}
				local[n] = fns
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok {
				for _, fn := range local[id.Name] {
					if sel.Sel.Name == fn {
						t.Errorf("%s: %s.%s is worked out by the analysis; read it from analysis.Result", fset.Position(sel.Pos()), id.Name, fn)
					}
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked", checked)
	}
}
