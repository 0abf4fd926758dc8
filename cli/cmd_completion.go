package cli

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"rulebench/analysis"
	"rulebench/i18n"
	"rulebench/model"
)

// completionCommand prints a shell completion script. The scripts are thin:
// they ask `rulebench __complete` for the words, so that what completes is
// always what the commands' flag definitions declare, including values read
// from the workspace being typed about (its languages, its layers).
var completionCommand = &command{
	name:    "completion",
	summary: "a shell completion script for bash, zsh or fish",
	usage:   []string{"completion bash|zsh|fish"},
	about: "Prints a shell completion script. For example:\n" +
		"  bash: source <(rulebench completion bash)\n" +
		"  zsh:  source <(rulebench completion zsh)\n" +
		"  fish: rulebench completion fish | source\n" +
		"The script completes commands, flags, flag values (formats, severities, themes, the\n" +
		"languages and layers of the PATH typed), finding codes for explain, and file names.",
	args: argSpec{name: "shell", min: 0, max: 1, values: shells},
	bind: func(fs *flagSet) runner {
		return func(c *call, pos []string) int {
			if len(pos) != 1 {
				return fs.usageError("completion takes one shell: bash, zsh or fish")
			}
			script, ok := completionScripts[pos[0]]
			if !ok {
				return fs.usageError("completion knows bash, zsh and fish, not %q", pos[0])
			}
			fmt.Fprint(c.stdout, script)
			return exitOK
		}
	},
}

// completeDirective is the last line `rulebench __complete` prints: what
// the shell should add to the words printed before it.
const (
	directiveFiles   = ":files"
	directiveFolders = ":folders"
	directiveNone    = ":none"
)

// completeCommand is what the completion scripts call: given the words
// after "rulebench", the last one being completed (perhaps ""), it prints
// the candidates one a line, then a directive line.
var completeCommand = &command{
	name:    "__complete",
	usage:   []string{"__complete WORD..."},
	about:   "Prints the completions of the last WORD, for the shell completion scripts.",
	args:    argSpec{name: "WORD", min: 0, max: -1},
	hidden:  true,
	rawArgs: true,
	bind: func(*flagSet) runner {
		return func(c *call, words []string) int {
			if len(words) == 0 {
				words = []string{""}
			}
			cands, directive := complete(words)
			for _, w := range cands {
				// A candidate never carries a line break or a control
				// character into the shell.
				printf(c.stdout, "%s\n", w)
			}
			fmt.Fprintln(c.stdout, directive)
			return exitOK
		}
	},
}

// complete works out the completions of the last of words (the words after
// "rulebench"), and what the shell should add (files, folders, nothing).
func complete(words []string) ([]string, string) {
	cur := words[len(words)-1]
	cmd, rest := workbenchCommand, words[:len(words)-1]
	if len(words) > 1 {
		if found, ok := findCommand(words[0]); ok {
			cmd, rest = found, words[1:len(words)-1]
		}
	}
	fs, _ := cmd.flags(nil)
	if len(words) == 1 && !strings.HasPrefix(cur, "-") {
		var names []string
		for _, c := range visibleCommands() {
			names = append(names, c.name)
		}
		return withPrefix(names, cur), directiveFiles
	}
	positional := positionalWords(fs, rest)
	// --flag=VALUE, or VALUE after a flag that takes one.
	if name, value, ok := strings.Cut(cur, "="); ok && strings.HasPrefix(name, "-") {
		if d := fs.lookup(name); d != nil && d.arg != "" {
			cands, directive := flagValues(d, value, positional)
			for i := range cands {
				cands[i] = name + "=" + cands[i]
			}
			return cands, directive
		}
		return nil, directiveNone
	}
	if len(rest) > 0 {
		if d := fs.lookup(rest[len(rest)-1]); d != nil && d.arg != "" && strings.HasPrefix(rest[len(rest)-1], "-") &&
			!strings.Contains(rest[len(rest)-1], "=") {
			return flagValues(d, cur, positional)
		}
	}
	if strings.HasPrefix(cur, "-") {
		var names []string
		for _, d := range fs.defs {
			names = append(names, d.dashed())
		}
		names = append(names, "--help")
		return withPrefix(names, cur), directiveNone
	}
	return values(cmd.args.values, nil, cur, positional)
}

