// Package clischema holds the tests that check the JSON Schemas `rulebench
// i18n --schema` writes with a real JSON Schema validator. They live
// outside package cli because the validator compiles its meta-schemas when
// the program starts: linked into cli's tests, that memory would be marked
// by every garbage collection of cli's benchmarks and slow what they
// measure.
package clischema
