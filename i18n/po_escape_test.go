package i18n

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
)

// poEscape is one msgstr and how it reads: in rulebench (ReadPO) and in
// GNU msgfmt 0.21, as measured with msgfmt and the .mo file it writes.
type poEscape struct {
	// po is the text between the quotes of msgstr "...".
	po string
	// want is what ReadPO reads, when wantOK; otherwise ReadPO refuses
	// the file with code at the column of po's first backslash.
	want   string
	wantOK bool
	code   model.Code
	// gnu is what msgfmt reads, when gnuOK; otherwise msgfmt refuses the
	// file.
	gnu   string
	gnuOK bool
}

// readBoth is an escape that both read the same way.
func readBoth(po, want string) poEscape {
	return poEscape{po: po, want: want, wantOK: true, gnu: want, gnuOK: true}
}

// refusedByBoth is an escape both refuse.
func refusedByBoth(po string) poEscape { return poEscape{po: po, code: CodePOSyntax} }

// poEscapes are the escapes of msgfmt's lexer (po-lex.c, control_sequence)
// as msgfmt 0.21 reads them: \n \t \b \r \f \v \a \\ \" as in C; octal
// with one to three digits and hexadecimal with every hexadecimal digit
// that follows, each keeping the low byte of the value; every other
// escape an "invalid control sequence". The last rows are where
// rulebench is stricter than msgfmt, and why.
var poEscapes = []poEscape{
	readBoth(`a\nb`, "a\nb"), // not at the start or end, where msgfmt wants msgid alike
	readBoth(`\t`, "\t"),
	readBoth(`\b`, "\b"),
	readBoth(`\r`, "\r"),
	readBoth(`\f`, "\f"),
	readBoth(`\v`, "\v"),
	readBoth(`\a`, "\a"),
	readBoth(`a\\b`, `a\b`),
	readBoth(`a\"b`, `a"b`),
	// Octal: one to three digits, the rest of the text as it is.
	readBoth(`\101`, "A"),
	readBoth(`\1012`, "A2"),
	readBoth(`\0012`, "\x012"),
	readBoth(`\18`, "\x018"),
	readBoth(`\1b\2`, "\x01b\x02"),
	readBoth(`\7`, "\a"),
	readBoth(`\77?`, "??"),
	readBoth(`\303\251`, "é"),
	// Over 0377, the low byte: \703 is 0x1c3, so 0xc3, and \651 0xa9.
	readBoth(`\703\651`, "é"),
	// Hexadecimal: every digit that follows, the low byte of the value.
	readBoth(`\x41`, "A"),
	readBoth(`\x0041`, "A"),
	readBoth(`\x00000041`, "A"),
	readBoth(`\x41g`, "Ag"),
	readBoth(`\xc3\xA9`, "é"),
	readBoth(`\x1c3\x2a9`, "é"),
	readBoth(`\xC2\x41BC`, "¼"), // \x41BC is 0xbc
	readBoth(`\x123456789abcdef41`, "A"),
	readBoth("\t raw tab", "\t raw tab"),
	// Refused by both.
	refusedByBoth(`it\'s`),
	refusedByBoth(`why\?`),
	refusedByBoth(`\e[31m`),
	refusedByBoth(`\q`),
	refusedByBoth(`\u00e9`),
	refusedByBoth(`\U0001F600`),
	refusedByBoth(`\N`),
	refusedByBoth(`\X41`),
	refusedByBoth(`\x`),
	refusedByBoth(`\xg`),
	refusedByBoth(`\xé`),
	refusedByBoth(`\8`),
	refusedByBoth(`\%`),
	refusedByBoth(`a\ b`),
	// msgfmt ends the string at a NUL, silently; rulebench refuses it.
	{po: `a\0b`, code: CodePOSyntax, gnu: "a", gnuOK: true},
	{po: `a\400b`, code: CodePOSyntax, gnu: "a", gnuOK: true},
	{po: `a\x100 b`, code: CodePOSyntax, gnu: "a", gnuOK: true},
	// msgfmt joins the next line on after a backslash that ends a line;
	// rulebench, which reads a line at a time, refuses it.
	{po: "a\\\nb", code: CodePOSyntax, gnu: "ab", gnuOK: true},
	// Bytes that are not UTF-8 msgfmt keeps; rulebench refuses them.
	{po: `a\377`, code: CodePOEncoding, gnu: "a\xff", gnuOK: true},
	{po: `a\x41BC`, code: CodePOEncoding, gnu: "a\xbc", gnuOK: true},
}

