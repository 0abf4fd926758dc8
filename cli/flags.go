package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"rulebench/analysis/report"
)

// valueSource says what a flag's value, or a positional argument, completes
// to in the shell.
type valueSource int

const (
	anything     valueSource = iota // free text: nothing to offer
	files                           // a file name
	folders                         // a folder name
	choices                         // one of flagDef.choices
	suggested                       // flagDef.choices offered, other values taken too
	commaList                       // comma-separated items of flagDef.choices
	langsHere                       // a language tag the workspace has a file for
	langsNew                        // an Engine language the workspace has no file for
	layerIDs                        // a layer id of the workspace
	findingCodes                    // a finding code
	commandNames                    // a command of rulebench
	shells                          // bash, zsh or fish
)

// flagDef is one flag as its command declares it: parsing, help and
// completion are all built from it.
type flagDef struct {
	// name is the flag's name without dashes; a one-letter name is typed
	// with one dash (-w), a longer one with two (--format).
	name string
	// arg names the value in usage and help ("F", "TAG"); "" for a switch.
	arg  string
	help string
	// def is the default shown in help, "" for none.
	def string
	// values is what the value completes to; choices lists the values of
	// choices and commaList.
	values  valueSource
	choices []string
}

// dashed is the flag as users type it: -w, --format.
func (d *flagDef) dashed() string {
	if len(d.name) == 1 {
		return "-" + d.name
	}
	return "--" + d.name
}

// flagSet is one command's flags: their definitions, and the standard
// library's parser they register with.
type flagSet struct {
	cmd  *command
	set  *flag.FlagSet
	defs []*flagDef
	// formats are the formats --format takes, when the command has one.
	formats []report.Format
	format  *string
	asJSON  *bool
	out     io.Writer
}

func newFlagSet(cmd *command, out io.Writer) *flagSet {
	set := flag.NewFlagSet(cmd.display(), flag.ContinueOnError)
	set.SetOutput(io.Discard)
	set.Usage = func() {}
	return &flagSet{cmd: cmd, set: set, out: out}
}

func (f *flagSet) add(d *flagDef) *flagDef {
	f.defs = append(f.defs, d)
	return d
}

// Bool declares a switch.
func (f *flagSet) Bool(name, help string) *bool {
	f.add(&flagDef{name: name, help: help})
	return f.set.Bool(name, false, help)
}

// BoolVar declares a switch stored in p.
func (f *flagSet) BoolVar(p *bool, name, help string) {
	f.add(&flagDef{name: name, help: help})
	f.set.BoolVar(p, name, false, help)
}

// StringVar declares a flag with a value named arg, stored in p.
func (f *flagSet) StringVar(p *string, name, arg string, values valueSource, help string) {
	f.add(&flagDef{name: name, arg: arg, help: help, values: values})
	f.set.StringVar(p, name, "", help)
}

// given tells which flags the command line set.
func (f *flagSet) given() map[string]bool {
	set := map[string]bool{}
	f.set.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// String declares a flag with a value named arg, completed from values.
func (f *flagSet) String(name, arg string, values valueSource, help string) *string {
	f.add(&flagDef{name: name, arg: arg, help: help, values: values})
	return f.set.String(name, "", help)
}

// Choice declares a flag whose value is one of choices, def by default.
func (f *flagSet) Choice(name, arg, def string, options []string, help string) *string {
	if name != "format" {
		help += " (" + strings.Join(options, ", ") + ")"
	}
	f.add(&flagDef{name: name, arg: arg, help: help, def: def, values: choices, choices: options})
	return f.set.String(name, def, help)
}

// Suggest declares a flag whose value completes from options but is not
// held to them (the command checks it, accepting other spellings).
func (f *flagSet) Suggest(name, arg string, options []string, help string) *string {
	f.add(&flagDef{name: name, arg: arg, help: help, values: suggested, choices: options})
	return f.set.String(name, "", help)
}

// List declares a flag taking comma-separated items, which may repeat.
func (f *flagSet) List(name, arg string, values valueSource, options []string, help string) *listFlag {
	var l listFlag
	f.add(&flagDef{name: name, arg: arg, help: help, values: values, choices: options})
	f.set.Var(&l, name, help)
	return &l
}

// Format declares --format with the formats the command offers (every one
// when findings is set, else text and JSON, and the opt-in formats named
// in optIn) and --json, its short form.
func (f *flagSet) Format(findings bool, optIn ...string) {
	f.formats = report.FormatsFor(findings, optIn...)
	var names []string
	for _, fm := range f.formats {
		names = append(names, fm.Name)
	}
	f.format = f.Choice("format", "F", report.Text, names, "the output format: "+formatList(f.formats))
	f.asJSON = f.Bool("json", "print a JSON document (the same as --format json)")
}

// formatList describes formats for help: "text (text for people), json (...)".
func formatList(formats []report.Format) string {
	var parts []string
	for _, fm := range formats {
		parts = append(parts, fm.Name+" ("+fm.About+")")
	}
	return strings.Join(parts, ", ")
}

// chosenFormat is the format asked for, after parsing: --json wins.
func (f *flagSet) chosenFormat() string {
	if f.asJSON != nil && *f.asJSON {
		return report.JSON
	}
	return *f.format
}

// listFlag collects comma-separated items from one or more uses of a flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, splitList(s)...)
	return nil
}

