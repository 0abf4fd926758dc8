package cli

import (
	"cmp"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"rulebench/analysis"
	"rulebench/model"
)

// SARIF 2.1.0: the subset rulebench writes, one run with every rule it
// can report. Field names follow the SARIF specification.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	Results     []sarifResult     `json:"results"`
}

// sarifInvocation carries the notes about the run itself: here, that
// findings were left out.
type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

// sarifMaxResults is the most results one run holds: GitHub's code
// scanning refuses an upload with more than 25,000.
const sarifMaxResults = 25000

// sarifCap keeps at most sarifMaxResults findings, the most severe first
// and otherwise in their order, and the notes that say what was left out.
func sarifCap(findings []model.Diagnostic) ([]model.Diagnostic, []sarifInvocation) {
	if len(findings) <= sarifMaxResults {
		return findings, nil
	}
	kept := slices.Clone(findings)
	slices.SortStableFunc(kept, func(a, b model.Diagnostic) int { return cmp.Compare(b.Severity, a.Severity) })
	left := len(kept) - sarifMaxResults
	kept = kept[:sarifMaxResults]
	note := sarifNotification{Level: "warning", Message: sarifText{fmt.Sprintf(
		"%d more findings are not in this log: code scanning takes at most %d results a run; the least severe were left out (rulebench check --format json lists them all)",
		left, sarifMaxResults)}}
	return kept, []sarifInvocation{{ExecutionSuccessful: true, Notifications: []sarifNotification{note}}}
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	Help                 sarifText       `json:"help"`
	DefaultConfiguration *sarifRuleLevel `json:"defaultConfiguration,omitempty"`
}

type sarifRuleLevel struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
	// Suppressions mark a finding a directive or the configuration
	// suppressed: it is in the log, as suppressed, rather than absent.
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
	Properties   sarifProperties    `json:"properties"`
}

// sarifSuppression is SARIF's suppression object: kind inSource (a
// directive in the file) or external (the configuration, a flag), and the
// justification.
type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// sarifFix is a finding's fix: its description and the bytes it replaces
// in each file.
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifText      `json:"insertedContent,omitempty"`
}

