package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// flagHelp is one flag as a command's help describes it.
type flagHelp struct {
	name, about string
	takesValue  bool // the help names a value after the flag (-lang string)
}

// helpFlags reads the flags of a command from its own help, so completion
// offers exactly what the command accepts.
func helpFlags(run func(args []string, stdout, stderr io.Writer) int) []flagHelp {
	var buf bytes.Buffer
	run([]string{"--help"}, &buf, &buf)
	_, defaults, ok := strings.Cut(buf.String(), "\nflags:\n")
	if !ok {
		return nil
	}
	var flags []flagHelp
	for line := range strings.SplitSeq(defaults, "\n") {
		switch {
		case strings.HasPrefix(line, "  -"):
			spec, about, _ := strings.Cut(line[3:], "\t")
			name, value, _ := strings.Cut(strings.TrimSpace(spec), " ")
			flags = append(flags, flagHelp{name: name, about: strings.TrimSpace(about), takesValue: value != ""})
		case strings.HasPrefix(line, "    \t") && len(flags) > 0:
			f := &flags[len(flags)-1]
			f.about = strings.TrimSpace(f.about + " " + strings.TrimSpace(line))
		}
	}
	return flags
}

// dashed writes a flag the way its help spells it (-w, --json).
func (f flagHelp) dashed() string {
	if len(f.name) == 1 {
		return "-" + f.name
	}
	return "--" + f.name
}

// runCompletion prints a completion script for one shell.
func runCompletion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("completion", "rulebench completion bash|zsh|fish",
		"Prints a shell completion script. For example:\n  bash: source <(rulebench completion bash)\n  zsh:  source <(rulebench completion zsh)\n  fish: rulebench completion fish | source", stderr)
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) != 1 {
		return fs.usageError("completion takes one shell: bash, zsh or fish")
	}
	var script string
	switch pos[0] {
	case "bash":
		script = bashCompletion()
	case "zsh":
		script = zshCompletion()
	case "fish":
		script = fishCompletion()
	default:
		return fs.usageError("completion knows bash, zsh and fish, not %q", pos[0])
	}
	fmt.Fprint(stdout, script)
	return exitOK
}

// completionCommands is each command with its flags; "" stands for the
// workbench itself.
func completionCommands() []struct {
	cmd   command
	flags []flagHelp
} {
	var out []struct {
		cmd   command
		flags []flagHelp
	}
	workbench := func(args []string, stdout, stderr io.Writer) int {
		return runWorkbench(args, nil, stdout, stderr, nil)
	}
	out = append(out, struct {
		cmd   command
		flags []flagHelp
	}{command{name: ""}, helpFlags(workbench)})
	for _, c := range commands() {
		out = append(out, struct {
			cmd   command
			flags []flagHelp
		}{c, helpFlags(c.run)})
	}
	return out
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

func dashedFlags(flags []flagHelp) string {
	var d []string
	for _, f := range flags {
		d = append(d, f.dashed())
	}
	return strings.Join(d, " ")
}

func bashCompletion() string {
	var b strings.Builder
	b.WriteString("# bash completion for rulebench: source <(rulebench completion bash)\n")
	b.WriteString("_rulebench() {\n")
	b.WriteString("  local cur=${COMP_WORDS[COMP_CWORD]} sub=${COMP_WORDS[1]} opts\n")
	b.WriteString("  if [[ $COMP_CWORD -eq 1 ]]; then\n")
	fmt.Fprintf(&b, "    COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(commandNames(), " ")+" --help "+dashedFlags(completionCommands()[0].flags))
	b.WriteString("    [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- \"$cur\"))\n")
	b.WriteString("    return 0\n  fi\n")
	b.WriteString("  case $sub in\n")
	for _, cf := range completionCommands()[1:] {
		switch cf.cmd.name {
		case "help":
			fmt.Fprintf(&b, "    help) COMPREPLY=($(compgen -W %q -- \"$cur\")); return 0 ;;\n", strings.Join(commandNames(), " "))
		case "completion":
			b.WriteString("    completion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return 0 ;;\n")
		default:
			fmt.Fprintf(&b, "    %s) opts=%q ;;\n", cf.cmd.name, dashedFlags(cf.flags)+" --help")
		}
	}
	fmt.Fprintf(&b, "    *) opts=%q ;;\n", dashedFlags(completionCommands()[0].flags)+" --help")
	b.WriteString("  esac\n")
	b.WriteString("  if [[ $cur == -* ]]; then\n    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n  else\n    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n}\n")
	b.WriteString("complete -o filenames -F _rulebench rulebench\n")
	return b.String()
}

// zshFlagSpec writes a flag as a single-quoted _arguments spec, its help
// as the description (brackets and colons escaped).
func zshFlagSpec(f flagHelp) string {
	about := strings.NewReplacer("'", `'\''`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(f.about)
	spec := f.dashed() + "[" + about + "]"
	if f.takesValue {
		spec += ":value: "
	}
	return "'" + spec + "'"
}

func zshCompletion() string {
	var b strings.Builder
	b.WriteString("#compdef rulebench\n# zsh completion for rulebench: source <(rulebench completion zsh)\n")
	b.WriteString("_rulebench() {\n  local -a subcommands\n  subcommands=(\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "    '%s:%s'\n", c.name, strings.ReplaceAll(c.summary, "'", `'\''`))
	}
	workbench := "_arguments"
	for _, f := range completionCommands()[0].flags {
		workbench += " " + zshFlagSpec(f)
	}
	workbench += " '*:file:_files'"
	b.WriteString("  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' subcommands\n    " + workbench + "\n    return\n  fi\n")
	b.WriteString("  case $words[2] in\n")
	for _, cf := range completionCommands()[1:] {
		switch cf.cmd.name {
		case "help":
			b.WriteString("    help) _describe 'command' subcommands ;;\n")
		case "completion":
			b.WriteString("    completion) _values 'shell' bash zsh fish ;;\n")
		default:
			fmt.Fprintf(&b, "    %s) _arguments", cf.cmd.name)
			for _, f := range cf.flags {
				fmt.Fprintf(&b, " %s", zshFlagSpec(f))
			}
			b.WriteString(" '*:file:_files' ;;\n")
		}
	}
	b.WriteString("    *) " + workbench + " ;;\n  esac\n}\n")
	b.WriteString("compdef _rulebench rulebench\n")
	return b.String()
}

// fishQuote quotes s for fish, in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

func fishCompletion() string {
	var b strings.Builder
	b.WriteString("# fish completion for rulebench: rulebench completion fish | source\n")
	subs := strings.Join(commandNames(), " ")
	for _, c := range commands() {
		fmt.Fprintf(&b, "complete -c rulebench -n 'not __fish_seen_subcommand_from %s' -a %s -d %s\n", subs, c.name, fishQuote(c.summary))
	}
	for _, cf := range completionCommands() {
		cond := "'not __fish_seen_subcommand_from " + subs + "'"
		if cf.cmd.name != "" {
			cond = "'__fish_seen_subcommand_from " + cf.cmd.name + "'"
		}
		switch cf.cmd.name {
		case "help":
			fmt.Fprintf(&b, "complete -c rulebench -n %s -f -a %s\n", cond, fishQuote(subs))
			continue
		case "completion":
			fmt.Fprintf(&b, "complete -c rulebench -n %s -f -a 'bash zsh fish'\n", cond)
			continue
		}
		for _, f := range cf.flags {
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			if f.takesValue {
				opt += " -r"
			}
			fmt.Fprintf(&b, "complete -c rulebench -n %s %s -d %s\n", cond, opt, fishQuote(f.about))
		}
	}
	return b.String()
}
