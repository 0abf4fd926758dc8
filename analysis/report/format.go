package report

import "slices"

// Format is one output format of the commands, as --format names it.
type Format struct {
	// Name is what --format takes: "text", "json", "sarif", "github".
	Name string
	// About says what the format is, for help.
	About string
	// FindingsOnly is set for the formats that carry findings and nothing
	// else (SARIF, GitHub workflow commands): only commands whose output is
	// a list of findings offer them.
	FindingsOnly bool
	// OptIn is set for the formats only the commands that name them offer
	// (Markdown: rulebench diff).
	OptIn bool
}

// Text, JSON, SARIF, GitHub and Markdown are the names of the formats.
const (
	Text     = "text"
	JSON     = "json"
	SARIF    = "sarif"
	GitHub   = "github"
	Markdown = "markdown"
)

// Formats is every output format, in the order help lists them.
var Formats = []Format{
	{Name: Text, About: "text for people"},
	{Name: JSON, About: "one JSON document; --json for short"},
	{Name: SARIF, About: "SARIF 2.1.0, for code scanning", FindingsOnly: true},
	{Name: GitHub, About: "GitHub Actions workflow commands, one a finding", FindingsOnly: true},
	{Name: Markdown, About: "Markdown, for a pull request comment or $GITHUB_STEP_SUMMARY", OptIn: true},
}

// FormatsFor returns the formats a command offers: every one when it
// prints findings, text and JSON otherwise; and of the opt-in formats,
// the ones named in optIn.
func FormatsFor(findings bool, optIn ...string) []Format {
	var out []Format
	for _, f := range Formats {
		switch {
		case f.OptIn:
			if slices.Contains(optIn, f.Name) {
				out = append(out, f)
			}
		case findings || !f.FindingsOnly:
			out = append(out, f)
		}
	}
	return out
}
