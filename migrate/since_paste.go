package migrate

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"rulebench/model"
)

// paste makes the new ruleset with the draft in it, runs the import checks
// on it and keeps the findings about the draft.
func (a *since) paste() {
	steps := make([]DraftStep, 0, len(a.steps))
	remap := make([]int, len(a.steps))
	for i, s := range a.steps {
		remap[i] = -1
		if s.Op != "" {
			remap[i] = len(steps)
			steps = append(steps, s)
		}
	}
	for i := range a.rep.Lost {
		if s := a.rep.Lost[i].Step; s >= 0 {
			a.rep.Lost[i].Step = remap[s]
		}
	}
	a.steps = steps
	if len(steps) == 0 {
		a.rep.Draft = nil
		a.rep.Ruleset, a.rep.Migrator = a.cur, New(a.cur)
		return
	}
	a.rep.Draft = &Draft{From: a.rep.From, Steps: steps}
	text, _ := marshalIndent(a.rep.Draft)
	a.rep.DraftText = text

	pasted := *a.cur
	pasted.Root = nil // findings about the draft are placed in its text
	pasted.Sheet.Migrations = slices.Clone(a.cur.Sheet.Migrations)
	if pasted.Sheet.Version <= a.rep.From {
		pasted.Sheet.Version = a.rep.From + 1
	}
	msteps := make([]*model.Step, len(steps))
	for i, s := range steps {
		msteps[i] = s.step()
	}
	entry, offset := len(pasted.Sheet.Migrations), 0
	for i, m := range pasted.Sheet.Migrations {
		if m != nil && m.From == a.rep.From {
			entry, offset = i, len(m.Steps)
			cp := *m
			cp.Steps = append(slices.Clone(m.Steps), msteps...)
			pasted.Sheet.Migrations[i] = &cp
			a.rep.AddTo = &entry
			break
		}
	}
	if a.rep.AddTo == nil {
		pasted.Sheet.Migrations = append(pasted.Sheet.Migrations, newMigration(a.rep.From, msteps))
	}
	a.rep.Ruleset, a.rep.Migrator = &pasted, New(&pasted)
	a.rep.DraftDiagnostics = draftFindings(Check(&pasted), entry, offset, text)
}

func newMigration(from int, steps []*model.Step) *model.Migration {
	return &model.Migration{From: from, Steps: steps}
}

// marshalIndent writes v as JSON indented by two spaces, without escaping
// <, > and &, ending in a newline.
func marshalIndent(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.String(), err
}

// draftFindings keeps the findings about the pasted entry's drafted steps,
// with paths from the top of the draft, located in its text.
func draftFindings(ds []model.Diagnostic, entry, offset int, text string) []model.Diagnostic {
	root, _ := model.Parse("draft", []byte(text))
	prefix := "sheet.migrations." + strconv.Itoa(entry) + "."
	out := []model.Diagnostic{}
	for _, d := range ds {
		rest, ok := strings.CutPrefix(d.Path, prefix)
		if !ok {
			continue
		}
		if after, ok := strings.CutPrefix(rest, "steps."); ok {
			num, tail, _ := strings.Cut(after, ".")
			k, err := strconv.Atoi(num)
			if err != nil || k < offset {
				continue
			}
			rest = "steps." + strconv.Itoa(k-offset)
			if tail != "" {
				rest += "." + tail
			}
		} else if rest != "from" || offset > 0 {
			continue
		}
		d.File, d.Path, d.Line, d.Column = "draft", rest, 0, 0
		model.Locate(&d, root)
		out = append(out, d)
	}
	return out
}
