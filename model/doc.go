// Package model reads the files rulebench works on — rulesets, package
// folders, catalog artifacts, locale files and sample saves — into typed
// values, keeping the line and column where every JSON value starts.
//
// Reading never stops at the first problem: every shape problem (a wrong
// type, a missing or unknown key, a bad id, a text too long or not
// prompt-safe) becomes a Diagnostic at the exact JSON path, line and column
// of the offending value, and reading goes on to find the others. Parts of
// the format that no other package needs (combat details, mechanics, rests)
// are kept raw in the Node tree and not judged.
//
// The model imports no UI code; the packages rules, i18n and migrate build
// on it, and share its Diagnostic type.
package model
