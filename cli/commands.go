package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strings"
)

// command is one subcommand of rulebench.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order help shows them. Adding a
// command here gives it help, did-you-mean and shell completion.
func commands() []command {
	return []command{
		{"check", "every check: format, layers, translations, migrations, capability", runCheck},
		{"layers", "the effective ruleset under a layer selection", runLayers},
		{"i18n", "translation coverage and pack checks; new, updated and PO files for translators", runI18n},
		{"migrate", "rehearse sheet migrations on sample saves", runMigrate},
		{"fix", "mend what has a mechanical fix: a diff, or -w to write it", runFix},
		{"explain", "what a finding code means, why it is refused, how to fix it", runExplain},
		{"help", "help on rulebench or one of its commands", runHelp},
		{"completion", "a shell completion script for bash, zsh or fish", runCompletion},
	}
}

// findCommand returns the subcommand called name.
func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// asksForHelp tells whether args ask for help (-h, -help or --help before
// a "--").
func asksForHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// dispatch runs the subcommand args[0] names, the workbench otherwise. Help
// asked for goes to stdout. A first argument that is neither a command, a
// flag nor an existing path is a mistyped command.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer, examples fs.FS) int {
	if len(args) == 0 {
		return runWorkbench(args, stdin, stdout, stderr, examples)
	}
	if c, ok := findCommand(args[0]); ok {
		if asksForHelp(args[1:]) {
			return c.run(args[1:], stdout, stdout)
		}
		return c.run(args[1:], stdout, stderr)
	}
	if asksForHelp(args) {
		return runWorkbench([]string{"--help"}, stdin, stdout, stdout, examples)
	}
	if !strings.HasPrefix(args[0], "-") {
		if _, err := os.Lstat(args[0]); err != nil {
			return unknownCommand(args[0], stderr)
		}
	}
	return runWorkbench(args, stdin, stdout, stderr, examples)
}

// unknownCommand reports a first argument that names no command and no
// file, with the nearest command name when one is close.
func unknownCommand(name string, stderr io.Writer) int {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := nearestCommand(name); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	} else {
		msg += " (and no such file)"
	}
	complain(stderr, "rulebench: %s", visible(msg))
	fmt.Fprintln(stderr, "Run 'rulebench help' for the commands.")
	return exitUsage
}

// nearestCommand returns the command name closest to name in edit
// distance, if it is within two edits (or name is a prefix of it).
func nearestCommand(name string) string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return nearest(name, names, 2, 2)
}

// nearest returns the candidate that name is a prefix of (when name has at
// least minPrefix bytes), else the one closest to name within maxEdits
// edits, the first on a tie; "" when none is near.
func nearest(name string, candidates []string, minPrefix, maxEdits int) string {
	best, bestD := "", maxEdits+1
	for _, c := range candidates {
		if len(name) >= minPrefix && strings.HasPrefix(c, name) {
			return c
		}
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (with adjacent
// transpositions) between two short words.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 {
		return len(ra)
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// runHelp prints the help of rulebench, or of one command, to stdout.
func runHelp(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("help", "rulebench help [COMMAND]", "Prints the help of rulebench, or of one command.", stderr)
	pos, code, stop := parseFlags(fs, args)
	switch {
	case stop:
		return code
	case len(pos) > 1:
		return fs.usageError("help takes at most one COMMAND")
	case len(pos) == 0:
		return runWorkbench([]string{"--help"}, nil, stdout, stdout, nil)
	}
	c, ok := findCommand(pos[0])
	if !ok {
		return unknownCommand(pos[0], stderr)
	}
	return c.run([]string{"--help"}, stdout, stdout)
}

// commandList is the list of commands for the top-level help.
func commandList() string {
	var b strings.Builder
	b.WriteString("commands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-11s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun 'rulebench help COMMAND' for a command's flags.")
	return b.String()
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
