package i18n

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"rulebench/model"
)

const samplePO = "\xef\xbb\xbf# Header comment\r\n" + `msgid ""
msgstr ""
"Language: pt_BR\n"
"Content-Type: text/plain; charset=UTF-8\n"

# A translator's note
#. sheet.sections.0.label
#: ruleset.json:12 catalogs/knacks.json:40
#: ruleset.json:99
#, fuzzy, c-format
msgid "Who they are"
msgstr "Quem são"

msgctxt "package.name"
msgid "Lantern Road"
msgstr ""
"Estrada "
"das Lanternas"

msgid ""
"two\n"
"lines"
msgstr "tab\there \"q\" back\\slash \101\x42 \u00e9 — 緑"

#~ msgid "obsolete"
#~ msgstr "gone"

msgid "one"
msgid_plural "many"
msgstr[0] "um"
msgstr[1] "muitos"
`

func TestReadPO(t *testing.T) {
	po, ds := ReadPO("x.po", []byte(strings.ReplaceAll(samplePO, `\u00e9`, "é")))
	if len(ds) > 0 {
		t.Fatalf("findings: %v", ds)
	}
	if lang, _ := po.HeaderValue("language"); lang != "pt_BR" || !slices.Equal(po.Comments, []string{"Header comment"}) {
		t.Errorf("header: %q, comments %q", lang, po.Comments)
	}
	want := []POEntry{
		{ID: "Who they are", Str: []string{"Quem são"}, Comments: []string{"A translator's note"}, Extracted: []string{"sheet.sections.0.label"},
			References: []string{"ruleset.json:12", "catalogs/knacks.json:40", "ruleset.json:99"}, Flags: []string{"fuzzy", "c-format"}, Line: 12},
		{Context: "package.name", HasContext: true, ID: "Lantern Road", Str: []string{"Estrada das Lanternas"}, Line: 16},
		{ID: "two\nlines", Str: []string{"tab\there \"q\" back\\slash AB é — 緑"}, Line: 21},
		{ID: "one", Plural: "many", HasPlural: true, Str: []string{"um", "muitos"}, Line: 29},
	}
	if len(po.Entries) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(po.Entries), len(want), po.Entries)
	}
	for i, w := range want {
		if !samePOEntry(po.Entries[i], w) || po.Entries[i].Line != w.Line {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, po.Entries[i], w)
		}
	}
	if !po.Entries[0].Fuzzy() || po.Entries[1].Fuzzy() {
		t.Error("fuzzy flag misread")
	}
}

func samePOEntry(a, b POEntry) bool {
	return a.Context == b.Context && a.HasContext == b.HasContext && a.ID == b.ID && a.Plural == b.Plural && a.HasPlural == b.HasPlural &&
		slices.Equal(a.Str, b.Str) && slices.Equal(a.Comments, b.Comments) && slices.Equal(a.Extracted, b.Extracted) &&
		slices.Equal(a.References, b.References) && slices.Equal(a.Flags, b.Flags)
}

func TestReadPOFindings(t *testing.T) {
	for _, c := range []struct {
		name, text string
		code       model.Code
		line       int
	}{
		{"unknown keyword", "msgid \"a\"\nmsgstr \"b\"\nmsgfoo \"c\"\n", CodePOSyntax, 3},
		{"no closing quote", "msgid \"a\nmsgstr \"b\"\n", CodePOSyntax, 1},
		{"no msgstr", "msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"c\"\n", CodePOSyntax, 1},
		{"stray string", "\"a\"\n", CodePOSyntax, 1},
		{"bad escape", "msgid \"a\\q\"\nmsgstr \"\"\n", CodePOSyntax, 1},
		{"text after the quote", "msgid \"a\" x\nmsgstr \"\"\n", CodePOSyntax, 1},
		{"msgstr twice", "msgid \"a\"\nmsgstr \"b\"\nmsgstr \"c\"\n", CodePOSyntax, 3},
		{"plural index out of order", "msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"c\"\n", CodePOSyntax, 3},
		{"NUL escape", "msgid \"a\"\nmsgstr \"\\0\"\n", CodePOSyntax, 2},
		{"escape not UTF-8", "msgid \"a\"\nmsgstr \"\\377\"\n", CodePOEncoding, 2},
		{"file not UTF-8", "msgid \"a\"\nmsgstr \"\xff\"\n", CodePOEncoding, 2},
		{"latin-1 charset", "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n", CodePOEncoding, 1},
		{"second header", "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"\"\nmsgstr \"\"\n", CodePOSyntax, 4},
		{"msgctxt alone", "msgctxt \"a\"\n", CodePOSyntax, 1},
	} {
		// The same file with each kind of line break: \n, \r\n, and a
		// lone \r.
		for _, nl := range []string{"\n", "\r\n", "\r"} {
			_, ds := ReadPO("x.po", []byte(strings.ReplaceAll(c.text, "\n", nl)))
			if len(ds) == 0 || ds[0].Code != c.code || ds[0].Line != c.line || ds[0].Severity != model.Error || ds[0].File != "x.po" {
				t.Errorf("%s, lines ending in %q: %v; want %s at line %d", c.name, nl, ds, c.code, c.line)
			}
		}
	}
}

