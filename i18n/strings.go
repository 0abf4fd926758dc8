package i18n

import (
	"unicode"
	"unicode/utf8"

	"rulebench/model"
)

// Use is one place where a display string is written: the file, and the
// node of the value, which knows its JSON path and position.
type Use struct {
	File string
	Node *model.Node
}

// Path is the JSON path of the value, dot-separated.
func (u Use) Path() string { return u.Node.Path() }

// DisplayString is one distinct text a player sees, with every place that
// uses it, in the order they were first met, and its number of words.
type DisplayString struct {
	Text  string
	Words int
	Uses  []Use
}

// Strings lists the display strings of a ruleset and its catalogs
// (decisions §3), each distinct text once, in the order first met: the
// ruleset file from top to bottom, with the entries of a separate catalog
// file taken where that catalog is declared.
//
// Display strings are the top-level name and edition; every label, short
// and summary anywhere (coverage.summary included); the values and
// valueLabels of enum fields, list columns, item stats and live states;
// creature action names (a creature's name is its entry's label). Not:
// ids, anything under gm, $comment, license, dice text, the values entries
// give their filters, the values rows write into lists, item stat values,
// a creature's own sheet, and empty text.
func Strings(rs *model.Ruleset) []DisplayString {
	out, _ := collect(rs)
	return out
}

