// Package report holds the JSON documents of the commands (`rulebench
// check`, `layers`, `i18n`, `migrate` and `fix` with --json) and builds
// them from the domain's values, so that the documents' shape, fixed by
// decisions.md §5, lives in one place outside the domain packages.
//
// Every list a document promises is present, empty rather than null; the
// only nulls are the ones the contract names.
package report
