// Package migrate rehearses sheet.migrations: the import refusals, and the
// step-by-step application of the chain to sample saves with a trace of
// every entry and step and a diff of the save around each step.
package migrate
