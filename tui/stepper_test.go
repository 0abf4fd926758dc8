package tui

import (
	"maps"
	"testing"

	"rulebench/migrate"
)

func TestChangeMarks(t *testing.T) {
	save := func(v float64, fields map[string]any, more ...map[string]any) map[string]any {
		build := map[string]any{"fields": fields}
		for _, m := range more {
			maps.Copy(build, m)
		}
		return map[string]any{"v": v, "build": build}
	}
	f := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	add := func(path string, v any) migrate.Change {
		return migrate.Change{Path: path, Op: migrate.ChangeAdd, New: v}
	}
	remove := func(path string, v any) migrate.Change {
		return migrate.Change{Path: path, Op: migrate.ChangeRemove, Old: v}
	}
	replace := func(path string, old, v any) migrate.Change {
		return migrate.Change{Path: path, Op: migrate.ChangeReplace, Old: old, New: v}
	}
	tests := []struct {
		name          string
		changes       []migrate.Change
		before, after map[string]any
		mb, ma        marks
	}{
		{"a rename: the old key removed, the new one added",
			[]migrate.Change{remove("build.fields.toll", 3.0), add("build.fields.fare", 3.0)},
			save(1, f("toll", 3.0)), save(1, f("fare", 3.0)),
			marks{p("build", "fields", "toll"): '-'}, marks{p("build", "fields", "fare"): '+'}},
		{"a value copied: only the new key",
			[]migrate.Change{add("build.fields.level_other", 5.0)},
			save(1, f("level", 5.0)), save(1, f("level", 5.0, "level_other", 5.0)),
			marks{}, marks{p("build", "fields", "level_other"): '+'}},
		{"a value added where its parent was missing marks the parent",
			[]migrate.Change{add("build.bonuses.athletics", 2.0)},
			save(1, f()), save(1, f(), f("bonuses", f("athletics", 2.0))),
			marks{}, marks{p("build", "bonuses"): '+'}},
		{"a list row's column replaced",
			[]migrate.Change{replace("build.lists.attacks.0.ability", "str", "might")},
			save(1, f(), f("lists", f("attacks", []any{f("ability", "str")}))),
			save(1, f(), f("lists", f("attacks", []any{f("ability", "might")}))),
			marks{p("build", "lists", "attacks", "0", "ability"): '~'}, marks{p("build", "lists", "attacks", "0", "ability"): '~'}},
		{"added and removed again within a chain: nothing",
			[]migrate.Change{add("build.fields.tmp", 1.0), remove("build.fields.tmp", 1.0)},
			save(1, f()), save(1, f()),
			marks{}, marks{}},
		{"replaced by the same value: nothing",
			[]migrate.Change{replace("build.fields.level", 5.0, 5.0)},
			save(1, f("level", 5.0)), save(1, f("level", 5.0)),
			marks{}, marks{}},
		{"the version at the end of a chain",
			nil, save(2, f()), save(4, f()),
			marks{"v": '~'}, marks{"v": '~'}},
	}
	for _, tt := range tests {
		mb, ma := changeMarks(tt.changes, tt.before, tt.after)
		if !maps.Equal(mb, tt.mb) || !maps.Equal(ma, tt.ma) {
			t.Errorf("%s: marks before %q, after %q; want %q, %q", tt.name, mb, ma, tt.mb, tt.ma)
		}
	}
}

// TestStepperMarksEveryChange walks every step of every sample save of
// both examples and checks that the line of each value a step changed is
// marked on the side it shows on, and that a step that changed nothing
// marks nothing.
func TestStepperMarksEveryChange(t *testing.T) {
	markOf := func(lines []jsonLine, path string) byte {
		for _, l := range lines {
			if l.path == path {
				return l.mark
			}
		}
		return changeGap // no such line
	}
	checked := 0
	for _, ex := range []string{"lantern-road", "mirefall"} {
		a := newTestApp(t, exampleConfig(t, ex), 120, 36)
		for _, r := range a.snap.saves() {
			if r == nil || !r.Migrated {
				continue
			}
			for i, step := range r.Trace {
				b, af := stateValue(r.StateAt(i)), stateValue(r.StateAt(i+1))
				mb, ma := changeMarks(step.Changes, b, af)
				left, right := jsonLines(b, mb), jsonLines(af, ma)
				for _, c := range step.Changes {
					k := pathKey(c.Segments())
					var want [2]byte // the marks wanted on the left and the right
					switch c.Op {
					case migrate.ChangeAdd:
						want = [2]byte{changeGap, '+'}
					case migrate.ChangeRemove:
						want = [2]byte{'-', changeGap}
					default:
						want = [2]byte{'~', '~'}
					}
					if got := [2]byte{markOf(left, k), markOf(right, k)}; got != want {
						t.Errorf("%s %s step %d: %s %s is marked %q, want %q", ex, r.File, i+1, c.Op, c.Path, got, want)
					}
					checked++
				}
				if len(step.Changes) == 0 && len(mb)+len(ma) > 0 {
					t.Errorf("%s %s step %d: no change, but marks %q %q", ex, r.File, i+1, mb, ma)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d changes checked: the examples' saves are not rehearsed", checked)
	}
}
