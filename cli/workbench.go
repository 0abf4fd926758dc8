package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"

	"rulebench/model"
	"rulebench/themes"
	"rulebench/tui"
)

// exitInterrupted is the workbench's exit status after ctrl+c, as a shell
// reports a program stopped by SIGINT (128 + 2).
const exitInterrupted = 130

// runWorkbench runs the workbench on PATH (the bundled example without
// one) and returns the exit status: 0 after q, 130 after ctrl+c, 2 for bad
// usage, an unreadable path, or a --since OLD that is not an older version
// of the same ruleset (with the sentence migrate --since gives).
func runWorkbench(args []string, stdin io.Reader, stdout, stderr io.Writer, examples fs.FS) int {
	flags := newFlags("rulebench", "rulebench [--theme NAME] [--lang TAG] [--since OLD] [--ascii] [--no-mouse] [PATH]\n       rulebench COMMAND [flags] PATH...\n       rulebench --version",
		"Opens the workbench on a ruleset file, package folder or catalog artifact; with no\nPATH, on the bundled example.\n\n"+commandList(), stderr)
	theme := flags.String("theme", "auto", "colour theme: "+strings.Join(themes.Names(), ", ")+" (auto follows the terminal's background)")
	lang := flags.String("lang", "", "language to preview translations in (a BCP 47 tag such as pt-BR)")
	sincePath := flags.String("since", "", "the previous published version of the ruleset (a file, package folder or catalog artifact): the Migrations tab shows what PATH loses of its saved values and the draft entry that keeps them")
	ascii := flags.Bool("ascii", false, "draw with ASCII only, for terminals without box-drawing characters")
	noMouse := flags.Bool("no-mouse", false, "do not capture the mouse")
	showVersion := flags.Bool("version", false, "print the version and exit")
	pos, code, stop := parseFlags(flags, args)
	if stop {
		return code
	}
	if *showVersion {
		info, ok := debug.ReadBuildInfo()
		fmt.Fprint(stdout, versionText(info, ok))
		return exitOK
	}
	if len(pos) > 1 {
		return flags.usageError("the workbench opens one PATH, not %d: %s", len(pos), quoteList(pos))
	}
	var fsys fs.FS = model.OSFS{}
	path := BundledExample
	if len(pos) == 1 {
		path = pos[0]
	} else {
		fsys = examples
	}
	load := func() (*model.Workspace, error) { return model.Load(fsys, path) }
	ws, err := load()
	if err != nil {
		complain(stderr, "rulebench: %v", err)
		return exitUsage
	}
	var old *model.Workspace
	var reloadOld func() (*model.Workspace, error)
	if *sincePath != "" {
		oldPath := *sincePath
		reloadOld = func() (*model.Workspace, error) { return model.Load(model.OSFS{}, oldPath) }
		if old, err = reloadOld(); err != nil {
			complain(stderr, "rulebench: %v", err)
			return exitUsage
		}
		if msg := sinceRefusal(oldPath, old, ws); msg != "" {
			complain(stderr, "rulebench: %s", msg)
			return exitUsage
		}
	}
	cfg := tui.Config{
		Since:       old,
		ReloadSince: reloadOld,
		Workspace:   ws,
		Reload:      load,
		FS:          fsys,
		Theme:       *theme,
		Lang:        *lang,
		ASCII:       *ascii,
		NoMouse:     *noMouse,
		Watch:       len(pos) == 1,
		Input:       stdin,
		Output:      stdout,
	}
	if len(pos) == 1 {
		// The f key writes a finding's fix as fix -w does.
		cfg.WriteFile = func(name string, data, old []byte) error {
			return writeFixes([]*fixedFile{{Name: name, Old: old, New: data}})
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
