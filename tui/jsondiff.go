package tui

import (
	"slices"
	"strconv"
	"strings"
)

// This file is a side-by-side diff of two plain JSON values (maps, slices,
// strings, float64, bool, nil): each written as indented lines that know
// the path of their value, marked from outside with what changed, and the
// two sides aligned so that what did not change sits side by side. It
// knows nothing of saves or migrations; the stepper gives it the marks.

// jsonLine is one line of a JSON value written as indented text: its text,
// the path of the value on it (see joinPath), and how that value changed
// (changeNone, changeGap, or one of '+', '-', '~').
type jsonLine struct {
	text string
	path string
	mark byte
}

const (
	changeNone byte = 0
	// changeGap marks an empty line standing opposite a line the other
	// side has and this one has not.
	changeGap byte = 1
)

// marks says how the values at paths changed: '+' added (on the after
// side), '-' removed (on the before side), '~' changed (on both).
type marks map[string]byte

// joinPath is the key of the value under key in the value at path: the
// keys from the top, joined by pathSep.
func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + pathSep + key
}

// pathSep joins the keys of a path; it is no character a key of a save
// holds in practice, so that a key holding a dot stays one key.
const pathSep = "\x00"

// pathKey is the path of the value reached by keys from the top.
func pathKey(keys []string) string { return strings.Join(keys, pathSep) }

// jsonEqual compares two plain JSON values.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// maxJSONLines bounds how much of a save the stepper draws.
const maxJSONLines = 5000

// jsonLines writes a JSON value indented, two spaces a level, keys sorted
// (v, build and live first at the top), each line knowing its value's path
// and mark. A value inside a marked one carries the mark too.
func jsonLines(v any, marks marks) []jsonLine {
	var out []jsonLine
	var write func(prefix string, v any, path string, depth int, mark byte, comma string)
	write = func(prefix string, v any, path string, depth int, mark byte, comma string) {
		if len(out) >= maxJSONLines {
			return
		}
		if m, ok := marks[path]; ok && path != "" {
			mark = m
		}
		indent := strings.Repeat("  ", depth)
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 {
				out = append(out, jsonLine{indent + prefix + "{}" + comma, path, mark})
				return
			}
			out = append(out, jsonLine{indent + prefix + "{", path, mark})
			keys := sortedKeys(x, depth == 0)
			for i, k := range keys {
				c := ","
				if i == len(keys)-1 {
					c = ""
				}
				write(jsonText(k)+": ", x[k], joinPath(path, k), depth+1, mark, c)
			}
			out = append(out, jsonLine{indent + "}" + comma, path, mark})
		case []any:
			if flat := flatArray(x); flat != "" {
				out = append(out, jsonLine{indent + prefix + flat + comma, path, mark})
				return
			}
			out = append(out, jsonLine{indent + prefix + "[", path, mark})
			for i, e := range x {
				c := ","
				if i == len(x)-1 {
					c = ""
				}
				write("", e, joinPath(path, strconv.Itoa(i)), depth+1, mark, c)
			}
			out = append(out, jsonLine{indent + "]" + comma, path, mark})
		default:
			out = append(out, jsonLine{indent + prefix + jsonText(x) + comma, path, mark})
		}
	}
	write("", v, "", 0, changeNone, "")
	return out
}

// sortedKeys lists an object's keys sorted; at the top, v, build and live
// come first, as a save writes them.
func sortedKeys(m map[string]any, top bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if top {
		rank := map[string]int{"v": 0, "build": 1, "live": 2}
		slices.SortStableFunc(keys, func(a, b string) int {
			ra, oka := rank[a]
			rb, okb := rank[b]
			switch {
			case oka && okb:
				return ra - rb
			case oka:
				return -1
			case okb:
				return 1
			}
			return 0
		})
	}
	return keys
}

// flatArray writes an empty array, or a short array of scalars, on one
// line; "" when it needs more.
func flatArray(a []any) string {
	if len(a) > 6 {
		return ""
	}
	parts := make([]string, len(a))
	for i, e := range a {
		switch e.(type) {
		case map[string]any, []any:
			return ""
		}
		parts[i] = jsonText(e)
	}
	s := "[" + strings.Join(parts, ", ") + "]"
	if len(s) > 40 {
		return ""
	}
	return s
}

// maxAlignCells bounds the work of aligning two sides (lines × lines);
// past it the sides are shown as they are.
const maxAlignCells = 1 << 22

// alignLines pairs the lines of the two sides so that the lines a step
// left alone sit side by side: the longest common run of lines (compared
// by path and text, the trailing comma aside; a changed value by path)
// stays paired, and each other line stands opposite a gap.
func alignLines(a, b []jsonLine) (left, right []jsonLine) {
	n, m := len(a), len(b)
	if n*m > maxAlignCells {
		return a, b
	}
	same := func(x, y jsonLine) bool {
		if x.path != y.path {
			return false
		}
		// A changed value pairs with its new value.
		return (x.mark == '~' && y.mark == '~') || strings.TrimSuffix(x.text, ",") == strings.TrimSuffix(y.text, ",")
	}
	// lcs[i][j] is the length of the longest common run of a[i:] and b[j:].
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if same(a[i], b[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	gap := jsonLine{mark: changeGap}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && same(a[i], b[j]):
			left, right = append(left, a[i]), append(right, b[j])
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			left, right = append(left, gap), append(right, b[j])
			j++
		default:
			left, right = append(left, a[i]), append(right, gap)
			i++
		}
	}
	return left, right
}
