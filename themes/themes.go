// Package themes names the colour palettes of the rulebench workbench. A
// Theme is a set of semantic roles (text, muted, accent, ok, warn, error,
// border, selection), each a pair of colours for light and for dark
// backgrounds; the workbench derives every style from these roles, so no
// colour is written anywhere else.
package themes

import (
	"fmt"
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
)

// Pair is one role's colour on a light and on a dark background.
type Pair struct {
	Light, Dark color.Color
}

// Pick returns the colour for the background: Dark when isDark, else Light.
func (p Pair) Pick(isDark bool) color.Color {
	if isDark {
		return p.Dark
	}
	return p.Light
}

// Opposite returns the pair with its colours swapped: the colour a role
// has on the other background, for text drawn on a coloured block.
func (p Pair) Opposite() Pair { return Pair{Light: p.Dark, Dark: p.Light} }

// Background says how a theme chooses between the light and dark colours
// of its pairs.
type Background int

// The ways a theme follows the terminal's background.
const (
	// Detect follows the terminal: dark until the terminal says otherwise.
	Detect Background = iota
	// AlwaysDark uses the dark colours whatever the terminal says.
	AlwaysDark
	// AlwaysLight uses the light colours whatever the terminal says.
	AlwaysLight
)

// Theme is a named palette of semantic roles.
type Theme struct {
	Name       string
	Background Background
	// Mono themes carry no colour at all: the workbench shows emphasis with
	// bold, faint and reverse video only (for NO_COLOR).
	Mono bool

	Text      Pair // ordinary text
	Muted     Pair // secondary text: ids, paths, hints
	Accent    Pair // titles, the active tab, keys in help
	OK        Pair // things that are fine: a layer on, full coverage
	Warn      Pair // warnings
	Error     Pair // errors and broken files
	Border    Pair // rules and frames
	Selection Pair // the background of the selected row
	// SelectionText is the text on the selected row.
	SelectionText Pair
}

// IsDark tells whether the theme draws for a dark background, given what
// the terminal reported (detected is true for a dark terminal).
func (t Theme) IsDark(detected bool) bool {
	switch t.Background {
	case AlwaysDark:
		return true
	case AlwaysLight:
		return false
	}
	return detected
}

// WithoutColor returns the theme with every colour removed, keeping its
// name: what the workbench draws with when NO_COLOR is set.
func (t Theme) WithoutColor() Theme {
	return Theme{Name: t.Name, Background: t.Background, Mono: true}
}

func hex(light, dark string) Pair {
	return Pair{Light: lipgloss.Color(light), Dark: lipgloss.Color(dark)}
}

// standard is the palette of the auto, dark and light themes.
func standard(name string, bg Background) Theme {
	return Theme{
		Name:          name,
		Background:    bg,
		Text:          hex("#1F2328", "#E6EDF3"),
		Muted:         hex("#656D76", "#8D96A0"),
		Accent:        hex("#6F42C1", "#B69CFF"),
		OK:            hex("#1A7F37", "#3FB950"),
		Warn:          hex("#9A6700", "#E3B341"),
		Error:         hex("#CF222E", "#FF7B72"),
		Border:        hex("#BFC6CE", "#444C56"),
		Selection:     hex("#DDE4FF", "#2D3B5C"),
		SelectionText: hex("#1F2328", "#FFFFFF"),
	}
}

// Auto is the standard palette following the terminal's background.
func Auto() Theme { return standard("auto", Detect) }

// Dark is the standard palette for dark terminals, whatever they report.
func Dark() Theme { return standard("dark", AlwaysDark) }

// Light is the standard palette for light terminals, whatever they report.
func Light() Theme { return standard("light", AlwaysLight) }

// HighContrast uses the strongest colours for each background, and a
// selection in reverse colours, for low vision and washed-out screens. It
// follows the terminal's background.
func HighContrast() Theme {
	return Theme{
		Name:          "high-contrast",
		Background:    Detect,
		Text:          hex("#000000", "#FFFFFF"),
		Muted:         hex("#303030", "#D0D0D0"),
		Accent:        hex("#0000C0", "#FFFF00"),
		OK:            hex("#005F00", "#00FF5F"),
		Warn:          hex("#7A3E00", "#FFAF00"),
		Error:         hex("#B00000", "#FF5F5F"),
		Border:        hex("#000000", "#FFFFFF"),
		Selection:     hex("#000000", "#FFFF00"),
		SelectionText: hex("#FFFFFF", "#000000"),
	}
}

// Names lists the theme names ByName knows, the default first.
func Names() []string { return []string{"auto", "dark", "light", "high-contrast"} }

// ByName returns the theme with the given name (case and surrounding space
// ignored; "" is auto). An unknown name is an error that lists the known
// ones.
func ByName(name string) (Theme, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
		return Auto(), nil
	case "dark":
		return Dark(), nil
	case "light":
		return Light(), nil
	case "high-contrast", "highcontrast", "contrast":
		return HighContrast(), nil
	}
	return Theme{}, fmt.Errorf("unknown theme %q: use one of %s", name, strings.Join(Names(), ", "))
}

// NoColor tells whether the environment asks for no colour: NO_COLOR set to
// anything but the empty string (https://no-color.org). lookup is
// os.LookupEnv or a stand-in for tests.
func NoColor(lookup func(string) (string, bool)) bool {
	if lookup == nil {
		return false
	}
	v, ok := lookup("NO_COLOR")
	return ok && v != ""
}
