// Package difftest derives the next version of examples/lantern-road for
// the tests of `rulebench diff` and `rulebench changelog`: a copy of the
// package with exactly four changes a player sees, made by editing the
// text of its files so that everything else stays byte for byte.
package difftest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The four changes of the next version.
const (
	// PricedItem is the item whose price changes, from 6 groats to 7.
	PricedItem = "wares/tin-lantern"
	// EnumField loses the value EnumValue (and its value label).
	EnumField = "lantern_kind"
	EnumValue = "brass"
	// OldLabel is the label of the field lantern_kind, renamed NewLabel.
	OldLabel = "Lantern carried"
	NewLabel = "Lamp carried"
	// NewLayer is the layer added, labelled NewLayerLabel: it appends to
	// the check guidance and removes the seller NewLayerSeller.
	NewLayer       = "fog_bound"
	NewLayerLabel  = "Fog-bound road"
	NewLayerSeller = "peddler"
	// Version is the next version's manifest version.
	Version = "1.7.0"
)

// edit replaces one exact text of a file by another.
type edit struct {
	file, old, new string
}

// apply makes the edit in files, failing when the text to replace is not
// there exactly once.
func (e edit) apply(files map[string][]byte) error {
	data := files[e.file]
	if n := bytes.Count(data, []byte(e.old)); n != 1 {
		return fmt.Errorf("%s holds %q %d times, not once", e.file, e.old, n)
	}
	files[e.file] = bytes.Replace(data, []byte(e.old), []byte(e.new), 1)
	return nil
}

var edits = []edit{
	{"manifest.json", `"version": "1.6.0"`, `"version": "` + Version + `"`},
	{"ruleset.json", "\n  \"version\": 6,", "\n  \"version\": 7,"},
	// the price
	{"ruleset.json", `"slots": {"hands": 1},
            "cost": {"amount": 6, "unit": "groat"}`, `"slots": {"hands": 1},
            "cost": {"amount": 7, "unit": "groat"}`},
	// the enum value, its label and its row of the derived table
	{"ruleset.json", `"values": ["none", "tin", "brass", "ghostglass"],`, `"values": ["none", "tin", "ghostglass"],`},
	{"ruleset.json", `"tin": "Tin lantern", "brass": "Brass lantern", "ghostglass"`, `"tin": "Tin lantern", "ghostglass"`},
	{"ruleset.json", `"table": {"tin": 1, "brass": 2, "ghostglass": 3},`, `"table": {"tin": 1, "ghostglass": 3},`},
	// the label
	{"ruleset.json", `"label": "` + OldLabel + `",`, `"label": "` + NewLabel + `",`},
	// the layer, after the last one
	{"ruleset.json", `"notIn": ["Fighter", "Drover", "Lamplighter"]}}]
    }
  ]
}`, `"notIn": ["Fighter", "Drover", "Lamplighter"]}}]
    },
    {
      "id": "` + NewLayer + `",
      "label": "` + NewLayerLabel + `",
      "gm": {"guidance": "Fog-bound road is on. Travelers lose sight of the lamps between waystones."},
      "items": {"market": {"removeSellers": ["` + NewLayerSeller + `"]}}
    }
  ]
}`},
}

// WriteLanternNext copies the package folder src (examples/lantern-road)
// to dst, a folder that must not exist yet, and makes the four changes. It
// fails when a text it edits is not in src exactly once.
func WriteLanternNext(src, dst string) error {
	files := map[string][]byte{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		return err
	}
	ruleset := files["ruleset.json"]
	for _, e := range edits {
		if err := e.apply(files); err != nil {
			return err
		}
	}
	// the manifest's checksum and size of the ruleset, as `rulebench fix`
	// would write them
	was, now := sha256.Sum256(ruleset), sha256.Sum256(files["ruleset.json"])
	for _, e := range []edit{
		{"manifest.json", hex.EncodeToString(was[:]), hex.EncodeToString(now[:])},
		{"manifest.json", fmt.Sprintf(`"bytes": %d`, len(ruleset)), fmt.Sprintf(`"bytes": %d`, len(files["ruleset.json"]))},
	} {
		if err := e.apply(files); err != nil {
			return err
		}
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("%s exists already", dst)
	}
	for name, data := range files {
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
