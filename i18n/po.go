package i18n

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"rulebench/model"
)

// This file reads and writes gettext PO files, the format translators'
// tools (Poedit, Weblate, Crowdin) read. No well-kept Go library for PO
// gives the line of each entry and an error for each malformed line, which
// findings need, so the reader is this small one, fuzzed in po_test.go.

// MaxPOBytes bounds a PO file; a larger one is refused unread.
const MaxPOBytes = 16 * 1024 * 1024

// PO is a gettext PO file: its header and its messages.
type PO struct {
	// Comments are the header entry's translator comments.
	Comments []string
	// Header is the header entry's fields ("Language", "Content-Type"...)
	// in order.
	Header []POField
	// Entries are the messages after the header, obsolete ones (#~) left
	// out.
	Entries []POEntry
	// Obsolete are the obsolete messages (#~): translations of strings
	// the ruleset no longer has, kept so that they come back with their
	// string, as gettext keeps them.
	Obsolete []POEntry
}

// POField is one field of a PO header.
type POField struct{ Key, Value string }

// POEntry is one message of a PO file.
type POEntry struct {
	// Context is the msgctxt, when HasContext.
	Context    string
	HasContext bool
	ID         string
	// Plural is the msgid_plural, when HasPlural.
	Plural    string
	HasPlural bool
	// Str is the msgstr, or msgstr[0], msgstr[1]... of a plural entry.
	Str []string
	// Comments (# ), Extracted (#.), References (#: items) and Flags (#,).
	Comments, Extracted, References, Flags []string
	// Previous is the msgid the translation was made for (#| msgid), when
	// HasPrevious: with the fuzzy flag, a translation proposed from
	// another string, to be reviewed.
	Previous    string
	HasPrevious bool
	// Line is the line of the entry's msgid.
	Line int
	// obsolete marks an entry read from #~ lines.
	obsolete bool
}

// Fuzzy tells whether the entry is marked fuzzy (to be reviewed): gettext
// does not use its translation.
func (e *POEntry) Fuzzy() bool {
	for _, f := range e.Flags {
		if f == "fuzzy" {
			return true
		}
	}
	return false
}

// Translation is the entry's msgstr ("" when it has none).
func (e *POEntry) Translation() string {
	if len(e.Str) == 0 {
		return ""
	}
	return e.Str[0]
}

// HeaderValue returns the value of a header field, matched without regard
// to case.
func (p *PO) HeaderValue(key string) (string, bool) {
	for _, f := range p.Header {
		if strings.EqualFold(f.Key, key) {
			return f.Value, true
		}
	}
	return "", false
}

// poReader reads a PO file line by line.
type poReader struct {
	name string
	po   *PO
	ds   []model.Diagnostic
	// cur is the entry being read; part the keyword whose string the next
	// continuation line extends ("" before any), and text that string as
	// read so far, put into cur by flush: a string of many continuation
	// lines is built in one buffer, not copied again for each line.
	cur       *POEntry
	part      string
	text      strings.Builder
	started   bool // cur has a keyword
	headerSet bool
	seenIDs   bool
	// prevOpen tells that the last #| line was a msgid, which a #| "..."
	// line continues.
	prevOpen bool
}

func (r *poReader) errorf(line, col int, path string, code model.Code, format string, args ...any) {
	d := model.Errorf(r.name, path, code, format, args...)
	d.Category, d.Line, d.Column = model.Translations, line, col
	r.ds = append(r.ds, d)
}

// ReadPO reads a PO file. A malformed line is an error finding, and the
// file's messages are then not to be trusted: the caller writes nothing.
// The file must be UTF-8 (a header naming another charset is an error).
func ReadPO(name string, data []byte) (*PO, []model.Diagnostic) {
	r := &poReader{name: name, po: &PO{}}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		line := 1
		for rest := data[:firstInvalid(data)]; len(rest) > 0; line++ {
			if _, rest = nextLine(rest); len(rest) == 0 {
				break
			}
		}
		r.errorf(line, 1, "(file)", CodePOEncoding, "the file is not UTF-8; save it as UTF-8")
		return r.po, r.ds
	}
	r.cur = &POEntry{}
	n := 0
	for len(data) > 0 {
		n++
		var line []byte
		line, data = nextLine(data)
		r.line(n, string(line))
	}
	r.finish(n)
	r.checkHeader()
	return r.po, r.ds
}

