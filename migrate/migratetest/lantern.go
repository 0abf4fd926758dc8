// Package migratetest derives versions of examples/lantern-road for the
// tests of `rulebench migrate --since`: each case is an old and a new
// ruleset file, as a designer would publish them one after the other, and
// the sample saves the old one can read. The expectations stay in the tests.
package migratetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Case is one pair of versions.
type Case struct {
	// Name says what changed between the two.
	Name string
	// Old and New are ruleset files (JSON).
	Old, New []byte
	// Saves are the base names of the sample saves under the example's
	// saves/ folder that the old version can read (v at most its
	// sheet.version).
	Saves []string
}

// The cases.
const (
	Rename           = "rename"            // a field renamed without a step
	RenameWritten    = "rename-written"    // the same with the step written
	LevelSplit       = "level-split"       // one level becomes a level per calling, one hit-dice pool a pool per die
	PoolSplit        = "pool-split"        // one pool becomes two
	Removed          = "removed"           // a field removed, nothing to pair it with
	VersionUnchanged = "version-unchanged" // a field renamed, sheet.version not raised
	EnumDropped      = "enum-dropped"      // an enum value dropped that a save holds
)

// Write writes the case's two versions into dir as old.json and new.json
// and returns their paths.
func (c Case) Write(dir string) (oldPath, newPath string, err error) {
	oldPath, newPath = filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	if err := os.WriteFile(oldPath, c.Old, 0o644); err != nil {
		return "", "", err
	}
	if err := os.WriteFile(newPath, c.New, 0o644); err != nil {
		return "", "", err
	}
	return oldPath, newPath, nil
}

// Renamed is the new id of road_name in the rename cases.
const Renamed = "traveler_name"

type doc = map[string]any

// LanternCases derives the cases from the lantern-road example in dir. The
// versions are single files, so the catalogs the example keeps in separate
// files are written inline (a ruleset on its own cannot read them).
func LanternCases(dir string) ([]Case, error) {
	data, err := inlineRuleset(dir)
	if err != nil {
		return nil, err
	}
	base, err := decode(data)
	if err != nil {
		return nil, err
	}
	all := []string{"current.json", "dest-set.json", "fighter3.json", "multiclass.json", "no-class.json", "no-level.json"}
	v3 := []string{"dest-set.json", "fighter3.json", "multiclass.json", "no-class.json", "no-level.json"}
	var out []Case
	add := func(name string, old, cur doc, saves []string) error {
		o, err := encode(old)
		if err != nil {
			return err
		}
		n, err := encode(cur)
		if err != nil {
			return err
		}
		out = append(out, Case{Name: name, Old: o, New: n, Saves: saves})
		return nil
	}
	clone := func() doc { d, _ := decode(data); return d }

	// A field renamed, keeping its label.
	renamed := func(version int) doc {
		d := clone()
		sh := sheet(d)
		sh["version"] = version
		item(sh["fields"], "road_name")["id"] = Renamed
		return d
	}
	if err := add(Rename, base, renamed(5), all); err != nil {
		return nil, err
	}
	written := renamed(5)
	sh := sheet(written)
	sh["migrations"] = append(sh["migrations"].([]any), doc{"from": 4, "steps": []any{
		doc{"rename": "field", "from": "road_name", "to": Renamed}}})
	if err := add(RenameWritten, base, written, all); err != nil {
		return nil, err
	}
	if err := add(VersionUnchanged, base, renamed(4), all); err != nil {
		return nil, err
	}

	// The layout before levels per calling: one level, one hit-dice pool,
	// and no entry from 3; the new version is the example without that
	// entry.
	old := clone()
	sh = sheet(old)
	sh["version"] = 3
	dropEntry(sh, 3)
	fields := sh["fields"].([]any)
	at := index(fields, "level_fighter")
	fields = slices.Delete(fields, at, at+3)
	sh["fields"] = slices.Insert(fields, at, any(doc{"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1, "section": "callings"}))
	item(sh["derived"], "total_level")["of"] = []any{doc{"field": "level"}}
	live := sh["live"].(doc)
	pools := live["pools"].([]any)
	at = index(pools, "hit_dice_d6")
	pools = slices.Delete(pools, at, at+3)
	live["pools"] = slices.Insert(pools, at, any(doc{"id": "hit_dice", "label": "Hit dice", "max": doc{"field": "level"}, "group": "recovery_dice"}))
	cur := clone()
	dropEntry(sheet(cur), 3)
	if err := add(LevelSplit, old, cur, v3); err != nil {
		return nil, err
	}

	// Road luck split into luck by lamplight and luck otherwise.
	cur = clone()
	sh = sheet(cur)
	sh["version"] = 5
	live = sh["live"].(doc)
	pools = live["pools"].([]any)
	at = index(pools, "luck")
	pools = slices.Delete(pools, at, at+1)
	live["pools"] = slices.Insert(pools, at,
		any(doc{"id": "luck_lamplit", "label": "Road luck by lamplight", "max": doc{"const": 3}, "hideWhen": doc{"field": "lantern_kind", "equals": "none"}}),
		any(doc{"id": "luck_other", "label": "Road luck in the dark", "max": doc{"const": 2}}))
	replaceRefs(cur, "pool", "luck", "luck_lamplit")
	if err := add(PoolSplit, base, cur, all); err != nil {
		return nil, err
	}

	// The road story removed.
	cur = clone()
	sh = sheet(cur)
	sh["version"] = 5
	fields = sh["fields"].([]any)
	at = index(fields, "road_story")
	sh["fields"] = slices.Delete(fields, at, at+1)
	if err := add(Removed, base, cur, all); err != nil {
		return nil, err
	}

	// Ghost-glass lanterns no longer offered.
	cur = clone()
	sh = sheet(cur)
	sh["version"] = 5
	kind := item(sh["fields"], "lantern_kind")
	kind["values"] = slices.DeleteFunc(kind["values"].([]any), func(v any) bool { return v == "ghostglass" })
	delete(kind["valueLabels"].(doc), "ghostglass")
	delete(item(sh["derived"], "lamp_reach")["table"].(doc), "ghostglass")
	delete(item(cur["layers"], "unlit_wicks"), "fields")
	if err := add(EnumDropped, base, cur, all); err != nil {
		return nil, err
	}
	return out, nil
}

// inlineRuleset is the package's ruleset.json in dir with the entries of
// each catalog kept in a separate file written inline.
func inlineRuleset(dir string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, "ruleset.json"))
	if err != nil {
		return nil, err
	}
	d, err := decode(data)
	if err != nil {
		return nil, err
	}
	cats, _ := d["catalogs"].([]any)
	for _, c := range cats {
		cat, _ := c.(doc)
		asset, ok := cat["asset"].(string)
		if !ok {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(asset)))
		if err != nil {
			return nil, err
		}
		file, err := decode(raw)
		if err != nil {
			return nil, err
		}
		delete(cat, "asset")
		cat["entries"] = file["entries"]
	}
	return encode(d)
}

