package cli

import (
	"fmt"
	"io"
	"strings"
)

// suppressionTopic is the word `rulebench explain` takes for how findings
// are suppressed.
const suppressionTopic = "suppression"

// suppressionHelp says how to suppress findings, one paragraph an entry;
// an entry starting with two spaces is an example, printed as it is.
var suppressionHelp = []string{
	"suppression: three ways to keep findings out of the report, applied in this order.",
	"In the file: a \"$comment\" member whose text is `rulebench:ignore CODE[,CODE...] reason` suppresses the findings of those codes on the object that holds it and on every value below it, in the same file. The Engine strips \"$comment\" from every object, so the directive changes nothing it reads. Each code of a directive that suppresses nothing is reported as unused-ignore, and so is a name that is no finding code. A locale file has no place for \"$comment\" (its ruleset keys are strings to translate): suppress its findings from the configuration's paths.",
	`  { "id": "river_law", "$comment": "rulebench:ignore unknown-key the 1.x reader still writes it", ... }`,
	"In a configuration file, rulebench.json or .rulebench.json, found in the folder of each checked PATH or in a folder above it (the first found; the search stops after the folder holding .git): `select` keeps only the findings it names, `ignore` suppresses those it names, `severity` gives a code or category another severity (error, warning or info), and `paths` gives the same choices for the files a pattern names, relative to the file's folder (`legacy/`, `*.entry.json`, `locales/*.json`). A name is a finding code or a category (format, layers, capability, translations, migrations, saves, packaging, reading). A file that cannot be used stops the run with exit 2 (config-invalid).",
	`  { "ignore": ["locale-stale"], "severity": { "unlisted-file": "error" }, "paths": { "legacy/": { "ignore": ["unknown-key"] } } }`,
	"On the command line: --select CODES takes the place of the configuration's select, --ignore CODES adds to its ignore; both on check and on fix, so that fix makes no fix of a suppressed finding.",
	"A suppressed finding is not printed and does not fail the run; check's summary counts it. check --json lists it under \"suppressed\", with \"suppression\": {kind, reason, by}, kind inSource for a directive and external for the configuration or a flag; SARIF keeps it among the results, marked with suppressions of the same kinds.",
}

// writeSuppressionHelp prints suppressionHelp, wrapped.
func writeSuppressionHelp(w io.Writer) {
	for i, p := range suppressionHelp {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if strings.HasPrefix(p, "  ") {
			fmt.Fprintln(w, p)
			continue
		}
		fmt.Fprintln(w, wrapWords(p, explainWidth))
	}
}
