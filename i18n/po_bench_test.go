package i18n

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// continuationPO is a PO file of about size bytes: a header, then one
// message whose msgstr is continuation lines of 39 bytes each, as a long
// text wrapped by a translation tool is.
func continuationPO(size int) []byte {
	var b strings.Builder
	b.WriteString("msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"long\"\nmsgstr \"\"\n")
	for b.Len() < size {
		b.WriteString("\"a wrapped line of text, thirty-six \"\n")
	}
	return []byte(b.String())
}

// Reading a string of many continuation lines allocates in proportion to
// its length: each line is not copied again with all the ones before it.
// (Once it was: 100,000 lines, 3.9 MB, took 48 s.)
func TestReadPOContinuationLinear(t *testing.T) {
	data := continuationPO(256 << 10)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	po, ds := ReadPO("long.po", data)
	runtime.ReadMemStats(&after)
	if len(ds) > 0 || len(po.Entries) != 1 || len(po.Entries[0].Translation()) < 200<<10 {
		t.Fatalf("%v %d entries", ds, len(po.Entries))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32*uint64(len(data)) {
		t.Errorf("reading %d bytes allocated %d bytes, over 32 times as many", len(data), alloc)
	}
}

// BenchmarkReadPOContinuation reads a msgstr of continuation lines of 1 MB
// and of 10 MB, and reports the time per MB of each: the same figure at
// both sizes when reading is linear, ten times as much at 10 MB when it is
// quadratic.
func BenchmarkReadPOContinuation(b *testing.B) {
	for _, mb := range []int{1, 10} {
		data := continuationPO(mb << 20)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if po, ds := ReadPO("long.po", data); len(ds) > 0 || len(po.Entries) != 1 {
					b.Fatal(ds)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(float64(len(data))/(1<<20)), "ns/MB")
		})
	}
}
