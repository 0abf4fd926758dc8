package cli

import (
	"errors"
	"fmt"
	"os"

	"rulebench/analysis"
	"rulebench/internal/gitrev"
	"rulebench/migrate"
	"rulebench/model"
)

// checkBaseHelp is check's word on --base.
const checkBaseHelp = "With --base REF, each PATH is also compared with the same path at the git revision\n" +
	"REF (or with REF itself, a file or folder on disk, for a single PATH): the release\n" +
	"rules (release-version-unchanged: the bytes changed but version was not raised;\n" +
	"since-version-unchanged and since-lost: stored ids gone or moved without sheet.version\n" +
	"going up and a migration moving them; since-entry-deleted and since-entry-changed: a\n" +
	"published migration entry deleted or changed). A PATH that REF does not have is new\n" +
	"and has nothing to compare with."

// withBase adds to a checked target the release rules against the same
// path at base (check --base): the findings go with the target's own. A
// base that cannot be read, or that is not an earlier version of the same
// ruleset, is a failure of the target (check then exits 2 and says why on
// stderr). Nothing is added to a target that could not be read, nor to one
// the revision does not have (a new ruleset).
func withBase(c checked, base string, targets int) checked {
	if base == "" || c.readErr != nil || c.result == nil || c.result.Workspace == nil {
		return c
	}
	if _, err := os.Lstat(base); targets > 1 && (err == nil || looksLikePath(base)) {
		c.failed = fmt.Sprintf("--base %s: a file or folder as the base compares a single PATH; give a git revision to compare several", base)
		return c
	}
	old, err := loadOld(base, c.path)
	switch {
	case errors.Is(err, gitrev.ErrNotInRevision):
		return c // new since base
	case err != nil:
		c.failed = fmt.Sprintf("--base %s: %v", base, err)
		return c
	}
	if old.Ruleset == nil {
		c.failed = fmt.Sprintf("--base %s: there is no ruleset to compare with (%s is not a readable ruleset)", base, old.RulesetFile)
		return c
	}
	ds, err := analysis.Release(old, c.result.Workspace)
	var se *migrate.SinceError
	switch {
	case errors.As(err, &se):
		c.failed = fmt.Sprintf("--base %s: %s", base, se.Reason)
		return c
	case err != nil:
		c.failed = fmt.Sprintf("--base %s: %v", base, err)
		return c
	}
	c.findings = append(append([]model.Diagnostic(nil), c.findings...), ds...)
	return c
}