// poEscapeFile is a PO file whose one message, msgid "k", has msgstr
// "po".
func poEscapeFile(po string) []byte {
	return []byte("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"k\"\nmsgstr \"" + po + "\"\n")
}

func TestReadPOEscapes(t *testing.T) {
	for _, c := range poEscapes {
		po, ds := ReadPO("e.po", poEscapeFile(c.po))
		switch {
		case c.wantOK && (len(ds) > 0 || len(po.Entries) != 1):
			t.Errorf("%q: %v", c.po, ds)
		case c.wantOK && po.Entries[0].Translation() != c.want:
			t.Errorf("%q reads as %q, want %q", c.po, po.Entries[0].Translation(), c.want)
		case !c.wantOK:
			// msgstr " is 8 columns.
			col := 9 + strings.IndexByte(c.po, '\\')
			if c.code == CodePOEncoding {
				col = 8 // the string
			}
			if len(ds) == 0 || ds[0].Code != c.code || ds[0].Line != 5 || ds[0].Column != col || ds[0].Severity != model.Error {
				t.Errorf("%q: %v; want %s at 5:%d", c.po, ds, c.code, col)
			}
		}
	}
}

// TestReadPOEscapesMsgfmt checks the table of escapes against msgfmt
// itself, when gettext is installed: what it refuses, and the bytes of
// what it reads, from the .mo file it writes.
func TestReadPOEscapesMsgfmt(t *testing.T) {
	msgfmt, err := exec.LookPath("msgfmt")
	if err != nil {
		t.Skip("msgfmt is not installed (apt-get install gettext); the table stands as measured with msgfmt 0.21")
	}
	dir := t.TempDir()
	for i, c := range poEscapes {
		name := filepath.Join(dir, "e.po")
		mo := filepath.Join(dir, "e.mo")
		if err := os.WriteFile(name, poEscapeFile(c.po), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(mo)
		// Not --check, whose test that msgid and msgstr begin and end
		// alike is not about escapes.
		out, err := exec.Command(msgfmt, "-o", mo, name).CombinedOutput()
		if !c.gnuOK {
			if err == nil {
				t.Errorf("row %d: msgfmt reads %q, which the table says it refuses", i, c.po)
			}
			continue
		}
		if err != nil {
			t.Errorf("row %d: msgfmt refuses %q: %v\n%s", i, c.po, err, out)
			continue
		}
		data, err := os.ReadFile(mo)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := moLookup(data, "k")
		if !ok || got != c.gnu {
			t.Errorf("row %d: msgfmt reads %q as %q (found %v), the table says %q", i, c.po, got, ok, c.gnu)
		}
	}
}

// moLookup finds the translation of id in a GNU .mo file: a magic number
// giving the byte order, then the count of strings and the offsets of
// the tables of (length, offset) pairs of the originals and translations.
func moLookup(data []byte, id string) (string, bool) {
	if len(data) < 20 {
		return "", false
	}
	var order binary.ByteOrder = binary.LittleEndian
	if binary.BigEndian.Uint32(data) == 0x950412de {
		order = binary.BigEndian
	}
	word := func(at uint32) uint32 {
		if uint64(at)+4 > uint64(len(data)) {
			return 0
		}
		return order.Uint32(data[at:])
	}
	text := func(table, i uint32) []byte {
		n, off := word(table+8*i), word(table+8*i+4)
		if uint64(off)+uint64(n) > uint64(len(data)) {
			return nil
		}
		return data[off : off+n]
	}
	count, originals, translations := word(8), word(12), word(16)
	for i := uint32(0); i < count; i++ {
		if bytes.Equal(text(originals, i), []byte(id)) {
			return string(text(translations, i)), true
		}
	}
	return "", false
}
