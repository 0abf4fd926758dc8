package outline_test

import (
	"fmt"

	"rulebench/analysis/outline"
	"rulebench/model"
	"rulebench/rules"
)

// The prices of Mirefall with Lean trade on, which removes the sheaf: each
// changed price beside the base's.
func ExampleNew() {
	ws, _ := model.Load(model.OSFS{}, "../../examples/mirefall/mirefall-1.0.0.ruleset.json")
	res := rules.NewResolver(ws.Ruleset)
	o := outline.New(res.Resolve([]string{"lean_trade"}), res.Resolve(nil), nil)
	for _, p := range o.Prices.Items {
		if p.Shown.Changed {
			fmt.Printf("%s: %s → %s (base %s)\n", p.Key, p.Written, p.Shown.Text, p.Shown.Base)
		}
	}
	// Output:
	// pack/iron-punt-pole: 2 sheaves → 10 bundles (base 2 sheaves)
	// pack/drowned-bell: 3 sheaves → 15 bundles (base 3 sheaves)
}
