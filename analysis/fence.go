package analysis

import "fmt"

// partHook, when set (by tests), is told the name of each part of the
// analysis as it starts, so that a test can count how often each runs.
var partHook func(part string)

// guard runs one part of the analysis behind the panic fence: a panic in
// a domain package becomes a note in Failed instead of ending the program.
func (r *Result) guard(part string, f func()) {
	if partHook != nil {
		partHook(part)
	}
	var note string
	Guard(&note, part, f)
	if note != "" {
		r.mu.Lock()
		if r.failed != "" {
			r.failed += "; "
		}
		r.failed += note
		r.mu.Unlock()
	}
}

// Guard runs f and turns a panic in it into a note appended to failed
// ("working out the layers failed: ..."), for work on domain values that
// a front end does outside Run (the workbench resolving a layer choice).
func Guard(failed *string, what string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			if *failed != "" {
				*failed += "; "
			}
			*failed += fmt.Sprintf("working out the %s failed: %v", what, p)
		}
	}()
	f()
}
