package cli

import (
	"fmt"
	"io"
	"strings"

	"rulebench/analysis"
	"rulebench/analysis/outline"
	"rulebench/analysis/report"
	"rulebench/analysis/say"
	"rulebench/model"
	"rulebench/rules"
)

// layersCommand shows the effective ruleset under a layer selection, as
// the Engine would build it for a game with those layers on.
var layersCommand = &command{
	name:    "layers",
	summary: "the effective ruleset under a layer selection",
	usage:   []string{"layers [--on ID,ID...] [--format F] PATH"},
	about: "Shows the ruleset as a game with the given layers on sees it: which layers apply\n" +
		"(conflicts and the Engine's fallback), guidance, ladder, narrowed enum fields,\n" +
		"hidden catalog entries, coins and prices, the market and loot tables, and what\n" +
		"sample saves hold that the layers no longer offer. Exit 0: no errors; 1: errors\n" +
		"found (an --on id no layer has, or a broken file); 2: bad usage or unreadable input.",
	args: argSpec{name: "PATH", min: 1, max: 1, values: files},
	bind: func(fs *flagSet) runner {
		on := fs.List("on", "ID,ID...", layerIDs, nil, "the layers to turn on, by id, comma-separated (the flag may repeat)")
		fs.Format(true)
		return func(c *call, pos []string) int { return runLayers(c, pos, *on, fs.chosenFormat()) }
	},
}

// runLayers prints the effective ruleset of pos[0] with the layers on.
func runLayers(c *call, pos []string, on []string, format string) int {
	stdout, stderr := c.stdout, c.stderr
	ws, code, ok := loadPath(pos[0], stderr)
	if !ok {
		return code
	}
	r, whole := analyse(ws, analysis.Options{}, stderr)
	eff, chosen := r.Selection(on)
	if eff == nil {
		return exitUsage
	}
	// What the layers command reports: the problems reading the ruleset and
	// its catalogs, its format, the layer import checks, and the choice.
	ds := append(r.Select(model.Reading, model.Format, model.Layers), chosen...)
	model.SortDiagnostics(ds)
	code = exitFor(ds)
	if !whole {
		code = exitUsage
	}
	doc := report.NewLayers(eff)
	for _, s := range ws.Saves {
		doc.Saves = append(doc.Saves, report.NewLayersSave(eff, s))
	}
	doc.Diagnostics = ds
	if format != report.Text {
		if err := writeDocument(stdout, format, doc, ds); err != nil {
			return exitUsage
		}
		return code
	}
	writeLayersText(stdout, pos[0], outline.New(eff, r.Base(), ws.Saves))
	if len(ds) > 0 {
		fmt.Fprintln(stdout)
		writeDiagnostics(stdout, ds)
	}
	writeSummary(stdout, pos[0], ds)
	return code
}

