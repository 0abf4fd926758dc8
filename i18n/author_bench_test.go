package i18n

import (
	"testing"
	"testing/fstest"

	"rulebench/model"
	"rulebench/model/modeltest"
)

// BenchmarkPORoundTrip writes the PO of one language of a ruleset of 5,000
// display strings, reads it back and merges it into the locale file.
func BenchmarkPORoundTrip(b *testing.B) {
	ws := bigWorkspace(b, 5000, benchLangs)
	r := Analyze(ws)
	lang := r.Locales[0].Lang
	b.ReportAllocs()
	for b.Loop() {
		po, _ := BuildPO(ws, r, lang, POOptions{})
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
		if _, err := UpdateLocale(r, lang, UpdateOptions{Prune: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStaleHintsScaling reads a package of 1,500 and of 15,000
// display strings with as many stale keys (modeltest.StaleLocale, about 1
// and 10 MB), every text 300 characters long and near no other, and
// brings the locale up to date as `rulebench i18n --update de` does (a
// hint for every stale key) or checks it (hints for the first 100), round
// by round, and reports the CPU time per MB of each and the exponent (see
// modeltest.Scaling). The searches for hints share a budget, so neither
// grows with the square of the input. The target: an exponent of at most
// 1.3 and under 2 s for 10 MB.
func BenchmarkStaleHintsScaling(b *testing.B) {
	for _, what := range []string{"update", "check"} {
		b.Run(what, func(b *testing.B) {
			scale := func(n int) modeltest.Scale {
				fsys, size := fstest.MapFS{}, 0
				for name, data := range modeltest.StaleLocale(n) {
					fsys["pkg/"+name] = &fstest.MapFile{Data: data}
					size += len(data)
				}
				return modeltest.Scale{Size: float64(size) / modeltest.MB, Run: func() {
					ws, err := model.Load(fsys, "pkg")
					if err != nil {
						b.Fatal(err)
					}
					if what == "check" {
						if len(Check(ws)) < 100 {
							b.Fatal("the stale keys are not reported")
						}
						return
					}
					if u, err := UpdateLocale(Analyze(ws), "de", UpdateOptions{}); err != nil || len(u.Stale) != n {
						b.Fatalf("%v", err)
					}
				}}
			}
			modeltest.Scaling(b, "MB", scale(1500), scale(15000))
		})
	}
}
