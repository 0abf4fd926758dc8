package main

import (
	"fmt"
	"io"

	"rulebench/i18n"
	"rulebench/migrate"
	"rulebench/model"
	"rulebench/rules"
)

// checkAll runs every check on a workspace — what reading found, the format
// cross-references, layers, capability, translations and migrations — and
// returns the findings located and sorted. The CLI and the workbench share it.
func checkAll(ws *model.Workspace) []model.Diagnostic {
	ds := append([]model.Diagnostic(nil), ws.Diagnostics...)
	ds = append(ds, rules.Check(ws)...)
	ds = append(ds, i18n.Check(ws)...)
	if ws.Ruleset != nil {
		ds = append(ds, migrate.Check(ws.Ruleset)...)
	}
	ws.Locate(ds)
	model.SortDiagnostics(ds)
	return ds
}

// checkDoc is the JSON document of `rulebench check --json`.
type checkDoc struct {
	SchemaVersion int                `json:"schemaVersion"`
	OK            bool               `json:"ok"`
	CapabilityAPI string             `json:"capabilityApi"`
	Diagnostics   []model.Diagnostic `json:"diagnostics"`
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", "rulebench check [--json] PATH",
		"Runs every check on a ruleset file, package folder or catalog artifact: format,\nlayers, translations, migrations and capability. Exit 0: no errors; 1: errors found;\n2: bad usage or unreadable input.", stderr)
	asJSON := fs.Bool("json", false, "print a JSON document instead of one finding a line")
	pos, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	ds := checkAll(ws)
	if *asJSON {
		if plan, err := planFixes(ws); err == nil {
			plan.markFixable(ds)
		}
		doc := checkDoc{SchemaVersion: 1, OK: !model.HasErrors(ds), CapabilityAPI: fmt.Sprintf("1.%d", rules.NeededCapability(ws)), Diagnostics: ds}
		if doc.Diagnostics == nil {
			doc.Diagnostics = []model.Diagnostic{}
		}
		if err := writeJSON(stdout, doc); err != nil {
			return exitUsage
		}
		return exitFor(ds)
	}
	writeDiagnostics(stdout, ds)
	writeSummary(stdout, pos[0], ds)
	return exitFor(ds)
}
