package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"rulebench/model"
)

func sampleFindings(dir string) []model.Diagnostic {
	return []model.Diagnostic{
		{Severity: model.Error, Category: model.Format, Code: "unknown-key", Path: "sheet.fields.2", File: filepath.Join(dir, "pkg", "ruleset.json"), Line: 12, Column: 7, Message: `the key "colour" is not part of a field`},
		{Severity: model.Warning, Category: model.Translations, Code: "stale-key", Path: "ruleset.Old", File: filepath.Join(dir, "pkg", "locales", "de.json"), Line: 3, Column: 5, Message: "no display string reads \x1b[31mOld"},
		{Severity: model.Info, Category: model.Reading, Code: "not-listed", Path: model.RootPath, File: "/elsewhere/x.json", Message: "a note"},
	}
}

// The SARIF log has what SARIF 2.1.0 requires of each object rulebench
// writes, every ruleId is in the rule list at its ruleIndex, and locations
// are relative to the working folder when inside it.
func TestSARIFRequiredProperties(t *testing.T) {
	dir := t.TempDir()
	rules := []ruleDoc{{Code: "unknown-key", Summary: "a key the Engine does not read", Help: "Remove the key or fix its spelling."}, {Code: "stale-key", Summary: "a translation of no display string"}}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, sampleFindings(dir), rules, dir); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log["version"] != "2.1.0" || log["$schema"] == nil {
		t.Fatalf("version %v, $schema %v", log["version"], log["$schema"])
	}
	runs := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	run := runs[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["name"] != "rulebench" {
		t.Errorf("driver name %v", driver["name"])
	}
	var ids []string
	for _, r := range driver["rules"].([]any) {
		rule := r.(map[string]any)
		id, _ := rule["id"].(string)
		short, _ := rule["shortDescription"].(map[string]any)["text"].(string)
		help, _ := rule["help"].(map[string]any)["text"].(string)
		if id == "" || short == "" || help == "" {
			t.Errorf("rule %v lacks id, shortDescription.text or help.text", rule)
		}
		ids = append(ids, id)
	}
	if strings.Join(ids, " ") != "unknown-key stale-key not-listed" {
		t.Errorf("rules %v", ids)
	}
	results := run["results"].([]any)
	wantURI := []string{"pkg/ruleset.json", "pkg/locales/de.json", "file:///elsewhere/x.json"}
	wantLevel := []string{"error", "warning", "note"}
	for i, r := range results {
		res := r.(map[string]any)
		idx := int(res["ruleIndex"].(float64))
		if ids[idx] != res["ruleId"] {
			t.Errorf("result %d: ruleId %v at ruleIndex %d (%s)", i, res["ruleId"], idx, ids[idx])
		}
		if res["level"] != wantLevel[i] {
			t.Errorf("result %d: level %v, want %s", i, res["level"], wantLevel[i])
		}
		msg := res["message"].(map[string]any)["text"].(string)
		if msg == "" || strings.ContainsRune(msg, 0x1b) && i != 1 {
			t.Errorf("result %d: message %q", i, msg)
		}
		loc := res["locations"].([]any)[0].(map[string]any)
		phys := loc["physicalLocation"].(map[string]any)
		if uri := phys["artifactLocation"].(map[string]any)["uri"]; uri != wantURI[i] {
			t.Errorf("result %d: uri %v, want %s", i, uri, wantURI[i])
		}
		region := phys["region"].(map[string]any)
		if region["startLine"].(float64) < 1 || region["startColumn"].(float64) < 1 {
			t.Errorf("result %d: region %v", i, region)
		}
		logical := loc["logicalLocations"].([]any)[0].(map[string]any)
		if logical["fullyQualifiedName"] != sampleFindings(dir)[i].Path || res["properties"].(map[string]any)["jsonPath"] != sampleFindings(dir)[i].Path {
			t.Errorf("result %d: JSON path %v / %v", i, logical, res["properties"])
		}
	}
	if len(results) != 3 {
		t.Errorf("%d results", len(results))
	}
}

// A log with no findings still lists the rules and an empty results array.
func TestSARIFEmpty(t *testing.T) {
	var buf bytes.Buffer
	writeSARIF(&buf, nil, []ruleDoc{{Code: "x", Summary: "y"}}, t.TempDir())
	if !strings.Contains(buf.String(), `"results": []`) || !strings.Contains(buf.String(), `"id": "x"`) {
		t.Errorf("empty log:\n%s", buf.String())
	}
}

// A finding with a fix carries it as a SARIF fix: the bytes it replaces in
// each file, and what goes in their place; fixable stays in the
// properties.
func TestSARIFFixes(t *testing.T) {
	dir := copyExample(t, "mirefall")
	t.Chdir(dir)
	code, out, _ := runCLI("check", "--format", "sarif", ".")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string
				Fixes  []struct {
					Description     struct{ Text string }
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   map[string]int
							InsertedContent struct{ Text string }
						}
					}
				}
				Properties struct{ Fixable bool }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || code != exitFindings {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	fixes := reportedFixes(t, ".")
	if len(fixes) != 1 {
		t.Fatalf("check --json reports %d fixes, want the de pack's checksum", len(fixes))
	}
	want := fixes[0].Fix.Edits[0]
	n := 0
	for _, r := range log.Runs[0].Results {
		if len(r.Fixes) == 0 {
			if r.Properties.Fixable {
				t.Errorf("%s is fixable without a fix", r.RuleID)
			}
			continue
		}
		n++
		f := r.Fixes[0]
		if !r.Properties.Fixable || r.RuleID != "entry-sha256" || f.Description.Text != fixes[0].Fix.Description || len(f.ArtifactChanges) != 1 {
			t.Fatalf("result %+v", r)
		}
		c := f.ArtifactChanges[0]
		if c.ArtifactLocation.URI != "mirefall-1.0.0.entry.json" || len(c.Replacements) != 1 {
			t.Fatalf("change %+v", c)
		}
		rep := c.Replacements[0]
		if rep.DeletedRegion["byteOffset"] != want.Start || rep.DeletedRegion["byteLength"] != want.End-want.Start || rep.InsertedContent.Text != want.New {
			t.Errorf("replacement %+v, want %+v", rep, want)
		}
	}
	if n != 1 {
		t.Errorf("%d results with fixes, want 1", n)
	}
}
