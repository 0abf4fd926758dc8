package modeltest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rulebench/model"
)

// Counts in the package LargePackage makes.
const (
	// LargePackageEntries is the most entries one catalog holds (the
	// decoder's limit); every catalog of the package holds that many.
	LargePackageEntries = 2000
	// LargePackageSaves is how many sample saves the package holds.
	LargePackageSaves = 24
)

// LargePackage returns the files of a package folder of about size bytes
// in all, by name inside the folder: the ruleset Large makes, its 12
// catalogs moved to asset files of 2,000 entries each (the decoder's
// limit, about 0.9 MB each, under the 1 MB an asset may take), 24 sample
// saves, locale files each translating every other entry's label and
// summary (every label and summary is a text of its own), as many as fit
// in size, and a manifest listing them all with their sizes. At 60 MB it
// is the largest package a workspace can read (model.MaxWorkspaceBytes is
// 64 MB) with about 1.2 million JSON values (MaxValues is 4.2 million).
// The same size always gives the same bytes.
func LargePackage(size int) map[string][]byte {
	var rs map[string]any
	dec := json.NewDecoder(bytes.NewReader(Large()))
	dec.UseNumber()
	if err := dec.Decode(&rs); err != nil {
		panic("modeltest: the large ruleset does not decode: " + err.Error())
	}
	delete(rs, "$comment")
	files := map[string][]byte{}
	var texts []string // the labels and summaries of every other entry
	n := 0             // entry number across all catalogs, for new ones
	for _, c := range rs["catalogs"].([]any) {
		cat := c.(map[string]any)
		id := cat["id"].(string)
		inline := cat["entries"].([]any)
		var entries []any
		var asset []byte
		var added []string
		// The summaries are as long as the entries let them be in 1 MB.
		for summary := 280; ; summary -= 10 {
			entries, added = slices.Clone(inline), nil
			for i := len(inline); i < LargePackageEntries; i++ {
				e := map[string]any{}
				for k, v := range inline[i%len(inline)].(map[string]any) {
					e[k] = v
				}
				m := n + i - len(inline)
				e["id"] = fmt.Sprintf("%s-%05d", e["id"].(string)[:1], 10000+m)
				e["label"] = fmt.Sprintf("%s entry %d", title(id), m)
				e["summary"] = fmt.Sprintf("No. %d. %s", m, entrySummary(m, summary))
				if m%2 == 0 {
					added = append(added, e["label"].(string), e["summary"].(string))
				}
				entries = append(entries, e)
			}
			asset = mustJSON(map[string]any{"schemaVersion": 1, "catalog": id, "entries": entries})
			if len(asset) <= model.MaxCatalogBytes {
				break
			}
		}
		n += LargePackageEntries - len(inline)
		texts = append(texts, added...)
		delete(cat, "entries")
		cat["asset"] = "catalogs/" + id + ".json"
		files["catalogs/"+id+".json"] = asset
	}
	files["ruleset.json"] = mustJSON(rs)
	for i, s := range LargeSaves(LargePackageSaves) {
		files[fmt.Sprintf("saves/s%02d.json", i)] = s
	}
	total := 0
	for _, data := range files {
		total += len(data)
	}
	for _, lang := range []string{"fr", "de", "es", "it", "nl", "pt", "da", "sv", "pl", "cs"} {
		tr := make(map[string]string, len(texts))
		for _, s := range texts {
			tr[s] = lang + " " + s
		}
		loc := mustJSON(map[string]any{"_meta": map[string]string{"locale": lang, "direction": "ltr"}, "ruleset": tr})
		if total+len(loc)+4096 > size {
			break
		}
		files["locales/"+lang+".json"] = loc
		total += len(loc)
	}
	files["manifest.json"] = packageManifest(files)
	return files
}

// packageManifest lists every file but itself with its size.
func packageManifest(files map[string][]byte) []byte {
	var listed []map[string]any
	for _, name := range sortedNames(files) {
		sum := sha256.Sum256(files[name])
		listed = append(listed, map[string]any{"path": name, "sha256": hex.EncodeToString(sum[:]), "bytes": len(files[name])})
	}
	return mustJSON(map[string]any{"schemaVersion": 2, "id": "long-road", "name": "The Long Road", "version": "1.0.0",
		"capabilityApi": map[string]int{"major": 1, "minor": 813}, "files": listed})
}

func sortedNames(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("modeltest: " + err.Error())
	}
	return []byte(strings.TrimSuffix(b.String(), "\n"))
}
