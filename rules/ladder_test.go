package rules

import (
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// steps parses "Gentle 5, Testing 7" into DC steps.
func steps(t *testing.T, text string) []model.LadderStep {
	t.Helper()
	var out []model.LadderStep
	if text == "" {
		return out
	}
	for _, part := range strings.Split(text, ", ") {
		label, n, ok := strings.Cut(part, " ")
		dc, err := strconv.Atoi(n)
		if !ok || err != nil {
			t.Fatalf("bad step %q", part)
		}
		out = append(out, model.LadderStep{Label: label, DC: dc, HasDC: true})
	}
	return out
}

// diffText writes a comparison as "-Gentle 5, =Testing 7, ~Bitter 9>10, +Deadly 15".
func diffText(rows []StepChange) string {
	var parts []string
	for _, r := range rows {
		switch r.Kind {
		case StepRemoved:
			parts = append(parts, "-"+r.Label+" "+strconv.Itoa(r.Base.DC))
		case StepAdded:
			parts = append(parts, "+"+r.Label+" "+strconv.Itoa(r.Effective.DC))
		case StepSame:
			parts = append(parts, "="+r.Label+" "+strconv.Itoa(r.Base.DC))
		case StepChanged:
			parts = append(parts, "~"+r.Label+" "+strconv.Itoa(r.Base.DC)+">"+strconv.Itoa(r.Effective.DC))
		}
	}
	return strings.Join(parts, ", ")
}

func TestLadderDiffPairsByLabel(t *testing.T) {
	for _, c := range []struct{ name, base, eff, want string }{
		{"the issue's example: one removed in front, two changed",
			"Gentle 5, Testing 7, Bitter 9, Cruel 11", "Testing 7, Bitter 10, Cruel 13",
			"-Gentle 5, =Testing 7, ~Bitter 9>10, ~Cruel 11>13"},
		{"the same ladder", "Easy 10, Hard 15", "Easy 10, Hard 15", "=Easy 10, =Hard 15"},
		{"a longer ladder adds a step at the end", "Easy 10, Hard 15", "Easy 10, Hard 15, Deadly 20",
			"=Easy 10, =Hard 15, +Deadly 20"},
		{"a step added in the middle", "Easy 10, Hard 15", "Easy 10, Tricky 12, Hard 15",
			"=Easy 10, +Tricky 12, =Hard 15"},
		{"a step removed in the middle", "Easy 10, Tricky 12, Hard 15", "Easy 10, Hard 16",
			"=Easy 10, -Tricky 12, ~Hard 15>16"},
		{"a step removed at the end", "Easy 10, Hard 15, Deadly 20", "Easy 10, Hard 15",
			"=Easy 10, =Hard 15, -Deadly 20"},
		{"no label in common", "Easy 10, Hard 15", "Low 8", "+Low 8, -Easy 10, -Hard 15"},
		{"a renamed step is one removed and one added", "Easy 10, Hard 15", "Easy 10, Tough 15",
			"=Easy 10, +Tough 15, -Hard 15"},
		{"reordered steps follow the effective ladder", "Easy 10, Hard 15", "Hard 15, Easy 10",
			"=Hard 15, =Easy 10"},
		{"a label given twice pairs in order", "Hard 10, Hard 15", "Hard 12", "~Hard 10>12, -Hard 15"},
		{"no base ladder", "", "Easy 10", "+Easy 10"},
		{"labels are compared exactly", "Easy 10", "easy 10", "+easy 10, -Easy 10"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := diffText(LadderDiff(steps(t, c.base), steps(t, c.eff))); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestLadderDiffComparesEveryNumber(t *testing.T) {
	pool := func(s, target int, hasTarget bool) []model.LadderStep {
		return []model.LadderStep{{Label: "Hard", Successes: s, HasSuccesses: true, Target: target, HasTarget: hasTarget}}
	}
	for _, c := range []struct {
		name      string
		base, eff []model.LadderStep
		want      string
	}{
		{"same successes and target", pool(2, 8, true), pool(2, 8, true), StepSame},
		{"other successes", pool(2, 8, true), pool(3, 8, true), StepChanged},
		{"other target", pool(2, 8, true), pool(2, 7, true), StepChanged},
		{"a target added", pool(2, 0, false), pool(2, 8, true), StepChanged},
	} {
		rows := LadderDiff(c.base, c.eff)
		if len(rows) != 1 || rows[0].Kind != c.want {
			t.Errorf("%s: %+v", c.name, rows)
		}
	}
}
