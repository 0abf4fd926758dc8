package modeltest

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// Zip returns a zip archive holding files (name → content), in name order.
func Zip(files map[string]string) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f, err := w.Create(name)
		if err != nil {
			panic(err)
		}
		if _, err := f.Write([]byte(files[name])); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// Sum is the hex SHA-256 of data.
func Sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// Manifest is the manifest.json of a package "ruleset-tollway" of the given
// version holding Base as its ruleset.json, declaring Capability API 1.minor.
func Manifest(version string, minor int) string {
	rs := Base()
	return fmt.Sprintf(`{
  "schemaVersion": 2,
  "capabilityApi": { "major": 1, "minor": %d },
  "id": "ruleset-tollway",
  "name": "Tollway",
  "version": %q,
  "description": "A small ruleset for tests.",
  "kind": ["ruleset"],
  "entrypoints": {},
  "contributions": { "assets": { "paths": ["ruleset.json"] } },
  "files": [ { "path": "ruleset.json", "sha256": %q, "bytes": %d } ],
  "permissions": [],
  "restartRequired": false
}`, minor, version, Sum(rs), len(rs))
}

// PackageFiles are the files of that package folder, by name.
func PackageFiles(version string, minor int) map[string]string {
	return map[string]string{"manifest.json": Manifest(version, minor), "ruleset.json": string(Base())}
}

// Entry is a catalog entry as today's catalog publishes one: the manifest
// embedded, the artifact the package archive ruleset-tollway-<version>.zip
// whose bytes are archive.
func Entry(manifest, version string, archive []byte) string {
	return fmt.Sprintf(`{
  "manifest": %s,
  "category": "misc",
  "iconUrl": "https://example.org/covers/ruleset-tollway.png",
  "artifact": {
    "url": "https://example.org/artifacts/ruleset-tollway-%s.zip",
    "sha256": %q,
    "bytes": %d
  },
  "documentationUrl": "https://example.org/docs/tollway.md#rules"
}`, strings.TrimSpace(manifest), version, Sum(archive), len(archive))
}
