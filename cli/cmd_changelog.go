package cli

import (
	"time"

	"rulebench/analysis/diff"
)

// changelogCommand drafts the catalog's CHANGELOG.md entry for NEW.
var changelogCommand = &command{
	name:    "changelog",
	summary: "a draft CHANGELOG.md entry from what changed between two versions",
	usage:   []string{"changelog [--date YYYY-MM-DD] OLD NEW"},
	about: "Drafts the catalog's CHANGELOG.md entry for NEW from what rulebench diff finds\n" +
		"between OLD and NEW: a heading \"## <NEW's version> — <date>\", one bullet a change a\n" +
		"player sees, and the line \"Needs an Engine with Capability API 1.NN\" with the\n" +
		"Capability API NEW needs (as check works it out). The entry holds at most 1,000\n" +
		"characters; the bullets that do not fit are counted in a last \"…and N more\".\n" +
		"Exit 0: drafted; 1: either version is not a readable ruleset; 2: bad usage,\n" +
		"unreadable input, or OLD and NEW are not two versions of one ruleset.\n" + oldArgHelp,
	args: argSpec{name: "OLD and NEW", min: 2, max: 2, values: files},
	bind: func(fs *flagSet) runner {
		date := fs.String("date", "YYYY-MM-DD", anything, "the entry's date (default today, in UTC)")
		return func(c *call, pos []string) int {
			day := time.Now().UTC().Format(time.DateOnly)
			if *date != "" {
				if _, err := time.Parse(time.DateOnly, *date); err != nil {
					return fs.usageError("--date takes a date written YYYY-MM-DD, not %q", *date)
				}
				day = *date
			}
			return runChangelog(c, pos, day)
		}
	},
}

// runChangelog runs `rulebench changelog OLD NEW`.
func runChangelog(c *call, pos []string, date string) int {
	d, code, ok := compareVersions("changelog", pos, c.stderr)
	if !ok {
		return code
	}
	printf(c.stdout, "%s\n", verbatim(diff.Changelog(d, date, diff.MaxChangelog, markdownText)))
	return code
}
