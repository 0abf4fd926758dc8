package cli

import (
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"rulebench/model"
)

// githubEscapeData escapes a workflow command's message as GitHub's
// runner reads it back.
func githubEscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubEscapeProperty escapes a workflow command's property value, where
// colons and commas are separators too.
func githubEscapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// githubCommand names the workflow command for a severity.
func githubCommand(s model.Severity) string {
	switch s {
	case model.Error:
		return "error"
	case model.Warning:
		return "warning"
	}
	return "notice"
}

// writeGitHub writes one GitHub Actions workflow command a finding, so
// that each shows as an annotation on its line:
// ::error file=F,line=L,col=C,title=CODE::message. Control characters
// from the files are made visible first.
func writeGitHub(w io.Writer, findings []model.Diagnostic) {
	for _, d := range findings {
		io.WriteString(w, "::"+githubCommand(d.Severity)+
			" file="+githubEscapeProperty(visible(filepath.ToSlash(d.File)))+
			",line="+strconv.Itoa(max(d.Line, 1))+",col="+strconv.Itoa(max(d.Column, 1))+
			",title="+githubEscapeProperty(visible(string(d.Code)))+
			"::"+githubEscapeData(visibleKeepingNewlines(d.Path+": "+d.Message))+"\n")
	}
}

// visibleKeepingNewlines makes text safe like visible, but keeps its line
// breaks, which a workflow command escapes on its own.
func visibleKeepingNewlines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = visible(l)
	}
	return strings.Join(lines, "\n")
}