// Every string survives a write and a read: quotes, backslashes, line
// breaks (at the start, middle and end), tabs, control characters and
// non-Latin text.
func TestPORoundTripStrings(t *testing.T) {
	for _, s := range []string{
		"plain", `"quoted"`, `back\slash\`, "a\nb", "\nlead", "trail\n", "\n\n", "tab\tin", "\r\a\b\f\v\x01\x7f",
		"Лежащий", "火の矢", "عربي", "emoji 🐉", `\n not a newline`, "",
	} {
		po := &PO{Header: []POField{{"Language", "fr"}}, Entries: []POEntry{{ID: "id " + s, Str: []string{s}}, {Context: s, HasContext: true, ID: "x", Str: []string{""}}}}
		back, ds := ReadPO("x.po", po.Bytes())
		if len(ds) > 0 || len(back.Entries) != 2 {
			t.Fatalf("%q: %v\n%s", s, ds, po.Bytes())
		}
		if e := back.Entries[0]; e.ID != "id "+s || e.Translation() != s {
			t.Errorf("%q came back as %q, %q", s, e.ID, e.Translation())
		}
		if e := back.Entries[1]; e.Context != s || !e.HasContext {
			t.Errorf("context %q came back as %q", s, e.Context)
		}
	}
}

// FuzzReadPO: reading never panics and every finding is an error with a
// line; a file read without findings, written again and read back, gives
// the same header and messages: the strings exactly, the comments after
// the replacement of their control characters that PO.Bytes documents
// (asWritten).
func FuzzReadPO(f *testing.F) {
	f.Add([]byte(samplePO))
	f.Add([]byte("msgid \"a\"\nmsgstr \"b\"\n"))
	f.Add([]byte("msgctxt \"c\"\nmsgid \"\"\n\"x\\ny\"\nmsgstr[0] \"\"\n"))
	f.Add([]byte("#, fuzzy\n#: a:1\nmsgid \"\\x41\\101\"\nmsgstr \"\\t\"\n"))
	f.Add([]byte("# \u202e\x01x\n#. \x7fy\x02\n#: a\x03b c\n#, f\x04, \u0085\nmsgid \"\\xC2\\x41BC\\xc3\\251\"\nmsgstr \"\\703\\651\"\n"))
	f.Add([]byte("msgid \"a\"\nmsgstr \"b\"\n\n#~ msgid \"old\"\n#~ msgstr \"\"\n#~ \"x\\n\"\n"))
	f.Add([]byte("#, fuzzy\n#| msgid \"o\"\n#| \"p\"\nmsgid \"n\"\nmsgstr \"x\"\n#~ msgctxt \"c\"\n#~ msgid \"\"\n#~ msgstr \"h\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		po, ds := ReadPO("f.po", data)
		for _, d := range ds {
			if d.Line < 1 || d.Severity != model.Error {
				t.Fatalf("finding without a line: %+v", d)
			}
		}
		if model.HasErrors(ds) {
			return
		}
		again, ds2 := ReadPO("f.po", po.Bytes())
		if len(ds2) > 0 {
			t.Fatalf("the file written again has findings: %v\n%s", ds2, po.Bytes())
		}
		if len(again.Obsolete) != len(po.Obsolete) {
			t.Fatalf("%d obsolete messages came back, want %d\n%s", len(again.Obsolete), len(po.Obsolete), po.Bytes())
		}
		if len(again.Entries) != len(po.Entries) || !slices.Equal(again.Header, po.Header) {
			t.Fatalf("%d entries came back, want %d; header %v, want %v", len(again.Entries), len(po.Entries), again.Header, po.Header)
		}
		if want := mapComments(po.Comments); !slices.Equal(again.Comments, want) {
			t.Fatalf("header comments %q came back as %q", want, again.Comments)
		}
		for i := range po.Entries {
			if want := asWritten(po.Entries[i]); !samePOEntry(again.Entries[i], want) {
				t.Fatalf("entry %d:\n got %+v\nwant %+v\n%s", i, again.Entries[i], want, po.Bytes())
			}
		}
	})
}

// asWritten is e as PO.Bytes writes it and ReadPO reads it back: the
// strings as they are; in the comments each control character (and each
// character model.Escaped) a space, the extracted comments and flags then
// trimmed (and a flag left empty gone), the references split at spaces.
func asWritten(e POEntry) POEntry {
	trimmed := func(list []string) []string {
		var out []string
		for _, s := range list {
			if s = strings.TrimSpace(commentText(s)); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	e.Comments = mapComments(e.Comments)
	extracted := e.Extracted
	e.Extracted = nil
	for _, s := range extracted {
		e.Extracted = append(e.Extracted, strings.TrimSpace(commentText(s)))
	}
	e.Flags = trimmed(e.Flags)
	var refs []string
	for _, s := range e.References {
		refs = append(refs, strings.Fields(commentText(s))...)
	}
	e.References = refs
	return e
}

// mapComments is translator comments as written and read back: each
// control character a space.
func mapComments(list []string) []string {
	var out []string
	for _, s := range list {
		out = append(out, commentText(s))
	}
	return out
}

// FuzzPOString: any UTF-8 text without NUL written as a msgid and msgstr
// reads back the same.
func FuzzPOString(f *testing.F) {
	for _, s := range []string{"a", "\"\\\n\t", "é\n", "\n", "\x1b[31m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 || s == "" {
			return
		}
		po := &PO{Entries: []POEntry{{ID: s, Str: []string{s}, Comments: []string{s}}}}
		back, ds := ReadPO("f.po", po.Bytes())
		if len(ds) > 0 || len(back.Entries) != 1 || back.Entries[0].ID != s || back.Entries[0].Translation() != s {
			t.Fatalf("%q: %v %+v\n%s", s, ds, back.Entries, po.Bytes())
		}
	})
}

// FuzzMergePO: merging any readable PO into a locale file never panics,
// and the result is a locale file that parses, whose every value is text,
// holding each translation the PO gives a display string.
func FuzzMergePO(f *testing.F) {
	ws := bigWorkspace(f, 40, []string{"fr"})
	r := Analyze(ws)
	po, _ := BuildPO(ws, r, "fr", POOptions{})
	f.Add(po.Bytes())
	f.Add([]byte("msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"Big\"\nmsgstr \"Grand \\\"x\\\"\\n\"\n"))
	f.Add([]byte("msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"Catalog 1\"\nmsgstr \"Katalog\"\n"))
	f.Add([]byte("msgid \"a\"\nmsgstr \"b\"\n\n#~ msgid \"old\"\n#~ msgstr \"\"\n#~ \"x\\n\"\n"))
	f.Add([]byte("#, fuzzy\n#| msgid \"o\"\n#| \"p\"\nmsgid \"n\"\nmsgstr \"x\"\n#~ msgctxt \"c\"\n#~ msgid \"\"\n#~ msgstr \"h\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		po, ds := ReadPO("f.po", data)
		if model.HasErrors(ds) {
			return
		}
		m, err := MergePO(ws, r, po, "f.po")
		if err != nil {
			return
		}
		l, lds := ParseLocale(m.Target, m.Lang, m.Data, false)
		for _, d := range lds {
			if d.Severity == model.Error && d.Code != CodeLocaleMeta {
				t.Fatalf("the merged file has an error: %v\n%s", d, m.Data)
			}
		}
		first := map[string]bool{}
		for _, e := range po.Entries {
			if e.HasContext || e.HasPlural || e.Fuzzy() || first[e.ID] {
				first[e.ID] = true
				continue
			}
			first[e.ID] = true
			if _, current := r.Index(e.ID); !current {
				continue
			}
			k, ok := l.Lookup(e.ID)
			if e.Translation() != "" && (!ok || k.Value != e.Translation()) {
				t.Fatalf("%q: the file has %q, the PO %q", e.ID, k.Value, e.Translation())
			}
		}
	})
}

// TestPOKeepsControlsOffTheScreen writes strings, comments, references
// and flags holding C1 and bidirectional controls: the PO text holds none
// of them raw (the strings have octal escapes, the comments spaces), and
// reads back as the same strings.
func TestPOKeepsControlsOffTheScreen(t *testing.T) {
	text := "a\u009b31mb \u202eevil\u202c \u200fé 緑"
	po := &PO{Entries: []POEntry{{ID: text, Str: []string{text}, Comments: []string{"note " + text},
		Extracted: []string{text}, References: []string{"sheet.fields.0\u009b.label"}, Flags: []string{"fuzzy", "x\u202ey"}}}}
	out := po.Bytes()
	for _, r := range string(out) {
		if r != '\n' && model.Escaped(r) {
			t.Fatalf("the PO text holds U+%04X raw:\n%s", r, out)
		}
	}
	if !strings.Contains(string(out), `\302\233`) || !strings.Contains(string(out), "é 緑") {
		t.Errorf("want octal escapes for the controls and the other characters as they are:\n%s", out)
	}
	back, ds := ReadPO("c.po", out)
	if len(ds) > 0 || len(back.Entries) != 1 || back.Entries[0].ID != text || back.Entries[0].Translation() != text {
		t.Fatalf("read back %v %+v", ds, back.Entries)
	}
}
