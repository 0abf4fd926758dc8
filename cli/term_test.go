package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// The safe writer passes text and line breaks on, and makes visible what
// could move the cursor, change colours or reorder text, in any split of
// the writes.
func TestSafeWriter(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain\ttext\n", "plain\ttext\n"},
		{"café 名前 😀\n", "café 名前 😀\n"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"cr\rback", `cr\rback`},
		{"c1 \u009b2J", `c1 \u009b2J`},
		{"bidi \u202eevil", `bidi \u202eevil`},
		{"mark\u061c tag\U000E0041", `mark\u061c tag\U000e0041`},
		{"bad \xff byte", `bad \xff byte`},
	}
	for _, c := range cases {
		for split := 0; split <= len(c.in); split++ {
			var out bytes.Buffer
			w := newSafeWriter(&out)
			w.Write([]byte(c.in[:split]))
			w.Write([]byte(c.in[split:]))
			w.Flush()
			if out.String() != c.want {
				t.Errorf("%q split at %d: %q, want %q", c.in, split, out.String(), c.want)
				break
			}
		}
	}
	// A character cut short at the very end is shown as its bytes.
	var out bytes.Buffer
	w := newSafeWriter(&out)
	w.Write([]byte("x\xe5\x90"))
	w.Flush()
	if out.String() != `x\xe5\x90` {
		t.Errorf("cut short: %q", out.String())
	}
}

// printf makes its text arguments visible, and keeps what rulebench wrote.
func TestPrintfMakesArgumentsVisible(t *testing.T) {
	got := sprintf("%s: %v, %d; %s\n%s", "a\nb", errors.New("e\x1b[2J"), 7, verbatim("x\ny"), "\u202e")
	want := `a\nb: e\x1b[2J, 7; x` + "\ny\n" + `\u202e`
	if got != want {
		t.Errorf("sprintf: %q, want %q", got, want)
	}
	if strings.ContainsRune(got, 0x1b) {
		t.Errorf("an escape got through: %q", got)
	}
}