func decode(data []byte) (doc, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var d doc
	if err := dec.Decode(&d); err != nil {
		return nil, err
	}
	return d, nil
}

func encode(d doc) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(d)
	return b.Bytes(), err
}

func sheet(d doc) doc { return d["sheet"].(doc) }

// index is the position of the object with the id in a list, -1 if none.
func index(list []any, id string) int {
	return slices.IndexFunc(list, func(x any) bool { m, _ := x.(doc); return m["id"] == id })
}

// item is the object with the id in a list; it panics when there is none,
// which only a changed example can cause.
func item(list any, id string) doc {
	l, _ := list.([]any)
	i := index(l, id)
	if i < 0 {
		panic(fmt.Sprintf("migratetest: the example has no %q", id))
	}
	return l[i].(doc)
}

func dropEntry(sh doc, from int) {
	sh["migrations"] = slices.DeleteFunc(sh["migrations"].([]any), func(x any) bool {
		return x.(doc)["from"] == json.Number(fmt.Sprint(from))
	})
}

// replaceRefs sets every member key: old in the document to key: new.
func replaceRefs(v any, key, old, new string) {
	switch x := v.(type) {
	case doc:
		for k, e := range x {
			if k == key && e == old {
				x[k] = new
				continue
			}
			replaceRefs(e, key, old, new)
		}
	case []any:
		for _, e := range x {
			replaceRefs(e, key, old, new)
		}
	}
}

// LanternCase derives the cases from the lantern-road example in dir and
// returns the one called name.
func LanternCase(dir, name string) (Case, error) {
	cases, err := LanternCases(dir)
	if err != nil {
		return Case{}, err
	}
	for _, c := range cases {
		if c.Name == name {
			return c, nil
		}
	}
	return Case{}, fmt.Errorf("no lantern-road case %s", name)
}
