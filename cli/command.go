package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// command is one command of rulebench, declared as data: its usage, help
// and shell completion are built from these fields and the flags bind
// declares.
type command struct {
	// name is what the user types after rulebench; "" is the workbench,
	// which runs when no command is named.
	name    string
	summary string
	// usage is each usage line, after "rulebench ".
	usage []string
	about string
	// args are the positional arguments the command takes.
	args argSpec
	// bind declares the command's flags on fs and returns what runs the
	// command once they are parsed.
	bind func(fs *flagSet) runner
	// hidden commands are left out of help and completion.
	hidden bool
	// rawArgs commands take every argument as it is, flags included.
	rawArgs bool
}

// runner runs a command with its positional arguments, once its flags are
// parsed.
type runner func(c *call, pos []string) int

// call is what a running command works with: the streams and the bundled
// examples.
type call struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// terminal is the standard output itself, for the workbench, which
	// draws with escape sequences of its own.
	terminal io.Writer
	examples fs.FS
}

// argSpec describes a command's positional arguments.
type argSpec struct {
	// name is the argument's name in sentences ("PATH", "COMMAND").
	name string
	// min and max bound their count; max < 0 means no upper bound.
	min, max int
	// values is what they complete to.
	values valueSource
}

// display is the command's name in messages: "rulebench" for the
// workbench.
func (c *command) display() string {
	if c.name == "" {
		return "rulebench"
	}
	return c.name
}

// usageLines are the command's usage lines, each starting "rulebench".
func (c *command) usageLines() []string {
	out := make([]string, len(c.usage))
	for i, u := range c.usage {
		out[i] = "rulebench " + u
	}
	return out
}

// flags returns the command's flag definitions, bound to a parser whose
// messages go to out.
func (c *command) flags(out io.Writer) (*flagSet, runner) {
	fs := newFlagSet(c, out)
	run := c.bind(fs)
	return fs, run
}

// writeHelp prints the whole help of the command: usage, description and
// flags as users type them.
func (c *command) writeHelp(w io.Writer, fs *flagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.Join(c.usageLines(), "\n       "), c.about)
	if c.name == "" {
		fmt.Fprintf(w, "\n%s\n", commandList())
	}
	if len(fs.defs) == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	for _, d := range fs.defs {
		spec := d.dashed()
		if d.arg != "" {
			spec += " " + d.arg
		}
		help := d.help
		if d.def != "" {
			help += fmt.Sprintf(" (default %s)", d.def)
		}
		fmt.Fprintf(w, "  %s\n%s\n", spec, indent(wrapWords(help, helpWidth-6), "      "))
	}
}

// helpWidth is the column at which help wraps the flags' descriptions.
const helpWidth = 88

// indent puts prefix before each line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// commandTable is every command but the workbench, in the order help
// shows them. Adding one here gives it help, did-you-mean and shell
// completion. It is filled by init, since help and completion refer to it.
var commandTable []*command

func init() {
	commandTable = []*command{checkCommand, layersCommand, i18nCommand, migrateCommand, fixCommand,
		diffCommand, changelogCommand, newCommand, packCommand,
		explainCommand, lspCommand, helpCommand, completionCommand, versionCommand, completeCommand}
}

// commands returns every command but the workbench.
func commands() []*command { return commandTable }

// findCommand returns the command called name.
func findCommand(name string) (*command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return nil, false
}

// visibleCommands are the commands help and completion list.
func visibleCommands() []*command {
	var out []*command
	for _, c := range commands() {
		if !c.hidden {
			out = append(out, c)
		}
	}
	return out
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

// runCommand parses args with cmd's flags and runs it. Help asked for goes
// to stdout.
func runCommand(cmd *command, args []string, c *call) int {
	out := c.stderr
	if asksForHelp(args) {
		out = c.stdout
	}
	fs, run := cmd.flags(out)
	if cmd.rawArgs {
		return run(c, args)
	}
	pos, code, stop := fs.parse(args)
	if stop {
		return code
	}
	return run(c, pos)
}

// dispatch runs the command args[0] names, the workbench otherwise. A first
// argument that is neither a command, a flag nor an existing path is a
// mistyped command.
func dispatch(args []string, c *call) int {
	if len(args) > 0 {
		if cmd, ok := findCommand(args[0]); ok {
			return runCommand(cmd, args[1:], c)
		}
		if !strings.HasPrefix(args[0], "-") {
			if _, err := os.Lstat(args[0]); err != nil {
				return unknownCommand(args[0], c.stderr)
			}
		}
	}
	return runCommand(workbenchCommand, args, c)
}

// unknownCommand reports a first argument that names no command and no
// file, with the nearest command name when one is close.
func unknownCommand(name string, stderr io.Writer) int {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := nearestCommand(name); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	} else {
		msg += ", and no file or folder has that name"
	}
	complain(stderr, "rulebench: %s", msg)
	fmt.Fprintln(stderr, "Run 'rulebench help' for the commands.")
	return exitUsage
}

// noHelpFor reports a COMMAND given to help that names no command, with
// the nearest command name when one is close. help takes commands only, so
// files are not mentioned.
func noHelpFor(name string, stderr io.Writer) int {
	msg := fmt.Sprintf("no command %q", name)
	if near := nearestCommand(name); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	complain(stderr, "rulebench: help: %s", msg)
	fmt.Fprintln(stderr, "Run 'rulebench help' for the commands.")
	return exitUsage
}

// nearestCommand returns the command name closest to name in edit
// distance, if it is within two edits (or name is a prefix of it).
func nearestCommand(name string) string {
	var names []string
	for _, c := range visibleCommands() {
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

// helpCommand prints the help of rulebench, or of one command.
var helpCommand = &command{
	name:    "help",
	summary: "help on rulebench or one of its commands",
	usage:   []string{"help [COMMAND]"},
	about:   "Prints the help of rulebench, or of one command.",
	args:    argSpec{name: "COMMAND", min: 0, max: 1, values: commandNames},
	bind: func(*flagSet) runner {
		return func(c *call, pos []string) int {
			cmd := workbenchCommand
			if len(pos) == 1 {
				found, ok := findCommand(pos[0])
				if !ok {
					return noHelpFor(pos[0], c.stderr)
				}
				cmd = found
			}
			fs, _ := cmd.flags(c.stdout)
			cmd.writeHelp(c.stdout, fs)
			return exitOK
		}
	},
}

// commandList is the list of commands for the top-level help.
func commandList() string {
	var b strings.Builder
	b.WriteString("commands:\n")
	for _, c := range visibleCommands() {
		fmt.Fprintf(&b, "  %-11s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun 'rulebench help COMMAND' for a command's flags.")
	return b.String()
}
