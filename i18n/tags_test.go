package i18n

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTag(t *testing.T) {
	tests := []struct {
		code, want string
		ok         bool
	}{
		{"pt-BR", "pt-BR", true},
		{"pt-br", "pt-BR", true},
		{"PT-br", "pt-BR", true},
		{"zh-hans", "zh-Hans", true},
		{"zh-Hans", "zh-Hans", true},
		{"EN", "en", true},
		{"sr-latn-RS", "sr-Latn-RS", true},
		{"pt_BR", "", false},
		{"", "", false},
		{"und", "", false},
		{"x-foo", "", false},
		{" en", "", false},
		{"en ", "", false},
		{"en--US", "", false},
		{"en-", "", false},
		{"toolongtag", "", false},
		{"entry", "", false},
		{"é", "", false},
		{"en-US-" + string(make([]byte, 70)), "", false},
	}
	for _, tt := range tests {
		tag, err := ParseTag(tt.code)
		if (err == nil) != tt.ok {
			t.Errorf("ParseTag(%q) error = %v, want ok=%v", tt.code, err, tt.ok)
			continue
		}
		if tt.ok && tag.String() != tt.want {
			t.Errorf("ParseTag(%q) = %s, want %s", tt.code, tag, tt.want)
		}
	}
	if _, err := ParseTag("pt_BR"); !errors.Is(err, ErrUnderscore) {
		t.Errorf("ParseTag(pt_BR) = %v, want ErrUnderscore", err)
	}
}

func TestBaseOf(t *testing.T) {
	tests := []struct {
		code, base string
		differs    bool
	}{
		{"pt-BR", "pt", true},
		{"zh-Hans", "zh", true},
		{"sr-Latn", "sr", true},
		{"pt", "pt", false},
		{"fr", "fr", false},
	}
	for _, tt := range tests {
		tag, err := ParseTag(tt.code)
		if err != nil {
			t.Fatal(err)
		}
		base, differs := BaseOf(tag)
		if base != tt.base || differs != tt.differs {
			t.Errorf("BaseOf(%s) = %q, %v; want %q, %v", tt.code, base, differs, tt.base, tt.differs)
		}
	}
}

func TestEngineLanguage(t *testing.T) {
	tests := []struct {
		code, want string
		ok         bool
	}{
		{"pt-BR", "pt-BR", true},
		{"pt-br", "pt-BR", true},
		{"PT-br", "pt-BR", true},
		{"zh-hans", "zh-Hans", true},
		{"en", "en", true},
		{"ja", "ja", true},
		{"pt", "", false},    // valid tag, not an Engine language
		{"en-US", "", false}, // likewise
		{"zh", "", false},
		{"pt_BR", "", false}, // not a tag at all
		{"klingon", "", false},
	}
	for _, tt := range tests {
		got, err := EngineLanguage(tt.code)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("EngineLanguage(%q) = %q, %v; want %q, ok=%v", tt.code, got, err, tt.want, tt.ok)
		}
	}
	// engine-behaviour §10.1: exactly these, each in canonical form.
	want := "en ar de es fr hi ja ko pl pt-BR ru zh-Hans"
	if got := strings.Join(EngineLanguages, " "); got != want {
		t.Errorf("the Engine's UI languages are %q, want %q", got, want)
	}
	for _, l := range EngineLanguages {
		if got, err := EngineLanguage(l); err != nil || got != l {
			t.Errorf("EngineLanguage(%q) = %q, %v", l, got, err)
		}
	}
	// Among them only pt-BR and zh-Hans differ from their base.
	var differ []string
	for _, l := range EngineLanguages {
		tag, _ := ParseTag(l)
		if _, d := BaseOf(tag); d {
			differ = append(differ, l)
		}
	}
	if got := strings.Join(differ, " "); got != "pt-BR zh-Hans" {
		t.Errorf("languages differing from their base: %q", got)
	}
}
