package i18n

// This file works out which translations of stale keys belong to current
// display strings: carried for sure when the ruleset says the string was
// renamed (a rename in sheet.migrations), proposed for review when the
// stale key is merely the nearest.

// Carry is a translation a stale key of a locale file offers to a current
// display string that the file does not translate.
type Carry struct {
	// String is the current display string; From the stale key whose
	// translation is offered, and Translation that translation.
	String, From, Translation string
	// Renamed tells that the ruleset renames From to String (for sure);
	// otherwise From is only the stale key nearest to String, and the
	// translation is a proposal to review.
	Renamed bool
}

// Carries returns, for the locale file of lang, the translations its stale
// keys offer to the display strings it does not translate (no key, or
// ""), in the order of the stale keys: one per display string, the first
// stale key that offers one, a rename before a nearest. renamed maps a
// stale key to the display string the ruleset renames it to (the caller's,
// from sheet.migrations); a stale key with no translation offers nothing.
func Carries(r *Report, lang string, renamed map[string]string) []Carry {
	l := r.Locale(lang)
	view, err := r.Language(lang)
	if l == nil || err != nil {
		return nil
	}
	var sure, near []Carry
	for _, s := range view.Stale {
		k, ok := l.Lookup(s.English)
		if !ok || !k.Text || k.Value == "" {
			continue
		}
		if to, ok := renamed[s.English]; ok {
			if _, current := r.Index(to); current {
				sure = append(sure, Carry{String: to, From: s.English, Translation: k.Value, Renamed: true})
				continue
			}
		}
		if to := r.Nearest(s.English); to != "" {
			near = append(near, Carry{String: to, From: s.English, Translation: k.Value})
		}
	}
	var out []Carry
	taken := map[string]bool{}
	for _, c := range append(sure, near...) {
		if taken[c.String] {
			continue
		}
		if own, ok := l.Lookup(c.String); ok && own.Text && own.Value != "" {
			continue
		}
		taken[c.String] = true
		out = append(out, c)
	}
	return out
}
