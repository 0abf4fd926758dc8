package i18n

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"rulebench/model"
)

// This file holds the quality checks of translations: what the everyday
// checks of translation platforms look at, compared with the English one
// string at a time. Missing translations are coverage, not quality; these
// look only at translations given.

// Quality checks of translations: each compares a translation with its
// English.
//
//rulebench:category translations
const (
	// CodeTranslationSame: a translation is the English text unchanged.
	//
	// Why: a translation identical to the English is often a string copied to be translated
	// later and forgotten; the language's players see English where the file claims a
	// translation, and coverage counts it as done. Strings with no lower-case letter (numbers,
	// abbreviations such as `HP`) are left out: they are often the same in every language.
	//
	// Fix: translate it, or write `""` so that coverage counts it as untranslated: `"Torch":
	// "Fackel"`, not `"Torch": "Torch"`. A name that is the same in the language can stay.
	CodeTranslationSame model.Code = "translation-same"
	// CodeTranslationSpace: a translation begins or ends with white space where the English does not, or the other way round.
	//
	// Why: white space at either end of a display string is shown as it is; a space the English
	// has on purpose (before a unit, after a label) and the translation lacks runs words together,
	// and an extra one shifts the text out of line.
	//
	// Fix: begin and end the translation as the English does: `"Gold: ": "Or : "`, not `"Gold: ":
	// "Or :"`.
	CodeTranslationSpace model.Code = "translation-space"
	// CodeTranslationPunctuation: a translation ends with other punctuation than the English (a full stop, colon, question or exclamation mark, ellipsis).
	//
	// Why: the end punctuation of a display string is usually part of its use: a colon before a
	// value, a question in a prompt, a full stop ending a sentence of a description. A translation
	// that drops or changes it often lost part of the sentence. The languages' own marks count as
	// the same (`。` for `.`, `？` and `؟` for `?`).
	//
	// Fix: end the translation as the English ends, in the language's own form: `"Choose a
	// calling:": "Choisissez une vocation :"`. Where the language differs on purpose, leave it.
	CodeTranslationPunctuation model.Code = "translation-punctuation"
	// CodeTranslationNumbers: a translation has other numbers than the English.
	//
	// Why: numbers in a display string are rules the player reads (`Heals 2 wounds`, `DC 15`); a
	// translation with another number, or without it, tells the player other rules than the
	// ruleset applies. Digits of any script count, and group or decimal separators between digits
	// are ignored (`1,000`, `1 000` and `1.000` are the same).
	//
	// Fix: give the same numbers as the English: `"Heals 2 wounds": "Soigne 2 blessures"`.
	CodeTranslationNumbers model.Code = "translation-numbers"
	// CodeTranslationBrackets: a translation has other brackets or placeholders than the English.
	//
	// Why: brackets and placeholders (`(`, `[`, `{`, `{name}`, `%s`, `$1`) usually mark text the
	// Engine or the reader pairs up; an unbalanced or missing one in the translation breaks the
	// line it is shown in. Full-width brackets count as their ASCII forms.
	//
	// Fix: keep every bracket and placeholder of the English: `"Torch (lit)": "Fackel
	// (brennend)"`.
	CodeTranslationBrackets model.Code = "translation-brackets"
	// CodeTranslationLength: a translation is far longer than the English (over twice as long, and over 20 characters more).
	//
	// Why: screens have room for about the English text: a label, a button, a column of the sheet.
	// A translation far longer is cut or wraps where the English did not, and is sometimes a
	// translation of another string pasted by mistake.
	//
	// Fix: shorten the translation, or check that it translates this string: `"HP": "PV"`, not
	// `"HP": "Points de vie restants du personnage"`.
	CodeTranslationLength model.Code = "translation-length"
)

