package i18n

import (
	"errors"
	"fmt"

	"golang.org/x/text/language"
)

// EngineLanguages are the languages the Engine's own interface comes in
// (engine-behaviour §10.1). The configured Engine language is always one of
// them.
var EngineLanguages = []string{"en", "ar", "de", "es", "fr", "hi", "ja", "ko", "pl", "pt-BR", "ru", "zh-Hans"}

// maxTagLength bounds a language code before it is parsed. Real tags are a
// few characters long; a code this long is refused unread.
const maxTagLength = 64

// ErrUnderscore is returned for a code written with an underscore (pt_BR):
// x/text would accept it, the Engine does not.
var ErrUnderscore = errors.New("the separator in a language code is a hyphen, not an underscore")

// ParseTag reads a language code as a BCP 47 tag and returns it in canonical
// form (pt-br becomes pt-BR, zh-hans becomes zh-Hans). It refuses what
// golang.org/x/text would quietly accept but the Engine does not: an
// underscore (pt_BR), spaces or other characters, and tags that name no
// language (und, private use such as x-foo).
func ParseTag(code string) (language.Tag, error) {
	if code == "" {
		return language.Und, errors.New("the language code is empty")
	}
	if len(code) > maxTagLength {
		return language.Und, fmt.Errorf("the language code is %d characters long, too long to be a language tag", len(code))
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '_':
			return language.Und, ErrUnderscore
		case c == '-', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return language.Und, errors.New("a language code holds only letters, digits and hyphens")
		}
	}
	tag, err := language.Parse(code)
	if err != nil {
		return language.Und, errors.New("it is not a valid BCP 47 language tag")
	}
	if b, conf := tag.Base(); conf != language.Exact || b.String() == "und" {
		return language.Und, errors.New("it names no language")
	}
	return tag, nil
}

// Canonical returns the canonical form of a language code, or an error
// saying why it is not a language tag.
func Canonical(code string) (string, error) {
	tag, err := ParseTag(code)
	if err != nil {
		return "", err
	}
	return tag.String(), nil
}

// BaseOf returns a tag's base language, its language subtag alone (pt for
// pt-BR, zh for zh-Hans), and whether it differs from the tag itself.
func BaseOf(tag language.Tag) (string, bool) {
	b, conf := tag.Base()
	if conf != language.Exact {
		return "", false
	}
	base := b.String()
	return base, base != tag.String()
}

// EngineLanguage normalises a code as the Engine does (engine-behaviour
// §10.2): it must be a valid tag whose canonical form is exactly one of
// EngineLanguages. pt and en-US are valid tags but give no Engine language.
func EngineLanguage(code string) (string, error) {
	lang, err := Canonical(code)
	if err != nil {
		return "", err
	}
	for _, l := range EngineLanguages {
		if l == lang {
			return lang, nil
		}
	}
	return "", fmt.Errorf("%s is not one of the Engine's languages", lang)
}

// rightToLeft lists the scripts written right to left.
var rightToLeft = map[string]bool{
	"Arab": true, "Hebr": true, "Syrc": true, "Thaa": true, "Nkoo": true, "Adlm": true,
	"Rohg": true, "Mand": true, "Samr": true, "Mend": true, "Yezi": true,
}

// direction returns the writing direction of a tag's likely script, "ltr"
// or "rtl", and whether the script is known with enough confidence to say.
func direction(tag language.Tag) (string, bool) {
	s, conf := tag.Script()
	if conf < language.High {
		return "", false
	}
	if rightToLeft[s.String()] {
		return "rtl", true
	}
	return "ltr", true
}