// collect lists the display strings and indexes them by text.
func collect(rs *model.Ruleset) ([]DisplayString, map[string]int) {
	if rs == nil || rs.Root == nil {
		return nil, map[string]int{}
	}
	// Room for the usual count: about one per catalog entry (a label, a
	// summary shared with others) and some more.
	size := 256
	for _, cat := range rs.Catalogs {
		size += len(cat.Entries) + len(cat.Entries)/8
	}
	c := collector{index: make(map[string]int, size), out: make([]DisplayString, 0, size),
		uses: make([]stringUse, 0, size), catalogs: rs.Catalogs, file: rs.File}
	c.walk(rs.Root, roleRoot)
	// Give each string its uses as one slice of a single array, in the
	// order met.
	counts := make([]int, len(c.out)+1)
	for _, u := range c.uses {
		counts[u.string+1]++
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	all := make([]Use, len(c.uses))
	next := append([]int(nil), counts[:len(c.out)]...)
	for _, u := range c.uses {
		all[next[u.string]] = u.Use
		next[u.string]++
	}
	for i := range c.out {
		c.out[i].Uses = all[counts[i]:counts[i+1]:counts[i+1]]
	}
	return c.out, c.index
}

// role says what a JSON object is, as far as the walk needs to know.
type role uint8

const (
	roleAny role = iota
	roleRoot
	roleCatalogs // the ruleset's catalogs array
	roleCatalog  // one catalog header
	roleEntries  // a catalog's entries array
	roleEntry    // one catalog entry
	roleRows     // an entry's rows array
	roleRow      // one row
	roleItem     // an entry's item
	roleCreature // an entry's creature
	roleActions  // a creature's actions array
	roleAction   // one creature action
	roleSheet    // the ruleset's sheet
	roleLive     // sheet.live
	roleStates   // sheet.live.states
	roleState    // one live state
	roleCombat   // the combat block
	roleSkip     // not walked at all
)

type collector struct {
	file     string
	index    map[string]int
	out      []DisplayString
	uses     []stringUse
	catalogs []*model.Catalog
}

// stringUse is a use of the display string out[string].
type stringUse struct {
	Use
	string int
}

func (c *collector) add(n *model.Node) {
	if n == nil || n.Kind != model.String || n.Str() == "" {
		return
	}
	i, ok := c.index[n.Str()]
	if !ok {
		i = len(c.out)
		c.index[n.Str()] = i
		c.out = append(grown(c.out), DisplayString{Text: n.Str(), Words: CountWords(n.Str())})
	}
	c.uses = append(grown(c.uses), stringUse{Use{File: c.file, Node: n}, i})
}

// grown is s with room for one more, doubled when full: append grows a
// large slice by a quarter, which costs five times its final size in all.
func grown[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return append(make([]T, 0, max(2*cap(s), 16)), s...)
}

// childRole gives the role of member key of an object with role r, or of
// the items of an array member.
func childRole(r role, key string) role {
	switch key {
	case "$comment", "$schema", "gm", "license":
		return roleSkip
	}
	switch r {
	case roleRoot:
		switch key {
		case "catalogs":
			return roleCatalogs
		case "sheet":
			return roleSheet
		case "combat":
			return roleCombat
		}
	case roleCatalog:
		if key == "entries" {
			return roleEntries
		}
	case roleEntry:
		switch key {
		case "filters":
			return roleSkip // the values an entry gives its filters
		case "rows":
			return roleRows
		case "item":
			return roleItem
		case "creature":
			return roleCreature
		}
	case roleRow:
		if key == "values" {
			return roleSkip // values written into sheet lists, keyed by column id
		}
	case roleItem:
		if key == "stats" {
			return roleSkip // stat values, keyed by stat id
		}
	case roleCreature:
		switch key {
		case "actions":
			return roleActions
		case "sheet":
			return roleSkip // a build, keyed by ids
		}
	case roleSheet:
		if key == "live" {
			return roleLive
		}
	case roleLive:
		if key == "states" {
			return roleStates
		}
	case roleCombat:
		if key == "damageKinds" {
			return roleSkip // keyed by damage type
		}
	}
	return roleAny
}

// itemRole gives the role of the items of an array with role r.
func itemRole(r role) role {
	switch r {
	case roleCatalogs:
		return roleCatalog
	case roleEntries:
		return roleEntry
	case roleRows:
		return roleRow
	case roleActions:
		return roleAction
	case roleStates:
		return roleState
	}
	return roleAny
}

func (c *collector) walk(n *model.Node, r role) {
	switch n.Kind {
	case model.Array:
		ir := itemRole(r)
		for _, item := range n.Children() {
			c.walk(item, ir)
		}
	case model.Object:
		c.object(n, r)
	}
}

func (c *collector) object(n *model.Node, r role) {
	isEnum := false
	if t := n.Get("type"); t != nil && t.Kind == model.String && t.Str() == model.TypeEnum {
		isEnum = true
	}
	for _, m := range n.Children() {
		if m.Overridden() {
			continue // a repeated key: the last one wins
		}
		switch m.Key() {
		case "label", "short", "summary":
			c.add(m)
			continue
		case "name":
			if r == roleRoot || r == roleCreature || r == roleAction {
				c.add(m)
				continue
			}
		case "edition":
			if r == roleRoot {
				c.add(m)
				continue
			}
		case "values":
			if (isEnum || r == roleState) && m.Kind == model.Array {
				for _, v := range m.Children() {
					c.add(v)
				}
				continue
			}
		case "valueLabels":
			if m.Kind == model.Object {
				for _, v := range m.Children() {
					if !v.Overridden() {
						c.add(v)
					}
				}
				continue
			}
		case "asset":
			if r == roleCatalog {
				c.asset(n, m)
				continue
			}
		}
		cr := childRole(r, m.Key())
		if cr == roleSkip {
			continue
		}
		c.walk(m, cr)
	}
}

// asset walks the entries of a catalog kept in a separate file, found
// through the typed catalog the loader filled in.
func (c *collector) asset(catalog, asset *model.Node) {
	for _, cat := range c.catalogs {
		if cat.Node != catalog {
			continue
		}
		if cat.EntriesNode == nil || cat.EntriesFile == c.file {
			return
		}
		outer := c.file
		c.file = cat.EntriesFile
		c.walk(cat.EntriesNode, roleEntries)
		c.file = outer
		return
	}
}

// CountWords counts the words in s, the unit of word coverage. A word is a
// maximal run of letters, combining marks and digits; an apostrophe (' or
// ’) or a full stop between two of them does not break it (don't, e.g, 3.5),
// nor does a comma between two digits (1,000). Hyphens, spaces and other
// punctuation separate words (hand-axe is two). A Han or Hiragana
// character is a word by itself, since those scripts do not mark word
// breaks with spaces; a run of Katakana is one word. This follows Unicode word segmentation (UAX #29) for
// the text rulesets hold, without a dictionary.
func CountWords(s string) int {
	words := 0
	in := false
	var prev rune
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		switch {
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9':
			if !in {
				words++
				in = true
			}
		case r < utf8.RuneSelf && r != '\'' && r != '.' && r != ',':
			in = false // other ASCII: spaces, hyphens, punctuation
		case isWordRune(r):
			if !in {
				words++
				in = true
			}
		case r >= 0x2E80 && isIdeographic(r):
			words++
			in = false
		case in && r >= utf8.RuneSelf && unicode.Is(unicode.M, r):
		case in && (r == '\'' || r == '’' || r == '.' || (r == ',' && isDigit(prev))):
			next, _ := utf8.DecodeRuneInString(s[i:])
			joins := isWordRune(next) && !isIdeographic(next)
			if r == ',' {
				joins = isDigit(next)
			}
			if !joins {
				in = false
			}
		default:
			in = false
		}
		prev = r
	}
	return words
}

// isWordRune tells whether r is a letter or a digit that is not an
// ideograph.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return (unicode.IsLetter(r) || unicode.IsNumber(r)) && !isIdeographic(r)
}

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsDigit(r)
}

func isIdeographic(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r))
}
