package tui

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
)

// fixableConfig is lantern-road copied to a temporary folder and broken
// in ways with a fix: the manifest declares too low a Capability API, and
// the pt-BR locale spells its language PT-br (so the manifest's checksum
// of it is wrong too); its stale keys are findings without a fix. Writes
// go through a writer that, like the command line's, refuses a file that
// no longer holds the bytes read. The test runs in the temporary folder,
// and the package is read as lantern-road, the name the header shows.
func fixableConfig(t *testing.T) (Config, string) {
	t.Helper()
	tmp := t.TempDir()
	if err := os.CopyFS(filepath.Join(tmp, "lantern-road"), os.DirFS(filepath.Join("..", "examples", "lantern-road"))); err != nil {
		t.Fatal(err)
	}
	t.Chdir(tmp)
	dir := "lantern-road"
	replace := func(rel, old, new string) {
		p := filepath.Join(dir, rel)
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(data, []byte(old)) {
			t.Fatalf("%s has no %q (%v)", rel, old, err)
		}
		os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644)
	}
	replace("manifest.json", `"minor": 813`, `"minor": 20`)
	replace("locales/pt-BR.json", `"locale": "pt-BR"`, `"locale": "PT-br"`)
	load := func() (*model.Workspace, error) { return model.Load(model.OSFS{}, dir) }
	ws, err := load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Workspace: ws, Reload: load, FS: model.OSFS{}, Theme: "dark",
		WriteFile: func(name string, data, old []byte) error {
			now, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			if !bytes.Equal(now, old) {
				return errors.New("the file changed since it was read")
			}
			return os.WriteFile(name, data, 0o644)
		}}
	return cfg, dir
}

// selectCode puts the Problems cursor on the first finding with a code.
func selectCode(t *testing.T, a *App, code model.Code) (*App, model.Diagnostic) {
	t.Helper()
	a = keysTo(t, a, "6")
	p := a.problems()
	for i, d := range p.diags {
		if d.Code == code {
			p.scroll.cursor = i
			a.syncKeys()
			return a, d
		}
	}
	t.Fatalf("no %s finding among %v", code, p.diags)
	return a, model.Diagnostic{}
}

// TestScreenProblemsFixable: the findings with a fix are marked in the
// list; the selected one's fix is said on the status line and beside its
// source, and f is offered for it alone.
func TestScreenProblemsFixable(t *testing.T) {
	home, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := fixableConfig(t)
	a := newTestApp(t, cfg, 80, 24)
	a, d := selectCode(t, a, "capability-too-low")
	if d.Fix == nil || !a.keys.Fix.Enabled() || !strings.Contains(shortHelp(a), "f fix") {
		t.Errorf("f is not offered for a finding with a fix: help %q", shortHelp(a))
	}
	if s := screen(a); !strings.Contains(s, "f fixes it: raise capabilityApi.minor to 813") {
		t.Errorf("the status line does not say what the fix does:\n%s", s)
	}
	a, _ = selectCode(t, a, "locale-stale")
	if a.keys.Fix.Enabled() || strings.Contains(shortHelp(a), "f fix") {
		t.Errorf("f is offered for a finding without a fix: %q", shortHelp(a))
	}
	for _, l := range strings.Split(screen(a), "\n") {
		if strings.Contains(l, "locale-stale") || strings.Contains(l, "ruleset.") && strings.Contains(l, "stale") {
			if strings.Contains(l, "✎") {
				t.Errorf("a finding without a fix is marked: %q", l)
			}
		}
	}
	a, _ = selectCode(t, a, "capability-too-low")
	list := screen(a)
	a = keysTo(t, a, "enter")
	if s := screen(a); !strings.Contains(s, "✎ f fixes it: raise capabilityApi.minor to 813, what the package needs") {
		t.Errorf("the source does not say what the fix does:\n%s", s)
	}
	for _, size := range [][2]int{{minWidth, minHeight}, {80, 24}, {120, 40}} {
		b := keysTo(t, newTestApp(t, cfg, size[0], size[1]), "6")
		checkFrame(t, b.View().Content, size[0], size[1])
		b = keysTo(t, b, "enter")
		checkFrame(t, b.View().Content, size[0], size[1])
	}
	// The golden file is the package's, not the temporary folder's.
	if err := os.Chdir(home); err != nil {
		t.Fatal(err)
	}
	golden(t, list)
}

