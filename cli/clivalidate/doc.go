// Package clivalidate holds the tests that check rulebench's outputs with
// outside validators: the JSON Schemas `i18n --schema` writes with a real
// JSON Schema validator, and the Markdown of `diff` and `changelog` with a
// Markdown parser that renders as GitHub does. They live outside package
// cli because those libraries build tables when the program starts: linked
// into cli's tests, that memory would be marked by every garbage
// collection of cli's benchmarks and slow what they measure.
package clivalidate