// firstInvalid returns the offset of the first byte that is not UTF-8.
func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

func (r *poReader) line(n int, text string) {
	trimmed := strings.TrimLeft(text, " \t")
	col := len(text) - len(trimmed) + 1
	switch {
	case trimmed == "":
		return
	case strings.HasPrefix(trimmed, "#~|"), strings.HasPrefix(trimmed, "#|"):
		r.previous(n, strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(trimmed, "#~"), "#|"), " \t"))
		return
	case strings.HasPrefix(trimmed, "#~"):
		// An obsolete message: read as a message, then kept apart.
		rest := strings.TrimLeft(strings.TrimPrefix(trimmed, "#~"), " \t")
		if rest == "" || strings.HasPrefix(rest, "#") {
			return
		}
		r.line(n, rest)
		r.cur.obsolete = true
		return
	case strings.HasPrefix(trimmed, "#"):
		if r.started {
			r.finish(n)
		}
		r.comment(trimmed)
		return
	case strings.HasPrefix(trimmed, `"`):
		if r.part == "" {
			r.errorf(n, col, "(file)", CodePOSyntax, "a string with no msgid, msgstr or msgctxt before it")
			return
		}
		s, ok := r.quoted(n, col, trimmed)
		if ok {
			r.extend(s)
		}
		return
	}
	word := trimmed
	if i := strings.IndexAny(trimmed, " \t\""); i >= 0 {
		word = trimmed[:i]
	}
	rest := strings.TrimLeft(trimmed[len(word):], " \t")
	restCol := col + len(trimmed) - len(rest)
	r.flush()
	switch {
	case word == "msgctxt":
		if r.started {
			r.finish(n)
		}
		r.cur.HasContext = true
	case word == "msgid":
		if r.cur.Line > 0 {
			r.finish(n)
		}
		r.cur.Line = n
	case word == "msgid_plural":
		if r.cur.Line == 0 || r.cur.HasPlural || len(r.cur.Str) > 0 {
			r.errorf(n, col, word, CodePOSyntax, "msgid_plural belongs after a msgid and before its msgstr")
			return
		}
		r.cur.HasPlural = true
	case word == "msgstr" || strings.HasPrefix(word, "msgstr["):
		if r.cur.Line == 0 {
			r.errorf(n, col, word, CodePOSyntax, "%s with no msgid before it", word)
			return
		}
		want := fmt.Sprintf("msgstr[%d]", len(r.cur.Str))
		switch {
		case word == "msgstr" && (r.cur.HasPlural || len(r.cur.Str) > 0),
			word != "msgstr" && (!r.cur.HasPlural || word != want):
			r.errorf(n, col, word, CodePOSyntax, "%s is out of place: a message has one msgstr, or msgstr[0], msgstr[1]... after a msgid_plural", word)
			return
		}
		r.cur.Str = append(r.cur.Str, "")
	default:
		r.errorf(n, col, "(file)", CodePOSyntax, "%q is not a PO keyword (msgctxt, msgid, msgid_plural, msgstr) or a comment", truncate(word, 40))
		return
	}
	r.started = true
	r.part = word
	if s, ok := r.quoted(n, restCol, rest); ok {
		r.extend(s)
	}
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// previous reads a #| line: the msgid the translation was made for (its
// first line, or a continuation of it); #| msgctxt and #| msgid_plural are
// read past.
func (r *poReader) previous(n int, text string) {
	if r.started {
		r.finish(n)
	}
	e := r.cur
	switch {
	case strings.HasPrefix(text, "msgid") && !strings.HasPrefix(text, "msgid_plural"):
		e.HasPrevious, e.Previous = true, ""
		text = strings.TrimLeft(strings.TrimPrefix(text, "msgid"), " \t")
		r.prevOpen = true
	case strings.HasPrefix(text, `"`) && r.prevOpen:
	default:
		r.prevOpen = false
		return
	}
	part := r.part
	r.part = "#| msgid"
	s, ok := r.quoted(n, 1, text)
	r.part = part
	if ok {
		e.Previous += s
	}
}

