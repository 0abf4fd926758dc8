package tui

import (
	"fmt"

	"rulebench/model"
)

// paneID names the workbench's tabs.
type paneID int

// The tabs, in the order shown.
const (
	paneOverview paneID = iota
	paneLayers
	paneTranslations
	paneMigrations
	paneProblems
	paneCount
)

var paneNames = [paneCount]string{"Overview", "Layers", "Translations", "Migrations", "Problems"}

// paneShort are the names used when the full ones do not fit.
var paneShort = [paneCount]string{"Overview", "Layers", "Lang", "Migr", "Problems"}

func (p paneID) String() string {
	if p >= 0 && p < paneCount {
		return paneNames[p]
	}
	return "pane " + itoa(int(p))
}

// pane is what the App needs from every tab: its scrolling and its view.
type pane interface {
	scroller() *scroller
	view() string
}

// translationLines builds the Translations tab: each language file with
// what it holds.
func translationLines(s *snapshot, st styles, width int) []string {
	ws := s.ws
	if ws == nil {
		return nil
	}
	var out []string
	add := func(l ...string) { out = append(out, l...) }
	add(" " + st.heading.Render("Languages"))
	if len(ws.Locales) == 0 {
		where := "a locales/ folder beside ruleset.json"
		if ws.Kind == model.Artifact {
			where = "language packs <id>-<version>.<language>.json beside the artifact"
		}
		return append(out, "   "+st.muted.Render("No translations: they would be "+where+"."))
	}
	if s.lang != "" {
		add("   " + st.muted.Render("Previewing in ") + st.accent.Render(vis(s.lang)))
	}
	for _, f := range ws.Locales {
		line := "   " + st.text.Render(padRight(vis(f.Lang), 8)) + st.muted.Render(localeSummary(f, ws))
		if f.Root != nil {
			if meta := f.Root.Get("_meta"); meta != nil {
				if loc := meta.Get("locale"); loc != nil && loc.Kind == model.String {
					line += st.muted.Render(", _meta.locale " + vis(loc.Str))
				}
				if dir := meta.Get("direction"); dir != nil && dir.Kind == model.String {
					line += st.muted.Render(", " + vis(dir.Str))
				}
			}
		}
		line += st.muted.Render(fmt.Sprintf(", %d bytes", f.Bytes))
		add(line)
	}
	return out
}

// migrationLines builds the Migrations tab: each entry with its steps, then
// the sample saves and where migration takes them.
func migrationLines(s *snapshot, st styles, width int) []string {
	rs := s.ruleset()
	if rs == nil {
		return nil
	}
	var out []string
	add := func(l ...string) { out = append(out, l...) }
	add(" " + st.heading.Render("Migrations") + "  " + st.muted.Render(fmt.Sprintf("the sheet is at version %d", rs.Sheet.Version)))
	if len(rs.Sheet.Migrations) == 0 {
		add("   " + st.muted.Render("No migration entries: saved sheets are read as they are."))
	}
	for _, m := range rs.Sheet.Migrations {
		add("   " + st.bold.Render(fmt.Sprintf("from %d %s %d", m.From, st.g.arrow, m.From+1)))
		for _, step := range m.Steps {
			for i, line := range wrap(describeStep(step), max(width-7, 10)) {
				lead := "     "
				if i == 0 {
					lead = "   " + st.accent.Render(bullet(st)) + " "
				}
				add(lead + st.text.Render(line))
			}
		}
	}
	add("", " "+st.heading.Render("Sample saves"))
	if len(s.ws.Saves) == 0 {
		add("   " + st.muted.Render("None: put saved sheets {\"v\", \"build\", \"live\"} in a saves/ folder beside the ruleset."))
	}
	for _, sv := range s.ws.Saves {
		add("   " + saveLine(sv, rs, s.ws, st))
	}
	return out
}
