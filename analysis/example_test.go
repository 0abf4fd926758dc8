package analysis_test

import (
	"fmt"

	"rulebench/analysis"
	"rulebench/model"
)

// Run works out a workspace's findings once; a front end picks the ones it
// reports by category and reads the other parts beside them.
func ExampleRun() {
	ws, err := model.Load(model.OSFS{}, "../examples/lantern-road")
	if err != nil {
		panic(err)
	}
	r := analysis.Run(ws, analysis.Options{})
	fmt.Println(len(r.Findings), "findings; ok:", r.OK())
	for _, d := range r.Select(model.Translations) {
		fmt.Println(d.Category, d.Code, d.Path)
	}
	fmt.Printf("capability 1.%d\n", r.Capability)
	fmt.Println(len(r.Saves()), "saves rehearsed")
	// Output:
	// 2 findings; ok: true
	// translations locale-stale ruleset.Road luck die
	// translations locale-stale ruleset.Guild favour
	// capability 1.813
	// 7 saves rehearsed
}
