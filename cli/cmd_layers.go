package cli

import (
	"fmt"
	"io"
	"strings"

	"rulebench/analysis"
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
	writeLayersText(stdout, pos[0], eff, r.Base(), doc)
	if len(ds) > 0 {
		fmt.Fprintln(stdout)
		writeDiagnostics(stdout, ds)
	}
	writeSummary(stdout, pos[0], ds)
	return code
}

// writeLayersText prints the effective ruleset for people.
func writeLayersText(w io.Writer, path string, eff, baseEff *rules.Effective, doc *report.Layers) {
	v := visible
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
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
	for _, d := range eff.Dropped {
		p("  dropped %s: %s\n", v(d.ID), v(d.Reason()))
	}
	p("\nCheck guidance:\n  %s\n", v(eff.CheckGuidance))
	if eff.WorldGuidance != nil {
		p("World guidance:\n  %s\n", v(*eff.WorldGuidance))
	} else {
		p("World guidance: none\n")
	}
	from := "the base"
	if eff.LadderFrom != nil {
		from = "layer " + v(eff.LadderFrom.ID) + "; the base beside each changed step"
	}
	p("\nDifficulty ladder (%s, %s):\n", v(rs.Resolution.Kind), from)
	for _, c := range eff.LadderChanges() {
		switch c.Kind {
		case rules.StepRemoved:
			p("  %-20s removed (base %s)\n", v(c.Label), stepText(c.Base))
		case rules.StepAdded:
			p("  %-20s %s  (added)\n", v(c.Label), stepText(c.Effective))
		case rules.StepChanged:
			p("  %-20s %s  (base %s)\n", v(c.Label), stepText(c.Effective), stepText(c.Base))
		default:
			p("  %-20s %s\n", v(c.Label), stepText(c.Effective))
		}
	}
	if len(eff.Enums) > 0 {
		p("\nEnum fields:\n")
		for _, f := range eff.Enums {
			line := fmt.Sprintf("  %s: %s", v(f.Field.ID), v(strings.Join(f.Values, ", ")))
			if f.Default != nil {
				line += fmt.Sprintf("; default %s", v(*f.Default))
			} else {
				line += "; no default"
			}
			if len(f.Removed) > 0 {
				line += fmt.Sprintf("  (removed %s by %s)", v(strings.Join(f.Removed, ", ")), v(strings.Join(f.By, ", ")))
			}
			p("%s\n", line)
		}
	}
	hidden := 0
	for _, c := range eff.Catalogs {
		hidden += len(c.Hidden)
	}
	if len(eff.Catalogs) > 0 {
		p("\nHidden catalog entries: %d\n", hidden)
		for _, c := range eff.Catalogs {
			for _, h := range c.Hidden {
				p("  %s/%s  (%s, rule %d)\n", v(c.Catalog.ID), v(h.Entry.ID), v(h.Layer.ID), h.Rule+1)
			}
		}
	}
	if len(eff.Currencies) > 0 {
		p("\nCoins:\n")
		for _, c := range eff.Currencies {
			var left, gone []string
			for _, u := range c.Units {
				left = append(left, u.ID)
			}
			for _, u := range c.RemovedUnits {
				gone = append(gone, u.ID)
			}
			switch {
			case c.Removed:
				p("  %s: removed (no price in it)\n", v(c.Family.ID))
			case len(gone) > 0:
				p("  %s: %s  (removed %s)\n", v(c.Family.ID), v(strings.Join(left, ", ")), v(strings.Join(gone, ", ")))
			default:
				p("  %s: %s\n", v(c.Family.ID), v(strings.Join(left, ", ")))
			}
		}
	}
	if len(eff.Prices) > 0 {
		base := map[string]rules.ItemPrice{}
		if len(eff.Applied) > 0 && baseEff != nil {
			for _, pr := range baseEff.Prices {
				base[pr.Key] = pr
			}
		}
		p("\nPrices (written → shown; then at each market price level, the base beside a changed one):\n")
		for _, pr := range eff.Prices {
			w := pr.Written()
			written := fmt.Sprintf("%d %s", w.Amount, w.Unit)
			if _, coin := rs.Items.Family(w.Unit); coin != nil {
				written = fmt.Sprintf("%d %s", w.Amount, coin.Label)
			}
			p("  %-32s %-16s → %s\n", v(pr.Key), v(written), v(amountText(pr.Shown)))
			if why, ok := eff.WhyPrice(pr); ok {
				p("    %s\n", v(why.Text()))
			}
			if len(pr.Levels) > 0 {
				b, hasBase := base[pr.Key]
				var parts []string
				for j, a := range pr.Levels {
					part := eff.Market.Levels[j].Label + " " + amountText(a)
					if hasBase && j < len(b.Levels) && amountText(b.Levels[j]) != amountText(a) {
						part += " (base " + amountText(b.Levels[j]) + ")"
					}
					parts = append(parts, part)
				}
				p("    market: %s\n", v(strings.Join(parts, "; ")))
			}
		}
	}
	if eff.Market.Declared {
		m := doc.Market
		p("\nMarket:\n  sellers: %s\n", v(strings.Join(m.Sellers, ", ")))
		if len(m.RemovedSellers) > 0 {
			p("  removed: %s\n", v(strings.Join(m.RemovedSellers, ", ")))
		}
		if len(m.UnsoldItems) > 0 {
			p("  sold by no seller: %s\n", v(strings.Join(m.UnsoldItems, ", ")))
		}
		for _, n := range m.Notes {
			p("  note: %s\n", v(n))
		}
	}
	if len(eff.Loot) > 0 {
		p("\nLoot tables:\n")
		for _, lt := range eff.Loot {
			by := ""
			if lt.ReplacedBy != nil {
				by = " — replaced by " + v(lt.ReplacedBy.ID)
			}
			p("  %s%s\n", v(lt.Base.ID), by)
			for _, d := range lt.Dead {
				p("    line %d drops nothing: %s\n", d.Line+1, d.Reason())
			}
		}
	}
	for _, s := range doc.Saves {
		if len(s.Kept) == 0 {
			continue
		}
		p("\nSave %s keeps (kept and shown):\n", v(s.File))
		for _, k := range s.Kept {
			p("  %s = %s  (%s)\n", v(k.Path), v(k.Value), k.Kind)
		}
	}
}

// stepText writes a ladder step's numbers: "dc 14", "2 successes, target 8".
func stepText(s model.LadderStep) string {
	switch {
	case s.HasDC:
		return fmt.Sprintf("dc %d", s.DC)
	case s.HasTarget:
		return fmt.Sprintf("%s, target %d", say.Count(s.Successes, "success"), s.Target)
	}
	return say.Count(s.Successes, "success")
}

// amountText is an amount as the Engine shows it, or "no price".
func amountText(a rules.Amount) string {
	if !a.Priced() {
		return "no price"
	}
	return a.Text()
}
