package model

import "sync/atomic"

// tracer, when set, is told the code of every finding as it is made.
var tracer atomic.Pointer[func(Code)]

// TraceCodes has f told the code of every finding made from now on (by At,
// Errorf, Warnf, a Reporter, the parser, the decoders and InCategory) until
// the returned stop is called. It is for tests: the code registry's test
// learns from it which codes the test suites report. f is called from
// whichever goroutine makes the finding, so it must be safe for concurrent
// use. Without a tracer the cost is one atomic load per finding.
func TraceCodes(f func(Code)) (stop func()) {
	tracer.Store(&f)
	return func() { tracer.CompareAndSwap(&f, nil) }
}

// trace tells the tracer, if any, of a finding's code.
func trace(c Code) {
	if f := tracer.Load(); f != nil {
		(*f)(c)
	}
}
