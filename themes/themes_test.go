package themes

import (
	"image/color"
	"math"
	"strings"
	"testing"
)

func TestByName(t *testing.T) {
	tests := []struct {
		in, name string
		bg       Background
	}{
		{"", "auto", Detect},
		{"auto", "auto", Detect},
		{"dark", "dark", AlwaysDark},
		{" Light ", "light", AlwaysLight},
		{"high-contrast", "high-contrast", Detect},
		{"HIGH-CONTRAST", "high-contrast", Detect},
	}
	for _, tt := range tests {
		th, err := ByName(tt.in)
		if err != nil {
			t.Errorf("ByName(%q): %v", tt.in, err)
			continue
		}
		if th.Name != tt.name || th.Background != tt.bg {
			t.Errorf("ByName(%q) = %s/%d, want %s/%d", tt.in, th.Name, th.Background, tt.name, tt.bg)
		}
	}
	_, err := ByName("solarized")
	if err == nil || !strings.Contains(err.Error(), "solarized") || !strings.Contains(err.Error(), "high-contrast") {
		t.Errorf("ByName(unknown) error = %v, want one naming the theme and the known ones", err)
	}
}

func TestEveryNameResolves(t *testing.T) {
	for _, n := range Names() {
		th, err := ByName(n)
		if err != nil || th.Name != n {
			t.Errorf("ByName(%q) = %q, %v", n, th.Name, err)
		}
	}
}

func TestIsDark(t *testing.T) {
	for _, detected := range []bool{true, false} {
		if got := Auto().IsDark(detected); got != detected {
			t.Errorf("Auto().IsDark(%v) = %v", detected, got)
		}
		if !Dark().IsDark(detected) {
			t.Errorf("Dark().IsDark(%v) = false", detected)
		}
		if Light().IsDark(detected) {
			t.Errorf("Light().IsDark(%v) = true", detected)
		}
	}
}

func roles(th Theme) map[string]Pair {
	return map[string]Pair{
		"Text": th.Text, "Muted": th.Muted, "Accent": th.Accent, "OK": th.OK, "Warn": th.Warn,
		"Error": th.Error, "Border": th.Border, "Selection": th.Selection, "SelectionText": th.SelectionText,
	}
}

func TestColourThemesSetEveryRole(t *testing.T) {
	for _, th := range []Theme{Auto(), Dark(), Light(), HighContrast()} {
		for name, p := range roles(th) {
			if p.Light == nil || p.Dark == nil {
				t.Errorf("%s: role %s has no colour for one background", th.Name, name)
			}
		}
	}
}

func TestWithoutColor(t *testing.T) {
	m := HighContrast().WithoutColor()
	if !m.Mono || m.Name != "high-contrast" {
		t.Fatalf("WithoutColor = %+v", m)
	}
	for name, p := range roles(m) {
		if p.Light != nil || p.Dark != nil {
			t.Errorf("WithoutColor kept role %s", name)
		}
	}
}

func TestNoColor(t *testing.T) {
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"NO_COLOR": ""}, false},
		{map[string]string{"NO_COLOR": "1"}, true},
		{map[string]string{"NO_COLOR": "yes"}, true},
	}
	for _, tt := range tests {
		if got := NoColor(env(tt.env)); got != tt.want {
			t.Errorf("NoColor(%v) = %v, want %v", tt.env, got, tt.want)
		}
	}
	if NoColor(nil) {
		t.Error("NoColor(nil) = true")
	}
}

// luminance is the WCAG relative luminance of a colour.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestReadableContrast holds every theme to WCAG contrast ratios: text on
// the terminal's background (taken as black or white) and on the selection,
// at least 4.5:1 (7:1 for high contrast); signal colours at least 3:1.
func TestReadableContrast(t *testing.T) {
	black, white := color.Gray{Y: 0}, color.Gray{Y: 255}
	for _, th := range []Theme{Auto(), HighContrast()} {
		minText := 4.5
		if th.Name == "high-contrast" {
			minText = 7
		}
		for _, dark := range []bool{true, false} {
			bg := color.Color(white)
			if dark {
				bg = black
			}
			check := func(what string, fg, back color.Color, min float64) {
				if c := contrast(fg, back); c < min {
					t.Errorf("%s (dark=%v): %s contrast %.2f < %.1f", th.Name, dark, what, c, min)
				}
			}
			check("text", th.Text.Pick(dark), bg, minText)
			check("selected text", th.SelectionText.Pick(dark), th.Selection.Pick(dark), minText)
			check("muted", th.Muted.Pick(dark), bg, 4.5)
			// The workbench's brand: the other background's text on the accent.
			check("text on the accent", th.Text.Opposite().Pick(dark), th.Accent.Pick(dark), minText)
			for name, p := range map[string]Pair{"accent": th.Accent, "ok": th.OK, "warn": th.Warn, "error": th.Error} {
				check(name, p.Pick(dark), bg, 3)
			}
		}
	}
}

func TestOpposite(t *testing.T) {
	p := Pair{Light: color.Black, Dark: color.White}
	if o := p.Opposite(); o.Light != color.White || o.Dark != color.Black {
		t.Errorf("Opposite of %v is %v", p, o)
	}
	if o := p.Opposite().Opposite(); o != p {
		t.Errorf("Opposite twice is %v", o)
	}
}
