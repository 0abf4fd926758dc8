package cli

import (
	"context"
	"errors"
	"io"

	"rulebench/lsp"
)

// lspCommand runs the language server on the standard streams.
var lspCommand = &command{
	name:    "lsp",
	summary: "the language server: rulebench's findings, hover and completion in an editor",
	usage:   []string{"lsp [--stdio]"},
	about: "Speaks the Language Server Protocol (3.17) on standard input and output, for an\n" +
		"editor: diagnostics as you type, hover, completion, definition, references, quick\n" +
		"fixes, the outline and rename, over the open documents' unsaved text. It reads only\n" +
		"inside the workspace folder the editor names. See the README for VS Code, Neovim\n" +
		"and Helix.",
	args: argSpec{name: "argument", min: 0, max: 0},
	bind: func(fs *flagSet) runner {
		fs.Bool("stdio", "talk over standard input and output (the only way; accepted for editors that pass it)")
		return func(c *call, _ []string) int {
			// The protocol goes to the standard output itself: its
			// framing has line ends the safe writer would make visible,
			// and the server writes every control character inside its
			// JSON as a \u escape of its own.
			return runLSP(c.stdin, c.terminal, c.stderr)
		}
	},
}

// runLSP serves one session; exit 0 after shutdown and exit, 1 otherwise.
func runLSP(stdin io.Reader, stdout, stderr io.Writer) int {
	s := lsp.New(stdin, stdout, lsp.Config{Version: Version, Log: func(text string) { printf(stderr, "rulebench lsp: %s\n", text) }})
	if err := s.Run(context.Background()); err != nil {
		if !errors.Is(err, io.EOF) && !errors.Is(err, lsp.ErrExitWithoutShutdown) {
			complain(stderr, "lsp: %v", err)
		}
		return exitFindings
	}
	return exitOK
}