// extend appends s to the string of the current keyword.
func (r *poReader) extend(s string) { r.text.WriteString(s) }

// flush appends the text read for the current keyword to its string in
// cur, before another keyword or the end of the entry.
func (r *poReader) flush() {
	if r.text.Len() == 0 {
		return
	}
	s := r.text.String()
	r.text.Reset()
	switch e := r.cur; {
	case r.part == "msgctxt":
		e.Context += s
	case r.part == "msgid":
		e.ID += s
	case r.part == "msgid_plural":
		e.Plural += s
	default:
		e.Str[len(e.Str)-1] += s
	}
}

func (r *poReader) comment(text string) {
	e := r.cur
	body := func(prefix string) string { return strings.TrimSpace(strings.TrimPrefix(text, prefix)) }
	switch {
	case strings.HasPrefix(text, "#."):
		e.Extracted = append(e.Extracted, body("#."))
	case strings.HasPrefix(text, "#:"):
		e.References = append(e.References, strings.Fields(body("#:"))...)
	case strings.HasPrefix(text, "#,"):
		for _, f := range strings.Split(body("#,"), ",") {
			if f = strings.TrimSpace(f); f != "" {
				e.Flags = append(e.Flags, f)
			}
		}
	default:
		e.Comments = append(e.Comments, strings.TrimPrefix(strings.TrimPrefix(text, "#"), " "))
	}
}

// finish ends the current entry: the header, or a message.
func (r *poReader) finish(n int) {
	r.flush()
	e := r.cur
	r.cur, r.part, r.started, r.prevOpen = &POEntry{}, "", false, false
	if e.Line == 0 {
		if e.HasContext {
			r.errorf(n, 1, "msgctxt", CodePOSyntax, "a msgctxt with no msgid after it")
		}
		// Comments alone (at the end of the file, say) are not a message.
		if len(r.po.Entries) == 0 && !r.headerSet {
			r.po.Comments = append(r.po.Comments, e.Comments...)
		}
		return
	}
	if len(e.Str) == 0 {
		r.errorf(e.Line, 1, "msgid", CodePOSyntax, "a msgid with no msgstr")
		return
	}
	if e.obsolete {
		r.po.Obsolete = append(r.po.Obsolete, *e)
		return
	}
	if e.ID == "" && !e.HasContext {
		if r.headerSet || r.seenIDs {
			r.errorf(e.Line, 1, "msgid", CodePOSyntax, "an empty msgid is the header, which comes first and once")
			return
		}
		r.headerSet = true
		r.po.Comments = append(r.po.Comments, e.Comments...)
		r.po.Header = parseHeader(e.Translation())
		return
	}
	r.seenIDs = true
	r.po.Entries = append(r.po.Entries, *e)
}

// parseHeader reads the "Key: value" lines of a header.
func parseHeader(s string) []POField {
	var out []POField
	for _, line := range strings.Split(s, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(k) == "" {
			continue
		}
		out = append(out, POField{Key: strings.TrimSpace(k), Value: strings.TrimSpace(v)})
	}
	return out
}

// checkHeader refuses a charset other than UTF-8.
func (r *poReader) checkHeader() {
	ct, ok := r.po.HeaderValue("Content-Type")
	if !ok {
		return
	}
	_, cs, found := strings.Cut(strings.ToLower(ct), "charset=")
	if cs = strings.TrimSpace(cs); found && cs != "utf-8" && cs != "utf8" && cs != "charset" {
		r.errorf(1, 1, "header", CodePOEncoding, "the header's charset is %s; rulebench reads UTF-8 PO files only", truncate(cs, 20))
	}
}

