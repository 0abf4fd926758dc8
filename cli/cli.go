package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"unicode/utf16"
	"unicode/utf8"

	"rulebench/analysis/report"
	"rulebench/analysis/say"
	"rulebench/model"
)

// loadPath loads the ruleset at p from disk. An unreadable path is reported
// on stderr and gives exit 2.
func loadPath(p string, stderr io.Writer) (*model.Workspace, int, bool) {
	ws, err := model.Load(model.OSFS{}, p)
	if err != nil {
		complain(stderr, "rulebench: %v", err)
		return nil, exitUsage, false
	}
	return ws, exitOK, true
}

// writeDocument writes a command's document in a format other than text:
// the document itself as JSON, or its findings ds as SARIF or GitHub
// workflow commands.
func writeDocument(w io.Writer, format string, doc any, ds []model.Diagnostic) error {
	switch format {
	case report.SARIF:
		wd, _ := os.Getwd()
		return writeSARIF(w, ds, registryRules(), wd)
	case report.GitHub:
		writeGitHub(w, ds)
		return nil
	}
	return writeJSON(w, doc)
}

// writeJSON writes a document with schemaVersion 1 added, indented. The
// encoding escapes C0 controls; writeJSON escapes the rest of what
// model.Visible makes visible too (DEL, the C1 controls, the bidirectional
// controls), as \u escapes: the document holds the same strings, and
// printed on a terminal it moves nothing.
func writeJSON(w io.Writer, doc any) error {
	var b bytes.Buffer
	if err := encodeIndented(&b, doc, ""); err != nil {
		return err
	}
	_, err := w.Write(escapeControls(b.Bytes()))
	return err
}

// encodeIndented writes v as JSON indented by two spaces, each line but the
// first after prefix, without escaping <, > and &, and a newline.
func encodeIndented(b *bytes.Buffer, v any, prefix string) error {
	enc := json.NewEncoder(b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// escapeControls writes DEL, C1 and bidirectional controls in encoded
// JSON as \u escapes. Outside strings JSON holds only ASCII, so every such
// character found is inside a string.
func escapeControls(js []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(js); {
		c := js[i]
		if c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(js[i:])
		if c == 0x7f || model.Escaped(r) {
			out = append(out, js[last:i]...)
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
			} else {
				out = fmt.Appendf(out, `\u%04x`, r)
			}
			last = i + size
		}
		i += size
	}
	if out == nil {
		return js
	}
	return append(out, js[last:]...)
}

// terminalSafeJSON is escapeControls for JSON text rulebench did not
// encode itself (a locale file it copies member by member): a byte that is
// not UTF-8 is written as \ufffd too, so that no lone C1 byte reaches a
// terminal. Outside strings such bytes cannot occur in JSON that parsed.
func terminalSafeJSON(js []byte) []byte {
	if utf8.Valid(js) {
		return escapeControls(js)
	}
	out := make([]byte, 0, len(js)+16)
	for i := 0; i < len(js); {
		r, size := utf8.DecodeRune(js[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(out, `\ufffd`...)
		} else {
			out = append(out, js[i:i+size]...)
		}
		i += size
	}
	return escapeControls(out)
}

// writeDiagnostics prints findings one a line, file:line:column: severity:
// path: message [code], with control characters made visible.
func writeDiagnostics(w io.Writer, ds []model.Diagnostic) {
	for _, d := range ds {
		printf(w, "%s [%s]\n", d.String(), string(d.Code))
	}
}

// exitFor gives exit 1 when any finding is an error.
func exitFor(ds []model.Diagnostic) int {
	if model.HasErrors(ds) {
		return exitFindings
	}
	return exitOK
}

// writeSummary ends a text report with the counts of errors and warnings:
// "PATH: 1 error, 2 warnings".
func writeSummary(w io.Writer, path string, ds []model.Diagnostic) {
	printf(w, "%s: %s, %s\n", path, say.Count(model.Count(ds, model.Error), "error"), say.Count(model.Count(ds, model.Warning), "warning"))
}

// plural writes a count with its noun: "1 error", "2 errors" (say.Count).
func plural(n int, noun string) string { return say.Count(n, noun) }