// writeLayersText prints the effective ruleset for people: which layers
// apply, then the outline (package outline) as plain text, one line a
// fact, a change against the base with the base's value beside it.
func writeLayersText(w io.Writer, path string, o *outline.Outline) {
	v := visible
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	eff := o.Effective
	rs := eff.Base
	name := rs.Name
	if name == "" {
		name = rs.ID
	}
	p("%s — %s\n", v(path), v(name))
	if len(rs.Layers) == 0 {
		p("The ruleset declares no layers.\n")
	}
	p("\nLayers:\n")
	for _, t := range eff.Toggles {
		box := "[ ]"
		if t.On {
			box = "[x]"
		}
		extra := ""
		if t.Disabled() {
			extra = "  (disabled by " + v(strings.Join(t.DisabledBy, ", ")) + ")"
		}
		p("  %s %s — %s%s\n", box, v(t.Layer.ID), v(t.Layer.Label), extra)
		for _, e := range say.LayerEffects(t.Layer, rs) {
			if !strings.HasPrefix(e, "appends to the") {
				p("      %s\n", e)
			}
		}
	}
	for _, d := range o.Dropped {
		p("  dropped %s: %s\n", d.ID, d.Reason)
	}
	p("\nCheck guidance:\n  %s\n", o.Check.Text)
	if o.World.HasText {
		p("World guidance:\n  %s\n", o.World.Text)
	} else {
		p("World guidance: none\n")
	}
	from := "the base"
	if o.Ladder.From != nil {
		from = "layer " + o.Ladder.From.ID + "; the base beside each changed step"
	}
	p("\nDifficulty ladder (%s, %s):\n", o.Ladder.Kind, from)
	for _, c := range o.Ladder.Steps {
		switch c.Kind {
		case rules.StepRemoved:
			p("  %-20s removed (base %s)\n", c.Label, say.LadderStep(c.Base))
		case rules.StepAdded:
			p("  %-20s %s  (added)\n", c.Label, say.LadderStep(c.Effective))
		case rules.StepChanged:
			p("  %-20s %s  (base %s)\n", c.Label, say.LadderStep(c.Effective), say.LadderStep(c.Base))
		default:
			p("  %-20s %s\n", c.Label, say.LadderStep(c.Effective))
		}
	}
	if len(o.Enums) > 0 {
		p("\nEnum fields:\n")
		for _, f := range o.Enums {
			line := fmt.Sprintf("  %s: %s", f.ID, strings.Join(f.Kept, ", "))
			if f.HasDefault {
				line += "; default " + f.Default
			} else {
				line += "; no default"
			}
			if len(f.Removed) > 0 {
				line += fmt.Sprintf("  (removed %s by %s)", strings.Join(f.Removed, ", "), strings.Join(f.By, ", "))
			}
			p("%s\n", line)
		}
	}
	if len(o.Catalogs) > 0 {
		hidden := 0
		for _, c := range o.Catalogs {
			hidden += c.Hidden
		}
		p("\nHidden catalog entries: %d\n", hidden)
		for _, c := range o.Catalogs {
			for _, e := range c.Entries {
				if e.Hidden && e.By != nil {
					p("  %s/%s  (%s, rule %d)\n", c.ID, e.ID, e.By.ID, e.Rule+1)
				}
			}
		}
	}
	if len(o.Coins) > 0 {
		p("\nCoins:\n")
		for _, c := range o.Coins {
			switch {
			case c.Removed:
				p("  %s: removed (no price in it)\n", c.ID)
			case len(c.Gone) > 0:
				p("  %s: %s  (removed %s)\n", c.ID, strings.Join(c.Left, ", "), strings.Join(c.Gone, ", "))
			default:
				p("  %s: %s\n", c.ID, strings.Join(c.Left, ", "))
			}
		}
	}
	if len(o.Prices.Items) > 0 {
		p("\nPrices (written → shown; then at each market price level, the base beside a changed one):\n")
		for _, pr := range o.Prices.Items {
			p("  %-32s %-16s → %s\n", pr.Key, pr.Written, pr.Shown.Text)
			if why, ok := o.Why(pr); ok {
				p("    %s\n", why)
			}
			if len(pr.Levels) > 0 {
				parts := make([]string, len(pr.Levels))
				for j, c := range pr.Levels {
					parts[j] = o.Prices.Levels[j] + " " + c.Text
					if c.Changed {
						parts[j] += " (base " + c.Base + ")"
					}
				}
				p("    market: %s\n", strings.Join(parts, "; "))
			}
		}
	}
	if m := o.Market; m.Declared {
		ids := func(ss []outline.Seller) string {
			out := make([]string, len(ss))
			for i, s := range ss {
				out[i] = s.ID
			}
			return strings.Join(out, ", ")
		}
		p("\nMarket:\n  sellers: %s\n", ids(m.Sellers))
		if len(m.Removed) > 0 {
			removed := make([]outline.Seller, len(m.Removed))
			for i, r := range m.Removed {
				removed[i] = r.Seller
			}
			p("  removed: %s\n", ids(removed))
		}
		if len(m.UnsoldItems) > 0 {
			p("  sold by no seller: %s\n", strings.Join(m.UnsoldItems, ", "))
		}
		for _, n := range m.Notes {
			p("  note: %s\n", n)
		}
	}
	if len(o.Loot) > 0 {
		p("\nLoot tables:\n")
		for _, lt := range o.Loot {
			by := ""
			if lt.ReplacedBy != nil {
				by = " — replaced by " + lt.ReplacedBy.ID
			}
			p("  %s%s\n", lt.ID, by)
			for _, d := range lt.Dead {
				p("    line %d drops nothing: %s\n", d.Line+1, d.Reason)
			}
		}
	}
	for _, s := range o.Saves {
		if len(s.Kept) == 0 {
			continue
		}
		p("\nSave %s keeps (kept and shown):\n", v(s.File))
		for _, k := range s.Kept {
			p("  %s = %s  (%s)\n", k.Path, k.Value, k.Kind)
		}
	}
}
