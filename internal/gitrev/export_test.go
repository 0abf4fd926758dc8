package gitrev

import "io/fs"

// For the external tests: run and parseListing, and an entry's parts.
var (
	Run          = func(dir string, limit int64, args ...string) ([]byte, error) { return run(dir, limit, nil, args...) }
	ParseListing = func(out []byte) ([]Entry, error) {
		es, err := parseListing(out)
		out2 := make([]Entry, len(es))
		for i, e := range es {
			out2[i] = Entry{Name: e.name, Mode: e.mode, Size: e.size}
		}
		return out2, err
	}
)

// Entry is an entry of a listing, for the tests.
type Entry struct {
	Name string
	Mode fs.FileMode
	Size int64
}

// CatBatch is catBatch, for the tests.
var CatBatch = catBatch
