package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The domain packages hold the rules and return values; they never draw.
var domainPackages = []string{"rulebench/model", "rulebench/rules", "rulebench/i18n", "rulebench/migrate"}

// analysisPackages sit between the domain and its front ends: they may
// import the domain packages, never UI code nor the workbench, and no
// domain package imports them. Every package under analysis/ is one.
// The language server (rulebench/lsp) is held to the same: it draws
// nothing.
func analysisPackage(p string) bool {
	return p == "rulebench/analysis" || strings.HasPrefix(p, "rulebench/analysis/") || p == "rulebench/lsp"
}

// mainPackage is the program, the only importer of the command line.
const (
	mainPackage = "rulebench"
	cliPackage  = "rulebench/cli"
)

// siblings build on model and never on each other.
var siblings = []string{"rulebench/rules", "rulebench/i18n", "rulebench/migrate"}

// listedPackage is what `go list -deps -json` says about one package.
type listedPackage struct {
	ImportPath string
	Standard   bool
	Imports    []string
	Deps       []string
	GoFiles    []string
}

// uiPackage tells whether an import path is terminal UI code.
func uiPackage(p string) bool {
	return strings.HasPrefix(p, "charm.land/") || strings.HasPrefix(p, "github.com/charmbracelet/")
}

// depViolations lists every broken rule of the dependency direction:
// no domain package depends on UI code (directly or through another
// package); model depends only on the standard library and golang.org/x/text;
// rules, i18n and migrate depend on none of each other; and no domain
// package depends on the workbench (tui, themes).
func depViolations(pkgs map[string]listedPackage) []string {
	var out []string
	for _, name := range domainPackages {
		p, ok := pkgs[name]
		if !ok {
			out = append(out, name+": not listed")
			continue
		}
		for _, dep := range p.Deps {
			if v := drawingDep(pkgs, name, dep); v != "" {
				out = append(out, v)
				continue
			}
			switch {
			case name == "rulebench/model" && !pkgs[dep].Standard &&
				!strings.HasPrefix(dep, "golang.org/x/text") && !strings.HasPrefix(dep, "rulebench/model/"):
				out = append(out, name+" depends on "+dep+", but model may use only the standard library and golang.org/x/text"+via(pkgs, name, dep))
			case slices.Contains(siblings, name) && slices.Contains(siblings, dep):
				out = append(out, name+" depends on its sibling "+dep+via(pkgs, name, dep))
			case analysisPackage(dep):
				out = append(out, name+" depends on the analysis package "+dep+", which is built on it"+via(pkgs, name, dep))
			}
		}
	}
	for name, p := range pkgs {
		if name != mainPackage && slices.Contains(p.Imports, cliPackage) {
			out = append(out, name+" imports the command line "+cliPackage+", which only the program's main may")
		}
		if !analysisPackage(name) {
			continue
		}
		for _, dep := range p.Deps {
			if v := drawingDep(pkgs, name, dep); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// drawingDep says what is wrong when package name, which must not draw,
// depends on dep, UI code or the workbench; "" when dep is neither.
func drawingDep(pkgs map[string]listedPackage, name, dep string) string {
	switch {
	case uiPackage(dep):
		return name + " depends on the UI package " + dep + via(pkgs, name, dep)
	case dep == "rulebench/tui" || dep == "rulebench/themes" || strings.HasPrefix(dep, "rulebench/tui/"):
		return name + " depends on the workbench package " + dep + via(pkgs, name, dep)
	}
	return ""
}

// via names the import chain from one package to a dependency, for the
// failure message.
func via(pkgs map[string]listedPackage, from, to string) string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == to {
			var chain []string
			for c := to; c != ""; c = prev[c] {
				chain = append(chain, c)
			}
			slices.Reverse(chain)
			return " (" + strings.Join(chain, " → ") + ")"
		}
		for _, imp := range pkgs[cur].Imports {
			if _, seen := prev[imp]; !seen {
				prev[imp] = cur
				queue = append(queue, imp)
			}
		}
	}
	return ""
}

// goTool finds the go command: on the PATH, else in the GOROOT the test
// was built with.
func goTool(t *testing.T) string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(p); err != nil {
		t.Skip("no go command to list packages with")
	}
	return p
}

func listPackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	cmd := exec.Command(goTool(t), "list", "-deps", "-json", "rulebench/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// TestDependencyDirection: the domain packages import no UI code and do
// not lean on each other (see the package design in the architecture
// notes).
func TestDependencyDirection(t *testing.T) {
	pkgs := listPackages(t)
	for _, v := range depViolations(pkgs) {
		t.Error(v)
	}
	if files := pkgs[mainPackage].GoFiles; !slices.Equal(files, []string{"main.go"}) {
		t.Errorf("package main holds %v; only main.go belongs there, the rest in %s", files, cliPackage)
	}
	// The test would be empty if listing found nothing.
	if len(pkgs["rulebench/rules"].Deps) == 0 || !slices.Contains(pkgs["rulebench/rules"].Deps, "rulebench/model") {
		t.Errorf("go list did not list rules' dependencies: %+v", pkgs["rulebench/rules"])
	}
}

// TestDepViolationsCatches: each rule of depViolations fires on a made-up
// package graph that breaks it, and stays quiet on one that keeps it.
func TestDepViolationsCatches(t *testing.T) {
	std := func(name string) listedPackage { return listedPackage{ImportPath: name, Standard: true} }
	graph := func(edit func(map[string]listedPackage)) map[string]listedPackage {
		g := map[string]listedPackage{
			"fmt":                        std("fmt"),
			"golang.org/x/text/language": {ImportPath: "golang.org/x/text/language"},
			"rulebench/model":            {ImportPath: "rulebench/model", Imports: []string{"fmt"}, Deps: []string{"fmt"}},
			"rulebench/rules":            {ImportPath: "rulebench/rules", Imports: []string{"rulebench/model"}, Deps: []string{"fmt", "rulebench/model"}},
			"rulebench/i18n": {ImportPath: "rulebench/i18n", Imports: []string{"rulebench/model", "golang.org/x/text/language"},
				Deps: []string{"fmt", "golang.org/x/text/language", "rulebench/model"}},
			"rulebench/migrate": {ImportPath: "rulebench/migrate", Imports: []string{"rulebench/model"}, Deps: []string{"fmt", "rulebench/model"}},
			"rulebench/analysis": {ImportPath: "rulebench/analysis", Imports: []string{"rulebench/rules", "rulebench/i18n", "rulebench/migrate"},
				Deps: []string{"fmt", "golang.org/x/text/language", "rulebench/model", "rulebench/rules", "rulebench/i18n", "rulebench/migrate"}},
			"rulebench/analysis/report": {ImportPath: "rulebench/analysis/report", Imports: []string{"rulebench/rules", "rulebench/i18n", "rulebench/migrate"},
				Deps: []string{"fmt", "golang.org/x/text/language", "rulebench/model", "rulebench/rules", "rulebench/i18n", "rulebench/migrate"}},
			"rulebench/analysis/say": {ImportPath: "rulebench/analysis/say", Imports: []string{"rulebench/rules", "rulebench/i18n", "rulebench/migrate"},
				Deps: []string{"fmt", "golang.org/x/text/language", "rulebench/model", "rulebench/rules", "rulebench/i18n", "rulebench/migrate"}},
		}
		if edit != nil {
			edit(g)
		}
		return g
	}
	addDep := func(pkg string, deps ...string) func(map[string]listedPackage) {
		return func(g map[string]listedPackage) {
			p := g[pkg]
			p.Imports = append(p.Imports, deps[0])
			p.Deps = append(p.Deps, deps...)
			g[pkg] = p
		}
	}
	tests := []struct {
		name  string
		edit  func(map[string]listedPackage)
		words string // "" when nothing is wrong
	}{
		{"clean", nil, ""},
		{"model imports lipgloss", addDep("rulebench/model", "charm.land/lipgloss/v2"), "UI package charm.land/lipgloss/v2"},
		{"migrate imports an x/ansi helper", addDep("rulebench/migrate", "github.com/charmbracelet/x/ansi"), "UI package github.com/charmbracelet/x/ansi"},
		{"rules imports i18n", addDep("rulebench/rules", "rulebench/i18n"), "sibling rulebench/i18n"},
		{"i18n reaches migrate through a helper", addDep("rulebench/i18n", "rulebench/helper", "rulebench/migrate"), "sibling rulebench/migrate"},
		{"migrate imports the workbench", addDep("rulebench/migrate", "rulebench/tui"), "workbench package rulebench/tui"},
		{"model imports rules", addDep("rulebench/model", "rulebench/rules"), "only the standard library"},
		{"model imports a third-party module", addDep("rulebench/model", "github.com/example/json"), "only the standard library"},
		{"i18n imports bubbletea through a helper", addDep("rulebench/i18n", "rulebench/helper", "charm.land/bubbletea/v2"), "UI package charm.land/bubbletea/v2"},
		{"analysis imports lipgloss", addDep("rulebench/analysis", "charm.land/lipgloss/v2"), "rulebench/analysis depends on the UI package charm.land/lipgloss/v2"},
		{"analysis imports the themes", addDep("rulebench/analysis", "rulebench/themes"), "rulebench/analysis depends on the workbench package rulebench/themes"},
		{"rules imports the analysis", addDep("rulebench/rules", "rulebench/analysis"), "depends on the analysis package"},
		{"the report imports lipgloss", addDep("rulebench/analysis/report", "charm.land/lipgloss/v2"), "rulebench/analysis/report depends on the UI package"},
		{"an analysis internal imports the workbench", func(g map[string]listedPackage) {
			g["rulebench/analysis/internal/x"] = listedPackage{ImportPath: "rulebench/analysis/internal/x", Imports: []string{"rulebench/tui"}, Deps: []string{"rulebench/tui"}}
		}, "rulebench/analysis/internal/x depends on the workbench package rulebench/tui"},
		{"the workbench imports the command line", addDep("rulebench/tui", "rulebench/cli"), "rulebench/tui imports the command line"},
	}
	for _, tt := range tests {
		got := depViolations(graph(tt.edit))
		if tt.words == "" {
			if len(got) != 0 {
				t.Errorf("%s: %v", tt.name, got)
			}
			continue
		}
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), tt.words) {
			t.Errorf("%s: %v, want a violation saying %q", tt.name, got, tt.words)
		}
	}
	if got := depViolations(map[string]listedPackage{}); len(got) != len(domainPackages) {
		t.Errorf("unlisted packages: %v", got)
	}
}
