package cli

import (
	"io"
	"path/filepath"

	"rulebench/internal/atomicfile"
	"rulebench/model"
)

// writeFault, for tests, makes a step of every write fail
// (atomicfile.Options.Fault); nil otherwise.
var writeFault func(step, name string) error

// writeRoot is the folder a workspace's files are written in, the one its
// files are read from: a package's folder, or the folder of a catalog
// artifact, ruleset file or catalog entry file.
func writeRoot(ws *model.Workspace) string {
	if ws.Kind == model.Package {
		return filepath.FromSlash(ws.Path)
	}
	if ws.Kind == model.EntryFile && ws.Entry != nil {
		return filepath.Dir(filepath.FromSlash(ws.Entry.Name))
	}
	return filepath.Dir(filepath.FromSlash(ws.RulesetFile))
}

// writeInPlace writes changes to the workspace's own files as one change
// (atomicfile.Write: checked against the bytes read, confined to the
// workspace's folder, in the order given, all or nothing, under the
// folder's lock). It says on stderr, after the command's name, which
// temporary files of killed runs it removed, and returns the files
// written.
func writeInPlace(ws *model.Workspace, changes []atomicfile.Change, command string, stderr io.Writer) ([]string, error) {
	res, err := atomicfile.Write(writeRoot(ws), changes, atomicfile.Options{Fault: writeFault})
	noteStale(res, command, stderr)
	return res.Written, err
}

// writeNew writes data to a new file, name, refusing one that exists or is
// one of the inputs, through a temporary file in its folder.
func writeNew(name string, data []byte, inputs []string, command string, stderr io.Writer) error {
	res, err := atomicfile.Write(filepath.Dir(name), []atomicfile.Change{{Name: name, Data: data}}, atomicfile.Options{Inputs: inputs, Fault: writeFault})
	noteStale(res, command, stderr)
	return err
}

// noteStale says, one line a folder, how many temporary files left by an
// earlier run a write removed.
func noteStale(res atomicfile.Result, command string, stderr io.Writer) {
	var dirs []string
	count := map[string]int{}
	for _, name := range res.Stale {
		d := filepath.Dir(name)
		if count[d] == 0 {
			dirs = append(dirs, d)
		}
		count[d]++
	}
	for _, d := range dirs {
		complain(stderr, "%s: removed %s left in %s by an earlier run", command, plural(count[d], "temporary file"), d)
	}
}
