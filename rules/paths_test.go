package rules

import (
	"strconv"
)

const (
	lanternRoad = "../examples/lantern-road"
	mirefall    = "../examples/mirefall/mirefall-1.0.0.ruleset.json"
)

func itoa(n int) string { return strconv.Itoa(n) }
