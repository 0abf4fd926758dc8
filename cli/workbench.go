package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"sync/atomic"

	"rulebench/analysis"
	"rulebench/model"
	"rulebench/themes"
	"rulebench/tui"
)

// exitInterrupted is the workbench's exit status after ctrl+c, as a shell
// reports a program stopped by SIGINT (128 + 2).
const exitInterrupted = 130

// workbenchCommand runs the workbench on PATH (the bundled example without
// one) and returns the exit status: 0 after q, 130 after ctrl+c, 2 for bad
// usage, an unreadable path, or a --since OLD that is not an older version
// of the same ruleset (with the sentence migrate --since gives).
var workbenchCommand = &command{
	usage: []string{"[--theme NAME] [--lang TAG] [--since OLD] [--ascii] [--no-mouse] [PATH]", "COMMAND [flags] PATH...", "--version"},
	about: "Opens the workbench on a ruleset file, package folder or catalog artifact; with no\nPATH, on the bundled example.",
	args:  argSpec{name: "PATH", min: 0, max: 1, values: files},
	bind: func(flags *flagSet) runner {
		o := workbenchOptions{
			theme:   flags.Choice("theme", "NAME", "auto", themes.Names(), "colour theme; auto follows the terminal's background"),
			lang:    flags.String("lang", "TAG", langsHere, "language to preview translations in (a BCP 47 tag such as pt-BR)"),
			since:   flags.String("since", "OLD", files, "the previous published version of the ruleset (a file, package folder or catalog artifact; or, when no such path exists, a git revision: REV or REV:path): the Migrations tab shows what PATH loses of its saved values and the draft entry that keeps them"),
			ascii:   flags.Bool("ascii", "draw with ASCII only, for terminals without box-drawing characters"),
			noMouse: flags.Bool("no-mouse", "do not capture the mouse"),
			version: flags.Bool("version", "print the version and exit"),
		}
		return func(c *call, pos []string) int { return runWorkbench(c, pos, o) }
	},
}

// workbenchOptions are the workbench's flags, once parsed.
type workbenchOptions struct {
	theme, lang, since      *string
	ascii, noMouse, version *bool
}

// runWorkbench opens the workbench with its flags parsed.
func runWorkbench(c *call, pos []string, o workbenchOptions) int {
	stdin, stdout, stderr := c.stdin, c.stdout, c.stderr
	terminal := c.terminal
	if *o.version {
		info, ok := debug.ReadBuildInfo()
		fmt.Fprint(stdout, versionText(info, ok))
		return exitOK
	}
	var fsys fs.FS = model.OSFS{}
	path := BundledExample
	if len(pos) == 1 {
		path = pos[0]
	} else {
		fsys = c.examples
	}
	// The first workspace read, which a fix is written into; the
	// workbench reads it in the background (without --since) and again
	// after each change.
	var first atomic.Pointer[model.Workspace]
	load := func() (*model.Workspace, error) {
		ws, err := model.Load(fsys, path)
		if ws != nil {
			first.CompareAndSwap(nil, ws)
		}
		return ws, err
	}
	var ws *model.Workspace
	var old *model.Workspace
	var reloadOld func() (*model.Workspace, error)
	var err error
	if *o.since == "" {
		// Only whether the path can be read at all is asked before the
		// workbench starts; it reads the files once it shows it is.
		err = model.Probe(fsys, path)
	} else {
		// --since compares the two before starting, to refuse two that
		// cannot be compared.
		ws, err = load()
	}
	if err != nil {
		complain(stderr, "rulebench: %v", err)
		return exitUsage
	}
	if *o.since != "" {
		oldPath := *o.since
		onDisk := ""
		if len(pos) == 1 {
			onDisk = path
		}
		if old, reloadOld, err = loadSince(oldPath, onDisk); err != nil {
			complain(stderr, "rulebench: %v", err)
			return exitUsage
		}
		if msg := sinceRefusal(oldPath, old, ws); msg != "" {
			complain(stderr, "rulebench: %s", msg)
			return exitUsage
		}
	}
	var policy *analysis.Policy
	if len(pos) == 1 {
		// The project's rulebench.json, as check follows it.
		if name := analysis.FindConfig(path); name != "" {
			p, ds, err := analysis.LoadConfig(name)
			writeDiagnostics(stderr, ds)
			if err != nil {
				if !errors.Is(err, analysis.ErrConfig) {
					complain(stderr, "rulebench: cannot read %s: %v", name, err)
				}
				return exitUsage
			}
			policy = p
		}
	}
	cfg := tui.Config{
		Policy:      policy,
		Since:       old,
		ReloadSince: reloadOld,
		Workspace:   ws,
		Reload:      load,
		FS:          fsys,
		Theme:       *o.theme,
		Lang:        *o.lang,
		ASCII:       *o.ascii,
		NoMouse:     *o.noMouse,
		Watch:       len(pos) == 1,
		Input:       stdin,
		Output:      terminal,
	}
	if len(pos) == 1 {
		// The f key writes a finding's fix as fix -w does, inside the
		// folder of PATH (notes, which would cut into the screen, are
		// left out); it is offered only once the files are read.
		cfg.WriteFile = func(name string, data, old []byte) error {
			ws := first.Load()
			if ws == nil {
				return errors.New("the files are not read yet")
			}
			return writeFixes(ws, []*fixedFile{{Name: name, Old: old, New: data}}, io.Discard)
		}
	}
	switch err := tui.Run(cfg); {
	case errors.Is(err, tui.ErrInterrupted):
		return exitInterrupted
	case err != nil:
		complain(stderr, "rulebench: %v", err)
		return exitUsage
	}
	return exitOK
}
