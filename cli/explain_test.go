package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"rulebench/analysis"
)

// explain CODE prints the code's registry entry: its summary, and the why
// and the fix its doc comment gives, wrapped to explainWidth.
func TestExplainEveryCode(t *testing.T) {
	for _, c := range analysis.Codes() {
		var out, errOut bytes.Buffer
		if got := run([]string{"explain", string(c.Code)}, nil, &out, &errOut); got != exitOK {
			t.Fatalf("explain %s: exit %d, %s", c.Code, got, errOut.String())
		}
		text := out.String()
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{string(c.Code) + ": " + c.Summary, c.Why, c.Fix, c.Package} {
			if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
				t.Errorf("explain %s does not say %q:\n%s", c.Code, want, text)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if w := lipgloss.Width(line); w > explainWidth && strings.Contains(line, " ") {
				t.Errorf("explain %s: a line of %d columns: %q", c.Code, w, line)
			}
		}
	}
}

// The code may be given as the text output shows it, and several at once.
func TestExplainTakesCodesAsShown(t *testing.T) {
	var out, errOut bytes.Buffer
	if got := run([]string{"explain", "[unknown-key]", "locale-stale"}, nil, &out, &errOut); got != exitOK {
		t.Fatalf("exit %d, %s", got, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "unknown-key: ") || !strings.Contains(out.String(), "\n\nlocale-stale: ") {
		t.Errorf("output:\n%s", out.String())
	}
}

// explain with no code lists every code once, each with its summary.
func TestExplainListsEveryCode(t *testing.T) {
	var out, errOut bytes.Buffer
	if got := run([]string{"explain"}, nil, &out, &errOut); got != exitOK {
		t.Fatalf("exit %d, %s", got, errOut.String())
	}
	starts := 0
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if !strings.HasPrefix(line, " ") {
			starts++
		}
		if w := lipgloss.Width(line); w > explainWidth {
			t.Errorf("a line of %d columns: %q", w, line)
		}
	}
	codes := analysis.Codes()
	if starts != len(codes) {
		t.Errorf("%d entries, want %d", starts, len(codes))
	}
	flat := strings.Join(strings.Fields(out.String()), " ")
	for _, c := range codes {
		if !strings.Contains(flat, string(c.Code)+" "+strings.Join(strings.Fields(c.Summary), " ")) {
			t.Errorf("the list lacks %s with its summary", c.Code)
		}
	}
}

// An unknown code is a usage error naming the nearest code.
func TestExplainUnknownCode(t *testing.T) {
	var out, errOut bytes.Buffer
	if got := run([]string{"explain", "unknwn-key"}, nil, &out, &errOut); got != exitUsage {
		t.Errorf("exit %d, want %d", got, exitUsage)
	}
	if out.Len() != 0 || !strings.Contains(errOut.String(), `no finding code "unknwn-key"; did you mean "unknown-key"?`) {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
	errOut.Reset()
	run([]string{"explain", "x\x1b[2Jy"}, nil, &out, &errOut)
	if strings.ContainsRune(errOut.String(), 0x1b) {
		t.Errorf("a raw escape reached stderr: %q", errOut.String())
	}
}

// The SARIF rule list is the registry: every declared code, with its
// summary and, in its help, the why and the fix.
func TestSARIFRulesAreTheRegistry(t *testing.T) {
	var buf bytes.Buffer
	if err := writeSARIF(&buf, nil, registryRules(), t.TempDir()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
						Help             struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	codes := analysis.Codes()
	if len(rules) != len(codes) {
		t.Fatalf("%d rules, %d codes", len(rules), len(codes))
	}
	for i, c := range codes {
		r := rules[i]
		if r.ID != string(c.Code) || r.ShortDescription.Text != c.Summary || !strings.Contains(r.Help.Text, c.Why) || !strings.Contains(r.Help.Text, c.Fix) {
			t.Errorf("rule %d: %+v, code %+v", i, r, c)
		}
	}
}
