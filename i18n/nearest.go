package i18n

import "math/bits"

// nearest finds, for a stale key, the current display string at the
// smallest edit distance (Levenshtein, counted in characters), if one is
// near enough to be a useful hint. Strings are
// grouped by length, and only lengths that could still beat the best so
// far are tried, each with a distance computation that gives up past the
// bound: a stale key costs little even against thousands of strings.
//
// A key near no string costs most, every string of a length within its
// limit being compared up to it; thousands of such keys against thousands
// of long strings would take minutes. So the searches of one nearest share
// a budget of maxNearCells cells of the distance tables, and once it is
// spent find looks no further.
type nearest struct {
	byLen map[int][]nearCandidate
	maxL  int
	buf   []int
	// memo remembers answers: a renamed string is stale in every language.
	memo map[string]string
	// left is what is left of the budget, in cells.
	left int
}

// maxNearCells is the budget of the searches of one nearest: 67 million
// cells, about a tenth of a second. A search among 5,000 near-alike strings
// costs about half a million, and a search that finds a string near, the
// usual case, far less, so well over a hundred fit in it.
const maxNearCells = 1 << 26

type nearCandidate struct {
	order int
	runes []rune
	text  string
	mask  uint64
}

// runeMask sets one of 64 bits for each character of rs. Every character
// one text has and the other lacks costs at least one edit, so the bits
// set in one mask and not the other give a lower bound of the distance
// (two characters sharing a bit only make it lower).
func runeMask(rs []rune) uint64 {
	var m uint64
	for _, r := range rs {
		m |= 1 << (uint(r) & 63)
	}
	return m
}

// maxNearestRunes bounds the text compared; longer keys and strings are
// compared by their first maxNearestRunes characters.
const maxNearestRunes = 400

func newNearest(strs []DisplayString) *nearest {
	n := &nearest{byLen: map[int][]nearCandidate{}, memo: map[string]string{}, left: maxNearCells}
	for i, s := range strs {
		rs := clip([]rune(s.Text))
		n.byLen[len(rs)] = append(n.byLen[len(rs)], nearCandidate{order: i, runes: rs, text: s.Text, mask: runeMask(rs)})
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
// or "" when no string is near enough to be a useful hint: within a third
// of the key's length in edits (at least 2). looked is false when the
// budget ran out before the answer was known: then find gives "" for every
// key it has not answered before.
func (n *nearest) find(key string) (near string, looked bool) {
	if v, ok := n.memo[key]; ok {
		return v, true
	}
	if n.left <= 0 {
		return "", false
	}
	k := clip([]rune(key))
	if len(n.buf) < len(k)+1 {
		n.buf = make([]int, len(k)+1)
	}
	km := runeMask(k)
	// Look within 1 edit, then 2, 4... up to the limit: near strings, the
	// usual case, are found by the cheap narrow searches.
	limit, text := nearLimit(len(k)), ""
	for bound := 1; text == ""; bound *= 2 {
		bound = min(bound, limit)
		text = n.search(k, km, bound)
		if bound == limit || n.left <= 0 {
			break
		}
	}
	if n.left <= 0 {
		return "", false
	}
	n.memo[key] = text
	return text, true
}

// search returns the nearest string within limit edits of k (whose mask is
// km), the first listed among equals, or "". It stops when the budget is
// spent.
func (n *nearest) search(k []rune, km uint64, limit int) string {
	best, bestOrder, bestText, found := limit, 0, "", false
	for delta := 0; delta <= best && (len(k)-delta >= 0 || len(k)+delta <= n.maxL); delta++ {
		for _, l := range []int{len(k) - delta, len(k) + delta} {
			if l < 0 || (delta == 0 && l != len(k)) {
				continue
			}
			for _, c := range n.byLen[l] {
				// Once one is found, a later-listed string must be nearer;
				// an earlier one may tie.
				bound := best
				if found && c.order > bestOrder {
					bound = best - 1
				}
				if max(bits.OnesCount64(km&^c.mask), bits.OnesCount64(c.mask&^km)) > bound {
					continue
				}
				if d, ok := boundedDistance(k, c.runes, bound, n.buf, &n.left); ok {
					best, bestOrder, bestText, found = d, c.order, c.text, true
				}
				if n.left <= 0 {
					return ""
				}
			}
			if delta == 0 {
				break
			}
		}
	}
	return bestText
}

// nearLimit is the most edits a hint may be from a key of n characters.
func nearLimit(n int) int { return max(2, n/3) }

// boundedDistance returns the Levenshtein distance between a and b when it
// is at most bound, and false once it is sure to be larger. It skips the
// common prefix and suffix, fills only the band of cells within bound of
// the diagonal, and stops when a whole row of the band is past the bound.
// buf is scratch space of at least len(a)+1 ints; the cells filled are
// taken from *left.
func boundedDistance(a, b []rune, bound int, buf []int, left *int) (int, bool) {
	if diff := len(a) - len(b); diff > bound || -diff > bound {
		return 0, false
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		d := len(a) + len(b)
		return d, d <= bound
	}
	past := bound + 1 // any value past the bound
	row := buf[:len(a)+1]
	for i := range row {
		row[i] = min(i, past)
	}
	for j := 1; j <= len(b); j++ {
		lo, hi := max(1, j-bound), min(len(a), j+bound)
		*left -= hi - lo + 1
		diag := row[lo-1]
		rowMin := past
		if lo == 1 {
			row[0] = min(j, past)
			rowMin = row[0]
		} else {
			row[lo-1] = past // left of the band
		}
		for i := lo; i <= hi; i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(row[i]+1, row[i-1]+1, diag+cost, past)
			diag = row[i]
			row[i] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > bound {
			return 0, false
		}
	}
	d := row[len(a)]
	return d, d <= bound
}