// QualityCodes are the quality checks' codes, in the order the checks run
// (and the Translations tab offers its filters).
var QualityCodes = []model.Code{
	CodeTranslationSame, CodeTranslationSpace, CodeTranslationPunctuation,
	CodeTranslationNumbers, CodeTranslationBrackets, CodeTranslationLength,
}

// QualityIssue is one thing a quality check finds wrong with a translation.
type QualityIssue struct {
	Code     model.Code
	Severity model.Severity
	// Message says what differs, in plain words, without the texts.
	Message string
}

// Quality compares a translation with its English and returns what the
// quality checks find, in the order of QualityCodes. An empty translation
// (untranslated) has nothing to find.
func Quality(english, translation string) []QualityIssue {
	if translation == "" {
		return nil
	}
	var out []QualityIssue
	add := func(code model.Code, sev model.Severity, format string, args ...any) {
		out = append(out, QualityIssue{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
	}
	if translation == english && hasLower(english) && len(strings.Fields(english)) > 1 {
		add(CodeTranslationSame, model.Info, "the translation is the English text unchanged")
	}
	if msg := spaceDiffers(english, translation); msg != "" {
		add(CodeTranslationSpace, model.Warning, "%s", msg)
	}
	if e, t := endMark(english), endMark(translation); e != t {
		add(CodeTranslationPunctuation, model.Info, "the English ends with %s, the translation with %s", e, t)
	}
	if e, t := numbers(english), numbers(translation); !slices.Equal(e, t) {
		add(CodeTranslationNumbers, model.Warning, "the English has %s, the translation %s", listOr(e, "no numbers"), listOr(t, "none"))
	}
	if e, t := brackets(english), brackets(translation); !slices.Equal(e, t) {
		add(CodeTranslationBrackets, model.Warning, "the English has %s, the translation %s", listOr(e, "no brackets or placeholders"), listOr(t, "none"))
	}
	if e, t := utf8.RuneCountInString(english), utf8.RuneCountInString(translation); t > 2*e && t > e+20 {
		add(CodeTranslationLength, model.Info, "the translation is %d characters, the English %d: it may not fit where the English does", t, e)
	}
	return out
}

func hasLower(s string) bool {
	return strings.IndexFunc(s, unicode.IsLower) >= 0
}

// listOr lists xs, or says none when there are none.
func listOr(xs []string, none string) string {
	if len(xs) == 0 {
		return none
	}
	return strings.Join(xs, " ")
}

// spaceDiffers says how the white space at the ends of two texts differs,
// "" when it does not.
func spaceDiffers(english, translation string) string {
	lead := func(s string) bool { r, _ := utf8.DecodeRuneInString(s); return unicode.IsSpace(r) }
	trail := func(s string) bool { r, _ := utf8.DecodeLastRuneInString(s); return unicode.IsSpace(r) }
	word := func(b bool) string {
		if b {
			return "does"
		}
		return "does not"
	}
	switch {
	case lead(english) != lead(translation):
		return fmt.Sprintf("the English %s begin with white space, the translation %s", word(lead(english)), word(lead(translation)))
	case trail(english) != trail(translation):
		return fmt.Sprintf("the English %s end with white space, the translation %s", word(trail(english)), word(trail(translation)))
	}
	return ""
}

// endMark names the punctuation a text ends with, past white space and
// closing quotes and brackets: "a full stop", "a colon", "a question
// mark", "an exclamation mark", "an ellipsis", or "no end punctuation".
// The marks of other scripts are named as their English counterparts.
func endMark(s string) string {
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("\"'”’»›)]}）】」』", r)
	})
	switch {
	case strings.HasSuffix(s, "..."), strings.HasSuffix(s, "…"), strings.HasSuffix(s, "⋯"):
		return "an ellipsis"
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	switch r {
	case '.', '。', '।', '۔', '።', '｡':
		return "a full stop"
	case ':', '：':
		return "a colon"
	case '?', '？', '؟', '\u037e': // U+037E: the Greek question mark
		return "a question mark"
	case '!', '！', '¡':
		return "an exclamation mark"
	}
	return "no end punctuation"
}

// numbers are the numbers of a text, as their digits (of any script, read
// as ASCII) with the separators between digits left out, sorted.
func numbers(s string) []string {
	var out []string
	var cur strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if d, ok := digitValue(r); ok {
			cur.WriteByte(byte('0' + d))
			continue
		}
		// A separator between two digits is part of the number.
		if cur.Len() > 0 && strings.ContainsRune(",. '\u00a0\u202f\u2009’٬٫", r) && i+1 < len(rs) {
			if _, ok := digitValue(rs[i+1]); ok {
				continue
			}
		}
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	slices.Sort(out)
	return out
}

// digitValue reads a decimal digit of any script: the Unicode decimal
// digits come in runs of ten from zero, so a digit's value is its place
// in its run.
func digitValue(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < 0x80 || !unicode.IsDigit(r) {
		return 0, false
	}
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10, true
}

// brackets are the brackets and placeholders of a text, sorted: each
// bracket (full-width ones as ASCII) and each placeholder ({name}, %s,
// %d, %1$s, $1).
func brackets(s string) []string {
	var out []string
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch r {
		case '（':
			r = '('
		case '）':
			r = ')'
		case '［':
			r = '['
		case '］':
			r = ']'
		case '｛':
			r = '{'
		case '｝':
			r = '}'
		}
		switch {
		case r == '{':
			// A placeholder's name is short: look no further than 41
			// characters for its brace, so that a text of many { costs
			// no more than its length.
			if j := slices.Index(rs[i+1:min(len(rs), i+42)], '}'); j >= 0 && isPlaceholderName(rs[i+1:i+1+j]) {
				out = append(out, string(rs[i:i+j+2]))
				i += j + 1
				continue
			}
			out = append(out, "{")
		case strings.ContainsRune("()[]}", r):
			out = append(out, string(r))
		case r == '%' && i+1 < len(rs):
			j := i + 1
			for j < len(rs) && (rs[j] >= '0' && rs[j] <= '9' || rs[j] == '$') {
				j++
			}
			if j < len(rs) && strings.ContainsRune("sdifu", rs[j]) {
				out = append(out, string(rs[i:j+1]))
				i = j
			}
		case r == '$' && i+1 < len(rs) && rs[i+1] >= '1' && rs[i+1] <= '9':
			out = append(out, string(rs[i:i+2]))
			i++
		}
	}
	slices.Sort(out)
	return out
}

