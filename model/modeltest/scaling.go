package modeltest

import (
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"syscall"
	"testing"
	"time"
)

// MB is a megabyte (MiB), the unit of the scaling benchmarks' sizes.
const MB = 1 << 20

// Scale is one input of a scaling benchmark: its size, in the benchmark's
// unit, and the work it measures.
type Scale struct {
	Size float64
	Run  func()
}

// Scaling runs small and large in turn, round by round, and reports the
// CPU time of each (user and system, with a collection of the garbage each
// run leaves) per unit of input, as ms/<unit>@<size>, and the exponent
// log(large time / small time) / log(large size / small size): 1 when the
// time grows as the input does, 2 when it grows with its square. CPU time
// is read rather than wall time so that a busy machine disturbs it less.
func Scaling(b *testing.B, unit string, small, large Scale) {
	b.Helper()
	var ts, tl time.Duration
	n := 0
	for b.Loop() {
		ts += cpuRun(small.Run)
		tl += cpuRun(large.Run)
		n++
	}
	per := func(t time.Duration, size float64) float64 { return float64(t) / float64(n) / 1e6 / size }
	b.ReportMetric(per(ts, small.Size), fmt.Sprintf("ms/%s@%.3g", unit, small.Size))
	b.ReportMetric(per(tl, large.Size), fmt.Sprintf("ms/%s@%.3g", unit, large.Size))
	b.ReportMetric(math.Log(float64(tl)/float64(ts))/math.Log(large.Size/small.Size), "exponent")
}

// cpuRun is the CPU time the process spends on run and on collecting the
// garbage it leaves.
func cpuRun(run func()) time.Duration {
	start := cpuTime()
	run()
	runtime.GC()
	return cpuTime() - start
}

// CPUTime is the user and system time the process has used, for
// benchmarks that report CPU time beside wall time (which a busy machine
// stretches).
func CPUTime() time.Duration { return cpuTime() }

// cpuTime is the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PeakMemory runs run and returns the most memory the process held from
// the system meanwhile (all the runtime's memory but what it has given
// back), sampled every millisecond: what the peak resident size comes to,
// less the program's code.
func PeakMemory(run func()) uint64 {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	held := func() uint64 {
		metrics.Read(samples)
		return samples[0].Value.Uint64() - samples[1].Value.Uint64()
	}
	peak := held()
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				peak = max(peak, held())
			}
		}
	}()
	run()
	close(done)
	<-stopped
	return max(peak, held())
}
