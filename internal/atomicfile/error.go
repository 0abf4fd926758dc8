package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"rulebench/model"
)

// The reasons a write is refused before anything is written. An *Error
// wraps one of them, so that errors.Is tells which.
var (
	// ErrExists: a new file's name is taken (by a file, a folder or a link).
	ErrExists = errors.New("already exists")
	// ErrInput: a new file's name is one of the files read (Options.Inputs).
	ErrInput = errors.New("is an input")
	// ErrLink: the file, or a folder on its way inside the folder being
	// written, is a symbolic link. It is never written through.
	ErrLink = errors.New("is a symbolic link")
	// ErrOutside: the name leads outside the folder being written, by
	// its own path or by a symbolic link on its way.
	ErrOutside = errors.New("is outside the folder being written")
	// ErrNotRegular: a file to be replaced is not a regular file.
	ErrNotRegular = errors.New("is not a regular file")
	// ErrNotFolder: something on a file's way is not a folder.
	ErrNotFolder = errors.New("is not a folder")
	// ErrReadOnly: a file to be replaced may not be written (its mode has
	// no write permission, such as 0444, or the system says so).
	ErrReadOnly = errors.New("is read-only")
	// ErrChanged: a file to be replaced no longer holds the bytes the
	// caller read, or a file read is gone.
	ErrChanged = errors.New("changed since it was read")
	// ErrBusy: another run holds the folder's lock longer than
	// Options.Wait.
	ErrBusy = errors.New("another run is writing there")
	// ErrTwice: two changes name the same file.
	ErrTwice = errors.New("is named twice")
)

// The steps of a write an *Error can come from, in their order.
const (
	StepCheck = "check" // looking at the names before anything is written
	StepLock  = "lock"  // taking the folder's lock
	StepStage = "stage" // writing a temporary file (or making a folder)
	StepPlace = "place" // moving a temporary file to its name
)

// Error is why a write was refused or failed. Its sentence names the file
// (or folder) as the caller named it, with control characters made visible
// (model.Visible).
type Error struct {
	// Step is where the write stopped: StepCheck, StepLock, StepStage or
	// StepPlace.
	Step string
	// Name is the file or folder the sentence is about.
	Name string
	// Dir is the folder being written, as the caller named it.
	Dir string
	// Err is one of the Err* reasons above, or the system's error.
	Err error
	// Undone are the files this write had already written and took back
	// (removed, or put back as they were) after the failure.
	Undone []Undone
	// Kept are the files it had written and could not take back, each
	// with the reason.
	Kept []error
}

// Undone is one file a failed write took back.
type Undone struct {
	Name string
	// Replaced tells that the file existed and was put back as it was;
	// otherwise it was new and was removed.
	Replaced bool
}

// Unwrap gives the reason.
func (e *Error) Unwrap() error { return e.Err }

// Error is the sentence: what is wrong with which file, and, after a
// failure that wrote something, what was taken back.
func (e *Error) Error() string {
	s := e.Reason()
	switch {
	case len(e.Kept) > 0:
		var kept []string
		for _, k := range e.Kept {
			kept = append(kept, k.Error())
		}
		s += "; " + strings.Join(kept, "; ")
	case len(e.Undone) > 0:
		s += "; " + e.UndoneSentence() + ", so nothing was written"
	case e.Step == StepStage || e.Step == StepPlace:
		s += "; removed the temporary files this run had made, so nothing was written"
	}
	return s
}

// Reason is the sentence without what was taken back.
func (e *Error) Reason() string {
	name, dir := model.Visible(e.Name), model.Visible(e.Dir)
	switch {
	case errors.Is(e.Err, ErrExists) && errors.Is(e.Err, ErrLink):
		return name + " already exists as a symbolic link; refusing to write over it or through it"
	case errors.Is(e.Err, ErrExists):
		return name + " already exists; refusing to overwrite it"
	case errors.Is(e.Err, ErrInput):
		return name + " is an input; refusing to write over it"
	case errors.Is(e.Err, ErrLink) && errors.Is(e.Err, ErrOutside):
		return name + " is a symbolic link to a place outside " + dir + "; rulebench writes only inside " + dir + " and never through a link, so it wrote nothing"
	case errors.Is(e.Err, ErrLink):
		return name + " is a symbolic link; refusing to write through it"
	case errors.Is(e.Err, ErrOutside):
		return name + " is outside " + dir + ", the folder being written; refusing to write it"
	case errors.Is(e.Err, ErrNotRegular):
		return name + " is not a regular file; refusing to replace it"
	case errors.Is(e.Err, ErrNotFolder):
		return name + " is not a folder; cannot write in it"
	case errors.Is(e.Err, ErrReadOnly):
		return name + " is read-only; refusing to replace it"
	case errors.Is(e.Err, ErrChanged):
		return name + " changed since it was read; run again"
	case errors.Is(e.Err, ErrBusy):
		return "another rulebench run is writing in " + dir + " (it holds " + name + "); try again once it is done"
	case errors.Is(e.Err, ErrTwice):
		return name + " is named twice in one write"
	case e.Step == StepLock:
		return "cannot write in " + dir + ": cannot make the lock file " + name + ": " + cause(e.Err)
	}
	return "cannot write " + name + ": " + cause(e.Err)
}

// UndoneSentence says what was taken back: "removed the 2 files this run
// had written", "put back the 1 file this run had replaced", or both.
func (e *Error) UndoneSentence() string {
	removed, restored := 0, 0
	for _, u := range e.Undone {
		if u.Replaced {
			restored++
		} else {
			removed++
		}
	}
	var parts []string
	if removed > 0 {
		parts = append(parts, fmt.Sprintf("removed the %s this run had written", count(removed, "file")))
	}
	if restored > 0 {
		parts = append(parts, fmt.Sprintf("put back the %s this run had replaced", count(restored, "file")))
	}
	return strings.Join(parts, " and ")
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// cause is the system's reason without the operation and path that
// *fs.PathError and *os.LinkError add (the sentence names the file).
func cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return model.Visible(err.Error())
}
