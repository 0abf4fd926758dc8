package cli

import (
	"fmt"
	"io"
	"unicode/utf8"

	"rulebench/model"
)

// Text from files (names, labels, ids, messages quoting them) reaches the
// terminal only through printf and sprintf, which make every argument
// visible, and through safeWriter, which every output stream of the
// program is wrapped in. The format strings are rulebench's own.

// verbatim is text rulebench wrote itself, possibly over several lines,
// that printf passes on as it is (safeWriter still guards it).
type verbatim string

// visibleArgs returns args with every one that carries text made visible:
// strings, errors, Stringers and byte slices. Numbers and the rest are
// left to fmt.
func visibleArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case verbatim:
			out[i] = string(v)
		case string:
			out[i] = model.Visible(v)
		case model.Code:
			out[i] = model.Visible(string(v))
		case []byte:
			out[i] = model.Visible(string(v))
		case error:
			out[i] = model.Visible(v.Error())
		case fmt.Stringer:
			out[i] = model.Visible(v.String())
		default:
			out[i] = a
		}
	}
	return out
}

// printf writes format to w with every text argument made visible.
func printf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, format, visibleArgs(args)...)
}

// sprintf formats like printf, into a string.
func sprintf(format string, args ...any) string {
	return fmt.Sprintf(format, visibleArgs(args)...)
}

// visible makes file text safe for the terminal.
func visible(s string) string { return model.Visible(s) }

// complain writes one line to w (stderr) with every control character in
// it made visible, as on the screen: a message may quote a path, a flag
// value or an error that quotes them, and none of it reaches the terminal
// raw. The line is the message formatted from format and args.
func complain(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, model.Visible(fmt.Sprintf(format, args...)))
}

// safeWriter passes text on with every control character but line breaks
// and tabs, every escape sequence and bidirectional control, and every
// byte that is not UTF-8 made visible: whatever slips past printf cannot
// move the cursor or change colours. A character split between two writes
// is held until the next.
type safeWriter struct {
	w     io.Writer
	carry []byte
}

// newSafeWriter wraps w, unless it is one already.
func newSafeWriter(w io.Writer) *safeWriter {
	if sw, ok := w.(*safeWriter); ok {
		return sw
	}
	return &safeWriter{w: w}
}

// Flush writes what is held of a character cut short by the end of the
// output, as visible bytes.
func (s *safeWriter) Flush() error {
	if len(s.carry) == 0 {
		return nil
	}
	_, err := io.WriteString(s.w, model.Visible(string(s.carry)))
	s.carry = nil
	return err
}

func (s *safeWriter) Write(p []byte) (int, error) {
	data := p
	if len(s.carry) > 0 {
		data = append(s.carry, p...)
		s.carry = nil
	}
	var out []byte
	last := 0
	for i := 0; i < len(data); {
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 && !utf8.FullRune(data[i:]) {
			s.carry = append([]byte(nil), data[i:]...)
			out = append(out, data[last:i]...)
			last = len(data)
			break
		}
		if c < 0x80 || model.Escaped(r) {
			out = append(out, data[last:i]...)
			out = append(out, model.Visible(string(data[i:i+size]))...)
			last = i + size
		}
		i += size
	}
	if out == nil && last == 0 {
		if _, err := s.w.Write(data); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	out = append(out, data[last:]...)
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