// lookup finds the definition of a flag as typed (-w, --format, -format).
func (f *flagSet) lookup(typed string) *flagDef {
	name := strings.TrimLeft(typed, "-")
	name, _, _ = strings.Cut(name, "=")
	for _, d := range f.defs {
		if d.name == name {
			return d
		}
	}
	return nil
}

// usageError reports bad usage: what was wrong, in a sentence, then the
// short usage and where the help is. It returns exitUsage.
func (f *flagSet) usageError(format string, args ...any) int {
	complain(f.out, "rulebench: "+format, args...)
	fmt.Fprintf(f.out, "usage: %s\n", f.cmd.usageLines()[0])
	help := "rulebench help"
	if f.cmd.name != "" {
		help += " " + f.cmd.name
	}
	fmt.Fprintf(f.out, "Run '%s' for more.\n", help)
	return exitUsage
}

// flagNamed matches the flag package's way of naming a flag in its errors
// ("-format"), to name it as the user typed it instead.
var flagNamed = regexp.MustCompile(`(^|\s)-{1,2}([A-Za-z][^\s=:]*)`)

// parseError turns an error of the flag package into a sentence that names
// the flag as the user typed it.
func (f *flagSet) parseError(err error, args []string) string {
	msg := err.Error()
	msg = strings.Replace(msg, "flag provided but not defined: ", "unknown flag ", 1)
	return flagNamed.ReplaceAllStringFunc(msg, func(m string) string {
		prefix, name := "", strings.TrimLeft(m, "-")
		if trimmed := strings.TrimLeft(m, " \t\n"); trimmed != m {
			prefix, name = m[:len(m)-len(trimmed)], strings.TrimLeft(trimmed, "-")
		}
		for _, a := range args {
			if a == "--" {
				break
			}
			if typed, _, _ := strings.Cut(a, "="); strings.TrimLeft(typed, "-") == name && strings.HasPrefix(typed, "-") {
				return prefix + typed
			}
		}
		return prefix + (&flagDef{name: name}).dashed()
	})
}

// parse parses args, allowing flags after positional arguments, and checks
// the count of positional arguments against the command's. It returns the
// positional arguments, and an exit code when the command should stop
// (help asked for, or bad usage).
func (f *flagSet) parse(args []string) ([]string, int, bool) {
	var positional []string
	rest := args
	for {
		if err := f.set.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				f.cmd.writeHelp(f.out, f)
				return nil, exitOK, true
			}
			if f.cmd.name == "" {
				return nil, f.usageError("%s", f.parseError(err, args)), true
			}
			return nil, f.usageError("%s: %s", f.cmd.name, f.parseError(err, args)), true
		}
		rest = f.set.Args()
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		rest = rest[1:]
	}
	if msg := f.checkChoices(); msg != "" {
		return nil, f.usageError("%s", msg), true
	}
	minN, maxN := f.cmd.args.min, f.cmd.args.max
	subject, what := f.cmd.name, f.cmd.args.name
	if subject == "" {
		subject = "the workbench"
	}
	switch {
	case minN == maxN && minN > 1 && len(positional) != minN:
		return nil, f.usageError("%s takes %d paths, %s; not %d", subject, minN, what, len(positional)), true
	case len(positional) < minN && maxN < 0:
		return nil, f.usageError("%s takes at least one %s", subject, what), true
	case len(positional) < minN:
		return nil, f.usageError("%s takes one %s", subject, what), true
	case maxN == 0 && len(positional) > 0:
		return nil, f.usageError("%s takes no %s: %s", subject, what, quoteList(positional)), true
	case minN == 0 && maxN == 1 && len(positional) > 1:
		return nil, f.usageError("%s takes at most one %s", subject, what), true
	case maxN == 1 && len(positional) > 1:
		return nil, f.usageError("%s takes one %s, not %d: %s", subject, what, len(positional), quoteList(positional)), true
	case maxN > 1 && len(positional) > maxN:
		return nil, f.usageError("%s takes at most %d of %s", subject, maxN, what), true
	}
	return positional, exitOK, false
}

// checkChoices says what is wrong with a flag whose value must be one of
// its choices, "" when nothing is.
func (f *flagSet) checkChoices() string {
	if f.format != nil {
		if msg := f.checkFormat(); msg != "" {
			return msg
		}
	}
	for _, d := range f.defs {
		if d.values != choices || d.name == "format" {
			continue
		}
		got := f.set.Lookup(d.name).Value.String()
		if !slices.Contains(d.choices, got) {
			return fmt.Sprintf("%s takes %s, not %q", d.dashed(), orList(d.choices), got)
		}
	}
	return ""
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// checkFormat says what is wrong with the --format given, "" when nothing.
func (f *flagSet) checkFormat() string {
	got := f.chosenFormat()
	for _, fm := range f.formats {
		if fm.Name == got {
			return ""
		}
	}
	var names []string
	for _, fm := range f.formats {
		names = append(names, fm.Name)
	}
	return fmt.Sprintf("%s has no format %q; it knows %s", f.cmd.name, got, strings.Join(names, ", "))
}

// quoteList quotes each argument and joins them with spaces.
func quoteList(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
