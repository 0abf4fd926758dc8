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
const checkBaseHelp = "With --base REF, each PATH is also held to the release rules against the same\n" +
	"path at the git revision REF (or against REF itself, a file or folder on disk, for a\n" +
	"single PATH): release-version-unchanged, the bytes changed but version was not\n" +
	"raised; since-version-unchanged and since-lost, stored ids gone or moved without\n" +
	"sheet.version going up and a migration moving them; since-entry-deleted and\n" +
	"since-entry-changed, a published migration entry deleted or changed. A PATH that\n" +
	"REF does not have is new and has nothing to compare with."

// baseCheck is check --base REF: the base and how many targets are checked
// against it, and the repositories found so far.
type baseCheck struct {
	base    string
	targets int
	old     oldReader
}

// newBaseCheck makes the --base check of a run over that many targets
// (base "" for none).
func newBaseCheck(base string, targets int) *baseCheck {
	return &baseCheck{base: base, targets: targets}
}

// add adds to a checked target the release rules against the same path at
// the base: the findings go with the target's own. A base that cannot be
// read, or that is not an earlier version of the same ruleset, is a
// failure of the target (check then exits 2 and says why on stderr).
// Nothing is added to a target that could not be read, nor to one the
// revision does not have (a new ruleset).
func (b *baseCheck) add(c checked) checked {
	base := b.base
	if base == "" || c.readErr != nil || c.result == nil || c.result.Workspace == nil {
		return c
	}
	if _, err := os.Lstat(base); b.targets > 1 && (err == nil || looksLikePath(base)) {
		c.failed = fmt.Sprintf("--base %s: a file or folder as the base compares a single PATH; give a git revision to compare several", base)
		return c
	}
	old, _, err := b.old.load(base, c.path)
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
