package modeltest

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// StaleLocale returns the files of a package whose ruleset has n display
// strings of 300 characters (the summaries of n items) and whose German
// locale file has n stale keys of 300 characters: the worst case of the
// nearest-string hints, since every text is of one length and of the same
// letters, and no key is near any string, so each search for a hint goes
// to its limit. The texts are random words, the same on every call.
func StaleLocale(n int) map[string][]byte {
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	text := func() string {
		var b strings.Builder
		for b.Len() < 300 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			for range 2 + rng.IntN(7) {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		return b.String()[:300]
	}
	var entries, keys strings.Builder
	for i := range n {
		sep(&entries, i)
		fmt.Fprintf(&entries, `{"id":"w%06d","label":"Ware %d","summary":%q,"item":{"category":"tool"}}`, i, i, text())
		sep(&keys, i)
		fmt.Fprintf(&keys, "%q:\"x\"", text())
	}
	ruleset := strings.Replace(base, `"catalogs": [`, `"catalogs": [ { "id": "goods", "label": "Goods", "holds": "items", "entries": [`+entries.String()+`] },`, 1)
	locale := `{"_meta":{"locale":"de","direction":"ltr"},"ruleset":{` + keys.String() + `}}`
	return map[string][]byte{
		"manifest.json":   []byte(`{}`),
		"ruleset.json":    []byte(ruleset),
		"locales/de.json": []byte(locale),
	}
}