// quoted reads the one quoted string that text must be (after a keyword,
// or a continuation line), with the escapes GNU msgfmt reads, byte for
// byte as it reads them: \n \t \b \r \f \v \a \\ \", octal \NNN (one
// to three digits) and hexadecimal \xH... (every hexadecimal digit that
// follows), both of which give the value's low byte. Any other escape (\'
// and \? too) is an error, as in msgfmt; so is a backslash ending the
// line, which msgfmt reads as joining the next line on, and a NUL, where
// msgfmt cuts the string short.
func (r *poReader) quoted(n, col int, text string) (string, bool) {
	if !strings.HasPrefix(text, `"`) {
		r.errorf(n, col, r.part, CodePOSyntax, "expected a string in double quotes")
		return "", false
	}
	var b strings.Builder
	b.Grow(len(text))
	i := 1
	for {
		if i >= len(text) {
			r.errorf(n, col, r.part, CodePOSyntax, "the string has no closing quote")
			return "", false
		}
		c := text[i]
		if c == '"' {
			break
		}
		if c != '\\' {
			if c == 0 {
				r.errorf(n, col+i, r.part, CodePOSyntax, poNUL)
				return "", false
			}
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(text) {
			r.errorf(n, col+i, r.part, CodePOSyntax, "a backslash at the end of the line; end the string with a quote and go on in a new quoted string on the next line")
			return "", false
		}
		e := text[i+1]
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'b':
			b.WriteByte('\b')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'a':
			b.WriteByte('\a')
		case '\\', '"':
			b.WriteByte(e)
		case 'x':
			// All the hexadecimal digits that follow, however many; the
			// byte is the value's low eight bits, as msgfmt stores it.
			j := i + 2
			var v byte
			for j < len(text) && isHex(text[j]) {
				v = v<<4 | hexValue(text[j])
				j++
			}
			if j == i+2 {
				r.errorf(n, col+i, r.part, CodePOSyntax, `\x needs hexadecimal digits (msgfmt refuses it without)`)
				return "", false
			}
			if v == 0 {
				r.errorf(n, col+i, r.part, CodePOSyntax, poNUL)
				return "", false
			}
			b.WriteByte(v)
			i = j
			continue
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// One to three octal digits; the byte is the value's low
			// eight bits, as msgfmt stores it (\777 is 0xff).
			j := i + 1
			var v byte
			for j < len(text) && j < i+4 && text[j] >= '0' && text[j] <= '7' {
				v = v<<3 | (text[j] - '0')
				j++
			}
			if v == 0 {
				r.errorf(n, col+i, r.part, CodePOSyntax, poNUL)
				return "", false
			}
			b.WriteByte(v)
			i = j
			continue
		default:
			// msgfmt refuses every other escape: \' and \? of C too, and
			// \u, \U and \e.
			esc, _ := utf8.DecodeRuneInString(text[i+1:])
			r.errorf(n, col+i, r.part, CodePOSyntax, `unknown escape \%c, which msgfmt refuses (it reads \n \t \b \r \f \v \a \\ \" \x and octal \NNN); write the character itself`, esc)
			return "", false
		}
		i += 2
	}
	if rest := strings.TrimSpace(text[i+1:]); rest != "" {
		r.errorf(n, col+i+1, r.part, CodePOSyntax, "text after the closing quote")
		return "", false
	}
	s := b.String()
	if !utf8.ValidString(s) {
		r.errorf(n, col, r.part, CodePOEncoding, "the escapes in the string make bytes that are not UTF-8")
		return "", false
	}
	return s, true
}

