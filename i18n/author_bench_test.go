package i18n

import "testing"

// BenchmarkPORoundTrip writes the PO of one language of a ruleset of 5,000
// display strings, reads it back and merges it into the locale file.
func BenchmarkPORoundTrip(b *testing.B) {
	ws := bigWorkspace(b, 5000, benchLangs)
	r := Analyze(ws)
	lang := r.Locales[0].Lang
	b.ReportAllocs()
	for b.Loop() {
		po, _ := BuildPO(ws, r, lang)
		back, ds := ReadPO("x.po", po.Bytes())
		if len(ds) > 0 {
			b.Fatal(ds)
		}
		m, err := MergePO(ws, r, back, "x.po")
		if err != nil || string(m.Data) != string(r.Locales[0].File.Data) {
			b.Fatal("the round trip changed the file", err)
		}
	}
}

// BenchmarkUpdateLocale brings a locale of the same ruleset up to date.
func BenchmarkUpdateLocale(b *testing.B) {
	r := Analyze(bigWorkspace(b, 5000, benchLangs))
	lang := r.Locales[0].Lang
	b.ReportAllocs()
	for b.Loop() {
		if _, err := UpdateLocale(r, lang, true); err != nil {
			b.Fatal(err)
		}
	}
}
