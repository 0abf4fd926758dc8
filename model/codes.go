package model

// Finding codes of a package manifest's file listing.
const (
	// CodeManifestBytes: the manifest gives a listed file a size that is not the file's.
	CodeManifestBytes Code = "manifest-bytes"
	// CodeManifestSHA256: the manifest gives a listed file a sha256 that is not the file's.
	CodeManifestSHA256 Code = "manifest-sha256"
)