// poNUL is the error for a NUL in a string, raw or escaped (\0, \400,
// \x00): msgfmt silently ends the string there.
const poNUL = `the string holds a NUL character, at which msgfmt cuts it short; PO strings cannot hold one`

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// hexValue is the value of a hexadecimal digit (isHex).
func hexValue(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// Bytes writes the PO file: header comments, the header entry, then each
// message with its comments, references (wrapped at 79 columns) and
// flags. A string holding a line break is written one line per line.
//
// ReadPO reads the strings back exactly. Comment lines have no escapes:
// in their text (comments, #. extracted comments, #: references and #,
// flags) each control character, and each character model.Escaped, is
// written as a space, and they read back so replaced, then as ReadPO
// reads such a line (#. and #, text trimmed, #: text split at spaces).
func (p *PO) Bytes() []byte {
	var b bytes.Buffer
	for _, c := range p.Comments {
		writeComment(&b, "#", c)
	}
	var h strings.Builder
	for _, f := range p.Header {
		h.WriteString(f.Key + ": " + f.Value + "\n")
	}
	writeKeyword(&b, "msgid", "")
	writeKeyword(&b, "msgstr", h.String())
	for _, e := range p.Entries {
		b.WriteByte('\n')
		for _, c := range e.Comments {
			writeComment(&b, "#", c)
		}
		for _, c := range e.Extracted {
			writeComment(&b, "#.", c)
		}
		writeReferences(&b, e.References)
		if len(e.Flags) > 0 {
			b.WriteString("#, " + commentText(strings.Join(e.Flags, ", ")) + "\n")
		}
		if e.HasPrevious {
			writeKeywordAs(&b, "#| ", "msgid", e.Previous)
		}
		if e.HasContext {
			writeKeyword(&b, "msgctxt", e.Context)
		}
		writeKeyword(&b, "msgid", e.ID)
		if e.HasPlural {
			writeKeyword(&b, "msgid_plural", e.Plural)
			for i, s := range e.Str {
				writeKeyword(&b, fmt.Sprintf("msgstr[%d]", i), s)
			}
			continue
		}
		writeKeyword(&b, "msgstr", e.Translation())
	}
	for _, e := range p.Obsolete {
		b.WriteByte('\n')
		for _, c := range e.Comments {
			writeComment(&b, "#", c)
		}
		if e.HasContext {
			writeKeywordAs(&b, "#~ ", "msgctxt", e.Context)
		}
		writeKeywordAs(&b, "#~ ", "msgid", e.ID)
		writeKeywordAs(&b, "#~ ", "msgstr", e.Translation())
	}
	return b.Bytes()
}

// writeComment writes a comment, one line per line of text (a comment
// cannot hold a line break).
func writeComment(b *bytes.Buffer, mark, text string) {
	for _, line := range strings.Split(text, "\n") {
		line = commentText(line)
		if line == "" {
			b.WriteString(mark + "\n")
		} else {
			b.WriteString(mark + " " + line + "\n")
		}
	}
}

// commentText is text for a comment line, which has no escapes: each
// control character, and each character a screen makes visible
// (model.Escaped), is a space.
func commentText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || model.Escaped(r) {
			return ' '
		}
		return r
	}, s)
}

func writeReferences(b *bytes.Buffer, refs []string) {
	width := 0
	for _, r := range refs {
		if width > 0 && width+1+len(r) > 79 {
			b.WriteByte('\n')
			width = 0
		}
		if width == 0 {
			b.WriteString("#:")
			width = 2
		}
		r = commentText(r)
		b.WriteString(" " + r)
		width += 1 + len(r)
	}
	if width > 0 {
		b.WriteByte('\n')
	}
}

// writeKeyword writes keyword "string", the string one line per line when
// it holds a line break that is not its end: keyword "", then each line.
func writeKeyword(b *bytes.Buffer, keyword, s string) { writeKeywordAs(b, "", keyword, s) }

// writeKeywordAs is writeKeyword with each line begun by prefix: "#~ " for
// an obsolete message, "#| " for a previous msgid.
func writeKeywordAs(b *bytes.Buffer, prefix, keyword, s string) {
	lines := splitAfterNewlines(s)
	if len(lines) <= 1 {
		b.WriteString(prefix + keyword + " " + poQuote(s) + "\n")
		return
	}
	b.WriteString(prefix + keyword + " \"\"\n")
	for _, l := range lines {
		b.WriteString(prefix + poQuote(l) + "\n")
	}
}

// nextLine cuts the first line off data, without its line break: \n,
// \r\n, or a \r alone (as old Mac files end lines). rest is nil after
// the last line.
func nextLine(data []byte) (line, rest []byte) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		return data, nil
	case data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
		return data[:i], data[i+2:]
	}
	return data[:i], data[i+1:]
}

// splitAfterNewlines cuts s after each line break.
func splitAfterNewlines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// poQuote writes s as a PO string: in double quotes, with the C escapes
// for quotes, backslashes and control characters. The characters that
// screens make visible (DEL, the C1 and the bidirectional controls,
// model.Escaped) and bytes that are not UTF-8 are written as octal
// escapes of their bytes, which PO readers turn back into the same text,
// so that a PO file printed on a terminal moves nothing.
func poQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && size == 1) || model.Escaped(r) {
				for _, c := range []byte(s[i : i+size]) {
					fmt.Fprintf(&b, `\%03o`, c)
				}
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size - 1
			continue
		}
		switch c := s[i]; c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, `\%03o`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
