package rules

import (
	"testing"

	"rulebench/model"
)

// TestFormatCrossReferencesMore: more of the rules that tie a ruleset's
// parts together, each broken once in the format base.
func TestFormatCrossReferencesMore(t *testing.T) {
	cases := []struct {
		name  string
		path  string
		value any
		code  model.Code
		at    string
	}{
		{"a cap reading a skill modifier", "sheet.skills.0.cap", map[string]any{"skillMod": "mend"}, CodeCapMod, "sheet.skills.0.cap"},
		{"a derived id that is a field id", "sheet.fields.2.id", "glow", CodeDerivedIsField, "sheet.derived.0.id"},
		{"a pool id that is a track id", "sheet.live.pools", []any{
			map[string]any{"id": "breath", "label": "Breath", "max": map[string]any{"derived": "glow"}},
			map[string]any{"id": "bruises", "label": "Welts", "max": map[string]any{"const": 3.0}}}, CodePoolIsTrack, "sheet.live.pools.1.id"},
		{"a derived value reading itself", "sheet.derived.0.of.0", map[string]any{"derived": "glow"}, CodeDerivedOrder, "sheet.derived.0.of.0.derived"},
		{"hideWhen comparing a number field with text", "sheet.fields.2.hideWhen", map[string]any{"field": "oil", "equals": "lots"}, CodeHideType, "sheet.fields.2.hideWhen.equals"},
		{"hideWhen comparing a text field with a number", "sheet.fields.0.hideWhen", map[string]any{"field": "motto", "equals": 3.0}, CodeHideType, "sheet.fields.0.hideWhen.equals"},
		{"a wound track with a min above 0", "sheet.live.tracks.0.min", 1.0, CodeWoundMin, "sheet.live.tracks.0.min"},
		{"a wound track starting marked", "sheet.live.tracks.0.default", 1.0, CodeWoundDefault, "sheet.live.tracks.0.default"},
		{"an indexed fill that does not refuse when full", "sheet.live.tracks.0.fill", "indexed", CodeFillIndexed, "sheet.live.tracks.0.fill"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := doc(loadBase(t))
			m.set(t, tc.path, tc.value)
			shape, cross := formatFindings(t, m)
			for _, d := range shape {
				t.Errorf("the edit should be a cross-reference problem, but reading found: %s (%s)", d, d.Code)
			}
			found := false
			for _, d := range cross {
				if d.Code == tc.code && d.Path == tc.at && d.Category == model.Format {
					found = true
				} else {
					t.Errorf("unexpected extra finding: %s (%s)", d, d.Code)
				}
			}
			if !found {
				t.Errorf("want %s at %s; got %v", tc.code, tc.at, cross)
			}
		})
	}
}
