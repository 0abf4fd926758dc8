package tui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
)

// keysDocPath is the key map as documented for the README.
var keysDocPath = filepath.Join("..", "docs", "keys.md")

// keysMarkdown writes the key map as a Markdown table.
func keysMarkdown(k keyMap) string {
	var b strings.Builder
	b.WriteString("# Workbench keys\n\n")
	b.WriteString("Generated from the workbench's key map (`tui/keys.go`) by `go test ./tui -run TestKeysDoc -update`;\n")
	b.WriteString("the test fails when this table and the key map disagree. In the workbench, `?` lists the keys\n")
	b.WriteString("that work where you are, and the bottom line always shows the ones for the current pane.\n\n")
	b.WriteString("| Keys | What it does | Where |\n| --- | --- | --- |\n")
	for _, d := range keyDocs(k) {
		var keys []string
		for _, s := range strings.Split(d.Keys, ", ") {
			keys = append(keys, "`"+s+"`")
		}
		b.WriteString("| " + strings.Join(keys, ", ") + " | " + d.Action + " | " + d.Where + " |\n")
	}
	b.WriteString("\nWith the mouse (unless `--no-mouse`): click a tab to open it, click a layer to switch it, click a\n")
	b.WriteString("language to show its strings, click a row to select it; the wheel scrolls what is under it.\n")
	return b.String()
}

// TestKeysDoc holds docs/keys.md to the key map; -update rewrites it.
func TestKeysDoc(t *testing.T) {
	want := keysMarkdown(newKeyMap(false))
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(keysDocPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(keysDocPath)
	if err != nil {
		t.Fatalf("%v (go test ./tui -run TestKeysDoc -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("docs/keys.md differs from the key map; run go test ./tui -run TestKeysDoc -update. Want:\n%s", want)
	}
}

// TestKeyDocsCoverTheKeyMap checks that every key the workbench answers to
// is documented.
func TestKeyDocsCoverTheKeyMap(t *testing.T) {
	k := newKeyMap(false)
	documented := map[string]bool{}
	for _, d := range keyDocs(k) {
		for _, s := range strings.Split(d.Keys, ", ") {
			documented[s] = true
		}
	}
	all := []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Toggle, k.Open, k.Close, k.Reload,
		k.Untranslated, k.ViaBase, k.Stale, k.AllStrings, k.Search, k.NextStep, k.PrevStep, k.NextGroup, k.PrevGroup,
		k.RunAll, k.NextTab, k.PrevTab, k.Help, k.Quit, k.Interrupt}
	all = append(all, k.Tabs[:]...)
	for _, b := range all {
		for _, s := range b.Keys() {
			if !documented[s] {
				t.Errorf("the key %q (%s) is not documented", s, b.Help().Desc)
			}
		}
	}
}