// Pressing f writes the selected finding's fix, exactly as it says, and
// nothing else; after the reload the finding is gone. A fix that changes
// a listed file brings the listing's finding with its own fix.
func TestFixKeyWritesTheFix(t *testing.T) {
	cfg, dir := fixableConfig(t)
	manifest := filepath.Join(dir, "manifest.json")
	locale := filepath.Join(dir, "locales", "pt-BR.json")
	before := map[string][]byte{}
	for _, p := range []string{manifest, locale} {
		before[p], _ = os.ReadFile(p)
	}
	a := newTestApp(t, cfg, 80, 24)

	a, d := selectCode(t, a, "capability-too-low")
	e := d.Fix.Edits[0]
	a = keysTo(t, a, "f")
	got, _ := os.ReadFile(manifest)
	want := string(before[manifest][:e.Start]) + e.New + string(before[manifest][e.End:])
	if string(got) != want || e.File != manifest || e.New != "813" {
		t.Errorf("the manifest after f:\n%s\nwant the fix %+v made:\n%s", got, e, want)
	}
	if now, _ := os.ReadFile(locale); !bytes.Equal(now, before[locale]) {
		t.Error("f changed a file its fix does not edit")
	}
	for _, x := range a.problems().all {
		if x.Code == d.Code {
			t.Errorf("after f and the reload the finding is still there: %s", x)
		}
	}
	if a.snap.loads < 2 {
		t.Error("the files were not read again")
	}

	// The spelling: the locale is fixed, and with it the manifest's
	// checksum of the locale, which lists the file as it was.
	a, d = selectCode(t, a, "locale-meta")
	e = d.Fix.Edits[0]
	a = keysTo(t, a, "f")
	want = string(before[locale][:e.Start]) + e.New + string(before[locale][e.End:])
	if got := readFile(t, locale); string(got) != want || e.New != `"pt-BR"` {
		t.Errorf("the locale after f:\n%s", got)
	}
	for _, x := range a.problems().all {
		if x.Severity == model.Error || x.Fix != nil {
			t.Errorf("left after the fixes: %s", x)
		}
	}
}

// f on a file changed on disk since it was read writes nothing and says so.
func TestFixKeyRefusesAChangedFile(t *testing.T) {
	cfg, dir := fixableConfig(t)
	a := newTestApp(t, cfg, 80, 24)
	a, _ = selectCode(t, a, "capability-too-low")
	manifest := filepath.Join(dir, "manifest.json")
	changed := append(readFile(t, manifest), '\n')
	os.WriteFile(manifest, changed, 0o644)
	next, cmd := a.Update(keyPress("f"))
	a = next.(*App)
	for _, m := range runCmd(cmd) {
		if _, ok := m.(fixedMsg); ok {
			next, _ = a.Update(m)
			a = next.(*App)
		}
	}
	if !bytes.Equal(readFile(t, manifest), changed) {
		t.Error("f wrote over a file changed since it was read")
	}
	if !a.status.isErr || !strings.Contains(a.status.text, "Cannot fix") {
		t.Errorf("status %+v", a.status)
	}
}

// Without a writer (the bundled example), f writes nothing and says why.
func TestFixKeyWithoutWriter(t *testing.T) {
	cfg, dir := fixableConfig(t)
	cfg.WriteFile = nil
	before := readFile(t, filepath.Join(dir, "manifest.json"))
	a := newTestApp(t, cfg, 80, 24)
	a, _ = selectCode(t, a, "capability-too-low")
	a = keysTo(t, a, "f")
	if !bytes.Equal(readFile(t, filepath.Join(dir, "manifest.json")), before) || !a.status.isErr {
		t.Errorf("status %+v", a.status)
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
