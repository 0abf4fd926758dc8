package cli

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// versionCommand prints the version, as --version does.
var versionCommand = &command{
	name:    "version",
	summary: "the version, module version and VCS revision",
	usage:   []string{"version"},
	about:   "Prints rulebench's version, and from the build information the module version, the VCS\nrevision and the Go version when known (the same as rulebench --version).",
	args:    argSpec{name: "argument", min: 0, max: 0},
	bind: func(*flagSet) runner {
		return func(c *call, _ []string) int {
			info, ok := debug.ReadBuildInfo()
			fmt.Fprint(c.stdout, versionText(info, ok))
			return exitOK
		}
	},
}

// versionText is what --version prints: rulebench's version, and from the
// build information the module version, the VCS revision and the Go
// version when known.
func versionText(info *debug.BuildInfo, ok bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rulebench %s\n", Version)
	if !ok || info == nil {
		return b.String()
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if v := info.Main.Version; v != "" {
		fmt.Fprintf(&b, "module %s %s\n", info.Main.Path, v)
	}
	if rev := settings["vcs.revision"]; rev != "" {
		line := "revision " + rev
		if t := settings["vcs.time"]; t != "" {
			line += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			line += ", with local changes"
		}
		b.WriteString(line + "\n")
	}
	if info.GoVersion != "" {
		fmt.Fprintf(&b, "built with %s\n", info.GoVersion)
	}
	return b.String()
}
