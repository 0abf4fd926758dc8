package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rulebench/i18n"
	"rulebench/model"
	"rulebench/model/modeltest"
	"rulebench/rules"
)

// brokenCopy copies examples/name to a temporary folder and makes each
// replacement (old, new, in the file rel) in it once.
func brokenCopy(t *testing.T, name string, edits ...[3]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("../examples", name))); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		p := filepath.Join(dir, e[0])
		data, err := os.ReadFile(p)
		if err != nil || strings.Count(string(data), e[1]) != 1 {
			t.Fatalf("%s holds %q %d times (%v)", e[0], e[1], strings.Count(string(data), e[1]), err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(data), e[1], e[2], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Each fix the analysis attaches mends its own finding: made alone on the
// files as read, the files read again no longer have the finding.
func TestEachFixMendsItsFinding(t *testing.T) {
	dirs := map[string]string{
		"package": brokenCopy(t, "lantern-road",
			[3]string{"manifest.json", `"minor": 813`, `"minor": 20`},
			[3]string{"manifest.json", `"bytes": 53280`, `"bytes": 1`},
			[3]string{"locales/pt-BR.json", `"locale": "pt-BR"`, `"locale": "PT-br"`},
			[3]string{"locales/pt-BR.json", `"Glasswork": ""`, `"Glasswork": "Vidraria"`}),
		"artifact": brokenCopy(t, "mirefall",
			[3]string{"mirefall-1.0.0.pt-BR.json", `"locale": "pt-BR", "direction": "ltr"}`, `"locale": "PT-br", "direction": "ltr" }`},
			[3]string{"mirefall-1.0.0.entry.json", `"sha256": "208020cabc6f9fa2d2f1579d8b178b6dabfb7216932a100dd8cb9b6f5a53b7ab"`, `"sha256": "208020CABC6F9FA2D2F1579D8B178B6DABFB7216932A100DD8CB9B6F5A53B7AB"`}),
	}
	wantCodes := map[string][]model.Code{
		"package":  {rules.CodeCapabilityTooLow, model.CodeManifestBytes, model.CodeManifestSHA256, i18n.CodeLocaleMeta},
		"artifact": {i18n.CodeEntryBytes, i18n.CodeEntrySHA256, i18n.CodeLocaleMeta},
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			r := Run(modeltest.Load(t, dir), Options{})
			var fixed []model.Code
			for _, d := range r.Findings {
				if d.Fix == nil {
					continue
				}
				if !slices.Contains(fixed, d.Code) {
					fixed = append(fixed, d.Code)
				}
				if d.Fix.Description == "" || len(d.Fix.Edits) == 0 {
					t.Errorf("%s: an empty fix %+v", d, d.Fix)
				}
				files := map[string][]byte{}
				for n, f := range r.Workspace.Files {
					files[n] = f.Data
				}
				out, taken, err := model.ApplyFixes(files, []*model.Fix{d.Fix})
				if err != nil || len(taken) != 1 {
					t.Fatalf("%s: %v", d, err)
				}
				ws, err := model.Load(model.Overlay{Base: model.OSFS{}, Files: out}, dir)
				if err != nil {
					t.Fatal(err)
				}
				for _, after := range Run(ws, Options{}).Findings {
					if after.File == d.File && after.Path == d.Path && after.Code == d.Code {
						t.Errorf("the fix %q leaves %s", d.Fix.Description, after)
					}
				}
			}
			slices.Sort(fixed)
			want := slices.Sorted(slices.Values(wantCodes[name]))
			if !slices.Equal(fixed, want) {
				t.Errorf("findings with a fix: %v, want %v", fixed, want)
			}
		})
	}
}

// Only the finding a fix mends carries it: an error of _meta.locale that a
// spelling does not mend (another language) has none, nor has a pt-br that
// is no finding at all.
func TestNoFixWithoutItsFinding(t *testing.T) {
	dir := brokenCopy(t, "lantern-road", [3]string{"locales/pt-BR.json", `"locale": "pt-BR"`, `"locale": "de"`})
	for _, d := range Run(modeltest.Load(t, dir), Options{}).Findings {
		if d.Code == i18n.CodeLocaleMeta && d.Fix != nil {
			t.Errorf("%s carries %q", d, d.Fix.Description)
		}
	}
	dir = brokenCopy(t, "lantern-road", [3]string{"locales/pt-BR.json", `"locale": "pt-BR"`, `"locale": "pt-br"`})
	for _, d := range Run(modeltest.Load(t, dir), Options{}).Findings {
		if d.Code == i18n.CodeLocaleMeta {
			t.Errorf("pt-br is a finding: %s", d)
		}
		if d.Fix != nil && d.Code != model.CodeManifestSHA256 {
			t.Errorf("%s carries a fix", d)
		}
	}
}
