package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"rulebench/model"
)

// githubUnescape reads a value back as GitHub's runner does.
func githubUnescape(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

func TestGitHubEscapesRoundTrip(t *testing.T) {
	for _, s := range []string{"plain", "100% sure", "a: b, c", "two\nlines\r\n", "%0A literal", "%25%3A", ""} {
		if got := githubUnescape(githubEscapeData(s)); got != s {
			t.Errorf("data %q comes back as %q", s, got)
		}
		p := githubEscapeProperty(s)
		if strings.ContainsAny(p, ":,\n\r") {
			t.Errorf("property %q escapes to %q, which still holds a separator", s, p)
		}
		if got := githubUnescape(p); got != s {
			t.Errorf("property %q comes back as %q", s, got)
		}
	}
}

var workflowCommand = regexp.MustCompile(`^::(error|warning|notice) file=([^,:]*),line=(\d+),col=(\d+),title=([^,:]*)::(.*)$`)

func TestGitHubAnnotations(t *testing.T) {
	ds := []model.Diagnostic{
		{Severity: model.Error, Code: "unknown-key", Path: "sheet", File: "a,b:c.json", Line: 4, Column: 9, Message: "50% of\nthe \x1b[2Jkeys, here: x"},
		{Severity: model.Warning, Code: "stale-key", Path: "ruleset.x", File: "de.json", Line: 2, Column: 3, Message: "w"},
		{Severity: model.Info, Code: "note", Path: "(root)", File: "n.json", Message: "i"},
	}
	var buf bytes.Buffer
	writeGitHub(&buf, ds)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), buf.String())
	}
	m := workflowCommand.FindStringSubmatch(lines[0])
	if m == nil {
		t.Fatalf("not a workflow command: %q", lines[0])
	}
	if m[1] != "error" || githubUnescape(m[2]) != "a,b:c.json" || m[3] != "4" || m[4] != "9" || m[5] != "unknown-key" {
		t.Errorf("command %q", m[1:6])
	}
	if msg := githubUnescape(m[6]); msg != `sheet: 50% of`+"\n"+`the \x1b[2Jkeys, here: x` {
		t.Errorf("message read back as %q", msg)
	}
	if !strings.HasPrefix(lines[1], "::warning file=de.json,line=2,col=3,title=stale-key::") {
		t.Errorf("warning %q", lines[1])
	}
	if !strings.HasPrefix(lines[2], "::notice file=n.json,line=1,col=1,title=note::") {
		t.Errorf("info %q", lines[2])
	}
}
