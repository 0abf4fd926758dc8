package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoColoursOutsideThemes keeps colours in the themes package: the
// workbench's code names roles, never colours.
func TestNoColoursOutsideThemes(t *testing.T) {
	colour := regexp.MustCompile(`lipgloss\.Color\(|"#[0-9A-Fa-f]{3,8}"|color\.RGBA\{|ANSIColor\(`)
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if colour.MatchString(line) {
				t.Errorf("%s:%d writes a colour: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
