package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"rulebench/analysis/say"
	"rulebench/model"
)

// cmdFlags is one command's flag set with its usage line, so that a usage
// error can print the short usage and --help the whole of it.
type cmdFlags struct {
	*flag.FlagSet
	usage string
	out   io.Writer
}

// newFlags makes a flag set for one command. Its Usage prints the whole
// help (usage, description, flags) to out; parse errors are reported by
// parseFlags, in a sentence and with the short usage.
func newFlags(name, usage, about string, out io.Writer) *cmdFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cf := &cmdFlags{FlagSet: fs, usage: usage, out: out}
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: %s\n\n%s\n", usage, about)
		if hasFlags(fs) {
			fmt.Fprintln(out, "\nflags:")
			fs.SetOutput(out)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	return cf
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// usageError reports bad usage: what was wrong, in a sentence, then the
// short usage and where the help is. It returns exitUsage.
func (fs *cmdFlags) usageError(format string, args ...any) int {
	complain(fs.out, "rulebench: "+format, args...)
	fmt.Fprintf(fs.out, "usage: %s\n", fs.usage)
	helpCmd := "rulebench help"
	if fs.Name() != "rulebench" {
		helpCmd += " " + fs.Name()
	}
	fmt.Fprintf(fs.out, "Run '%s' for more.\n", helpCmd)
	return exitUsage
}

// parseFlags parses args, allowing flags after positional arguments. It
// returns the positional arguments, and an exit code when the command should
// stop (help asked for, or bad usage).
func parseFlags(fs *cmdFlags, args []string) ([]string, int, bool) {
	var positional []string
	full := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error; parseFlags decides what to print
	defer func() { fs.Usage = full }()
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				full()
				return nil, exitOK, true
			}
			return nil, fs.usageError("%s: %v", fs.Name(), err), true
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, 0, false
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// parseArgs parses args like parseFlags and also checks the number of
// positional arguments, saying what is wrong when it is out of range
// (maxN < 0 means no upper bound).
func parseArgs(fs *cmdFlags, args []string, minN, maxN int) ([]string, int, bool) {
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return nil, code, true
	}
	switch {
	case len(pos) < minN && maxN < 0:
		return nil, fs.usageError("%s takes at least one PATH", fs.Name()), true
	case len(pos) < minN:
		return nil, fs.usageError("%s takes one PATH", fs.Name()), true
	case maxN >= 0 && len(pos) > maxN:
		return nil, fs.usageError("%s takes one PATH, not %d: %s", fs.Name(), len(pos), quoteList(pos)), true
	}
	return pos, exitOK, false
}

// quoteList quotes each argument and joins them with spaces.
func quoteList(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}

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

// writeJSON writes a document with schemaVersion 1 added, indented. The
// encoding escapes C0 controls; writeJSON escapes the rest of what
// model.Visible makes visible too (DEL, the C1 controls, the bidirectional
// controls), as \u escapes: the document holds the same strings, and
// printed on a terminal it moves nothing.
func writeJSON(w io.Writer, doc any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := w.Write(escapeControls(b.Bytes()))
	return err
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
			out = fmt.Appendf(out, `\u%04x`, r)
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
		fmt.Fprintf(w, "%s [%s]\n", visible(d.String()), visible(string(d.Code)))
	}
}

// exitFor gives exit 1 when any finding is an error.
func exitFor(ds []model.Diagnostic) int {
	if model.HasErrors(ds) {
		return exitFindings
	}
	return exitOK
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// visible makes file text safe for the terminal.
func visible(s string) string { return model.Visible(s) }

// complain writes one line to w (stderr) with every control character in
// it made visible, as on the screen: a message may quote a path, a flag
// value or an error that quotes them, and none of it reaches the terminal
// raw. The line is the message formatted from format and args.
func complain(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, visible(fmt.Sprintf(format, args...)))
}

// writeSummary ends a text report with the counts of errors and warnings:
// "PATH: 1 error, 2 warnings".
func writeSummary(w io.Writer, path string, ds []model.Diagnostic) {
	fmt.Fprintf(w, "%s: %s, %s\n", visible(path), say.Count(model.Count(ds, model.Error), "error"), say.Count(model.Count(ds, model.Warning), "warning"))
}

// plural writes a count with its noun: "1 error", "2 errors" (say.Count).
func plural(n int, noun string) string { return say.Count(n, noun) }
