package model

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
)

// Fix is a change of the files that mends one finding: what it does, in a
// short sentence, and the bytes it replaces. A fix is worked out against
// the bytes of the files as they were read for the analysis that reported
// its finding, and only against those.
type Fix struct {
	// Description says what the fix does: `set sha256 to the checksum of
	// locales/pt-BR.json`.
	Description string `json:"description"`
	// Edits are the byte ranges the fix replaces; no two of them overlap.
	Edits []FileEdit `json:"edits"`
}

// FileEdit replaces the bytes [Start, End) of File, as read, with New.
// Start == End inserts.
type FileEdit struct {
	File  string `json:"file"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

// MarshalJSON writes the edit with a file name that is not UTF-8 spelled
// as UTF8Name spells it.
func (e FileEdit) MarshalJSON() ([]byte, error) {
	type plain FileEdit
	e.File = UTF8Name(e.File)
	return json.Marshal(plain(e))
}

// NewFix makes the fix of one value: it writes v (as JSON) in place of the
// value n of the file named file, whose bytes are data. The error is for a
// node that was not parsed from data (ErrStale) or a value that cannot be
// written as JSON.
func NewFix(description, file string, data []byte, n *Node, v any) (*Fix, error) {
	e, err := ReplaceValue(data, n, v)
	if err != nil {
		return nil, err
	}
	return &Fix{Description: description, Edits: []FileEdit{{File: file, Start: e.Start, End: e.End, New: e.Text}}}, nil
}

// Files names the files the fix changes, each once, in the order of its
// edits.
func (f *Fix) Files() []string {
	var out []string
	for _, e := range f.Edits {
		if !slices.Contains(out, e.File) {
			out = append(out, e.File)
		}
	}
	return out
}

// overlaps tells whether two edits of the same file touch the same bytes,
// or insert at the same place.
func (e FileEdit) overlaps(o FileEdit) bool {
	if e.File != o.File {
		return false
	}
	if e.Start == e.End || o.Start == o.End {
		return e.Start <= o.End && o.Start <= e.End
	}
	return e.Start < o.End && o.Start < e.End
}

// ApplyFixes applies fixes to the bytes of files (by name, as the fixes'
// edits name them): each fix in order, unless one of its edits overlaps an
// edit of a fix taken before it. It returns the new bytes of every file a
// fix changed and the fixes taken; files itself is not changed. The error
// is for an edit of a file that files does not hold, or that falls outside
// its bytes.
func ApplyFixes(files map[string][]byte, fixes []*Fix) (map[string][]byte, []*Fix, error) {
	var taken []*Fix
	var edits []FileEdit
	for _, f := range fixes {
		if f == nil || len(f.Edits) == 0 {
			continue
		}
		clash := slices.ContainsFunc(f.Edits, func(e FileEdit) bool {
			return slices.ContainsFunc(edits, e.overlaps)
		})
		for i, e := range f.Edits {
			clash = clash || slices.ContainsFunc(f.Edits[:i], e.overlaps)
		}
		if clash {
			continue
		}
		taken = append(taken, f)
		edits = append(edits, f.Edits...)
	}
	byFile := map[string][]Edit{}
	for _, e := range edits {
		data, ok := files[e.File]
		if !ok {
			return nil, nil, fmt.Errorf("%s: the fix edits a file that was not read", e.File)
		}
		if e.Start < 0 || e.End < e.Start || e.End > len(data) {
			return nil, nil, fmt.Errorf("%s: %w", e.File, ErrStale)
		}
		byFile[e.File] = append(byFile[e.File], Edit{Start: e.Start, End: e.End, Text: e.New})
	}
	out := make(map[string][]byte, len(byFile))
	for name, es := range byFile {
		slices.SortStableFunc(es, func(a, b Edit) int { return cmp.Compare(a.Start, b.Start) })
		data, err := Apply(files[name], es)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
		out[name] = data
	}
	return out, taken, nil
}
