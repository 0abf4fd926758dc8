package migratetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// The members whose text names a sheet id (a value reference, a hideWhen,
// a rest, a migration's destination...), and those holding lists of ids.
var (
	refKeys = []string{"field", "abilityScore", "abilityMod", "abilityModFromField", "skillMod", "saveMod", "liveTrack", "livePool",
		"ability", "pool", "track", "penaltyFrom", "by", "to", "else", "list", "column", "onlyWhen",
		"nameColumn", "maxColumn", "rechargeColumn", "countColumn", "penaltyColumn"}
	refListKeys = []string{"abilities", "feeds", "cases"}
	// objects whose keys are sheet ids: setColumn's where, a catalog row's
	// values
	refObjectKeys = []string{"where", "values"}
)

// RenameAll returns a ruleset file with every stored id of its sheet
// (abilities, skills, saves, fields, lists and their columns, live pools and
// tracks) renamed, labels kept, every reference to them renamed too, and
// sheet.version raised by one: the same sheet under new ids, as if a
// designer had renamed everything and written no migration. The published
// migration entries are left as they are (their destinations then name old
// ids, which the renames a draft adds lead on to). A new id is the old one with
// its letters rotated by 13 (grip → tevc), so the file keeps its size and
// the ids share nothing but their labels.
func RenameAll(data []byte) ([]byte, error) {
	d, err := decode(data)
	if err != nil {
		return nil, err
	}
	sh, ok := d["sheet"].(doc)
	if !ok {
		return nil, fmt.Errorf("migratetest: no sheet")
	}
	names := map[string]string{}
	declare := func(list any) {
		items, _ := list.([]any)
		for _, x := range items {
			if m, ok := x.(doc); ok {
				if id, ok := m["id"].(string); ok {
					names[id] = rot13(id)
					m["id"] = rot13(id)
				}
			}
		}
	}
	for _, k := range []string{"abilities", "skills", "saves", "fields", "lists"} {
		declare(sh[k])
	}
	lists, _ := sh["lists"].([]any)
	for _, l := range lists {
		if m, ok := l.(doc); ok {
			declare(m["columns"])
		}
	}
	if live, ok := sh["live"].(doc); ok {
		declare(live["pools"])
		declare(live["tracks"])
	}
	layers, _ := d["layers"].([]any)
	for _, l := range layers {
		if m, ok := l.(doc); ok {
			if fs, ok := m["fields"].([]any); ok {
				for _, f := range fs {
					if fm, ok := f.(doc); ok {
						if id, ok := fm["id"].(string); ok && names[id] != "" {
							fm["id"] = names[id]
						}
					}
				}
			}
		}
	}
	migrations := sh["migrations"]
	delete(sh, "migrations") // the entries stay as published
	renameRefs(d, names)
	if migrations != nil {
		sh["migrations"] = migrations
	}
	if v, ok := sh["version"].(json.Number); ok {
		n, err := v.Int64()
		if err != nil {
			return nil, err
		}
		sh["version"] = n + 1
	}
	for _, n := range names {
		if names[n] != "" {
			return nil, fmt.Errorf("migratetest: %q is an id already", n)
		}
	}
	return compact(d)
}

// rot13 rotates the letters a to z by 13.
func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = 'a' + (c-'a'+13)%26
		}
	}
	return string(b)
}

// compact writes a document as minified JSON, without escaping <, > and &.
func compact(d doc) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func renameRefs(v any, names map[string]string) {
	switch x := v.(type) {
	case doc:
		for k, e := range x {
			switch e := e.(type) {
			case string:
				if slices.Contains(refKeys, k) && names[e] != "" {
					x[k] = names[e]
				}
			case []any:
				if slices.Contains(refListKeys, k) {
					for i, s := range e {
						if s, ok := s.(string); ok && names[s] != "" {
							e[i] = names[s]
						}
					}
				}
				renameRefs(e, names)
			case doc:
				if slices.Contains(refObjectKeys, k) {
					for _, old := range slices.Collect(maps.Keys(e)) {
						if nk := names[old]; nk != "" {
							e[nk] = e[old]
							delete(e, old)
						}
					}
				}
				renameRefs(e, names)
			}
		}
	case []any:
		for _, e := range x {
			renameRefs(e, names)
		}
	}
}