// positionalWords picks the positional arguments out of the words typed
// so far, skipping flags and their values.
func positionalWords(fs *flagSet, words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return append(out, words[i+1:]...)
		}
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			if d := fs.lookup(w); d != nil && d.arg != "" && !strings.Contains(w, "=") {
				i++
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// flagValues completes the value of flag d.
func flagValues(d *flagDef, cur string, positional []string) ([]string, string) {
	if d.values == commaList {
		head, last := "", cur
		if i := strings.LastIndex(cur, ","); i >= 0 {
			head, last = cur[:i+1], cur[i+1:]
		}
		cands := withPrefix(d.choices, last)
		for i := range cands {
			cands[i] = head + cands[i]
		}
		return cands, directiveNone
	}
	return values(d.values, d.choices, cur, positional)
}

// values completes cur from a value source.
func values(src valueSource, options []string, cur string, positional []string) ([]string, string) {
	switch src {
	case files:
		return nil, directiveFiles
	case folders:
		return nil, directiveFolders
	case choices, suggested:
		return withPrefix(options, cur), directiveNone
	case langsHere, langsNew, layerIDs:
		return withPrefix(workspaceWords(src, positional), cur), directiveNone
	case findingCodes:
		var codes []string
		for _, c := range analysis.Codes() {
			codes = append(codes, string(c.Code))
		}
		return withPrefix(codes, cur), directiveNone
	case commandNames:
		var names []string
		for _, c := range visibleCommands() {
			names = append(names, c.name)
		}
		return withPrefix(names, cur), directiveNone
	case shells:
		return withPrefix([]string{"bash", "zsh", "fish"}, cur), directiveNone
	}
	return nil, directiveNone
}

// workspaceWords reads the first positional argument that loads as a
// workspace (the current folder when none is typed yet) and returns its languages (with langsHere), the Engine's
// languages it has no file for (langsNew), or its layer ids.
func workspaceWords(src valueSource, positional []string) []string {
	var ws *model.Workspace
	if len(positional) == 0 {
		positional = []string{"."}
	}
	for _, p := range positional {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if loaded, err := model.Load(model.OSFS{}, p); err == nil {
			ws = loaded
			break
		}
	}
	if src == langsNew {
		have := map[string]bool{}
		if ws != nil {
			for _, l := range i18n.Analyze(ws).Locales {
				have[l.Lang] = true
			}
		}
		var out []string
		for _, l := range i18n.EngineLanguages {
			if !have[l] && l != "en" {
				out = append(out, l)
			}
		}
		return out
	}
	if ws == nil {
		return nil
	}
	var out []string
	switch src {
	case langsHere:
		for _, l := range i18n.Analyze(ws).Locales {
			if l.Lang != "" && !slices.Contains(out, l.Lang) {
				out = append(out, l.Lang)
			}
		}
	case layerIDs:
		if ws.Ruleset != nil {
			for _, l := range ws.Ruleset.Layers {
				out = append(out, l.ID)
			}
		}
	}
	return out
}

// withPrefix returns the candidates that start with prefix.
func withPrefix(cands []string, prefix string) []string {
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// completionScripts are the scripts by shell. Each asks
// `rulebench __complete` for the words, then adds file or folder names
// when its last line says so.
var completionScripts = map[string]string{
	"bash": `# bash completion for rulebench: source <(rulebench completion bash)
_rulebench() {
  local cur=${COMP_WORDS[COMP_CWORD]} out directive
  local IFS=$'\n'
  out=($(rulebench __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)) || return 0
  [[ ${#out[@]} -eq 0 ]] && return 0
  directive=${out[${#out[@]}-1]}
  COMPREPLY=("${out[@]:0:${#out[@]}-1}")
  case $directive in
    :files) COMPREPLY+=($(compgen -f -- "$cur")) ;;
    :folders) COMPREPLY+=($(compgen -d -- "$cur")) ;;
  esac
  return 0
}
complete -o filenames -o nosort -F _rulebench rulebench 2>/dev/null || complete -o filenames -F _rulebench rulebench
`,
	"zsh": `#compdef rulebench
# zsh completion for rulebench: source <(rulebench completion zsh)
_rulebench() {
  local -a out cands
  local directive
  out=("${(@f)$(rulebench __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
  (( ${#out} == 0 )) && return 1
  directive=${out[-1]}
  cands=("${(@)out[1,-2]}")
  (( ${#cands} )) && compadd -Q -- "${cands[@]}"
  case $directive in
    :files) _files ;;
    :folders) _files -/ ;;
  esac
}
compdef _rulebench rulebench
`,
	"fish": `# fish completion for rulebench: rulebench completion fish | source
function __rulebench_complete
    set -l words (commandline -opc) (commandline -ct)
    set -l out (rulebench __complete $words[2..-1] 2>/dev/null)
    set -l n (count $out)
    test $n -eq 0; and return
    if test $n -gt 1
        printf '%s\n' $out[1..(math $n - 1)]
    end
    switch $out[$n]
        case :files
            __fish_complete_path (commandline -ct)
        case :folders
            __fish_complete_directories (commandline -ct)
    end
end
complete -c rulebench -f -a '(__rulebench_complete)'
`,
}
