package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
)

// The Problems tab's source preview of a finding about a link that leads
// outside the package never shows the file the link leads to.
func TestSourcePreviewNeverShowsAFileOutsideThePackage(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "pkg")
	if err := os.CopyFS(pkg, os.DirFS(filepath.Join("..", "examples", "lantern-road"))); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "shadow.json")
	// A save whose v is text: read as a save, it would be a finding too.
	if err := os.WriteFile(outside, []byte(`{"v": "hunter2-secret", "build": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(pkg, "saves", "leak.json")
	if err := os.Symlink(outside, link); err != nil {
		t.Skipf("cannot make a link: %v", err)
	}
	ws, err := model.Load(model.OSFS{}, pkg)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Workspace: ws, FS: model.OSFS{}, Theme: "dark"}
	a := keysTo(t, newTestApp(t, cfg, 120, 40), "6")
	var found *model.Diagnostic
	for i, d := range a.problems().diags {
		if d.File == filepath.ToSlash(link) {
			found = &a.problems().diags[i]
			break
		}
	}
	if found == nil {
		t.Fatalf("no finding about %s:\n%s", link, screen(a))
	}
	if found.Code != model.CodeLinkOutside {
		t.Errorf("the finding about the link is %s, want %s", found.Code, model.CodeLinkOutside)
	}
	a.problems().selectFinding(*found)
	a = keysTo(t, a, "enter")
	s := screen(a)
	if strings.Contains(s, "hunter2") {
		t.Fatalf("the preview shows the file outside the package:\n%s", s)
	}
	if !strings.Contains(s, "The source cannot be shown") {
		t.Errorf("the screen does not say why the source is not shown:\n%s", s)
	}
}