// isPlaceholderName tells whether the text between braces names a
// placeholder: letters, digits, _ . and -, and not empty.
func isPlaceholderName(rs []rune) bool {
	if len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' || r == '-') {
			return false
		}
	}
	return true
}

// qualityFindings runs the quality checks on every translation of every
// locale file used, each finding at the translation's value.
func (r *Report) qualityFindings() []model.Diagnostic {
	var ds []model.Diagnostic
	for _, l := range r.Locales {
		if l.Lang == "" || l.Lang == "en" || r.byLang[l.Lang] != l {
			continue
		}
		var left model.LeftOut
		listed := 0
		for _, k := range l.Keys {
			if !k.Text || k.Value == "" {
				continue
			}
			if own, _ := l.Lookup(k.English); own.Node != k.Node {
				continue // a repeated key: the last counts
			}
			if _, current := r.Index(k.English); !current {
				continue
			}
			for _, q := range Quality(k.English, k.Value) {
				if !left.Room(listed, q.Severity) {
					continue
				}
				listed++
				ds = append(ds, model.At(q.Severity, l.Name(), k.Node, q.Code, "%s: %s", quoteShort(k.English), q.Message))
			}
		}
		ds = left.Close(l.Name(), ds)
	}
	return ds
}

// quoteShort quotes a display string for a message, cut to 60 characters.
func quoteShort(s string) string { return fmt.Sprintf("%q", truncate(s, 60)) }