// sarifByteRegion is a region by bytes; byteLength 0 (an insertion) is
// written too.
type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical  `json:"physicalLocation"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

type sarifLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifProperties struct {
	JSONPath string         `json:"jsonPath"`
	Category model.Category `json:"category"`
	Fixable  bool           `json:"fixable,omitempty"`
}

// ruleDoc is what the SARIF rule list says of one finding code.
type ruleDoc struct {
	Code    model.Code
	Summary string
	Help    string
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s model.Severity) string {
	switch s {
	case model.Error:
		return "error"
	case model.Warning:
		return "warning"
	}
	return "note"
}

// sarifURI writes a finding's file as a URI: relative to the working
// folder wd when it lies inside it (what code-scanning services expect),
// an absolute file URI otherwise.
func sarifURI(file, wd string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return (&url.URL{Path: filepath.ToSlash(file)}).String()
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return (&url.URL{Path: filepath.ToSlash(rel)}).String()
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// buildSARIF makes the SARIF log of the findings of one check run. Rules
// lists every code rulebench can report; a finding whose code is missing
// from it is given a rule of its own, so that every ruleId is in rules.
func buildSARIF(findings []model.Diagnostic, rules []ruleDoc, wd string) sarifLog {
	return buildSARIFSuppressed(findings, nil, rules, wd)
}

// buildSARIFSuppressed is buildSARIF with the suppressed findings after the
// others, each marked with its suppression, as long as the log has room.
func buildSARIFSuppressed(findings []model.Diagnostic, suppressed []analysis.Suppressed, rules []ruleDoc, wd string) sarifLog {
	driver := sarifDriver{Name: "rulebench", Version: Version, Rules: []sarifRule{}}
	index := map[model.Code]int{}
	addRule := func(r ruleDoc) {
		index[r.Code] = len(driver.Rules)
		help := r.Help
		if help == "" {
			help = r.Summary
		}
		driver.Rules = append(driver.Rules, sarifRule{ID: string(r.Code), ShortDescription: sarifText{r.Summary}, Help: sarifText{help}})
	}
	for _, r := range rules {
		if _, dup := index[r.Code]; !dup {
			addRule(r)
		}
	}
	findings, invocations := sarifCap(findings)
	room := max(0, sarifMaxResults-len(findings))
	if len(suppressed) > room {
		note := sarifNotification{Level: "note", Message: sarifText{fmt.Sprintf(
			"%d suppressed findings are not in this log: code scanning takes at most %d results a run (rulebench check --format json lists them all)",
			len(suppressed)-room, sarifMaxResults)}}
		if invocations == nil {
			invocations = []sarifInvocation{{ExecutionSuccessful: true}}
		}
		invocations[0].Notifications = append(invocations[0].Notifications, note)
		suppressed = suppressed[:room]
	}
	marks := make([][]sarifSuppression, len(findings), len(findings)+len(suppressed))
	for _, s := range suppressed {
		findings = append(findings, s.Diagnostic)
		marks = append(marks, []sarifSuppression{{Kind: string(s.Kind), Justification: s.Reason}})
	}
	results := []sarifResult{}
	for k, d := range findings {
		i, ok := index[d.Code]
		if !ok {
			addRule(ruleDoc{Code: d.Code, Summary: string(d.Code)})
			i = index[d.Code]
		}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{
			ArtifactLocation: sarifArtifact{URI: sarifURI(d.File, wd)},
			Region:           sarifRegion{StartLine: max(d.Line, 1), StartColumn: max(d.Column, 1)},
		}}
		if d.Path != "" {
			loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: d.Path, Kind: "member"}}
		}
		results = append(results, sarifResult{
			RuleID: string(d.Code), RuleIndex: i, Level: sarifLevel(d.Severity),
			Message:      sarifText{d.Path + ": " + d.Message},
			Locations:    []sarifLocation{loc},
			Fixes:        sarifFixes(d.Fix, wd),
			Suppressions: marks[k],
			Properties:   sarifProperties{JSONPath: d.Path, Category: d.Category, Fixable: d.Fixable()},
		})
	}
	return sarifLog{Version: sarifVersion, Schema: sarifSchema, Runs: []sarifRun{{Tool: sarifTool{Driver: driver}, Invocations: invocations, Results: results}}}
}

// sarifFixes writes a finding's fix as SARIF fixes (none without one):
// the edits of each file, in the order of its files, as byte replacements.
func sarifFixes(fix *model.Fix, wd string) []sarifFix {
	if fix == nil {
		return nil
	}
	f := sarifFix{Description: sarifText{fix.Description}, ArtifactChanges: []sarifArtifactChange{}}
	for _, name := range fix.Files() {
		change := sarifArtifactChange{ArtifactLocation: sarifArtifact{URI: sarifURI(name, wd)}, Replacements: []sarifReplacement{}}
		for _, e := range fix.Edits {
			if e.File != name {
				continue
			}
			r := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
			if e.New != "" {
				r.InsertedContent = &sarifText{e.New}
			}
			change.Replacements = append(change.Replacements, r)
		}
		f.ArtifactChanges = append(f.ArtifactChanges, change)
	}
	return []sarifFix{f}
}

// writeSARIFSuppressed writes the SARIF log of the findings and of the
// suppressed ones, marked.
func writeSARIFSuppressed(w io.Writer, findings []model.Diagnostic, suppressed []analysis.Suppressed, rules []ruleDoc, wd string) error {
	return writeJSON(w, buildSARIFSuppressed(findings, suppressed, rules, wd))
}

// writeSARIF writes the SARIF log of the findings.
func writeSARIF(w io.Writer, findings []model.Diagnostic, rules []ruleDoc, wd string) error {
	return writeJSON(w, buildSARIF(findings, rules, wd))
}

// registryRules is every code rulebench can report, for the SARIF rule
// list.
func registryRules() []ruleDoc {
	codes := analysis.Codes()
	rules := make([]ruleDoc, len(codes))
	for i, c := range codes {
		help := c.Summary
		if c.Why != "" {
			help += "\n\nWhy: " + c.Why
		}
		if c.Fix != "" {
			help += "\n\nFix: " + c.Fix
		}
		rules[i] = ruleDoc{Code: c.Code, Summary: c.Summary, Help: help}
	}
	return rules
}
