package report

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
}

// Text, JSON, SARIF and GitHub are the names of the formats.
const (
	Text   = "text"
	JSON   = "json"
	SARIF  = "sarif"
	GitHub = "github"
)

// Formats is every output format, in the order help lists them.
var Formats = []Format{
	{Name: Text, About: "text for people"},
	{Name: JSON, About: "one JSON document; --json for short"},
	{Name: SARIF, About: "SARIF 2.1.0, for code scanning", FindingsOnly: true},
	{Name: GitHub, About: "GitHub Actions workflow commands, one a finding", FindingsOnly: true},
}

// FormatsFor returns the formats a command offers: every one when it
// prints findings, text and JSON otherwise.
func FormatsFor(findings bool) []Format {
	var out []Format
	for _, f := range Formats {
		if findings || !f.FindingsOnly {
			out = append(out, f)
		}
	}
	return out
}
