package i18n

// nearest finds, for a stale key, the current display string at the
// smallest edit distance (Levenshtein, counted in characters). Strings are
// grouped by length, and only lengths that could still beat the best so
// far are tried, each with a distance computation that gives up past the
// bound: a stale key costs little even against thousands of strings.
type nearest struct {
	byLen map[int][]nearCandidate
	maxL  int
}

type nearCandidate struct {
	order int
	runes []rune
	text  string
}

// maxNearestRunes bounds the text compared; longer keys and strings are
// compared by their first maxNearestRunes characters.
const maxNearestRunes = 400

func newNearest(strs []DisplayString) *nearest {
	n := &nearest{byLen: map[int][]nearCandidate{}}
	for i, s := range strs {
		rs := clip([]rune(s.Text))
		n.byLen[len(rs)] = append(n.byLen[len(rs)], nearCandidate{order: i, runes: rs, text: s.Text})
		n.maxL = max(n.maxL, len(rs))
	}
	return n
}

func clip(rs []rune) []rune {
	if len(rs) > maxNearestRunes {
		return rs[:maxNearestRunes]
	}
	return rs
}

// find returns the nearest string to key, the first listed among equals,
// or "" when there is none.
func (n *nearest) find(key string) string {
	k := clip([]rune(key))
	best, bestOrder, bestText := int(^uint(0)>>1), -1, ""
	buf := make([]int, len(k)+1)
	for delta := 0; delta <= max(len(k), n.maxL) && delta <= best; delta++ {
		for _, l := range []int{len(k) - delta, len(k) + delta} {
			if l < 0 || (delta == 0 && l != len(k)) {
				continue
			}
			for _, c := range n.byLen[l] {
				if d, ok := boundedDistance(k, c.runes, best, buf); ok && (d < best || (d == best && c.order < bestOrder)) {
					best, bestOrder, bestText = d, c.order, c.text
				}
			}
			if delta == 0 {
				break
			}
		}
	}
	return bestText
}

// boundedDistance returns the Levenshtein distance between a and b when it
// is at most bound, and false once it is sure to be larger. buf is scratch
// space of at least len(a)+1 ints.
func boundedDistance(a, b []rune, bound int, buf []int) (int, bool) {
	if diff := len(a) - len(b); diff > bound || -diff > bound {
		return 0, false
	}
	row := buf[:len(a)+1]
	for i := range row {
		row[i] = i
	}
	for j := 1; j <= len(b); j++ {
		diag := row[0]
		row[0] = j
		rowMin := row[0]
		for i := 1; i <= len(a); i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(row[i]+1, row[i-1]+1, diag+cost)
			diag = row[i]
			row[i] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > bound {
			return 0, false
		}
	}
	if row[len(a)] > bound {
		return 0, false
	}
	return row[len(a)], true
}
